"""The table's journal key and the head anchor: what makes the chain unforgeable and uncuttable.

The key is 32 random bytes (hex) in a file of its own, outside the journal, mode 0600: readable only
by the service user. It is made once, when the table's first journal is created, and never again —
a journal that exists without its key refuses to open rather than starting a new chain.

The anchor is a small JSON file, apart from the database, holding the segment, seq and hash of the
chain's head as of the last checkpoint (and of the last clean close), with a MAC under the key. At
start-up the anchored row must be in the journal with that hash; rows cut off before it, a journal
rewritten under another key, or a journal that vanished while its anchor remains are all refused.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from terminal.journal.chain import record_mac

ANCHOR_FORMAT = "dealer-terminal/journal-anchor"
KEY_BYTES = 32


class KeyError_(Exception):
    """Internal: the key or the anchor cannot be used; the message says why (raised as JournalError)."""


def fsync_dir(path: Path) -> None:
    """Make a rename or a new file in ``path`` durable."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomic(path: Path, data: bytes, mode: int = 0o600, *, durable: bool = True) -> None:
    """Write ``data`` to ``path`` so that a crash leaves the old file or the new one, never a mix
    (``durable``: fsynced, file and directory, before it returns)."""
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    try:
        os.write(fd, data)
        if durable:
            os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, path)
    if durable:
        fsync_dir(path.parent)


def create_key(path: Path) -> bytes:
    """Make a new table key at ``path`` (mode 0600); refuses to overwrite one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_bytes(KEY_BYTES)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise KeyError_(f"{path}: a journal key already exists; not replacing it") from None
    try:
        os.write(fd, (key.hex() + "\n").encode())
        os.fsync(fd)
    finally:
        os.close(fd)
    fsync_dir(path.parent)
    return key


def load_key(path: Path, *, check_mode: bool = True) -> bytes:
    """Read the table key; refuses one that others can read (``check_mode``) or that is malformed."""
    try:
        st = path.stat()
        text = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        raise KeyError_(f"{path}: the journal key is missing") from None
    except PermissionError:
        raise KeyError_(
            f"{path}: cannot read the journal key (run as the service user, or pass --key)"
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise KeyError_(f"{path}: cannot read the journal key: {exc}") from None
    if check_mode and st.st_mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise KeyError_(
            f"{path}: the journal key is readable by others (mode {stat.S_IMODE(st.st_mode):04o}); "
            "it must be 0600, owned by the service user"
        )
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) != KEY_BYTES:
        raise KeyError_(f"{path}: not a journal key (expected {KEY_BYTES} bytes as hex)")
    return key


@dataclass(frozen=True)
class Anchor:
    """The chain's head as last anchored: ``seq`` (0 for a new journal) in ``segment`` has ``hash``."""

    segment: int
    seq: int
    hash: str
    ts: str

    def fields(self) -> dict[str, Any]:
        return {
            "format": ANCHOR_FORMAT,
            "segment": self.segment,
            "seq": self.seq,
            "hash": self.hash,
            "ts": self.ts,
        }


def write_anchor(path: Path, key: bytes, anchor: Anchor, *, durable: bool = True) -> None:
    """Write the anchor with its MAC (atomically; fsynced if ``durable``)."""
    fields = anchor.fields()
    doc = {**fields, "mac": record_mac(key, "anchor", fields)}
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, (json.dumps(doc, indent=1) + "\n").encode(), durable=durable)


def read_anchor(path: Path, key: bytes) -> Anchor | None:
    """The anchor at ``path`` (None if there is none); refuses one whose MAC does not hold."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        raise KeyError_(f"{path}: the journal's anchor cannot be read: {exc}") from None
    try:
        anchor = Anchor(int(doc["segment"]), int(doc["seq"]), str(doc["hash"]), str(doc["ts"]))
        mac = str(doc["mac"])
    except (KeyError, TypeError, ValueError):
        raise KeyError_(f"{path}: not a journal anchor") from None
    if doc.get("format") != ANCHOR_FORMAT or not secrets.compare_digest(
        mac, record_mac(key, "anchor", anchor.fields())
    ):
        raise KeyError_(
            f"{path}: the journal's anchor does not match the table's key (forged, or another table's)"
        )
    return anchor


def remove_quietly(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
