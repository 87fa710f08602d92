"""The players' display's systemd unit passes `systemd-analyze verify`, keeps its security exposure at or
below 2.5 (measured 1.1), serves on loopback only and reads the journal without write access."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

UNIT = Path(__file__).resolve().parents[2] / "systemd" / "dealer-terminal-display.service"

needs_systemd = pytest.mark.skipif(
    shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed"
)


def _installed(tmp_path: Path) -> Path:
    script = Path(sys.executable).with_name("dealer-terminal")
    assert script.exists(), "the dealer-terminal console script is not installed in this environment"
    out = tmp_path / UNIT.name
    out.write_text(UNIT.read_text().replace("/opt/dealer-terminal/venv/bin/dealer-terminal", str(script)))
    return out


@needs_systemd
def test_the_display_unit_verifies_and_is_hardened(tmp_path: Path) -> None:
    unit = _installed(tmp_path)
    res = subprocess.run(
        ["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, check=False
    )
    assert res.returncode == 0, res.stderr + res.stdout
    res = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", "--no-pager", str(unit)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    m = re.search(r"Overall exposure level for \S+: ([0-9.]+)", res.stdout + res.stderr)
    assert m, res.stdout + res.stderr
    assert float(m.group(1)) <= 2.5


def test_the_display_unit_serves_loopback_and_only_reads_the_journal() -> None:
    lines = [ln.strip() for ln in UNIT.read_text().splitlines() if "=" in ln and not ln.startswith("#")]
    start = next(ln for ln in lines if ln.startswith("ExecStart="))
    assert " display " in start and "--host 127.0.0.1" in start
    assert {"IPAddressDeny=any", "IPAddressAllow=localhost", "ProtectSystem=strict"} <= set(lines)
    assert not any(ln.startswith(("ReadWritePaths=", "StateDirectory=")) for ln in lines)
