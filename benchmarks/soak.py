"""Soak: a table dealing simulated days of rounds, restarted at random points; restart cost vs rounds dealt.

    .venv/bin/python benchmarks/soak.py [--days 30] [--rounds-per-day 1340] [--restarts 30] [--json]

A headless table on a real journal deals rounds of several game families (a round: a ``RoundStart``
and what follows it). The rounds come from the event lists of the repository's scenario files for the
table's game
(``tests/scenarios``), misdeals, device faults, corrections and irregularities included, applied through
``apply_event`` — the path every device read and dealer input takes (journal, checkpoint at each
``RoundStart``, fold, settlement). Each simulated day the table may change game (a new configuration, as
a technician would). At random points — mid-round too — the table is restarted:

* in a **fresh process** the restart is timed: open the journal (verify since the last checkpoint),
  build the controller (restore: last checkpoint + the current round), ``start()``. It prints CPU
  seconds (user+sys) and wall seconds of that restart, and the process's peak RSS;
* in this process the controller is rebuilt from the journal and its state must equal the state
  before the restart (round number, fold, shoe) — the soak stops with an error otherwise.

At the end ``journal verify --all`` checks every segment. With ``--through engine`` (the default) or
``controller`` the devices are not in the loop: the rounds are the scenarios' events; what grows with the
days is the journal, and that is what these measure fast enough for a month of rounds.

``--through devices`` (``benchmarks/soak_devices.py``) puts them in: the controller of an example table
(``--tables``, default ``paigow,baccarat,threecard``) with its emulated shuffler, shoe and dice cup over
ptys under the device supervisor deals the rounds as a dealer following the prompt would, acting as soon as
the table needs the dealer; each round draws its device faults (``--faults-per-round``, ``--faults``),
misdeals and long pauses; each restart stops the devices, rebuilds the controller from the journal (its
table must equal the table before) and opens the devices again (``--restart-on copy``: timed on a copy of
the journal while the table deals on); stuck rounds are printed with their state. It deals a few rounds a
second on a small machine (docs/performance.md); ``--until MINUTES`` stops it early and says so.

``--fill-sync off`` (the default) writes the days without fsync (``Journal.set_durable(False)``:
``synchronous=OFF``, anchors not fsynced) so that a month of rounds fits in an hour on a small machine; restarts open the journal exactly as the terminal does
(``synchronous=FULL``). ``--fill-sync full`` writes every append durably, as on a table.

Not CI: ``tests/terminal/test_soak.py`` and ``tests/terminal/test_soak_devices.py`` run bounded versions
(small segments; a handful of rounds through the devices).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from rules.round import apply  # noqa: E402
from rules.round.events import Event, RoundStart  # noqa: E402
from terminal.config import TerminalConfig, check_config  # noqa: E402
from terminal.controller import TableController  # noqa: E402
from terminal.journal import ROUND_KIND, journal_for, open_for_check  # noqa: E402
from terminal.journal.restore import table_snapshot  # noqa: E402
from terminal.progress import progress_bar  # noqa: E402
from terminal.scenario import load_scenario  # noqa: E402

SCENARIOS = REPO / "tests" / "scenarios"
GAMES = (
    "baccarat/commission-free-dragon",
    "paigow/capitol",
    "threecard/betwiser-3card-holdem",
    "baccarat/zoobac",
    "omaha/hilo-joker-marysville",
    "holdem/marysville",
    "stud/mexican-the101",
)

RESTART = r"""
import json, sys, time
t_import = time.process_time()
sys.path.insert(0, sys.argv[1])
import asyncio
from terminal.config import check_config
from terminal.controller import TableController
from terminal.journal import journal_for
cfg, problems = check_config([sys.argv[2]], env={})
assert not problems, problems
t_import = time.process_time() - t_import
c0, w0 = time.process_time(), time.perf_counter()
j = journal_for(cfg)
c1 = time.process_time()
checkpoint, after = j.restore_point()
c = TableController(cfg, j)
asyncio.run(c.start())
cpu, wall = time.process_time() - c0, time.perf_counter() - w0
# The peak RSS of this process image (VmHWM): getrusage's ru_maxrss would also count the parent's
# pages at the fork that started this process.
rss = next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmHWM:"))
print(json.dumps({"cpu": cpu, "wall": wall, "rss_kb": rss, "import_cpu": t_import,
                  "process_cpu": time.process_time(), "round_no": c.round_no,
                  "seq": c.state.seq, "open_cpu": c1 - c0, "checkpoint": checkpoint is not None,
                  "after": len(after)}))
c.close()
"""


@dataclass
class Soak:
    """The running soak: where the files are, what has been dealt, what the restarts measured."""

    workdir: Path
    rng: random.Random
    segment_entries: int
    fill_sync: str
    through: str = "engine"
    measure: bool = True
    games: tuple[str, ...] = GAMES
    quiet: bool = False
    rounds: int = 0
    checked: int = 0
    restarts: list[dict[str, Any]] = field(default_factory=list)
    by_game: dict[str, list[list[Event]]] = field(default_factory=dict)
    #: ``--through devices``: the example tables dealt (``soak_devices.TABLES``); device faults, misdeals
    #: and long pauses (the silence watchdog moved) a round on average (``--faults-per-round`` …), and
    #: the chance of each before every dealer step (the bounded test's much higher rate).
    device_tables: tuple[str, ...] = ("paigow", "baccarat", "threecard")
    device_faults: tuple[str, ...] | None = None  # the demo faults injected (their names); None: all
    faults_per_round: float = 0.25
    misdeals_per_round: float = 0.01
    pauses_per_round: float = 0.02
    restart_on: str = "table"  # --restart-on: restart the table itself, or time restarts on copies
    deadline: float = float("inf")  # --until: the time (epoch seconds) after which no round is started
    fault_rate: float = 0.0
    misdeal_rate: float = 0.0
    pause_rate: float = 0.0

    def rounds_of(self, game: str) -> list[list[Event]]:
        if game not in self.by_game:
            found = []
            for f in sorted(SCENARIOS.glob("*.yaml")):
                text = f.read_text(encoding="utf-8")
                if f"game: {game}\n" not in text:
                    continue
                sc = load_scenario(f)
                if sc.game.id == game and sc.events:
                    found.append(list(sc.events))
            if not found:
                raise SystemExit(f"soak: no scenario deals {game}")
            self.by_game[game] = found
        return self.by_game[game]

    def config(self, game: str) -> tuple[TerminalConfig, Path]:
        f = self.workdir / "table.yaml"
        f.write_text(
            f"table: {{game: {game}, seats: 9, limits: {{min_cents: 500, max_cents: 100000}}}}\n"
            f"journal: {{path: {self.workdir / 'journal.sqlite3'}, segment_entries: {self.segment_entries}}}\n",
            encoding="utf-8",
        )
        cfg, problems = check_config([f], env={})
        if problems:
            raise SystemExit(f"soak: {problems}")
        return cfg, f

    def open(self, game: str) -> TableController:
        cfg, _ = self.config(game)
        j = journal_for(cfg)
        if self.fill_sync == "off":
            j.set_durable(False)
        return TableController(cfg, j)

    def measure_restart(self, game: str, entries: int) -> dict[str, Any]:
        _, f = self.config(game)
        row = self.measure_file(f)
        row.update(rounds=self.rounds, entries=entries, game=game)
        return row

    def measure_file(self, f: Path) -> dict[str, Any]:
        """Restart the table configured in ``f`` in a fresh process (``RESTART``) and return what it timed."""
        out = subprocess.run(
            [sys.executable, "-c", RESTART, str(REPO), str(f)], capture_output=True, text=True, check=False
        )
        if out.returncode:
            raise SystemExit(f"soak: the restart failed:\n{out.stderr}")
        return dict(json.loads(out.stdout))


class EngineTable:
    """``--through engine``: the round engine folds each event and the journal gets what the controller
    would journal of it — a checkpoint before each ``RoundStart`` and the round's events as ``round``
    rows — one group commit per round, without the controller's settlement and view work."""

    def __init__(self, soak: Soak, game: str) -> None:
        self.c = soak.open(game)  # restores from the journal exactly as the controller does
        self.journal = self.c.journal.journal
        self.rules, self.game = self.c.rules, self.c.game
        self.state, self.round_no = self.c.state, self.c.round_no

    async def start(self) -> None:
        await self.c.start()

    async def deal(self, events: list[Event]) -> None:
        rows: list[tuple[str, dict[str, Any]]] = []
        for e in events:
            if isinstance(e, RoundStart):
                if rows:
                    self.journal.append_many(rows)
                    rows = []
                self.journal.checkpoint(
                    table_snapshot(self.state, round_no=self.round_no, game_id=self.game.id)
                )
                self.round_no += 1
            self.state = apply(self.state, e)
            rows.append((ROUND_KIND, e.to_json()))
        self.journal.append_many(rows)

    def close(self) -> None:
        self.c.close()


class ControllerTable:
    """``--through controller``: every event through ``TableController.apply_event``."""

    def __init__(self, soak: Soak, game: str) -> None:
        self.c = soak.open(game)

    @property
    def state(self) -> Any:
        return self.c.state

    @property
    def round_no(self) -> int:
        return self.c.round_no

    async def start(self) -> None:
        await self.c.start()

    async def deal(self, events: list[Event]) -> None:
        for e in events:
            await self.c.apply_event(e)

    def close(self) -> None:
        self.c.close()


async def deal(soak: Soak, *, days: int, rounds_per_day: int, restarts: int, quiet: bool) -> dict[str, Any]:
    total = days * rounds_per_day
    # Restart points: numbers of events into the soak, spread at random over the whole run.
    restart_rounds = sorted(soak.rng.sample(range(1, total), min(restarts, total - 1)))
    soak.quiet = quiet
    game = soak.games[0]
    table = EngineTable if soak.through == "engine" else ControllerTable
    c: Any = table(soak, game)
    await c.start()
    t0, c0 = time.perf_counter(), time.process_time()
    with progress_bar(f"soak: {total:,} rounds", quiet=quiet) as progress:  # a terminal only, not --json
        c = await _days(soak, c, table, game, days, rounds_per_day, restart_rounds, total, progress)
    c.close()
    elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
    return {"rounds": soak.rounds, "restarts_checked": soak.checked, "deal_seconds": elapsed, "deal_cpu": cpu}


async def _days(
    soak: Soak,
    c: Any,
    table: Any,
    game: Any,
    days: int,
    rounds_per_day: int,
    restart_rounds: list[int],
    total: int,
    progress: Any,
) -> Any:
    """Deal every day's rounds (a new game on some days), moving ``progress`` after each round."""
    for day in range(days):
        if day and soak.rng.random() < 0.5:  # a new game for the day, as a technician would configure it
            game = soak.rng.choice(soak.games)
            c.close()
            c = table(soak, game)
            await c.start()
        while soak.rounds < (day + 1) * rounds_per_day:
            for events in _rounds(soak.rng.choice(soak.rounds_of(game))):
                c = await _one_round(soak, c, table, game, events, restart_rounds)
            if progress is not None:
                progress(soak.rounds, total)
    return c


def _rounds(events: list[Event]) -> list[list[Event]]:
    """A scenario's events cut into rounds: each from its ``RoundStart`` (with what led up to it) to the
    next one."""
    out: list[list[Event]] = [[]]
    for e in events:
        if isinstance(e, RoundStart) and any(isinstance(x, RoundStart) for x in out[-1]):
            out.append([])
        out[-1].append(e)
    return [r for r in out if r]


async def _one_round(
    soak: Soak, c: Any, table: Any, game: str, events: list[Event], restart_rounds: list[int]
) -> Any:
    """Deal one round; restart the table in it when a restart point is due. Returns the table."""
    cut = len(events)
    restart_here = bool(restart_rounds) and soak.rounds >= restart_rounds[0]
    while restart_rounds and soak.rounds >= restart_rounds[0]:
        restart_rounds.pop(0)
    if restart_here:
        cut = soak.rng.randrange(len(events) + 1)  # mid-round, or at its end
    await c.deal(events[:cut])
    if restart_here:
        before = (c.round_no, c.state, c.state.seq)
        c.close()
        entries = _entries(soak)
        row = soak.measure_restart(game, entries) if soak.measure else None
        c = table(soak, game)
        await c.start()
        after = (c.round_no, c.state, c.state.seq)
        if after != before or (row and (row["round_no"], row["seq"]) != (before[0], before[2])):
            raise SystemExit(f"soak: the restart at round {soak.rounds} did not land where the table was")
        soak.checked += 1
        if row is not None:
            soak.restarts.append(row)
            if not soak.quiet:
                print(
                    f"  restart after {row['rounds']:>6,} rounds ({entries:>9,} entries): "
                    f"{row['cpu']:.3f} s CPU (journal open {row['open_cpu']:.3f}; whole process {row['process_cpu']:.2f}), "
                    f"{row['wall']:.3f} s wall, "
                    f"{row['rss_kb'] / 1024:.1f} MB RSS; folded {row['after']} entries after "
                    f"{'the last checkpoint' if row['checkpoint'] else 'the start (no checkpoint)'}; {game}",
                    flush=True,
                )
        await c.deal(events[cut:])
    soak.rounds += any(isinstance(e, RoundStart) for e in events)
    return c


def _entries(soak: Soak) -> int:
    with open_for_check(soak.workdir / "journal.sqlite3") as j:
        return j.head()[0]


def verify_all(workdir: Path) -> dict[str, Any]:
    c0, w0 = time.process_time(), time.perf_counter()
    with open_for_check(workdir / "journal.sqlite3") as j:
        report = j.verify()
    return {
        "ok": report.ok,
        "entries": report.count,
        "segments": report.segments,
        "problems": [str(p) for p in report.problems[:5]],
        "cpu": time.process_time() - c0,
        "wall": time.perf_counter() - w0,
    }


def summarise(restarts: list[dict[str, Any]]) -> dict[str, Any]:
    """Restart CPU over the run, and RSS first vs last restart of each game (a process's RSS depends on
    the game's family: the poker family's rank tables alone are tens of MB)."""
    if not restarts:
        return {}
    cpu = [r["cpu"] for r in restarts]
    process = [r["process_cpu"] for r in restarts]
    per_game: dict[str, dict[str, Any]] = {}
    for r in restarts:
        g = per_game.setdefault(
            r["game"], {"restarts": 0, "rss_mb_first": r["rss_kb"] / 1024, "rounds_first": r["rounds"]}
        )
        g.update(restarts=g["restarts"] + 1, rss_mb_last=r["rss_kb"] / 1024, rounds_last=r["rounds"])
        g["growth"] = g["rss_mb_last"] / g["rss_mb_first"] - 1
    repeated = [g["growth"] for g in per_game.values() if g["restarts"] > 1]
    return {
        "cpu_median": statistics.median(cpu),
        "cpu_max": max(cpu),
        "cpu_min": min(cpu),
        "process_cpu_median": statistics.median(process),
        "process_cpu_max": max(process),
        "rss_mb_min": min(r["rss_kb"] for r in restarts) / 1024,
        "rss_mb_max": max(r["rss_kb"] for r in restarts) / 1024,
        "per_game": per_game,
        "rss_growth_max": max(repeated, key=abs) if repeated else 0.0,
    }


def table_memory(memory: list[dict[str, Any]]) -> str:
    """The long-running table process's RSS against rounds dealt (``--through devices``: the process that
    deals every round, restarted in place; its devices' emulators run in it): day 1 against the last day,
    the largest, and every day's end."""
    days = [m for m in memory if m["day"] > 0]
    if not days:
        return "table process RSS: no day dealt"
    first, last = days[0], days[-1]
    top = max(days, key=lambda m: m["rss_mb"])
    return (
        f"table process RSS (the process dealing every round): day 1 (round {first['rounds']:,}) "
        f"{first['rss_mb']:.1f} MB -> day {last['day']} (round {last['rounds']:,}) {last['rss_mb']:.1f} MB "
        f"({(last['rss_mb'] / first['rss_mb'] - 1) * 100:+.1f}%); largest {top['rss_mb']:.1f} MB (day "
        f"{top['day']}); at the start {memory[0]['rss_mb']:.1f} MB; open files {min(m['open_files'] for m in days)}-"
        f"{max(m['open_files'] for m in days)}, threads {min(m['threads'] for m in days)}-"
        f"{max(m['threads'] for m in days)}\n  by day (rounds: MB): "
        + ", ".join(f"{m['rounds']:,}: {m['rss_mb']:.1f}" for m in days)
    )


def run(args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    soak = Soak(workdir, random.Random(args.seed), args.segment_entries, args.fill_sync, args.through)
    count = {"days": args.days, "rounds_per_day": args.rounds_per_day, "restarts": args.restarts}
    if args.through == "devices":
        from soak_devices import deal_devices

        soak.device_tables = tuple(args.tables.split(","))
        soak.device_faults = tuple(args.faults.split(",")) if args.faults else None
        soak.faults_per_round, soak.misdeals_per_round = args.faults_per_round, args.misdeals_per_round
        soak.pauses_per_round = args.pauses_per_round
        soak.restart_on = args.restart_on
        if args.until:
            soak.deadline = time.time() + float(args.until) * 60
        dealt = deal_devices(soak, **count, quiet=args.json)
    else:
        dealt = asyncio.run(deal(soak, **count, quiet=args.json))
    archive = workdir / "journal.sqlite3.archive"
    sizes = {
        "live_bytes": (workdir / "journal.sqlite3").stat().st_size,
        "archive_bytes": sum(p.stat().st_size for p in archive.iterdir()) if archive.is_dir() else 0,
    }
    return {
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}",
        # the allocator's setting (the systemd unit sets MALLOC_ARENA_MAX=2; docs/performance.md)
        "malloc_arena_max": os.environ.get("MALLOC_ARENA_MAX"),
        "load_average_start": args.load_start,
        "load_average_end": os.getloadavg(),
        "days": args.days,
        "rounds_per_day": args.rounds_per_day,
        "segment_entries": args.segment_entries,
        "fill_sync": args.fill_sync,
        "through": args.through,
        **dealt,
        "restarts": soak.restarts,
        "summary": summarise(soak.restarts),
        "verify_all": verify_all(workdir),
        **sizes,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--days", type=int, default=30)
    p.add_argument("--rounds-per-day", type=int, default=1340, help="[1340: 40,200 rounds in 30 days]")
    p.add_argument("--restarts", type=int, default=30)
    p.add_argument(
        "--segment-entries", type=int, default=50_000, help="rows per segment [50000, the default]"
    )
    p.add_argument("--fill-sync", choices=("off", "full"), default="off")
    p.add_argument(
        "--through",
        choices=("engine", "controller", "devices"),
        default="engine",
        help="who deals the rounds [engine]; devices: the controller with its emulated devices (soak_devices.py)",
    )
    p.add_argument(
        "--tables",
        default="paigow,baccarat,threecard",
        help="--through devices: the example tables (config/tables) dealt [paigow,baccarat,threecard]",
    )
    p.add_argument(
        "--faults",
        help="--through devices: the demo faults injected, by name (jam,door,reboot,disconnect,garble_next,"
        "open_early_next,weak_shake_next,misread_next) [all of the table's devices]",
    )
    p.add_argument("--faults-per-round", type=float, default=0.25, help="--through devices [0.25]")
    p.add_argument("--misdeals-per-round", type=float, default=0.01, help="--through devices [0.01]")
    p.add_argument(
        "--pauses-per-round",
        type=float,
        default=0.02,
        help="--through devices: long pauses (the devices' silence watchdog moved 10 s) a round [0.02]",
    )
    p.add_argument(
        "--until",
        help="--through devices: stop dealing after this many minutes (the result says so) [no limit]",
    )
    p.add_argument(
        "--restart-on",
        choices=("table", "copy"),
        default="table",
        help="--through devices: restart the table (devices closed, controller rebuilt) or, with copy, time "
        "the fresh-process restart on a copy of the journal while the table deals on [table]",
    )
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--dir", help="keep the journal here (default: a temporary directory)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    args.load_start = os.getloadavg()
    if args.dir:
        Path(args.dir).mkdir(parents=True, exist_ok=True)
        result = run(args, Path(args.dir))
    else:
        with tempfile.TemporaryDirectory(prefix="soak-") as d:
            result = run(args, Path(d))
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        s = result["summary"]
        v = result["verify_all"]
        print(
            f"{result['machine']}; MALLOC_ARENA_MAX={result['malloc_arena_max'] or '(unset)'}; load average "
            f"{result['load_average_start']} -> {result['load_average_end']}"
        )
        print(
            f"{result['rounds']:,} rounds over {result['days']} days in {result['deal_seconds']:.0f} s; "
            f"{result['restarts_checked']} restarts, each landing where the table was"
        )
        if result["through"] == "devices":
            if result["stopped_early"]:
                why = "the table stuck" if result["gave_up_stuck"] else "--until"
                print(f"STOPPED EARLY ({why}) on day {result['days_dealt']} of {result['days']}")
            print(
                f"through the emulated devices: {result['rounds_per_second']:.3f} rounds/s wall, "
                f"{result['deal_cpu'] / max(result['rounds'], 1):.3f} s CPU a round, {result['steps']:,} dealer "
                f"steps ({result['idle_steps']:,} idle), {result['settled']:,} rounds settled; cards and dice read "
                f"from {result['read_from']}; injected: "
                f"{', '.join(f'{k} {v}' for k, v in result['injected'].items()) or 'nothing'}; "
                f"{len(result['stuck'])} stuck rounds; {result['replayed_entries']:,} entries replayed"
            )
            print(f"rounds by table: {result['tables']}")
            print(table_memory(result["memory"]))
            for where in result["stuck"]:
                print(f"  stuck: {where}")
        if s:
            print(
                f"restart CPU (journal open + controller + start): median {s['cpu_median']:.3f} s, "
                f"{s['cpu_min']:.3f}-{s['cpu_max']:.3f} s; whole process (interpreter, imports, configuration "
                f"and game files included): median {s['process_cpu_median']:.2f} s, max {s['process_cpu_max']:.2f} s"
            )
            for game, g in s["per_game"].items():
                print(
                    f"  {game:<34} {g['restarts']:>2} restarts: restart process RSS {g['rss_mb_first']:.1f} MB at round "
                    f"{g['rounds_first']:,} -> {g['rss_mb_last']:.1f} MB at round {g['rounds_last']:,} "
                    f"({g['growth'] * 100:+.1f}%)"
                )
        print(
            f"journal verify --all: {'intact' if v['ok'] else 'FAILED ' + '; '.join(v['problems'])}, "
            f"{v['entries']:,} entries in {v['segments']} segments, {v['cpu']:.1f} s CPU; "
            f"live {result['live_bytes'] / 1e6:.1f} MB, archive {result['archive_bytes'] / 1e6:.1f} MB"
        )
    return 0 if result["verify_all"]["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
