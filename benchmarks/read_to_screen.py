"""Read to screen: a card-read frame on a pty -> the alert it raises shown in the running console.

The device side is a separate process holding the device end of the link on the pty master (as in
``device_latency.py``). It writes one READ frame at a time, notes when the write returned, waits for the
acknowledgement and then a gap longer than the console's repaint interval, so each figure is the
latency of one read on an idle table, not time spent behind the 10 Hz repaint throttle.

The host is the whole production path: ``SerialTransport`` -> framer -> codec -> link -> ``ShoeDriver``
-> ``TableController`` (journal append with a full fsync, round fold) -> ``ViewPosted`` message ->
``DealerScreen.paint`` in a headless ``DealerConsole``. Each read comes before any round has started,
so each raises a PREMATURE_CARD stop alert (and, after 52 reads, DUPLICATE_CARD too); the time is taken
when the screen has painted the view that holds that read (the view's round-event number) and its alert. The journal is on this machine's disk (tmpfs or SSD makes a difference:
the fsync dominates).

Then the console sits idle (no reads, link heartbeats only) and its CPU use is measured.

    .venv/bin/python benchmarks/read_to_screen.py            # 300 reads, 10 s idle
    .venv/bin/python benchmarks/read_to_screen.py --quick    # 50 reads, 3 s idle
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import platform
import select
import statistics
import sys
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from firmware_bridge.link import DeviceIdentityTemplate, DeviceLink  # noqa: E402
from firmware_bridge.messages import DeviceKind, Read  # noqa: E402
from firmware_bridge.transport import open_pty  # noqa: E402
from rules.cards import ALL_CARDS  # noqa: E402
from terminal.config import check_config  # noqa: E402
from terminal.console.app import DealerConsole  # noqa: E402
from terminal.controller import TableController  # noqa: E402
from terminal.journal import Journal  # noqa: E402
from terminal.progress import Progress, progress_bar  # noqa: E402
from terminal.roles import Access  # noqa: E402


def device_side(master: int, n: int, gap: float, idle: float, results: Connection) -> None:
    """The shoe's firmware: handshake, then ``n`` reads, each after the last was acknowledged + ``gap``."""
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
    while not link.established:
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
    end = time.monotonic() + idle + 2.0  # keep answering heartbeats while the host measures idle CPU
    while time.monotonic() < end:
        pump(0.05)
    results.close()


class TimedConsole(DealerConsole):
    """The console, noting when each round event (by number) was first painted."""

    shown_at: dict[int, int]

    def _paint(self) -> None:
        super()._paint()
        if self.view is not None:
            self.shown_at.setdefault(int(self.view.extra.get("seq", 0)), time.perf_counter_ns())


async def run(
    n: int, gap: float, idle: float, progress: Progress | None = None
) -> tuple[list[float], float, int]:
    """Time ``n`` reads from the pty to the painted screen, then the idle console's CPU; ``progress``
    moves between the two stages, not while either is timed."""
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
    controller = TableController(cfg, Journal(cfg.journal.path))
    app = TimedConsole(controller, Access({}), repaint_hz=cfg.console.repaint_hz)
    app.shown_at = {}
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=device_side, args=(pty.master, n, gap, idle, child), daemon=True)
    proc.start()
    loop = asyncio.get_running_loop()
    try:
        async with app.run_test(size=(120, 36)) as pilot:
            devices = asyncio.create_task(controller.run_devices())
            sent_at = await loop.run_in_executor(None, parent.recv)
            while len(app.shown_at) <= n and not devices.done():
                await pilot.pause(0.05)
            await pilot.pause(0.5)
            if progress is not None:
                progress(1, 2)
            cpu0, wall0 = time.process_time(), time.perf_counter()
            await asyncio.sleep(idle)
            cpu = (time.process_time() - cpu0) / (time.perf_counter() - wall0) * 100
            paints = app.paints
            devices.cancel()
    finally:
        proc.join(idle + 5)
        pty.close()
        controller.close()
    lat = [(app.shown_at[i + 1] - sent_at[i]) / 1e6 for i in range(n) if i + 1 in app.shown_at]
    return lat, cpu, paints


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--reads", type=int, default=300)
    ap.add_argument(
        "--gap", type=float, default=0.15, help="seconds between reads (above the repaint interval)"
    )
    ap.add_argument("--idle", type=float, default=10.0, help="seconds of idle to measure CPU over")
    ap.add_argument("--quick", action="store_true", help="50 reads, 3 s idle")
    args = ap.parse_args()
    n, idle = (50, 3.0) if args.quick else (args.reads, args.idle)
    load = os.getloadavg()
    with progress_bar("read to screen: reads, then idle", timed=True) as progress:
        if progress is not None:
            progress(0, 2)
        lat, cpu, paints = asyncio.run(run(n, args.gap, idle, progress))
    print(
        f"read to screen, {len(lat)}/{n} reads, {platform.python_implementation()} {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} CPUs"
    )
    print(f"  load average before the run: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(
        f"  pty -> alert painted: median {statistics.median(lat):.2f} ms   p90 {pct(lat, 0.9):.2f} ms   "
        f"p99 {pct(lat, 0.99):.2f} ms   max {max(lat):.2f} ms   ({paints} repaints)"
    )
    print(f"  goal p99 <= 50 ms: {'met' if pct(lat, 0.99) <= 50 else 'NOT met'}")
    print(
        f"  idle console CPU over {idle:.0f} s: {cpu:.2f}% of one core   goal <= 2%: {'met' if cpu <= 2 else 'NOT met'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
