"""The dealer-floor systemd unit verifies and is hardened like the table's: exposure at most 2.5."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

UNIT = Path(__file__).resolve().parents[2] / "systemd" / "dealer-floor.service"

pytestmark = pytest.mark.skipif(
    shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed"
)


def _unit(tmp_path: Path) -> Path:
    script = Path(sys.executable).with_name("dealer-floor")
    assert script.exists(), "the dealer-floor console script is not installed in this environment"
    out = tmp_path / UNIT.name
    out.write_text(UNIT.read_text().replace("/opt/dealer-terminal/venv/bin/dealer-floor", str(script)))
    return out


def test_floor_unit_verifies(tmp_path: Path) -> None:
    res = subprocess.run(
        ["systemd-analyze", "verify", str(_unit(tmp_path))], capture_output=True, text=True, check=False
    )
    assert res.returncode == 0, res.stderr + res.stdout


def test_floor_unit_exposure_at_most_2_5(tmp_path: Path) -> None:
    res = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", "--no-pager", str(_unit(tmp_path))],
        capture_output=True,
        text=True,
        check=False,
    )
    m = re.search(r"Overall exposure level for \S+: ([0-9.]+)", res.stdout + res.stderr)
    assert m, res.stdout + res.stderr
    assert float(m.group(1)) <= 2.5
