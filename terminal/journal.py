"""The table's journal: an append-only, hash-chained log of everything that happened, in SQLite.

Every change of state at the table (a card read, a dealer input, a config or mode change, a login or a
failed one, a fault clear) is appended here *before* it takes effect (DESIGN.md §3, §7). An entry is
generic JSON — ``kind`` names it, ``payload`` carries it — so the journal does not depend on the round
engine; round-engine events are stored with kind :data:`ROUND_KIND` and their own ``to_json()`` form as
the payload.

Durability: WAL mode with ``synchronous=FULL``, so a committed append is on disk (the WAL is fsynced at
every commit) before :meth:`Journal.append` returns. A process killed at any moment keeps every append
that returned; the one being written when it died is either whole or absent.

Tamper evidence: each row holds ``hash = sha256(canonical JSON of [seq, ts, kind, payload, prev_hash])``
and ``prev_hash`` is the previous row's ``hash`` (:data:`GENESIS` for the first). :meth:`Journal.verify`
walks the rows and names every edited, deleted, inserted or reordered one. Someone who rewrites the
whole chain from a point onward can only be caught against a head hash kept elsewhere
(``verify(expect_head=...)``, printed by ``journal verify`` and carried in every export).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from terminal.errors import UserError

GENESIS = "0" * 64
"""The ``prev_hash`` of the first entry."""

ROUND_KIND = "round"
"""Kind of the entries that carry a round-engine event (payload: the event's ``to_json()``)."""

EXPORT_FORMAT = "dealer-terminal/journal-export"
EXPORT_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS journal (
    seq       INTEGER PRIMARY KEY,
    ts        TEXT    NOT NULL,
    kind      TEXT    NOT NULL,
    payload   TEXT    NOT NULL,
    prev_hash TEXT    NOT NULL,
    hash      TEXT    NOT NULL
);
CREATE TABLE IF NOT EXISTS journal_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
-- Append-only: the application never updates or deletes. (A tamperer can drop these; verify() still
-- catches what they do to the rows.)
CREATE TRIGGER IF NOT EXISTS journal_no_update BEFORE UPDATE ON journal
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER IF NOT EXISTS journal_no_delete BEFORE DELETE ON journal
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
"""


class JournalError(UserError):
    """The journal file is missing, not a journal, or fails verification. The message names the file."""


class JournalTampered(JournalError):
    """Verification found edited, deleted, inserted or reordered rows; ``report`` lists them."""

    def __init__(self, message: str, report: VerifyReport) -> None:
        super().__init__(message)
        self.report = report


class JournalSink(Protocol):
    """What the rest of the terminal needs from a journal: a durable append."""

    def append(self, kind: str, payload: Mapping[str, Any]) -> Entry: ...


def canonical_json(value: Any) -> str:
    """The one JSON text of ``value`` that hashes are computed over: sorted keys, no spaces, UTF-8."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def entry_hash(seq: int, ts: str, kind: str, payload: Any, prev_hash: str) -> str:
    """sha256 (hex) of the canonical JSON of ``[seq, ts, kind, payload, prev_hash]``."""
    text = canonical_json([seq, ts, kind, payload, prev_hash])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def format_ts(seconds: float) -> str:
    """A wall-clock time as ISO-8601 UTC with microseconds, e.g. ``2026-11-25T22:15:43.123456Z``."""
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


@dataclass(frozen=True)
class Entry:
    """One journal row."""

    seq: int
    ts: str
    kind: str
    payload: dict[str, Any]
    prev_hash: str
    hash: str

    def to_json(self) -> dict[str, Any]:
        """The row as a JSON object (as ``journal export --all`` writes it)."""
        return {
            "seq": self.seq,
            "ts": self.ts,
            "kind": self.kind,
            "payload": self.payload,
            "prev_hash": self.prev_hash,
            "hash": self.hash,
        }


@dataclass(frozen=True)
class Problem:
    """One thing verification found wrong, at row ``seq`` (the seq stored in the file)."""

    seq: int
    what: str  # edited | deleted | inserted | reordered | chain-broken | malformed | head-mismatch
    detail: str

    def __str__(self) -> str:
        return f"seq {self.seq}: {self.what}: {self.detail}"


@dataclass(frozen=True)
class VerifyReport:
    """The result of walking the chain."""

    path: str
    count: int
    head: str
    problems: tuple[Problem, ...] = field(default_factory=tuple)

    @property
    def ok(self) -> bool:
        """True if no row was edited, deleted, inserted or reordered."""
        return not self.problems

    def summary(self) -> str:
        """One line naming the file and the first problem (for the error message)."""
        if self.ok:
            return f"{self.path}: {self.count} entries, chain intact"
        first = self.problems[0]
        more = f" (and {len(self.problems) - 1} more problems)" if len(self.problems) > 1 else ""
        return f"{self.path}: journal verification failed at {first}{more}"

    def to_json(self) -> dict[str, Any]:
        """``journal verify --json``: ``{"path", "ok", "count", "head", "problems": [{seq, what, detail}]}``."""
        return {
            "path": self.path,
            "ok": self.ok,
            "count": self.count,
            "head": self.head,
            "problems": [{"seq": p.seq, "what": p.what, "detail": p.detail} for p in self.problems],
        }


class Journal:
    """An open journal file. One writer at a time (the controller); readers may open it too.

    ``clock`` returns wall-clock seconds (injectable for tests). Opening verifies the chain and raises
    :class:`JournalTampered` if it is broken, unless ``verify=False`` (used by ``journal verify`` itself,
    which wants the full report).
    """

    def __init__(
        self,
        path: str | Path,
        *,
        clock: Callable[[], float] = time.time,
        verify: bool = True,
        create: bool = True,
    ) -> None:
        self.path = Path(path)
        self._clock = clock
        # One connection may be used from several threads (the controller's writer thread, a PIN check
        # in a worker thread); a transaction must never interleave with another, so appends serialise.
        self._lock = threading.RLock()
        if not create and not self.path.exists():
            raise JournalError(f"{self.path}: no such journal")
        try:
            # isolation_level=None: we issue BEGIN/COMMIT ourselves, so an append is one transaction.
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            mode = self._db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            self._db.execute("PRAGMA synchronous=FULL")
            if create:
                self._db.executescript(_SCHEMA)
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"{self.path}: not a journal ({exc})") from None
        if str(mode).lower() != "wal":
            raise JournalError(f"{self.path}: cannot switch the journal to WAL mode (got {mode!r})")
        cols = [r[1] for r in self._db.execute("PRAGMA table_info(journal)")]
        if cols != ["seq", "ts", "kind", "payload", "prev_hash", "hash"]:
            raise JournalError(f"{self.path}: not a journal (table 'journal' has columns {cols})")
        if verify:
            report = self.verify()
            if not report.ok:
                raise JournalTampered(report.summary(), report)

    # -- writing ----------------------------------------------------------------------------------

    def append(self, kind: str, payload: Mapping[str, Any]) -> Entry:
        """Append one entry and return it once it is durable (committed with a full fsync).

        The seq is the last seq + 1, read inside the write transaction, so there is never a gap; the
        caller acts on the event only after this returns.
        """
        return self.append_many([(kind, payload)])[0]

    def append_many(self, items: Iterable[tuple[str, Mapping[str, Any]]]) -> list[Entry]:
        """Group commit: append every ``(kind, payload)`` in one transaction, one fsync, in order.

        Returns the entries once they are all durable; if it raises, none of them was written. This is
        what a caller that acknowledges something to a device after it is on disk uses (one fsync for
        the reads that arrived together).
        """
        bodies: list[tuple[str, dict[str, Any]]] = []
        for kind, payload in items:
            if not isinstance(kind, str) or not kind:
                raise ValueError("journal kind must be a non-empty string")
            # plain JSON types only; rejects NaN, objects
            bodies.append((kind, json.loads(canonical_json(dict(payload)))))
        if not bodies:
            return []
        with self._lock:
            return self._append(bodies)

    def _append(self, bodies: list[tuple[str, dict[str, Any]]]) -> list[Entry]:
        ts = format_ts(self._clock())
        db = self._db
        out: list[Entry] = []
        db.execute("BEGIN IMMEDIATE")
        try:
            row = db.execute("SELECT seq, hash FROM journal ORDER BY seq DESC LIMIT 1").fetchone()
            seq, prev = (1, GENESIS) if row is None else (row[0] + 1, row[1])
            for kind, body in bodies:
                digest = entry_hash(seq, ts, kind, body, prev)
                db.execute(
                    "INSERT INTO journal (seq, ts, kind, payload, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?)",
                    (seq, ts, kind, canonical_json(body), prev, digest),
                )
                out.append(Entry(seq, ts, kind, body, prev, digest))
                seq, prev = seq + 1, digest
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return out

    def close(self) -> None:
        """Close the file."""
        self._db.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- reading ----------------------------------------------------------------------------------

    def __len__(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM journal").fetchone()[0])

    def head(self) -> tuple[int, str]:
        """The last seq and its hash (``(0, GENESIS)`` for an empty journal)."""
        with self._lock:
            row = self._db.execute("SELECT seq, hash FROM journal ORDER BY seq DESC LIMIT 1").fetchone()
        return (0, GENESIS) if row is None else (int(row[0]), str(row[1]))

    def entries(self, since: int = 0, kind: str | None = None) -> Iterator[Entry]:
        """Entries with seq > ``since`` in seq order, optionally of one kind."""
        sql = "SELECT seq, ts, kind, payload, prev_hash, hash FROM journal WHERE seq > ?"
        params: tuple[Any, ...] = (since,)
        if kind is not None:
            sql += " AND kind = ?"
            params += (kind,)
        with self._lock:
            rows = self._db.execute(sql + " ORDER BY seq", params).fetchall()
        for seq, ts, k, payload, prev, digest in rows:
            yield Entry(seq, ts, k, json.loads(payload), prev, digest)

    # -- checking ---------------------------------------------------------------------------------

    def verify(self, expect_head: str | None = None) -> VerifyReport:
        """Walk every row and name each one that was edited, deleted, inserted or reordered.

        Rows are read in storage order (rowid = seq) and checked for: a seq that is not the previous
        + 1 (rows deleted, or moved); a hash that does not match the row's contents (edited — or moved,
        when the contents hash correctly under the seq it was written with); a ``prev_hash`` that is not
        the previous row's hash (the chain broken: a row deleted or inserted before it). With
        ``expect_head``, the last hash must equal it (catches a chain rewritten from some point on).
        """
        problems: list[Problem] = []
        with self._lock:
            rows = self._db.execute(
                "SELECT seq, ts, kind, payload, prev_hash, hash FROM journal ORDER BY seq"
            ).fetchall()
        by_hash = {r[5]: r for r in rows}
        written_as: dict[int, int | None] = {}

        def original_seq(row: tuple[Any, ...], depth: int = 0) -> int | None:
            # The seq a row was written with: its own if it hashes under it, else one more than its
            # chain predecessor's (found by prev_hash), confirmed by the hash.
            seq, ts, kind, text, prev, digest = row
            if seq in written_as:
                return written_as[seq]
            found: int | None = None
            try:
                payload = json.loads(text)
                if entry_hash(seq, ts, kind, payload, prev) == digest:
                    found = seq
                else:
                    pred = by_hash.get(prev)
                    base = 0 if prev == GENESIS else None
                    if pred is not None and depth < 64:
                        base = original_seq(pred, depth + 1)
                    if base is not None and entry_hash(base + 1, ts, kind, payload, prev) == digest:
                        found = base + 1
            except (TypeError, ValueError):
                found = None
            written_as[seq] = found
            return found

        expected_seq, prev_hash = 1, GENESIS
        for seq, ts, kind, payload_text, stored_prev, stored_hash in rows:
            try:
                payload = json.loads(payload_text)
                if not isinstance(ts, str) or not isinstance(kind, str):
                    raise ValueError("ts and kind must be text")
            except (TypeError, ValueError) as exc:
                problems.append(Problem(seq, "malformed", f"row cannot be read: {exc}"))
                expected_seq, prev_hash = seq + 1, stored_hash
                continue
            if seq > expected_seq:
                missing = f"{expected_seq}" if seq == expected_seq + 1 else f"{expected_seq}-{seq - 1}"
                problems.append(Problem(seq, "deleted", f"rows {missing} are missing before it"))
            elif seq < expected_seq:  # cannot happen with seq as the primary key, kept for safety
                problems.append(Problem(seq, "reordered", f"seq {seq} after seq {expected_seq - 1}"))
            actual = entry_hash(seq, ts, kind, payload, stored_prev)
            if actual != stored_hash:
                moved_from = original_seq((seq, ts, kind, payload_text, stored_prev, stored_hash))
                if moved_from is not None and moved_from != seq:
                    problems.append(
                        Problem(seq, "reordered", f"this row was written as seq {moved_from} ({kind})")
                    )
                else:
                    problems.append(
                        Problem(seq, "edited", f"contents do not match its hash ({kind} at {ts})")
                    )
            elif canonical_json(payload) != payload_text:
                problems.append(Problem(seq, "edited", "payload text rewritten (same meaning)"))
            if stored_prev != prev_hash and seq <= expected_seq:
                pred_row = by_hash.get(stored_prev)
                origin = None if pred_row is None else pred_row[0]
                detail = (
                    f"prev_hash points at seq {origin}, not at the row before it"
                    if origin is not None
                    else f"prev_hash matches no row: seq {seq - 1} was edited and rehashed, "
                    "or a row before this one was replaced"
                )
                problems.append(Problem(seq, "chain-broken", detail))
            expected_seq, prev_hash = seq + 1, stored_hash
        head = rows[-1][5] if rows else GENESIS
        if expect_head is not None and head != expect_head:
            last = rows[-1][0] if rows else 0
            head_row = by_hash.get(expect_head)
            origin = None if head_row is None else head_row[0]
            detail = (
                f"the expected head is seq {origin}: rows after it were added or the chain rewritten"
                if origin is not None
                else "the expected head hash is not in the journal: the chain was rewritten or cut"
            )
            problems.append(Problem(last, "head-mismatch", detail))
        return VerifyReport(str(self.path), len(rows), head, tuple(problems))

    # -- export -----------------------------------------------------------------------------------

    def export(self, *, game: str | None = None) -> dict[str, Any]:
        """The journal as a scenario that ``replay`` accepts (``docs/scenarios.md``).

        ``events`` holds the payload of every :data:`ROUND_KIND` entry in order — the round engine's
        own JSON form of each event — since the last ``config`` entry that changed the game (as the
        controller folds them at start-up). ``game`` (and ``table.seats``/``table.decks``) come from
        the configuration entries. ``note`` records where the export came from, with
        the head hash, so the export can anchor a later ``verify --expect-head``.
        """
        table: dict[str, Any] = {}
        events: list[dict[str, Any]] = []
        current: str | None = None
        for e in self.entries():
            if e.kind == "config":
                g = e.payload.get("game")
                if isinstance(g, str) and g != current:
                    events, table, current = [], {}, g  # a new game on the table: a new scenario
                for key in ("seats", "decks"):
                    if isinstance(e.payload.get(key), int):
                        table[key] = e.payload[key]
            elif e.kind == ROUND_KIND:
                events.append(e.payload)
        if game is None:
            game = current
        report = self.verify()
        doc: dict[str, Any] = {
            "scenario": f"journal export of {self.path.name}",
            "game": game,
            "note": (
                f"exported from {self.path}: {report.count} entries, head {report.head}"
                + ("" if report.ok else f"; VERIFICATION FAILED: {report.summary()}")
            ),
        }
        if table:
            doc["table"] = table
        doc["events"] = events
        return doc

    def dump(self) -> dict[str, Any]:
        """Every entry with its chain fields (``journal export --all``; not a scenario)."""
        report = self.verify()
        return {
            "format": EXPORT_FORMAT,
            "version": EXPORT_VERSION,
            "journal": {"path": str(self.path), "count": report.count, "head": report.head, "ok": report.ok},
            "entries": [e.to_json() for e in self.entries()],
        }


def open_for_check(path: str | Path) -> Journal:
    """Open an existing journal for checking only (no verify on open, never creates a file)."""
    p = Path(path)
    if not p.exists():
        raise JournalError(f"{p}: no such journal")
    if p.is_dir():
        raise JournalError(f"{p}: is a directory, not a journal")
    # Refuse a file that is not SQLite before sqlite3 would happily treat it as empty.
    with p.open("rb") as fh:
        magic = fh.read(16)
    if not magic:
        raise JournalError(f"{p}: not a journal (empty file)")
    if magic != b"SQLite format 3\x00":
        raise JournalError(f"{p}: not a journal (not an SQLite file)")
    return Journal(p, verify=False, create=False)
