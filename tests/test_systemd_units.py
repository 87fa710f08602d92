"""The systemd unit passes `systemd-analyze verify`, its security exposure stays <= 2.0 (issue 17 item 3),
and it carries the scheduling docs/performance.md recommends."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
UNIT = ROOT / "systemd" / "dealer-terminal.service"
RULES = ROOT / "systemd" / "99-dealer-terminal.rules"

needs_systemd = pytest.mark.skipif(
    shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed"
)


def _unit_with_real_executable(tmp_path: Path) -> Path:
    """The unit as installed, but with ExecStart pointing at this checkout's console script."""
    script = Path(sys.executable).with_name("dealer-terminal")
    assert script.exists(), "the dealer-terminal console script is not installed in this environment"
    text = UNIT.read_text().replace("/opt/dealer-terminal/venv/bin/dealer-terminal", str(script))
    out = tmp_path / UNIT.name
    out.write_text(text)
    return out


@needs_systemd
def test_unit_verifies(tmp_path: Path) -> None:
    unit = _unit_with_real_executable(tmp_path)
    res = subprocess.run(
        ["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, check=False
    )
    assert res.returncode == 0, res.stderr + res.stdout


@needs_systemd
def test_security_exposure_at_most_2(tmp_path: Path) -> None:
    unit = _unit_with_real_executable(tmp_path)
    res = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", "--no-pager", str(unit)],
        capture_output=True,
        text=True,
        check=False,
    )
    m = re.search(r"Overall exposure level for \S+: ([0-9.]+)", res.stdout + res.stderr)
    assert m, res.stdout + res.stderr
    assert float(m.group(1)) <= 2.0


def _directives() -> list[list[str]]:
    return [
        line.split("=", 1)
        for line in UNIT.read_text().splitlines()
        if "=" in line and not line.startswith("#")
    ]


def test_unit_schedules_the_console_as_docs_performance_recommends() -> None:
    """A modest real-time priority for the one loop that reads, journals and paints (docs/performance.md,
    "Read to screen"): FIFO, above normal work and below the kernel's interrupt threads (50); the
    unit still refuses the process any scheduling change of its own (RestrictRealtime=yes)."""
    values = dict(_directives())
    assert values.get("CPUSchedulingPolicy") == "fifo"
    assert 1 <= int(values["CPUSchedulingPriority"]) < 50
    assert values.get("IOSchedulingClass") == "best-effort"
    assert values.get("RestrictRealtime") == "yes"
    doc = (ROOT / "docs" / "performance.md").read_text()
    assert (
        "CPUSchedulingPolicy=fifo" in doc
        and f"CPUSchedulingPriority={values['CPUSchedulingPriority']}" in doc
    )


def test_unit_caps_the_malloc_arenas_as_docs_performance_measures() -> None:
    """Two malloc arenas (docs/performance.md, "The table process's memory over the month" and "The whole
    month on current main": the long-running table's resident memory flat with them)."""
    assert ["Environment", "MALLOC_ARENA_MAX=2"] in _directives()
    assert "MALLOC_ARENA_MAX=2" in (ROOT / "docs" / "performance.md").read_text()


def test_unit_is_notify_with_watchdog_and_reaches_devices() -> None:
    text = UNIT.read_text()
    directives = [
        line.split("=", 1) for line in text.splitlines() if "=" in line and not line.startswith("#")
    ]
    keys = {k for k, _ in directives}
    values = {(k, v) for k, v in directives}
    assert ("Type", "notify") in values and "WatchdogSec" in keys
    # Restarted whatever the exit status, except a stop with the maintenance PIN (issue 24 item 5):
    # the console exits MAINTENANCE_STOP_EXIT, which the unit neither restarts nor counts as a failure.
    from terminal.console.app import MAINTENANCE_STOP_EXIT

    assert ("Restart", "always") in values
    assert ("RestartPreventExitStatus", str(MAINTENANCE_STOP_EXIT)) in values
    assert ("SuccessExitStatus", str(MAINTENANCE_STOP_EXIT)) in values
    assert ("OnSuccess", "getty@tty1.service") in values
    assert ("DevicePolicy", "closed") in values and ("ProtectSystem", "strict") in values
    allowed = {v.split()[0] for k, v in directives if k == "DeviceAllow"}
    assert {"char-ttyUSB", "char-ttyACM", "char-usb_device", "char-gpiochip"} <= allowed
    assert any(
        k == "SupplementaryGroups" and {"dialout", "gpio", "plugdev"} <= set(v.split()) for k, v in directives
    )
    # the console falls back to a login prompt if it fails
    assert ("OnFailure", "getty@tty1.service") in values
    # sd_notify needs AF_UNIX
    assert any(k == "RestrictAddressFamilies" and "AF_UNIX" in v for k, v in directives)


_RULE_TOKEN = re.compile(r'^\s*([A-Z_]+(?:\{[^}]+\})?)\s*(==|!=|\+=|-=|:=|=)\s*"([^"]*)"\s*$')


def test_udev_rules_parse_and_name_every_device() -> None:
    symlinks = []
    for n, line in enumerate(RULES.read_text().splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        pairs = [p for p in line.split(",") if p.strip()]
        parsed = [_RULE_TOKEN.match(p) for p in pairs]
        assert all(parsed), f"{RULES.name}:{n}: not a udev key/op/value list: {line}"
        keys = {m.group(1) for m in parsed if m}
        if any(m and m.group(1) == "SYMLINK" for m in parsed):
            # stable names match vendor and product; serial ports also match the serial number
            assert {"ATTRS{idVendor}", "ATTRS{idProduct}"} <= keys, f"line {n}"
            symlinks.extend(m.group(3) for m in parsed if m and m.group(1) == "SYMLINK")
    assert {"dealer/shoe", "dealer/shuffler", "dealer/dicecup", "dealer/panel"} <= set(symlinks)
