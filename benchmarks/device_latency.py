"""Device latency: last byte of a card-read frame written to a pty -> typed event in the driver.

The device side is a separate process (as real firmware is separate hardware) holding the device end
of the link (the same sans-IO code the emulators use) on the pty master. For each read it writes one
READ frame, notes the time the write returned, and sends the next read once this one is acknowledged.
The host is the production
stack: ``SerialTransport`` (pyserial-asyncio-fast on the pty slave) -> framer -> codec -> link ->
``ShoeDriver`` -> ``Device.next_event()``. Reads go one at a time, so each figure is the latency on an
idle line, not the time spent in a queue. Both processes read the same monotonic clock.

For comparison the same pty, serial transport and writer process are timed with no protocol stack
at all (the frame's bytes in -> the same bytes out of ``SerialTransport.read``): the floor that our
framer, codec, link and driver add to. Both are printed beside the frame's wire time at 115,200 baud 8N1.

    .venv/bin/python benchmarks/device_latency.py            # 10,000 reads
    .venv/bin/python benchmarks/device_latency.py --quick    # 1,000 reads
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
import time
from multiprocessing.connection import Connection
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from devices import DeviceSpec, open_device  # noqa: E402
from devices.events import CardRead  # noqa: E402
from devices.transports import SerialTransport  # noqa: E402
from firmware_bridge.framer import Frame, encode_frame  # noqa: E402
from firmware_bridge.link import DeviceIdentityTemplate, DeviceLink  # noqa: E402
from firmware_bridge.messages import DeviceKind, Read, encode_payload  # noqa: E402
from firmware_bridge.transport import open_pty  # noqa: E402
from rules.cards import ALL_CARDS  # noqa: E402
from terminal.progress import progress_bar  # noqa: E402

BAUD = 115_200
BITS_PER_BYTE = 10  # 8N1


def device_side(master: int, n: int, results: Connection) -> None:
    """The firmware end, in its own process: answer the handshake, then send reads one at a time,
    each when the previous one has been acknowledged. Sends back the write times and frame length."""
    link = DeviceLink(DeviceIdentityTemplate(int(DeviceKind.SHOE), "bench", "B-1", "1"), now=time.monotonic())

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
    sent_at = [0] * n
    frame_len = 0
    for i in range(n):
        while link.in_flight:
            pump(0.01)
        link.send(Read(ALL_CARDS[i % 52], 0, 95), time.monotonic())
        data = link.data_to_send()
        frame_len = len(data)
        os.write(master, data)
        sent_at[i] = time.perf_counter_ns()
    while link.in_flight:
        pump(0.01)
    results.send((sent_at, frame_len))
    results.close()


class StampedSerialTransport(SerialTransport):
    """The production serial transport, noting when each chunk of bytes reached the driver."""

    last_chunk_ns = 0

    async def read(self) -> bytes:
        data = await super().read()
        self.last_chunk_ns = time.perf_counter_ns()
        return data


async def stack_latency(n: int) -> tuple[list[float], int, list[float]]:
    pty = open_pty()
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=device_side, args=(pty.master, n, child), daemon=True)
    proc.start()
    got_at: list[int] = [0] * n
    in_driver: list[float] = []
    transport = StampedSerialTransport(pty.path)
    try:
        async with open_device(DeviceSpec("shoe", "shoe", pty.path), transport) as shoe:
            i = 0
            while i < n:
                ev = await shoe.next_event()
                if isinstance(ev, CardRead):
                    got_at[i] = time.perf_counter_ns()
                    in_driver.append((got_at[i] - transport.last_chunk_ns) / 1e6)
                    i += 1
            shoe.pending_events()  # coming back for more: the last read is acknowledged (after commit)
            loop = asyncio.get_running_loop()
            sent_at, frame_len = await loop.run_in_executor(None, parent.recv)
    finally:
        proc.join(5)
        pty.close()
    return [(b - a) / 1e6 for a, b in zip(sent_at, got_at, strict=True)], frame_len, in_driver


def raw_side(master: int, n: int, frame: bytes, results: Connection) -> None:
    """The floor's device end: write the frame's bytes, wait for a one-byte answer, repeat."""
    sent_at = [0] * n
    for i in range(n):
        os.write(master, frame)
        sent_at[i] = time.perf_counter_ns()
        while not os.read(master, 1):
            pass
    results.send(sent_at)
    results.close()


async def floor_latency(n: int, frame: bytes) -> list[float]:
    """The same pty, serial transport and separate writer process, no protocol: time the bytes' arrival."""
    pty = open_pty()
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=raw_side, args=(pty.master, n, frame, child), daemon=True)
    t = SerialTransport(pty.path)
    await t.open()
    proc.start()
    got_at = [0] * n
    try:
        for i in range(n):
            buf = b""
            while len(buf) < len(frame):
                buf += await t.read()
            got_at[i] = time.perf_counter_ns()
            t.write(b"k")
        sent_at = await asyncio.get_running_loop().run_in_executor(None, parent.recv)
    finally:
        await t.close()
        proc.join(5)
        pty.close()
    return [(b - a) / 1e6 for a, b in zip(sent_at, got_at, strict=True)]


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--reads", type=int, default=10_000)
    ap.add_argument("--quick", action="store_true", help="1,000 reads")
    args = ap.parse_args()
    n = 1_000 if args.quick else args.reads
    load = os.getloadavg()
    # two timed stages; the bar (no refresh thread) moves only between them
    with progress_bar("device latency: stack, then floor", timed=True) as progress:
        if progress is not None:
            progress(0, 2)
        lat, frame_len, in_driver = asyncio.run(stack_latency(n))
        if progress is not None:
            progress(1, 2)
        sample = encode_frame(Frame(Read.TYPE, 3, 5, 0, encode_payload(Read(ALL_CARDS[51], 0, 95))))
        floor = asyncio.run(floor_latency(n, sample))
    wire_ms = frame_len * BITS_PER_BYTE / BAUD * 1000
    print(
        f"device latency, {n:,} reads, {platform.python_implementation()} {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} CPUs"
    )
    print(f"  load average before the run: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(f"  READ frame: {frame_len} bytes on the wire = {wire_ms:.3f} ms at {BAUD:,} baud 8N1")
    rows = (
        ("pty -> CardRead event (full stack)", lat),
        ("  of which bytes in driver -> event", in_driver),
        ("pty -> bytes (transport only, floor)", floor),
    )
    for name, xs in rows:
        print(
            f"  {name:<38} median {statistics.median(xs):.3f} ms   p90 {pct(xs, 0.90):.3f} ms   "
            f"p99 {pct(xs, 0.99):.3f} ms   "
            f"max {max(xs):.3f} ms"
        )
    ok = pct(lat, 0.99) <= 2.0
    print(f"  goal p99 <= 2 ms: {'met' if ok else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
