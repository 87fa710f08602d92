"""The Textual console: the dealer screen, and technician and maintenance screens behind a PIN.

State arrives as :class:`ViewPosted` messages (``DealerConsole.publish`` is safe to call from any
thread); a burst is coalesced (``can_replace``) and repaints are throttled to ``repaint_hz``. Every
dealer action has a binding id (``console.keymap`` remaps keys by id) and is reachable from a physical
button through :meth:`DealerConsole.press_button`. Inputs go to the backend (the controller), which
journals them before they take effect.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult, ScreenStackError
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Footer, Input, Label, RichLog, Static

from terminal.console import render
from terminal.console.craps_picker import CrapsPicker
from terminal.console.craps_render import craps_renderable
from terminal.console.view import DEALER_ACTIONS, ConsoleBackend, ConsoleInput, SeatView, TableView
from terminal.roles import Access, AccessDenied, LockedOut, Mode, Role

#: The exit status of a stop by maintenance: the systemd unit does not restart on it
#: (``RestartPreventExitStatus=``); every other exit, 0 included, is restarted.
MAINTENANCE_STOP_EXIT = 10
#: The journal kind of a console stop (``console.stop.refused`` for one the PIN did not allow).
STOP_KIND = "console.stop"
STOP_PURPOSE = "to stop the console"


class ViewPosted(Message):
    """A new table view from the controller. A newer one replaces an older one not yet handled."""

    def __init__(self, view: TableView) -> None:
        super().__init__()
        self.view = view

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, ViewPosted)


class PanelButton(Message):
    """A physical button on the table's panel (posted by the controller's panel driver)."""

    def __init__(self, button_id: str, long_press: bool = False) -> None:
        super().__init__()
        self.button_id = button_id
        self.long_press = long_press


class DeviceFrame(Message):
    """One frame on a device link, for the maintenance monitor: hex and decoded."""

    def __init__(self, device: str, direction: str, hex_text: str, decoded: str) -> None:
        super().__init__()
        self.device, self.direction, self.hex_text, self.decoded = device, direction, hex_text, decoded


class CountersPosted(Message):
    """Link counters per device (reads, misreads, jams, CRC errors, reconnects …)."""

    def __init__(self, counters: Mapping[str, Mapping[str, int]]) -> None:
        super().__init__()
        self.counters = counters

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, CountersPosted)


# -- the PIN dialog -----------------------------------------------------------------------------------


class PinScreen(ModalScreen[Role | None]):
    """Asks for ``role``'s PIN; dismisses with the role on success, ``None`` if cancelled.

    A wrong PIN keeps the dialog open with the reason (and tries left); the lockout is shown too.
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel", id="pin.cancel")]

    def __init__(self, role: Role, access: Access, purpose: str, screen_id: str = "pin-screen") -> None:
        super().__init__(id=screen_id)  # the stop dialog has its own id: it can open over another one
        self.role = role
        self.access = access
        self.purpose = purpose

    def compose(self) -> ComposeResult:
        with Vertical(id="pin-box"):
            yield Label(f"{self.role.value.upper()} PIN", id="pin-title")
            yield Label(self.purpose, id="pin-purpose")
            yield Input(password=True, restrict=r"[0-9]*", max_length=12, id="pin-input")
            yield Static("", id="pin-error")

    def on_mount(self) -> None:
        self.query_one("#pin-input", Input).focus()

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        pin = event.value
        event.input.value = ""
        try:
            # scrypt is deliberately slow: keep it off the event loop.
            await asyncio.to_thread(self.access.login, self.role, pin)
        except LockedOut as exc:
            self.query_one("#pin-error", Static).update(Text(str(exc), style="bold red"))
            return
        except AccessDenied as exc:
            self.query_one("#pin-error", Static).update(Text(str(exc), style="bold red"))
            return
        self.dismiss(self.role)

    def action_cancel(self) -> None:
        self.dismiss(None)


# -- the dealer screen --------------------------------------------------------------------------------

DEALER_BINDINGS: tuple[tuple[str, str, str], ...] = (
    # (key(s), action id, footer text); the action id is also the binding id and the button id.
    ("n", "new-round", "New round"),
    ("c,enter", "confirm", "Confirm"),
    ("m", "misdeal", "Misdeal"),
    ("u,backspace", "undo", "Undo"),
    ("f", "call-floor", "Call floor"),
    ("h", "house-way", "House Way"),
    ("o", "bank-offered", "Bank offered"),
    ("a", "bank-accepted", "Bank accepted"),
    ("d", "bank-declined", "Bank declined"),
    ("x", "clear-alert", "Clear alert"),
    ("p", "play", "Play"),
    ("k", "fold", "Fold"),
)
assert {b[1] for b in DEALER_BINDINGS} == set(DEALER_ACTIONS)


#: A screen shorter than this (80x24; 120x36 has the rows) gives the piles' rows to the settlement once a round is settled.
SHORT_SCREEN = 31
#: A short screen narrower than this stacks the devices above the settlement (80x24).
NARROW_SCREEN = 100


class SeatPanel(Static):
    """One seat; ``seat`` is the seat's view it last painted."""

    seat: SeatView | None = None


class DealerScreen(Screen[None]):
    """What the dealer sees: game and bank, next step, the alert, seats, devices, settlement."""

    # The dealer's keys are not in Textual's footer: the #keys line shows only those that act in the
    # table's current state (the view's ``keys``), so it fits at 80 columns; `?` lists them all.
    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(keys, f"dealer('{action}')", label, id=action, show=False)
            for keys, action, label in DEALER_BINDINGS
        ),
        Binding("w", "app.wagers", "Wagers", id="wagers", show=False),
        Binding("e", "app.tile_picker", "Tile picker", id="tile-picker", show=False),
        Binding("b", "app.bet_picker", "Bet picker", id="bet-picker", show=False),
        Binding("g", "app.pan_picker", "Pan picker", id="pan-picker", show=False),
        Binding("f2", "app.enter_mode('technician')", "Technician", id="technician", show=False),
        Binding("f3", "app.enter_mode('maintenance')", "Maintenance", id="maintenance", show=False),
        Binding("question_mark", "all_keys", "All keys", id="all-keys", show=False),
    ]

    def action_all_keys(self) -> None:
        """Every dealer key, whatever the state (the #keys line shows the ones that act now)."""
        app = self.app
        assert isinstance(app, DealerConsole)
        self.app.notify(render.all_keys_words(app.key_names()), title="All keys", timeout=12)

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        yield Static(id="next-step")
        yield Static(id="alert")
        yield Static(
            id="craps"
        )  # Party Craps' felt, in place of the seats (terminal/console/craps_render.py)
        yield Horizontal(id="seats")
        yield Horizontal(id="piles")
        with Horizontal(id="bottom"):
            yield Static(id="devices")
            yield Static(id="settlement")
        yield Static(id="keys")

    def on_screen_resume(self) -> None:
        app = self.app
        if isinstance(app, DealerConsole) and app.view is not None:
            self.paint(app.view)

    def on_resize(self) -> None:
        """A new terminal size: the keys line is fitted to the new width."""
        self.on_screen_resume()

    async def action_dealer(self, action: str) -> None:
        app = self.app
        assert isinstance(app, DealerConsole)
        await app.dealer_action(action, source="key")

    def paint(self, view: TableView) -> None:
        """Show ``view`` (called by the app's throttled repaint), updating in place only the widgets whose
        part of the view changed since the last paint. A widget whose size cannot change with its content
        (the header, the keys line, the next step, a seat in the seats row) is repainted without a layout
        pass; the others ask for one only when their content changed. :attr:`updated` lists the widgets the
        last paint touched."""
        self.updated = []
        app = self.app
        names = app.key_names() if isinstance(app, DealerConsole) else {}
        self._put("header", render.header_key(view), lambda: render.header_text(view), layout=False)
        # the line's width inside a STOP's thick border, whether or not one is drawn now: 4 columns less
        # (76 at 80; tests/terminal/test_footer_keys.py checks the longest line fits)
        width = app.size.width - 4 if app.size.width > 4 else None
        self._put(
            "keys",
            render.keys_key(view, names, width),
            lambda: render.keys_text(view, names, width),
            layout=False,
        )
        self._put(
            "next-step", (view.next_step, view.next_detail), lambda: render.next_step_text(view), layout=False
        )
        alert = view.active_alert
        more = len(view.alerts) - 1
        severity = alert.severity if alert is not None else None
        if severity != self._shown.get("severity", ""):
            self._shown["severity"] = severity
            alert_box = self.query_one("#alert", Static)
            for sev in ("stop", "warning", "info"):
                alert_box.set_class(severity == sev, f"-{sev}")
                self.set_class(severity == sev, f"-alert-{sev}")
            alert_box.display = alert is not None
        if alert is not None:
            # Only the count of other alerts changed: it sits on the alert's last line, so no layout pass.
            same = self._shown.get("alert", (None, 0))[0] == alert
            self._put(
                "alert", (alert, more), lambda: render.alert_renderable(alert, more=more), layout=not same
            )
        craps = view.extra.get("craps")
        felt = self.query_one("#craps", Static)
        if felt.display != (craps is not None):
            felt.display = craps is not None
            self.query_one("#seats", Horizontal).display = craps is None
        if craps is not None:
            self._put("craps", craps, lambda: craps_renderable(craps), layout=True)
        shown = (*view.seats, view.banker) if view.banker is not None else view.seats
        self._panels(self.query_one("#seats", Horizontal), shown, layout=False)
        piles = self.query_one("#piles", Horizontal)
        # The felt shows the flip's cards itself; on a short screen (80x24) the settlement takes the piles'
        # rows once the round is settled: the seats show every hand as set, and the order to pay must fit.
        short = app.size.height < SHORT_SCREEN if isinstance(app, DealerConsole) else False
        show_piles = bool(view.piles) and craps is None and not (short and view.settlement)
        if piles.display != show_piles:
            piles.display = show_piles
        # Under 100 columns the devices' chips go above the settlement, which takes the whole width.
        self.query_one("#bottom").set_class(short and app.size.width < NARROW_SCREEN, "-stacked")
        self._panels(piles, view.piles, layout=True)
        self._put("devices", view.devices, lambda: render.devices_text(view.devices), layout=True)
        settlement = self.query_one("#settlement", Static)
        if settlement.display != bool(view.settlement):
            settlement.display = bool(view.settlement)
        self._put(
            "settlement",
            (view.settlement, view.fee_cents, view.settlement_title, view.fee_note),
            lambda: render.settlement_table(
                view.settlement, view.fee_cents, view.settlement_title, view.fee_note
            ),
            layout=True,
        )

    #: What each widget last painted (its part of the view), by widget id; ``severity`` the alert's.
    _shown: dict[str, Any]
    #: The widgets the last paint updated (ids; a seat panel as ``seats.N`` / ``piles.N``, its place).
    updated: list[str]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._shown = {}
        self.updated = []

    def _put(self, wid: str, key: Any, content: Callable[[], Any], *, layout: bool) -> None:
        """Update widget ``wid`` with ``content()`` if its part of the view (``key``) changed."""
        if wid in self._shown and self._shown[wid] == key:
            return
        self._shown[wid] = key
        self.query_one(f"#{wid}", Static).update(content(), layout=layout)
        self.updated.append(wid)

    def _panels(self, row: Horizontal, shown: tuple[SeatView, ...], *, layout: bool) -> None:
        """The row's seat panels, each updated only if its seat's view changed; a row whose number of
        seats changed is mounted again (a new game)."""
        panels = list(row.query(SeatPanel))
        if len(panels) != len(shown):
            row.remove_children()
            panels = [SeatPanel(classes="seat") for _ in shown]
            row.mount_all(panels)
            layout = True
        for i, (panel, seat) in enumerate(zip(panels, shown, strict=True)):
            if panel.seat == seat:
                continue
            panel.seat = seat
            panel.update(render.seat_renderable(seat), layout=layout)
            panel.set_class(seat.action, "-action")
            panel.set_class(seat.player_dealer, "-player-dealer")
            panel.set_class(not seat.occupied, "-empty")
            self.updated.append(f"{row.id}.{i + 1}")


# -- the wager panel ----------------------------------------------------------------------------------

#: Chip keys on the wager panel: key, cents, label (a card room's chip colours: $1 white, $5 red, $25
#: green, $100 black, $500 purple).
CHIPS: tuple[tuple[str, int, str], ...] = (
    ("a", 100, "$1"),
    ("s", 500, "$5"),
    ("d", 2500, "$25"),
    ("f", 10000, "$100"),
    ("g", 50000, "$500"),
)


class WagerPanel(ModalScreen[None]):
    """The layout before "no more bets": pick a seat (arrows or its digit), a spot (up/down), then chips.

    Each chip adds to the selected spot; ``-`` takes one chip of the last size off, Backspace takes the
    spot's wager back. At the player-dealer's seat the chips build the bank. ``p`` makes the selected seat
    the player-dealer (again: no player-dealer). Every change goes to the controller, which checks it
    against the table limits and, after no more bets, leaves the layout as it was (BETS_AFTER_CLOSE).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "seat(-1)", "Seat ←", id="wager.seat-prev"),
        Binding("right", "seat(1)", "Seat →", id="wager.seat-next"),
        Binding("up", "spot(-1)", "Spot ↑", id="wager.spot-prev"),
        Binding("down,tab", "spot(1)", "Spot ↓", id="wager.spot-next"),
        *(Binding(k, f"chip({c})", label, id=f"wager.chip-{c}") for k, c, label in CHIPS),
        Binding("minus", "chip_off", "− chip", id="wager.chip-off"),
        Binding("backspace,delete", "take_back", "Take back", id="wager.take-back"),
        Binding("p", "player_dealer", "Player-dealer", id="wager.player-dealer"),
        Binding("escape,enter,w", "done", "Done", id="wager.done"),
        *(Binding(str(n % 10), f"pick({n})", show=False, id=f"wager.seat-{n}") for n in range(1, 11)),
    ]

    def __init__(self) -> None:
        super().__init__(id="wager-panel")
        self.seat = 1
        self.spot = 0
        self.last_chip = CHIPS[0][1]

    def compose(self) -> ComposeResult:
        with Vertical(id="wager-box"):
            yield Static(id="wager-title")
            yield Static(id="wager-layout")
            with Horizontal(id="wager-chips"):
                buttons = [Button(label, id=f"chip-{cents}", classes="chip") for _, cents, label in CHIPS]
                buttons += [
                    Button("Take back", id="wager-take-back"),
                    Button("Player-dealer", id="wager-player-dealer"),
                    Button("Done", id="wager-done", variant="primary"),
                ]
                for b in buttons:
                    b.can_focus = False  # touch or click them; Enter and the keys stay the panel's
                    yield b
            yield Footer()

    def on_mount(self) -> None:
        app = self.app
        if isinstance(app, DealerConsole) and app.view is not None:
            if app.view.betting_player_dealer == self.seat and app.view.seats:
                self.seat = 2 if len(app.view.seats) > 1 else 1
            self.paint(app.view)

    def _view(self) -> TableView | None:
        app = self.app
        return app.view if isinstance(app, DealerConsole) else None

    def paint(self, view: TableView) -> None:
        """Show the layout with the selected seat and spot."""
        spots = view.spots or ("main",)
        self.spot = min(self.spot, len(spots) - 1)
        self.query_one("#wager-title", Static).update(render.wager_title(view, self.seat, spots[self.spot]))
        self.query_one("#wager-layout", Static).update(render.wager_layout(view, self.seat, spots[self.spot]))

    async def _send(self, action: str, data: dict[str, Any]) -> None:
        app = self.app
        assert isinstance(app, DealerConsole)
        app._say(await app.backend.submit(ConsoleInput(action, "dealer", "key", data)))
        view = app._pending or app.view
        if view is not None:
            self.paint(view)

    def action_seat(self, step: int) -> None:
        """Select the previous or next seat."""
        view = self._view()
        n = len(view.seats) if view is not None and view.seats else 7
        self.seat = (self.seat - 1 + step) % n + 1
        if view is not None:
            self.paint(view)

    def action_pick(self, seat: int) -> None:
        """Select a seat by its number."""
        view = self._view()
        n = len(view.seats) if view is not None and view.seats else 7
        if 1 <= seat <= n:
            self.seat = seat
            if view is not None:
                self.paint(view)

    def action_spot(self, step: int) -> None:
        """Select the previous or next betting spot of the seat."""
        view = self._view()
        spots = (view.spots if view is not None else ()) or ("main",)
        self.spot = (self.spot + step) % len(spots)
        if view is not None:
            self.paint(view)

    def _is_bank(self) -> bool:
        view = self._view()
        return view is not None and view.betting_player_dealer == self.seat

    def _spot_name(self) -> str:
        view = self._view()
        spots = (view.spots if view is not None else ()) or ("main",)
        return spots[min(self.spot, len(spots) - 1)]

    async def action_chip(self, cents: int) -> None:
        """Add one chip to the selected spot (or to the bank at the player-dealer's seat)."""
        self.last_chip = cents
        if self._is_bank():
            await self._send("wager.bank", {"add": cents})
        else:
            await self._send("wager.place", {"seat": self.seat, "spot": self._spot_name(), "add": cents})

    async def action_chip_off(self) -> None:
        """Take one chip of the last size off."""
        await self.action_chip(-self.last_chip)

    async def action_take_back(self) -> None:
        """The selected spot's wager (or the bank) back to nothing."""
        if self._is_bank():
            await self._send("wager.bank", {"cents": 0})
        else:
            await self._send("wager.place", {"seat": self.seat, "spot": self._spot_name(), "cents": 0})

    async def action_player_dealer(self) -> None:
        """The selected seat banks (again: nobody banks)."""
        await self._send("wager.player-dealer", {"seat": self.seat})

    def action_done(self) -> None:
        """Back to the dealer screen."""
        self.dismiss(None)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        bid = event.button.id or ""
        if bid.startswith("chip-"):
            await self.action_chip(int(bid.removeprefix("chip-")))
        elif bid == "wager-take-back":
            await self.action_take_back()
        elif bid == "wager-player-dealer":
            await self.action_player_dealer()
        elif bid == "wager-done":
            self.action_done()


# -- technician and maintenance -----------------------------------------------------------------------


class TechnicianScreen(Screen[None]):
    """Devices and table setup: assign devices, configure the shuffler, test deal, set the game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1", "app.leave_mode", "Back to dealer", id="dealer")
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Text("TECHNICIAN", style="bold reverse"), id="tech-title")
            yield Static(id="tech-table")
            yield DataTable(id="tech-devices", cursor_type="row")
            yield Label("Shuffler: decks, packet size (0 = single cards), hands per round")
            with Horizontal(classes="form-row"):
                yield Input(placeholder="decks", restrict=r"[0-9]*", id="tech-decks")
                yield Input(placeholder="packet", restrict=r"[0-9]*", id="tech-packet")
                yield Input(placeholder="hands", restrict=r"[0-9]*", id="tech-hands")
                yield Button("Apply", id="tech-shuffler")
            with Horizontal(classes="form-row"):
                yield Input(placeholder="game id, e.g. paigow/capitol", id="tech-game")
                yield Input(placeholder="fee schedule", id="tech-schedule")
                yield Button("Set game", id="tech-set-game")
            with Horizontal(classes="form-row"):
                yield Input(placeholder="device name", id="tech-device-name")
                yield Input(placeholder="address: /dev/dealer/shoe or emu://profile", id="tech-device-url")
                yield Button("Assign", id="tech-assign")
                yield Button("Pair", id="tech-pair")
                yield Button("Test deal", id="tech-test-deal")
            yield Static(id="tech-result")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#tech-devices", DataTable).add_columns("device", "kind", "address", "state")
        self.refresh_truths()

    def refresh_truths(self) -> None:
        """The game, the fee schedule, the shuffler's settings and every device's address and state, as
        they are now (after Assign, Set game or Apply too)."""
        app = self.app
        assert isinstance(app, DealerConsole)
        lines = getattr(app.backend, "technician_lines", None)
        self.query_one("#tech-table", Static).update("\n".join(lines()) if callable(lines) else "")
        table = self.query_one("#tech-devices", DataTable)
        table.clear()
        for name, kind, url, state in app.device_rows():
            table.add_row(name, kind, url, state)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        app = self.app
        assert isinstance(app, DealerConsole)

        def val(wid: str) -> str:
            return self.query_one(f"#{wid}", Input).value.strip()

        if event.button.id == "tech-shuffler":
            data: dict[str, Any] = {
                k: int(val(f"tech-{k}")) for k in ("decks", "packet", "hands") if val(f"tech-{k}")
            }
            result = await app.privileged("tech.configure-shuffler", data)
        elif event.button.id == "tech-set-game":
            result = await app.privileged(
                "tech.set-game", {"game": val("tech-game"), "fee_schedule": val("tech-schedule")}
            )
        elif event.button.id == "tech-assign":
            result = await app.privileged(
                "tech.assign-device", {"name": val("tech-device-name"), "url": val("tech-device-url")}
            )
        elif event.button.id == "tech-pair":  # the device must be in pairing mode (its button)
            result = await app.privileged("tech.pair-device", {"name": val("tech-device-name")})
        elif event.button.id == "tech-test-deal":
            result = await app.privileged("tech.test-deal", {})
        else:
            return
        self.query_one("#tech-result", Static).update(result or "done")
        self.refresh_truths()


class MaintenanceScreen(Screen[None]):
    """Diagnostics; the table is not live: devices with firmware, the frame monitor, counters, checks."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1", "app.leave_mode", "Back to dealer", id="dealer")
    ]

    def compose(self) -> ComposeResult:
        yield Static(Text("MAINTENANCE — the table is not live", style="bold reverse"), id="maint-title")
        yield DataTable(id="maint-devices", cursor_type="row")
        with Horizontal(classes="form-row"):
            yield Button("Self-test", id="maint-self-test")
            yield Button("Verify journal", id="maint-verify-journal")
            yield Button("Support bundle", id="maint-support-bundle")
        yield Static(id="maint-result")
        yield Static(id="maint-floor")
        yield Static(id="maint-counters")
        yield RichLog(id="maint-frames", max_lines=500, markup=False, wrap=False)
        yield Footer()

    def on_mount(self) -> None:
        app = self.app
        assert isinstance(app, DealerConsole)
        table = self.query_one("#maint-devices", DataTable)
        table.add_columns("device", "kind", "state", "firmware", "firmware sha256")
        if app.view is not None:
            for d in app.view.devices:
                table.add_row(d.name, d.kind, d.state, d.firmware or "?", d.firmware_sha256 or "?")
        log = self.query_one("#maint-frames", RichLog)
        for frame in app.frames:
            log.write(_frame_line(frame))
        self.show_counters(app.counters)
        self.show_floor_link()
        self.set_interval(1.0, self.show_floor_link)

    def show_floor_link(self) -> None:
        """The floor link's state and how many entries wait (issue 22)."""
        app = self.app
        assert isinstance(app, DealerConsole)
        line = getattr(app.backend, "floor_link_line", None)
        self.query_one("#maint-floor", Static).update(line() if callable(line) else "")

    def show_counters(self, counters: Mapping[str, Mapping[str, int]]) -> None:
        """Counters per device, one line each."""
        lines = [
            f"{dev}: " + ", ".join(f"{k} {v}" for k, v in sorted(c.items()))
            for dev, c in sorted(counters.items())
        ]
        self.query_one("#maint-counters", Static).update("\n".join(lines) or "no counters yet")

    def add_frame(self, frame: DeviceFrame) -> None:
        """Append one frame to the monitor."""
        self.query_one("#maint-frames", RichLog).write(_frame_line(frame))

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        app = self.app
        assert isinstance(app, DealerConsole)
        action = {
            "maint-self-test": "maint.self-test",
            "maint-verify-journal": "maint.verify-journal",
            "maint-support-bundle": "maint.support-bundle",
        }.get(event.button.id or "")
        if action:
            result = await app.privileged(action, {})
            self.query_one("#maint-result", Static).update(result or "done")


def _frame_line(frame: DeviceFrame) -> Text:
    arrow = "→" if frame.direction == "out" else "←"
    return Text.assemble(
        (f"{frame.device:<10} {arrow} ", "bold"), (frame.hex_text, "dim"), "  ", frame.decoded
    )


#: Demo-table keys that make an emulated device misbehave (active only when ``demo_faults``).
DEMO_FAULTS: tuple[tuple[str, str, str, str], ...] = (
    ("1", "shuffler", "jam", "Jam"),
    ("2", "shuffler", "door", "Door"),
    ("3", "shuffler", "reboot", "Reboot"),
    ("4", "shuffler", "disconnect", "Unplug"),
    ("5", "shuffler", "garble_next", "Noise"),
    ("6", "dice", "open_early_next", "Cup early"),
    ("7", "dice", "weak_shake_next", "Weak shake"),
    ("8", "shoe", "misread_next", "Misread"),
    ("9", "tiles", "wrong_tile_next", "Wrong tile"),
    ("0", "tiles", "misread_next", "Tile misread"),
)


# -- the app ------------------------------------------------------------------------------------------


class DealerConsole(App[None]):
    """The console. ``backend`` is the controller (or the demo); ``access`` the PIN gate."""

    CSS_PATH = str(Path(__file__).with_name("console.tcss"))  # absolute: subclasses live elsewhere
    TITLE = "dealer-terminal"
    ENABLE_COMMAND_PALETTE = False  # a kiosk: nothing the dealer can open by accident
    MODES: ClassVar[dict[str, Any]] = {
        "dealer": DealerScreen,
        "technician": TechnicianScreen,
        "maintenance": MaintenanceScreen,
    }
    DEFAULT_MODE = "dealer"
    # Quitting is not a dealer action. Textual binds ctrl+q to quit and ctrl+c to help_quit (and
    # ctrl+c to copy in a screen or an input); here ctrl+q does nothing and ctrl+backslash and ctrl+c
    # both ask for the maintenance PIN, from any screen (priority bindings on the App run before any
    # screen's or widget's). action_quit and action_help_quit are overridden too, so no path to
    # Textual's own quit is left.
    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(key, f"inject('{device}', '{fault}')", label, id=f"demo.{device}.{fault}")
            for key, device, fault, label in DEMO_FAULTS
        ),
        Binding("t", "next_table", "Next game", id="demo.next-table"),
        Binding("ctrl+q", "noop", show=False, priority=True, system=True),
        Binding("ctrl+backslash", "stop_console", "Stop", show=False, priority=True, id="quit", system=True),
        Binding("ctrl+c", "stop_console", show=False, priority=True, id="stop-ctrl-c", system=True),
    ]

    def __init__(
        self,
        backend: ConsoleBackend,
        access: Access,
        *,
        repaint_hz: float = 10.0,
        keymap: Mapping[str, str] | None = None,
        buttons: Mapping[str, str] | None = None,
        devices: Iterable[tuple[str, str, str]] = (),
        startup: Callable[[], Awaitable[None]] | None = None,
        demo_faults: bool = False,
        handle_signals: bool = False,
    ) -> None:
        super().__init__()
        self._startup = startup
        #: Take SIGTERM/SIGHUP (a clean, journaled stop that restores the terminal) and SIGINT/SIGQUIT
        #: (the maintenance PIN, like ctrl+c) on the app's loop; ``run`` sets it, tests need not.
        self.handle_signals = handle_signals
        self._signals: list[int] = []
        self.demo_faults = demo_faults
        self.backend = backend
        self.access = access
        self.view: TableView | None = None
        self._pending: TableView | None = None
        self._min_interval = 1.0 / repaint_hz
        self._last_paint = -1e9
        self._paint_timer: Any = None
        self.paints = 0  # how many repaints happened (the throttle's effect, for tests and figures)
        self._keymap = dict(keymap or {})
        self.buttons = {a: a for a in DEALER_ACTIONS} | dict(buttons or {})
        self._device_config = tuple(devices)
        self.frames: deque[DeviceFrame] = deque(maxlen=500)
        self.counters: dict[str, Mapping[str, int]] = {}
        self.last_result: str | None = None
        #: Demo only: switches the table to the next demo game and says which (set by ``run``).
        self.table_switcher: Callable[[], Awaitable[str]] | None = None

    # -- state in ----------------------------------------------------------------------------------

    def publish(self, view: TableView) -> None:
        """Show ``view`` soon. Thread-safe: posts a message; bursts coalesce and repaints are throttled."""
        self.post_message(ViewPosted(view))

    def on_mount(self) -> None:
        if self._keymap:
            self.set_keymap(self._keymap)
        if self.handle_signals:
            self._take_signals()
        self.backend.attach(self.publish)
        if self._startup is not None:
            # Long-lived device work lives on the App (not a screen) and never takes the console down.
            self.run_worker(self._startup(), name="table", group="table", exit_on_error=False)

    def on_view_posted(self, message: ViewPosted) -> None:
        self._pending = message.view
        if self._paint_timer is not None:
            return  # a repaint is already due; it will take the newest view
        delay = self._last_paint + self._min_interval - time.monotonic()
        if delay <= 0:
            self._paint()
        else:
            self._paint_timer = self.set_timer(delay, self._paint)

    def _paint(self) -> None:
        self._paint_timer = None
        view, self._pending = self._pending, None
        if view is None:
            return
        self.view = view
        self._last_paint = time.monotonic()
        self.paints += 1
        screen = self._current()
        if isinstance(screen, DealerScreen):
            with self.batch_update():
                screen.paint(view)
        elif isinstance(screen, WagerPanel):
            screen.paint(view)
        elif isinstance(screen, CrapsPicker):  # the seat's bets as the table has them now
            screen.paint()

    @on(PanelButton)
    async def _on_panel_button(self, message: PanelButton) -> None:
        await self.press_button(message.button_id)

    def _current(self) -> Screen[Any] | None:
        # A device message can arrive while the app is shutting down and its screens are gone.
        try:
            return self.screen
        except ScreenStackError:
            return None

    @on(DeviceFrame)
    def _on_frame(self, message: DeviceFrame) -> None:
        self.frames.append(message)
        screen = self._current()
        if isinstance(screen, MaintenanceScreen):
            screen.add_frame(message)

    @on(CountersPosted)
    def _on_counters(self, message: CountersPosted) -> None:
        self.counters = dict(message.counters)
        screen = self._current()
        if isinstance(screen, MaintenanceScreen):
            screen.show_counters(self.counters)

    # -- inputs out ----------------------------------------------------------------------------------

    async def press_button(self, button_id: str) -> None:
        """A physical button: its id maps (``console.buttons``) to a dealer action."""
        action = self.buttons.get(button_id)
        if action is None:
            self._say(f"unknown button {button_id!r}")
            return
        if action in ("technician", "maintenance"):
            self.action_enter_mode(action)  # the PIN dialog, exactly as F2/F3
            return
        if action == "dealer":
            self.action_leave_mode()
            return
        await self.dealer_action(action, source="button")

    async def dealer_action(self, action: str, source: str = "key") -> None:
        """Run one dealer action. Clearing an alert asks for the PIN of the role the alert names."""
        if action not in DEALER_ACTIONS:
            self._say(f"unknown action {action!r}")
            return
        if self.access.mode is not Mode.DEALER:
            self._say("the table is not live in this mode")
            return
        if action == "clear-alert":
            await self._clear_alert(source)
            return
        self._say(await self.backend.submit(ConsoleInput(action, "dealer", source)))

    async def _clear_alert(self, source: str) -> None:
        alert = self.view.active_alert if self.view is not None else None
        if alert is None:
            self._say("no alert to clear")
            return
        data = {"code": alert.code, "seat": alert.seat}
        if alert.clear_role == Role.DEALER.value:
            self._say(await self.backend.submit(ConsoleInput("clear-alert", "dealer", source, data)))
            return

        async def cleared(role: Role | None) -> None:
            if role is None:
                self._say(f"{alert.code} not cleared")
                return
            self._say(await self.backend.submit(ConsoleInput("clear-alert", role.value, source, data)))
            self.access.logout()  # the PIN was for this clear only; the table stays the dealer's

        role = Role(alert.clear_role) if alert.clear_role in Role._value2member_map_ else Role.FLOOR
        self.push_screen(PinScreen(role, self.access, f"to clear {alert.code}"), cleared)

    async def privileged(self, action: str, data: Mapping[str, Any]) -> str | None:
        """A technician or maintenance action, as the logged-in role; refused without a session."""
        session = self.access.session
        needed = Mode.TECHNICIAN if action.startswith("tech.") else Mode.MAINTENANCE
        if session is None or self.access.mode is not needed:
            self._say("refused: log in with a PIN first")
            return "refused: log in with a PIN first"
        result = await self.backend.submit(ConsoleInput(action, session.role.value, "key", data))
        self._say(result)
        return result

    def action_enter_mode(self, mode: str) -> None:
        """Enter technician or maintenance mode, asking for the PIN unless the session allows it."""
        target = Mode(mode)
        if self.access.may_enter(target):
            self._switch(target)
            return
        role = Role.TECHNICIAN if target is Mode.TECHNICIAN else Role.MAINTENANCE

        def done(result: Role | None) -> None:
            if result is None:
                self._say(f"{mode} mode not entered")
                return
            try:
                self._switch(target)
            except AccessDenied as exc:
                self._say(str(exc))

        self.push_screen(PinScreen(role, self.access, f"to enter {mode} mode"), done)

    def _switch(self, target: Mode) -> None:
        self.access.enter_mode(target)  # journaled; raises if the session does not allow it
        self.switch_mode(target.value)
        self.run_worker(
            self.backend.submit(ConsoleInput("mode.change", self._role(), "key", {"to": target.value}))
        )

    def action_leave_mode(self) -> None:
        """Back to the dealer screen; the session ends."""
        self.access.logout()
        self.switch_mode(Mode.DEALER.value)
        self.run_worker(self.backend.submit(ConsoleInput("mode.change", "dealer", "key", {"to": "dealer"})))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The demo's fault keys exist only on the demo table, and only on the dealer screen."""
        if action == "inject":
            return self.demo_faults and isinstance(self.screen, DealerScreen)
        if action == "next_table":
            return self.table_switcher is not None and isinstance(self.screen, DealerScreen)
        return True

    def action_wagers(self) -> None:
        """Open the wager panel (dealer mode only)."""
        if self.access.mode is not Mode.DEALER:
            self._say("the table is not live in this mode")
            return
        self.push_screen(WagerPanel())

    def action_tile_picker(self) -> None:
        """Open the tile picker (``e``) on a table whose pieces are tiles (terminal/console/tile_picker.py)."""
        picker_seat = getattr(self.backend, "picker_seat", None)
        if picker_seat is None:
            self._say("this game has no tile picker: it is played with cards")
            return
        if self.access.mode is not Mode.DEALER:
            self._say("the table is not live in this mode")
            return
        from terminal.console.tile_picker import TilePicker

        seat, use = picker_seat()
        self.push_screen(TilePicker(self.backend.config.table.seats, seat, use))  # type: ignore[attr-defined]

    def action_bet_picker(self) -> None:
        """Open the bet picker (``b``): a pot game's betting decisions (terminal/console/bet_picker.py)."""
        if self.access.mode is not Mode.DEALER:
            self._say("the table is not live in this mode")
            return
        from terminal.console.bet_picker import BetPicker

        craps = self.view.extra.get("craps") if self.view is not None else None
        if (
            craps is not None
        ):  # Party Craps: its bets, odds, ON/OFF and take down (terminal/console/craps_picker.py)
            self.push_screen(CrapsPicker(tuple(s.seat for s in craps.seats if not s.player_dealer)))
            return
        shown = self.view.seats if self.view is not None else ()
        # the seats dealt a hand, and those with a wager (Two Card Peek's players hold no cards: rows are boxes)
        seats = tuple(sorted({s.seat for s in shown if not s.name and (s.hands or s.wagers)}))
        self.push_screen(BetPicker(seats))

    def action_pan_picker(self) -> None:
        """Open the Pan picker (``g``): Panguingue's stock draws, melds and discards
        (terminal/console/pan_picker.py)."""
        if self.access.mode is not Mode.DEALER:
            self._say("the table is not live in this mode")
            return
        from terminal.console.pan_picker import PanPicker

        seats = tuple(s.seat for s in self.view.seats if s.hands) if self.view is not None else ()
        self.push_screen(PanPicker(seats))

    async def action_next_table(self) -> None:
        """Demo: deal the next demo game (Pai Gow, baccarat, Three Card Poker) on its emulated devices."""
        if self.table_switcher is not None:
            self._say("switching the demo table: closing this table's devices …")  # it takes a moment
            self._say(await self.table_switcher())

    async def action_inject(self, device: str, fault: str) -> None:
        """Demo: inject an emulator fault."""
        self._say(
            await self.backend.submit(
                ConsoleInput("demo.inject", "dealer", "key", {"device": device, "fault": fault})
            )
        )

    def action_noop(self) -> None:
        """Swallow a key (ctrl+q on a kiosk)."""

    # -- stopping the console -------------------------------------------------------------------------

    def _take_signals(self) -> None:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGHUP):
            loop.add_signal_handler(sig, self.stop_on_signal, sig.name)
        for sig in (signal.SIGINT, signal.SIGQUIT):  # only with TEXTUAL_ALLOW_SIGNALS, or kill -INT
            loop.add_signal_handler(sig, self.action_stop_console)
        self._signals = [signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGQUIT]

    def on_unmount(self) -> None:
        with contextlib.suppress(RuntimeError, ValueError):
            loop = asyncio.get_running_loop()
            for sig in self._signals:
                loop.remove_signal_handler(sig)
        self._signals = []

    def stop_on_signal(self, name: str) -> None:
        """SIGTERM (``systemctl stop``) or SIGHUP (the tty hung up): journal the stop and exit 0 through
        Textual's own shutdown, which leaves the alternate screen and shows the cursor again."""
        self.access.record(STOP_KIND, {"how": "signal", "signal": name, "by": "system"})
        self.exit(return_code=0)

    def action_quit(self) -> None:  # type: ignore[override]
        """Textual's quit: here it asks for the maintenance PIN like ctrl+backslash."""
        self.action_stop_console()

    def action_help_quit(self) -> None:
        """Textual's ctrl+c hint: here ctrl+c asks for the maintenance PIN like ctrl+backslash."""
        self.action_stop_console()

    def action_stop_console(self) -> None:
        """Stop the console: only with the maintenance PIN, journaled; the exit status tells systemd not
        to restart it (:data:`MAINTENANCE_STOP_EXIT`, systemd/dealer-terminal.service)."""
        if any(isinstance(s, PinScreen) and s.purpose == STOP_PURPOSE for s in self.screen_stack):
            return  # already asking
        if not self.access.has_pin(Role.MAINTENANCE):
            self.access.record(STOP_KIND + ".refused", {"reason": "no maintenance PIN configured"})
            self._say("stopping the console needs the maintenance PIN, and none is configured")
            return

        def done(role: Role | None) -> None:
            if role is not Role.MAINTENANCE:
                self.access.record(STOP_KIND + ".refused", {"reason": "cancelled"})
                self._say("the console keeps running")
                return
            self.access.record(STOP_KIND, {"how": "key", "by": role.value})
            self.exit(return_code=MAINTENANCE_STOP_EXIT)

        self.push_screen(PinScreen(Role.MAINTENANCE, self.access, STOP_PURPOSE, "stop-pin-screen"), done)

    def _fatal_error(self) -> None:
        """An unhandled exception still ends the app (exit 1), but its traceback is printed without
        local variables: Textual's own shows them, and a frame's locals can hold a PIN, a PIN hash or the
        journal key (stderr is the system journal). Textual is pinned (pyproject.toml); the leak test in
        tests/terminal/test_quit_and_signals.py fails if this hook stops being called."""
        import rich
        from rich.segment import Segments
        from rich.traceback import Traceback

        self.bell()
        tb = Traceback(show_locals=False, width=None, suppress=[rich])
        self._exit_renderables.append(Segments(self.console.render(tb, self.console.options)))
        self._close_messages_no_wait()

    def _role(self) -> str:
        return self.access.session.role.value if self.access.session else "dealer"

    def _say(self, text: str | None) -> None:
        if text:
            self.last_result = text
            self.notify(text, timeout=4)

    def key_names(self) -> dict[str, str]:
        """Each dealer action's key as the dealer presses it (the keymap's remapping included)."""
        out = {action: keys.split(",")[0] for keys, action, _ in DEALER_BINDINGS}
        out.update({"bet-picker": "b", "pan-picker": "g"})  # the pickers a keyed decision is entered on
        out.update({a: k.split(",")[0] for a, k in self._keymap.items() if a in out})
        if getattr(self.backend, "picker_seat", None) is not None:  # a table whose pieces are tiles
            out["tile-picker"] = self._keymap.get("tile-picker", "e").split(",")[0]
        return out

    def device_rows(self) -> list[tuple[str, str, str, str]]:
        """Devices for the technician screen: configured ones, with the health the view reports."""
        states = {d.name: d.state for d in self.view.devices} if self.view else {}
        config = getattr(self.backend, "config", None)  # the controller's: an Assign moves a device
        configured = (
            [(n, d.kind, d.url) for n, d in sorted(config.devices.items())]
            if config is not None and hasattr(config, "devices")
            else self._device_config
        )
        rows = [(n, k, u, states.get(n, "?")) for n, k, u in configured]
        known = {r[0] for r in rows}
        if self.view:
            rows += [(d.name, d.kind, "", d.state) for d in self.view.devices if d.name not in known]
        return rows
