"""The room's archive in PostgreSQL: each entry stored once, each table's chain re-verified as it grows.

An entry is keyed by (room, table, seq). The same entry delivered again (a resend, a broker's
redelivery) is ignored; a *different* entry under a key already archived is a ``conflict`` alert — a
table whose chain forked, or someone publishing as it. Entries may arrive out of order: each is stored
when it arrives, and the table's ``archived_seq`` advances over every row that continues the chain
without a hole — each row's ``prev_hash`` must be the hash of the row before (``fork`` alert if not) and,
when the floor holds the table's key, its MAC must hold (``tampered``). A hole that is not filled within
``gap_bound`` seconds is a ``gap`` alert. Redacted rows (checkpoints: the shoe stays at the table) are
checked by their place in the chain only.

``archived_seq`` is durable: a restarted floor service continues where it stopped (the broker's
persistent session holds what arrived meanwhile; the table resends what the floor has not archived).
"""

from __future__ import annotations

import asyncio
import hmac
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import psycopg

from terminal.journal.chain import GENESIS, canonical_json, entry_mac, record_mac
from terminal.journal.keys import ANCHOR_FORMAT

WALK_BATCH = 1000


class BadEntry(ValueError):
    """A message on a table's ``events`` topic that is not an entry; the message says what is wrong."""


@dataclass(frozen=True)
class WireEntry:
    """An entry as received: ``payload_text`` is the canonical text its MAC covers (unless redacted)."""

    room: str
    table: str
    seq: int
    ts: str
    kind: str
    payload: dict[str, Any]
    payload_text: str
    redacted: bool
    prev_hash: str
    hash: str


def parse_entry(room: str, table: str, body: bytes) -> WireEntry:
    """The entry in a message published on ``room/<room>/table/<table>/events``; the room and table
    are the topic's (a body naming another table is refused: the topic is what the broker's ACL
    checked)."""
    try:
        doc = json.loads(body)
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadEntry(f"not JSON: {exc}") from None
    if not isinstance(doc, dict):
        raise BadEntry("not a JSON object")
    if doc.get("room") != room or doc.get("table") != table:
        raise BadEntry(
            f"names room {doc.get('room')!r} table {doc.get('table')!r} but came on {room}/{table}'s topic"
        )
    try:
        seq = doc["seq"]
        ts, kind, payload = doc["ts"], doc["kind"], doc["payload"]
        prev, digest = doc["prev_hash"], doc["hash"]
        redacted = doc.get("redacted", False)
    except KeyError as exc:
        raise BadEntry(f"missing field {exc}") from None
    if not isinstance(seq, int) or isinstance(seq, bool) or seq < 1:
        raise BadEntry(f"seq must be a positive integer (got {seq!r})")
    for name, value in (("ts", ts), ("kind", kind), ("prev_hash", prev), ("hash", digest)):
        if not isinstance(value, str) or not value:
            raise BadEntry(f"{name} must be a non-empty string")
    if not isinstance(payload, dict):
        raise BadEntry("payload must be a JSON object")
    if not isinstance(redacted, bool):
        raise BadEntry("redacted must be true or false")
    try:
        text = canonical_json(payload)
    except ValueError as exc:
        raise BadEntry(f"payload: {exc}") from None
    return WireEntry(room, table, seq, ts, kind, payload, text, redacted, prev, digest)


@dataclass
class Stored:
    """What storing one entry did."""

    duplicate: bool = False
    archived_seq: int = 0
    stored: int = 0
    duplicates: int = 0
    advanced: bool = False
    alerts: int = 0


class Archive:
    """The archive of one room on one connection. ``keys`` maps a table id to its journal key (the
    MAC check; tables without a key are checked by their links only). ``now`` gives the time (tests
    pass a manual clock)."""

    def __init__(
        self,
        conn: psycopg.AsyncConnection[Any],
        room: str,
        *,
        keys: Mapping[str, bytes] | None = None,
        gap_bound: float = 60.0,
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.conn = conn
        self.room = room
        self.keys = dict(keys or {})
        self.gap_bound = gap_bound
        self.now = now
        # One connection, several tasks (the subscriber, the gap check): one transaction at a time.
        self.lock = asyncio.Lock()

    async def store(self, e: WireEntry) -> Stored:
        """Store ``e`` (idempotently) and advance its table's chain; one transaction."""
        return (await self.store_many([e]))[e.table]

    async def store_many(self, entries: list[WireEntry]) -> dict[str, Stored]:
        """Store ``entries`` (idempotently) and advance each table's chain once: one transaction for
        all of them (group commit). What it did, per table."""
        out: dict[str, Stored] = {}
        async with self.lock, self.conn.transaction():
            for table in dict.fromkeys(e.table for e in entries):
                await self._table_row(table)
                out[table] = Stored(archived_seq=await self._archived(table))
            for e in entries:
                await self._insert(e, out[e.table])
            for table, done in out.items():
                before = done.archived_seq
                done.archived_seq, alerts = await self._walk(table)
                done.alerts += alerts
                done.advanced = done.archived_seq > before
        return out

    async def _insert(self, e: WireEntry, done: Stored) -> None:
        cur = await self.conn.execute(
            "SELECT hash FROM floor_entry WHERE room = %s AND table_id = %s AND seq = %s",
            (self.room, e.table, e.seq),
        )
        have = await cur.fetchone()
        if have is None:
            await self.conn.execute(
                "INSERT INTO floor_entry (room, table_id, seq, ts, kind, payload, payload_text, redacted, "
                "prev_hash, hash, archived_at) VALUES (%s, %s, %s, %s, %s, %s::jsonb, %s, %s, %s, %s, %s)",
                (
                    self.room,
                    e.table,
                    e.seq,
                    e.ts,
                    e.kind,
                    e.payload_text,
                    e.payload_text,
                    e.redacted,
                    e.prev_hash,
                    e.hash,
                    self.now(),
                ),
            )
            done.stored += 1
            return
        done.duplicate = True
        done.duplicates += 1
        if have[0] != e.hash:
            done.alerts += await self._alert(
                e.table,
                e.seq,
                "conflict",
                f"a different entry under seq {e.seq} (hash {e.hash[:12]}…, archived {have[0][:12]}…): "
                "the table's chain forked or another publisher used its name",
            )

    async def _table_row(self, table: str) -> None:
        await self.conn.execute(
            "INSERT INTO floor_table (room, table_id, archived_hash) VALUES (%s, %s, %s) ON CONFLICT DO NOTHING",
            (self.room, table, GENESIS),
        )

    async def _archived(self, table: str) -> int:
        cur = await self.conn.execute(
            "SELECT archived_seq FROM floor_table WHERE room = %s AND table_id = %s", (self.room, table)
        )
        row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def _walk(self, table: str) -> tuple[int, int]:
        """Advance ``archived_seq`` over the rows that continue the chain; check each link and MAC."""
        cur = await self.conn.execute(
            "SELECT archived_seq, archived_hash, gap_since FROM floor_table "
            "WHERE room = %s AND table_id = %s FOR UPDATE",
            (self.room, table),
        )
        row = await cur.fetchone()
        assert row is not None
        seq, prev, gap_since = int(row[0]), str(row[1]), row[2]
        key = self.keys.get(table)
        alerts = 0
        while True:
            cur = await self.conn.execute(
                "SELECT seq, ts, kind, payload_text, redacted, prev_hash, hash FROM floor_entry "
                "WHERE room = %s AND table_id = %s AND seq > %s ORDER BY seq LIMIT %s",
                (self.room, table, seq, WALK_BATCH),
            )
            rows = await cur.fetchall()
            moved = False
            for r_seq, ts, kind, text, redacted, r_prev, r_hash in rows:
                if r_seq != seq + 1:
                    break
                if r_prev != prev and not (seq == 0 and r_seq == 1 and r_prev == GENESIS):
                    alerts += await self._alert(
                        table,
                        r_seq,
                        "fork",
                        f"seq {r_seq} does not continue seq {seq}: its prev_hash {r_prev[:12]}… is not "
                        f"{prev[:12]}…",
                    )
                if key is not None and not redacted:
                    good = entry_mac(key, r_seq, ts, kind, text, r_prev)
                    if not hmac.compare_digest(good, r_hash):
                        alerts += await self._alert(
                            table, r_seq, "tampered", f"seq {r_seq} ({kind} at {ts}): its MAC does not hold"
                        )
                seq, prev, moved = r_seq, r_hash, True
            if not moved or len(rows) < WALK_BATCH:
                break
        cur = await self.conn.execute(
            "SELECT EXISTS (SELECT 1 FROM floor_entry WHERE room = %s AND table_id = %s AND seq > %s)",
            (self.room, table, seq),
        )
        beyond = bool((await cur.fetchone() or (False,))[0])
        gap = (gap_since or self.now()) if beyond else None
        await self.conn.execute(
            "UPDATE floor_table SET archived_seq = %s, archived_hash = %s, gap_since = %s, last_seen = %s "
            "WHERE room = %s AND table_id = %s",
            (seq, prev, gap, self.now(), self.room, table),
        )
        return seq, alerts

    async def _alert(self, table: str, seq: int, code: str, detail: str) -> int:
        cur = await self.conn.execute(
            "INSERT INTO floor_alert (room, table_id, seq, code, detail, raised_at) VALUES (%s, %s, %s, %s, %s, %s) "
            "ON CONFLICT DO NOTHING",
            (self.room, table, seq, code, detail, self.now()),
        )
        return cur.rowcount

    async def check_gaps(self) -> int:
        """Raise a ``gap`` alert for each table whose hole has stayed open longer than ``gap_bound``."""
        raised = 0
        async with self.lock, self.conn.transaction():
            cur = await self.conn.execute(
                "SELECT table_id, archived_seq, gap_since FROM floor_table WHERE room = %s AND gap_since IS NOT NULL",
                (self.room,),
            )
            for table, seq, since in await cur.fetchall():
                if (self.now() - since).total_seconds() >= self.gap_bound:
                    raised += await self._alert(
                        table,
                        int(seq) + 1,
                        "gap",
                        f"seq {int(seq) + 1} has not arrived within {self.gap_bound:g} s while later entries have",
                    )
        return raised

    async def set_status(self, table: str, leaf: str, body: bytes) -> None:
        """A table's retained ``status``, ``state`` or ``anchor`` message (the anchor is checked)."""
        try:
            doc = json.loads(body)
        except (ValueError, UnicodeDecodeError):
            return
        if not isinstance(doc, dict):
            return
        async with self.lock, self.conn.transaction():
            await self._table_row(table)
            if leaf == "status":
                await self.conn.execute(
                    "UPDATE floor_table SET status = %s, last_seen = %s WHERE room = %s AND table_id = %s",
                    (str(doc.get("status", "unknown"))[:20], self.now(), self.room, table),
                )
            elif leaf == "state":
                await self.conn.execute(
                    "UPDATE floor_table SET state = %s::jsonb WHERE room = %s AND table_id = %s",
                    (json.dumps(doc), self.room, table),
                )
            elif leaf == "anchor":
                await self.conn.execute(
                    "UPDATE floor_table SET anchor = %s::jsonb WHERE room = %s AND table_id = %s",
                    (json.dumps(doc), self.room, table),
                )
                await self._check_anchor(table, doc)

    async def _check_anchor(self, table: str, doc: dict[str, Any]) -> None:
        """The table's MAC'd head anchor must name a row the archive has with that hash (when the floor
        has archived that far), and — with the table's key — carry a MAC that holds."""
        try:
            seq, digest = int(doc["seq"]), str(doc["hash"])
            fields = {k: doc[k] for k in ("format", "segment", "seq", "hash", "ts")}
        except (KeyError, TypeError, ValueError):
            await self._alert(table, 0, "anchor-malformed", "the published head anchor is not an anchor")
            return
        key = self.keys.get(table)
        if key is not None and (
            fields["format"] != ANCHOR_FORMAT
            or not hmac.compare_digest(str(doc.get("mac", "")), record_mac(key, "anchor", fields))
        ):
            await self._alert(
                table, seq, "anchor-forged", f"the head anchor at seq {seq}: its MAC does not hold"
            )
            return
        cur = await self.conn.execute(
            "SELECT hash FROM floor_entry WHERE room = %s AND table_id = %s AND seq = %s",
            (self.room, table, seq),
        )
        row = await cur.fetchone()
        if row is not None and seq and row[0] != digest:
            await self._alert(
                table,
                seq,
                "anchor-mismatch",
                f"the table anchors seq {seq} with a hash the archive does not have",
            )
