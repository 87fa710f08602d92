"""Blackjack's round report (the ``settle`` hook's answer, :mod:`rules.round.report`): the player-dealer's
hand and total, every wager's result (each split hand apart, insurance after), and the bank's settlement
from the seat the action button names."""

from __future__ import annotations

from dataclasses import dataclass

from rules.round.report import BankPart, BankProblem, RoundReport, WagerLine


@dataclass(frozen=True, kw_only=True)
class BlackjackWagerLine(WagerLine):
    """A wager's result (``hand``: which split hand), or ``problem`` with why it cannot be settled."""

    seat: int
    spot: str
    cents: int
    hand: int | None = None
    result: str
    pays: str | None = None
    net_cents: int | None = None
    rule: str
    cite: str | None = None


@dataclass(frozen=True, kw_only=True)
class BlackjackBank(BankPart):
    """The bank's settlement, with the player-dealer's card that placed the action button."""

    action_seat: int | None
    button_card: str
    bank_before: int
    bank_after: int


@dataclass(frozen=True, kw_only=True)
class BlackjackReport(RoundReport):
    """The player-dealer's hand and its total in words, every wager, and where the variant files banking
    and the round has a bank, the bank's settlement (or why not)."""

    player_dealer: str
    player_dealer_total: str
    wagers: tuple[BlackjackWagerLine, ...]
    bank: BlackjackBank | BankProblem | None = None
