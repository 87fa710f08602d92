"""The table's journal: an append-only, keyed, hash-chained log of everything that happened, in SQLite.

Every change of state at the table (a card read, a dealer input, a config or mode change, a login or a
failed one, a fault clear) is appended here *before* it takes effect (``docs/architecture.md``). An
entry is generic JSON — ``kind`` names it, ``payload`` carries it — so the journal does not depend on
the round engine; round-engine events are stored with kind :data:`ROUND_KIND`.

Durability: WAL mode with ``synchronous=FULL``: an append (or a group of them, :meth:`Journal.append_many`)
is on disk before it returns. A process killed at any moment keeps every append that returned.

Authenticity (``docs/security.md``): each row's ``hash`` is HMAC-SHA-256 under the table's key
(:mod:`terminal.journal.keys`, a file outside the journal readable only by the service user) over the
row and the previous row's hash. A MAC'd head anchor, in a file apart from the database, is rewritten at
every checkpoint and at a clean close; opening refuses a journal that does not reach its anchor, and
never recreates a journal that existed.

Lifetime (``docs/performance.md``): the live segment is the SQLite file at ``path``. At a round boundary
the controller writes a checkpoint — the folded table state, hashed into the chain like any row — and
once the live segment holds ``segment_entries`` rows that checkpoint opens a new segment: the old one is
archived compressed with a MAC'd verification record (:mod:`terminal.journal.archive`). Start-up checks
only the rows since the last checkpoint and folds only the round after it; ``journal verify --all``
checks every segment end to end.

Disk: the terminal warns when free space falls below ``warn_free_bytes``; a full disk makes an append
raise :class:`JournalFull` (nothing of it written, so nothing is acknowledged), after a last
``journal.full`` entry written into a reserve file's space.
"""

from __future__ import annotations

import contextlib
import hmac
import json
import os
import shutil
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, Protocol

from terminal.errors import UserError
from terminal.journal.archive import (
    SegmentRecord,
    closed_segments,
    read_record,
    read_rows,
    segment_files,
    write_record,
    write_rows,
)
from terminal.journal.chain import (
    GENESIS,
    Entry,
    Problem,
    Row,
    VerifyReport,
    Walk,
    canonical_json,
    check_kind,
    entry_mac,
    entry_of,
    format_ts,
    record_mac,
    walk,
)
from terminal.journal.keys import (
    Anchor,
    KeyError_,
    create_key,
    fsync_dir,
    load_key,
    read_anchor,
    remove_quietly,
    write_anchor,
)

ROUND_KIND = "round"
"""Kind of the entries that carry a round-engine event (payload: the event's ``to_json()``)."""

CHECKPOINT_KIND = "checkpoint"
"""Kind of a checkpoint: ``{"table": <what the controller restores>, "last": {kind: last payload}}``."""

FULL_KIND = "journal.full"
"""The entry written (into the reserve's space) when the disk filled and the table stopped."""

CHAIN = "hmac-sha256"
EXPORT_FORMAT = "dealer-terminal/journal-export"
EXPORT_VERSION = 2
DEFAULT_SEGMENT_ENTRIES = 50_000
DEFAULT_WARN_FREE_BYTES = 1 << 30  # 1 GiB: weeks of rounds
DEFAULT_RESERVE_BYTES = 4 << 20
#: Rows of the live segment :meth:`Journal.entries` reads at a time.
ENTRIES_BATCH = 1000
_NOT_CARRIED = (ROUND_KIND, CHECKPOINT_KIND)
RESTORE_KINDS = (ROUND_KIND, "config", "table", "alert", "fault.clear")
"""The kinds :meth:`Journal.restore_point` returns after the checkpoint: round events, game changes, and
the table's own events and alerts (``terminal.table.state``)."""
_COLUMNS = "seq, ts, kind, payload, prev_hash, hash"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS journal (
    seq       INTEGER PRIMARY KEY,
    ts        TEXT    NOT NULL,
    kind      TEXT    NOT NULL,
    payload   TEXT    NOT NULL,
    prev_hash TEXT    NOT NULL,
    hash      TEXT    NOT NULL
);
CREATE INDEX IF NOT EXISTS journal_kind ON journal (kind, seq);
CREATE TABLE IF NOT EXISTS journal_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
-- Append-only: the application never updates or deletes. (A tamperer can drop these; the MACs still
-- catch what they do to the rows.)
CREATE TRIGGER IF NOT EXISTS journal_no_update BEFORE UPDATE ON journal
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER IF NOT EXISTS journal_no_delete BEFORE DELETE ON journal
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
"""

_OUTBOX_SCHEMA = """
-- The floor link's outbox (terminal.floorlink): the seq of every row not yet archived by the floor,
-- queued in the row's own transaction; ``sent`` once the broker acknowledged it (QoS 1).
CREATE TABLE IF NOT EXISTS outbox (seq INTEGER PRIMARY KEY, sent INTEGER NOT NULL DEFAULT 0);
"""


class _NotUnbroken(Exception):
    """A live segment's row does not continue the chain unbroken (``Journal._genuine_rows``)."""


class _Tail:
    """How many rows ``Journal._genuine_rows`` gave, and the last."""

    def __init__(self) -> None:
        self.count = 0
        self.last: Row | None = None


class JournalError(UserError):
    """The journal file is missing, not a journal, or fails verification. The message names the file."""


class JournalTampered(JournalError):
    """Verification found rows that are not genuine or not in their place; ``report`` lists them."""

    def __init__(self, message: str, report: VerifyReport) -> None:
        super().__init__(message)
        self.report = report


class JournalFull(JournalError):
    """The disk is full: the append was not written (so must not be acknowledged); the table stops."""


class JournalSink(Protocol):
    """What the rest of the terminal needs from a journal: a durable append."""

    def append(self, kind: str, payload: Mapping[str, Any]) -> Entry: ...


def default_key_path(path: Path) -> Path:
    """The key beside the journal (``<journal>.key``) when the configuration names none."""
    return path.with_name(path.name + ".key")


def default_anchor_path(path: Path) -> Path:
    """The anchor beside the journal (``<journal>.anchor``) when the configuration names none."""
    return path.with_name(path.name + ".anchor")


class Journal:
    """An open journal. One writer at a time (the controller); readers open it with ``read_only``.

    Opening for writing creates a new journal (and the table key, and the anchor) only when none of
    them exists; otherwise it checks the anchor and the rows since the last checkpoint and raises
    :class:`JournalTampered` if they do not hold (``verify=False`` skips that, for ``journal verify``
    itself). ``clock`` returns wall-clock seconds (injectable for tests).
    """

    def __init__(
        self,
        path: str | Path,
        *,
        clock: Callable[[], float] = time.time,
        verify: bool = True,
        create: bool = True,
        read_only: bool = False,
        key_path: str | Path | None = None,
        anchor_path: str | Path | None = None,
        segment_entries: int = DEFAULT_SEGMENT_ENTRIES,
        warn_free_bytes: int = DEFAULT_WARN_FREE_BYTES,
        reserve_bytes: int = DEFAULT_RESERVE_BYTES,
        outbox: bool = False,
    ) -> None:
        self.path = Path(path)
        #: Queue every appended row for the floor link in its own transaction (``outbox`` table).
        self.outbox = outbox and not read_only
        self._listeners: list[Callable[[list[Entry]], None]] = []
        self.key_path = Path(key_path) if key_path else default_key_path(self.path)
        self.anchor_path = Path(anchor_path) if anchor_path else default_anchor_path(self.path)
        self.segment_entries = max(2, int(segment_entries))
        self.warn_free_bytes = warn_free_bytes
        self.reserve_bytes = reserve_bytes
        self.read_only = read_only
        self._clock = clock
        # One connection may be used from several threads (the controller's writer thread, a PIN check
        # in a worker thread); a transaction must never interleave with another, so appends serialise.
        self._lock = threading.RLock()
        self._last: dict[str, dict[str, Any]] = {}
        self._checkpoint: Entry | None = None
        self._after_checkpoint: list[Entry] = []
        self.full = False
        self.durable = True
        #: Why the live segment could not be closed (a row in it fails verification), else None.
        self.rotation_refused: Problem | None = None
        if self.path.is_dir():
            raise JournalError(f"{self.path}: is a directory, not a journal")
        if self.path.exists():
            self._db = self._connect()
            self._read_meta()
            self.key = self._load_key()
        elif read_only or not create:
            raise JournalError(f"{self.path}: no such journal")
        else:
            self.key = self._create()
            self._db = self._connect()
            self._read_meta()
        if not read_only:
            self._finish_rotation()
            if verify:
                report = self.verify_since_checkpoint()
                if not report.ok:
                    raise JournalTampered(report.summary(), report)
            self._make_reserve()
            if self.outbox:
                self._open_outbox()
        self._load_restore_point()

    # -- opening ----------------------------------------------------------------------------------

    def _load_key(self) -> bytes:
        try:
            return load_key(self.key_path, check_mode=not self.read_only)
        except KeyError_ as exc:
            raise JournalError(
                f"{self.path}: {exc}; the journal cannot be checked or continued without it"
            ) from None

    def _create(self) -> bytes:
        """A brand-new journal: only when neither it, its anchor nor its archive ever existed."""
        existed = [str(p) for p in (self.anchor_path,) if p.exists()]
        if closed_segments(self.path):
            existed.append(str(segment_files(self.path, 1)[0].parent))
        if existed:
            raise JournalError(
                f"{self.path}: the journal is missing, but it existed ({', '.join(existed)}): "
                "not starting a new one; restore the file from a backup"
            )
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            key = load_key(self.key_path) if self.key_path.exists() else create_key(self.key_path)
        except KeyError_ as exc:
            raise JournalError(str(exc)) from None
        except OSError as exc:
            raise JournalError(
                f"{self.key_path}: cannot create the journal key: {exc.strerror or exc}"
            ) from None
        tmp = self.path.with_name(self.path.name + ".new")
        remove_quietly(tmp)
        db = sqlite3.connect(tmp, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(_SCHEMA)
            _write_meta(db, segment=1, first_seq=1, first_prev=GENESIS)
        finally:
            db.close()
        os.replace(tmp, self.path)
        fsync_dir(self.path.parent)
        write_anchor(self.anchor_path, key, Anchor(1, 0, GENESIS, format_ts(self._clock())))
        return key

    def _connect(self) -> sqlite3.Connection:
        try:
            if self.read_only:
                db = _open_read_only(self.path)
            else:
                # isolation_level=None: we issue BEGIN/COMMIT ourselves, so an append is one transaction.
                db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
                mode = db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
                db.execute("PRAGMA synchronous=FULL")
                if str(mode).lower() != "wal":
                    raise JournalError(f"{self.path}: cannot switch the journal to WAL mode (got {mode!r})")
            cols = [r[1] for r in db.execute("PRAGMA table_info(journal)")]
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"{self.path}: not a journal ({exc})") from None
        if cols != ["seq", "ts", "kind", "payload", "prev_hash", "hash"]:
            raise JournalError(f"{self.path}: not a journal (table 'journal' has columns {cols})")
        return db

    def _read_meta(self) -> None:
        try:
            meta = dict(self._db.execute("SELECT key, value FROM journal_meta").fetchall())
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"{self.path}: not a journal ({exc})") from None
        if meta.get("chain") != CHAIN:
            raise JournalError(
                f"{self.path}: written without a table key (an earlier, unkeyed journal): keep it as it is "
                "(`journal verify` of that version checks it) and start this table with a new journal file"
            )
        try:
            self.segment = int(meta["segment"])
            self.first_seq = int(meta["first_seq"])
            self.first_prev = str(meta["first_prev"])
        except (KeyError, ValueError):
            raise JournalError(f"{self.path}: not a journal (its segment record is damaged)") from None

    def _finish_rotation(self) -> None:
        """After a crash in the middle of closing a segment: the live file is the truth."""
        remove_quietly(self.path.with_name(self.path.name + ".next"))
        for n in closed_segments(self.path):
            if n >= self.segment:  # archived but never replaced: it is still the live segment
                for p in segment_files(self.path, n):
                    remove_quietly(p)

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
        the reads that arrived together). Raises :class:`JournalFull` when the disk is full.
        """
        bodies: list[tuple[str, dict[str, Any]]] = []
        for kind, payload in items:
            # plain JSON types only; rejects NaN, objects
            bodies.append((check_kind(kind), json.loads(canonical_json(dict(payload)))))
        if not bodies:
            return []
        with self._lock:
            if self.read_only:
                raise JournalError(f"{self.path}: opened read-only")
            if self.full:
                raise JournalFull(f"{self.path}: the disk is full; the table is stopped until space is freed")
            return self._append(bodies)

    def _append(self, bodies: list[tuple[str, dict[str, Any]]]) -> list[Entry]:
        try:
            out = _insert(self._db, self.key, format_ts(self._clock()), bodies, outbox=self.outbox)
        except sqlite3.OperationalError as exc:
            if not _is_full(exc):
                raise
            self._disk_full()
            raise JournalFull(
                f"{self.path}: the disk is full ({self._free_words()}): the table is stopped; "
                "nothing of this input was journaled — free space and restart"
            ) from None
        for e in out:
            if e.kind not in _NOT_CARRIED:
                self._last[e.kind] = e.payload
            if e.kind in RESTORE_KINDS:
                self._after_checkpoint.append(e)
        self._tell(out)
        return out

    # -- the floor link's outbox ------------------------------------------------------------------

    def add_listener(self, listener: Callable[[list[Entry]], None]) -> None:
        """Call ``listener(entries)`` after each commit (on the appending thread; it must not block:
        the floor link only sets an event)."""
        self._listeners.append(listener)

    def _tell(self, entries: list[Entry]) -> None:
        for listener in self._listeners:
            with contextlib.suppress(Exception):
                listener(entries)

    def _open_outbox(self) -> None:
        """Create the outbox; the first time, queue every row the table ever wrote (closed segments
        included: the floor archives the whole chain from seq 1)."""
        with self._lock:
            self._db.executescript(_OUTBOX_SCHEMA)
            meta = dict(self._db.execute("SELECT key, value FROM journal_meta").fetchall())
            if meta.get("outbox") == "on":
                return
            head = self.head()[0]
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.executemany(
                    "INSERT OR IGNORE INTO outbox (seq) VALUES (?)", ((n,) for n in range(1, head + 1))
                )
                self._db.execute("INSERT OR REPLACE INTO journal_meta (key, value) VALUES ('outbox', 'on')")
                self._db.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    self._db.execute("ROLLBACK")
                raise

    def outbox_entries(self, after: int = 0, limit: int = 500) -> list[tuple[Entry, bool]]:
        """Up to ``limit`` queued entries with seq > ``after``, in seq order, each with whether the
        broker already acknowledged it."""
        queued = self._query(
            "SELECT seq, sent FROM outbox WHERE seq > ? ORDER BY seq LIMIT ?", (after, limit)
        )
        if not queued:
            return []
        sent = {int(q): bool(f) for q, f in queued}
        lo, hi = int(queued[0][0]), int(queued[-1][0])
        found = (
            {e.seq: e for e in self.entries(since=lo - 1) if e.seq <= hi and e.seq in sent}
            if lo < self.first_seq
            else {}
        )
        if hi >= self.first_seq:
            rows = self._rows(
                "SELECT " + _COLUMNS + " FROM journal WHERE seq >= ? AND seq <= ? ORDER BY seq",
                (max(lo, self.first_seq), hi),
            )
            found.update((int(r[0]), entry_of(r)) for r in rows if int(r[0]) in sent)
        return [(found[n], sent[n]) for n in sorted(sent) if n in found]

    def outbox_sent(self, seqs: Iterable[int]) -> None:
        """Mark queued entries as acknowledged by the broker (QoS 1 PUBACK)."""
        batch = [(int(n),) for n in seqs]
        if batch:
            self._outbox_write("UPDATE outbox SET sent = 1 WHERE seq = ?", batch)

    def outbox_archived(self, upto: int) -> None:
        """The floor archived every entry up to ``upto``: they leave the outbox."""
        self._outbox_write("DELETE FROM outbox WHERE seq <= ?", [(int(upto),)])

    def _outbox_write(self, sql: str, params: list[tuple[int]]) -> None:
        with self._lock:
            if self.read_only or self.full or not self.outbox:
                return
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.executemany(sql, params)
                self._db.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    self._db.execute("ROLLBACK")
                raise

    def outbox_counts(self) -> tuple[int, int]:
        """(entries the broker has not acknowledged, entries the floor has not archived)."""
        if not self.outbox:
            return (0, 0)
        row = self._query("SELECT COALESCE(SUM(sent = 0), 0), COUNT(*) FROM outbox")[0]
        return int(row[0]), int(row[1])

    def anchor_document(self) -> dict[str, Any] | None:
        """The head anchor as written (with its MAC), for the floor; None if it cannot be read."""
        try:
            doc = json.loads(self.anchor_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return doc if isinstance(doc, dict) else None

    def checkpoint(self, table: Mapping[str, Any]) -> Entry:
        """Write a checkpoint at a round boundary: ``table`` (what the controller restores from) and the
        last payload of every other kind, hashed into the chain; then re-anchor the head.

        Once the live segment holds ``segment_entries`` rows, the checkpoint opens a new segment and the
        old one is archived with its verification record.
        """
        body = {"table": json.loads(canonical_json(dict(table))), "last": dict(self._last)}
        with self._lock:
            if self.read_only:
                raise JournalError(f"{self.path}: opened read-only")
            if self.full:
                raise JournalFull(f"{self.path}: the disk is full; the table is stopped until space is freed")
            entry = None
            if self.rotation_refused is None and self.live_count() >= self.segment_entries:
                entry = self._rotate(body)
            if entry is None:
                entry = self._append([(CHECKPOINT_KIND, body)])[0]
            else:
                self._tell([entry])
            self._checkpoint, self._after_checkpoint = entry, []
            self._anchor_head(entry.seq, entry.hash)
        return entry

    def _anchor_head(self, seq: int, digest: str) -> None:
        try:
            anchor = Anchor(self.segment, seq, digest, format_ts(self._clock()))
            write_anchor(self.anchor_path, self.key, anchor, durable=self.durable)
        except OSError as exc:
            if exc.errno == 28:
                self._disk_full()
                raise JournalFull(f"{self.anchor_path}: the disk is full: the table is stopped") from None
            raise JournalError(
                f"{self.anchor_path}: cannot write the journal's anchor: {exc.strerror or exc}"
            ) from None

    def _genuine_rows(self, tail: _Tail) -> Iterator[Row]:
        """The live segment's rows in seq order, read :data:`ENTRIES_BATCH` at a time, each checked to
        continue the chain unbroken (its seq the next, its ``prev_hash`` the last row's hash, its MAC
        good); :class:`_NotUnbroken` at the first that does not. ``tail`` counts them and keeps the last.
        Called under the lock."""
        seq, prev = self.first_seq, self.first_prev
        after = self.first_seq - 1
        sql = "SELECT " + _COLUMNS + " FROM journal WHERE seq > ? ORDER BY seq LIMIT ?"
        while True:
            rows = self._rows(sql, (after, ENTRIES_BATCH))
            for row in rows:
                s, ts, kind, text, row_prev, digest = row
                if (
                    s != seq
                    or row_prev != prev
                    or not (isinstance(ts, str) and isinstance(kind, str) and isinstance(text, str))
                    or not hmac.compare_digest(entry_mac(self.key, s, ts, kind, text, prev), str(digest))
                ):
                    raise _NotUnbroken
                seq, prev = s + 1, str(digest)
                tail.count, tail.last = tail.count + 1, row
                yield row
            if len(rows) < ENTRIES_BATCH:
                return
            after = rows[-1][0]

    def _rotate(self, body: dict[str, Any]) -> Entry | None:
        """Close the live segment: archive it, start the next with the checkpoint as its first row.

        The segment is verified as it is written to its archive, a batch of rows at a time (a segment is
        tens of megabytes of rows: all in memory at once, its high-water mark would stay with the table's
        process for good); only a segment that is not one unbroken genuine chain is read whole, for
        :func:`walk` to name what is wrong with it."""
        tail = _Tail()
        try:
            gz: Path | None = write_rows(self.path, self.segment, self._genuine_rows(tail))
        except _NotUnbroken:
            gz = None
        if gz is None or tail.last is None:
            rows = self._rows("SELECT " + _COLUMNS + " FROM journal ORDER BY seq")
            result = walk(
                rows, self.key, segment=self.segment, first_seq=self.first_seq, first_prev=self.first_prev
            )
            if result.problems or not rows:
                # Never archive a segment that does not verify; `journal verify` names why. Not tried
                # again until the next start (each try reads the whole segment).
                self.rotation_refused = result.problems[0] if result.problems else None
                return None
            # genuine after all (walk is the judge): archived from the rows read
            gz = write_rows(self.path, self.segment, rows)
            tail.count, tail.last = len(rows), rows[-1]
        last_seq, head = tail.last[0], tail.last[5]
        record = SegmentRecord(
            self.segment,
            self.first_seq,
            last_seq,
            tail.count,
            self.first_prev,
            head,
            "",
            format_ts(self._clock()),
            0,
        )
        write_record(self.path, self.key, record, gz)
        nxt = self.path.with_name(self.path.name + ".next")
        remove_quietly(nxt)
        db = sqlite3.connect(nxt, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.executescript(_SCHEMA)
            _write_meta(db, segment=self.segment + 1, first_seq=last_seq + 1, first_prev=head)
            if self.outbox:  # what the floor has not archived yet goes on with the live segment
                db.executescript(_OUTBOX_SCHEMA)
                queued = self._db.execute("SELECT seq, sent FROM outbox").fetchall()
                db.execute("BEGIN IMMEDIATE")
                db.executemany("INSERT INTO outbox (seq, sent) VALUES (?, ?)", queued)
                db.execute("INSERT OR REPLACE INTO journal_meta (key, value) VALUES ('outbox', 'on')")
                db.execute("COMMIT")
            entry = _insert(
                db, self.key, format_ts(self._clock()), [(CHECKPOINT_KIND, body)], outbox=self.outbox
            )[0]
        finally:
            db.close()
        # Fold the old segment's WAL into its file so nothing of it can be replayed onto the new one.
        self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self._db.close()
        wal = self.path.with_name(self.path.name + "-wal")
        if wal.exists() and wal.stat().st_size:  # another process holds the old segment open
            self._db = self._connect()
            remove_quietly(nxt)
            return None
        os.replace(nxt, self.path)
        fsync_dir(self.path.parent)
        self._db = self._connect()
        self._read_meta()
        return entry

    def set_durable(self, durable: bool) -> None:
        """Benchmarks only: ``False`` stops fsyncing appends and anchors (``synchronous=OFF``), to write
        simulated months quickly. A table never does this: an append that returned must survive."""
        self.durable = durable
        with self._lock:
            self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'OFF'}")

    def close(self) -> None:
        """Close the file; a writer anchors its head first (so a cut tail is caught at the next start)."""
        with self._lock:
            if not self.read_only and not self.full:
                seq, digest = self.head()
                with contextlib.suppress(JournalError, sqlite3.Error):
                    if seq:
                        self._anchor_head(seq, digest)
            self._db.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- disk space -------------------------------------------------------------------------------

    def _reserve_path(self) -> Path:
        return self.path.with_name(self.path.name + ".reserve")

    def _make_reserve(self) -> None:
        """Keep ``reserve_bytes`` of the disk in a file, freed when the disk fills so the terminal can
        still journal that it stopped and anchor its head."""
        p = self._reserve_path()
        if self.reserve_bytes <= 0 or (p.exists() and p.stat().st_size >= self.reserve_bytes):
            return
        with contextlib.suppress(OSError):
            if shutil.disk_usage(self.path.parent).free > 4 * self.reserve_bytes:
                fd = os.open(p, os.O_WRONLY | os.O_CREAT, 0o600)
                try:
                    try:
                        os.posix_fallocate(fd, 0, self.reserve_bytes)  # blocks allocated, nothing written
                    except OSError:  # a file system without fallocate: write the bytes
                        os.pwrite(fd, b"\0" * self.reserve_bytes, 0)
                        os.fsync(fd)
                finally:
                    os.close(fd)

    def free_bytes(self) -> int:
        """Free space on the journal's disk, in bytes."""
        return shutil.disk_usage(self.path.parent).free

    def space_warning(self) -> str | None:
        """A sentence for the console when free space is below ``warn_free_bytes``, else None."""
        try:
            free = self.free_bytes()
        except OSError:
            return None
        if free >= self.warn_free_bytes:
            return None
        return (
            f"journal disk low: {free // (1 << 20)} MiB free on {self.path.parent} "
            f"(warning below {self.warn_free_bytes // (1 << 20)} MiB); the table stops when it is full"
        )

    def _free_words(self) -> str:
        try:
            return f"{self.free_bytes() // 1024} KiB free"
        except OSError:
            return "free space unknown"

    def _disk_full(self) -> None:
        """The disk is full: free the reserve, journal that the table stopped, anchor the head."""
        with contextlib.suppress(sqlite3.Error):
            self._db.execute("ROLLBACK")
        self.full = True
        remove_quietly(self._reserve_path())
        with contextlib.suppress(sqlite3.Error, OSError, JournalError):
            e = _insert(
                self._db,
                self.key,
                format_ts(self._clock()),
                [(FULL_KIND, {"free_bytes": self.free_bytes()})],
                outbox=self.outbox,
            )
            self._anchor_head(e[-1].seq, e[-1].hash)

    # -- reading ----------------------------------------------------------------------------------

    def _rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[Row]:
        """Whole rows (``SELECT`` of every column, in order)."""
        return self._query(sql, params)

    def _query(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        with self._lock:
            return list(self._db.execute(sql, params).fetchall())

    def __len__(self) -> int:
        with self._lock:
            live = int(self._db.execute("SELECT COUNT(*) FROM journal").fetchone()[0])
        return live + sum(self._record(n).count for n in range(1, self.segment))

    def reader(self) -> Journal:
        """Another, read-only handle on this journal (same key and anchor), e.g. to verify it."""
        return open_for_check(self.path, key_path=self.key_path, anchor_path=self.anchor_path)

    def live_count(self) -> int:
        """Rows in the live segment."""
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM journal").fetchone()[0])

    def head(self) -> tuple[int, str]:
        """The last seq and its hash (``(0, GENESIS)`` for an empty journal)."""
        with self._lock:
            row = self._db.execute("SELECT seq, hash FROM journal ORDER BY seq DESC LIMIT 1").fetchone()
        return (self.first_seq - 1, self.first_prev) if row is None else (int(row[0]), str(row[1]))

    def entries(self, since: int = 0, kind: str | None = None) -> Iterator[Entry]:
        """Entries with seq > ``since`` in seq order, optionally of one kind — across the closed
        segments too (slow for a long-lived table: start-up uses :meth:`restore_point`).

        The live segment is read :data:`ENTRIES_BATCH` rows at a time (each batch under the lock, none
        held while the caller works), so a month's segment is never all in memory at once: a long-lived
        process's allocator would keep that high-water mark for the rest of its life. A segment closed
        while the caller reads is read on from its archive."""
        segment = self.segment
        if since < self.first_seq - 1:
            yield from self._archived(since, kind, range(1, segment))
        sql = "SELECT " + _COLUMNS + " FROM journal WHERE seq > ?"
        if kind is not None:
            sql += " AND kind = ?"
        sql += " ORDER BY seq LIMIT ?"
        after = since
        while True:
            rows = self._rows(
                sql, (after, kind, ENTRIES_BATCH) if kind is not None else (after, ENTRIES_BATCH)
            )
            if self.segment != segment:  # closed under us (rotation holds the lock): the rest is archived
                yield from self._archived(after, kind, range(segment, self.segment))
                segment, after = self.segment, max(after, self.first_seq - 1)
                continue
            for row in rows:
                yield entry_of(row)
            if len(rows) < ENTRIES_BATCH:
                return
            after = rows[-1][0]

    def _archived(self, since: int, kind: str | None, segments: range) -> Iterator[Entry]:
        """Entries with seq > ``since`` (of ``kind``) from the closed ``segments``' archives."""
        for n in segments:
            gz, _ = segment_files(self.path, n)
            try:
                for row in read_rows(gz):
                    if row[0] > since and (kind is None or row[2] == kind):
                        yield entry_of(row)
            except (OSError, ValueError) as exc:
                raise JournalError(f"{gz}: closed segment {n} cannot be read: {exc}") from None

    def last(self, kind: str) -> dict[str, Any] | None:
        """The payload of the last entry of ``kind`` (not round or checkpoint), carried by checkpoints
        across segments; None if there never was one."""
        return self._last.get(kind)

    def restore_point(self) -> tuple[Entry | None, list[Entry]]:
        """The last checkpoint (None before the first) and the round and config entries after it."""
        return self._checkpoint, list(self._after_checkpoint)

    def _load_restore_point(self) -> None:
        row = self._rows(
            "SELECT " + _COLUMNS + " FROM journal WHERE kind = ? ORDER BY seq DESC LIMIT 1",
            (CHECKPOINT_KIND,),
        )
        since = self.first_seq - 1
        self._last, self._checkpoint = {}, None
        if row:
            self._checkpoint = entry_of(row[0])
            last = self._checkpoint.payload.get("last")
            self._last = dict(last) if isinstance(last, dict) else {}
            since = self._checkpoint.seq
        rest = [
            entry_of(r)
            for r in self._rows("SELECT " + _COLUMNS + " FROM journal WHERE seq > ? ORDER BY seq", (since,))
        ]
        for e in rest:
            if e.kind not in _NOT_CARRIED:
                self._last[e.kind] = e.payload
        self._after_checkpoint = [e for e in rest if e.kind in RESTORE_KINDS]

    # -- checking ---------------------------------------------------------------------------------

    def _record(self, n: int) -> SegmentRecord:
        _, rec_path = segment_files(self.path, n)
        try:
            return read_record(rec_path)[0]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise JournalError(f"{rec_path}: closed segment {n}'s record cannot be read: {exc}") from None

    def _anchor(self, problems: list[Problem]) -> Anchor | None:
        try:
            anchor = read_anchor(self.anchor_path, self.key)
        except KeyError_ as exc:
            problems.append(Problem(0, "anchor-forged", str(exc)))
            return None
        if anchor is None:
            problems.append(
                Problem(
                    0, "anchor-missing", f"{self.anchor_path}: the journal's anchor is missing (deleted?)"
                )
            )
        return anchor

    def verify_since_checkpoint(self) -> VerifyReport:
        """What start-up checks: the anchor, and every row from the last checkpoint (or the anchored row,
        if earlier) to the head — MACs, order, and that the anchored row is there with its hash."""
        problems: list[Problem] = []
        anchor = self._anchor(problems)
        ck = self._rows(
            "SELECT seq FROM journal WHERE kind = ? ORDER BY seq DESC LIMIT 1", (CHECKPOINT_KIND,)
        )
        start = ck[0][0] if ck else self.first_seq
        if anchor is not None and anchor.segment == self.segment and anchor.seq:
            start = min(start, anchor.seq)
        start = max(start, self.first_seq)
        rows = self._rows("SELECT " + _COLUMNS + " FROM journal WHERE seq >= ? ORDER BY seq", (start,))
        if start == self.first_seq:
            first_prev = self.first_prev
        else:
            before = self._query("SELECT hash FROM journal WHERE seq = ?", (start - 1,))
            first_prev = str(before[0][0]) if before else (str(rows[0][4]) if rows else self.first_prev)
        known = anchor.seq if anchor is not None and anchor.segment == self.segment else 0
        result = walk(
            rows, self.key, segment=self.segment, first_seq=start, first_prev=first_prev, known_head_seq=known
        )
        problems.extend(result.problems)
        if anchor is not None:
            problems.extend(self._anchor_problems(anchor, result))
        return VerifyReport(str(self.path), result.count, result.prev_hash, tuple(problems), 1)

    def _anchor_problems(self, anchor: Anchor, live: Walk) -> list[Problem]:
        """Does the journal reach the anchored head, with the anchored hash?"""
        where = f"the anchor ({self.anchor_path}) records seq {anchor.seq} in segment {anchor.segment}"
        if anchor.segment > self.segment:
            return [
                Problem(
                    self.first_seq,
                    "truncated",
                    f"{where}, but the live segment is {self.segment}: segments were removed",
                    self.segment,
                )
            ]
        if anchor.seq == 0:
            return []
        if anchor.segment < self.segment:
            try:
                rec = self._record(anchor.segment)
            except JournalError as exc:
                return [Problem(anchor.seq, "anchor-mismatch", str(exc), anchor.segment)]
            if anchor.seq == rec.last_seq and anchor.hash != rec.head:
                return [
                    Problem(
                        anchor.seq,
                        "head-mismatch",
                        f"{where} with another hash: the chain was rewritten",
                        anchor.segment,
                    )
                ]
            return []
        row = self._query("SELECT hash FROM journal WHERE seq = ?", (anchor.seq,))
        if row and row[0][0] == anchor.hash:
            return []
        # Not at its stored place: rows before it may have been inserted or deleted (the walk names them).
        if self._query("SELECT seq FROM journal WHERE hash = ?", (anchor.hash,)):
            return []
        if any(p.what == "truncated" for p in live.problems):
            return []
        if live.next_seq - 1 < anchor.seq:
            return [
                Problem(
                    anchor.seq,
                    "truncated",
                    f"{where}, but the journal ends at seq {live.next_seq - 1}: rows were cut off",
                    self.segment,
                )
            ]
        return [
            Problem(
                anchor.seq,
                "head-mismatch",
                f"{where} with another hash: the row was replaced or the chain rewritten",
                self.segment,
            )
        ]

    def verify(self, expect_head: str | None = None, *, all_segments: bool = True) -> VerifyReport:
        """Check the journal end to end: every closed segment (archive, record and rows; unless
        ``all_segments`` is False), the live segment, their links, and the anchor. Names the segment
        and row of everything that was edited, inserted, forged, deleted, reordered or cut off. With
        ``expect_head``, the head hash must also equal it (a hash recorded elsewhere earlier)."""
        problems: list[Problem] = []
        count = 0
        seq, prev = self.first_seq, self.first_prev
        if all_segments and self.segment > 1:
            seq, prev = 1, GENESIS
            for n in range(1, self.segment):
                got, count_n, seq, prev = self._verify_closed(n, seq, prev)
                problems.extend(got)
                count += count_n
            if seq != self.first_seq or prev != self.first_prev:
                problems.append(
                    Problem(
                        self.first_seq,
                        "segment-link",
                        f"the live segment does not continue segment {self.segment - 1} (expected seq {seq})",
                        self.segment,
                    )
                )
                seq, prev = self.first_seq, self.first_prev
        anchor = self._anchor(problems)
        rows = self._rows("SELECT " + _COLUMNS + " FROM journal ORDER BY seq")
        known = anchor.seq if anchor is not None and anchor.segment == self.segment else 0
        live = walk(
            rows, self.key, segment=self.segment, first_seq=seq, first_prev=prev, known_head_seq=known
        )
        problems.extend(live.problems)
        count += live.count
        if anchor is not None:
            problems.extend(self._anchor_problems(anchor, live))
        head = live.prev_hash
        if expect_head is not None and head != expect_head:
            problems.append(
                Problem(
                    live.next_seq - 1,
                    "head-mismatch",
                    "the head is not the expected hash: rows were added after it, or the chain was rewritten or cut",
                    self.segment,
                )
            )
        return VerifyReport(str(self.path), count, head, tuple(problems), self.segment)

    def _verify_closed(self, n: int, seq: int, prev: str) -> tuple[list[Problem], int, int, str]:
        gz, rec_path = segment_files(self.path, n)
        problems: list[Problem] = []
        rec: SegmentRecord | None = None
        try:
            rec, mac = read_record(rec_path)
            if mac != record_mac(self.key, "segment", rec.fields()):
                problems.append(
                    Problem(
                        rec.first_seq,
                        "record-forged",
                        f"{rec_path}: the verification record's MAC does not hold",
                        n,
                    )
                )
        except FileNotFoundError:
            problems.append(
                Problem(
                    seq,
                    "record-missing",
                    f"{rec_path}: closed segment {n}'s verification record is missing",
                    n,
                )
            )
        except (OSError, ValueError, KeyError, TypeError) as exc:
            problems.append(Problem(seq, "record-malformed", f"{rec_path}: {exc}", n))
        try:
            rows = list(read_rows(gz))
        except FileNotFoundError:
            problems.append(Problem(seq, "segment-missing", f"{gz}: closed segment {n} is missing", n))
            if rec is not None:
                return problems, 0, rec.last_seq + 1, rec.head
            return problems, 0, seq, prev
        except (OSError, ValueError, EOFError) as exc:
            problems.append(Problem(seq, "malformed", f"{gz}: closed segment {n} cannot be read: {exc}", n))
            return problems, 0, (rec.last_seq + 1 if rec else seq), (rec.head if rec else prev)
        known = rec.last_seq if rec is not None else 0
        result = walk(rows, self.key, segment=n, first_seq=seq, first_prev=prev, known_head_seq=known)
        problems.extend(result.problems)
        described = None if rec is None else (rec.first_seq, rec.first_prev, rec.head, rec.count)
        if rec is not None and not result.problems and described != (seq, prev, result.prev_hash, len(rows)):
            problems.append(
                Problem(
                    rec.last_seq, "record-mismatch", f"{rec_path} does not describe the rows of {gz.name}", n
                )
            )
        return problems, len(rows), result.next_seq, result.prev_hash

    # -- export -----------------------------------------------------------------------------------

    def export(self, *, game: str | None = None) -> dict[str, Any]:
        """The journal as a scenario that ``replay`` accepts (``docs/scenarios.md``).

        ``events`` holds the payload of every :data:`ROUND_KIND` entry in order — the round engine's
        own JSON form of each event — since the last ``config`` entry that changed the game (as the
        controller folds them at start-up). ``game`` (and ``table.seats``/``table.decks``/``table.fee_schedule``) come from
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
                # What the table checked and collected with, so replay checks and collects the same.
                limits = e.payload.get("limits")
                if (
                    isinstance(limits, dict)
                    and isinstance(limits.get("min_cents"), int)
                    and limits["min_cents"] > 0
                ):
                    table["limits"] = {"min_cents": limits["min_cents"], "max_cents": limits.get("max_cents")}
                if "fee_schedule" in e.payload:  # the posted collection: a replay takes the same from the pot
                    fee = e.payload["fee_schedule"]
                    if isinstance(fee, str) and fee:
                        table["fee_schedule"] = fee
                    else:
                        table.pop("fee_schedule", None)
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

    def dump(self, *, all_segments: bool = True) -> dict[str, Any]:
        """Every entry with its chain fields (``journal export --all``; not a scenario). With
        ``all_segments=False`` only the live segment's (a support bundle: bounded however long the
        table has run), with every closed segment's verification record."""
        report = self.verify(all_segments=all_segments)
        since = 0 if all_segments else self.first_seq - 1
        doc: dict[str, Any] = {
            "format": EXPORT_FORMAT,
            "version": EXPORT_VERSION,
            "journal": {
                "path": str(self.path),
                "count": report.count,
                "head": report.head,
                "ok": report.ok,
                "segment": self.segment,
            },
            "entries": [e.to_json() for e in self.entries(since=since)],
        }
        if not all_segments:
            records = []
            for n in range(1, self.segment):
                try:
                    records.append(self._record(n).fields())
                except JournalError as exc:
                    records.append({"segment": n, "error": str(exc)})
            doc["closed_segments"] = records
        return doc


def _write_meta(db: sqlite3.Connection, *, segment: int, first_seq: int, first_prev: str) -> None:
    meta = {"chain": CHAIN, "segment": str(segment), "first_seq": str(first_seq), "first_prev": first_prev}
    db.execute("BEGIN IMMEDIATE")
    db.executemany("INSERT OR REPLACE INTO journal_meta (key, value) VALUES (?, ?)", meta.items())
    db.execute("COMMIT")


def _insert(
    db: sqlite3.Connection,
    key: bytes,
    ts: str,
    bodies: list[tuple[str, dict[str, Any]]],
    *,
    outbox: bool = False,
) -> list[Entry]:
    """One transaction: the rows after the current head, each MAC'd over the one before (and, with
    ``outbox``, each queued for the floor link in the same transaction)."""
    out: list[Entry] = []
    db.execute("BEGIN IMMEDIATE")
    try:
        row = db.execute("SELECT seq, hash FROM journal ORDER BY seq DESC LIMIT 1").fetchone()
        if row is None:
            meta = dict(db.execute("SELECT key, value FROM journal_meta").fetchall())
            seq, prev = int(meta["first_seq"]), str(meta["first_prev"])
        else:
            seq, prev = row[0] + 1, row[1]
        for kind, body in bodies:
            text = canonical_json(body)
            digest = entry_mac(key, seq, ts, kind, text, prev)
            db.execute(
                "INSERT INTO journal (seq, ts, kind, payload, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?)",
                (seq, ts, kind, text, prev, digest),
            )
            if outbox:
                db.execute("INSERT INTO outbox (seq) VALUES (?)", (seq,))
            out.append(Entry(seq, ts, kind, body, prev, digest))
            seq, prev = seq + 1, digest
        db.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")
        raise
    return out


def _is_full(exc: sqlite3.OperationalError) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    return code == sqlite3.SQLITE_FULL or "database or disk is full" in str(exc)


def _open_read_only(path: Path) -> sqlite3.Connection:
    """Open without changing the file: ``mode=ro`` (SQLite may add its -shm/-wal side files, never
    touching the database); where it cannot, with no WAL present, as an immutable file."""
    uri = path.resolve().as_uri()
    try:
        db = sqlite3.connect(f"{uri}?mode=ro", uri=True, check_same_thread=False)
        db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        return db
    except sqlite3.OperationalError:
        if path.with_name(path.name + "-wal").exists():
            raise
        db = sqlite3.connect(f"{uri}?immutable=1", uri=True, check_same_thread=False)
        return db


def open_for_check(
    path: str | Path, *, key_path: str | Path | None = None, anchor_path: str | Path | None = None
) -> Journal:
    """Open an existing journal read-only for checking (no verify on open, never creates a file, never
    writes the database)."""
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
    return Journal(p, verify=False, create=False, read_only=True, key_path=key_path, anchor_path=anchor_path)
