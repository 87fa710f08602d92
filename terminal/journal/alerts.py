"""The alerts the journal raises on the console: its disk is filling, or full and the table stopped."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from terminal.console.view import AlertView

JOURNAL_DISK_FULL = "JOURNAL_DISK_FULL"
JOURNAL_DISK_LOW = "JOURNAL_DISK_LOW"
_CITE = "docs/performance.md (journal: retention and a full disk)"


def journal_full_alert(message: str) -> AlertView:
    """The table is stopped: the journal cannot write, so nothing more can be taken or acknowledged."""
    from terminal.console.view import AlertView

    return AlertView(
        code=JOURNAL_DISK_FULL,
        severity="stop",
        ruling="CALL_FLOOR",
        remedy="The table is stopped. A technician frees space on the journal's disk (or moves the archive) "
        "and restarts the terminal; nothing acknowledged was lost.",
        cite=_CITE,
        clear_role="technician",
        message=message,
    )


def journal_low_alert(message: str) -> AlertView:
    """Free space on the journal's disk is below the configured warning level."""
    from terminal.console.view import AlertView

    return AlertView(
        code=JOURNAL_DISK_LOW,
        severity="warning",
        ruling="CONTINUE",
        remedy="Play goes on. A technician frees space or moves closed segments off the disk before it fills.",
        cite=_CITE,
        clear_role="technician",
        message=message,
    )
