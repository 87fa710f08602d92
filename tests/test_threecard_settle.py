"""Settlement of the Three Card Poker family: every pay-table row, qualification edges, fold rules, the
rooms' non-qualifying rules, 3 Card Texas Hold'em's unequal bets and the player-dealer's arrangement."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import parse_cards
from rules.errors import HandError
from rules.threecard import (
    PlayerHand,
    ThreeCardDataError,
    Variant,
    arrange_player_dealer,
    from_data,
    qualifies,
    settle_hand,
    wager_problems,
)
from rules.threecard.hands import hand_value
from terminal.games import load_games


def variant(name: str) -> Variant:
    return from_data(load_games()[f"threecard/{name}"].data)


def by_key(results: tuple[object, ...]) -> dict[str, object]:
    return {r.wager: r for r in results}  # type: ignore[attr-defined]


def c(text: str) -> tuple:  # type: ignore[type-arg]
    return parse_cards(text)


# One hand per three-card line, and a player-dealer hand that leaves the cards free.
THREE_CARD_HANDS = {
    "mini royal flush": "As Ks Qs",
    "royal flush": "As Ks Qs",
    "straight flush": "9h 8h 7h",
    "three of a kind": "7c 7d 7h",
    "straight": "5c 4d 3h",
    "flush": "Kd 9d 2d",
    "one pair": "Jc Jd 4s",
}
PD = "2c 3d 9s"  # a 9-high player-dealer: does not qualify

FILED_THREE_CARD = [
    (g, b.key)
    for g in (
        "tres-lounge",
        "capitol",
        "marysville",
        "six-card-bonus-marysville",
        "six-card-bonus-oaks",
        "pair-and-up",
    )
    for b in variant(g).bonuses
    if b.hand == "three-card"
]


@pytest.mark.parametrize(("game", "key"), FILED_THREE_CARD)
def test_every_three_card_pay_row(game: str, key: str) -> None:
    v = variant(game)
    b = v.bonus(key)
    for line in b.pays:
        hand = PlayerHand(c(THREE_CARD_HANDS[line.key]), {"ante": 500, "play": 500, key: 500})
        r = by_key(settle_hand(v, hand, c(PD)))[key]
        assert r.result == "win" and r.pays == line.pays and r.rule == line.hand  # type: ignore[attr-defined]
    junk = PlayerHand(c("Kc 8d 2h"), {"ante": 500, "play": 500, key: 500})
    assert by_key(settle_hand(v, junk, c(PD)))[key].result == "lose"  # type: ignore[attr-defined]


SIX_CARD_HANDS = {  # player's three + player-dealer's three
    "royal flush": ("As Ks Qs", "Js Ts 2d"),
    "straight flush": ("9h 8h 7h", "6h 5h 2c"),
    "four of a kind": ("7c 7d 7h", "7s 2d 3c"),
    "full house": ("7c 7d 7h", "9s 9d 3c"),
    "flush": ("Kd 9d 2d", "5d 4d Ac"),
    "straight": ("5c 4d 3h", "6s 7c Kd"),
    "three of a kind": ("Jc Jd 4s", "Js 9h 2c"),
}


@pytest.mark.parametrize("game", ["six-card-bonus-marysville", "six-card-bonus-oaks", "pair-and-up"])
def test_every_six_card_pay_row(game: str) -> None:
    v = variant(game)
    b = next(b for b in v.bonuses if b.hand == "six-card")
    for line in b.pays:
        mine, pd = SIX_CARD_HANDS[line.key]
        r = by_key(settle_hand(v, PlayerHand(c(mine), {"ante": 500, b.key: 500}), c(pd)))[b.key]
        assert r.result == "win" and r.pays == line.pays and r.rule == line.hand  # type: ignore[attr-defined]
    two_pair = by_key(settle_hand(v, PlayerHand(c("Jc Jd 4s"), {"ante": 500, b.key: 500}), c("4h 9h 2c")))
    assert two_pair[b.key].result == "lose"  # type: ignore[attr-defined]


def test_marysville_and_oaks_six_card_tables_differ_as_filed() -> None:
    m = {line.key: line.pays for line in variant("six-card-bonus-marysville").bonus("six-card-bonus").pays}
    o = {line.key: line.pays for line in variant("six-card-bonus-oaks").bonus("six-card-bonus").pays}
    assert (m["straight"], m["three of a kind"]) == (10, 7)
    assert (o["straight"], o["three of a kind"]) == (9, 8)


HOLDEM_BOARD = "2c 7d Th"
FLUSH_OR_PAIR = {"ak suited": "As Ks", "aa": "Ac Ad", "one pair": "8c 8d", "flush": "9h 4h"}
STRAIGHT_OR_UP = {  # hole + board
    "straight flush plus a pair": ("Ac Kc", "Qc 5h 5d"),
    "akq suited": ("Ac Kc", "Qc 9h 2d"),
    "straight flush": ("8c 9c", "Tc 2h 5d"),
    "three of a kind": ("8c 8d", "8h Kd 2s"),
    "straight plus a pair": ("8c 9d", "Th 3c 3d"),
    "straight": ("8c 9d", "Th Kc 2d"),
}


@pytest.mark.parametrize("table", ["A1", "A2"])
def test_flush_or_pair_rows(table: str) -> None:
    v = variant("betwiser-3card-holdem")
    b = v.bonus("flush-or-pair")
    for line in b.tables[table]:
        hand = PlayerHand(c(FLUSH_OR_PAIR[line.key]), {"ante": 500, "bet-or-fold": 500, "flush-or-pair": 500})
        from rules.threecard.hands import best_line, hole_card_lines

        got = best_line(b.tables[table], hole_card_lines(*hand.cards))
        assert got == line
        if table == b.table:
            r = by_key(settle_hand(v, hand, c("3s 6s"), c(HOLDEM_BOARD)))["flush-or-pair"]
            assert r.pays == line.pays  # type: ignore[attr-defined]


@pytest.mark.parametrize("table", ["B1", "B2"])
def test_straight_or_up_rows(table: str) -> None:
    from rules.threecard.hands import best_line, straight_or_up_lines

    b = variant("betwiser-3card-holdem").bonus("straight-or-up")
    for line in b.tables[table]:
        hole, board = STRAIGHT_OR_UP[line.key]
        assert best_line(b.tables[table], straight_or_up_lines(c(hole), c(board))) == line
    # a full house pays as three of a kind; trips beat a straight plus a pair (only the highest applies)
    assert (
        best_line(b.tables[table], straight_or_up_lines(c("8c 8d"), c("8h Kd Ks"))).key == "three of a kind"
    )  # type: ignore[union-attr]
    assert (
        best_line(b.tables[table], straight_or_up_lines(c("5c 6d"), c("7h 7d 7s"))).key == "three of a kind"
    )  # type: ignore[union-attr]


def test_queen_high_qualifies_jack_high_does_not() -> None:
    v = variant("tres-lounge")
    assert qualifies(v, hand_value(v, c("Qc 3d 2h")))
    assert not qualifies(v, hand_value(v, c("Jc Td 8h")))
    assert qualifies(v, hand_value(v, c("2c 2d 3h")))


def test_pair_of_fours_qualifies_in_holdem() -> None:
    v = variant("betwiser-3card-holdem")
    board = c("2c 7d Th")
    assert qualifies(v, hand_value(v, c("4c 4d"), board))
    assert not qualifies(v, hand_value(v, c("3c 3d"), board))
    assert not qualifies(v, hand_value(v, c("Ac Kd"), board))


def settle_ante(game: str, player: str, pd: str) -> tuple[str, str]:
    v = variant(game)
    r = by_key(settle_hand(v, PlayerHand(c(player), {"ante": 500, "play": 500}), c(pd)))
    return r["ante"].result, r["play"].result  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("game", "higher", "lower"),
    [
        ("tres-lounge", ("win", "no-action"), ("push", "no-action")),
        ("capitol", ("win", "no-action"), ("push", "no-action")),
        ("marysville", ("win", "no-action"), ("push", "no-action")),
        ("six-card-bonus-marysville", ("win", "no-action"), ("win", "no-action")),
        ("six-card-bonus-oaks", ("win", "no-action"), ("lose", "no-action")),
        ("pair-and-up", ("win", "no-action"), ("win", "no-action")),
    ],
)
def test_player_dealer_not_qualifying_as_each_room_files(
    game: str, higher: tuple[str, str], lower: tuple[str, str]
) -> None:
    assert settle_ante(game, "Jc 9d 3h", "Tc 8d 4h") == higher  # player higher, PD 10-high
    assert settle_ante(game, "9c 7d 3h", "Jc 8d 4h") == lower  # PD J-high: higher, does not qualify
    assert settle_ante(game, "Kc 9d 3h", "Kd 9h 3s") == ("push", "push")  # tie, PD qualifies


def test_qualified_showdown() -> None:
    assert settle_ante("tres-lounge", "Ac Ad 2h", "Kc Kd 3s") == ("win", "win")
    assert settle_ante("tres-lounge", "Qc 6d 4h", "Kc Kd 3s") == ("lose", "lose")


def test_fold_forfeits_pair_plus_but_not_six_card_bonus() -> None:
    v = variant("six-card-bonus-marysville")
    hand = PlayerHand(c("7c 7d 7h"), {"ante": 500, "pair-plus": 500, "six-card-bonus": 500})
    r = by_key(settle_hand(v, hand, c("7s 2d 3c")))
    assert r["ante"].result == "lose"  # type: ignore[attr-defined]
    assert r["pair-plus"].result == "lose"  # type: ignore[attr-defined]
    assert r["six-card-bonus"].result == "win" and r["six-card-bonus"].pays == 100  # type: ignore[attr-defined]


def test_pair_and_up_stays_after_a_fold_as_filed() -> None:
    v = variant("pair-and-up")
    r = by_key(settle_hand(v, PlayerHand(c("Jc Jd 4s"), {"ante": 500, "pair-and-up": 500}), c(PD)))
    assert r["ante"].result == "lose" and r["pair-and-up"].result == "win"  # type: ignore[attr-defined]


def test_holdem_side_bets_stay_after_a_fold() -> None:
    v = variant("betwiser-3card-holdem")
    hand = PlayerHand(c("Ac Ad"), {"ante": 500, "flush-or-pair": 500, "straight-or-up": 500})
    r = by_key(settle_hand(v, hand, c("3s 6s"), c("Ah 7d Th")))
    assert r["ante"].result == "lose"  # type: ignore[attr-defined]
    assert r["flush-or-pair"].pays == 15 and r["straight-or-up"].pays == 6  # type: ignore[attr-defined]


def test_holdem_dealer_below_fours_ante_pushes_bets_win() -> None:
    v = variant("betwiser-3card-holdem")
    hand = PlayerHand(c("Kc Kd"), {"ante": 500, "bet-or-fold": 500, "bet-or-check": 500})
    r = by_key(settle_hand(v, hand, c("3c 3d"), c("2s 7d Th")))
    assert [r[k].result for k in ("ante", "bet-or-fold", "bet-or-check")] == ["push", "win", "win"]  # type: ignore[attr-defined]
    r = by_key(settle_hand(v, hand, c("Ac Ad"), c("2s 7d Th")))
    assert [r[k].result for k in ("ante", "bet-or-fold", "bet-or-check")] == ["lose", "lose", "lose"]  # type: ignore[attr-defined]


def test_holdem_unequal_bets_paid_on_the_smaller() -> None:
    v = variant("betwiser-3card-holdem")
    win = PlayerHand(c("Kc Kd"), {"ante": 1000, "bet-or-fold": 500})
    r = by_key(settle_hand(v, win, c("Qc Qd"), c("2s 7d Th")))
    assert r["ante"].net_cents(1000) == 500 and r["ante"].refund_cents == 500  # type: ignore[attr-defined]
    lose = PlayerHand(c("Kc Kd"), {"ante": 1000, "bet-or-fold": 500})
    r = by_key(settle_hand(v, lose, c("Ac Ad"), c("2s 7d Th")))
    assert r["ante"].net_cents(1000) == -1000 and r["bet-or-fold"].net_cents(500) == -500  # type: ignore[attr-defined]
    over = PlayerHand(c("Kc Kd"), {"ante": 500, "bet-or-fold": 800})
    r = by_key(settle_hand(v, over, c("Ac Ad"), c("2s 7d Th")))
    assert r["bet-or-fold"].net_cents(800) == -500 and r["bet-or-fold"].refund_cents == 300  # type: ignore[attr-defined]


def test_capitol_bonus_must_equal_the_ante() -> None:
    v = variant("capitol")
    assert wager_problems(v, {"ante": 500, "bonus": 1000})
    r = by_key(settle_hand(v, PlayerHand(c("7c 7d 7h"), {"ante": 500, "play": 500, "bonus": 1000}), c(PD)))
    assert r["bonus"].result == "no-action"  # type: ignore[attr-defined]
    r = by_key(settle_hand(v, PlayerHand(c("7c 7d 7h"), {"ante": 500, "play": 500, "bonus": 500}), c(PD)))
    assert r["bonus"].pays == 30  # type: ignore[attr-defined]


def test_capitol_multi_deck_allows_a_duplicate_card() -> None:
    v = variant("capitol")
    r = by_key(settle_hand(v, PlayerHand(c("Ah Ah Kh"), {"ante": 500, "play": 500}), c("Ah 2c 5d")))
    assert r["ante"].result == "win"  # type: ignore[attr-defined]


def test_wager_problems_and_errors() -> None:
    tres = variant("tres-lounge")
    assert wager_problems(tres, {"pair-plus": 500})  # needs an Ante
    assert wager_problems(tres, {"ante": 500, "play": 700})
    assert wager_problems(tres, {"ante": 500, "six-card-bonus": 500})
    assert not wager_problems(variant("six-card-bonus-oaks"), {"six-card-bonus": 500})
    with pytest.raises(ThreeCardDataError, match="wagers"):
        settle_hand(tres, PlayerHand(c("Ac Kd 2h"), {"pair-plus": 500}), c(PD))
    with pytest.raises(HandError):
        settle_hand(tres, PlayerHand(c("Ac Kd"), {"ante": 500}), c(PD))
    with pytest.raises(HandError, match="more often"):
        settle_hand(tres, PlayerHand(c("Ac Kd 2h"), {"ante": 500}), c("Ac 3d 4h"))


def test_settlement_order_is_the_filed_order() -> None:
    v = variant("six-card-bonus-oaks")
    hand = PlayerHand(c("7c 7d 7h"), {"six-card-bonus": 500, "pair-plus": 500, "play": 500, "ante": 500})
    assert [r.wager for r in settle_hand(v, hand, c("Kc Kd 2s"))] == [
        "ante",
        "play",
        "pair-plus",
        "six-card-bonus",
    ]


def test_net_cents() -> None:
    v = variant("tres-lounge")
    r = by_key(settle_hand(v, PlayerHand(c("As Ks Qs"), {"ante": 500, "play": 500, "pair-plus": 300}), c(PD)))
    assert r["pair-plus"].net_cents(300) == 60000  # type: ignore[attr-defined]
    assert r["play"].net_cents(500) == 0  # type: ignore[attr-defined]
    assert r["ante"].pays == Fraction(1)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("hole", "board", "case", "swap"),
    [
        ("Ah 4c", "8c 3s Ad", "b", (1, 2)),  # a pair of aces from the left and right communal cards
        ("Ah Kh", "Qh 2c 3d", "a", None),  # both hole cards with the left card: mini royal
        ("2c 5d", "Ks Kh Kd", "c", None),  # plays the board
        ("9c 2d", "Ts Jh 4d", "b", None),  # 9 with the left two: a straight
    ],
)
def test_holdem_arrangement(hole: str, board: str, case: str, swap: tuple[int, int] | None) -> None:
    v = variant("betwiser-3card-holdem")
    a = arrange_player_dealer(v, c(hole), c(board))
    assert a.case == case and a.swap == swap
    assert a.value == hand_value(v, c(hole), c(board))
    assert a.steps


def test_holdem_insufficient_funds_forfeits_ante_and_side_bets() -> None:
    v = variant("betwiser-3card-holdem")
    hand = PlayerHand(c("Ac Ad"), {"ante": 500, "flush-or-pair": 500}, forfeits=True)
    r = settle_hand(v, hand, c("3s 6s"), c("Ah 7d Th"))
    assert [(x.wager, x.result) for x in r] == [("ante", "lose"), ("flush-or-pair", "lose")]
    with pytest.raises(ThreeCardDataError, match="insufficient funds"):
        settle_hand(variant("tres-lounge"), PlayerHand(c("Ac Kd 2h"), {"ante": 500}, forfeits=True), c(PD))


TCP_GAMES = [
    "tres-lounge",
    "capitol",
    "marysville",
    "six-card-bonus-marysville",
    "six-card-bonus-oaks",
    "pair-and-up",
]


@settings(max_examples=150, deadline=None)
@given(
    game=st.sampled_from(TCP_GAMES),
    deal=st.permutations(range(52)).map(lambda p: p[:6]),
    play=st.booleans(),
)
def test_settlement_properties(game: str, deal: list[int], play: bool) -> None:
    from rules.cards import ALL_CARDS

    v = variant(game)
    mine = tuple(ALL_CARDS[i] for i in deal[:3])
    pd = tuple(ALL_CARDS[i] for i in deal[3:])
    wagers = {"ante": 500, **{b.key: 500 for b in v.bonuses}}
    if play:
        wagers["play"] = 500
    r = by_key(settle_hand(v, PlayerHand(mine, wagers), pd))
    ante, dv, pv = r["ante"], hand_value(v, pd), hand_value(v, mine)
    if not play:
        assert ante.result == "lose" and "play" not in r  # type: ignore[attr-defined]
    elif qualifies(v, dv):
        want = "win" if pv > dv else "lose" if pv < dv else "push"
        assert ante.result == r["play"].result == want  # type: ignore[attr-defined]
    else:
        assert r["play"].result == "no-action"  # type: ignore[attr-defined]
        if pv > dv:
            assert ante.result == "win"  # type: ignore[attr-defined]
    for b in v.bonuses:
        s = r[b.key]
        if not play and not b.survives_fold:
            assert s.result == "lose"  # type: ignore[attr-defined]
        elif b.hand == "three-card":  # depends on the player's cards only
            other = settle_hand(v, PlayerHand(mine, wagers), tuple(reversed(pd)))
            assert by_key(other)[b.key] == s
        assert s.result in ("win", "lose")  # type: ignore[attr-defined]
        assert (s.result == "win") == (s.pays > 0)  # type: ignore[attr-defined]
