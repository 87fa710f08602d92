"""The floor tests' pieces: a table (its real journal with the outbox, and its real floor link), the
floor service as a real ``dealer-floor`` process, and the exactly-once check."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psycopg

from floor.check import check_room
from terminal.floorlink.link import BrokerAddress, FloorLink
from terminal.journal import Journal

ROOM = "room-t"
BOUND = 120.0
"""Generous bound on every wait: a loaded machine is slow, never a failure."""


def wait_for(what: str | Callable[[], str], cond: Callable[[], bool], bound: float = BOUND) -> None:
    """Poll ``cond`` until it holds; fail naming ``what`` after ``bound`` seconds."""
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        if cond():
            return
        time.sleep(0.05)
    raise AssertionError(f"not within {bound:g} s: {what if isinstance(what, str) else what()}")


class Table:
    """One table: a journal with its outbox in ``directory`` and the floor link to ``port``."""

    def __init__(
        self,
        directory: Path,
        table: str,
        port: int,
        *,
        username: str | None = None,
        password: str | None = None,
        resend_after: float = 2.0,
    ) -> None:
        self.dir = directory
        self.resend_after = resend_after
        self.table = table
        self.port = port
        self.address = BrokerAddress("127.0.0.1", port, False, username=username, password=password)
        self.journal: Journal | None = None
        self.link: FloorLink | None = None
        self.rounds = 0

    def open(self) -> Table:
        self.journal = Journal(self.dir / f"{self.table}.sqlite3", outbox=True)
        self.link = FloorLink(
            self.journal,
            self.address,
            room=ROOM,
            table=self.table,
            retry_min=0.1,
            retry_max=1.0,
            resend_after=self.resend_after,
        )
        self.link.start()
        return self

    def close(self) -> None:
        if self.link is not None:
            self.link.stop()
        if self.journal is not None:
            self.journal.close()
        self.link = self.journal = None

    @property
    def key_path(self) -> Path:
        return self.journal.key_path if self.journal is not None else self.dir / f"{self.table}.sqlite3.key"

    def deal(self, rounds: int) -> None:
        """Journal ``rounds`` rounds as a table does: a checkpoint, inputs, round events, a settlement."""
        assert self.journal is not None
        for _ in range(rounds):
            self.rounds += 1
            self.journal.checkpoint({"round_no": self.rounds, "game": "paigow/test", "state": "SHOE-SECRET"})
            self.journal.append_many(
                [
                    ("input", {"action": "new-round", "role": "dealer"}),
                    ("round", {"type": "card", "to": "seat 1", "card": "As"}),
                ]
            )
            self.journal.append("settlement", {"round": self.rounds, "fee_cents": 100})

    def head(self) -> int:
        assert self.journal is not None
        return self.journal.head()[0]


class FloorProcess:
    """``dealer-floor run`` as a real process (killed with SIGKILL when the test says so)."""

    def __init__(
        self, dsn: str, port: int, keys_dir: Path, log: Path, *, listen: str = "", extra: tuple[str, ...] = ()
    ) -> None:
        self.argv = [
            sys.executable, "-m", "floor.cli", "run", "--dsn", dsn, "--room", ROOM,
            "--broker", f"mqtt://127.0.0.1:{port}", "--keys-dir", str(keys_dir), "--listen", listen,
            "--retry-max-seconds", "1", *extra,
        ]  # fmt: skip
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                self.argv, stdout=out, stderr=out, env={**os.environ, "PYTHONUNBUFFERED": "1"}
            )

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=60)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=60)
        self.proc = None


def keys_dir(directory: Path, tables: list[Table]) -> Path:
    """The floor's copy of the tables' keys (``<table>.key``, 0600)."""
    d = directory / "floor-keys"
    d.mkdir(exist_ok=True)
    for t in tables:
        dst = d / f"{t.table}.key"
        shutil.copyfile(t.key_path, dst)
        dst.chmod(0o600)
    return d


def archived_seq(dsn: str, table: str) -> int:
    try:
        with psycopg.connect(dsn, connect_timeout=10) as conn:
            row = conn.execute(
                "SELECT archived_seq FROM floor_table WHERE room = %s AND table_id = %s", (ROOM, table)
            ).fetchone()
    except psycopg.errors.UndefinedTable:
        return 0
    return int(row[0]) if row else 0


def report(dsn: str, keys: dict[str, bytes]) -> dict[str, Any]:
    async def go() -> dict[str, Any]:
        async with await psycopg.AsyncConnection.connect(dsn, autocommit=True) as conn:
            return await check_room(conn, ROOM, keys)

    return asyncio.run(go())


def assert_exactly_once(dsn: str, tables: list[Table]) -> None:
    """Wait until the floor archived every table's head, then: every entry of every table once, in
    order, the same hash as the table's own journal, chains and MACs verified, no alert; and the
    checkpoints' shoe never reached the floor."""
    for t in tables:
        wait_for(
            lambda t=t: (
                f"{t.table} archived to seq {t.head()} (archived {archived_seq(dsn, t.table)}; "  # type: ignore[misc]
                f"{t.link.status_line() if t.link else 'no link'})"
            ),
            lambda t=t: archived_seq(dsn, t.table) >= t.head(),  # type: ignore[misc]
        )
    keys = {t.table: bytes.fromhex(t.key_path.read_text().strip()) for t in tables}
    got = report(dsn, keys)
    by_table = {r["table"]: r for r in got["tables"]}
    for t in tables:
        r = by_table[t.table]
        assert r["ok"], r["problems"]
        assert r["count"] == r["last_seq"] == t.head()
        assert t.journal is not None
        with psycopg.connect(dsn) as conn:
            rows = conn.execute(
                "SELECT seq, hash, payload_text FROM floor_entry WHERE room = %s AND table_id = %s ORDER BY seq",
                (ROOM, t.table),
            ).fetchall()
        mine = [(e.seq, e.hash) for e in t.journal.entries()]
        assert [(s, h) for s, h, _ in rows] == mine
        assert not any("SHOE-SECRET" in text for _, _, text in rows)


def wait_subscribed(dsn: str, port: int) -> None:
    """Until the floor service's session exists: a probe table's status message reaches the archive
    (what a table publishes before then waits for the link's resend)."""
    import aiomqtt

    from terminal.floorlink.topics import table_topic

    async def probe() -> None:
        async with aiomqtt.Client("127.0.0.1", port, identifier="probe") as c:
            await c.publish(table_topic(ROOM, "probe", "status"), b'{"status": "online"}', qos=1)

    def seen() -> bool:
        asyncio.run(asyncio.wait_for(probe(), BOUND))
        try:
            with psycopg.connect(dsn) as conn:
                return (
                    conn.execute("SELECT 1 FROM floor_table WHERE table_id = 'probe'").fetchone() is not None
                )
        except psycopg.errors.UndefinedTable:
            return False

    wait_for("the floor service subscribed", seen)
