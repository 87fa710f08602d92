"""A Pai Gow Tiles round, pure: the dice to the first set and the Action, eight sets, the unplayed sets, the
tiles (picker or reader alike), setting, comparison, settlement through the banking engine with the room's
collection, and the irregularities with each room's ruling (CALL_FLOOR where the room is silent)."""

from __future__ import annotations

import pytest
import yaml

from rules.banking import Outcome, Wager
from rules.fees import assess
from rules.paigowtiles.house_way import load_chart
from rules.paigowtiles.table_round import RoundError, TilesRound
from rules.paigowtiles.tiles import parse_tiles
from rules.paigowtiles.variant import TilesVariant
from rules.round.alerts import AlertCode, Ruling
from terminal.fees import load_room_fees
from terminal.games import load_games
from terminal.paths import config_dir


def new_round(room: str, wagers: list[Wager], pd: int = 4, bank: int = 100_000) -> TilesRound:
    v = TilesVariant.from_data(load_games()[f"paigowtiles/{room}"].data)
    chart = load_chart(
        yaml.safe_load((config_dir() / "house_ways" / f"{v.house_way.chart}.yaml").read_text())
    )
    assert v.round is not None
    return TilesRound(v.round, chart, v.tie_rules, pd, bank, tuple(wagers))


def w(seat: int, cents: int, name: str = "main", player: str = "") -> Wager:
    return Wager.single(seat, name, player or f"p{seat}", cents)


# positions 1-8 clockwise from the house dealer's left; counter-clockwise from 4 is 3, 2, 1, 8, 7, 6, 5


@pytest.mark.parametrize(
    ("dice", "first", "action"),
    [
        ((3, 3, 3), 4, 3),  # 9: the player-dealer takes the first set, the Action goes on (seed 003 L527)
        ((6, 6, 5), 4, 3),  # 17: the same
        ((1, 1, 1), 2, 2),  # 3: the player-dealer is 1, then 3 is 2, 2 is 3
        ((1, 1, 2), 1, 1),  # 4
        ((1, 2, 4), 6, 6),  # 7: a seat with no wager still takes the first set and the Action
        ((6, 6, 6), 3, 3),  # 18: round the eight positions twice, then one on: (18 - 1) mod 8 = 1
    ],
)
def test_dice_count_from_the_player_dealer_counterclockwise(dice, first, action) -> None:
    r = new_round("capitol", [w(3, 2000), w(1, 2000)])
    order = r.roll(dice)
    assert (r.first_set, r.action) == (first, action)
    assert len(order) == 8 and order[0] == first and sorted(order) == list(range(1, 9))
    assert order[1] == (first - 2) % 8 + 1  # counterclockwise: the next lower position


def test_on_the_player_dealer_the_action_skips_seats_without_a_wager() -> None:
    r = new_round("tres-lounge", [w(1, 2000)])
    r.roll((4, 4, 1))  # 9 lands on the player-dealer (seed 002 L723)
    assert r.first_set == 4 and r.action == 1  # 3 and 2 have no wager
    assert r.collected() == [3, 2, 8, 7, 6, 5]  # sets of seats without a wager, collected unexposed (L725)


def test_house_way_settlement_with_copies_and_the_collection() -> None:
    wagers = [w(3, 20_000), w(2, 10_000), w(1, 5_000)]
    r = new_round("capitol", wagers, bank=30_000)
    r.roll((1, 1, 1))  # first set and Action at 2: settled 2, 1, 8 … counter-clockwise
    deal = {
        4: "6-6 6-6 1-1 1-1",  # player-dealer: pair of Teen / pair of Day
        2: "2-1 4-2 5-5 6-4",  # Supreme Pair / 0 points: one hand wins, one loses — push
        1: "4-4 4-4 3-1 3-1",  # Yun pair / Gor pair — both lose
        3: "5-4 6-3 5-3 6-2",  # pair of 9s / pair of 8s — both lose
    }
    for seat, text in deal.items():
        assert r.place(seat, parse_tiles(text)) == []
    for seat in deal:
        r.set_hand(seat)
    fees = load_room_fees("capitol").schedule("pai-gow-tiles", 1)
    collection = assess(fees, wagers, bank=r.bank)
    assert (
        collection.total == 200 + 100 + 100 + 100
    )  # $2 per hand from the player-dealer, $1 per circle (L646-655)
    s = r.settle(collection)
    outcomes = {line.wager.seat: line.result.outcome for line in s.lines}
    assert outcomes == {2: Outcome.PUSH, 1: Outcome.LOSE, 3: Outcome.LOSE}
    assert [line.wager.seat for line in s.lines] == [2, 1, 3]  # from the Action counter-clockwise
    assert s.bank_after == 30_000 + 5_000 + 20_000


def test_a_short_bank_pays_in_the_filed_order_and_returns_the_rest() -> None:
    wagers = [w(3, 20_000), w(5, 20_000)]
    r = new_round("tres-lounge", wagers, bank=25_000)
    r.roll((1, 1, 1))  # Action at 2; Tres Lounge settles clockwise from it: 3, then 5 (L744)
    for seat, text in {4: "5-1 4-1 3-2 2-2", 3: "6-6 6-6 1-1 1-1", 5: "4-4 4-4 3-1 3-1"}.items():
        r.place(seat, parse_tiles(text))
        r.set_hand(seat)
    s = r.settle()
    assert [line.wager.seat for line in s.lines] == [3, 5]
    paid = {line.wager.seat: line.paid for line in s.lines}
    assert paid == {3: 20_000, 5: 5_000}  # the bank runs out; seat 5 is paid what is left
    before = 25_000 + 40_000
    after = s.bank_after + sum(line.receipt for line in s.lines)
    assert before == after  # chips conserved


def test_backline_bettor_after_the_seat_at_tres_lounge() -> None:
    wagers = [w(3, 1_000, "backline", "b"), w(3, 1_000, "main", "a")]
    r = new_round("tres-lounge", wagers)
    r.roll((1, 1, 2))
    for seat, text in {4: "5-1 4-1 3-2 2-2", 3: "6-6 6-6 1-1 1-1"}.items():
        r.place(seat, parse_tiles(text))
        r.set_hand(seat)
    assert [line.wager.name for line in r.settle().lines] == ["main", "backline"]  # L744


def test_irregularities_take_the_rooms_ruling_or_call_the_floor() -> None:
    r = new_round("capitol", [w(3, 2000)])
    premature = r.place(3, parse_tiles("6-6 6-6 1-1 1-1"))
    assert [(f.code, f.ruling) for f in premature] == [(AlertCode.PREMATURE_CARD, Ruling.CALL_FLOOR)]
    r.roll((1, 1, 1))
    three = r.place(3, parse_tiles("6-6 6-6 1-1"))
    assert [(f.code, f.ruling, f.cite) for f in three] == [
        (AlertCode.WRONG_CARD_COUNT, Ruling.CALL_FLOOR, "not filed")
    ]
    r.place(3, parse_tiles("6-6 6-6 1-1 1-1"))
    dup = r.place(4, parse_tiles("6-6 5-5 4-4 3-3"))
    assert [f.code for f in dup] == [AlertCode.DUPLICATE_CARD]
    assert [f.code for f in r.place(2, parse_tiles("5-5 4-4 3-3 2-2"))] == [
        AlertCode.EXPOSED_CARD
    ]  # collected
    shown = r.place(4, parse_tiles("5-5 4-4 3-3 2-2"), exposed=parse_tiles("5-5"))
    assert [(f.code, f.ruling) for f in shown] == [(AlertCode.EXPOSED_CARD, Ruling.CALL_FLOOR)]


@pytest.mark.parametrize(
    ("room", "ruling"), [("tres-lounge", Ruling.CONTINUE), ("capitol", Ruling.CALL_FLOOR)]
)
def test_a_low_hand_set_above_the_high(room: str, ruling: Ruling) -> None:
    r = new_round(room, [w(3, 2000)])
    r.roll((1, 1, 1))
    tiles = parse_tiles("6-6 6-6 1-1 6-1")
    r.place(3, tiles)
    found = r.set_hand(3, high=tiles[2:], low=tiles[:2])  # Day-Tit 9 "high", Teen pair "low"
    if ruling is Ruling.CONTINUE:  # "The two stacks do not have to be placed in a specific position" (L726)
        assert found == [] and [str(t) for t in r.hands[3].high] == ["6-6", "6-6"]
        assert r.findings[-1].cite == "seed 002 L726"
    else:
        assert [(f.code, f.ruling) for f in found] == [(AlertCode.HOUSE_WAY_MISSET, Ruling.CALL_FLOOR)]
        assert 3 not in r.hands


def test_bad_calls_are_typed_errors() -> None:
    r = new_round("oaks", [w(3, 2000)])
    with pytest.raises(RoundError, match="dice of 1 to 6"):
        r.roll((0, 7, 3))
    with pytest.raises(RoundError, match="not been read"):
        r.settle()
    with pytest.raises(RoundError, match="not a player's position"):
        new_round("oaks", [w(4, 2000)])  # the player-dealer's own position
