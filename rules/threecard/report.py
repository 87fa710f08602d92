"""Three Card Poker's round report (the ``settle`` hook's answer, :mod:`rules.round.report`): the
player-dealer's hand (and 3 Card Hold'em's board and arrangement), whether it qualifies, every wager in the
filed order, and the bank's settlement from the action seat."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.round.report import BankProblem, ReportPart, RoundReport, WagerLine


@dataclass(frozen=True, kw_only=True)
class ThreeCardWagerLine(WagerLine):
    """A wager's result (``refund_cents``: the part of an unequal bet without action, 3 Card Hold'em), or a
    seat's ``problem`` line (only ``seat``, ``result`` and ``rule``). Through the bank, ``net_cents`` is what
    the bank paid or collected and ``due_cents`` what the rule pays in full."""

    seat: int
    spot: str | None = None
    cents: int | None = None
    result: str
    pays: str | None = None
    net_cents: int | None = None
    rule: str
    cite: str | None = None
    refund_cents: int | None = None
    due_cents: int | None = None


@dataclass(frozen=True, kw_only=True)
class ArrangementPart(ReportPart):
    """How the house dealer lays out the player-dealer's best three (3 Card Hold'em): the filing's case,
    the steps in words, the cite."""

    case: str
    steps: tuple[str, ...]
    cite: str


@dataclass(frozen=True, kw_only=True)
class ThreeCardSeatMoney(ReportPart):
    """What the bank paid, collected and returned to a seat, and what went back first without action."""

    paid: int
    collected: int
    returned: int
    refunded: int | None = None


@dataclass(frozen=True, kw_only=True)
class ThreeCardBank(ReportPart):
    """The bank's settlement: the card that placed the action button (where a card does), the action seat
    and its cite, the bank before and after, each seat's money, the dealer's words."""

    button_card: str | None = None
    action_seat: int
    action_cite: str
    bank_before: int
    bank_after: int
    by_seat: Mapping[int, ThreeCardSeatMoney]
    lines: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class ThreeCardReport(RoundReport):
    """The hands out and every Ante decided: the player-dealer's cards, the board, whether it qualifies,
    the filed wager order, every wager, the player-dealer's hand in words, and the bank's settlement."""

    player_dealer: str
    board: str
    player_dealer_qualifies: bool
    order: tuple[str, ...]
    wagers: tuple[ThreeCardWagerLine, ...]
    player_dealer_hand: str
    arrangement: ArrangementPart | None = None
    player_dealer_up: str | None = None
    bank: ThreeCardBank | BankProblem | None = None
