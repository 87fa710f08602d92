"""Two Card Peek's round report (the ``settle`` hook's answer, :mod:`rules.round.report`): the five-card
rows, the Pick Row's judgement, every wager in the filed two-stage order, the bank's settlement."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.round.report import BankPart, BankProblem, RoundReport, WagerLine


@dataclass(frozen=True, kw_only=True)
class PeekWagerLine(WagerLine):
    """A wager's result, its settlement stage (1: Pick Row and 2 Card Poker; 2: Peek Bonus, Super Bet),
    rule and cite."""

    seat: int
    spot: str
    cents: int
    result: str
    pays: str
    net_cents: int
    stage: int
    rule: str
    cite: str


@dataclass(frozen=True, kw_only=True)
class TwoCardPeekReport(RoundReport):
    """The rows' cards, the Pick Row in words, whether a row qualified, the highest rows, every wager and,
    with a bank, its settlement (or why not)."""

    rows: Mapping[str, str]
    pick_row: str
    qualified: bool
    highest: tuple[str, ...]
    wagers: tuple[PeekWagerLine, ...]
    bank: BankPart | BankProblem | None = None
