"""Load benchmark of the floor link (not CI): N simulated tables publish real journal traffic at a
multiple of a busy table's rate through a real Mosquitto to the real ``dealer-floor`` and PostgreSQL.

Each table is a real journal (with its outbox, fsync on every append) and a real floor link. Reported:
end-to-end latency from the journal append (the entry's ``ts``) to the archive row (``archived_at``, the
same machine's clock): median and p99; archive rows per second while the load runs; CPU seconds of the
broker, the floor service and PostgreSQL (from /proc), per thousand rows. Before printing anything it
checks the archive: every entry of every table once, in order, chain and MACs verified.

    .venv/bin/python benchmarks/floor_load.py --tables 20 --seconds 60 --rate 5

``--rate`` is entries per second per table. A busy table writes about 0.5 entries a second (docs/scale.md:
a hand a minute, ~30 entries a hand), so the default 5 is ten times that.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from terminal.progress import progress_bar  # noqa: E402
from tests.floor.harness import (  # noqa: E402
    FloorProcess,
    Table,
    archived_seq,
    keys_dir,
    report,
    wait_subscribed,
)
from tests.floor.servers import Mosquitto, Postgres  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """utime + stime of ``pid`` and its children that were waited for."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(x) for x in fields[11:15]) / TICK


def postgres_cpu(pg: Postgres) -> float:
    """CPU of every process of the cluster (the postmaster's children: backends, writer, WAL)."""
    master = int((pg.data / "postmaster.pid").read_text().split()[0])
    total = 0.0
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                stat = (proc / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == master or int(proc.name) == master:
                total += sum(int(x) for x in stat[11:13]) / TICK
    return total


def deal(tables: list[Table], rate: float, seconds: float, stop: threading.Event) -> int:
    """Append entries round-robin so each table writes ``rate`` a second, for ``seconds``."""
    interval = 1.0 / (rate * len(tables))
    start = time.monotonic()
    n = 0
    while not stop.is_set() and time.monotonic() - start < seconds:
        t = tables[n % len(tables)]
        assert t.journal is not None
        k = n // len(tables)
        if k % 30 == 0:
            t.journal.checkpoint({"round_no": k // 30, "game": "paigow/bench", "state": "SHOE"})
        elif k % 30 == 29:
            t.journal.append("settlement", {"round": k // 30, "fee_cents": 100})
        else:
            t.journal.append("round", {"type": "card", "to": f"seat {k % 7 + 1}", "card": "As"})
        n += 1
        delay = start + n * interval - time.monotonic()
        if delay > 0:
            time.sleep(delay)
    return n


def run(tables_n: int, rate: float, seconds: float) -> dict[str, object]:
    work = Path(tempfile.mkdtemp(prefix="floor-bench-"))
    broker, pg = Mosquitto(), Postgres()
    broker.start()
    pg.start()
    with psycopg.connect(pg.dsn, autocommit=True) as conn:
        conn.execute("CREATE DATABASE bench")
    dsn = pg.dsn.replace("dbname=postgres", "dbname=bench")
    tables = [Table(work, f"b{i:03d}", broker.port, resend_after=30.0).open() for i in range(tables_n)]
    floor = FloorProcess(dsn, broker.port, keys_dir(work, tables), work / "floor.log")
    floor.start()
    try:
        assert floor.proc is not None and broker.proc is not None
        wait_subscribed(dsn, broker.port)  # else the first entries wait for the links' 30 s resend
        cpu0 = (
            cpu_seconds(broker.proc.pid),
            cpu_seconds(floor.proc.pid),
            postgres_cpu(pg),
            time.process_time(),
        )
        wall0 = time.monotonic()
        appended = deal(tables, rate, seconds, threading.Event())
        for t in tables:
            while archived_seq(dsn, t.table) < t.head():
                time.sleep(0.2)
        wall = time.monotonic() - wall0
        cpu1 = (
            cpu_seconds(broker.proc.pid),
            cpu_seconds(floor.proc.pid),
            postgres_cpu(pg),
            time.process_time(),
        )
        keys = {t.table: bytes.fromhex(t.key_path.read_text().strip()) for t in tables}
        checked = report(dsn, keys)
        bad = [r for r in checked["tables"] if not r["ok"]]
        if bad or sum(r["count"] for r in checked["tables"]) != sum(t.head() for t in tables):
            raise SystemExit(f"archive check failed: {json.dumps(bad)[:2000]}")
        with psycopg.connect(dsn) as conn:
            lat = [
                float(r[0])
                for r in conn.execute(
                    "SELECT extract(epoch FROM archived_at - (ts::timestamptz)) FROM floor_entry"
                ).fetchall()
            ]
        lat.sort()
        rows = len(lat)
        cpu = [b - a for a, b in zip(cpu0, cpu1, strict=True)]
        return {
            "tables": tables_n,
            "rate_per_table": rate,
            "seconds": seconds,
            "appended": appended,
            "rows": rows,
            "rows_per_s": round(rows / wall, 1),
            "latency_ms_median": round(statistics.median(lat) * 1000, 1),
            "latency_ms_p99": round(lat[int(0.99 * (rows - 1))] * 1000, 1),
            "cpu_s_broker": round(cpu[0], 2),
            "cpu_s_floor_service": round(cpu[1], 2),
            "cpu_s_postgres": round(cpu[2], 2),
            "cpu_s_tables": round(cpu[3], 2),
            "cpu_ms_per_row_floor_service": round(cpu[1] * 1000 / rows, 3),
            "wall_s": round(wall, 1),
        }
    finally:
        floor.stop()
        for t in tables:
            t.close()
        broker.cleanup()
        pg.cleanup()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=20)
    p.add_argument("--rate", type=float, default=5.0, help="entries per second per table")
    p.add_argument("--seconds", type=float, default=60.0)
    p.add_argument("--repeat", type=int, default=1)
    args = p.parse_args()
    print(
        f"# {platform.node()} {platform.machine()} {os.cpu_count()} cpus, load {os.getloadavg()}", flush=True
    )
    # the bar moves between runs only, and has no refresh thread to share the tables' interpreter
    with progress_bar(f"floor load: {args.repeat} run(s)", timed=True) as progress:
        for i in range(args.repeat):
            print(json.dumps(run(args.tables, args.rate, args.seconds)), flush=True)
            if progress is not None:
                progress(i + 1, args.repeat)


if __name__ == "__main__":
    main()
