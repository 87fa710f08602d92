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
are manual clocks; "the table is quiet" is a bounded number of event-loop turns with nothing new.
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

from firmware_bridge.clock import ManualClock
from firmware_bridge.link import LinkConfig
from terminal.console.app import DEMO_FAULTS
from terminal.controller import SETTLEMENT_KIND, controller_class
from terminal.journal import ROUND_KIND, Journal, open_for_check
from terminal.paths import config_dir
from terminal.roles import Access
from tests.terminal.flow_model import HASHES, EmulatedTable, table_config

#: Example tables whose devices deal the whole round: a shuffler and a dice cup (Pai Gow), a reading shoe
#: (baccarat), a shuffler dealing hands of three (Three Card Poker).
TABLES = ("paigow", "baccarat", "threecard")
#: Dealer steps without a new round after which the dealer declares a misdeal (and the soak stops if the
#: round after the misdeal does not move either).
STUCK = 300


class DevicesTable(EmulatedTable):
    """One example table on emulated devices, opened without Hypothesis: the model's dealer, fault and
    PIN steps (``EmulatedTable``) called directly, in an order a seeded random generator picks."""

    def __init__(self, workdir: Path, table: str, rng: random.Random) -> None:
        super().__init__()
        self.workdir, self.table_name, self.rng = workdir, table, rng
        self.cfg = table_config(table, None, workdir)
        self.cfg_file = workdir / "devices-table.yaml"
        self.loop = asyncio.new_event_loop()
        self.now = [1000.0]
        self.device_kinds = {d.kind for d in self.cfg.devices.values()}
        self.faults = [f for f in DEMO_FAULTS if _kind(f[1]) in self.device_kinds]
        self.injected: Counter[str] = Counter()  # faults injected and misdeals declared, by name

    # -- opening and closing (the table's process starting and stopping) -----------------------------

    def open(self, *, fill: bool) -> float:
        """Build the controller from the journal, start it and open its devices; the wall seconds until
        every device is open and healthy."""
        self.c = controller_class(self.cfg)(self.cfg, Journal(self.cfg.journal.path))
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

    def write_config(self) -> Path:
        """The table's configuration as a file, for the timed restart in a fresh process."""
        data = yaml.safe_load(
            (config_dir() / "tables" / f"{self.table_name}.yaml").read_text(encoding="utf-8")
        )
        data["table"].pop("fee_schedule", None)
        data["journal"] = {"path": str(self.cfg.journal.path)}
        data.pop("roles", None)
        data.pop("security", None)
        self.cfg_file.write_text(yaml.safe_dump(data), encoding="utf-8")
        return self.cfg_file

    # -- what happens at the table -------------------------------------------------------------------

    def play(self, steps: int, fault_rate: float, misdeal_rate: float) -> None:
        """``steps`` dealer steps following the prompt; before each, maybe a device fault or a misdeal."""
        for _ in range(steps):
            r = self.rng.random()
            if r < fault_rate and self.faults:
                fault = self.rng.choice(self.faults)
                self.injected[f"{fault[1]} {fault[2]}"] += 1
                self.device_fault(fault)
            elif r < fault_rate + misdeal_rate:
                self.injected["misdeal"] += 1
                self.submit("misdeal")
            self.a_dealer_follows_the_prompt(1)
            if self.rng.random() < 0.02:
                self.time_passes(400.0)  # a long pause: the silence watchdog notices an unplugged device

    def unstick(self) -> None:
        """A round that does not move: whoever may clears the alert on screen, then the dealer misdeals."""
        alert = self.c.view().active_alert
        if alert is not None and alert.clear_role in (None, "dealer"):
            self.dealer_key("clear-alert")
        elif alert is not None:
            self.clear_with_pin(alert.clear_role, True)
        self.submit("misdeal")


def _kind(device: str) -> str:
    return {"dice": "dice_cup", "tiles": "tile_tray"}.get(device, device)


def restart(t: DevicesTable, soak: Any) -> dict[str, Any] | None:
    """Restart the table where it is: the state after equals the state before (else SystemExit). Returns
    the fresh-process restart measurement when ``soak.measure``."""
    t.settle()
    before = t.run(t._folded_under_the_lock())  # the live table, equal to the journal folded from entry 1
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
    return row


def deal_devices(soak: Any, *, days: int, rounds_per_day: int, restarts: int, quiet: bool) -> dict[str, Any]:
    """Deal ``days`` × ``rounds_per_day`` rounds through the emulated devices, restarting at ``restarts``
    random round numbers (at a random step inside the round); a new example table some days."""
    total = days * rounds_per_day
    points = sorted(soak.rng.sample(range(1, total), min(restarts, max(total - 1, 0))))
    env = os.environ.get("DEALER_TERMINAL_STATE_DIR")
    os.environ["DEALER_TERMINAL_STATE_DIR"] = str(soak.workdir)  # keys and pairing of the emulators
    tables = soak.device_tables
    t = DevicesTable(soak.workdir, tables[0], soak.rng)
    t.open(fill=True)
    t0, c0 = time.perf_counter(), time.process_time()
    last = t.c.round_no
    steps = 0
    injected: Counter[str] = Counter()
    by_table: Counter[str] = Counter()  # rounds dealt at each example table
    moved, stuck_at = 0, -1
    try:
        for day in range(days):
            if day and len(tables) > 1 and soak.rng.random() < 0.5:  # a new table for the day
                injected += t.injected
                t.shut()
                t = DevicesTable(soak.workdir, soak.rng.choice(tables), soak.rng)
                t.open(fill=True)
                last = t.c.round_no
            goal = (day + 1) * rounds_per_day
            while soak.rounds < goal:
                t.play(1, soak.fault_rate, soak.misdeal_rate)
                steps += 1
                if t.c.round_no > last:
                    moved = steps
                    by_table[t.table_name] += t.c.round_no - last
                    soak.rounds += t.c.round_no - last
                    last = t.c.round_no
                    if not quiet and soak.rounds % 25 == 0:
                        rate = soak.rounds / (time.perf_counter() - t0)
                        print(f"  {soak.rounds:,} rounds, {rate:.2f} rounds/s", flush=True)
                if points and soak.rounds >= points[0] and soak.rng.random() < 0.3:
                    points.pop(0)  # mid-round: a random step of the round the point falls in
                    row = restart(t, soak)
                    last = t.c.round_no
                    soak.checked += 1
                    if row is not None:
                        row.update(rounds=soak.rounds, game=t.cfg.table.game, table=t.table_name)
                        soak.restarts.append(row)
                        if not quiet:
                            print(
                                f"  restart after {soak.rounds:>5,} rounds: {row['cpu']:.3f} s CPU, "
                                f"{row['wall']:.3f} s wall, {row['rss_kb'] / 1024:.1f} MB RSS; devices open "
                                f"again in {row['devices_open_wall']:.2f} s wall; {t.table_name}",
                                flush=True,
                            )
                if steps - moved > STUCK:  # a round that does not move: the dealer declares a misdeal
                    if not quiet or soak.rounds == stuck_at:
                        print(
                            f"  stuck at round {t.c.round_no}: {t.c.step().value}, {t.c.state.prompt}, "
                            f"alerts {[a.code for a in t.c.view().alerts]}, devices {t.c.devices}",
                            flush=True,
                        )
                    if soak.rounds == stuck_at:
                        raise SystemExit(
                            f"soak: the table is stuck at round {t.c.round_no}, a misdeal did not help"
                        )
                    stuck_at, moved = soak.rounds, steps
                    t.injected["misdeal (stuck)"] += 1
                    t.unstick()
        t.settle()
        t.run(t._folded_under_the_lock())
        injected += t.injected
        t.shut()
    except BaseException:
        if not t.loop.is_closed():
            t.shut()
        raise
    finally:
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
        "restarts_checked": soak.checked,
        "deal_seconds": elapsed,
        "deal_cpu": cpu,
        "steps": steps,
        "rounds_per_second": soak.rounds / elapsed if elapsed else 0.0,
        "injected": dict(sorted(injected.items())),
        "tables": dict(sorted(by_table.items())),  # rounds dealt at each table
        "stuck": injected.get("misdeal (stuck)", 0),  # rounds that did not move for STUCK steps
        "settled": settled,  # rounds that reached a settlement (the others were misdealt or voided)
        "read_from": dict(sorted((str(k), v) for k, v in sources.items())),  # cards and dice by source
    }
