"""The journal's keyed chain: the MAC of a row, and the walk that names every row that is not genuine.

A row is ``(seq, ts, kind, payload text, prev_hash, hash)``. ``hash`` is HMAC-SHA-256 under the table's
key (:mod:`terminal.journal.keys`) of the row's fields and ``prev_hash`` — the ``hash`` of the row
before it (:data:`GENESIS` for the very first row of the table) — so the rows form one chain from the
first segment to the live one. Without the key nobody can write a row that verifies: an edited,
rehashed, inserted or appended row is caught by its MAC, a deleted or moved one by the numbers the
genuine rows were written with.
"""

from __future__ import annotations

import bisect
import hashlib
import hmac
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

GENESIS = "0" * 64
"""The ``prev_hash`` of the first entry of a table."""

Row = tuple[int, str, str, str, str, str]
"""A stored row: seq, ts, kind, payload (canonical JSON text), prev_hash, hash."""


def canonical_json(value: Any) -> str:
    """The one JSON text of ``value`` that is stored and MAC'd: sorted keys, no spaces, UTF-8."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def entry_mac(key: bytes, seq: int, ts: str, kind: str, payload_text: str, prev_hash: str) -> str:
    """HMAC-SHA-256 (hex) of one row, over its stored text.

    The fields are joined with U+001F, which canonical JSON always escapes and which ``ts`` and ``kind``
    never contain (:func:`check_kind`), so two different rows never give the same message.
    """
    msg = f"{seq}\x1f{ts}\x1f{kind}\x1f{prev_hash}\x1f{payload_text}".encode()
    return hmac.new(key, msg, hashlib.sha256).hexdigest()


def record_mac(key: bytes, what: str, fields: dict[str, Any]) -> str:
    """HMAC-SHA-256 of a record that is not a row (the head anchor, a segment's verification record);
    ``what`` keeps one kind of record from being passed off as another."""
    msg = f"{what}\x1f{canonical_json(fields)}".encode()
    return hmac.new(key, msg, hashlib.sha256).hexdigest()


def check_kind(kind: object) -> str:
    """A journal kind: a non-empty name of letters, digits and ``._-``."""
    if not isinstance(kind, str) or not kind or not all(c.isalnum() or c in "._-" for c in kind):
        raise ValueError(f"journal kind must be a non-empty name of letters, digits and ._- (got {kind!r})")
    return kind


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


def entry_of(row: Row) -> Entry:
    """The :class:`Entry` of a stored row."""
    seq, ts, kind, text, prev, digest = row
    return Entry(int(seq), ts, kind, json.loads(text), prev, digest)


@dataclass(frozen=True)
class Problem:
    """One thing verification found wrong: in ``segment`` (its number, 0 for the anchor or the file as a
    whole), at the row stored as ``seq``."""

    seq: int
    what: (
        str  # edited | inserted | forged | deleted | reordered | malformed | truncated | head-mismatch | ...
    )
    detail: str
    segment: int = 0

    def __str__(self) -> str:
        where = f"segment {self.segment}, " if self.segment else ""
        return f"{where}seq {self.seq}: {self.what}: {self.detail}"


@dataclass(frozen=True)
class VerifyReport:
    """The result of verifying the journal (or the part of it start-up checks)."""

    path: str
    count: int
    head: str
    problems: tuple[Problem, ...] = field(default_factory=tuple)
    segments: int = 1

    @property
    def ok(self) -> bool:
        """True if every row is genuine and in its place, and the head matches the anchor."""
        return not self.problems

    def summary(self) -> str:
        """One line naming the file and the first problem (for the error message)."""
        if self.ok:
            return f"{self.path}: {self.count} entries, chain intact"
        first = self.problems[0]
        more = f" (and {len(self.problems) - 1} more problems)" if len(self.problems) > 1 else ""
        return f"{self.path}: journal verification failed at {first}{more}"

    def to_json(self) -> dict[str, Any]:
        """``journal verify --json``: ``{"path", "ok", "count", "segments", "head", "problems": [...]}``."""
        return {
            "path": self.path,
            "ok": self.ok,
            "count": self.count,
            "segments": self.segments,
            "head": self.head,
            "problems": [
                {"segment": p.segment, "seq": p.seq, "what": p.what, "detail": p.detail}
                for p in self.problems
            ],
        }


@dataclass
class Walk:
    """Where a walk over a segment ended: the next seq and prev_hash a genuine row must have."""

    next_seq: int
    prev_hash: str
    count: int = 0
    problems: list[Problem] = field(default_factory=list)


def walk(
    rows: Sequence[Row],
    key: bytes,
    *,
    segment: int,
    first_seq: int,
    first_prev: str,
    known_head_seq: int = 0,
) -> Walk:
    """Verify ``rows`` (in stored order) as the chain that continues from ``first_seq``/``first_prev``.

    Each row's MAC is checked under the seq it is stored with; a row that fails is tried under the seq
    its chain predecessor says it was written with (a genuine row moved or renumbered). Rows whose MAC
    holds under no seq were not written with the key: **inserted** when the genuine rows on either side
    are consecutive, **edited** when one genuine row is missing in their place (or, at the end, when the
    anchored head says that row existed), else **forged** (appended after the last genuine row).
    Gaps in the written numbers are **deleted** rows; a genuine row out of its place is **reordered**.
    """
    by_hash: dict[str, int] = {}
    for i, r in enumerate(rows):
        by_hash.setdefault(r[5], i)
    written: list[int | None] = [None] * len(rows)

    def genuine(i: int, seq: int) -> bool:
        s, ts, kind, text, prev, digest = rows[i]
        return (
            isinstance(ts, str)
            and isinstance(kind, str)
            and isinstance(text, str)
            and hmac.compare_digest(entry_mac(key, seq, ts, kind, text, str(prev)), str(digest))
        )

    def written_as(i: int) -> int | None:
        # Iterative: follow prev_hash links back to a row whose seq is known, then forward again.
        path: list[int] = []
        j: int | None = i
        base: int | None = None
        while j is not None and written[j] is None and j not in path:
            if isinstance(rows[j][0], int) and genuine(j, rows[j][0]):
                written[j] = rows[j][0]
                break
            path.append(j)
            prev = rows[j][4]
            if prev == first_prev:
                base = first_seq - 1
                j = None
            else:
                j = by_hash.get(prev)
        if j is not None and written[j] is not None:
            base = written[j]
        for k in reversed(path):
            if base is not None and genuine(k, base + 1):
                written[k] = base + 1
                base = base + 1
            else:
                base = None
        return written[i]

    for i in range(len(rows)):
        if written[i] is None:
            written_as(i)

    problems: list[Problem] = []
    present = {w for w in written if w is not None}
    in_order = _in_order([(i, w) for i, w in enumerate(written) if w is not None])
    last_written = max(present) if present else first_seq - 1
    end = max(last_written, known_head_seq)
    missing = set(range(first_seq, end + 1)) - present
    prev_w = first_seq - 1  # written seq of the last in-order genuine row
    shift: int | None = None  # stored seq - written seq of the last in-order genuine row
    explained = True
    for i, row in enumerate(rows):
        seq, w = row[0], written[i]
        if w is None:
            nxt = next((written[k] for k in range(i + 1, len(rows)) if k in in_order), None)
            if nxt is None:
                what = "edited" if prev_w + 1 in missing and prev_w + 1 <= known_head_seq else "forged"
            else:
                what = "inserted" if nxt == prev_w + 1 else "edited"
            if what == "edited":
                missing.discard(prev_w + 1)
                prev_w += 1
            detail = {
                "inserted": "a row this table never wrote (its MAC matches no row written with the key) "
                "was inserted here",
                "edited": f"contents do not match the row's MAC ({row[2]} at {row[1]})",
                "forged": "a row appended after the last genuine row without the table's key",
            }[what]
            problems.append(Problem(seq, what, detail, segment))
            explained = True
            continue
        if i not in in_order:
            problems.append(Problem(seq, "reordered", f"this row was written as seq {w} ({row[2]})", segment))
            explained = True
            continue
        gone = sorted(n for n in missing if prev_w < n < w)
        if gone:
            span = f"{gone[0]}" if len(gone) == 1 else f"{gone[0]}-{gone[-1]}"
            problems.append(Problem(seq, "deleted", f"rows {span} are missing before it", segment))
            explained = True
        if shift is not None and seq - w != shift and not explained:
            problems.append(
                Problem(seq, "renumbered", f"this row was written as seq {w} ({row[2]})", segment)
            )
        shift, prev_w, explained = seq - w, w, False
    tail = sorted(n for n in missing if n > prev_w)
    if tail:
        span = f"{tail[0]}" if len(tail) == 1 else f"{tail[0]}-{tail[-1]}"
        problems.append(
            Problem(
                tail[0], "truncated", f"rows {span} (up to the anchored head) are missing at the end", segment
            )
        )
    head = rows[max(in_order)][5] if in_order else first_prev
    next_seq = (max(present) + 1) if present else first_seq
    return Walk(next_seq, head, len(rows), problems)


def _in_order(pairs: list[tuple[int, int]]) -> set[int]:
    """The indices of the longest run of rows whose written seqs increase in stored order (the rows in
    their place); the others were moved."""

    tails: list[int] = []  # smallest last written seq of an increasing run of each length
    tail_at: list[int] = []  # index into pairs of that last element
    back: list[int] = [-1] * len(pairs)
    for k, (_, w) in enumerate(pairs):
        pos = bisect.bisect_left(tails, w)
        if pos == len(tails):
            tails.append(w)
            tail_at.append(k)
        else:
            tails[pos] = w
            tail_at[pos] = k
        back[k] = tail_at[pos - 1] if pos else -1
    keep: set[int] = set()
    k = tail_at[-1] if tail_at else -1
    while k >= 0:
        keep.add(pairs[k][0])
        k = back[k]
    return keep
