"""CPU and wall time of ``dealer-terminal games``, process start to exit (issue 17 item 5: goal 0.3 s CPU).

Each run is a fresh process (``.venv/bin/dealer-terminal games``, output to a pipe): interpreter start-up,
imports, reading the 72 game files and validating them (or, with a warm cache, reading the parsed catalogue
from ``$XDG_CACHE_HOME/dealer-terminal``, keyed by the hash of every game file), and printing the list. CPU
is the child's user + system time (``os.wait4``); wall is from just before the fork to its exit. Before any
figure is printed, every run's output must be the same list, one line per game file in ``config/games``
and the count after them (the run stops otherwise).

``--repeat`` warm runs follow one run with an empty cache (the first command after the game files
changed); ``--cold N`` adds N more runs, each with an empty cache. Prints each run, the median and the
spread (min-max), the commit, the machine and its load average before and after. Before the runs it compiles
the project's bytecode as ``pip install`` does (``benchmarks/first_paint.py``; ``--no-compile`` leaves it as
found).

    .venv/bin/python benchmarks/startup.py --repeat 9 --cold 3
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from first_paint import commit, compile_bytecode  # noqa: E402

from terminal.progress import progress_bar  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
COMMAND = [str(Path(sys.executable).with_name("dealer-terminal")), "games"]


def run_child(cache: Path) -> tuple[float, float, bytes]:
    """(wall seconds, CPU seconds, output) of one ``dealer-terminal games`` with ``cache`` as its cache;
    the child reaped with ``os.wait4``, so its own rusage is read."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    r, w = os.pipe()
    t0 = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # the child: stdout to the pipe, stderr kept
        os.close(r)
        os.dup2(w, 1)
        os.chdir(ROOT)
        os.execve(COMMAND[0], COMMAND, env)
    os.close(w)
    chunks = []
    while data := os.read(r, 65536):
        chunks.append(data)
    os.close(r)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - t0
    if status:
        raise SystemExit(f"startup: {' '.join(COMMAND)} exited with status {status}")
    return wall, usage.ru_utime + usage.ru_stime, b"".join(chunks)


def summary(xs: list[float]) -> str:
    return f"{statistics.median(xs):.3f} s ({min(xs):.3f}-{max(xs):.3f})"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--repeat", type=int, default=9, help="warm-cache runs [9]")
    p.add_argument("--cold", type=int, default=3, help="more runs, each with an empty cache [3]")
    p.add_argument("--no-compile", action="store_true", help="do not compile the project's bytecode first")
    args = p.parse_args(argv)
    if not args.no_compile:
        compile_bytecode()
    games = len(list((ROOT / "config" / "games").glob("*/*.yaml")))
    load0 = os.getloadavg()
    rows: list[tuple[str, float, float]] = []
    outputs: set[bytes] = set()
    runs = 1 + args.repeat + args.cold
    # timed: no refresh thread in this process (the children are timed, but keep the parent quiet too)
    with tempfile.TemporaryDirectory() as d, progress_bar("startup: runs", timed=True) as progress:
        warm = Path(d) / "warm"
        for i in range(runs):
            if progress:
                progress(i, runs)
            cache = warm if i <= args.repeat else Path(d) / f"cold-{i - 1 - args.repeat}"
            wall, cpu, out = run_child(cache)
            rows.append(("cold" if i == 0 or i > args.repeat else "warm", wall, cpu))
            outputs.add(out)
        if progress:
            progress(runs, runs)
    load1 = os.getloadavg()
    if len(outputs) != 1:
        raise SystemExit("startup: the runs did not all list the same games")
    listed = next(iter(outputs)).decode().splitlines()
    if len(listed) != games + 1 or listed[-1] != f"{games} games":  # a line a game, then the count
        raise SystemExit(f"startup: {len(listed) - 1} games listed, {games} game files in config/games")
    print(
        f"commit {commit()}; {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}; "
        f"load average {load0[0]:.1f} before, {load1[0]:.1f} after; {games} games listed by every run; "
        f"bytecode {'as found' if args.no_compile else 'compiled before the runs'}"
    )
    for n, (kind, wall, cpu) in enumerate(rows, 1):
        print(f"  run {n:>2} ({kind} cache): {cpu:.3f} s CPU, {wall:.3f} s wall")
    for kind in ("warm", "cold"):
        sel = [r for r in rows if r[0] == kind]
        if sel:
            print(
                f"{kind} cache, {len(sel)} runs: CPU {summary([r[2] for r in sel])}, "
                f"wall {summary([r[1] for r in sel])}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
