"""Button and display panels: button presses (short and long), seat lamps and a two-line display.

What the lamps and the display show is one pure function of table state, :func:`panel_view`; the
drivers only show a :class:`PanelView`, they are never told to light a lamp ad hoc (docs/architecture.md §3).
A panel on a serial or USB link is :class:`PanelDriver`; buttons and lamps wired to GPIO pins are
``devices.gpio.GpioPanel``. Both emit :class:`ButtonPressed`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from devices.driver import Device
from devices.events import ButtonPressed, DeviceEvent
from firmware_bridge.messages import Button, DeviceKind, Message, SetDisplay, SetLamps

#: A press held at least this long is a long press; destructive actions require one.
LONG_PRESS_MS = 2000
DISPLAY_WIDTH = 20
MAX_SEATS = 9

#: Button ids of the reference panel (configurable per table with ``options.buttons``).
DEFAULT_BUTTONS: Mapping[int, str] = {0: "new_round", 1: "confirm", 2: "misdeal", 3: "undo", 4: "call_floor"}
#: Actions that only a long press triggers.
DESTRUCTIVE = frozenset({"misdeal", "undo", "clear", "menu"})

#: Lamp bit of each lamp name on the reference panel.
LAMP_BITS: Mapping[str, int] = {
    "game_open": 0,
    "fault": 1,
    "maintenance": 2,
    **{f"seat{i}": 2 + i for i in range(1, MAX_SEATS + 1)},
}


@dataclass(frozen=True)
class PanelState:
    """The part of table state that lamps and displays reflect."""

    game: str = ""
    open: bool = False
    phase: str = "idle"  # idle | betting | dealing | settling | fault | maintenance
    action_seat: int | None = None
    player_dealer_seat: int | None = None
    dice_total: int | None = None
    totals: tuple[tuple[str, int], ...] = ()  # e.g. (("P", 7), ("B", 5)) for baccarat
    alert: str | None = None  # the active alert code, if any


@dataclass(frozen=True)
class PanelView:
    """What a panel shows: lamps lit, lamps blinking, and two text lines."""

    lamps_on: frozenset[str] = frozenset()
    lamps_blink: frozenset[str] = frozenset()
    line1: str = ""
    line2: str = ""

    def bits(self) -> tuple[int, int]:
        """``(on, blink)`` lamp masks for the reference panel."""
        on = sum(1 << LAMP_BITS[n] for n in self.lamps_on if n in LAMP_BITS)
        blink = sum(1 << LAMP_BITS[n] for n in self.lamps_blink if n in LAMP_BITS)
        return on, blink


def _fit(text: str) -> str:
    return text[:DISPLAY_WIDTH]


def panel_view(state: PanelState) -> PanelView:
    """The one mapping from table state to lamps and display text."""
    on: set[str] = set()
    blink: set[str] = set()
    if state.open and state.phase not in ("fault", "maintenance"):
        on.add("game_open")
    if state.phase == "fault" or state.alert:
        blink.add("fault")
    if state.phase == "maintenance":
        on.add("maintenance")
    if state.action_seat is not None and 1 <= state.action_seat <= MAX_SEATS:
        on.add(f"seat{state.action_seat}")
    if state.player_dealer_seat is not None and 1 <= state.player_dealer_seat <= MAX_SEATS:
        blink.add(f"seat{state.player_dealer_seat}")
    if state.phase == "maintenance":
        line1, line2 = "MAINTENANCE", "TABLE NOT LIVE"
    elif state.alert:
        line1, line2 = f"ALERT {state.alert}", "CALL FLOOR" if state.phase == "fault" else ""
    else:
        line1 = state.game.upper() if state.open else "TABLE CLOSED"
        if state.dice_total is not None:
            line2 = f"DICE {state.dice_total}"
        elif state.totals:
            line2 = "  ".join(f"{k} {v}" for k, v in state.totals)
        elif state.action_seat is not None:
            line2 = f"ACTION SEAT {state.action_seat}"
        else:
            line2 = state.phase.upper()
    return PanelView(frozenset(on), frozenset(blink), _fit(line1), _fit(line2))


def button_event(
    button_id: str, held_ms: int, device: str, long_press_ms: int = LONG_PRESS_MS, number: int = 0
) -> ButtonPressed:
    """The press event. ``destructive`` buttons act only on a long press (the controller checks
    :attr:`ButtonPressed.acts`); a short press of one is still reported so the console can say "hold"."""
    return ButtonPressed(
        button_id,
        held_ms >= long_press_ms,
        held_ms,
        destructive=button_id in DESTRUCTIVE,
        number=number,
        device=device,
    )


def button_names(options: Mapping[str, Any]) -> dict[int, str]:
    """The button id -> name map from a device's options (``buttons``), else the reference panel's."""
    raw = options.get("buttons")
    if not raw:
        return dict(DEFAULT_BUTTONS)
    return {int(k): str(v) for k, v in dict(raw).items()}


class PanelDriver(Device):
    """A button and display panel on a serial or USB link."""

    KIND: ClassVar[DeviceKind | None] = DeviceKind.PANEL

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.buttons = button_names(self.spec.options)
        self.long_press_ms = int(self.spec.options.get("long_press_ms", LONG_PRESS_MS))
        self.shown: PanelView | None = None

    def show(self, view: PanelView) -> None:
        """Show ``view`` (only what changed goes over the link)."""
        old = self.shown
        if old is None or old.bits() != view.bits():
            self._command(SetLamps(*view.bits()))
        if old is None or (old.line1, old.line2) != (view.line1, view.line2):
            self._command(SetDisplay(view.line1, view.line2))
        self.shown = view

    def show_state(self, state: PanelState) -> PanelView:
        """Show what :func:`panel_view` derives from ``state``; returns the view."""
        view = panel_view(state)
        self.show(view)
        return view

    def _on_message(self, msg: Message) -> list[DeviceEvent] | None:
        if isinstance(msg, Button):
            name = self.buttons.get(msg.button, f"button{msg.button}")
            return [button_event(name, msg.held_ms, self.name, self.long_press_ms, msg.number)]
        return None

    def _on_restart(self) -> None:
        self.shown = None  # the panel forgot what it showed; the next show() resends everything
