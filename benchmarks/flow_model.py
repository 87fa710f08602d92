"""The table-flow model on emulated devices, run long (issue 16 item 8): the same model as
``tests/terminal/test_flow_model.py`` (``tests/terminal/flow_model.py``), with more runs and more steps.

    .venv/bin/python benchmarks/flow_model.py [--examples N] [--steps N] [--only TABLE]

Every demo table and one configured game per family; for each it prints the runs, the table states they
reached, and the CPU and wall time taken. A failing invariant stops with Hypothesis' shortest sequence of
steps that breaks it. Not a speed figure: the time is printed so a run's cost is known, not as a goal.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hypothesis import HealthCheck, settings  # noqa: E402
from hypothesis.stateful import run_state_machine_as_test  # noqa: E402

from terminal.progress import progress_bar  # noqa: E402
from tests.terminal.flow_model import DEMO, EmulatedTable, configured_games  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Run the model on every case; 0 if every invariant held."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--examples", type=int, default=20, help="runs per table (default 20)")
    ap.add_argument("--steps", type=int, default=40, help="steps per run (default 40)")
    ap.add_argument("--only", default="", help="only the cases whose table or game contains this")
    args = ap.parse_args(argv)
    cases = [(t, None) for t in DEMO] + list(configured_games())
    cases = [(t, g) for t, g in cases if args.only in t or args.only in (g or "")]
    print(
        f"{platform.platform()}, {os.cpu_count()} cpus, load {os.getloadavg()[0]:.1f}; "
        f"{len(cases)} tables x {args.examples} runs x {args.steps} steps"
    )
    with progress_bar(f"flow model: {len(cases)} tables", timed=True) as progress:
        for done, (table, game) in enumerate(cases):
            if progress is not None:
                progress(done, len(cases))
            machine = type("Table", (EmulatedTable,), {"CASES": ((table, game),), "reached": set()})
            cpu, wall = time.process_time(), time.perf_counter()
            run_state_machine_as_test(
                machine,
                settings=settings(
                    max_examples=args.examples,
                    stateful_step_count=args.steps,
                    deadline=None,
                    database=None,
                    suppress_health_check=list(HealthCheck),
                ),
            )
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            print(
                f"{table:24} {game or '(its game)':36} ok  cpu {cpu:6.1f} s  wall {wall:6.1f} s  "
                f"states: {' '.join(sorted(machine.reached))}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
