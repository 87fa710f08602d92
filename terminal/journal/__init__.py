"""The table's journal (``store``), its keyed chain (``chain``), key and anchor (``keys``), closed
segments (``archive``) and the table state it restores (``restore``)."""

from terminal.journal.chain import (
    GENESIS,
    Entry,
    Problem,
    VerifyReport,
    canonical_json,
    entry_mac,
    format_ts,
)
from terminal.journal.store import (
    CHECKPOINT_KIND,
    EXPORT_FORMAT,
    EXPORT_VERSION,
    FULL_KIND,
    ROUND_KIND,
    Journal,
    JournalError,
    JournalFull,
    JournalSink,
    JournalTampered,
    default_anchor_path,
    default_key_path,
    open_for_check,
)
from terminal.journal.table import journal_for

__all__ = [
    "CHECKPOINT_KIND",
    "EXPORT_FORMAT",
    "EXPORT_VERSION",
    "FULL_KIND",
    "GENESIS",
    "ROUND_KIND",
    "Entry",
    "Journal",
    "JournalError",
    "JournalFull",
    "JournalSink",
    "JournalTampered",
    "Problem",
    "VerifyReport",
    "canonical_json",
    "default_anchor_path",
    "default_key_path",
    "entry_mac",
    "format_ts",
    "journal_for",
    "open_for_check",
]
