"""What the dealer, the wager panel and staff can ask of the table: one typed command union.

A console input (``terminal.console.view.ConsoleInput``: an action id, a role, a source and loose data)
is read into exactly one command by :func:`command_of`; data that does not make a command (a seat that is
not a number, an amount that is not whole cents) is a :class:`Malformed` naming what is wrong. The
controller then checks the command against the table's state and role, journals it (or its refusal),
and only then applies it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from terminal.console.view import ConsoleInput


@dataclass(frozen=True)
class PlaceWager:
    """Set (``cents``) or change by a chip (``add``) the wager in ``seat``'s ``spot`` (None: the first)."""

    seat: int
    spot: str | None
    cents: int | None = None
    add: int = 0


@dataclass(frozen=True)
class ClearSeat:
    """Take back every wager of ``seat``."""

    seat: int


@dataclass(frozen=True)
class SetBank:
    """Set (``cents``) or change (``add``) the player-dealer's bank."""

    cents: int | None = None
    add: int = 0


@dataclass(frozen=True)
class ChooseBanker:
    """Make ``seat`` the player-dealer (the seat that banks already: nobody banks)."""

    seat: int


@dataclass(frozen=True)
class FillLayout:
    """Demo: a full layout at once."""


@dataclass(frozen=True)
class PassBank:
    """The bank goes on in the game's offer direction: the next seat accepts it (``bank-accepted``)."""


@dataclass(frozen=True)
class BankWord:
    """The bank was offered, or the seat asked declined it: said, nothing changes (``bank-offered``,
    ``bank-declined``)."""

    word: str


@dataclass(frozen=True)
class NewRound:
    """Shuffle if the table needs it, else start the round with the layout ("no more bets")."""


@dataclass(frozen=True)
class Confirm:
    """The dealer's confirm key (arms the dice cup again in the dice state)."""


@dataclass(frozen=True)
class CallFloor:
    """Call the floor."""


@dataclass(frozen=True)
class Misdeal:
    """Declare a misdeal."""


@dataclass(frozen=True)
class Undo:
    """Correct the round's last event."""


@dataclass(frozen=True)
class ClearAlert:
    """Clear the alert ``code`` (at ``seat``), in the input's role."""

    code: str
    seat: int | None = None


@dataclass(frozen=True)
class HouseWay:
    """Set every hand still to be set the House Way."""


@dataclass(frozen=True)
class PlayOrFold:
    """The seat asked plays (``play``) or folds."""

    play: bool


@dataclass(frozen=True)
class ChangeMode:
    """Live play or maintenance."""

    live: bool


@dataclass(frozen=True)
class InjectFault:
    """Demo and training: a fault injected into an emulated device."""

    device: str
    fault: str


@dataclass(frozen=True)
class Staff:
    """A technician's or maintenance action (``tech.*``, ``maint.*``) and its arguments."""

    action: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Other:
    """Any other action: journaled as an input, changes nothing."""

    action: str


@dataclass(frozen=True)
class Malformed:
    """An input whose data makes no command: ``reason`` names what is wrong."""

    action: str
    reason: str


Command = (
    PlaceWager
    | ClearSeat
    | SetBank
    | ChooseBanker
    | FillLayout
    | PassBank
    | BankWord
    | NewRound
    | Confirm
    | CallFloor
    | Misdeal
    | Undo
    | ClearAlert
    | HouseWay
    | PlayOrFold
    | ChangeMode
    | InjectFault
    | Staff
    | Other
    | Malformed
)

_PLAIN: dict[str, Command] = {
    "new-round": NewRound(),
    "confirm": Confirm(),
    "call-floor": CallFloor(),
    "misdeal": Misdeal(),
    "undo": Undo(),
    "house-way": HouseWay(),
    "play": PlayOrFold(True),
    "fold": PlayOrFold(False),
    "bank-accepted": PassBank(),
    "wager.fill": FillLayout(),
}


def _whole(v: Any) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def command_of(inp: ConsoleInput, seats: int) -> Command:
    """The command an input asks for (``seats``: the table's seat count, for the seat check)."""
    a, data = inp.action, inp.data
    if a.startswith(("tech.", "maint.")):
        return Staff(a, dict(data))
    if a in _PLAIN:
        return _PLAIN[a]
    if a in ("bank-offered", "bank-declined"):
        return BankWord(a)
    if a == "mode.change":
        return ChangeMode(data.get("to") != "maintenance")
    if a == "demo.inject":
        return InjectFault(str(data.get("device", "")), str(data.get("fault", "")))
    if a == "clear-alert":
        seat = data.get("seat")
        return ClearAlert(str(data.get("code", "")), seat if _whole(seat) else None)
    if a in ("wager.place", "wager.clear", "wager.player-dealer", "wager.bank"):
        return _wager(a, data, seats)
    if a.startswith("wager."):
        return Malformed(a, f"unknown wager action {a!r}")
    return Other(a)


def _wager(a: str, data: Mapping[str, Any], seats: int) -> Command:
    noun = "the bank" if a == "wager.bank" else "a wager"
    cents, add = data.get("cents"), data.get("add", 0)
    if cents is not None and not (_whole(cents) and cents >= 0):
        return Malformed(a, f"{noun} is a whole number of cents, 0 or more")
    if not _whole(add):
        return Malformed(a, f"{noun} is a whole number of cents, 0 or more")
    if a == "wager.bank":
        return SetBank(cents, add)
    raw = data.get("seat")
    if not _whole(raw) or not 1 <= raw <= seats:
        return Malformed(a, f"seat {raw!r}: the table has seats 1-{seats}")
    if a == "wager.clear":
        return ClearSeat(raw)
    if a == "wager.player-dealer":
        return ChooseBanker(raw)
    spot = data.get("spot")
    return PlaceWager(raw, str(spot) if spot else None, cents, add)


def amount(cents: int | None, add: int, before: int) -> int:
    """The new amount: ``cents`` when set, else ``before`` changed by ``add`` (never below 0)."""
    return cents if cents is not None else max(0, before + add)
