"""Table limits, bonus and fixed-amount bets, backline, below-minimum and over-maximum wagers, BETS_AFTER_CLOSE."""

from __future__ import annotations

import pytest

from rules.banking import (
    BettingBoard,
    DataError,
    TableLimits,
    Verdict,
    Wager,
    WagerError,
    WagerKind,
    check_wagers,
)
from rules.banking.wagers import Stake

TWO_CARD_PEEK = TableLimits.from_data(
    {
        "minimum": 5,
        "maximum": 200,
        "wagers": {"Super Bet": {"fixed": 1}, "Peek Bonus": {"minimum": 5, "maximum": 50}},
    }
)


def w(seat: int, name: str, cents: int, kind: WagerKind = WagerKind.BASE, player: str | None = None) -> Wager:
    return Wager.single(seat, name, player or f"p{seat}", cents, kind)


def verdicts(limits: TableLimits, wagers: list[Wager], **kw: object) -> list[tuple[Verdict, int]]:
    return [(c.verdict, c.in_action) for c in check_wagers(limits, wagers, **kw)]  # type: ignore[arg-type]


def test_fixed_super_bet_and_bonus_limits() -> None:
    """000b §7.13: "The Super Bet may be placed in an amount of $1. The Peek Bonus Bet must be at least the table
    minimum, up to a maximum of $50.\""""
    got = verdicts(
        TWO_CARD_PEEK,
        [
            w(1, "Pick Row", 1000),
            w(1, "Super Bet", 100, WagerKind.BONUS),
            w(1, "Peek Bonus", 6000, WagerKind.BONUS),
        ],
    )
    assert got == [(Verdict.ACTION, 1000), (Verdict.ACTION, 100), (Verdict.OVER_MAXIMUM, 0)]
    assert verdicts(TWO_CARD_PEEK, [w(1, "Pick Row", 1000), w(1, "Super Bet", 200, WagerKind.BONUS)])[1] == (
        Verdict.NOT_FIXED_AMOUNT,
        0,
    )


def test_bonus_only_beside_a_base_wager_and_not_above_it() -> None:
    limits = TableLimits.from_data(
        {"minimum": 5, "maximum": 500, "wagers": {"Buster": {"at_most_base": True}}}
    )
    got = verdicts(
        limits,
        [
            w(1, "Base", 1000),
            w(1, "Buster", 1500, WagerKind.BONUS),
            w(2, "Buster", 500, WagerKind.BONUS),
            w(3, "Base", 2000),
            w(3, "Buster", 2000, WagerKind.BONUS),
        ],
    )
    assert [v for v, _ in got] == [
        Verdict.ACTION,
        Verdict.BONUS_OVER_BASE,
        Verdict.BONUS_WITHOUT_BASE,
        Verdict.ACTION,
        Verdict.ACTION,
    ]


def test_below_minimum_acted_on_gets_action_once_and_over_maximum_none() -> None:
    """003 §2 rule 6: "less than a minimum bet is made and acted on, the bet will receive action, but will not be
    permitted further"; rule 7: "Bet amounts over the table maximum will receive no action.\""""
    limits = TableLimits.from_data({"minimum": 10, "maximum": 200})
    small, big = w(1, "Base", 500), w(2, "Base", 25000)
    assert verdicts(limits, [small, big]) == [(Verdict.BELOW_MINIMUM, 0), (Verdict.OVER_MAXIMUM, 0)]
    checked = check_wagers(limits, [small, big], acted_on=[small])
    assert (checked[0].verdict, checked[0].in_action) == (Verdict.BELOW_MINIMUM_ACTED_ON, 500)
    assert "not again" in checked[0].reason
    assert checked[1].returned == 25000
    excess = TableLimits.from_data({"minimum": 10, "maximum": 200, "over_maximum": "excess"})
    assert verdicts(excess, [big]) == [(Verdict.OVER_MAXIMUM, 20000)]


def test_backline_and_seat_maximum() -> None:
    """3 Card Texas Hold'em: no backline betting (000a §7); Double Hand: $1,600 per seat (000a §3)."""
    no_backline = TableLimits.from_data({"minimum": 5, "maximum": 600, "backline": False})
    got = verdicts(no_backline, [w(1, "Ante", 500), w(1, "Ante", 500, player="behind")], seated={1: "p1"})
    assert [v for v, _ in got] == [Verdict.ACTION, Verdict.BACKLINE_NOT_ALLOWED]
    per_seat = TableLimits.from_data({"minimum": 10, "maximum": 200, "seat_maximum": 1600})
    wagers = [Wager(1, "Base", (Stake("p1", 20000),), circle=c) for c in range(9)]
    got = verdicts(per_seat, wagers)
    assert [v for v, _ in got].count(Verdict.SEAT_OVER_MAXIMUM) == 1


def test_limits_from_data_errors() -> None:
    with pytest.raises(DataError, match="limits.maximum"):
        TableLimits.from_data({"minimum": 10})
    with pytest.raises(DataError, match="limits.minimum"):
        TableLimits.from_data({"minimum": "5%", "maximum": 10})
    with pytest.raises(DataError, match="limits.wagers.Tie.cap"):
        TableLimits.from_data({"minimum": 1, "maximum": 10, "wagers": {"Tie": {"cap": 1}}})
    with pytest.raises(WagerError):
        Wager.single(1, "Base", "p", 0)
    with pytest.raises(WagerError):
        Wager.single(1, "Base", "p", -5)


def test_no_wager_changes_after_betting_closes() -> None:
    """003 §2 rules 23 and 25; 000a §3 rule 14: all bets before the dice cup is opened; no change after."""
    board, cond = BettingBoard.empty().place(1, "Base", 2000)
    assert cond is None
    board, _ = board.place(2, "Base", 1000)
    board = board.close("dice cup opened")
    after, cond = board.place(1, "Base", 4000)
    assert after is board and cond is not None
    assert cond.code == "BETS_AFTER_CLOSE" and (cond.before, cond.after) == (2000, 4000)
    assert cond.describe() == "BETS_AFTER_CLOSE: seat 1 Base changed $20.00 -> $40.00 after dice cup opened"
    _, withdrawn = board.place(2, "Base", 0)
    assert withdrawn is not None and withdrawn.after == 0
    _, added = board.place(3, "Base", 500)
    assert added is not None and added.before == 0
    same, none = board.place(1, "Base", 2000)
    assert none is None and same is board
    reopened, cond = board.reopen().place(1, "Base", 4000)
    assert cond is None and reopened.wagers[(1, 0, "Base")] == 4000
