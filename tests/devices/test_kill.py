"""Issue 24 item 2, bounded: the host (driver + journal, then the terminal's controller) killed (SIGKILL and SIGTERM) while a shoe in its own process
offers about 100 reads/s over a pty; every read the shoe saw acknowledged is in the journal, none twice.

The full loop (20 runs) is ``benchmarks/reliability.py kill``. Waits are bounded and generous; nothing
here depends on the machine's speed (the rate is reported by the benchmark, not asserted).
"""

from __future__ import annotations

import signal
from pathlib import Path

from benchmarks.reliability import kill_loop


def test_no_acknowledged_read_is_lost_when_the_host_is_killed(tmp_path: Path) -> None:
    runs = kill_loop([signal.SIGKILL, signal.SIGTERM, signal.SIGKILL], tmp_path, reads_per_run=40)
    assert [r.signal for r in runs] == ["SIGKILL", "SIGTERM", "SIGKILL"]
    assert all(r.journaled >= 40 for r in runs)
    assert runs[-1].acknowledged >= 80  # the shoe really had reads acknowledged
    assert [r.missing for r in runs] == [0, 0, 0]
    assert [r.duplicated for r in runs] == [0, 0, 0]


def test_no_acknowledged_read_is_lost_when_the_terminal_controller_is_killed(tmp_path: Path) -> None:
    """The same through the terminal itself: its TableController, device supervisor and group-committing
    intake on a real journal (``kill --host controller``)."""
    runs = kill_loop([signal.SIGKILL, signal.SIGTERM], tmp_path, reads_per_run=40, host_kind="controller")
    assert [r.signal for r in runs] == ["SIGKILL", "SIGTERM"]
    assert all(r.journaled >= 40 for r in runs)
    assert runs[-1].acknowledged >= 40
    assert [r.missing for r in runs] == [0, 0]
    assert [r.duplicated for r in runs] == [0, 0]
