"""Read to screen: a card-read frame on a pty -> the alert it raises painted by the running console, quiet
and with every other core kept busy, and the idle console's CPU (issue 17 items 3 and 4).

The device side is a separate process holding the device end of the link on the pty master (as in
``device_latency.py``). It writes one READ frame at a time, notes when the write returned, waits for the
acknowledgement and then a gap longer than the console's repaint interval, so each figure is the
latency of one read on an idle table, not time spent behind the 10 Hz repaint throttle.

The host is the whole production path: ``SerialTransport`` -> framer -> codec -> link -> ``ShoeDriver``
-> ``TableController`` (journal append with a full fsync, round fold, the screen model) -> ``ViewPosted``
message -> ``DealerScreen.paint`` (the widgets whose part changed) -> Textual's compositor update, turned
into the bytes a terminal would receive. Each read comes before any round has started, so each raises a
PREMATURE_CARD stop alert (and, after 52 reads, DUPLICATE_CARD too); the time is taken when the frame
holding that read's view (its round-event number) has been rendered for the terminal. The journal is on
this machine's disk (the fsync is the largest single cost).

Each run is its own process (so its scheduling and its threads start clean). Conditions:

- ``quiet``: nothing started by the benchmark; whatever else the machine runs, it runs (see the load).
- ``loaded``: the benchmark first starts one busy loop per other core (``os.cpu_count() - 1``, at least
  one), at normal priority, and stops them after the run.

and scheduling: ``normal``, and ``fifo`` (``SCHED_FIFO`` priority 10, what ``systemd/dealer-terminal.service``
sets; only where this process may set it). Runs of the cells are interleaved, ``--repeat`` times; each run
prints its median, p99 and max, the host's CPU per read and the load average (``uptime``) before and after;
then each cell's median p99 over its runs with the spread, and the p99 of all its reads together.

Then the idle console: ``benchmarks/idle_cpu.py``'s measurement (the demo table, ``dealer-terminal run`` with
the emulated shuffler and shoe, in a real pseudo-terminal) over ``--idle`` seconds.

    .venv/bin/python benchmarks/read_to_screen.py             # 3 runs x 300 reads per cell, 60 s idle
    .venv/bin/python benchmarks/read_to_screen.py --quick     # 1 run x 60 reads per cell, 10 s idle
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import os
import platform
import select
import statistics
import subprocess
import sys
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from firmware_bridge.link import DeviceIdentityTemplate, DeviceLink  # noqa: E402
from firmware_bridge.messages import DeviceKind, Read  # noqa: E402
from firmware_bridge.transport import open_pty  # noqa: E402
from rules.cards import ALL_CARDS  # noqa: E402
from terminal.config import check_config  # noqa: E402
from terminal.console.app import DealerConsole  # noqa: E402
from terminal.controller import TableController  # noqa: E402
from terminal.journal import Journal  # noqa: E402
from terminal.progress import progress_bar  # noqa: E402
from terminal.roles import Access  # noqa: E402

#: The unit's real-time priority (systemd/dealer-terminal.service, CPUSchedulingPriority=).
FIFO_PRIORITY = 10
GOAL_MS = 50.0


def device_side(master: int, n: int, gap: float, results: Connection) -> None:
    """The shoe's firmware: handshake, then ``n`` reads, each after the last was acknowledged + ``gap``.
    It runs at normal priority whatever the console's (it stands for another computer)."""
    if hasattr(os, "sched_setscheduler"):
        os.sched_setscheduler(0, os.SCHED_OTHER, os.sched_param(0))
    link = DeviceLink(DeviceIdentityTemplate(int(DeviceKind.SHOE), "bench", "B-2", "1"), now=time.monotonic())

    def pump(timeout: float) -> None:
        r, _, _ = select.select([master], [], [], timeout)
        if r:
            link.receive(os.read(master, 65536), time.monotonic())
        link.poll(time.monotonic())
        data = link.data_to_send()
        if data:
            os.write(master, data)

    link.boot(time.monotonic())
    give_up = time.monotonic() + 60.0
    while not link.established:
        if time.monotonic() > give_up:  # the host never completed the handshake: say so, never hang
            results.send(None)
            results.close()
            return
        pump(0.01)
    end = time.monotonic() + 1.0  # let the host settle after the handshake
    while time.monotonic() < end:
        pump(0.01)
    sent_at = [0] * n
    for i in range(n):
        link.send(Read(ALL_CARDS[i % 52], 0, 95), time.monotonic())
        os.write(master, link.data_to_send())
        sent_at[i] = time.perf_counter_ns()
        while link.in_flight:
            pump(0.005)
        end = time.monotonic() + gap
        while time.monotonic() < end:
            pump(0.01)
    results.send(sent_at)
    end = time.monotonic() + 3.0  # keep answering heartbeats while the host finishes
    while time.monotonic() < end:
        pump(0.05)
    results.close()


class TimedConsole(DealerConsole):
    """The console, noting when the frame holding each round event's view (by number) was rendered, and
    the process's CPU time when the first read and the ``want``-th were shown."""

    shown_at: dict[int, int]
    marks: dict[str, float]
    want: int
    done: asyncio.Event
    _due: list[int]

    def _paint(self) -> None:
        super()._paint()
        if self.view is not None:
            self._due.append(int(self.view.extra.get("seq", 0)))

    def _display(self, screen: Any, renderable: Any) -> None:
        super()._display(screen, renderable)
        if renderable is None or self._batch_count or not self._due:
            return
        render = getattr(renderable, "render_segments", None)
        if render is not None:
            render(self.console)  # headless: the bytes a terminal would get, made and dropped
        now = time.perf_counter_ns()
        for seq in self._due:
            self.shown_at.setdefault(seq, now)
        self._due.clear()
        if 1 in self.shown_at and "cpu0" not in self.marks:
            self.marks.update(cpu0=time.process_time(), wall0=time.perf_counter())
        if self.want in self.shown_at and not self.done.is_set():
            self.marks.update(cpu1=time.process_time(), wall1=time.perf_counter())
            self.done.set()


async def run(n: int, gap: float) -> dict[str, Any]:
    """Time ``n`` reads from the pty to the rendered screen; the host's CPU between the first and the last
    read shown."""
    pty = open_pty()
    tmp = Path(tempfile.mkdtemp(prefix="read-to-screen-"))
    cfg_file = tmp / "table.yaml"
    cfg_file.write_text(
        "table: {game: paigow/capitol, seats: 7, limits: {min_cents: 500, max_cents: 100000}}\n"
        f"devices: {{shoe: {{kind: shoe, url: {pty.path}}}}}\n"
        f"journal: {{path: {tmp / 'journal.sqlite3'}}}\n"
    )
    cfg, problems = check_config([cfg_file], env={})
    assert cfg is not None, problems
    # pty://: the pty's path through the same serial transport as a real port, but (as an emulator's, as
    # in benchmarks/reliability.py) not required to be paired: the device side has no key (docs/security.md)
    shoe = cfg.devices["shoe"].model_copy(update={"url": f"pty://{pty.path}"})
    cfg = cfg.model_copy(update={"devices": {"shoe": shoe}})
    controller = TableController(cfg, Journal(cfg.journal.path))
    app = TimedConsole(controller, Access({}), repaint_hz=cfg.console.repaint_hz)
    app.shown_at, app._due, app.marks, app.want, app.done = {}, [], {}, n, asyncio.Event()
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=device_side, args=(pty.master, n, gap, child), daemon=True)
    proc.start()
    loop = asyncio.get_running_loop()
    try:
        async with app.run_test(size=(120, 36)):
            devices = asyncio.create_task(controller.run_devices())
            sent_at = await loop.run_in_executor(None, parent.recv)
            if sent_at is None:
                raise SystemExit(f"the console never completed the shoe's handshake: {controller.devices}")
            # the last read was acknowledged; a read whose view was never shown is counted as missing
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(app.done.wait(), timeout=10.0)
            paints = app.paints
            devices.cancel()
    finally:
        proc.join(10)
        pty.close()
        controller.close()
    marks = app.marks
    lat = [(app.shown_at[i + 1] - sent_at[i]) / 1e6 for i in range(n) if i + 1 in app.shown_at]
    return {
        "lat": lat,
        "cpu": marks.get("cpu1", 0.0) - marks.get("cpu0", 0.0),
        "wall": marks.get("wall1", 0.0) - marks.get("wall0", 0.0),
        "paints": paints,
    }


def run_child(n: int, gap: float, fifo: bool, out: Connection) -> None:
    """One run in its own process: the scheduling first (the threads made after inherit it), then the run."""
    if fifo:
        os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(FIFO_PRIORITY))
    out.send(asyncio.run(run(n, gap)))
    out.close()


def burn() -> None:
    """A busy loop: one core's worth of other work."""
    while True:
        pass


def uptime() -> str:
    """The load averages as ``uptime`` prints them."""
    said = subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout
    return said.rsplit("load average:", 1)[-1].strip() if "load average" in said else "?"


def can_fifo() -> bool:
    """Whether this process may use SCHED_FIFO (root, or CAP_SYS_NICE / an RLIMIT_RTPRIO)."""
    if not hasattr(os, "sched_setscheduler"):
        return False
    pid = os.fork()
    if pid == 0:
        try:
            os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(FIFO_PRIORITY))
            os._exit(0)
        except OSError:
            os._exit(1)
    return os.waitpid(pid, 0)[1] == 0


def one(n: int, gap: float, fifo: bool, busy: int) -> dict[str, Any]:
    """One run in a fresh process, with ``busy`` busy loops started first and stopped after."""
    ctx = multiprocessing.get_context("fork")
    burners = [ctx.Process(target=burn, daemon=True) for _ in range(busy)]
    for b in burners:
        b.start()
    try:
        time.sleep(1.0 if busy else 0.0)  # let the busy loops take their cores
        before = uptime()
        parent, child = ctx.Pipe(duplex=False)
        proc = ctx.Process(target=run_child, args=(n, gap, fifo, child))
        proc.start()
        got: dict[str, Any] = parent.recv()
        proc.join()
        got["load"] = (before, uptime())
        return got
    finally:
        for b in burners:
            b.kill()
            b.join()


def pct(xs: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank)."""
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--reads", type=int, default=300, help="reads per run")
    ap.add_argument("--repeat", type=int, default=3, help="runs per condition")
    ap.add_argument(
        "--gap", type=float, default=0.15, help="seconds between reads (above the repaint interval)"
    )
    ap.add_argument("--idle", type=float, default=60.0, help="seconds of idle console to measure CPU over")
    ap.add_argument(
        "--busy", type=int, default=max(1, (os.cpu_count() or 2) - 1), help="busy loops when loaded"
    )
    ap.add_argument("--sched", default="normal,fifo", help="normal, fifo or both (fifo only where allowed)")
    ap.add_argument("--quick", action="store_true", help="1 run x 60 reads per condition, 10 s idle")
    args = ap.parse_args()
    n, repeat, idle = (60, 1, 10.0) if args.quick else (args.reads, args.repeat, args.idle)
    scheds = [x for x in args.sched.split(",") if x]
    if "fifo" in scheds and not can_fifo():
        print("  (SCHED_FIFO is not allowed here: normal scheduling only)")
        scheds = [x for x in scheds if x != "fifo"]
    cells = [(sched, busy) for sched in scheds for busy in (0, args.busy)]
    print(
        f"read to screen: {platform.python_implementation()} {platform.python_version()}, {platform.machine()}, "
        f"{os.cpu_count()} CPUs; {n} reads per run, {repeat} run(s) per condition, a read every {args.gap} s"
    )
    print(f"  load average (uptime) at the start: {uptime()}")
    runs: dict[tuple[str, int], list[dict[str, Any]]] = {c: [] for c in cells}
    total = repeat * len(cells) + 1
    with progress_bar("read to screen: runs, then idle", timed=True) as progress:
        for r in range(repeat):
            for sched, busy in cells:  # interleaved, so the machine's own load falls on every cell alike
                got = one(n, args.gap, sched == "fifo", busy)
                runs[(sched, busy)].append(got)
                lat = got["lat"]
                label = f"{'loaded' if busy else 'quiet'} ({busy} busy), {sched}"
                print(
                    f"  run {r + 1} {label:<24} {len(lat)}/{n} shown  median {statistics.median(lat):7.2f} ms  "
                    f"p99 {pct(lat, 0.99):8.2f} ms  max {max(lat):8.2f} ms  "
                    f"CPU {1000 * got['cpu'] / max(1, len(lat) - 1):.2f} ms/read "
                    f"({100 * got['cpu'] / max(got['wall'], 1e-9):.1f}% of wall)  load {got['load'][0]} -> {got['load'][1]}"
                )
                if progress is not None:
                    progress(len([x for v in runs.values() for x in v]), total)
        print()
        print(
            "  condition                 runs  p99 per run: median (min-max)   median   all reads: p99     max   goal p99 <= 50 ms"
        )
        verdicts = []
        for (sched, busy), got in runs.items():
            p99s = [pct(g["lat"], 0.99) for g in got]
            every = [x for g in got for x in g["lat"]]
            met = statistics.median(p99s) <= GOAL_MS and pct(every, 0.99) <= GOAL_MS
            verdicts.append(met)
            label = f"{'loaded' if busy else 'quiet'} ({busy} busy), {sched}"
            print(
                f"  {label:<24} {len(got):>5}  {statistics.median(p99s):8.2f} ({min(p99s):.2f}-{max(p99s):.2f}) ms"
                f"  {statistics.median(every):7.2f}  {pct(every, 0.99):14.2f}  {max(every):7.2f}   "
                f"{'met' if met else 'NOT met'}"
            )
        from idle_cpu import ROOT, one_run  # benchmarks/idle_cpu.py: the demo table in a real pty

        cpu, wake = one_run(ROOT, 20.0, idle)
        if progress is not None:
            progress(total, total)
    print(
        f"  idle console (the demo table, emulated shuffler and shoe) over {idle:.0f} s: {cpu:.2f}% of one core, "
        f"{wake:.1f} wake-ups/s   goal <= 1%: {'met' if cpu <= 1 else 'NOT met'}"
    )
    print(f"  load average (uptime) at the end: {uptime()}")
    return 0 if all(verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
