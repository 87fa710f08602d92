"""Idle CPU of the dealer console on the demo table (issue 17 item 4).

Starts ``dealer-terminal run`` (the built-in demo table: Capitol Pai Gow with the emulated shuffler
and shoe, each emulator on its own pty served by a thread of the console's process) in a real
pseudo-terminal, lets it settle, then measures for ``--seconds`` (default 60) how much CPU the whole
process uses (user + system time of every thread, from ``/proc/PID/stat``) and how often its threads
wake (voluntary context switches from ``/proc/PID/task/*/status``). Nobody presses a key: this is
the idle table. The benchmark's own process only drains the pty.

``--tree PATH`` runs another checkout's code with this virtualenv (to measure a version from before a
change the same way). Repeats ``--repeat`` times and prints each run, the median and the spread.

    .venv/bin/python benchmarks/idle_cpu.py                      # one 60 s run
    .venv/bin/python benchmarks/idle_cpu.py --repeat 3 --seconds 60
"""

from __future__ import annotations

import argparse
import os
import platform
import pty
import select
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from terminal.progress import progress_bar  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of every thread of ``pid``."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def wakeups(pid: int) -> int:
    """Voluntary context switches summed over the threads of ``pid`` (each is a sleep that ended)."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            for line in (task / "status").read_text().splitlines():
                if line.startswith("voluntary_ctxt_switches"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total


def drain(fd: int, seconds: float) -> None:
    """Read and discard the console's output for ``seconds`` (the terminal must not block it)."""
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        r, _, _ = select.select([fd], [], [], min(left, 1.0))
        if r:
            try:
                os.read(fd, 65536)
            except OSError:
                return


def one_run(tree: Path, settle: float, seconds: float) -> tuple[float, float]:
    """(percent of one core, wake-ups per second) of the idle demo console over ``seconds``."""
    with tempfile.TemporaryDirectory() as state:
        env = {**os.environ, "DEALER_TERMINAL_STATE_DIR": state, "TERM": "xterm-256color",
               "COLUMNS": "120", "LINES": "40", "PYTHONPATH": str(tree)}  # fmt: skip
        code = f"import sys; sys.path.insert(0, {str(tree)!r}); from terminal.cli import main; sys.exit(main(['run']))"
        pid, fd = pty.fork()
        if pid == 0:  # the console, on the pty's slave side
            os.execve(sys.executable, [sys.executable, "-c", code], env)
        try:
            drain(fd, settle)
            c0, w0, t0 = cpu_seconds(pid), wakeups(pid), time.monotonic()
            drain(fd, seconds)
            c1, w1, t1 = cpu_seconds(pid), wakeups(pid), time.monotonic()
        finally:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(fd)
        devices = identified(Path(state))
    if len(devices) < 2:
        raise SystemExit(f"the demo's devices did not both come up (identified: {sorted(devices)})")
    return 100.0 * (c1 - c0) / (t1 - t0), (w1 - w0) / (t1 - t0)


def identified(state: Path) -> set[str]:
    """The devices whose handshake the console journaled (the check that the table really ran)."""
    import json
    import sqlite3

    names: set[str] = set()
    for path in state.rglob("*.sqlite3"):
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            for (payload,) in db.execute("SELECT payload FROM journal WHERE kind = 'device'"):
                entry = json.loads(payload)
                if entry.get("event") == "DeviceIdentity":
                    names.add(str(entry.get("device")))
        except sqlite3.DatabaseError:
            continue
        finally:
            db.close()
    return names


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seconds", type=float, default=60.0)
    p.add_argument("--settle", type=float, default=20.0, help="seconds after start before measuring")
    p.add_argument("--repeat", type=int, default=1)
    p.add_argument("--tree", type=Path, default=ROOT, help="checkout whose code to run (default: this one)")
    args = p.parse_args(argv)
    load = os.getloadavg()
    print(
        f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} CPUs, "
        f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}; tree {args.tree}"
    )
    cpu, wake = [], []
    # the bar moves between runs; it draws in this process, not in the console whose CPU is measured
    with progress_bar(f"idle CPU: {args.repeat} run(s)", timed=True) as progress:
        for i in range(args.repeat):
            c, w = one_run(args.tree, args.settle, args.seconds)
            cpu.append(c)
            wake.append(w)
            print(f"run {i + 1}: {c:.2f}% of a core, {w:.1f} wake-ups/s over {args.seconds:.0f} s idle")
            if progress is not None:
                progress(i + 1, args.repeat)
    print(
        f"median {statistics.median(cpu):.2f}% of a core (min {min(cpu):.2f}, max {max(cpu):.2f}); "
        f"{statistics.median(wake):.1f} wake-ups/s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
