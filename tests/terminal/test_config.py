"""Configuration: strict models, every error located by file, line and field, and the layering order."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from terminal.cli import main
from terminal.config import ConfigError, check_config, config_files, load_config, state_dir
from terminal.paths import config_dir
from terminal.roles import hash_pin

GOOD = """\
table:
  game: paigow/capitol
  seats: 7
  limits: {min_cents: 500, max_cents: 100000}
devices:
  shoe: {kind: shoe, url: /dev/dealer/shoe}
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(textwrap.dedent(text))
    return p


def test_a_good_file_validates(tmp_path):
    cfg, problems = check_config([write(tmp_path, "c.yaml", GOOD)], env={})
    assert problems == []
    assert cfg.table.game == "paigow/capitol" and cfg.table.seats == 7
    assert cfg.devices["shoe"].kind == "shoe"
    assert cfg.security.max_failures == 5  # from the defaults


def test_every_error_is_reported_with_file_line_and_field(tmp_path):
    f = write(
        tmp_path,
        "bad.yaml",
        """\
        table:
          game: paigow/nowhere
          seats: 70
          limits: {min_cents: 900, max_cents: 100}
          colour: green
        devices:
          shoe: {kind: toaster, url: "ftp://x"}
          ok1: {kind: shoe, url: /dev/ttyUSB0, firmware_sha256: "abc"}
          shf: {kind: shuffler, url: "emu://shuffler-basic", options: {decks: 9}}
        roles:
          floor: {pin_hash: "1234"}
          janitor: {pin_hash: "x"}
        """,
    )
    _, problems = check_config([f], env={})
    got = {(p.where, p.field) for p in problems}
    expected = {
        (f"{f}:2", "table.game"),
        (f"{f}:3", "table.seats"),
        (f"{f}:4", "table.limits"),
        (f"{f}:5", "table.colour"),
        (f"{f}:7", "devices.shoe.kind"),
        (f"{f}:7", "devices.shoe.url"),
        (f"{f}:8", "devices.ok1.firmware_sha256"),
        (f"{f}:9", "devices.shf"),
        (f"{f}:11", "roles.floor.pin_hash"),
        (f"{f}:12", "roles.janitor"),
    }
    assert expected <= got, sorted(got - expected)
    assert next(p for p in problems if p.field == "table.colour").message == "unknown key"
    assert "unknown game 'paigow/nowhere'" in next(p for p in problems if p.field == "table.game").message


def test_emulator_profiles_must_exist(tmp_path):
    f = write(tmp_path, "c.yaml", GOOD.replace("/dev/dealer/shoe", "emu://no-such-profile"))
    _, problems = check_config([f], env={})
    assert [(p.where, p.field) for p in problems] == [(f"{f}:6", "devices.shoe.url")]
    assert "no emulator profile 'no-such-profile'; known:" in problems[0].message


def test_a_missing_field_names_its_parent_line(tmp_path):
    f = write(tmp_path, "c.yaml", "journal: {path: j.db}\ntable:\n  game: paigow/capitol\n  seats: 7\n")
    _, problems = check_config([f], env={})
    assert [(p.where, p.field) for p in problems] == [(f"{f}:2", "table.limits")]


@pytest.mark.parametrize(
    ("ref", "words"),
    [
        ("the101/three-card-texas-holdem/9", "no such option filed"),
        ("nowhere/x/1", "no fee file for room 'nowhere'"),
        ("the101", "<room>/<game>/<option>"),
    ],
)
def test_fee_schedule_must_be_filed(tmp_path, ref, words):
    f = write(tmp_path, "c.yaml", GOOD.replace("  seats: 7\n", f"  seats: 7\n  fee_schedule: {ref}\n"))
    _, problems = check_config([f], env={})
    assert [(p.where, p.field) for p in problems] == [(f"{f}:4", "table.fee_schedule")]
    assert words in problems[0].message


def test_a_filed_fee_schedule_validates(tmp_path):
    ref = "the101/three-card-texas-holdem/gega-002034/2"
    f = write(tmp_path, "c.yaml", GOOD.replace("  seats: 7\n", f"  seats: 7\n  fee_schedule: {ref}\n"))
    cfg, problems = check_config([f], env={})
    assert problems == [] and cfg.table.fee_schedule == ref


def test_bad_yaml_names_the_line(tmp_path):
    f = write(tmp_path, "c.yaml", "table:\n  game: [unclosed\n")
    _, problems = check_config([f], env={})
    assert len(problems) == 1 and "not valid YAML" in problems[0].message and f"{f}:" in str(problems[0])


def test_layers_in_order(tmp_path):
    etc = tmp_path / "etc"
    main_file = write(etc, "config.yaml", GOOD)
    write(etc, "conf.d/10-seats.yaml", "table: {seats: 6, id: from-dropin}\n")
    write(etc, "conf.d/20-more.yaml", "table: {seats: 5}\ndevices: {shoe: null}\n")
    files = config_files(main_file)
    assert [p.name for p in files] == ["config.yaml", "10-seats.yaml", "20-more.yaml"]
    cfg = load_config(main_file, env={})
    assert cfg.table.seats == 5 and cfg.table.id == "from-dropin"
    assert cfg.devices == {}  # null removed the key the main file set
    cfg = load_config(main_file, env={"DEALER_TERMINAL_TABLE__SEATS": "4"})
    assert cfg.table.seats == 4  # the environment beats the files
    cfg = load_config(main_file, env={"DEALER_TERMINAL_TABLE__SEATS": "4"}, sets=["table.seats=3"])
    assert cfg.table.seats == 3  # the command line beats the environment


def test_env_errors_name_the_variable(tmp_path):
    main_file = write(tmp_path, "c.yaml", GOOD)
    with pytest.raises(ConfigError) as info:
        load_config(main_file, env={"DEALER_TERMINAL_TABLE__SEATS": "many", "DEALER_TERMINAL_TABLE__X": "1"})
    wheres = {(p.where, p.field) for p in info.value.problems}
    assert ("env DEALER_TERMINAL_TABLE__SEATS", "table.seats") in wheres
    assert ("env DEALER_TERMINAL_TABLE__X", "table.x") in wheres


def test_settings_in_the_environment_are_not_keys(tmp_path):
    main_file = write(tmp_path, "c.yaml", GOOD)
    env = {"DEALER_TERMINAL_STATE_DIR": str(tmp_path / "state"), "DEALER_TERMINAL_CONFIG": str(main_file)}
    cfg = load_config(env=env)
    assert cfg.journal.resolved_path(env) == tmp_path / "state" / "journal.sqlite3"
    assert state_dir({"XDG_STATE_HOME": "/x"}) == Path("/x/dealer-terminal")


def test_pins_and_redaction(tmp_path):
    h = hash_pin("2468")  # a real table takes only the fixed scrypt parameters
    f = write(tmp_path, "c.yaml", GOOD + f"roles:\n  floor: {{pin_hash: '{h}'}}\n")
    cfg = load_config(f, env={})
    assert cfg.pins()[next(iter(cfg.pins()))] == h
    assert h not in json.dumps(cfg.redacted())


def test_example_tables_validate():
    """Each example table validates; a family whose games have not landed yet is skipped, by name."""
    tables = sorted((config_dir() / "tables").glob("*.yaml"))
    assert {t.stem for t in tables} >= {"paigow", "baccarat", "threecard", "blackjack", "poker"}
    # Every example table's game is in the catalogue: a lost family fails here, it is never skipped.
    for t in tables:
        _, problems = check_config([t], env={})
        assert problems == [], [str(p) for p in problems]


def test_cli_check_reports_every_error(tmp_path, capsys):
    good = write(tmp_path, "good.yaml", GOOD)
    bad = write(
        tmp_path, "bad.yaml", "table:\n  game: x/y\n  seats: 0\n  limits: {min_cents: 1, max_cents: 2}\n"
    )
    assert main(["config", "check", str(good)]) == 0
    assert "ok" in capsys.readouterr().out
    assert main(["config", "check", str(good), str(bad)]) == 2
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert f"{bad}:2: table.game: unknown game 'x/y'" in lines[1]
    assert lines[2].startswith(f"{bad}:3: table.seats:")
    assert len(captured.err.strip().splitlines()) == 1 and "1 more errors" in captured.err
    assert main(["config", "check", "--json", str(bad)]) == 2
    out = json.loads(capsys.readouterr().out)
    assert out[0]["ok"] is False and len(out[0]["errors"]) == 2


def test_cli_hash_pin(monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("13579\n"))
    assert main(["config", "hash-pin", "--stdin"]) == 0
    assert capsys.readouterr().out.startswith("scrypt$16384$8$1$")


def test_cli_check_effective_takes_a_config_outside_etc(tmp_path, capsys, monkeypatch):
    """``config check --effective --config F`` layers F, its conf.d drop-ins, the environment and --set,
    wherever F is (issue 16: it could only check /etc)."""
    main_file = write(tmp_path, "config.yaml", GOOD)
    (tmp_path / "conf.d").mkdir()
    (tmp_path / "conf.d" / "10-seats.yaml").write_text("table:\n  seats: 0\n")
    monkeypatch.delenv("DEALER_TERMINAL_CONFIG", raising=False)
    assert main(["config", "check", "--effective", "--config", str(main_file)]) == 2
    out = capsys.readouterr().out
    assert "10-seats.yaml:2: table.seats" in out  # the drop-in beside the file is layered on it
    assert main(["config", "check", "--effective", "--config", str(main_file), "--set", "table.seats=7"]) == 0
    assert f"effective: {main_file}" in capsys.readouterr().out
    monkeypatch.setenv("DEALER_TERMINAL_CONFIG", str(main_file))
    assert main(["config", "check", "--effective", "--set", "table.seats=6"]) == 0
