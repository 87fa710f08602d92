"""Chinese Poker (The 101, seed 000 L3042-3226) and 13 Card Poker (Oaks, seed 001 L729-752): the three hands,
the foul, the point systems and bonuses as filed, Clean Sweeps, Fantasy Land, the settlement order and table
stakes, the setter's advice, and the hand checks through the round engine."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import ALL_CARDS, parse_cards
from rules.chinese import SetHand, compare, foul_reason, parse_chinese, propose, score_hand, settle
from rules.chinese.naturals import naturals_of
from rules.chinese.report import ChineseReport
from rules.round import fold
from rules.round.events import CardRead, HandSet, RoundStart, Shuffle, Wager
from tests.round_helpers import filed, load_games

V101 = parse_chinese(load_games()["chinese/the101"].data["chinese"])
OAKS = parse_chinese(load_games()["chinese/13-card-oaks"].data["chinese"])


def hand(front, middle, back):
    return SetHand(parse_cards(front), parse_cards(middle), parse_cards(back))


def scored(seat, h, v=V101):
    return score_hand(seat, h, None, v)


# --- the three hands and the foul ---------------------------------------------------------------------


def test_a_front_pair_is_lower_than_the_same_pair_with_more_kickers():
    ok = hand("Qh Qd Kc", "Qs Qc Ad 5c 4d", "2h 2d 2s 2c 3h")
    assert foul_reason(ok) is None
    bad = hand("Qh Qd Ac", "Qs Qc Kd 5c 4d", "2h 2d 2s 2c 3h")
    assert "front (One Pair) outranks the middle (One Pair)" in foul_reason(bad)


def test_straights_and_flushes_do_not_count_in_the_front():
    # a three-card straight flush in front is only a high card (seed 000 L3085)
    h = hand("Jh Qh Kh", "2c 2d 5s 7h 9c", "3c 3d 3s 8h 8c")
    assert foul_reason(h) is None


def test_middle_over_back_and_a_short_hand_are_foul():
    assert "middle (Flush) outranks the back (Straight)" in foul_reason(
        hand("2c 3d 4h", "2h 7h 9h Jh Kh", "5c 6d 7s 8c 9d")
    )
    assert "not 3-5-5" in foul_reason(
        SetHand(parse_cards("2c 3d 4h 5s"), parse_cards("6h 7h 9h Jh"), parse_cards("5c 6d 7s 8c 9d"))
    )


# --- points, bonus, foul (The 101) ------------------------------------------------------------------


def test_the_filed_example_two_segments_and_quads_in_the_back():
    # "wins two out of three segments and has four of kind in the back ... twelve points" (L3183): 2 + 10
    # won; the segment lost pays one back, 11 net
    a = scored(1, hand("2c 3d 5h", "Ah Ad Kc Qd Js", "9s 9h 9d 9c 4c"))
    b = scored(2, hand("6s 7d 8h", "Kh Kd 2s 3s 4d", "Jh Jc Jd 2h 4h"))
    c = compare(a, b, None, V101)
    assert c.words == "segments 2-1, bonus 10-0" and c.points == 11


def test_bonus_is_paid_on_a_lost_segment_and_by_each_opponent():
    # a pair of sixes in front (1) loses to a pair of sevens in front (2): each still collects his bonus
    a = scored(1, hand("6c 6d 2h", "Ah Ad Kc Qd Js", "9s 9h 9d 5c 4c"))
    b = scored(2, hand("7s 7d 3h", "Kh Kd 2s 3s 4d", "Tc Td Ts 2c 8h"))
    assert a.bonus == {"front": 1} and b.bonus == {"front": 2}
    c = compare(a, b, None, V101)
    assert c.words == "segments 1-2, bonus 1-2" and c.points == (1 - 2) + (1 - 2)


def test_a_foul_pays_nine_and_the_opponents_bonus_and_collects_none():
    foul = scored(1, hand("Ah Ad Ac", "2c 3d 5h 7s 9c", "Kh Kd 4s 6s 8d"))
    assert foul.foul is not None and foul.bonus == {}
    good = scored(2, hand("6c 6d 2h", "Qh Qd Kc 3d Js", "Ts Th Td Tc 4c"))
    c = compare(foul, good, None, V101)
    assert c.points == -(9 + 1 + 10)  # nine, and the pair of sixes and quads bonuses
    both = compare(foul, scored(3, hand("Kc Ks Qc", "2d 3c 4c 5c 7d", "8c 9h Jc Jh 3h")), None, V101)
    assert both.points == 0


def test_the_button_holder_wins_every_tie():
    a = scored(4, hand("2c 3d 5h", "Ah Kd Qc 8d 7s", "9s 9h 9d 5c 4c"))
    b = scored(1, hand("2d 3c 5s", "As Kc Qd 8c 7h", "Ts Th Tc 2s 3s"))
    assert compare(a, b, 4, V101).points == 2 - 1  # front and middle tie: both to the holder (seat 4)
    assert compare(a, b, None, V101).points == -1  # without him the ties push


def test_13_card_poker_one_point_a_hand_ties_push_and_the_foul_setting():
    a = scored(1, hand("2c 3d 5h", "Ah Kd Qc 8d 7s", "9s 9h 9d 5c 4c"), OAKS)
    b = scored(2, hand("2d 3c 5s", "As Kc Qd 8c 7h", "Ts Th Tc 2s 3s"), OAKS)
    assert compare(a, b, 2, OAKS).points == -1 and a.bonus == {}
    foul = scored(3, hand("Ah Ad Ac", "2c 3d 5h 7s 9c", "Kh Kd 4s 6s 8d"), OAKS)
    assert compare(a, foul, None, OAKS).points == 3  # per_segment 1 (choice: the amount is lost)


# --- Clean Sweeps -----------------------------------------------------------------------------------


def test_clean_sweeps_are_read_from_the_thirteen_cards():
    names = V101.natural_names
    assert naturals_of(parse_cards("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh"), names)[:2] == (
        "Super Dragon",
        "Dragon",
    )
    assert naturals_of(parse_cards("As 2h 3h 4d 5h 6c 7h 8h 9s Th Jh Qc Kh"), names) == (
        "Dragon",
        "Three Straights",
    )
    six = parse_cards("2c 2d 3c 3d 4c 4d 4h 4s 9c 9d Kc Kd Ah")  # quads count as two pairs
    assert naturals_of(six, names) == ("6 Pairs",)
    assert naturals_of(parse_cards("Ac 2d 3h 5c 6d 7c 8s 9h Tc Jd Qh Kh 4s"), names)[0] == "Dragon"
    straights = parse_cards("Qc Kd Ah 2c 3d 4h 5s 6c 7d 8h 9s Tc 6h")  # Q-K-A, 2-6, 6-T
    assert naturals_of(straights, names) == ("Three Straights",)
    flushes = parse_cards("2c 5c 9c 3d 6d 8d Td Qd 4h 7h 9h Jh Ah")
    assert naturals_of(flushes, names) == ("Three Flushes",)
    assert naturals_of(parse_cards("2c 5c 9c 3d 6d 8d Td Qd 4h 7h 9h Jh As"), names) == ()


def test_clean_sweeps_are_paid_first_and_the_higher_collects_its_value():
    dragon = scored(2, hand("Ac 2d 3h", "4s 5c 6d 7c 8s", "9h Tc Jd Qh Kh"))
    flushes = scored(3, hand("2c 5c 9c", "3d 6d 8d Td Qd", "4h 7h 9h Jh Ah"))
    plain = scored(1, hand("2s 3s 4c", "5h 6h 6s 7s 8c", "9s Ts Js Qs As"))
    assert dragon.natural == "Dragon" and flushes.natural == "Three Flushes"
    s = settle([plain, dragon, flushes], 1, V101)
    assert [c.stage for c in s.comparisons] == ["clean sweep"] * 3
    # plain pays 13 and 3; Dragon over Three Flushes collects 13, the 3 is not subtracted (L3206)
    assert s.points == {1: -16, 2: 26, 3: -10}


def test_clean_sweeps_of_the_same_value_push():
    # 6 Pairs and Three Flushes are both worth 3: "Clean sweep hands with the same value are pushed" (L3204)
    pairs = scored(1, hand("2c 2d 3c", "3d 4c 4d 5c 5d", "9c 9d Kc Kd Ah"))
    flushes = scored(2, hand("2h 5h 9h", "3s 6s 8s Ts Qs", "4h 7h Th Jh Qh"))
    assert pairs.natural == "6 Pairs" and flushes.natural == "Three Flushes"
    assert compare(pairs, flushes, None, V101).points == 0


def test_parkwest_scoop_and_foul():
    pw = parse_chinese(load_games()["chinese/face-up-pineapple-parkwest"].data["chinese"])
    a = scored(1, hand("Qc Qd 2h", "Ah Ad Kh 3s Js", "Ts Th Td Tc 4c"), pw)
    b = scored(2, hand("2c 3d 5h", "6h 7d 8c Jd Qs", "9s 9h 4d 5c Kc"), pw)
    assert compare(a, b, None, pw).points == 3 + 3 + 17  # three segments, the Scoop Bonus, 7 + 10 bonus
    trips = scored(3, hand("2s 3c 4h", "7c 7s 7h Ks 2d", "Jh Jc Jd 8h 8d"), pw)
    assert trips.bonus == {"middle": 2, "back": 6}  # Parkwest pays trips in the middle; The 101 does not
    assert scored(3, trips.hand).bonus == {"back": 6}
    foul = scored(4, hand("Ah As Ac", "2c 3d 5h 7s 9c", "Kh Kd 4s 6s 8d"), pw)
    assert compare(b, foul, None, pw).points == 3 + 3  # one a segment and the Scoop Bonus


def test_parkwest_filed_example_two_segments_and_quads_in_the_back():
    # Parkwest's own example (seed 000 L3752): two segments and four of a kind in the back win 2 + 10
    pw = parse_chinese(load_games()["chinese/face-up-pineapple-parkwest"].data["chinese"])
    a = scored(1, hand("2c 3d 5h", "Ah Ad Kc Qd Js", "9s 9h 9d 9c 4c"), pw)
    b = scored(2, hand("6s 7d 8h", "Kh Kd 2s 3s 4d", "Jh Jc Jd 2h 4h"), pw)
    c = compare(a, b, None, pw)
    assert c.words == "segments 2-1, bonus 10-0" and c.points == 11  # the segment lost pays one back


# --- the settlement order and table stakes ----------------------------------------------------------


def test_settlement_order_from_the_button_holder_and_from_the_left_of_the_button():
    hs = [scored(s, hand("2c 3d 5h", "Ah Kd Qc 8d 7s", "9s 9h 9d 5c 4c")) for s in (2, 4, 5, 7)]
    s = settle(hs, 5, V101)
    assert s.order == (5, 7, 2, 4)
    assert [(c.first, c.second) for c in s.comparisons] == [(5, 7), (5, 2), (5, 4), (7, 2), (7, 4), (2, 4)]
    assert settle(hs, 5, OAKS).order == (7, 2, 4, 5)


def test_table_stakes_cap_a_loser_in_the_filed_order():
    loser = scored(3, hand("2c 3d 5h", "6h 7d 8c Td Qs", "9s 9h 4d 5c Kc"))
    w1 = scored(1, hand("6c 6d 2h", "Ah Ad Kc 3s Js", "Ts Th Td Tc 4c"))
    w2 = scored(2, hand("7c 7d 3h", "Ks Kd Qc 2s 4s", "Jh Jc Js 8h 8d"))
    s = settle([loser, w1, w2], 1, V101, stakes={1: 100000, 2: 100000, 3: 5000})
    # seat 1 (button) is paid first: 3 + 1 + 10 = 14 points = $70, but seat 3 has $50
    assert s.cents[3] == -5000 and s.cents[1] + s.cents[2] == 5000
    assert s.short and "seat 3 owed seat 1" in s.short[0]
    assert sum(s.cents.values()) == 0


def test_fantasy_land_enters_on_queens_and_stays_on_the_filed_hands():
    qq = scored(1, hand("Qc Qd 2h", "Ah Ad Kc 3s Js", "Ts Th Td Tc 4c"))
    assert settle([qq, scored(2, hand("2c 3d 5h", "6h 7d 8c Td Qs", "9s 9h 4d 5c Kc"))], 1, V101).fantasy == {
        1: "enters and stays"
    }
    jj = scored(1, hand("Jc Jd 2h", "Ah Ad Kc 3s Js", "9s 9h 9d 9c 4c"))
    other = scored(2, hand("2c 3d 5h", "6h 7d 8c Td Qs", "Ts Th 4d 5c Kc"))
    assert settle([jj, other], 1, V101).fantasy == {1: "stays"}


# --- property tests: every scoring system is zero-sum, a foul never wins a point ------------------------


def _random_hand(rng: random.Random, cards):
    """A random setting; about half the time the middle and back are swapped where that mends a foul."""
    cards = list(cards)
    rng.shuffle(cards)
    h = SetHand(tuple(cards[:3]), tuple(cards[3:8]), tuple(cards[8:]))
    if foul_reason(h) and rng.random() < 0.5:
        swapped = SetHand(h.front, h.back, h.middle)
        return swapped if foul_reason(swapped) is None else h
    return h


@pytest.mark.parametrize(
    "game", ["chinese/the101", "chinese/13-card-oaks", "chinese/face-up-pineapple-parkwest"]
)
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), button=st.integers(1, 4))
def test_points_are_zero_sum_and_a_foul_never_wins_a_point(game, seed, players, button):
    v = parse_chinese(load_games()[game].data["chinese"])
    rng = random.Random(seed)
    deck = list(ALL_CARDS[:52])
    rng.shuffle(deck)
    hands = []
    for i in range(players):
        cards = deck[13 * i : 13 * (i + 1)]
        h = _random_hand(rng, cards)
        hands.append(score_hand(i + 1, h, cards, v))
    stakes = {h.seat: rng.randrange(0, 20000) for h in hands} if rng.random() < 0.5 else None
    s = settle(hands, button if button <= players else None, v, stakes)
    assert sum(s.points.values()) == 0 and sum(s.cents.values()) == 0
    for c in s.comparisons:
        a = next(h for h in hands if h.seat == c.first)
        b = next(h for h in hands if h.seat == c.second)
        if a.foul:
            assert c.points <= 0
        if b.foul:
            assert c.points >= 0
    if stakes is not None:
        assert all(-s.cents[x] <= stakes[x] for x in stakes)


# --- the setter's advice --------------------------------------------------------------------------


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_proposed_setting_is_legal_and_from_the_cards(seed):
    rng = random.Random(seed)
    cards = rng.sample(list(ALL_CARDS[:52]), 13)
    p = propose(cards, V101)
    assert foul_reason(p.hand, cards) is None and sorted(c.index for c in p.hand.cards) == sorted(
        c.index for c in cards
    )
    assert p.bonus == scored(1, p.hand).bonus_total


def test_the_setter_takes_the_bonus_a_legal_setting_allows():
    p = propose(parse_cards("Ah Ad Ac As Kh Kd Kc 2s 3s 4h 7d 9c Jh"), V101)
    # quads aces in the back (10) is the most: trips kings in front (21) needs trips aces or better behind it
    # in the middle and the back; a full house (6 in the back) leaves no pair for the front
    assert foul_reason(p.hand) is None and p.bonus == 10
    assert {"Ac", "Ad", "Ah", "As"} <= set(map(str, p.hand.back))


# --- through the round engine -----------------------------------------------------------------------

DECK = parse_cards(
    "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h "
    "Ad Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 3d 2d Ac Kc Qc Jc Tc 9c 8c 7c 6c 5c 4c 3c 2c"
)


def the101_dealt(seats=(1, 2, 3, 4), button=4):
    ev = [Shuffle(), RoundStart(seats, None, button, tuple(Wager(s, 30000) for s in seats))]
    n = len(seats)
    ev += [CardRead(c, True) for c in DECK[: 5 * n]]
    ev += [CardRead(c, False) for c in DECK[5 * n : 13 * n]]
    return fold(filed("chinese/the101"), ev)


def test_a_card_moved_after_it_was_set_face_up_calls_the_floor():
    s = the101_dealt()
    # seat 1 got As Ts 6s 2s Jh face up first
    s = fold(s.game, [HandSet(1, parse_cards("2s"), parse_cards("Jh"), parse_cards("As Ts 6s"))], s)
    assert not s.alerts
    s = fold(s.game, [HandSet(1, parse_cards("2s 7h"), parse_cards("As"), parse_cards("Jh Ts 6s"))], s)
    a = s.alerts[-1]
    assert a.code.value == "CARD_MOVED" and a.ruling.value == "CALL_FLOOR"


def test_four_cards_in_the_top_and_a_card_not_dealt_are_foul():
    s = the101_dealt()
    s = fold(s.game, [HandSet(1, parse_cards("2s 6s Ts As"), (), parse_cards("Jh"))], s)
    assert s.alerts[-1].code.value == "FOUL_HAND" and "4 cards in the front" in s.alerts[-1].message
    assert s.alerts[-1].ruling.value == "FOUL" and s.alerts[-1].rule == "the101-chinese-foul"
    s = fold(s.game, [HandSet(2, parse_cards("Ks"), (), parse_cards("As"))], s)
    assert "a card not dealt to it" in s.alerts[-1].message


def test_the_round_settles_once_every_hand_is_set():
    s = the101_dealt()
    assert s.outcome.settlement == ChineseReport(
        chinese=None, why="enter the hand as set (hand_set) for seat 1, 2, 3, 4"
    )
    fam = __import__("rules.chinese.round", fromlist=["FAMILY"]).FAMILY
    for seat in (1, 2, 3, 4):
        p = fam.proposal(s, seat)
        s = fold(s.game, [HandSet(seat, p.front, p.back, p.middle)], s)
    out = s.outcome.settlement.chinese
    assert out.order == (4, 1, 2, 3)
    # every hand is ace to king: four Dragons, all tied (L3206)
    assert {h.clean_sweep for h in out.hands.values()} == {"Dragon"}
    assert out.points == {4: 0, 1: 0, 2: 0, 3: 0}
