"""Closed segments: each one archived as gzip-compressed JSON lines with a MAC'd verification record.

``<journal>.archive/segment-000001.jsonl.gz`` holds the segment's rows exactly as stored (the payload as
its stored text, so the MACs can be checked again), one JSON array per line:
``[seq, ts, kind, prev_hash, hash, payload_text]``. ``segment-000001.json`` beside it is the verification
record: the segment's first and last seq, the ``prev_hash`` it continues from, its head, the archive's
SHA-256, when it was verified and what was found — with a MAC under the table key, so neither file can
be swapped without ``journal verify --all`` saying so.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gzip
import hashlib
import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from terminal.journal.chain import Row, record_mac
from terminal.journal.keys import fsync_dir, write_atomic

RECORD_FORMAT = "dealer-terminal/journal-segment"


def archive_dir(journal_path: Path) -> Path:
    """Where a journal's closed segments go: ``<journal>.archive/`` beside it."""
    return journal_path.with_name(journal_path.name + ".archive")


def segment_files(journal_path: Path, segment: int) -> tuple[Path, Path]:
    """The archive and the verification record of closed segment ``segment``."""
    d = archive_dir(journal_path)
    return d / f"segment-{segment:06d}.jsonl.gz", d / f"segment-{segment:06d}.json"


@dataclass(frozen=True)
class SegmentRecord:
    """A closed segment's verification record."""

    segment: int
    first_seq: int
    last_seq: int
    count: int
    first_prev: str
    head: str
    sha256: str
    verified_at: str
    problems: int

    def fields(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "segment": self.segment,
            "first_seq": self.first_seq,
            "last_seq": self.last_seq,
            "count": self.count,
            "first_prev": self.first_prev,
            "head": self.head,
            "sha256": self.sha256,
            "verified_at": self.verified_at,
            "problems": self.problems,
        }


def write_rows(journal_path: Path, segment: int, rows: Iterable[Row]) -> Path:
    """The compressed archive of closed segment ``segment``: ``rows`` written as they come (never all in
    memory), fsynced, then put in place; its path. If ``rows`` raises, nothing is put in place."""
    gz_path, _ = segment_files(journal_path, segment)
    gz_path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    tmp = gz_path.with_name(gz_path.name + ".tmp")
    try:
        with open(tmp, "wb") as raw:
            # mtime=0: the same rows always give the same bytes
            with gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=6, mtime=0) as gz:
                for seq, ts, kind, text, prev, digest in rows:
                    line = json.dumps(
                        [seq, ts, kind, prev, digest, text], ensure_ascii=False, separators=(",", ":")
                    )
                    gz.write(line.encode("utf-8") + b"\n")
            raw.flush()
            os.fsync(raw.fileno())
    except BaseException:
        tmp.unlink(missing_ok=True)
        with contextlib.suppress(OSError):
            gz_path.parent.rmdir()  # only if nothing was ever archived there: no archive is no folder
        raise
    os.replace(tmp, gz_path)
    fsync_dir(gz_path.parent)
    return gz_path


def write_record(journal_path: Path, key: bytes, record: SegmentRecord, gz_path: Path) -> SegmentRecord:
    """The verification record of the archive ``gz_path`` (its digest filled in, MACed); as written."""
    _, rec_path = segment_files(journal_path, record.segment)
    done = dataclasses.replace(record, sha256=file_sha256(gz_path))
    fields = done.fields()
    doc = {**fields, "mac": record_mac(key, "segment", fields)}
    write_atomic(rec_path, (json.dumps(doc, indent=1) + "\n").encode())
    return done


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def read_record(path: Path) -> tuple[SegmentRecord, str]:
    """A verification record and its stored MAC (checked by the caller). ValueError if unreadable."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    if doc.get("format") != RECORD_FORMAT:
        raise ValueError("not a segment record")
    rec = SegmentRecord(
        int(doc["segment"]),
        int(doc["first_seq"]),
        int(doc["last_seq"]),
        int(doc["count"]),
        str(doc["first_prev"]),
        str(doc["head"]),
        str(doc["sha256"]),
        str(doc["verified_at"]),
        int(doc["problems"]),
    )
    return rec, str(doc["mac"])


def read_rows(gz_path: Path) -> Iterator[Row]:
    """The rows of an archived segment, in stored order. ValueError (or OSError) if it cannot be read."""
    with gzip.open(gz_path, "rb") as gz:
        for line in gz:
            seq, ts, kind, prev, digest, text = json.loads(line)
            yield (seq, ts, kind, text, prev, digest)


def closed_segments(journal_path: Path) -> list[int]:
    """The numbers of the closed segments found in the archive directory (by their records or archives)."""
    d = archive_dir(journal_path)
    if not d.is_dir():
        return []
    found: set[int] = set()
    for p in d.iterdir():
        name = p.name
        if name.startswith("segment-") and (name.endswith(".json") or name.endswith(".jsonl.gz")):
            digits = name[len("segment-") :].split(".", 1)[0]
            if digits.isdigit():
                found.add(int(digits))
    return sorted(found)
