"""Ultimate War's round report (the ``settle`` hook's answer, :mod:`rules.round.report`): the two hands, the
winner after the wars, every wager in the banking order, the bank's settlement."""

from __future__ import annotations

from dataclasses import dataclass

from rules.round.report import BacklineBankPart, BankProblem, RoundReport, WagerLine


@dataclass(frozen=True, kw_only=True)
class WarWagerLine(WagerLine):
    """A wager's result, what it pays (``"0"`` unless it wins) and the rule; ``backline`` on a backline
    bettor's wager (absent on the seat's own)."""

    seat: int
    spot: str
    cents: int
    result: str
    pays: str
    rule: str
    backline: bool | None = None


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
    bank: BacklineBankPart | BankProblem | None = None
