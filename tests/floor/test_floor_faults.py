"""Deliveries the broker may make — duplicated, reordered, a hole — and ones it must refuse — a table's
credentials publishing as another table — against the real broker and the real ``dealer-floor``."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from pathlib import Path

import aiomqtt
import psycopg

from terminal.floorlink.topics import table_topic
from terminal.floorlink.wire import wire_entry
from terminal.journal import Entry, Journal
from tests.floor.harness import (
    ROOM,
    FloorProcess,
    Table,
    archived_seq,
    assert_exactly_once,
    report,
    wait_for,
    wait_subscribed,
)
from tests.floor.servers import Mosquitto

ACL = Path(__file__).resolve().parents[2] / "deploy" / "mosquitto" / "dealer-room.acl"


def _publish(
    port: int, messages: list[tuple[str, bytes]], *, username: str | None = None, password: str | None = None
) -> None:
    async def go() -> None:
        async with aiomqtt.Client(
            "127.0.0.1", port, identifier=f"raw-{random.random()}", username=username, password=password
        ) as c:
            for topic, body in messages:
                await c.publish(topic, body, qos=1)

    asyncio.run(asyncio.wait_for(go(), 120))


def _event(on: str, e: Entry, **override: object) -> tuple[str, bytes]:
    """``e`` as table ``on`` publishes it (fields replaced by ``override``), on ``on``'s topic."""
    return table_topic(ROOM, on, "events"), json.dumps({**wire_entry(ROOM, on, e), **override}).encode()


def _alerts(dsn: str) -> list[tuple[str, int, str]]:
    with psycopg.connect(dsn) as conn:
        rows = conn.execute("SELECT table_id, seq, code FROM floor_alert ORDER BY id").fetchall()
    return [(str(t), int(s), str(c)) for t, s, c in rows]


def test_duplicated_and_reordered_deliveries_archive_once_in_order(
    tmp_path: Path, database: str, broker: Mosquitto
) -> None:
    t = Table(tmp_path, "t9", broker.port)
    t.journal = Journal(tmp_path / "t9.sqlite3", outbox=True)  # no link: the test is the publisher
    t.deal(4)
    entries = list(t.journal.entries())
    keys = tmp_path / "keys"
    keys.mkdir()
    (keys / "t9.key").write_text(t.key_path.read_text())
    (keys / "t9.key").chmod(0o600)
    floor = FloorProcess(database, broker.port, keys, tmp_path / "floor.log", extra=("--gap-seconds", "15"))
    floor.start()
    try:
        wait_subscribed(database, broker.port)
        shuffled = entries + entries[::2] + entries[::-3]  # every entry, many twice or three times
        random.Random(7).shuffle(shuffled)
        _publish(broker.port, [_event("t9", e) for e in shuffled])
        assert_exactly_once(database, [t])

        # A different entry under an archived seq: a conflict; a forged next entry: tampered.
        head = entries[-1]
        forged = Entry(
            head.seq + 1, head.ts, "input", {"action": "payout", "cents": 10**6}, head.hash, "f" * 64
        )
        # And one that does not continue the row before it: a fork.
        stray = Entry(head.seq + 2, head.ts, "input", {}, "c" * 64, "b" * 64)
        _publish(
            broker.port, [_event("t9", entries[3], hash="0" * 64), _event("t9", forged), _event("t9", stray)]
        )
        wait_for(
            "conflict, tampered and fork alerts",
            lambda: {c for _, _, c in _alerts(database)} >= {"conflict", "tampered", "fork"},
        )
        # A hole that does not fill within the bound (15 s: longer than the shuffled burst above takes to
        # arrive on a loaded machine): a gap alert naming the missing seq.
        later = Entry(head.seq + 5, head.ts, "input", {}, "e" * 64, "d" * 64)
        _publish(broker.port, [_event("t9", later)])
        wait_for("a gap alert", lambda: ("t9", head.seq + 3, "gap") in _alerts(database))
        assert ("t9", head.seq + 2, "fork") in _alerts(database)
        assert ("t9", entries[3].seq, "conflict") in _alerts(database)
        assert ("t9", head.seq + 1, "tampered") in _alerts(database)
    finally:
        floor.stop()
        t.journal.close()


def test_a_tables_credentials_cannot_publish_as_another_table(tmp_path: Path, database: str) -> None:
    creds = {"t1": "pw-one", "t2": "pw-two", "floor": "pw-floor"}
    broker = Mosquitto(
        conf_extra="allow_anonymous false\npassword_file {dir}/passwd\nacl_file {dir}/dealer-room.acl\n",
        files={"passwd": "".join(f"{u}:{p}\n" for u, p in creds.items()), "dealer-room.acl": ACL.read_text()},
    )
    broker.start()
    pw = tmp_path / "floor.pw"
    pw.write_text(creds["floor"])
    t1 = Table(tmp_path, "t1", broker.port, username="t1", password=creds["t1"]).open()
    keys = tmp_path / "keys"
    keys.mkdir()
    floor = FloorProcess(
        database,
        broker.port,
        keys,
        tmp_path / "floor.log",
        extra=("--username", "floor", "--password-file", str(pw)),
    )
    floor.start()
    try:
        t1.deal(1)
        wait_for("t1 archived", lambda: archived_seq(database, "t1") >= t1.head())
        # t1's credentials, publishing an entry as t2 (and a status for t2): the broker drops both.
        assert t1.journal is not None
        stolen = next(iter(t1.journal.entries()))
        for rogue in (
            _event("t2", stolen, table="t2"),
            (table_topic(ROOM, "t2", "status"), b'{"status":"online"}'),
        ):
            # Mosquitto 2.0 answers a denied QoS 1 publish with an error PUBACK and may drop the
            # connection: either way nothing is delivered (checked below, on the archive).
            with contextlib.suppress(aiomqtt.MqttError):
                _publish(broker.port, [rogue], username="t1", password=creds["t1"])
        t1.deal(1)  # after the attempt, in order on the same broker: once this is archived, so would it be
        assert_exactly_once(database, [t1])
        with psycopg.connect(database) as conn:
            assert conn.execute("SELECT count(*) FROM floor_table WHERE table_id = 't2'").fetchone() == (0,)
        assert [r["table"] for r in report(database, {})["tables"]] == ["t1"]
    finally:
        floor.stop()
        t1.close()
        broker.cleanup()
