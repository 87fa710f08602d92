"""The showdown: hands under each game's evaluator, high-low splits, odd chips by each filed rule, Razz,
Lowball with the joker, Mexican Stud's face-down joker, and the data files' poker sections."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import ALL_CARDS, STANDARD_CARDS, parse_cards
from rules.errors import HandError
from rules.gamefile import GameFileError
from rules.poker import SeatHand, award_pot, high_hand, low_hand, parse_poker
from terminal.games import load_games


def variant(gid):
    return parse_poker(load_games()[gid].data["poker"])


def hand(seat, cards, wild=False):
    return SeatHand(seat, parse_cards(cards), wild)


def test_every_poker_game_file_parses():
    games = [g for g in load_games().values() if g.data.get("engine") == "poker"]
    assert len(games) >= 25
    for g in games:
        v = parse_poker(g.data["poker"])
        assert v.game.value in ("board", "stud", "draw")


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"hole_cards": 2}, "poker.game"),
        ({"game": "flop"}, "poker.game"),
        ({"game": "board", "lo": "any"}, "poker.lo"),
        ({"game": "board", "odd_chip": {"between_tied": "dealer"}}, "poker.odd_chip.between_tied"),
        ({"game": "board", "betting": {"max_raises": -1}}, "poker.betting.max_raises"),
        ({"game": "board", "suit_order": ["clubs", "hearts"]}, "poker.suit_order"),
        ({"game": "stud", "bring_in": {"card": "middle"}}, "poker.bring_in.card"),
        ({"game": "draw", "high_hand": False}, "poker.low"),
        ({"game": "board", "blinds": [{"cents": -5}]}, "poker.blinds[0].cents"),
    ],
)
def test_bad_poker_data_names_the_field(data, field):
    """The family's schema (the one validator of its game files) refuses each, naming the field."""
    with pytest.raises(GameFileError) as exc:
        parse_poker(data)
    assert exc.value.where == field


# --- Hold'em and Omaha ---------------------------------------------------------------------------


def test_holdem_plays_the_board_and_ties_split_odd_chip_left_of_the_button():
    v = variant("holdem/tres-lounge")
    board = parse_cards("Ah Kh Qh Jh Th")
    a = award_pot(v, 700, [hand(2, "2c 3d"), hand(5, "4c 5d"), hand(8, "6c 7d")], board, button=4)
    assert a.high_winners == (2, 5, 8)
    # 7 chips of $1 for three: two each, the odd chip to seat 5, the first left of the button (seat 4)
    assert (a.share(5), a.share(8), a.share(2)) == (300, 200, 200)
    assert a.odd_chips == ((5, 100, "tied high"),)


def test_omaha_must_use_exactly_two_hole_cards():
    v = variant("omaha/tres-lounge")
    # four hearts in the hand and one on the board is no flush in Omaha
    h = high_hand(v, hand(1, "Ah Kh Qh Jh"), parse_cards("2h 7c 8d 9s 3c"))
    assert h.category == "High Card"
    holdem = variant("holdem/tres-lounge")
    assert high_hand(holdem, hand(1, "Ah Kh"), parse_cards("Qh Jh 2h 7c 8d")).category == "Flush"


def test_hilo_no_qualifying_low_high_scoops():
    v = variant("omaha/hilo-oaks")
    board = parse_cards("Kd Qc 9h 8s 2c")
    a = award_pot(v, 1000, [hand(1, "Ah Ad 3c 4d"), hand(2, "Ks Kc 5d 6h")], board, button=2)
    assert a.low_winners == ()
    assert a.share(2) == 1000


def test_hilo_split_odd_chip_to_the_high_half():
    v = variant("omaha/hilo-oaks")
    board = parse_cards("7d 5c 4h Kc Ks")
    a = award_pot(v, 900, [hand(1, "Ac 2d Qs Js"), hand(2, "Kh Kd 9c 9h")], board, button=1)
    assert a.high_winners == (2,) and a.low_winners == (1,)
    assert (a.share(2), a.share(1)) == (500, 400)


def test_hilo_one_player_scoops_both_halves():
    v = variant("holdem/hilo-tres-lounge")
    board = parse_cards("3h 4h 5h Kc Qd")
    a = award_pot(v, 800, [hand(1, "Ah 2h"), hand(2, "Kd Ks")], board, button=2)
    assert a.high_winners == (1,) and a.low_winners == (1,)
    assert a.share(1) == 800


def test_the101_stud_hilo_ties_go_to_the_hand_closest_to_seat_one():
    v = variant("stud/hilo-the101")
    # two identical highs (the board-like ranks), no low: the whole pot split, the odd chip to seat 3 (closest to seat one)
    a = award_pot(v, 500, [hand(6, "Ac Ad Kc Kd Qc 9h 9s"), hand(3, "Ah As Kh Ks Qd 9d 9c")], button=None)
    assert a.high_winners == (6, 3)
    assert (a.share(3), a.share(6)) == (300, 200)


def test_oaks_stud_tie_odd_chip_to_the_highest_card_by_suit():
    v = variant("stud/oaks")
    a = award_pot(v, 300, [hand(2, "Ac Kc Qc Jc 9d 3h 2s"), hand(7, "As Ks Qs Jd 9c 3c 2c")], button=None)
    assert a.high_winners == (2, 7)
    # seat 7's ace of spades is the highest card: the odd chip goes there
    assert (a.share(7), a.share(2)) == (200, 100)


def test_razz_lowest_hand_wins_and_tie_odd_chip_to_the_lowest_card_by_suit():
    v = variant("stud/razz-oaks")
    a = award_pot(
        v,
        300,
        [hand(1, "Ah 2h 3h 4h 6h Kc Kd"), hand(2, "As 2s 3s 4s 6s Qc Qd"), hand(3, "Ac 2c 3c 4c 7c 7d 7h")],
    )
    assert a.low_winners == (1, 2)
    # equal 6-4 lows: the lowest card is an ace; hearts is below spades
    assert (a.share(1), a.share(2), a.share(3)) == (200, 100, 0)


def test_lowball_joker_is_the_lowest_missing_card():
    v = variant("draw/lowball-joker-marysville")
    jk = low_hand(v, hand(1, "Jk 2c 3d 4h 6s"))
    a246 = low_hand(v, hand(2, "Ac 2d 3h 4s 6c"))
    assert jk is not None and a246 is not None
    assert jk.value == a246.value  # Jk-2-3-4-6 plays as A-2-3-4-6
    wheel = low_hand(v, hand(3, "Jk As 2d 3h 4s"))
    assert wheel is not None and wheel.category.startswith("5-4")
    a = award_pot(v, 200, [hand(1, "Jk 2c 3d 4h 6s"), hand(2, "Ac 2d 3h 4s 6c")], button=5)
    # tied: the joker is the lowest card in the deck, so seat 1 takes the odd chip (here an even split)
    assert a.low_winners == (1, 2) and a.share(1) == a.share(2) == 100
    a = award_pot(v, 300, [hand(2, "Ac 2d 3h 4s 6c"), hand(1, "Jk 2c 3d 4h 6s")], button=5)
    assert (a.share(1), a.share(2)) == (200, 100)


def test_lowball_joker_never_pairs():
    v = variant("draw/lowball-joker-oaks")
    h = low_hand(v, hand(1, "Jk Ac 2d 3h 4s"))
    assert h is not None and "Pair" not in h.category


def test_draw_high_joker_is_a_bug_and_five_aces_top_the_royal():
    v = variant("draw/joker-oaks")
    assert high_hand(v, hand(1, "Jk Ac Ad Ah As")).category == "Five Aces"
    # the bug: not wild for a pair of kings
    assert high_hand(v, hand(1, "Jk Kc Kd 7h 2s")).category == "One Pair"


def test_mexican_stud_joker_wild_face_down_and_a_bug_face_up():
    v = variant("stud/mexican-tres-lounge")
    cards = "Jk Kc Kd 7h 2s"
    assert high_hand(v, hand(1, cards, wild=True)).category == "Three of a Kind"
    assert high_hand(v, hand(1, cards, wild=False)).category == "One Pair"
    # the stripped deck: the flush ranks above the full house, and A-K-Q-J-7 is a straight
    assert high_hand(v, hand(1, "Ac Kd Qh Js 7c")).category == "Straight"


def test_omaha_joker_marysville_joker_is_an_ace_for_low_and_no_five_aces():
    v = variant("omaha/hilo-joker-marysville")
    lo = low_hand(v, hand(1, "Jk 2c Kd Kh"), parse_cards("3d 4h 5s Qc Qs"))
    assert lo is not None and lo.category.startswith("5-4")  # Jk as an ace: the wheel
    hi = high_hand(v, hand(1, "Jk Ac Kd Kh"), parse_cards("Ad Ah As 2c 3d"))
    assert hi.category == "Four of a Kind"


def test_a_pot_needs_hands_and_distinct_seats():
    v = variant("holdem/tres-lounge")
    with pytest.raises(HandError):
        award_pot(v, 100, [], parse_cards("2c 3d 4h 5s 7c"))
    with pytest.raises(HandError):
        award_pot(v, 100, [hand(1, "Ac Ad"), hand(1, "Kc Kd")], parse_cards("2c 3d 4h 5s 7c"))


def test_whole_chips_and_conservation():
    v = variant("omaha/hilo-tres-lounge")
    board = parse_cards("2c 3d 8h Kc Ks")
    hands = [hand(1, "Ac 4d Qs Js"), hand(4, "Ah 4c Qd Jd"), hand(7, "Kh Kd 9c 9h")]
    for pot in (100, 300, 700, 1100, 1150):
        a = award_pot(v, pot, hands, board, button=7)
        assert sum(c for _, c in a.shares) == pot
        if pot % 100 == 0:
            assert all(c % 100 == 0 for _, c in a.shares)  # nobody gets part of a $1 chip
    # 700 = 7 chips: high half 4 (seat 7), low half 3 between the tied 8-4 lows: 2 to seat 1 (first left
    # of the button at seat 7), 1 to seat 4
    a = award_pot(v, 700, hands, board, button=7)
    assert (a.share(7), a.share(1), a.share(4)) == (400, 200, 100)


# --- the collection by pot (rules.fees) ---------------------------------------------------------------


def _marysville_omaha_joker_schedule(option=2):
    from rules.fees import RoomFees
    from terminal.paths import config_dir
    from terminal.yamlfile import load_yaml

    fees = RoomFees.from_data(load_yaml(config_dir() / "fees" / "marysville.yaml").data)
    return fees.schedule("omaha-hi-lo-joker", option)


def test_collection_taken_from_the_pot_after_the_flop_then_divided():
    from rules.poker.collect import collect_and_award

    v = variant("omaha/hilo-joker-marysville")
    board = parse_cards("7d 5c 4h Kc Ks")
    hands = [hand(1, "Ac 2d Qs Js"), hand(2, "Kh Kd 9c 9h"), hand(3, "Tc Td 8s 8d")]
    sched = _marysville_omaha_joker_schedule()
    coll, a = collect_and_award(v, sched, 3100, hands, board, button=3, players=3)
    assert coll.pot == 200  # 5 or fewer players: $2 (L2092-2104)
    assert a.collected == 200 and sum(c for _, c in a.shares) == 2900
    assert (a.share(2), a.share(1)) == (1500, 1400)  # 29 chips: 15 to the high half
    coll, a = collect_and_award(v, sched, 3100, hands, board, button=3, players=7)
    assert coll.pot == 400 and sum(c for _, c in a.shares) == 2700
    # no flop, no drop
    coll, a = collect_and_award(v, sched, 3100, hands, board, button=3, players=3, flop_seen=False)
    assert coll.pot == 0 and sum(c for _, c in a.shares) == 3100


def test_a_collection_larger_than_the_pot_is_refused():
    with pytest.raises(HandError):
        award_pot(
            variant("holdem/tres-lounge"),
            100,
            [hand(1, "Ac Ad")],
            parse_cards("2c 3d 4h 5s 7c"),
            collected=200,
        )


# --- properties ---------------------------------------------------------------------------------------

_SHAPES = {
    "holdem/tres-lounge": (2, 5, False),
    "omaha/hilo-tres-lounge": (4, 5, False),
    "omaha/hilo-joker-marysville": (4, 5, True),
    "stud/hilo-the101": (7, 0, False),
    "stud/razz-oaks": (7, 0, False),
    "draw/lowball-joker-oaks": (5, 0, True),
    "draw/joker-oaks": (5, 0, True),
}


@st.composite
def showdowns(draw):
    gid = draw(st.sampled_from(sorted(_SHAPES)))
    hole, board_n, joker = _SHAPES[gid]
    n = draw(st.integers(2, 5))
    deck = list(ALL_CARDS if joker else STANDARD_CARDS)
    cards = draw(st.permutations(deck))[: n * hole + board_n]
    seats = sorted(draw(st.sets(st.integers(1, 10), min_size=n, max_size=n)))
    hands = [SeatHand(s, tuple(cards[i * hole : (i + 1) * hole])) for i, s in enumerate(seats)]
    board = tuple(cards[n * hole :])
    pot = draw(st.integers(0, 100_000))
    button = draw(st.one_of(st.none(), st.integers(1, 10)))
    return gid, hands, board, pot, button


@settings(max_examples=150, deadline=None)
@given(showdowns())
def test_every_cent_of_the_pot_goes_to_a_winner_in_whole_chips(case):
    gid, hands, board, pot, button = case
    v = variant(gid)
    a = award_pot(v, pot, hands, board, button)
    assert sum(c for _, c in a.shares) == pot
    winners = set(a.high_winners) | set(a.low_winners)
    assert winners and {s for s, c in a.shares} <= winners
    assert all(c >= 0 for _, c in a.shares)
    if pot % v.chip_cents == 0:
        assert all(c % v.chip_cents == 0 for _, c in a.shares)
    # with a single winner of everything there are no odd chips
    if len(winners) == 1:
        assert a.shares == ((next(iter(winners)), pot),) if pot else a.shares == ()
