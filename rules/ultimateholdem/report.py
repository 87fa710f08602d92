"""Ultimate Texas Hold'em's round report (the ``settle`` hook's answer, :mod:`rules.round.report`): the
player-dealer's hand and the board, whether it qualifies, each seat's hand, every wager in the filed order,
the bank's settlement from the player-dealer's left."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.round.report import BankPart, BankProblem, ReportPart, RoundReport, WagerLine


@dataclass(frozen=True, kw_only=True)
class SeatHandPart(ReportPart):
    """A seat's hole cards, its best hand with the board, and whether it folded."""

    cards: str
    best: str
    folded: bool


@dataclass(frozen=True, kw_only=True)
class HoldemWagerLine(WagerLine):
    """A wager's result, pays, net, rule and cite."""

    seat: int
    spot: str
    cents: int
    result: str
    pays: str
    net_cents: int
    rule: str
    cite: str


@dataclass(frozen=True, kw_only=True)
class UltimateHoldemReport(RoundReport):
    """The player-dealer's cards, the board, its hand and whether it qualifies, each seat's hand, every
    wager, and with a bank its settlement (or why not)."""

    player_dealer: str
    board: str
    player_dealer_hand: str
    player_dealer_qualifies: bool
    hands: Mapping[int, SeatHandPart]
    wagers: tuple[HoldemWagerLine, ...]
    bank: BankPart | BankProblem | None = None
