"""``config check`` and start-up on PINs and panel buttons (issue 24 item 5): the demo PINs and hashes
outside the fixed scrypt parameters are refused unless the configuration is a demo, a demo drives only
emulators, and every panel button names a known action."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from terminal.cli import main
from terminal.config import ConfigError, check_config, load_config
from terminal.paths import config_dir
from terminal.roles import hash_pin

TABLE = """\
table:
  game: paigow/capitol
  seats: 7
  limits: {min_cents: 500, max_cents: 100000}
"""


def write(tmp_path: Path, text: str, name: str = "c.yaml") -> Path:
    p = tmp_path / name
    p.write_text(textwrap.dedent(text))
    return p


def problems_of(path: Path) -> list[str]:
    _, problems = check_config([path], env={})
    return [str(p) for p in problems]


def test_the_demo_table_copied_to_a_real_table_is_refused(tmp_path):
    """The issue's case: the demo file with a real device. Its PINs are demo PINs, so either it says it
    is a demo (and then a real device is refused) or it does not (and then every demo PIN is)."""
    demo = (config_dir() / "tables" / "paigow.yaml").read_text()
    assert problems_of(config_dir() / "tables" / "paigow.yaml") == []
    real = write(tmp_path, demo.replace("emu://dice-cup-basic", "/dev/dealer/dicecup"))
    said = problems_of(real)
    assert len(said) == 1 and f"{real}:" in said[0] and "devices.dice.url" in said[0] and "demo" in said[0]
    undemo = write(tmp_path, demo.replace("demo: true", "demo: false"), "u.yaml")
    said = problems_of(undemo)
    assert [s.split(": ", 2)[1] for s in said] == [
        f"roles.{r}.pin_hash" for r in ("dealer", "floor", "technician", "maintenance")
    ]
    assert all("published demo PIN" in s for s in said)
    with pytest.raises(ConfigError):  # start-up refuses it too (run loads through the same check)
        load_config(undemo, env={})


def test_a_demo_pin_with_a_fresh_salt_and_odd_parameters_are_refused(tmp_path):
    f = write(
        tmp_path,
        TABLE
        + f"roles:\n  dealer: {{pin_hash: '{hash_pin('1111')}'}}\n"
        + f"  floor: {{pin_hash: '{hash_pin('2468', n=2**10)}'}}\n"
        + f"  maintenance: {{pin_hash: '{hash_pin('97531')}'}}\n",
    )
    said = problems_of(f)
    assert len(said) == 2
    assert said[0].startswith(f"{f}:6: roles.dealer.pin_hash: this is a published demo PIN")
    assert said[1].startswith(f"{f}:7: roles.floor.pin_hash: a PIN hash uses scrypt N=16384 r=8 p=1")
    assert all("1111" not in s and "2468" not in s for s in said)


def test_a_costly_hash_is_refused_even_on_a_demo_and_the_cli_shows_no_hash(tmp_path, capsys):
    costly = "scrypt$1048576$8$1$c2FsdHNhbHRzYWx0c2FsdA==$" + "A" * 43 + "="
    f = write(tmp_path, TABLE + f"security: {{demo: true}}\nroles:\n  floor: {{pin_hash: '{costly}'}}\n")
    assert main(["config", "check", str(f)]) == 2
    out = capsys.readouterr()
    assert f"{f}:7: roles.floor.pin_hash" in out.out and "costlier" in out.out
    assert costly not in out.out + out.err and "c2FsdHNhbHRzYWx0c2FsdA" not in out.out + out.err
    assert main(["run", "--config", str(f)]) == 2  # start-up: one line, no traceback
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and costly not in err


def test_hash_pin_refuses_a_demo_pin(monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("4444\n"))
    assert main(["config", "hash-pin", "--stdin"]) == 2
    assert "demo PIN" in capsys.readouterr().err


def test_the_install_template_passes_only_once_every_pin_is_set(tmp_path):
    template = (config_dir() / "install" / "config.yaml").read_text()
    said = problems_of(config_dir() / "install" / "config.yaml")
    assert [s.split(": ", 2)[1] for s in said] == [
        f"roles.{r}.pin_hash" for r in ("dealer", "floor", "technician", "maintenance")
    ]
    filled = template
    for pin in ("2468", "13579", "86420", "97531"):
        filled = filled.replace('"EDIT: dealer-terminal config hash-pin"', f'"{hash_pin(pin)}"', 1)
    assert problems_of(write(tmp_path, filled)) == []


@pytest.mark.parametrize(
    ("options", "bad"),
    [
        ("{buttons: {0: new_round, 1: maint.support-bundle}}", "maint.support-bundle"),
        ("{buttons: {0: confirm, 1: maint_support_bundle}}", "maint_support_bundle"),
        ("{buttons: {0: confirm, 7: tech.set-game}}", "tech.set-game"),
        ("{buttons: {0: reboot}}", "reboot"),
    ],
)
def test_panel_buttons_must_name_a_known_action(tmp_path, options, bad):
    f = write(
        tmp_path, TABLE + f"devices:\n  panel: {{kind: panel, url: /dev/dealer/panel, options: {options}}}\n"
    )
    said = problems_of(f)
    assert len(said) == 1 and f"{f}:6: devices.panel.options.buttons." in said[0]
    assert f"button {bad!r} is not an action" in said[0]


def test_gpio_button_pins_and_mapped_ids_are_checked_too(tmp_path):
    f = write(
        tmp_path,
        TABLE
        + "devices:\n  panel: {kind: panel, url: 'gpio://', options: {button_pins: {confirm: 17, open_safe: 27, B9: 22}}}\n"
        + "console: {buttons: {B9: call-floor}}\n",
    )
    said = problems_of(f)
    assert len(said) == 1 and "devices.panel.options.button_pins.open_safe" in said[0]
    ok = write(tmp_path, TABLE + "devices:\n  panel: {kind: panel, url: emu://panel-basic}\n", "ok.yaml")
    assert problems_of(ok) == []  # the reference panel's buttons are all dealer actions
