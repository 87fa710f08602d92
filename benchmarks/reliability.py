"""Reliability report in one command: the device fault matrix, the host kill loop and the frame fuzzer.

Everything runs over real ptys with each emulator in its own process (``python -m
firmware_bridge.emulators``), the production serial transport (pyserial-asyncio-fast) and drivers on the
host side, and the real journal (SQLite, WAL, synchronous=FULL).

- ``kill``: a shoe offering about 100 reads/s; a host process (this file's ``host`` command: the
  driver's events journaled with one group commit per batch, ``Journal.append_many``, before the next
  batch is taken) is killed with SIGKILL or SIGTERM after it has journaled a number of reads, and
  restarted. After each kill the reads the shoe saw acknowledged (from its non-volatile state) are
  looked up in the journal: *missing* must be 0. *Duplicated* counts numbers journaled twice.
- ``fuzz``: valid frames of random content, each damaged once by one of the mutations of
  ``firmware_bridge/mutate.py``, fed to the decoder; *accepted* counts damaged frames it let through.

    .venv/bin/python benchmarks/reliability.py all            # the full report (kill 20, fuzz 10^6)
    .venv/bin/python benchmarks/reliability.py kill --runs 6
    .venv/bin/python benchmarks/reliability.py fuzz --frames 1000000
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from firmware_bridge import mutate  # noqa: E402
from firmware_bridge.emulators.process import EmulatorProcess, acknowledged_numbers  # noqa: E402
from firmware_bridge.framer import FLAG_MAC, FLAGS_KNOWN, MAX_PAYLOAD, TAG_SIZE, Frame, encode_frame  # noqa: E402

KILL_PROFILE = """\
kind: shoe
description: seeded-random reads at about 100 a second (reliability kill loop)
identity: {model: DT-Shoe emulated, serial: EMU-SHOE-KILL, firmware_version: 1.4.2}
seed: 5050
reads: {source: random, count: 1000000, interval: 0.01}
"""

READ_KIND = "device-read"


# --- the host process ------------------------------------------------------------------------------


async def host_main(link: str, journal_path: str) -> int:
    """The host: open the shoe at ``link``, journal every read (group commit per batch) until SIGTERM."""
    from devices import DeviceSpec
    from devices.api import make_device
    from devices.events import CardRead
    from firmware_bridge.messages import Read
    from terminal.journal import Journal

    journal = Journal(journal_path)
    last = max((int(e.payload["number"]) for e in journal.entries(kind=READ_KIND)), default=0)
    dev = make_device(DeviceSpec("shoe", "shoe", f"pty://{link}"))
    dev.resume_numbers({Read.TYPE: last})  # reads already journaled, resent by the shoe: copies
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="journal")
    await dev.start(handshake_timeout=60)
    print("ready", flush=True)
    stopping = asyncio.ensure_future(stop.wait())
    try:
        while not stop.is_set():
            taking = asyncio.ensure_future(dev.next_events())
            await asyncio.wait({taking, stopping}, return_when=asyncio.FIRST_COMPLETED)
            if not taking.done():
                taking.cancel()
                break
            rows = [
                (READ_KIND, {"number": ev.number, "card": str(ev.card)})
                for ev in taking.result()
                if isinstance(ev, CardRead)
            ]
            if rows:
                await loop.run_in_executor(pool, journal.append_many, rows)
    finally:
        await dev.close()  # SIGTERM: what was taken and not journaled is never acknowledged
        pool.shutdown(wait=True)
        journal.close()
    return 0


# --- the kill loop ---------------------------------------------------------------------------------


@dataclass
class KillRun:
    """One host run ended by a signal."""

    signal: str
    journaled: int  # reads journaled during the run
    seconds: float  # from the host's ready line to the signal
    acknowledged: int  # reads the shoe saw acknowledged so far (all runs)
    missing: int  # acknowledged and not in the journal
    duplicated: int  # numbers journaled more than once

    @property
    def rate(self) -> float:
        """Reads journaled per second during the run."""
        return self.journaled / self.seconds if self.seconds > 0 else 0.0


def _journal_numbers(path: Path) -> list[int]:
    import sqlite3

    if not path.exists():
        return []
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = db.execute("SELECT payload FROM journal WHERE kind = ?", (READ_KIND,)).fetchall()
    finally:
        db.close()
    import json

    return [int(json.loads(p)["number"]) for (p,) in rows]


def _wait_journal(path: Path, count: int, limit: float) -> None:
    t0 = time.monotonic()
    while len(_journal_numbers(path)) < count:
        if time.monotonic() - t0 > limit:
            raise RuntimeError(f"the journal did not reach {count} reads in {limit:.0f} s")
        time.sleep(0.1)


def kill_loop(
    signals: list[int], workdir: Path, *, reads_per_run: int = 60, limit: float = 120.0
) -> list[KillRun]:
    """Start a shoe emulator, then for each signal: start a host, let it journal ``reads_per_run`` reads,
    send the signal, and check every acknowledged read is journaled. Waits are bounded, not timed."""
    profile = workdir / "shoe-kill.yaml"
    profile.write_text(KILL_PROFILE, encoding="utf-8")
    journal = workdir / "journal.sqlite"
    runs: list[KillRun] = []
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with EmulatorProcess(profile, workdir) as emu:
        emu.start()
        for sig in signals:
            before = len(_journal_numbers(journal))
            host = subprocess.Popen(
                [sys.executable, str(Path(__file__).resolve()), "host", "--link", str(emu.link),
                 "--journal", str(journal)],
                cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True,
            )  # fmt: skip
            assert host.stdout is not None
            if host.stdout.readline().strip() != "ready":
                host.kill()
                raise RuntimeError("the host did not start")
            t0 = time.monotonic()
            _wait_journal(journal, before + reads_per_run, limit)
            host.send_signal(sig)
            seconds = time.monotonic() - t0
            host.wait(limit)
            host.stdout.close()
            numbers = _journal_numbers(journal)
            acked, _ = acknowledged_numbers(emu.state)
            runs.append(
                KillRun(
                    signal.Signals(sig).name,
                    len(numbers) - before,
                    seconds,
                    len(acked),
                    len(acked - set(numbers)),
                    sum(c - 1 for c in Counter(numbers).values() if c > 1),
                )
            )
    return runs


# --- the fuzzer ------------------------------------------------------------------------------------


def random_frame(rng: random.Random) -> Frame:
    """A valid frame of random content (any type, flags, numbers, payload of 0 to 240 bytes)."""
    flags = rng.randrange(FLAGS_KNOWN + 1)
    size = rng.choice((0, 1, 3, 4, 7, 16, rng.randrange(MAX_PAYLOAD + 1)))
    payload = bytes(rng.choice((0, 0, 1, rng.randrange(256))) for _ in range(size))  # zeros are common
    tag = rng.randbytes(TAG_SIZE) if flags & FLAG_MAC else b""
    return Frame(rng.randrange(256), flags, rng.randrange(256), rng.randrange(256), payload, tag)


def fuzz(n: int, seed: int = 24) -> dict[str, tuple[int, int]]:
    """Damage ``n`` frames; per mutation: (frames damaged, damaged frames accepted)."""
    rng = random.Random(seed)
    names = sorted(mutate.MUTATIONS)
    out = {name: [0, 0] for name in names}
    for i in range(n):
        name = names[i % len(names)]
        f = random_frame(rng)
        damaged = mutate.MUTATIONS[name](encode_frame(f), rng)
        out[name][0] += 1
        out[name][1] += len(mutate.accepted_damage(f, damaged))
    return {k: (v[0], v[1]) for k, v in out.items()}


# --- report ----------------------------------------------------------------------------------------


def coverage_fuzz(runs: int, seed: int = 24) -> tuple[int, int, float]:
    """The atheris (libFuzzer) run of ``benchmarks/fuzz_frames.py``: (runs done, exit status, seconds)."""
    t0 = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "fuzz_frames.py"), f"-runs={runs}", f"-seed={seed}"],
        cwd=ROOT, capture_output=True, text=True,
    )  # fmt: skip
    done = 0
    for line in proc.stderr.splitlines():
        if line.startswith("Done ") and " runs " in line:
            done = int(line.split()[1])
    return done, proc.returncode, time.perf_counter() - t0


def machine() -> str:
    """The machine and its load, for the report."""
    load = os.getloadavg()
    return (
        f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}, "
        f"{os.cpu_count()} CPUs, load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}"
    )


def report_kill(runs: list[KillRun]) -> None:
    print("Kill loop: host killed while a shoe offers ~100 reads/s (acknowledged = the shoe's view)")
    print(
        f"{'run':>3} {'signal':<8} {'journaled':>9} {'reads/s':>8} {'acknowledged':>12} {'missing':>7} {'duplicated':>10}"
    )
    for i, r in enumerate(runs, 1):
        print(
            f"{i:>3} {r.signal:<8} {r.journaled:>9} {r.rate:>8.1f} {r.acknowledged:>12} {r.missing:>7} {r.duplicated:>10}"
        )
    rates = [r.rate for r in runs]
    print(
        f"reads/s median {statistics.median(rates):.1f} (min {min(rates):.1f}, max {max(rates):.1f}); "
        f"missing {sum(r.missing for r in runs)}; duplicated {runs[-1].duplicated}"
    )


def report_fuzz(result: dict[str, tuple[int, int]], seconds: float, cpu: float) -> None:
    total = sum(n for n, _ in result.values())
    accepted = sum(a for _, a in result.values())
    print(f"Fuzzer: {total:,} damaged frames in {seconds:.1f} s wall, {cpu:.1f} s CPU")
    for name, (n, a) in result.items():
        print(f"  {name:<16} {n:>9,} damaged  {a:>3} accepted")
    print(f"  {'total':<16} {total:>9,} damaged  {accepted:>3} accepted")


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    h = sub.add_parser("host", help="(internal) the host process of the kill loop")
    h.add_argument("--link", required=True)
    h.add_argument("--journal", required=True)
    k = sub.add_parser("kill", help="the host kill loop")
    k.add_argument("--runs", type=int, default=20, help="host runs (alternately SIGKILL and SIGTERM)")
    k.add_argument("--reads", type=int, default=100, help="reads journaled per run before the signal")
    f = sub.add_parser("fuzz", help="the frame fuzzer")
    f.add_argument("--frames", type=int, default=1_000_000)
    c = sub.add_parser("atheris", help="the coverage-guided frame fuzzer (needs atheris)")
    c.add_argument("--frames", type=int, default=1_000_000)
    a = sub.add_parser("all", help="everything")
    a.add_argument("--runs", type=int, default=20)
    a.add_argument("--frames", type=int, default=1_000_000)
    args = p.parse_args(argv)
    if args.cmd == "host":
        return asyncio.run(host_main(args.link, args.journal))
    print(machine())
    if args.cmd in ("kill", "all"):
        sigs = [signal.SIGKILL if i % 2 == 0 else signal.SIGTERM for i in range(args.runs)]
        with tempfile.TemporaryDirectory() as d:
            runs = kill_loop(sigs, Path(d), reads_per_run=getattr(args, "reads", 100))
        report_kill(runs)
    if args.cmd in ("fuzz", "all"):
        t0, c0 = time.perf_counter(), time.process_time()
        result = fuzz(args.frames)
        report_fuzz(result, time.perf_counter() - t0, time.process_time() - c0)
    if args.cmd in ("atheris", "all"):
        done, status, seconds = coverage_fuzz(args.frames)
        verdict = "no damaged frame accepted, no exception" if status == 0 else f"FAILED (exit {status})"
        print(f"Coverage-guided (atheris/libFuzzer): {done:,} inputs in {seconds:.0f} s wall: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
