"""Issue 24 item 8, bounded: a few cases of the fault matrix of ``benchmarks/reliability.py`` (every
emulator in its own process on a pty, the production serial driver). Each case must be detected, raise
the right alert (or none for line damage the link repairs), and deliver every numbered event once.
The full matrix (4 kinds x 13 faults) is ``benchmarks/reliability.py matrix``."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.reliability import run_case


@pytest.mark.parametrize(
    ("kind", "fault"),
    [
        ("shoe", "reordered"),
        ("shoe", "restart same boot id"),
        ("shuffler", "jam"),
        ("dice_cup", "cover early"),
    ],
)
async def test_fault_matrix_case(tmp_path: Path, kind: str, fault: str) -> None:
    case = await run_case(kind, fault, tmp_path)
    assert not case.note, case.note
    assert case.detected and case.right_alert, case
    assert case.lost == 0 and case.duplicated == 0, case
    assert case.delivered >= 12
