"""Time from process start to the console's first painted frame (issue 17 item 5).

Starts ``dealer-terminal run`` (the built-in demo table: Capitol Pai Gow with the emulated shuffler and shoe,
each emulator on its own pty served by a thread of the console's process) in a real pseudo-terminal, and
reads what the console writes to it until the dealer screen's first frame is there: the header naming the
demo game (``MARK``, drawn as one run of text). At that moment it takes the wall time since just before the
process was forked and the CPU the process has used (user + system, every thread, ``/proc/PID/stat``), then
kills it. Interpreter start-up, imports, loading and checking the configuration and the game catalogue,
opening the journal and the first layout and paint are all inside the figure.

Repeats ``--repeat`` times (a new state directory, so a new journal, each run; with ``--restart`` one state
directory for all, so each run after the first reopens, verifies and restores the journal the run before left
when it was killed; the catalogue cache of ``$XDG_CACHE_HOME`` warm after the first run unless ``--cold``) and
prints each run with the load average when it started, then the median and the spread (min-max) of the wall
and of the CPU time, the commit measured, the machine and its load average before and after: on a shared
machine the wall time grows with the load, the CPU time much less.

Before the runs it compiles the project's bytecode (``compileall``, into the ``__pycache__`` directories git
ignores), as ``pip install`` does on the table computer (``docs/install.md``): without it, a checkout run
with ``PYTHONDONTWRITEBYTECODE`` set compiles every module of the project from source at each start
(``--no-compile`` measures that).

``--fifo`` starts the console as its unit does on the table computer (``systemd/dealer-terminal.service``:
``CPUSchedulingPolicy=fifo``, ``CPUSchedulingPriority=10``): it then takes a core before every normal process,
so its wall time no longer waits behind the machine's other work (it needs the privilege to set a real-time
policy; the kernel's real-time throttle still leaves the others 5% of each core).

    .venv/bin/python benchmarks/first_paint.py --repeat 7
"""

from __future__ import annotations

import argparse
import compileall
import os
import platform
import pty
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from terminal.progress import progress_bar  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")
#: What the first frame of the demo table's dealer screen shows in its header.
MARK = b"Pai Gow Poker"
#: The project's packages, whose bytecode an installed terminal has.
PACKAGES = ("kernel", "rules", "devices", "firmware_bridge", "terminal", "floor")


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of every thread of ``pid``."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


#: The unit's scheduling (systemd/dealer-terminal.service), for ``--fifo``.
FIFO_PRIORITY = 10


def one_run(cache: Path, state: Path, timeout: float, fifo: bool = False) -> tuple[float, float]:
    """(wall seconds, CPU seconds) from just before the fork to the first frame on the pty, with ``state`` as
    the console's state directory (its journal)."""
    env = {**os.environ, "DEALER_TERMINAL_STATE_DIR": str(state), "XDG_CACHE_HOME": str(cache),
           "TERM": "xterm-256color", "COLUMNS": "120", "LINES": "40"}  # fmt: skip
    code = "import sys; from terminal.cli import main; sys.exit(main(['run']))"
    t0 = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:  # the console, on the pty's slave side
        if fifo:
            os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(FIFO_PRIORITY))
        os.chdir(ROOT)
        os.execve(sys.executable, [sys.executable, "-c", code], env)
    seen = b""
    try:
        while MARK not in seen:
            left = timeout - (time.monotonic() - t0)
            if left <= 0:
                raise SystemExit(f"no first frame within {timeout:.0f} s")
            r, _, _ = select.select([fd], [], [], min(left, 1.0))
            if r:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    raise SystemExit("the console ended before its first frame") from None
                seen = seen[-len(MARK) :] + chunk
        wall, cpu = time.monotonic() - t0, cpu_seconds(pid)
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)
    return wall, cpu


def compile_bytecode() -> None:
    """Compile the project's bytecode, as ``pip install`` does on the table computer."""
    for package in PACKAGES:
        if not compileall.compile_dir(ROOT / package, quiet=1):
            raise SystemExit(f"{package} does not compile")


def commit() -> str:
    """The commit measured (``+changes`` when the work tree differs from it)."""

    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True).stdout.strip()

    head = git("rev-parse", "--short", "HEAD") or "unknown"
    return head + (" +changes" if git("status", "--porcelain", "--untracked-files=no") else "")


def spread(xs: list[float]) -> str:
    """The median and the spread (min-max) of ``xs``, in seconds."""
    return f"{statistics.median(xs):.2f} s ({min(xs):.2f}-{max(xs):.2f})"


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--timeout", type=float, default=300.0, help="seconds to wait for a first frame")
    p.add_argument("--cold", action="store_true", help="an empty catalogue cache before every run")
    p.add_argument(
        "--no-compile", action="store_true", help="do not compile the project's bytecode before the runs"
    )
    p.add_argument(
        "--restart",
        action="store_true",
        help="one state directory for every run: each run after the first reopens the journal the one before left",
    )
    p.add_argument(
        "--fifo",
        action="store_true",
        help=f"run the console with the unit's scheduling (SCHED_FIFO, priority {FIFO_PRIORITY})",
    )
    args = p.parse_args(argv)
    if args.fifo:  # refused here, not in a forked child that could only die
        try:
            os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(FIFO_PRIORITY))
            os.sched_setscheduler(0, os.SCHED_OTHER, os.sched_param(0))
        except PermissionError:
            raise SystemExit("first_paint: --fifo needs the privilege to set a real-time policy") from None
    if not args.no_compile:
        compile_bytecode()
    load = os.getloadavg()
    print(
        f"commit {commit()}; {platform.machine()}, {platform.python_implementation()} "
        f"{platform.python_version()}, {os.cpu_count()} CPUs, load average {load[0]:.1f} {load[1]:.1f} "
        f"{load[2]:.1f}; {'one journal, reopened by each run (--restart)' if args.restart else 'a new journal each run'}; "
        f"catalogue cache {'cold every run' if args.cold else 'warm after the first run'}; "
        f"bytecode {'as found' if args.no_compile else 'compiled before the runs'}; "
        f"scheduling {f'SCHED_FIFO {FIFO_PRIORITY} (as the unit)' if args.fifo else 'normal (SCHED_OTHER)'}"
    )
    walls, cpus = [], []
    cache = Path(tempfile.mkdtemp(prefix="first-paint-cache-"))
    states = Path(tempfile.mkdtemp(prefix="first-paint-state-"))
    # the bar (no refresh thread) moves between runs only, never while a console starts
    with progress_bar(f"first paint: {args.repeat} run(s)", timed=True) as progress:
        try:
            for i in range(args.repeat):
                if args.cold:
                    shutil.rmtree(cache, ignore_errors=True)
                    cache.mkdir()
                before = os.getloadavg()[0]
                state = states / ("table" if args.restart else f"run-{i + 1}")
                state.mkdir(exist_ok=True)
                wall, cpu = one_run(cache, state, args.timeout, args.fifo)
                walls.append(wall)
                cpus.append(cpu)
                print(
                    f"run {i + 1}: first frame after {wall:.2f} s wall, {cpu:.2f} s CPU (load {before:.1f})"
                )
                if progress is not None:
                    progress(i + 1, args.repeat)
        finally:
            shutil.rmtree(cache, ignore_errors=True)
            shutil.rmtree(states, ignore_errors=True)
    load = os.getloadavg()
    print(
        f"{len(walls)} runs: wall median {spread(walls)}, CPU median {spread(cpus)} (median (min-max)); "
        f"load average after {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
