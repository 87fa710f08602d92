"""How long from an alert journaled at a table to the alert shown on an open room page.

The whole path is real: the table's journal and floor link (MQTT QoS 1), Mosquitto, ``dealer-floor run``
archiving into PostgreSQL and serving the room page (its feed looks at the archive every
``--page-poll-seconds``, default 0.25 s, and pushes the board by server-sent events), and Chromium
(Playwright) logged in on the page. Each repetition journals one alert at a table and times until its
element is in the page's DOM. Prints median, min, p90 and max wall time and the benchmark process's CPU
(the servers' CPU is not included). The servers come from ``tests/floor/pages.py`` (helpers, not tests).

Run: ``.venv/bin/python benchmarks/floor_page_latency.py [N] [--poll SECONDS]``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright import sync_api  # noqa: E402

from terminal.progress import progress_bar  # noqa: E402
from tests.floor.pages import ALERT, PASSWORD, SUPERVISOR, Room  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("n", type=int, nargs="?", default=20)
    ap.add_argument("--poll", type=float, default=0.25, help="the room feed's --page-poll-seconds")
    args = ap.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise SystemExit("no chromium")
    ms: list[float] = []
    with Room(Path(tempfile.mkdtemp()), ("t1",), poll=args.poll) as room, sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        p = browser.new_page(viewport={"width": 1920, "height": 1080})
        p.goto(room.url + "/login")
        p.fill("input[name=username]", SUPERVISOR)
        p.fill("input[name=password]", PASSWORD)
        p.click("button[type=submit]")
        p.wait_for_selector("#live-state:text('connected')", timeout=120_000)
        t1 = room.table("t1")
        assert t1.journal is not None
        t1.journal.append("alert", {**ALERT, "code": "warm_up"})
        p.wait_for_selector("#table-t1 .alert[data-code='warm_up']", timeout=120_000)
        cpu0 = time.process_time()
        with progress_bar(f"room page latency: {args.n} alerts", timed=True) as progress:
            for i in range(args.n):
                t0 = time.perf_counter()
                seq = t1.journal.append("alert", {**ALERT, "code": f"bench_{i}"}).seq
                p.wait_for_selector(f"#table-t1 .alert[data-seq='{seq}']", timeout=120_000)
                ms.append((time.perf_counter() - t0) * 1000)
                if progress is not None:  # moved between alerts, outside the timed part
                    progress(i + 1, args.n)
        cpu = time.process_time() - cpu0
        browser.close()
    p90 = statistics.quantiles(ms, n=10)[-1]
    print(
        f"machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; {args.n} alerts; feed poll {args.poll} s"
    )
    print(
        f"alert journaled -> shown on the room page: median {statistics.median(ms):.0f} ms, min {min(ms):.0f}, "
        f"p90 {p90:.0f}, max {max(ms):.0f}"
    )
    print(f"benchmark process CPU (journal, link, Playwright client): {cpu / args.n * 1000:.0f} ms per alert")


if __name__ == "__main__":
    main()
