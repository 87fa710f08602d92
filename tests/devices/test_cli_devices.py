"""``dealer-terminal devices list|diagnose`` against emulated devices."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from terminal.cli import main

SHUFFLER_HASH = hashlib.sha256(b"shuffler-fw-2.3.1").hexdigest()

TABLE = """\
table:
  id: pg-test
  name: Pai Gow test
  game: paigow/capitol
  seats: 7
  limits: {{min_cents: 500, max_cents: 100000}}
devices:
  shuffler:
    kind: shuffler
    url: emu://shuffler-basic
    firmware_sha256: {shuffler_hash}
  shoe:
    kind: shoe
    url: emu://shoe-script
    firmware_sha256: {shoe_hash}
"""


@pytest.fixture
def table(tmp_path: Path) -> Path:
    f = tmp_path / "table.yaml"
    f.write_text(TABLE.format(shuffler_hash=SHUFFLER_HASH, shoe_hash="ab" * 32))
    return f


def test_list(table: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["devices", "list", "--config", str(table), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [(d["name"], d["kind"], d["status"]) for d in out["devices"]] == [
        ("shuffler", "shuffler", "emulated"),
        ("shoe", "shoe", "emulated"),
    ]
    assert out["devices"][0]["firmware_sha256"] == SHUFFLER_HASH


def test_diagnose_reports_program_integrity(table: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["devices", "diagnose", "--config", str(table), "--json"]) == 1
    out = {d["name"]: d for d in json.loads(capsys.readouterr().out)["devices"]}
    shuffler, shoe = out["shuffler"], out["shoe"]
    assert shuffler["ok"] and shuffler["firmware_check"] == "match" and shuffler["echo"] == "ok"
    assert shuffler["identity"]["serial"] == "EMU-SHF-0001"
    assert shuffler["device_counters"]["frames_in"] >= 2
    assert not shoe["ok"] and shoe["firmware_check"] == "MISMATCH" and shoe["alerts"] == ["PROGRAM_INTEGRITY"]


def test_diagnose_one_device_in_words(table: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["devices", "diagnose", "shuffler", "--config", str(table)]) == 0
    out = capsys.readouterr().out
    assert "shuffler (shuffler, emu://shuffler-basic): PASS" in out and "match" in out


def test_unknown_device_is_bad_input(table: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["devices", "diagnose", "roulette", "--config", str(table)]) == 2
    assert "no device 'roulette'" in capsys.readouterr().err


def test_no_action_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["devices"]) == 2


def test_list_flags_unstable_kernel_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "t.yaml"
    f.write_text(
        TABLE.format(shuffler_hash="", shoe_hash="").split("devices:")[0]
        + "devices:\n  shoe:\n    kind: shoe\n    url: /dev/ttyUSB7\n  shuffler:\n    kind: shuffler\n"
        + "    url: /dev/serial/by-id/usb-DT_Shuffler_S1-if00\n"
    )
    assert main(["devices", "list", "--config", str(f), "--json"]) == 0
    rows = {d["name"]: d["status"] for d in json.loads(capsys.readouterr().out)["devices"]}
    assert rows["shoe"].startswith("absent (unstable name")
    assert rows["shuffler"] == "absent"


def test_pair_then_diagnose_authenticated(
    table: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``devices pair`` gives the emulated shuffler a key of its own; the key is never printed, and
    the next session with it is authenticated (a wrong key in the keystore makes it refused)."""
    state = tmp_path / "state"
    monkeypatch.setenv("DEALER_TERMINAL_STATE_DIR", str(state))
    assert main(["devices", "pair", "shuffler", "--config", str(table)]) == 0
    out = capsys.readouterr().out
    keys = json.loads((state / "device-keys.json").read_text())
    assert "paired shuffler" in out and keys["shuffler"]["fingerprint"] in out
    assert keys["shuffler"]["key"] not in out
    assert main(["devices", "diagnose", "shuffler", "--config", str(table), "--json"]) == 0
    capsys.readouterr()
    keys["shuffler"]["key"] = "00" * 32  # the keystore no longer matches the device: an impostor
    (state / "device-keys.json").write_text(json.dumps(keys))
    assert main(["devices", "diagnose", "shuffler", "--config", str(table), "--json"]) == 1
    (result,) = json.loads(capsys.readouterr().out)["devices"]
    assert "shuffler on emu://shuffler-basic" in result["error"]  # the port is named
    assert "proof does not match its pairing key" in result["error"]
