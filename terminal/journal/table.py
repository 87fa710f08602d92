"""The journal a table's configuration names (its path, key, anchor, segment size and disk warning)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from terminal.journal.store import Journal

if TYPE_CHECKING:
    from terminal.config import TerminalConfig


def journal_for(config: TerminalConfig, path: str | Path | None = None) -> Journal:
    """Open (or, for a new table, create) the configured journal for writing; verified since the last
    checkpoint. ``path`` overrides the configured file (the key and anchor then default beside it)."""
    j = config.journal
    own = path is None
    return Journal(
        Path(path) if path is not None else j.resolved_path(),
        key_path=j.resolved_file(j.key_path) if own else None,
        anchor_path=j.resolved_file(j.anchor_path) if own else None,
        segment_entries=j.segment_entries,
        warn_free_bytes=j.warn_free_mb << 20,
        outbox=config.floor.enabled,
    )
