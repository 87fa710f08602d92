"""``benchmarks/soak.py --through devices``: the soak with the table's devices in the loop.

The real controller (``controller_class``) of an example table with EMULATED devices — ``emu://``
shufflers, shoes and dice cups, each the real emulator behind the production serial transport and the
real driver, under the table's device supervisor (``TableController.run_devices``) — deals rounds as a
dealer following the prompt would (``tests/terminal/flow_model.py``'s ``EmulatedTable``, whose steps this
reuses): the cards come off the emulated shuffler or shoe and the dice out of the emulated cup, over ptys,
through the same protocol as on a table. At random points a device fault is injected through the
emulator-control port (the demo's fault keys: jam, door, reboot, unplug, line noise, misread, cup opened
early, weak shake) and misdeals are declared; the dealer (and the floor, with its PIN) clears what the
table stops on.

At random points — mid-round too — the table is restarted: the devices are stopped (the supervisor closes
every port), the controller is closed and built again from the journal, and its table (round, fold, shoe,
layout, alerts) must equal the table before; then the devices are opened again. In a fresh process the
restart is timed as ``--through engine`` times it (``soak.RESTART``: journal open, controller, start).

No verdict here depends on the machine's speed: the devices' silence watchdog and the controller's timer
are manual clocks. The dealer acts as soon as the table needs the dealer (:func:`ready`): the table has
not changed for a few short polls and its state is one the dealer answers; while the table waits on a
device, the dealer waits until the device moves it (or, after ``PATIENCE`` of nothing new, counts one
idle step towards a stuck round). A slow machine only makes a step idle, never a verdict different.

A stuck round is printed with what an operator needs to see why (:func:`device_diagnosis`): each
device's chip (state and detail), the supervisor's counts (opened, failed) and where each device's task
waits (its chain of awaits: serving events, or in the handshake of a port being opened), the devices a
clearing is reopening, each open driver's link (established, silent, frames in flight), and what the
round asked of the devices (a packet owed, packets out, the round the cup was armed for).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import shutil
import sqlite3
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import quote

import yaml

from devices.transports import emulator_control
from firmware_bridge.clock import ManualClock
from firmware_bridge.link import LinkConfig
from terminal.config import TerminalConfig
from terminal.console.app import DEMO_FAULTS
from terminal.controller import SETTLEMENT_KIND, controller_class
from terminal.journal import ROUND_KIND, journal_for, open_for_check
from terminal.paths import config_dir
from terminal.roles import Access
from terminal.table.machine import Step
from terminal.table.state import TableState, fold_entries
from tests.terminal.flow_model import HASHES, EmulatedTable, table_config

#: Example tables whose devices deal the whole round: a shuffler and a dice cup (Pai Gow), a reading shoe
#: (baccarat), a shuffler dealing hands of three (Three Card Poker).
TABLES = ("paigow", "baccarat", "threecard")
#: Dealer steps without a new round after which the dealer declares a misdeal (and the soak stops if the
#: round after the misdeal does not move either).
STUCK = 300
#: Dealer steps whose wait on a device ran out of patience, without a new round, that count as stuck too
#: (3 s of nothing new while the table waits on a device).
STUCK_IDLE = 12
#: Stuck rounds in a row (each misdealt, the table restarted) after which the soak stops.
STUCK_IN_A_ROW = 20
#: :func:`ready`'s longest sleep between changes shown, the calm (seconds with nothing new) after which a
#: state the dealer answers is acted on, and the patience (seconds with nothing new) after which a wait on a
#: device is one idle step.
POLL, CALM, PATIENCE = 0.006, 0.012, 0.25
#: The states in which the table waits on its devices (the dealer has nothing to press).
DEVICE_WAITS = (Step.SHUFFLING, Step.DEALING, Step.DICE, Step.MAINTENANCE)
#: How long an injected unplug lasts (the demo key's default is 5 s of wall).
UNPLUG_SECONDS = 0.5
#: The emulated dice cup's pace, seconds between its actions (the profiles' default is 0.05 s: four
#: actions, 0.2 s of wall a roll). The soak's copies of the profiles (:func:`emulator_profiles`) use this.
DICE_STEP = 0.005


def emulator_profiles(workdir: Path) -> Path:
    """Copies of ``config/emulators`` for the soak, the dice cup's pace set to :data:`DICE_STEP` (the
    same devices and protocol, a quicker hand on the cup); the folder (the devices' ``emu://…?dir=``)."""
    out = workdir / "emulators"
    out.mkdir(exist_ok=True)
    for f in sorted((config_dir() / "emulators").glob("*.yaml")):
        data = yaml.safe_load(f.read_text(encoding="utf-8"))
        if data.get("kind") == "dice_cup":
            data.setdefault("dice", {})["step"] = DICE_STEP
        (out / f.name).write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return out


#: Where the soak's emulated devices keep their flash, inside the work folder (:func:`emulator_flash`).
FLASH = "emulator-flash"


def emulator_flash(workdir: Path) -> Path:
    """The emulated devices' flash (their NVRAM: the message counter, the events not yet acknowledged, the
    shoe's position; the emulator writes it at every read, atomically, by a rename): ``workdir/FLASH``, a
    link to a new folder on tmpfs (``/dev/shm``) where there is one. A device's flash is not the
    terminal's disk: a rename on the journal's disk at every card was about a third of the emulators' CPU
    (0.17 ms against 0.04 ms on tmpfs). The same file and the same atomic rename, so a device opened again
    resumes its counter as before. :func:`drop_flash` removes it."""
    link = workdir / FLASH
    shm = Path("/dev/shm")
    if not link.exists() and shm.is_dir() and os.access(shm, os.W_OK):
        link.symlink_to(tempfile.mkdtemp(prefix="soak-flash-", dir=shm), target_is_directory=True)
    return link


def drop_flash(workdir: Path) -> None:
    """Remove the emulated devices' flash that :func:`emulator_flash` put on tmpfs."""
    link = workdir / FLASH
    if link.is_symlink():
        shutil.rmtree(link.resolve(), ignore_errors=True)
        link.unlink()


async def ready(
    t: DevicesTable, *, poll: float = POLL, calm: float = CALM, patience: float = PATIENCE
) -> bool:
    """Wait until the table needs the dealer: nothing new (the table, the devices, the controller's
    tasks, the changes it showed: ``TableController.changes``) for ``calm`` seconds in a state the dealer
    answers, or for ``patience`` seconds in a state that waits on a device. True when the wait ran out of
    patience. Woken at once by every change the controller shows (``TableController.on_change``), and
    otherwise when the calm or the patience would run out, or after ``poll`` seconds (a device's state or
    the controller's tasks may change with no change shown): not a wake-up every 2 ms."""
    c = t.c
    loop = asyncio.get_running_loop()
    moved = asyncio.Event()
    c.on_change = moved.set
    last: Any = None
    since = loop.time()
    waits: bool | None = None  # whether the quiet table waits on a device (asked once per quiet spell)
    try:
        while True:
            due = since + (patience if waits else calm) - loop.time()
            if not moved.is_set():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(moved.wait(), max(min(poll, due), 0.0005))
            moved.clear()
            table = c.table  # a new object on every change (the fold is immutable): compared by identity
            now = (tuple(d.state for d in c.devices.values()), len(c._tasks), c.changes)
            at = loop.time()
            if last is None or table is not last[0] or now != last[1]:
                last, since, waits = (table, now), at, None
                continue
            quiet_for = at - since
            if quiet_for >= patience:
                return True
            if quiet_for >= calm:
                if waits is None:
                    waits = _waits_on_devices(c)
                if not waits:
                    return False
    finally:
        c.on_change = None


def _waits_on_devices(c: Any) -> bool:
    step = c.step()
    if step is Step.DEALING:
        return hasattr(c.state.expected, "target")  # not a betting round the dealer closes
    return step in DEVICE_WAITS


class DevicesTable(EmulatedTable):
    """One example table on emulated devices, opened without Hypothesis: the model's dealer, fault and
    PIN steps (``EmulatedTable``) called directly, in an order a seeded random generator picks."""

    def __init__(
        self,
        workdir: Path,
        table: str,
        rng: random.Random,
        *,
        segment_entries: int = 50_000,
        faults: tuple[str, ...] | None = None,
    ) -> None:
        super().__init__()
        self.workdir, self.table_name, self.rng = workdir, table, rng
        cfg = _quick_cup(table_config(table, None, workdir), workdir / "emulators")
        journal = cfg.journal.model_copy(update={"segment_entries": segment_entries})
        self.cfg = cfg.model_copy(update={"journal": journal})
        self.durable = True
        self.cfg_file = workdir / "devices-table.yaml"
        self.loop = asyncio.new_event_loop()
        self.now = [1000.0]
        self.device_kinds = {d.kind for d in self.cfg.devices.values()}
        self.faults = [
            f for f in DEMO_FAULTS if _kind(f[1]) in self.device_kinds and (faults is None or f[2] in faults)
        ]
        self.injected: Counter[str] = Counter()  # faults injected and misdeals declared, by name
        self.idle = 0  # dealer steps whose wait on a device ran out of patience
        self.planned: list[tuple[int, str]] = []  # (dealer steps from now, "fault"|"misdeal"|"pause")

    # -- opening and closing (the table's process starting and stopping) -----------------------------

    def open(self, *, fill: bool, durable: bool | None = None) -> float:
        """Build the controller from the journal, start it and open its devices; the wall seconds until
        every device is open and healthy. ``durable=False`` (``--fill-sync off``): appends not fsynced."""
        self.durable = self.durable if durable is None else durable
        self.c = controller_class(self.cfg)(self.cfg, journal_for(self.cfg))
        if not self.durable:
            self.c.journal.journal.set_durable(False)
        self.c.demo_faults = True
        self.watch = ManualClock()  # the links' silence watchdog: only a fault step moves it
        self.c.link_config = LinkConfig(watchdog=self.watch.now)
        self.c.timer = ManualClock()
        self.c.device_backoff = None
        self.access = Access(
            HASHES, journal=self.c.journal.journal, clock=lambda: self.now[0], max_failures=3
        )
        self.c.access = self.access
        self.run(self.c.start())
        # the table as restored from the journal, before its devices open (a device opened asks at once
        # for what the round waits on, so the table may move on from here)
        self.restored = self.c.table
        w0 = time.perf_counter()
        self.devices = self.loop.create_task(self.c.run_devices())
        self.run(self._connected())
        opened = time.perf_counter() - w0
        if fill:
            self.run(self.c.demo_fill())
        self.settle()
        return opened

    def stop(self) -> None:
        """Stop the devices (every port closed) and close the controller."""
        self.devices.cancel()
        self.run(asyncio.gather(self.devices, return_exceptions=True))
        self.c.close()

    def shut(self) -> None:
        self.stop()
        self.loop.close()

    def write_config(self, journal: Path | None = None) -> Path:
        """The table's configuration as a file, for the timed restart in a fresh process (of the journal
        at ``journal``, a copy, when given)."""
        data = yaml.safe_load(
            (config_dir() / "tables" / f"{self.table_name}.yaml").read_text(encoding="utf-8")
        )
        data["table"].pop("fee_schedule", None)
        data["journal"] = {
            "path": str(journal or self.cfg.journal.path),
            "segment_entries": self.cfg.journal.segment_entries,
        }
        data.pop("roles", None)
        data.pop("security", None)
        self.cfg_file.write_text(yaml.safe_dump(data), encoding="utf-8")
        return self.cfg_file

    def settle(self) -> None:
        """Wait until the table needs the dealer (:func:`ready`), not a fixed number of turns."""
        self.idle += self.run(ready(self))

    # -- what happens at the table -------------------------------------------------------------------

    def plan_round(self, faults: float, misdeals: float, pauses: float) -> None:
        """A round starts: how many device faults, misdeals and long pauses it will see (``faults`` a
        round on average, each at a random one of its first dealer steps)."""
        for what, rate in (("fault", faults), ("misdeal", misdeals), ("pause", pauses)):
            n = int(rate) + (self.rng.random() < rate - int(rate))
            self.planned += [(self.rng.randrange(6), what) for _ in range(n)]

    def play(self, fault_rate: float, misdeal_rate: float, pause_rate: float) -> None:
        """One dealer step following the prompt; before it, what the round's plan (``plan_round``) has
        due now, and maybe (``*_rate``: the chance at every step) a device fault or a misdeal."""
        due = [w for n, w in self.planned if n <= 0]
        self.planned = [(n - 1, w) for n, w in self.planned if n > 0]
        r = self.rng.random()
        if r < fault_rate:
            due.append("fault")
        elif r < fault_rate + misdeal_rate:
            due.append("misdeal")
        if self.rng.random() < pause_rate:
            due.append("pause")
        for what in due:
            if what == "fault" and self.faults:
                fault = self.rng.choice(self.faults)
                self.injected[f"{fault[1]} {fault[2]}"] += 1
                self.device_fault(fault)
            elif what == "misdeal":
                self.injected["misdeal"] += 1
                self.submit("misdeal")
        self.a_dealer_follows_the_prompt(1)
        if "pause" in due:
            self.injected["long pause"] += 1
            self.time_passes(400.0)  # a long pause: the silence watchdog notices an unplugged device

    def device_fault(self, fault: tuple[str, str, str, str]) -> None:
        """A demo fault key (``EmulatedTable.device_fault``); an unplug lasts :data:`UNPLUG_SECONDS`."""
        _, device, name, _ = fault
        if name != "disconnect":
            super().device_fault(fault)
            return
        drv = self.c.drivers.get(device)
        control = emulator_control(getattr(drv, "transport", None))
        if control is None:  # not open at the moment (a reconnection under way): nothing to unplug
            return
        self.run(self.c.journal.append("demo", {"action": "inject", "device": device, "fault": name}))
        emulator = control.emulator
        control.call(lambda: emulator.inject(name, time.monotonic(), duration=UNPLUG_SECONDS))
        self.settle()

    def unstick(self) -> None:
        """A round that does not move: whoever may clears the alert on screen, then the dealer misdeals."""
        alert = self.c.view().active_alert
        if alert is not None and alert.clear_role in (None, "dealer"):
            self.dealer_key("clear-alert")
        elif alert is not None:
            self.clear_with_pin(alert.clear_role, True)
        self.submit("misdeal")


def device_diagnosis(c: Any) -> dict[str, Any]:
    """What an operator needs to see why a round does not move on its devices: each device's chip (state
    and detail), the supervisor's counts (opened, failed), the devices a cleared alert is reopening now,
    and where each device's supervisor task and each of the controller's pending tasks is waiting."""
    sup = c.supervisor
    out: dict[str, Any] = {
        "chips": {n: f"{d.state} {d.detail}".strip() for n, d in c.devices.items()},
        "reopening": sorted(c._reopening),
        "failing": sorted(c._failing),
    }
    if sup is not None:
        out["supervisor"] = {
            "running": sup.running,
            "opened": dict(sup.opened),
            "failures": dict(sup.failures),
            "tasks": {n: where_waiting(sup.task_of(n)) for n in sup.names},
        }
    for n, drv in c.drivers.items():
        link = getattr(drv, "link", None)
        out.setdefault("drivers", {})[n] = {
            "comms_lost": getattr(drv, "comms_lost", None),
            "closing": getattr(drv, "_closing", None),
            "restart_pending": getattr(drv, "restart_pending", None),
            "link": None
            if link is None
            else {
                "established": link.established,
                "peer_silent": link.peer_silent,
                "unacked": link.in_flight,
                "backlog": link.queued,
                "frames_in": link.counters.frames_in,
            },
        }
    out["round_devices"] = {  # what the controller asked of the devices for the round, or owes them
        k.lstrip("_"): getattr(c, k, None)
        for k in ("_dispense_owed", "_deckless", "_stack_count", "_packets_out", "_dispensed", "_armed_for")
    }
    pending = [where_waiting(task) for task in c._tasks if not task.done()]
    if pending:
        out["controller_tasks"] = pending
    return out


def where_waiting(task: Any) -> str:
    """Where ``task`` waits now, innermost last (its chain of awaited coroutines), or why it does not."""
    if task is None:
        return "no task"
    if task.done():
        return "done" if task.cancelled() or task.exception() is None else f"failed: {task.exception()!r}"
    frames = []
    coro = task.get_coro()
    while coro is not None:
        frame = getattr(coro, "cr_frame", None) or getattr(coro, "ag_frame", None)
        if frame is not None:
            frames.append(f"{Path(frame.f_code.co_filename).name}:{frame.f_lineno} {frame.f_code.co_name}")
        nxt = getattr(coro, "cr_await", None) or getattr(coro, "ag_await", None)
        if nxt is None or nxt is coro:
            break
        if type(nxt).__name__ == "async_generator_asend" and frame is not None:
            nxt = getattr(frame.f_locals.get("self"), "gen", nxt)  # an @asynccontextmanager's generator
        if not hasattr(nxt, "cr_frame") and not hasattr(nxt, "ag_frame"):
            frames.append(type(nxt).__name__)  # a future, a task, a generator-based await
            break
        coro = nxt
    return " > ".join(frames) or "no frame"


def _quick_cup(cfg: TerminalConfig, profiles: Path) -> TerminalConfig:
    """``cfg`` with its emulated devices built from the soak's profiles (:func:`emulator_profiles`), their
    flash in the work folder's :data:`FLASH` (:func:`emulator_flash`)."""
    where = f"dir={quote(str(profiles))}&state={quote(str(profiles.parent / FLASH))}"
    devices = {
        n: d.model_copy(update={"url": f"{d.url}{'&' if '?' in d.url else '?'}{where}"})
        if d.url.startswith("emu://")
        else d
        for n, d in cfg.devices.items()
    }
    return cfg.model_copy(update={"devices": devices})


def _kind(device: str) -> str:
    return {"dice": "dice_cup", "tiles": "tile_tray"}.get(device, device)


class Replay:
    """The journal folded from its first entry, kept up to date: at every check only the entries written
    since the last one are folded (the check stays as strict as folding the whole journal again, at the
    cost of the new entries only; a month's journal folded from scratch at each restart would cost more
    with every day)."""

    def __init__(self) -> None:
        self.state: Any = None
        self.seq = 0
        self.entries = 0

    async def check(self, t: DevicesTable) -> Any:
        """The live table, checked equal to the journal folded from its first entry (else SystemExit).
        Read under the controller's journal-then-fold lock, so no commit is half done."""
        c = t.c
        async with c._held():
            table = c.table
            if self.state is None:
                cfg = t.cfg.table
                self.state = TableState.initial(
                    cfg.game, cfg.seats, cfg.fee_schedule, c.rules_for(cfg.game, cfg.fee_schedule)
                )
            # streamed, not listed: the entries since the last check (a thousand rounds') held at once
            # would be a high-water mark this process's allocator keeps (docs/performance.md)
            self.state = fold_entries(self.state, self._since(c.journal.journal), c.rules_for)
        if self.state != table:
            raise SystemExit(
                f"soak: the journal folded from entry 1 is not the live table (round {c.round_no})"
            )
        return table

    def _since(self, journal: Any) -> Any:
        """``(kind, payload)`` of each entry since the last check, moving the check's mark as it goes."""
        for e in journal.entries(since=self.seq):
            self.seq = e.seq
            self.entries += 1
            yield e.kind, e.payload


def restart(t: DevicesTable, soak: Any, replay: Replay) -> dict[str, Any] | None:
    """Restart the table where it is: the state after equals the state before (else SystemExit). Returns
    the fresh-process restart measurement when ``soak.measure``."""
    t.settle()
    before = t.run(replay.check(t))  # the live table, equal to the journal folded from entry 1
    where = (t.c.round_no, t.c.state.seq)
    t.stop()
    row = None
    if soak.measure:
        row = soak.measure_file(t.write_config())
    opened = t.open(fill=False)
    if t.restored != before or (row and (row["round_no"], row["seq"]) != where):
        raise SystemExit(f"soak: the restart at round {t.c.round_no} did not land where the table was")
    if row is not None:
        row["devices_open_wall"] = opened
        row["soak_rss_kb"] = _rss_kb()
    return row


def restart_copy(t: DevicesTable, soak: Any, replay: Replay) -> dict[str, Any]:
    """``--restart-on copy``: the live table is checked (equal to the journal folded from entry 1), its
    journal copied as it stands (under the controller's lock: no commit half done), and the restart timed in
    a fresh process on the copy, which must land where the table was; the table itself deals on."""
    t.settle()
    copy = soak.workdir / "restart-copy"
    shutil.rmtree(copy, ignore_errors=True)
    copy.mkdir()

    t.run(replay.check(t))

    async def take() -> tuple[int, int]:
        async with t.c._held():
            _copy_journal(Path(t.cfg.journal.path), copy / "journal.sqlite3")
            return t.c.round_no, t.c.state.seq

    where_round, where_seq = t.run(take())
    row = soak.measure_file(t.write_config(copy / "journal.sqlite3"))
    if (row["round_no"], row["seq"]) != (where_round, where_seq):
        raise SystemExit(
            f"soak: the restart of the copy at round {where_round} did not land where the table was"
        )
    row["devices_open_wall"] = 0.0
    row["soak_rss_kb"] = _rss_kb()
    return row


def _copy_journal(src: Path, dst: Path) -> None:
    """A consistent copy of the journal ``src`` (SQLite's backup; the key, the anchor, and the archive's
    closed segments hard-linked) at ``dst``."""
    with sqlite3.connect(src) as a, sqlite3.connect(dst) as b:
        a.backup(b)
    for suffix in (".key", ".anchor"):
        shutil.copy2(src.with_name(src.name + suffix), dst.with_name(dst.name + suffix))
    archive = src.with_name(src.name + ".archive")
    if archive.is_dir():
        out = dst.with_name(dst.name + ".archive")
        out.mkdir()
        for f in archive.iterdir():
            os.link(f, out / f.name)


def _rss_kb() -> int:
    """This process's resident set now (the long-running table, its devices' threads included)."""
    with open("/proc/self/status", encoding="ascii") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))


def _memory(day: int, rounds: int) -> dict[str, Any]:
    """This process now: resident set, open files, threads (the emulators' among them)."""
    return {
        "day": day,
        "rounds": rounds,
        "rss_mb": _rss_kb() / 1024,
        "open_files": len(os.listdir("/proc/self/fd")),
        "threads": len(os.listdir("/proc/self/task")),
    }


def deal_devices(soak: Any, *, days: int, rounds_per_day: int, restarts: int, quiet: bool) -> dict[str, Any]:
    """Deal ``days`` × ``rounds_per_day`` rounds through the emulated devices, restarting at ``restarts``
    random round numbers (at a random step inside the round); a new example table some days."""
    total = days * rounds_per_day
    points = sorted(soak.rng.sample(range(1, total), min(restarts, max(total - 1, 0))))
    env = os.environ.get("DEALER_TERMINAL_STATE_DIR")
    os.environ["DEALER_TERMINAL_STATE_DIR"] = str(soak.workdir)  # keys and pairing of the emulators
    emulator_profiles(soak.workdir)
    emulator_flash(soak.workdir)
    tables = soak.device_tables
    replay = Replay()
    t = _table(soak, tables[0])
    t0, c0 = time.perf_counter(), time.process_time()
    last = t.c.round_no
    steps = 0
    injected: Counter[str] = Counter()
    by_table: Counter[str] = Counter()  # rounds dealt at each example table
    stuck: list[dict[str, Any]] = []
    moved, idle_at, stuck_at, idle_total, in_a_row = 0, 0, -2, 0, 0
    days_dealt, gave_up = 0, False
    memory = [_memory(0, 0)]  # the long-running table process: RSS, open files, threads, by day
    try:
        for day in range(days):
            if time.time() >= soak.deadline:
                break  # --until: stopped early, at the day it reached
            days_dealt = day + 1
            if day and len(tables) > 1 and soak.rng.random() < 0.5:  # a new table for the day
                injected += t.injected
                idle_total += t.idle
                t.shut()
                t = _table(soak, soak.rng.choice(tables))
                last, idle_at = t.c.round_no, 0
            goal = (day + 1) * rounds_per_day
            while soak.rounds < goal and time.time() < soak.deadline:
                t.play(soak.fault_rate, soak.misdeal_rate, soak.pause_rate)
                steps += 1
                if t.c.round_no > last:
                    moved, idle_at = steps, t.idle
                    by_table[t.table_name] += t.c.round_no - last
                    soak.rounds += t.c.round_no - last
                    last = t.c.round_no
                    t.plan_round(soak.faults_per_round, soak.misdeals_per_round, soak.pauses_per_round)
                    if not quiet and soak.rounds % 250 == 0:
                        rate = soak.rounds / (time.perf_counter() - t0)
                        print(
                            f"  {soak.rounds:,} rounds, {rate:.2f} rounds/s, RSS {_rss_kb() / 1024:.1f} MB, "
                            f"{len(os.listdir('/proc/self/fd'))} open files",
                            flush=True,
                        )
                if points and soak.rounds >= points[0] and soak.rng.random() < 0.3:
                    points.pop(0)  # mid-round: a random step of the round the point falls in
                    row = (
                        restart(t, soak, replay)
                        if soak.restart_on == "table"
                        else restart_copy(t, soak, replay)
                    )
                    last = t.c.round_no
                    soak.checked += 1
                    if row is not None:
                        row.update(rounds=soak.rounds, game=t.cfg.table.game, table=t.table_name)
                        soak.restarts.append(row)
                        if not quiet:
                            print(
                                f"  restart after {soak.rounds:>6,} rounds: {row['cpu']:.3f} s CPU, "
                                f"{row['wall']:.3f} s wall, {row['rss_kb'] / 1024:.1f} MB RSS; devices open "
                                f"again in {row['devices_open_wall']:.2f} s wall; soak process RSS "
                                f"{row['soak_rss_kb'] / 1024:.1f} MB; {t.table_name}",
                                flush=True,
                            )
                if steps - moved > STUCK or t.idle - idle_at > STUCK_IDLE:  # a round that does not move
                    where = {
                        "round": t.c.round_no,
                        "rounds_dealt": soak.rounds,
                        "table": t.table_name,
                        "state": t.c.step().value,
                        "prompt": t.c.state.prompt,
                        "alerts": [a.code for a in t.c.view().alerts],
                        "devices": {n: d.state for n, d in t.c.devices.items()},
                        **device_diagnosis(t.c),
                    }
                    again = soak.rounds <= stuck_at + 1  # the round after a stuck one is stuck too
                    where["then"] = "restart" if again else "misdeal"
                    stuck.append(where)
                    if not quiet:
                        print(f"  stuck: {where}", flush=True)
                    in_a_row = in_a_row + 1 if again else 1
                    if in_a_row > STUCK_IN_A_ROW:  # give up: the figures so far are reported, the run is not
                        print(f"  soak: the table is stuck, {in_a_row} rounds in a row: stopped", flush=True)
                        gave_up, soak.deadline = True, 0.0
                        continue
                    t.injected["misdeal (stuck)"] += 1
                    t.unstick()
                    if again:  # a misdeal did not help: the technician restarts the table and its devices
                        t.injected["restart (stuck)"] += 1
                        row = restart(t, soak, replay)
                        soak.checked += 1
                        if row is not None:
                            row.update(
                                rounds=soak.rounds, game=t.cfg.table.game, table=t.table_name, stuck=True
                            )
                            soak.restarts.append(row)
                        last = t.c.round_no
                    stuck_at, moved, idle_at = soak.rounds, steps, t.idle
            memory.append(_memory(day + 1, soak.rounds))  # this process at the day's end
        t.settle()
        t.run(replay.check(t))
        injected += t.injected
        t.shut()
    except BaseException:
        if not t.loop.is_closed():
            t.shut()
        raise
    finally:
        drop_flash(soak.workdir)
        if env is None:
            os.environ.pop("DEALER_TERMINAL_STATE_DIR", None)
        else:
            os.environ["DEALER_TERMINAL_STATE_DIR"] = env
    elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
    with open_for_check(soak.workdir / "journal.sqlite3") as j:
        settled = sum(1 for _ in j.entries(kind=SETTLEMENT_KIND))
        sources = Counter(
            e.payload.get("source")
            for e in j.entries(kind=ROUND_KIND)
            if e.payload.get("type") in ("card", "dice")
        )
    return {
        "rounds": soak.rounds,
        "days_dealt": days_dealt,
        "stopped_early": soak.rounds < total,
        "gave_up_stuck": gave_up,
        "restarts_checked": soak.checked,
        "deal_seconds": elapsed,
        "deal_cpu": cpu,
        "steps": steps,
        "idle_steps": idle_total + t.idle,
        "rounds_per_second": soak.rounds / elapsed if elapsed else 0.0,
        "injected": dict(sorted(injected.items())),
        "tables": dict(sorted(by_table.items())),  # rounds dealt at each table
        "stuck": stuck,  # rounds that did not move (where each stood), each misdealt
        "replayed_entries": replay.entries,
        "settled": settled,  # rounds that reached a settlement (the others were misdealt or voided)
        "read_from": dict(sorted((str(k), v) for k, v in sources.items())),  # cards and dice by source
        "memory": memory,  # this process (the table, its devices' emulators) at each day's end
    }


def _table(soak: Any, name: str) -> DevicesTable:
    """The example table ``name`` opened on the soak's journal, its devices open, the layout filled."""
    t = DevicesTable(
        soak.workdir, name, soak.rng, segment_entries=soak.segment_entries, faults=soak.device_faults
    )
    t.open(fill=True, durable=soak.fill_sync == "full")
    t.plan_round(soak.faults_per_round, soak.misdeals_per_round, soak.pauses_per_round)
    return t
