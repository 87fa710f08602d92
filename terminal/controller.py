"""The table controller: device events and dealer inputs -> journal (durable first) -> round fold -> view.

One controller per table. It owns the journal, the round state and the device health, and is the
console's backend (:class:`terminal.console.view.ConsoleBackend`):

- every input becomes a journal entry *before* it takes effect: round events are journaled with kind
  ``round`` and the event's own JSON (``rules.round.events``), everything else (logins, mode and
  config changes, device information, refused inputs) with its own kind;
- round events are folded into :class:`rules.round.RoundState` (``apply``), and the state is turned
  into a :class:`TableView` (:func:`view_from_state`) and published to the console;
- on start-up the journal is verified (a broken chain refuses to start) and the round events since the
  last game change are folded again, so a restart lands exactly where the table was.

Journal writes (an fsync each) run on one worker thread, so the asyncio loop never blocks on the disk,
and an :class:`asyncio.Lock` keeps "journal, then apply" one step: the order of the journal is the
order of the fold.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import io
import json
import tarfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol

from rules.cards import format_cards
from rules.round import RoundState, Status, apply, event_from_json, fold, initial
from rules.round.alerts import AlertCode
from rules.round.alerts import Role as RulesRole
from rules.round.events import (
    AlertCleared,
    Button,
    ButtonPress,
    CardRead,
    Correction,
    CutCard,
    DeckCheck,
    Declare,
    DeclareKind,
    DeviceFault,
    DiceResult,
    Event,
    RoundStart,
    Shuffle,
    Target,
    TargetKind,
)
from rules.round.state import undone
from terminal.config import TerminalConfig, fee_schedule, state_dir
from terminal.console.view import (
    AlertView,
    ConsoleInput,
    DeviceView,
    HandView,
    SeatView,
    SettlementLine,
    TableView,
    WagerView,
)
from terminal.errors import UserError
from terminal.games import get_game, load_games
from terminal.journal import ROUND_KIND, Entry, Journal, VerifyReport
from terminal.scenario import game_rules

CONFIG_KIND = "config"


class DeviceSource(Protocol):
    """A started device driver (``devices.driver.Device``): its name and its typed events."""

    name: str

    def events(self) -> AsyncIterator[Any]: ...


class AsyncJournal:
    """The journal with appends on one worker thread (fsync off the event loop, order kept)."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="journal")

    async def append(self, kind: str, payload: Mapping[str, Any]) -> Entry:
        """Append and return once durable."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, self.journal.append, kind, dict(payload))

    def close(self) -> None:
        """Finish pending writes and close the file."""
        self._pool.shutdown(wait=True)
        self.journal.close()


def config_entry(cfg: TerminalConfig) -> dict[str, Any]:
    """What the journal records of the configuration (no PIN hashes)."""
    t = cfg.table
    return {
        "game": t.game,
        "seats": t.seats,
        "table_id": t.id,
        "fee_schedule": t.fee_schedule,
        "limits": t.limits.model_dump(),
        "devices": {n: {"kind": d.kind, "url": d.url} for n, d in sorted(cfg.devices.items())},
    }


def round_events_since_game(journal: Journal, game: str) -> list[Event]:
    """The round events after the last ``config`` entry that set a different game (the current table)."""
    events: list[Event] = []
    current: str | None = None
    for e in journal.entries():
        if e.kind == CONFIG_KIND and isinstance(e.payload.get("game"), str):
            if e.payload["game"] != current:
                events = []  # a new game on the table starts a new fold
            current = e.payload["game"]
        elif e.kind == ROUND_KIND and (current is None or current == game):
            events.append(event_from_json(e.payload))
    return events if current in (None, game) else []


class TableController:
    """The controller of one table; also the console's backend."""

    def __init__(
        self,
        config: TerminalConfig,
        journal: Journal,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.config = config
        self.journal = AsyncJournal(journal)
        self.clock = clock
        self.game = get_game(config.table.game)
        self.rules = game_rules(self.game)
        replayed = round_events_since_game(journal, self.game.id)
        self.state: RoundState = fold(self.rules, replayed)
        self.round_no = sum(isinstance(e, RoundStart) for e in replayed)
        self.devices: dict[str, DeviceView] = {
            n: DeviceView(n, d.kind, "offline", "not connected") for n, d in sorted(config.devices.items())
        }
        self.drivers: dict[str, Any] = {}
        self.counters: dict[str, dict[str, int]] = {}
        self.live = True
        self.player_dealer: int | None = self.state.start.player_dealer if self.state.start else None
        self.deal_no: int | None = None
        self._lock = asyncio.Lock()
        self._publish: Callable[[TableView], None] = lambda v: None
        self._last_config = config_entry(config)
        #: Where the frame monitor's lines go: ``frame_tap(device, "in"|"out", hex, decoded)`` (set by ``run``).
        self.frame_tap: Callable[[str, str, str, str], None] | None = None
        #: How to tell the person at the table something that is not state (set by ``run``).
        self.notice: Callable[[str], None] | None = None
        #: Demo and training only: digit keys inject emulator faults (``demo.inject``); off on a real table.
        self.demo_faults = False
        #: How a physical button reaches the console (set by ``run``), so that a button that clears an
        #: alert asks for the PIN exactly as the key does. Without one, buttons go straight to submit().
        self.button_handler: Callable[[str], Awaitable[None]] | None = None

    # -- start-up and the console ------------------------------------------------------------------

    async def start(self) -> None:
        """Journal the configuration if it changed since the journal last recorded it."""
        last = None
        for e in self.journal.journal.entries(kind=CONFIG_KIND):
            last = e.payload
        if last != self._last_config:
            await self.journal.append(CONFIG_KIND, self._last_config)

    def attach(self, publish: Callable[[TableView], None]) -> None:
        """The console's publish function; the current view is shown at once."""
        self._publish = publish
        publish(self.view())

    def view(self) -> TableView:
        """The table as the console shows it."""
        return view_from_state(
            self.state,
            self.config,
            game_name=self.game.name,
            room=self.game.room,
            devices=tuple(self.devices.values()),
            deal_no=self.deal_no,
            live=self.live,
            round_no=self.round_no,
        )

    def _show(self) -> None:
        view = self.view()
        self._publish(view)
        self._update_panels(view)

    def panel_state(self, view: TableView) -> Any:
        """What lamps and displays reflect (``devices.panel.PanelState``), derived from the view."""
        from devices.panel import PanelState

        alert = view.active_alert
        action = next((s.seat for s in view.seats if s.action), None)
        pd = next((s.seat for s in view.seats if s.player_dealer), None)
        dice = self.state.dice
        if not view.live:
            phase = "maintenance"
        elif alert is not None and alert.severity == "stop":
            phase = "fault"
        else:
            phase = {"waiting": "betting", "settlement": "settling"}.get(view.phase, view.phase)
            phase = phase if phase in ("betting", "dealing", "settling") else "idle"
        return PanelState(
            game=self.game.name,
            open=view.open and view.live,
            phase=phase,
            action_seat=action,
            player_dealer_seat=pd,
            dice_total=sum(dice) if dice else None,
            alert=alert.code if alert is not None else None,
        )

    def _update_panels(self, view: TableView) -> None:
        # Lamps and displays are derived from state on every change, never commanded ad hoc.
        panels = [d for n, d in self.drivers.items() if self.config.devices[n].kind == "panel"]
        if not panels:
            return
        state = self.panel_state(view)
        for drv in panels:
            with contextlib.suppress(Exception):
                drv.show_state(state)

    # -- the one path for round events ------------------------------------------------------------

    async def apply_event(self, event: Event) -> RoundState:
        """Journal ``event`` (durable), then fold it into the round and show the result."""
        async with self._lock:
            await self.journal.append(ROUND_KIND, event.to_json())
            self.state = apply(self.state, event)
            if isinstance(event, RoundStart):
                self.round_no += 1
        self._show()
        return self.state

    # -- dealer and staff inputs (ConsoleBackend) -------------------------------------------------

    async def submit(self, inp: ConsoleInput) -> str | None:
        """Turn a console input into journal entries and round events; a sentence for refusals."""
        a = inp.action
        if a.startswith(("tech.", "maint.")):
            return await self._staff(inp)
        if a == "demo.inject":
            return await self.inject_fault(str(inp.data.get("device", "")), str(inp.data.get("fault", "")))
        if a == "mode.change":
            self.live = inp.data.get("to") != "maintenance"
            self._show()
            return None
        if not self.live:
            await self.journal.append("input", {**inp.to_json(), "refused": "table not live"})
            return "the table is not live in maintenance"
        if a == "new-round" and getattr(self.state.expected, "kind", "") == "shuffle" and self.shuffler():
            await self.journal.append("input", inp.to_json())
            self.shuffler().shuffle()
            return "shuffling: press new round again when the shuffler is ready"
        event = self._round_event_for(inp)
        if isinstance(event, str):
            await self.journal.append("input", {**inp.to_json(), "refused": event})
            return event
        if event is None:  # an input that is not a round event: journaled as itself
            await self.journal.append("input", inp.to_json())
            return self._note_input(inp)
        before = len(self.state.notes)
        await self.apply_event(event)
        if isinstance(event, RoundStart):
            self._dispense_if_due()
        elif isinstance(event, AlertCleared):
            self._after_clear(event)
        notes = self.state.notes[before:]
        return notes[-1] if notes else None

    def _round_event_for(self, inp: ConsoleInput) -> Event | str | None:
        a, role = inp.action, inp.role
        rules_role = RulesRole(role) if role in RulesRole._value2member_map_ else RulesRole.DEALER
        if a == "confirm":
            return ButtonPress(Button.CONFIRM, role=rules_role)
        if a == "call-floor":
            return ButtonPress(Button.CALL_FLOOR, role=rules_role)
        if a == "misdeal":
            return Declare(DeclareKind.MISDEAL)
        if a == "undo":
            off = undone(self.state.segment)
            for n, e in reversed(self.state.segment):
                if not isinstance(e, Correction) and n not in off:
                    return Correction(of=n, reason="dealer undo", role=rules_role)
            return "nothing to undo in this round"
        if a == "clear-alert":
            code = str(inp.data.get("code", ""))
            seat = inp.data.get("seat")
            for alert in self.state.active_alerts:
                if alert.code.value == code and (seat is None or alert.seat == seat):
                    if not rules_role.may_clear(alert.clear_role):
                        return f"{code} is cleared by {alert.clear_role.value}, not {role}"
                    return AlertCleared(AlertCode(code), rules_role, seat)
            return f"no active alert {code}"
        if a == "new-round":
            seats = tuple(range(1, self.config.table.seats + 1))
            pd = self.player_dealer if self.player_dealer in seats else None
            same = self.state.start is not None and self.state.start.player_dealer == pd
            self.deal_no = (2 if same and self.deal_no == 1 else 1) if pd is not None else None
            return RoundStart(seats=seats, player_dealer=pd)
        return None

    def _note_input(self, inp: ConsoleInput) -> str | None:
        a = inp.action
        seats = self.config.table.seats
        if a == "bank-accepted":
            current = self.player_dealer or 0
            self.player_dealer = current % seats + 1  # the bank goes clockwise to the next seat
            self.deal_no = None
            self._show()
            return f"seat {self.player_dealer} takes the bank from the next round"
        if a == "bank-declined":
            return "the bank stays; offer it to the next seat"
        if a == "bank-offered":
            return "bank offered"
        if a == "house-way":
            return "House Way: the family's setting is shown when hands are set (dealer-terminal house-way)"
        return None

    async def _staff(self, inp: ConsoleInput) -> str | None:
        a, data = inp.action, dict(inp.data)
        if a == "maint.verify-journal":
            loop = asyncio.get_running_loop()
            report = await loop.run_in_executor(None, self._verify_copy)
            await self.journal.append("maintenance", {"action": a, "role": inp.role, "ok": report.ok})
            return str(report.summary())
        if a == "tech.set-game":
            game = str(data.get("game", "")) or self.config.table.game
            schedule = str(data.get("fee_schedule", "") or "") or None
            if game not in load_games():
                return f"unknown game {game!r}"
            if schedule is not None:
                try:
                    fee_schedule(schedule)
                except ValueError as exc:
                    return f"fee schedule {schedule!r}: {exc}"
            table = self.config.table.model_copy(update={"game": game, "fee_schedule": schedule})
            new = self.config.model_copy(update={"table": table}, deep=True)
            await self.journal.append(CONFIG_KIND, {**config_entry(new), "role": inp.role})
            changed = game != self.game.id
            self.config, self.game = new, get_game(game)
            if changed:  # a new game on the table starts a fresh round state (and a fresh fold)
                self.rules = game_rules(self.game)
                self.state = initial(self.rules)
                self.round_no = 0
            self._show()
            return f"the table deals {self.game.name} ({game})" + (f", fees {schedule}" if schedule else "")
        if a == "tech.configure-shuffler":
            from devices.errors import DeviceConfigError
            from devices.shuffler import shuffler_config_from_options

            try:
                settings = shuffler_config_from_options(data)
            except (DeviceConfigError, ValueError, TypeError) as exc:
                return f"shuffler settings refused: {exc}"
            await self.journal.append(CONFIG_KIND + ".shuffler", {**data, "role": inp.role})
            drv = self.shuffler()
            if drv is None:
                return "shuffler settings recorded; no shuffler is connected"
            drv.configure(settings)
            return f"shuffler set: {settings.decks} deck(s), {settings.mode} of {settings.packet_size} x {settings.packets}"
        if a == "tech.assign-device":
            await self.journal.append(CONFIG_KIND + ".device", {**data, "role": inp.role})
            return f"device {data.get('name')!r} assigned to {data.get('url')!r}; effective after a restart"
        if a == "maint.support-bundle":
            path = await asyncio.get_running_loop().run_in_executor(None, self.support_bundle)
            await self.journal.append("maintenance", {"action": a, "role": inp.role, "path": str(path)})
            return f"support bundle written to {path}"
        await self.journal.append("maintenance" if a.startswith("maint.") else CONFIG_KIND, inp.to_json())
        return f"{a}: recorded"

    async def inject_fault(self, device: str, fault: str) -> str:
        """Demo and training: make an emulated device misbehave now (``Emulator.inject``)."""
        if not self.demo_faults:
            return "fault injection is for the demo table only"
        drv = self.drivers.get(device)
        if drv is None:
            kinds: dict[str, str] = {d.kind: n for n, d in self.config.devices.items()}
            drv = self.drivers.get(kinds.get(device, ""))
        serial = getattr(getattr(drv, "transport", None), "serial", None)
        runner = getattr(serial, "_emulator", None)  # protocol_emu.Serial: the PtyEmulator behind emu://
        if runner is None:
            return f"{device}: not an emulated device"
        emulator = runner.emulator

        def inject() -> None:
            # An unknown fault name does nothing (the demo keys only use known ones).
            with contextlib.suppress(ValueError):
                emulator.inject(fault, time.monotonic())

        await self.journal.append("demo", {"action": "inject", "device": device, "fault": fault})
        runner.call(inject)
        return f"{device}: {fault.replace('_', ' ')} injected"

    def _verify_copy(self) -> VerifyReport:
        with Journal(self.journal.journal.path, verify=False, create=False) as j:
            return j.verify()

    def support_bundle(self) -> Path:
        """A tar.gz with the redacted configuration, the journal dump and device health."""
        out = state_dir() / f"support-{self.config.table.id}-{int(self.clock())}.tar.gz"
        out.parent.mkdir(parents=True, exist_ok=True)
        with Journal(self.journal.journal.path, verify=False, create=False) as j:
            dump = j.dump()
        files = {
            "config.json": self.config.redacted(),
            "journal.json": dump,
            "devices.json": {n: vars(d) for n, d in self.devices.items()},
            "counters.json": self.counters,
        }
        with tarfile.open(out, "w:gz") as tar:
            for name, obj in files.items():
                data = json.dumps(obj, indent=1, default=str).encode()
                info = tarfile.TarInfo(name)
                info.size = len(data)
                info.mtime = int(self.clock())
                tar.addfile(info, io.BytesIO(data))
        return out

    # -- devices -----------------------------------------------------------------------------------

    async def on_device_event(self, ev: Any) -> None:
        """One typed device event: a round event when it is one, else journaled as device information."""
        name = getattr(ev, "device", "") or "?"
        self._health(name, ev)
        event = round_event_for(ev)
        if event is not None:
            await self.apply_event(event)
            cfg = getattr(self.drivers.get(name), "config", None)
            if type(ev).__name__ == "CardDispensed" and cfg is not None and cfg.mode == "single":
                self._dispense_if_due()
            return
        await self.journal.append("device", {"device": name, "event": type(ev).__name__, **_plain(ev)})
        self._show()
        t = type(ev).__name__
        if t == "PacketDispensed":
            self._dispense_if_due()
        elif t == "ButtonPressed" and not ev.acts:
            if self.notice is not None:
                self.notice(f"hold {ev.button_id.replace('_', ' ')} for 2 seconds")
        elif t == "ButtonPressed":
            action = ev.button_id.replace("_", "-")
            if self.button_handler is not None:
                await self.button_handler(action)
            else:
                await self.submit(ConsoleInput(action, "dealer", "button"))

    def _after_clear(self, event: AlertCleared) -> None:
        # A cleared device alert releases the device: a restart is acknowledged, a jam resumes.
        still = {a.code for a in self.state.active_alerts}
        if event.code in still:
            return  # the engine refused the clear (it notes why)
        for name, drv in list(self.drivers.items()):
            with contextlib.suppress(Exception):
                if event.code is AlertCode.DEVICE_RESTARTED and getattr(drv, "restart_pending", False):
                    drv.acknowledge_restart()
                    self.devices[name] = replace(self.devices[name], state="ok", detail="")
                elif event.code is AlertCode.SHUFFLER_JAM and getattr(drv, "jammed", False):
                    drv.clear_fault()
                    self.devices[name] = replace(self.devices[name], state="ok", detail="")
        self._show()

    def shuffler(self) -> Any:
        """The connected shuffler driver, if any."""
        for name, drv in self.drivers.items():
            if self.config.devices.get(name) is not None and self.config.devices[name].kind == "shuffler":
                return drv
        return None

    def _dispense_if_due(self) -> None:
        # The shuffler hands out the next packet only while the round expects a card.
        drv = self.shuffler()
        if drv is not None and self.state.status is Status.DEALING and hasattr(self.state.expected, "target"):
            with contextlib.suppress(Exception):
                drv.dispense()

    COUNTED = {
        "CardRead": "reads",
        "CardDispensed": "reads",
        "UnreadableCard": "misreads",
        "ShufflerJam": "jams",
        "ShortDispense": "short_dispenses",
        "CommsLost": "comms_lost",
        "CommsRestored": "reconnects",
        "DeviceRestarted": "restarts",
    }

    def counter_snapshot(self) -> dict[str, dict[str, int]]:
        """Per device: the table's counts (reads, misreads, jams …) and the link's (CRC errors …)."""
        out = {n: dict(c) for n, c in self.counters.items()}
        for name, drv in self.drivers.items():
            link = getattr(drv, "counters", None)
            if link is not None:
                c = out.setdefault(name, {})
                c["crc_errors"] = int(getattr(link, "bad_frames", 0))
                c["retransmits"] = int(getattr(link, "retransmits", 0))
                c["frames_in"] = int(getattr(link, "frames_in", 0))
        return out

    def _health(self, name: str, ev: Any) -> None:
        t0 = type(ev).__name__
        key = self.COUNTED.get(t0)
        if t0 == "CardDispensed" and getattr(ev, "card", 0) is None:
            key = "misreads"
        if key is not None:
            c = self.counters.setdefault(name, {})
            c[key] = c.get(key, 0) + 1
        kind = self.devices[name].kind if name in self.devices else getattr(ev, "kind", "?")
        cur = self.devices.get(name, DeviceView(name, kind))
        t = type(ev).__name__
        if t == "DeviceIdentity":
            cur = replace(
                cur, state="ok", detail="", firmware=ev.firmware_version, firmware_sha256=ev.firmware_hash
            )
        elif t in ("CommsLost", "ShoeEmpty"):
            cur = replace(cur, state="offline" if t == "CommsLost" else "warning", detail=t)
        elif t == "ProgramIntegrityFailed":
            cur = replace(cur, state="disabled", detail="firmware hash mismatch")
        elif getattr(ev, "alert_code", None):
            cur = replace(cur, state="fault", detail=str(ev.alert_code))
        elif t in ("CommsRestored", "DoorClosed", "ShuffleComplete"):
            cur = replace(cur, state="ok", detail="")
        self.devices[name] = cur

    async def pump(self, device: DeviceSource) -> None:
        """Feed one device's events into the controller until it closes."""
        async for ev in device.events():
            await self.on_device_event(ev)

    async def run_devices(self) -> None:
        """Open every configured device (emulators included) and pump their events; never raises."""
        from devices.api import open_device, transport_for
        from devices.spec import DeviceSpec
        from terminal.paths import config_dir

        async def one(name: str) -> None:
            d = self.config.devices[name]
            spec = DeviceSpec(name, d.kind, d.url, d.firmware_sha256, d.baud, dict(d.options))
            try:
                transport = None
                if spec.scheme != "gpio":
                    transport = transport_for(spec, emulator_dir=config_dir() / "emulators")
                    self._tap(name, transport)
                async with open_device(spec, transport, emulator_dir=config_dir() / "emulators") as dev:
                    self.drivers[name] = dev
                    if d.kind == "shuffler" and d.options:
                        from devices.shuffler import shuffler_config_from_options

                        dev.configure(shuffler_config_from_options(d.options))
                    await self.pump(dev)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - a device that cannot start is shown, not fatal
                self.devices[name] = replace(self.devices[name], state="offline", detail=str(exc)[:60])
                await self.journal.append(
                    "device", {"device": name, "event": "open-failed", "error": str(exc)}
                )
                self._show()
            finally:
                self.drivers.pop(name, None)

        await asyncio.gather(*(one(n) for n in self.config.devices), return_exceptions=True)

    def _tap(self, name: str, transport: Any) -> None:
        # The maintenance frame monitor: every frame each way, hex and decoded, to ``frame_tap``.
        from firmware_bridge.framer import FrameDecoder

        decoders = {"in": FrameDecoder(), "out": FrameDecoder()}
        read, write = transport.read, transport.write

        def show(direction: str, data: bytes) -> None:
            if self.frame_tap is None or not data:
                return
            for item in decoders[direction].feed(data):
                self.frame_tap(name, direction, *describe_frame(item))

        async def tapped_read() -> bytes:
            data: bytes = await read()
            show("in", data)
            return data

        def tapped_write(data: bytes) -> None:
            write(data)
            show("out", data)

        transport.read, transport.write = tapped_read, tapped_write

    def close(self) -> None:
        """Finish journal writes and close it."""
        with contextlib.suppress(Exception):
            self.journal.close()


def describe_frame(item: Any) -> tuple[str, str]:
    """A decoded frame (or a framing error) as ``(hex, words)`` for the frame monitor."""
    from firmware_bridge.framer import Frame, encode_frame
    from firmware_bridge.messages import MESSAGE_TYPES, decode_payload

    if not isinstance(item, Frame):
        raw = getattr(item, "raw", b"") or b""
        return raw.hex(" "), f"bad frame: {getattr(item, 'reason', item)}"
    cls = MESSAGE_TYPES.get(item.type)
    words = f"seq {item.seq} ack {item.ack} "
    if cls is None:
        words += f"type 0x{item.type:02x}"
    else:
        try:
            msg = decode_payload(item.type, item.payload)
            fields = ", ".join(f"{k}={v}" for k, v in _plain(msg).items())
            words += f"{cls.__name__}({fields})"
        except Exception:  # noqa: BLE001 - the monitor shows what it cannot decode
            words += f"{cls.__name__} (undecodable payload)"
    return encode_frame(item).hex(" "), words


def _plain(ev: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if dataclasses.is_dataclass(ev):
        items = [(f.name, getattr(ev, f.name)) for f in dataclasses.fields(ev)]
    else:
        items = list(vars(ev).items()) if hasattr(ev, "__dict__") else []
    for k, v in items:
        if k == "device":
            continue
        if isinstance(v, str | int | float | bool) or v is None:
            out[k] = v
        elif isinstance(v, tuple):
            out[k] = [str(x) for x in v]
        else:
            out[k] = str(v)
    return out


def round_event_for(ev: Any) -> Event | None:
    """The round event a device event stands for, or None (identity, link and information events)."""
    t = type(ev).__name__
    src = getattr(ev, "device", "") or "device"
    if t == "CardDispensed":
        # The wire's pile counts from 0 (the shuffler's first packet is pile 0); the round engine's
        # packet number counts from 1 (packet k goes to the phase's k-th recipient).
        return CardRead(ev.card, face_up=ev.face_up, source=src, packet=ev.pile + 1)
    if t in ("CardRead", "UnreadableCard"):
        return CardRead(ev.card, face_up=ev.face_up, source=src)
    if t == "DiceRolled":
        return DiceResult((ev.d1, ev.d2, ev.d3), source=src)
    if t == "ShuffleComplete":
        return Shuffle(deck_id=str(getattr(ev, "shuffle_id", "")), source=src)
    if t == "DeckVerified":
        return DeckCheck(ev.count, tuple(ev.missing), tuple(ev.extra), tuple(ev.duplicates), source=src)
    if t == "CutCardReached":
        return CutCard(source=src)
    code = getattr(ev, "alert_code", None)
    if code in AlertCode._value2member_map_ and code not in (
        "UNREADABLE_CARD",
        "DUPLICATE_CARD",
        "FOREIGN_CARD",
        "DECK_COUNT_MISMATCH",
    ):
        with contextlib.suppress(Exception):
            return DeviceFault(src, AlertCode(code), detail=t)
    return None


# -- the view ----------------------------------------------------------------------------------------

PHASES = {
    Status.IDLE: "waiting",
    Status.DEALING: "dealing",
    Status.DEALT: "settlement",
    Status.VOID: "closed",
}


def view_from_state(
    state: RoundState,
    config: TerminalConfig,
    *,
    game_name: str,
    room: str = "",
    devices: tuple[DeviceView, ...] = (),
    deal_no: int | None = None,
    live: bool = True,
    round_no: int = 0,
) -> TableView:
    """The dealer screen's view of a round state (pure)."""
    start = state.start
    in_play = set(start.seats) if start else set(range(1, config.table.seats + 1))
    pd = start.player_dealer if start else None
    wagers: dict[int, list[WagerView]] = {}
    for w in start.wagers if start else ():
        wagers.setdefault(w.seat, []).append(WagerView(w.spot, w.cents))
    expected = state.expected
    action_seat = getattr(expected, "seat", None)
    target = getattr(expected, "target", None)
    if action_seat is None and isinstance(target, Target) and target.kind is TargetKind.SEAT:
        action_seat = target.index
    seats = []
    for n in range(1, config.table.seats + 1):
        cards = state.hand(Target(TargetKind.SEAT, n))
        hands = (HandView(tuple(format_cards([c]) for c in cards)),) if cards else ()
        status = ""
        if n in state.dead:
            status = "dead hand"
        elif n in state.folded:
            status = "folded"
        elif n == pd:
            status = "bank"
        seats.append(
            SeatView(
                seat=n,
                occupied=n in in_play,
                wagers=tuple(wagers.get(n, ())),
                hands=hands,
                action=n == action_seat,
                player_dealer=n == pd,
                status=status,
            )
        )
    # Recipients that are not seats (piles, boxes, the player-dealer's hand, the board): a second row.
    seen: list[Target] = []
    for p in state.placed:
        if p.target.kind not in (TargetKind.SEAT, TargetKind.BURN) and p.target not in seen:
            seen.append(p.target)
    piles = tuple(
        SeatView(
            seat=0,
            name=str(t),
            hands=(HandView(tuple(format_cards([c]) for c in state.hand(t))),),
            action=t == target,
        )
        for t in sorted(seen, key=lambda t: t.sort_key)
    )
    outcome = state.outcome
    settlement: list[SettlementLine] = []
    if outcome is not None and outcome.settlement:
        for w in outcome.settlement.get("wagers", ()):
            settlement.append(
                SettlementLine(
                    f"Seat {w.get('seat')} {w.get('spot', '')}".strip(),
                    str(w.get("result", "")),
                    int(w.get("net_cents", 0) or 0),
                    seat=w.get("seat"),
                    note=str(w.get("rule", "")),
                )
            )
    if outcome is not None:
        for w in outcome.returned:
            settlement.append(SettlementLine(f"Seat {w.seat} {w.spot}", "returned", 0, seat=w.seat))
    return TableView(
        game_id=state.game.id,
        game_name=game_name,
        room=room,
        table_id=config.table.id,
        open=state.status is Status.IDLE,
        phase=PHASES.get(state.status, "waiting"),
        round_no=round_no,
        player_dealer=f"Seat {pd}" if pd else ("House" if start else ""),
        deal_no=deal_no if pd else None,
        seats=tuple(seats),
        piles=piles,
        next_step=state.prompt,
        next_detail=state.notes[-1] if state.notes else "",
        alerts=tuple(AlertView.from_json(a.to_json()) for a in state.active_alerts),
        devices=devices,
        settlement=tuple(settlement),
        live=live,
        extra={"seq": state.seq},  # the number of round events folded (for tools that follow the view)
    )


def open_table(config: TerminalConfig, journal_path: str | Path | None = None) -> TableController:
    """Open the configured journal (verified) and build the controller; UserError if it is broken."""
    path = Path(journal_path) if journal_path else config.journal.resolved_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"{path.parent}: cannot create the journal's directory: {exc.strerror}") from None
    return TableController(config, Journal(path))
