"""Panguingue (Oaks, seed 001 L282-354): melds, conditions, the play's checks and the chips conserved."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations, product
from math import comb, prod

import pytest

from rules.cards import Card, Rank, Suit, parse_cards
from rules.panguingue.analyze import analyze
from rules.panguingue.melds import PanRules, condition_chips, meld_kind
from rules.panguingue.round import FAMILY, to_the_right
from rules.panguingue.schema import Pan
from rules.round import fold
from rules.round.events import (
    Action,
    Button,
    ButtonPress,
    CardRead,
    Decision,
    Discard,
    Meld,
    RoundStart,
    Shuffle,
    Wager,
)
from terminal.config import fee_schedule
from terminal.games import load_games
from terminal.scenario import game_rules

DATA = load_games()["panguingue/oaks"].data
RULES = PanRules.of(Pan.model_validate(DATA["pan"]))


def kind(text: str) -> str | None:
    return meld_kind(parse_cards(text), RULES)


def test_ropes_follow_the_filed_sequence_seven_then_jack():
    assert kind("6h 7h Jh") == "rope"  # 8, 9 and 10 are out of the deck: 7-J are consecutive (L284)
    assert kind("Ah 2h 3h 4h") == "rope"
    assert kind("Qh Kh Ah") is None  # no wrap: A is first in the sequence
    assert kind("6h 7h Jd") is None  # one suit
    assert kind("6h 7h") is None  # at least three (L324)


def test_sets_are_of_different_suits_or_one_suit_and_aces_and_kings_any_suits():
    assert kind("4h 4s 4c") == "set"
    assert kind("Qc Qc Qc") == "set"
    assert kind("5s 5s 5h") is None  # neither all of one suit nor all different
    assert kind("Ad Ad Ac") == "set"  # the non-comoquers (L328-331)
    assert kind("Kd Kd Kc Ks") == "set"
    assert kind("4h 4s 4c 4d 4h") is None


@pytest.mark.parametrize(
    ("cards", "chips"),
    [
        ("3h 3s 3c", 1),  # a valle set not in one suit (L344)
        ("5s 5s 5s", 4),  # valle in one suit: 4 in spades, 2 in another (L346)
        ("7d 7d 7d", 2),
        ("Qs Qs Qs", 2),  # non-valle in one suit: 2 in spades, 1 otherwise (L347)
        ("Qc Qc Qc", 1),
        ("Qc Qd Qh", 0),  # a non-valle set of different suits is no condition
        ("As 2s 3s", 2),  # A-2-3 (L348)
        ("Ah 2h 3h 4h", 1),
        ("Jd Qd Kd", 1),  # K-Q-J (L349)
        ("2d 3d 4d", 0),
    ],
)
def test_condition_chips_as_filed(cards, chips):
    assert condition_chips(parse_cards(cards), RULES) == chips


def test_the_deal_and_the_play_go_to_the_right():
    assert to_the_right([1, 2, 3, 5, 7], 3) == (3, 2, 1, 7, 5)
    assert to_the_right([1, 2, 5], 4) == (2, 1, 5)  # from the next seat to the right


def _dealt(button=2, retire=()):
    g = game_rules(load_games()["panguingue/oaks"], posted=fee_schedule("oaks/pan/1"))
    ev = [
        Shuffle(),
        RoundStart((1, 2, 3), None, button, tuple(Wager(s, 200, "ante") for s in (1, 2, 3))),
    ]
    hands = "5s 5s 5s Ah 2h  6c 6c Qs 4d Jc  Ac Kc 2d 4s 6h  3h Jd Qd Kd 7d  Kh 2s 3d 5h 7c  Jh Qh 3c 5d 7s"
    ev += [CardRead(c) for c in parse_cards(hands)]
    ev += [Decision(s, Action.FOLD) for s in retire]
    ev.append(ButtonPress(Button.CONFIRM))
    return g, ev


def test_a_meld_before_drawing_and_a_play_out_of_turn_are_refused():
    g, ev = _dealt()
    s = fold(g, [*ev, Meld(2, parse_cards("5s 5s 5s"))])
    assert [(a.code.value, a.seat) for a in s.alerts] == [("OUT_OF_ORDER", 2)]
    assert "before drawing" in s.alerts[0].message
    s = fold(g, [*ev, Discard(1, parse_cards("Qs")[0])])  # seat 2, the winner, is first to act
    assert [(a.code.value, a.seat) for a in s.alerts] == [("OUT_OF_ORDER", 1)]
    t = FAMILY.table(s)
    assert t is not None and t.seat == 2 and "Qs" in map(str, t.hands[1])  # the discard was not applied


def test_a_second_draw_in_a_turn_is_against_the_rule():
    g, ev = _dealt()
    s = fold(g, [*ev, CardRead(parse_cards("6c")[0], True), CardRead(parse_cards("4c")[0], True)])
    assert [a.code.value for a in s.alerts] == ["DRAW_AGAINST_RULE"]
    assert s.alerts[0].rule == "oaks-pan-draw-against-the-rule"


def test_a_card_not_in_a_pan_deck_is_foreign():
    g, ev = _dealt()
    s = fold(g, [*ev, CardRead(Card(Rank.NINE, Suit.CLUBS), True)])
    assert "FOREIGN_CARD" in [a.code.value for a in s.alerts]


# --- the property: chips conserved over random hands played by a greedy player -------------------


def _find_meld(hand: list[Card], must: Card | None) -> tuple[Card, ...] | None:
    pool = list(hand)
    for combo in combinations(range(len(pool)), 3):
        cards = tuple(pool[i] for i in combo)
        if must is not None and must not in cards:
            continue
        if meld_kind(cards, RULES) is not None:
            return cards
    return None


def _add_on(melds: list[list[Card]], c: Card) -> int | None:
    for i, m in enumerate(melds, 1):
        if meld_kind([*m, c], RULES) is not None:
            return i
    return None


def _play_hand(rng: random.Random, players: int):
    g = game_rules(load_games()["panguingue/oaks"], posted=fee_schedule("oaks/pan/1"))
    seats = tuple(sorted(rng.sample(range(1, 8), players)))
    shoe = [Card(r, s) for r in RULES.order for s in Suit] * 8
    rng.shuffle(shoe)
    antes = {s: 200 * rng.choice((1, 1, 2)) for s in seats}  # some play double
    retire = [s for s in seats if rng.random() < 0.15][: players - 2]
    ev = [
        Shuffle(),
        RoundStart(seats, None, rng.choice(seats), tuple(Wager(s, c, "ante") for s, c in antes.items())),
    ]
    ev += [CardRead(shoe.pop()) for _ in range(10 * players)]
    ev += [Decision(s, Action.FOLD) for s in retire]
    ev.append(ButtonPress(Button.CONFIRM))
    s = fold(g, ev)
    for _ in range(400):
        t = FAMILY.table(s)
        assert t is not None and not s.alerts, [a.message for a in s.alerts]
        if t.out is not None:
            break
        seat, hand, melds = t.seat, list(t.hands[t.seat]), t.melds[t.seat]
        plays: list = []
        top = t.pile[-1] if t.pile else None
        took = None
        if top is not None and top.from_stock and top.seat == t.preceding:
            took = _find_meld([*hand, top.card], top.card)
        if took is not None:
            plays.append(Meld(seat, took, take=True))
            hand.extend([top.card])
            for c in took:
                hand.remove(c)
            drawn = None
        else:
            drawn = shoe.pop()
            plays.append(CardRead(drawn, True))
            hand.append(drawn)
            m = _find_meld(hand, drawn)
            onto = _add_on(melds, drawn) if m is None else None
            if m is not None:
                plays.append(Meld(seat, m))
                for c in m:
                    hand.remove(c)
                drawn = None
            elif onto is not None:
                plays.append(Meld(seat, (drawn,), onto=onto))
                hand.remove(drawn)
                drawn = None
        while drawn is None and (m := _find_meld(hand, None)) is not None:
            plays.append(Meld(seat, m))
            for c in m:
                hand.remove(c)
        if hand:
            plays.append(Discard(seat, drawn if drawn is not None else rng.choice(hand)))
        s = fold(g, plays, s)
    return s, antes, retire


@pytest.mark.parametrize("seed", range(6))
def test_chips_are_conserved_and_the_winner_is_paid_as_filed(seed):
    rng = random.Random(seed)
    s, antes, retire = _play_hand(rng, rng.randint(2, 7))
    out = s.outcome
    assert out is not None and out.status == "dealt"
    pan = out.settlement.pan
    collected = out.settlement.collection.cents
    net = dict(pan.net)
    assert sum(net.values()) == -collected  # every chip moves between players; the house takes the collection
    for r in retire:
        assert net[r] == -antes[r]  # a retired player forfeits his ante and pays nothing more
    chips = pan.going_out.chips
    assert chips == 2 + sum(ln.chips for ln in pan.going_out.lines[1:])
    t = FAMILY.table(s)
    assert t is not None and t.out == pan.out and t.melded(t.out) == 11


def test_analyze_counts_exactly():
    a = analyze(DATA, 8)
    by = {o.name: o.probability for o in a.outcomes}
    assert len(a.outcomes) == 9 and all(0 < p < 1 for p in by.values())
    # The three spade valle cards (3s 5s 7s), one of them held three or more times among ten cards of 320
    # (8 copies each): by inclusion-exclusion, independently of the polynomial count.
    total = comb(320, 10)

    def held(k: int) -> int:  # k given cards each held three or more times
        return sum(
            prod(comb(8, c) for c in counts) * comb(320 - 8 * k, 10 - sum(counts))
            for counts in product(range(3, 9), repeat=k)
            if sum(counts) <= 10
        )

    union = 3 * held(1) - 3 * held(2) + held(3)
    assert by["valle set in one suit in spades (4 chips)"] == Fraction(union, total)
    # Any one of the four suits' A-2-3: the complement of none, by inclusion-exclusion over suits.
    one_suit = sum(
        prod(comb(8, c) for c in counts) * comb(320 - 24, 10 - sum(counts))
        for counts in product(range(1, 9), repeat=3)
        if sum(counts) <= 10
    )
    assert by["A-2-3 rope in spades (2 chips)"] == Fraction(one_suit, total)
    assert a.decks == 8 and analyze(DATA, 6).decks == 6


def test_a_shoe_outside_six_to_twelve_decks_and_eight_players_are_raised():
    g = game_rules(load_games()["panguingue/oaks"], decks=4)
    s = fold(g, [Shuffle(), RoundStart(tuple(range(1, 9)), None, 1, ())])
    found = [(a.code.value, a.message) for a in s.alerts]
    assert found == [
        ("DECK_COUNT_MISMATCH", "4 decks in the shoe: Pan is played with 6 to 12 (L283)"),
        ("WRONG_CARD_COUNT", "8 players: Pan is played by 2 to 7 (L285)"),
    ]
    g = game_rules(load_games()["panguingue/oaks"], decks=12)
    assert not fold(g, [Shuffle(), RoundStart((1, 2), None, 1, ())]).alerts
