"""Reliability report in one command: the device fault matrix, the host kill loop and the frame fuzzer.

Everything runs over real ptys with each emulator in its own process (``python -m
firmware_bridge.emulators``), the production serial transport (pyserial-asyncio-fast) and drivers on the
host side, and the real journal (SQLite, WAL, synchronous=FULL).

- ``kill``: a shoe offering about 100 reads/s; a host process (this file's ``host`` command: the
  driver's events journaled with one group commit per batch, ``Journal.append_many``, before the next
  batch is taken) is killed with SIGKILL or SIGTERM after it has journaled a number of reads, and
  restarted. After each kill the reads the shoe saw acknowledged (from its non-volatile state) are
  looked up in the journal: *missing* must be 0. *Duplicated* counts numbers journaled twice.
  ``--host controller``: the host is the terminal's own controller instead (``TableController`` on a real
  journal, its device supervisor and intake: one group commit per batch of reads that arrived together,
  the delivered counter in the same transaction); journaled reads are its ``round`` card entries and
  the numbers are those up to its last ``device.delivered`` entry. ``--interval`` sets the shoe's pace.
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
from terminal.progress import Progress, progress_bar  # noqa: E402

KILL_PROFILE = """\
kind: shoe
description: seeded-random reads (reliability kill loop; interval 0.01 s is about 100 a second)
identity: {{model: DT-Shoe emulated, serial: EMU-SHOE-KILL, firmware_version: 1.4.2}}
seed: 5050
reads: {{source: random, count: 1000000, interval: {interval}}}
"""

TABLE = """\
table: {game: paigow/capitol, seats: 7, limits: {min_cents: 500, max_cents: 100000}}
devices:
  shoe: {kind: shoe, url: 'emu://shoe-basic'}
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


async def controller_host_main(link: str, journal_path: str) -> int:
    """The host as the terminal runs it: a ``TableController`` with the shoe at ``link`` (its device
    supervisor and intake journal the reads) until SIGTERM, which stops the devices and closes the journal."""
    from terminal.config import check_config
    from terminal.controller import TableController
    from terminal.journal import Journal

    table = Path(journal_path).with_suffix(".yaml")
    table.write_text(TABLE, encoding="utf-8")
    cfg, problems = check_config([table], env={})
    if cfg is None:
        raise SystemExit(f"table configuration refused: {problems}")
    shoe = cfg.devices["shoe"].model_copy(update={"url": f"pty://{link}"})  # the emulator's pty
    cfg = cfg.model_copy(update={"devices": {"shoe": shoe}})
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    controller = TableController(cfg, Journal(journal_path))
    await controller.start()
    devices = asyncio.ensure_future(controller.run_devices())
    print("ready", flush=True)
    try:
        await stop.wait()
    finally:
        devices.cancel()  # every device closes; what was taken and not journaled is never acknowledged
        await asyncio.gather(devices, return_exceptions=True)
        controller.close()
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


def _journal_numbers(path: Path, host: str = "driver") -> list[int]:
    """The read numbers the journal holds: the driver host's ``device-read`` rows; for the controller
    host, one number per card entry, 1 … n, where n is the last ``device.delivered`` number (committed in
    the same transaction as its read) — so a read journaled twice or lost shows as a number repeated or
    missing."""
    import json
    import sqlite3

    if not path.exists():
        return []
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        if host == "driver":
            rows = db.execute("SELECT payload FROM journal WHERE kind = ?", (READ_KIND,)).fetchall()
            return [int(json.loads(p)["number"]) for (p,) in rows]
        cards = db.execute(
            "SELECT COUNT(*) FROM journal WHERE kind = 'round' AND payload LIKE '%\"card\"%'"
        ).fetchone()[0]
        last = db.execute(
            "SELECT payload FROM journal WHERE kind = 'device.delivered' ORDER BY seq DESC LIMIT 1"
        ).fetchone()
    finally:
        db.close()
    delivered = (
        max((int(n) for n in json.loads(last[0])["numbers"]["shoe"].values()), default=0) if last else 0
    )
    numbers = list(range(1, delivered + 1))
    return numbers + numbers[: max(0, cards - delivered)]  # more card rows than numbers: duplicates


def _wait_journal(path: Path, count: int, limit: float, host: str = "driver") -> None:
    t0 = time.monotonic()
    while len(_journal_numbers(path, host)) < count:
        if time.monotonic() - t0 > limit:
            raise RuntimeError(f"the journal did not reach {count} reads in {limit:.0f} s")
        time.sleep(0.1)


def kill_loop(
    signals: list[int],
    workdir: Path,
    *,
    reads_per_run: int = 60,
    limit: float = 120.0,
    host_kind: str = "driver",
    interval: float = 0.01,
    progress: Progress | None = None,
) -> list[KillRun]:
    """Start a shoe emulator, then for each signal: start a host, let it journal ``reads_per_run`` reads,
    send the signal, and check every acknowledged read is journaled. Waits are bounded, not timed.
    ``progress`` moves after each run, between the runs' timed reads."""
    profile = workdir / "shoe-kill.yaml"
    profile.write_text(KILL_PROFILE.format(interval=interval), encoding="utf-8")
    journal = workdir / "journal.sqlite"
    runs: list[KillRun] = []
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DEALER_TERMINAL_STATE_DIR": str(workdir / "state")}
    with EmulatorProcess(profile, workdir) as emu:
        emu.start()
        for sig in signals:
            before = len(_journal_numbers(journal, host_kind))
            host = subprocess.Popen(
                [sys.executable, str(Path(__file__).resolve()), "host", "--link", str(emu.link),
                 "--journal", str(journal), "--host", host_kind],
                cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True,
            )  # fmt: skip
            assert host.stdout is not None
            if host.stdout.readline().strip() != "ready":
                host.kill()
                raise RuntimeError("the host did not start")
            t0 = time.monotonic()
            _wait_journal(journal, before + reads_per_run, limit, host_kind)
            host.send_signal(sig)
            seconds = time.monotonic() - t0
            host.wait(limit)
            host.stdout.close()
            numbers = _journal_numbers(journal, host_kind)
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
            if progress is not None:
                progress(len(runs), len(signals))
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


# --- the fault matrix ------------------------------------------------------------------------------

_IDENT = "identity: {{model: DT-{kind} emulated, serial: EMU-{kind}-MATRIX, firmware_version: 1.0.0}}\n"
PROFILES = {
    "shoe": "kind: shoe\nseed: 7\nreads: {source: deck, interval: 0.03}\n",
    "shuffler": "kind: shuffler\nseed: 11\ndeck: {decks: 1, jokers: 0}\n",
    "dice_cup": "kind: dice_cup\nseed: 61\ndice: {shake_quality: 85, step: 0.05}\n",
    "panel": "kind: panel\nbuttons:\n"
    + "".join(f"  - {{at: {0.3 + 0.08 * i:.2f}, button: 1, held_ms: 90}}\n" for i in range(40)),
}
WRONG_DECK = "faults: {deck_missing: [As]}\n"
#: How many numbered events (reads, cards out, dice results, presses) each kind's workload makes.
WORKLOAD = {"shoe": 52, "shuffler": 52, "dice_cup": 12, "panel": 40}

#: fault -> (how it is made, the alert expected, the alerts also allowed, kinds it applies to)
FAULTS: dict[str, tuple[str, str | None, frozenset[str], tuple[str, ...]]] = {
    "garbled": ("inject garble_next", None, frozenset(), ()),
    "dropped": ("inject drop_next count=2", None, frozenset(), ()),
    "duplicated": ("inject duplicate_next count=2", None, frozenset(), ()),
    "reordered": ("inject reorder_next", None, frozenset(), ()),
    "sequence gap": ("inject gap_next", None, frozenset(), ()),
    "disconnect": ("unplug 3", "COMMS_LOST", frozenset(), ()),
    "restart same boot id": (
        "inject reboot same_boot_id=true",
        "DEVICE_RESTARTED",
        frozenset({"COMMS_LOST"}),
        (),
    ),
    "restart new boot id": ("inject reboot", "DEVICE_RESTARTED", frozenset({"COMMS_LOST"}), ()),
    "process restart": ("restart", "DEVICE_RESTARTED", frozenset({"COMMS_LOST"}), ("shoe",)),
    "heartbeat loss": ("inject disconnect duration=3", "COMMS_LOST", frozenset(), ()),
    "jam": ("inject jam", "SHUFFLER_JAM", frozenset(), ("shuffler",)),
    "cover early": ("inject open_early_next", "CUP_OPENED_EARLY", frozenset(), ("dice_cup",)),
    "wrong count": (
        "profile",
        "DECK_COUNT_MISMATCH",
        frozenset({"DUPLICATE_CARD", "FOREIGN_CARD"}),
        ("shuffler",),
    ),
}


@dataclass
class Case:
    """One (device kind, fault) case of the matrix."""

    kind: str
    fault: str
    detected: bool = False
    right_alert: bool = False
    lost: int = 0
    duplicated: int = 0
    alerts: tuple[str, ...] = ()
    note: str = ""
    issued: int = 0
    delivered: int = 0


def _detected(fault: str, before: dict[str, int], after: dict[str, int], alerts: list[str]) -> bool:
    """Whether the host noticed the fault: its counters moved or it raised the alert."""

    def moved(*keys: str) -> bool:
        return any(after[k] > before[k] for k in keys)

    return {
        "garbled": moved("bad_frames"),
        "dropped": moved("gaps", "duplicates", "dev_retransmits"),
        "duplicated": moved("duplicates"),
        "reordered": moved("gaps"),
        "sequence gap": moved("gaps"),
    }.get(fault, FAULTS[fault][1] in alerts)


async def run_case(kind: str, fault: str, workdir: Path, *, limit: float = 90.0) -> Case:
    """Run one case: the kind's workload over a pty to an emulator process, the fault a third of the way.

    Numbered events the emulator gave out are compared with the ones the driver delivered: every one
    exactly once. Waits are bounded (``limit`` seconds) and generous.
    """
    from devices import DeviceSpec
    from devices.api import make_device
    from devices.events import (
        ButtonPressed,
        CardDispensed,
        CardRead,
        DeviceRestarted,
        DiceRejected,
        DiceRolled,
        PacketDispensed,
        ShuffleComplete,
        ShufflerJam,
    )  # fmt: skip
    from devices.shuffler import ShufflerConfig

    how, expected, allowed, _ = FAULTS[fault]
    text = (
        PROFILES[kind] + _IDENT.format(kind=kind.replace("_", "-")) + (WRONG_DECK if how == "profile" else "")
    )
    profile = workdir / f"{kind}.yaml"
    profile.write_text(text, encoding="utf-8")
    case = Case(kind, fault)
    numbers: list[int] = []
    alerts: list[str] = []
    with EmulatorProcess(profile, workdir) as emu:
        emu.start()
        dev = make_device(DeviceSpec(kind, kind, f"pty://{emu.link}", options={}))
        await dev.start(handshake_timeout=60)
        want = WORKLOAD[kind]
        round_no = 0
        injected = False

        async def counters() -> dict[str, int]:
            c = dev.counters
            try:
                retransmits = (await dev.device_counters(timeout=30)).retransmits
            except TimeoutError:
                retransmits = -1
            return {
                "bad_frames": c.bad_frames, "gaps": c.gaps, "duplicates": c.duplicates,
                "dev_retransmits": retransmits,
            }  # fmt: skip

        def drive_start() -> None:
            nonlocal round_no
            if kind == "shuffler":
                dev.configure(ShufflerConfig(decks=1, jokers=0, mode="hands", packet_size=4, packets=13))
                dev.shuffle()
            elif kind == "dice_cup":
                round_no += 1
                dev.arm(round_no)

        before = await counters()
        drive_start()
        t0 = time.monotonic()
        while len(set(numbers)) < want and not (how == "profile" and alerts):
            if time.monotonic() - t0 > limit:
                case.note = f"stopped after {limit:.0f} s with {len(set(numbers))} of {want}"
                break
            try:
                batch = await asyncio.wait_for(dev.next_events(), 5.0)
            except TimeoutError:
                continue
            for ev in batch:
                code = getattr(ev, "alert_code", None)
                if code:
                    alerts.append(str(code))
                if (
                    isinstance(ev, CardRead | CardDispensed | DiceRolled | DiceRejected | ButtonPressed)
                    and ev.number
                ):
                    numbers.append(ev.number)
                if isinstance(ev, DeviceRestarted):
                    dev.acknowledge_restart()
                    drive_start()
                elif isinstance(ev, ShuffleComplete | PacketDispensed):
                    dev.dispense()
                elif isinstance(ev, ShufflerJam):
                    dev.clear_fault()
                elif isinstance(ev, DiceRolled | DiceRejected):
                    round_no += 1
                    dev.arm(round_no)
            if not injected and len(numbers) >= want // 3 and how not in ("profile",):
                injected = True
                if how == "restart":
                    await asyncio.to_thread(emu.kill)
                    await asyncio.to_thread(emu.start)
                else:
                    emu.send(how)
        after = await counters()
        await dev.close()
        acked, issued = acknowledged_numbers(emu.state)
    got = set(numbers)
    case.lost = len(acked - got)  # given out, no longer kept by the device, never delivered
    case.issued = issued
    case.duplicated = len(numbers) - len(got)
    case.delivered = len(got)
    case.alerts = tuple(sorted(set(alerts)))
    case.detected = _detected(fault, before, after, alerts)
    case.right_alert = (expected is None and not alerts) or (
        expected in alerts and set(alerts) <= {expected, *allowed}
    )
    return case


def matrix(
    workdir: Path,
    kinds: tuple[str, ...] = tuple(WORKLOAD),
    faults: tuple[str, ...] = tuple(FAULTS),
    progress: Progress | None = None,
) -> list[Case]:
    """Every applicable (kind, fault) case, each in a fresh directory; ``progress`` moves after each case."""
    cases = [(k, f) for k in kinds for f in faults if not FAULTS[f][3] or k in FAULTS[f][3]]
    out = []
    for kind, fault in cases:
        d = workdir / f"{kind}-{fault.replace(' ', '-')}"
        d.mkdir(parents=True, exist_ok=True)
        out.append(asyncio.run(run_case(kind, fault, d)))
        if progress is not None:
            progress(len(out), len(cases))
    return out


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


def report_kill(runs: list[KillRun], host: str = "driver", interval: float = 0.01) -> None:
    print(
        f"Kill loop: host ({host}) killed while a shoe reads every {interval:g} s "
        "(acknowledged = the shoe's view)"
    )
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


def report_matrix(cases: list[Case]) -> None:
    print("Fault matrix: each emulator in its own process on a pty, the production serial driver")
    print(
        f"{'kind':<9} {'fault':<21} {'detected':>8} {'right alert':>11} {'lost':>4} {'dup':>3} {'events':>6}  alerts"
    )
    for c in cases:
        print(
            f"{c.kind:<9} {c.fault:<21} {'yes' if c.detected else 'NO':>8} {'yes' if c.right_alert else 'NO':>11} "
            f"{c.lost:>4} {c.duplicated:>3} {c.delivered:>6}  {','.join(c.alerts) or '-'} {c.note}"
        )
    n = len(cases)
    print(
        f"{n} cases: detected {sum(c.detected for c in cases)}/{n}, right alert "
        f"{sum(c.right_alert for c in cases)}/{n}, reads lost {sum(c.lost for c in cases)}, "
        f"reads duplicated {sum(c.duplicated for c in cases)}"
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
    h.add_argument("--host", choices=("driver", "controller"), default="driver")
    k = sub.add_parser("kill", help="the host kill loop")
    k.add_argument("--runs", type=int, default=20, help="host runs (alternately SIGKILL and SIGTERM)")
    k.add_argument("--reads", type=int, default=100, help="reads journaled per run before the signal")
    k.add_argument(
        "--host", choices=("driver", "controller"), default="driver",
        help="driver: driver + journal; controller: the terminal's TableController",
    )  # fmt: skip
    k.add_argument("--interval", type=float, default=0.01, help="seconds between the shoe's reads")
    f = sub.add_parser("fuzz", help="the frame fuzzer")
    f.add_argument("--frames", type=int, default=1_000_000)
    m = sub.add_parser("matrix", help="the device fault matrix")
    m.add_argument("--kinds", nargs="*", default=list(WORKLOAD))
    m.add_argument("--faults", nargs="*", default=list(FAULTS))
    c = sub.add_parser("atheris", help="the coverage-guided frame fuzzer (needs atheris)")
    c.add_argument("--frames", type=int, default=1_000_000)
    a = sub.add_parser("all", help="everything")
    a.add_argument("--runs", type=int, default=20)
    a.add_argument("--frames", type=int, default=1_000_000)
    a.add_argument("--kinds", nargs="*", default=list(WORKLOAD))
    a.add_argument("--faults", nargs="*", default=list(FAULTS))
    args = p.parse_args(argv)
    if args.cmd == "host":
        main_of = controller_host_main if args.host == "controller" else host_main
        return asyncio.run(main_of(args.link, args.journal))
    print(machine())
    summary: list[tuple[str, int, int, int, int, int]] = []  # part, cases, detected, right, lost, dup
    if args.cmd in ("matrix", "all"):
        kinds = tuple(getattr(args, "kinds", WORKLOAD))
        faults = tuple(getattr(args, "faults", FAULTS))
        with tempfile.TemporaryDirectory() as d, progress_bar("fault matrix", timed=True) as progress:
            cases = matrix(Path(d), kinds, faults, progress)
        report_matrix(cases)
        summary.append(
            ("fault matrix", len(cases), sum(c.detected for c in cases), sum(c.right_alert for c in cases),
             sum(c.lost for c in cases), sum(c.duplicated for c in cases))
        )  # fmt: skip
    if args.cmd in ("kill", "all"):
        sigs = [signal.SIGKILL if i % 2 == 0 else signal.SIGTERM for i in range(args.runs)]
        with tempfile.TemporaryDirectory() as d, progress_bar("kill loop", timed=True) as progress:
            runs = kill_loop(
                sigs,
                Path(d),
                reads_per_run=getattr(args, "reads", 100),
                host_kind=getattr(args, "host", "driver"),
                interval=getattr(args, "interval", 0.01),
                progress=progress,
            )
        report_kill(runs, getattr(args, "host", "driver"), getattr(args, "interval", 0.01))
        n = len(runs)
        summary.append(
            ("kill loop (host killed)", n, n, n, sum(r.missing for r in runs), runs[-1].duplicated)
        )
    if args.cmd in ("fuzz", "all"):
        t0, c0 = time.perf_counter(), time.process_time()
        result = fuzz(args.frames)
        report_fuzz(result, time.perf_counter() - t0, time.process_time() - c0)
        total = sum(n for n, _ in result.values())
        accepted = sum(a for _, a in result.values())
        summary.append(("fuzzer (damaged frames)", total, total - accepted, total - accepted, accepted, 0))
    if args.cmd in ("atheris", "all"):
        done, status, seconds = coverage_fuzz(args.frames)
        verdict = "no damaged frame accepted, no exception" if status == 0 else f"FAILED (exit {status})"
        print(f"Coverage-guided (atheris/libFuzzer): {done:,} inputs in {seconds:.0f} s wall: {verdict}")
        ok = done if status == 0 else 0
        summary.append(("coverage-guided fuzzer", done, ok, ok, 0 if status == 0 else 1, 0))
    if len(summary) > 1:
        print(
            "\nReliability summary (fuzzers: detected = damaged frames refused; lost = damaged frames accepted)"
        )
        print(f"{'part':<26} {'cases':>9} {'detected':>9} {'right alert':>11} {'lost':>5} {'duplicated':>10}")
        for part, n, det, right, lost, dup in summary:
            print(f"{part:<26} {n:>9,} {det:>9,} {right:>11,} {lost:>5} {dup:>10}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
