"""Ultimate War's round report (the ``settle`` hook's answer, :mod:`rules.round.report`): the two hands, the
winner after the wars, every wager in the banking order, the bank's settlement."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.round.report import BankPart, BankProblem, RoundReport, SeatMoney, WagerLine


@dataclass(frozen=True, kw_only=True)
class WarWagerLine(WagerLine):
    """A wager's result, what it pays (``"0"`` unless it wins) and the rule; ``backline``: a bettor's wager
    behind the seat, settled apart from the seat's own."""

    seat: int
    spot: str
    cents: int
    result: str
    pays: str
    rule: str
    backline: bool | None = None


@dataclass(frozen=True, kw_only=True)
class WarBank(BankPart):
    """The bank's settlement, with what each bettor takes back (a backline bettor apart from the seat's
    player), by the bettor's name."""

    action_seat: int | None
    bank_before: int
    bank_after: int
    by_seat: Mapping[int, SeatMoney]
    lines: tuple[str, ...]
    receipts: Mapping[str, int]


@dataclass(frozen=True, kw_only=True)
class UltimateWarReport(RoundReport):
    """The Player and Banker hands, the winner, the wars gone to, the result in words, every wager, and with
    a bank its settlement (or why not). ``winner`` is null while the hands tie."""

    json_nulls = frozenset({"winner"})

    player: str
    banker: str
    winner: str | None
    wars: int
    result: str
    wagers: tuple[WarWagerLine, ...]
    bank: WarBank | BankProblem | None = None
