"""Party Craps' round report (the ``settle`` hook's answer, :mod:`rules.round.report`): one flip. The two
cards and their total, the point before and after, the player-dealer and which of its two flips this is (the
tile's side), the Action tile's seat, every bet the flip decided in the filed order (and those that got no
action), the bets still standing for the next flip, the wagers first placed this flip (the fee hook), and the
bank's settlement from the Action tile."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.round.report import BankPart, BankProblem, ReportPart, RoundReport, WagerLine


@dataclass(frozen=True, kw_only=True)
class CrapsWagerLine(WagerLine):
    """A decided bet: result (``win``, ``lose``, ``push``, ``no_action``), pays to one after any Buy/Lay fee,
    net, rule, the filed area it settles in, its lines, the fee taken from its win, and whether it was first
    placed this flip."""

    seat: int
    spot: str
    cents: int
    result: str
    pays: str
    net_cents: int
    rule: str
    section: str
    cite: str
    vig_cents: int
    new: bool


@dataclass(frozen=True, kw_only=True)
class StandingBet(ReportPart):
    """A bet still up after the flip (a Come bet on its number), whether it worked this flip, and that its
    fee is paid (an established bet is not charged again, L4168-4170)."""

    seat: int
    spot: str
    cents: int
    working: bool
    fee_paid: bool


@dataclass(frozen=True, kw_only=True)
class NewWager(ReportPart):
    """A wager (or the cents added to one) first placed this flip: its collection is due (L4164)."""

    seat: int
    spot: str
    cents: int


@dataclass(frozen=True, kw_only=True)
class PartyCrapsReport(RoundReport):
    """One flip: cards, total, point before and after, the player-dealer and its flip (1 or 2), the Action
    tile's seat, the decided bets, the standing bets, the new wagers, and with a bank its settlement."""

    json_nulls: ClassVar[frozenset[str]] = frozenset({"point_before", "point_after"})

    cards: str
    total: int
    point_before: int | None
    point_after: int | None
    words: str
    player_dealer: int | None = None
    player_dealer_flip: int
    action_seat: int | None = None
    wagers: tuple[CrapsWagerLine, ...]
    standing: tuple[StandingBet, ...]
    new_wagers: tuple[NewWager, ...]
    bank: BankPart | BankProblem | None = None
