"""Quick Draw's round reports (the ``settle`` hook's answer, :mod:`rules.round.report`): while a drawer's hand
is still to be shown, what the round waits for (:class:`QuickDrawWaiting`); then the player-dealer's hand,
each seat's final hand and first five, every wager in the filed order, the bank's settlement
(:class:`QuickDrawReport`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.round.report import BacklineBankPart, BankProblem, ReportPart, RoundReport, WagerLine


@dataclass(frozen=True, kw_only=True)
class QuickDrawWagerLine(WagerLine):
    """A wager's result, pays, net, rule and cite; ``backline`` on a backline bettor's wager (absent on the
    seat's own)."""

    seat: int
    spot: str
    cents: int
    result: str
    pays: str
    net_cents: int
    rule: str
    cite: str
    backline: bool | None = None


@dataclass(frozen=True, kw_only=True)
class QuickDrawHand(ReportPart):
    """A seat's final hand (for the Play) and the hand its first five cards made (for the Bonus Bet)."""

    final: str | None = None
    hand: str | None = None
    first_five: str | None = None


@dataclass(frozen=True, kw_only=True)
class QuickDrawWaiting(RoundReport):
    """No wager decided yet (``wagers`` empty): what the round waits for."""

    wagers: tuple[QuickDrawWagerLine, ...]
    waiting: str


@dataclass(frozen=True, kw_only=True)
class QuickDrawReport(RoundReport):
    """The player-dealer's cards, its hand and the five that make it, each seat's hands, every wager, and with
    a bank its settlement (or why not)."""

    player_dealer: str
    player_dealer_hand: str
    player_dealer_five: str
    hands: Mapping[int, QuickDrawHand]
    wagers: tuple[QuickDrawWagerLine, ...]
    bank: BacklineBankPart | BankProblem | None = None
