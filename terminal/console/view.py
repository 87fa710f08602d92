"""The view model: everything the dealer screen shows, as plain frozen dataclasses.

The controller folds the round and the devices into a :class:`TableView` and posts it to the console;
tests and the demo build one directly. Nothing here imports Textual or the round engine: alerts arrive
in the alert contract's JSON form (docs/architecture.md §4), cards in the card-room notation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

#: Every dealer action, by id. The same ids name the console's key bindings (remappable with
#: ``console.keymap``) and the physical buttons (``console.buttons`` maps a button id to one).
DEALER_ACTIONS: tuple[str, ...] = (
    "new-round",
    "confirm",
    "misdeal",
    "undo",
    "call-floor",
    "house-way",
    "bank-offered",
    "bank-accepted",
    "bank-declined",
    "clear-alert",
    "play",
    "fold",
)
#: Actions that change the console's mode (each behind a PIN but the dealer's).
MODE_ACTIONS: tuple[str, ...] = ("technician", "maintenance", "dealer")
ACTION_IDS: tuple[str, ...] = DEALER_ACTIONS + MODE_ACTIONS

#: A card dealt face down and not yet revealed: the dealer screen draws its back, never its face.
FACE_DOWN = "##"

SEVERITY_ORDER = {"stop": 0, "warning": 1, "info": 2}


def fmt_cents(cents: int, *, sign: bool = False) -> str:
    """Money for the screen: ``$1,234.50``; with ``sign``, ``+$5.00`` / ``−$5.00``."""
    neg = cents < 0
    whole, part = divmod(abs(cents), 100)
    text = f"${whole:,}" + (f".{part:02d}" if part else "")
    if sign:
        return ("−" if neg else "+") + text if cents else text
    return ("−" if neg else "") + text


@dataclass(frozen=True)
class WagerView:
    """One wager on a seat's betting spot."""

    spot: str
    cents: int


@dataclass(frozen=True)
class HandView:
    """A hand (or a set part of one: ``high``/``low``), cards in the notation (``??`` unread)."""

    cards: tuple[str, ...]
    name: str = ""
    note: str = ""


@dataclass(frozen=True)
class SeatView:
    """A seat: who sits there, what they wagered, their hands, and whether the action is on them."""

    seat: int
    occupied: bool = True
    player: str = ""
    wagers: tuple[WagerView, ...] = ()
    hands: tuple[HandView, ...] = ()
    action: bool = False
    player_dealer: bool = False
    status: str = ""
    name: str = ""  # a recipient that is not a seat: "pile 3", "box 1", "board", "player_dealer"

    @property
    def label(self) -> str:
        """``Seat 3``, the recipient's name, or ``Dealer`` for the house's hand."""
        if self.name:
            return self.name.replace("_", "-").capitalize()
        return "Dealer" if self.seat == 0 else f"Seat {self.seat}"


@dataclass(frozen=True)
class AlertView:
    """An alert as the contract gives it: ``{code, severity, ruling, remedy, cite, seat?, card?, clear_role}``."""

    code: str
    severity: str
    ruling: str
    remedy: str
    cite: str
    clear_role: str
    message: str = ""
    seat: int | None = None
    card: str | None = None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> AlertView:
        """From the alert contract's JSON (``Alert.to_json()``); extra keys are ignored."""
        cite = data.get("cite", "")
        if isinstance(cite, Mapping):
            cite = ", ".join(str(cite[k]) for k in ("seed", "section", "lines") if cite.get(k))
        return cls(
            code=str(data["code"]),
            severity=str(data.get("severity", "stop")),
            ruling=str(data.get("ruling", "CALL_FLOOR")),
            remedy=str(data.get("remedy", "")),
            cite=str(cite),
            clear_role=str(data.get("clear_role", "floor")),
            message=str(data.get("message", "")),
            seat=data.get("seat"),
            card=data.get("card"),
        )


@dataclass(frozen=True)
class DeviceView:
    """A device's health: ``ok``, ``warning``, ``fault``, ``offline`` or ``disabled``."""

    name: str
    kind: str
    state: str = "ok"
    detail: str = ""
    firmware: str = ""
    firmware_sha256: str = ""


@dataclass(frozen=True)
class SettlementLine:
    """One line of the settlement, in action order. ``cents`` is what the seat receives (negative: pays)."""

    who: str
    outcome: str  # wins | loses | push | returned | fee | bank
    cents: int
    seat: int | None = None
    note: str = ""


@dataclass(frozen=True)
class TableView:
    """Everything on the dealer screen."""

    game_id: str
    game_name: str
    room: str = ""
    table_id: str = ""
    open: bool = True
    phase: str = "waiting"  # waiting | dealing | setting | settlement | closed
    round_no: int = 0
    player_dealer: str = ""  # "Seat 3", "House", "" before a round
    deal_no: int | None = None  # which of the player-dealer's consecutive deals this is (1, 2 …)
    deal_max: int | None = None  # the most the game lets one player bank in a row (its rotation rules)
    dice: tuple[int, ...] = ()  # the round's dice (Pai Gow: they pick the first hand), once rolled
    seats: tuple[SeatView, ...] = ()
    banker: SeatView | None = None
    piles: tuple[SeatView, ...] = ()  # recipients that are not seats (piles, boxes, board), a second row
    next_step: str = ""
    next_detail: str = ""
    alerts: tuple[AlertView, ...] = ()
    devices: tuple[DeviceView, ...] = ()
    settlement: tuple[SettlementLine, ...] = ()
    fee_cents: int = 0
    settlement_title: str = ""  # the action order and the bank, above the lines
    fee_note: str = ""  # the schedule and the moment the collection is taken
    live: bool = True  # False in maintenance: the table is not live
    # The layout before "no more bets" (the wager panel): (seat, spot, cents), the bank, the spots.
    betting: tuple[tuple[int, str, int], ...] = ()
    bank_cents: int = 0
    betting_open: bool = True
    betting_player_dealer: int | None = None
    spots: tuple[str, ...] = ()
    #: Where ``a`` (bank accepted) sends the bank now, the game's offer direction followed (``seat 4``;
    #: ``nobody: the game closes``); "" at a table with no bank to pass.
    bank_next: str = ""
    #: The table's state (``terminal.table.machine.Step`` value), the dealer actions that act in it (the
    #: footer shows these) and the way out of it.
    step: str = ""
    keys: tuple[str, ...] = ()
    way_out: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def active_alert(self) -> AlertView | None:
        """The alert to show: the most severe, the earliest of those."""
        if not self.alerts:
            return None
        return min(self.alerts, key=lambda a: SEVERITY_ORDER.get(a.severity, 3))

    def without_alert(self, code: str) -> TableView:
        """This view with the first alert of ``code`` removed (for the demo and tests)."""
        for i, a in enumerate(self.alerts):
            if a.code == code:
                return replace(self, alerts=self.alerts[:i] + self.alerts[i + 1 :])
        return self


@dataclass(frozen=True)
class ConsoleInput:
    """Something a person did at the console or on a physical button.

    ``action`` is one of :data:`ACTION_IDS` or a technician/maintenance action (``tech.*``,
    ``maint.*``); ``role`` is who did it (``dealer`` unless a PIN said otherwise); ``source`` is
    ``key`` or ``button``; ``data`` carries the action's arguments (the alert being cleared, the
    shuffler settings …).
    """

    action: str
    role: str = "dealer"
    source: str = "key"
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The journal payload of this input."""
        return {"action": self.action, "role": self.role, "source": self.source, "data": dict(self.data)}


class ConsoleBackend(Protocol):
    """What the console needs from the controller: take an input, say what came of it.

    ``submit`` journals the input before it takes effect and returns ``None`` when it was accepted
    (the new view arrives separately, as a posted message), or a short sentence to show the person
    when it was refused or has a result to report (``maint.verify-journal``).
    """

    def attach(self, publish: Callable[[TableView], None]) -> None:
        """Called once by the console: ``publish(view)`` shows a new view (thread-safe, coalesced)."""
        ...

    async def submit(self, inp: ConsoleInput) -> str | None:
        """Journal ``inp``, apply it, and return ``None`` or a sentence for the person."""
        ...
