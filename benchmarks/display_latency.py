"""How long from a coup journaled to the players' display's server-sent board carrying it.

Serves the display (terminal.display.app, default poll 0.05 s; the journal read incrementally) on loopback
with uvicorn, listens to ``/events``, journals one more coup (its round_start and cards in one group
commit, the journal held open as the controller holds it) and times until a board with the new coup count
arrives; repeats. Prints median, min, max and 90th percentile wall time, and the process CPU time per
update. Imports no test module (the shoe and the server come from ``terminal.display.demo``).
Run: ``.venv/bin/python benchmarks/display_latency.py [N]``.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.round.events import event_from_json  # noqa: E402
from terminal.display.app import create_app  # noqa: E402
from terminal.display.demo import Served, journal_with, shoe_events  # noqa: E402
from terminal.journal import Journal  # noqa: E402
from terminal.journal.store import ROUND_KIND  # noqa: E402
from terminal.progress import progress_bar  # noqa: E402

FIXTURE = json.loads(
    (Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "baccarat_roads_example.json").read_text()
)


def main(n: int) -> None:
    path = Path(tempfile.mkdtemp()) / "table.db"
    journal_with(path, shoe_events(FIXTURE["shoe"]))
    coups = len(FIXTURE["shoe"])
    wall: list[float] = []
    cpu0 = time.process_time()
    with (
        progress_bar(f"display latency: {n} updates", timed=True) as progress,  # moved between updates
        Journal(path) as journal,  # held open, as the table's controller holds it
        Served(create_app(path)) as served,
        urllib.request.urlopen(served.url + "/events", timeout=60) as stream,
    ):

        def board() -> str:
            event = None
            for raw in stream:
                line = raw.decode().rstrip("\n")
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: ") and event == "board":
                    return str(json.loads(line[6:]))
            raise SystemExit("stream ended")

        board()
        for i in range(n):
            events = shoe_events("PB"[i % 2], seed=100 + i)[1:]
            items = [(ROUND_KIND, event_from_json(e).to_json()) for e in events]
            t0 = time.perf_counter()
            journal.append_many(items)
            coups += 1
            while f'data-coups="{coups}"' not in board():
                pass
            wall.append(time.perf_counter() - t0)
            if progress is not None:
                progress(i + 1, n)
    cpu = time.process_time() - cpu0
    ms = [w * 1000 for w in wall]
    print(f"machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; {n} updates")
    p90 = statistics.quantiles(ms, n=10)[-1] if len(ms) >= 2 else ms[0]
    print(
        f"journal -> board event: median {statistics.median(ms):.0f} ms, min {min(ms):.0f}, "
        f"p90 {p90:.0f}, max {max(ms):.0f}"
    )
    print(f"process CPU (server + client + journal writes): {cpu / n * 1000:.0f} ms per update")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
