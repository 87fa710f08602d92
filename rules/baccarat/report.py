"""Baccarat's round reports (the ``settle`` hook's answer, :mod:`rules.round.report`): punto banco's coup
and each wager on it (:class:`CoupReport`); Pan 9's hands against the player-dealer's, settled through its
bank from the action seat (:class:`Pan9Report`)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.round.report import RoundReport, WagerLine


@dataclass(frozen=True, kw_only=True)
class CoupWagerLine(WagerLine):
    """A wager on the coup: its result, pays, net, rule and cite (a wager the variant does not know has
    only its result, ``unknown wager``)."""

    seat: int
    spot: str
    cents: int
    result: str
    pays: str | None = None
    net_cents: int | None = None
    rule: str | None = None
    cite: str | None = None


@dataclass(frozen=True, kw_only=True)
class CoupReport(RoundReport):
    """Punto banco: the two hands and totals, the winner, the special outcomes that hold, the filed
    settlement order and each wager in it."""

    player: str
    banker: str
    player_total: int
    banker_total: int
    winner: str
    specials: tuple[str, ...]
    order: tuple[str, ...]
    wagers: tuple[CoupWagerLine, ...]


@dataclass(frozen=True, kw_only=True)
class Pan9WagerLine(WagerLine):
    """A seat's hand against the player-dealer's (``no hand`` where it has none) and what the bank paid,
    collected and returned, and how far it covered the wager."""

    seat: int
    spot: str
    cents: int
    hand: str | None = None
    total: int | None = None
    result: str
    pays: str | None = None
    due_cents: int | None = None
    rule: str | None = None
    cite: str | None = None
    paid: int
    collected: int
    returned: int
    coverage: str
    net_cents: int


@dataclass(frozen=True, kw_only=True)
class Pan9Report(RoundReport):
    """Pan 9: the player-dealer's hand and total, each wager through the bank from the action seat, the bank
    before and after, and the dealer's words; ``held`` says why the round cannot be settled."""

    player_dealer: str
    player_dealer_total: int
    wagers: tuple[Pan9WagerLine, ...]
    held: str | None = None
    action_seat: int | None = None
    bank: int | None = None
    bank_after: int | None = None
    player_dealer_result: int | None = None
    exhausted: bool | None = None
    lines: tuple[str, ...] | None = None
