"""Hostile files (issue 24, "Hostile files"): every loader reads YAML within limits, so an alias bomb, a
recursive alias, a huge file or a deep nest is refused with one line naming the file and exit 2, and a bad pay
figure in a game file is refused by ``games``, ``config check`` and start-up."""

from __future__ import annotations

import shutil

import pytest

from firmware_bridge.emulators.profile import ProfileError, load_profile
from kernel.safeyaml import MAX_BYTES
from terminal import games as games_module
from terminal.cli import main
from terminal.paths import config_dir

#: The 370-byte "billion laughs": nine levels of nine aliases (9**9 values once expanded).
BOMB = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]\n" for i in range(8)
)
RECURSIVE = "table: &t\n  game: paigow/capitol\n  again: *t\n"
DEEP = "table: " + "[" * 200 + "]" * 200 + "\n"


def one_line_naming(capsys, path) -> str:
    out = capsys.readouterr()
    err = out.err.strip()
    assert len(err.splitlines()) == 1, out
    assert str(path) in err, err
    return err


@pytest.mark.parametrize(
    ("name", "text", "why"),
    [("bomb", BOMB, "aliases expand"), ("recursive", RECURSIVE, "alias *t"), ("deep", DEEP, "nested")],
)
def test_config_check_refuses_a_hostile_config_in_one_line(tmp_path, capsys, name, text, why):
    assert len(BOMB.encode()) <= 370
    f = tmp_path / f"{name}.yaml"
    f.write_text(text)
    assert main(["config", "check", str(f)]) == 2
    assert why in one_line_naming(capsys, f)


def test_config_check_refuses_an_8_mb_config_without_reading_it_all(tmp_path, capsys):
    f = tmp_path / "huge.yaml"
    f.write_text("table:\n  note: " + "x" * (8 * 1024 * 1024) + "\n")
    assert main(["config", "check", str(f)]) == 2
    assert f"limit is {MAX_BYTES}" in one_line_naming(capsys, f)


@pytest.mark.parametrize(("name", "text"), [("bomb", BOMB), ("recursive", "events: &e\n  - *e\n")])
def test_replay_refuses_a_hostile_scenario_in_one_line(tmp_path, capsys, name, text):
    f = tmp_path / f"{name}.yaml"
    f.write_text(text)
    assert main(["replay", str(f)]) == 2
    one_line_naming(capsys, f)


def test_the_catalogue_refuses_a_hostile_game_file(tmp_path, monkeypatch, capsys):
    root = tmp_path / "config"
    shutil.copytree(config_dir(), root)
    monkeypatch.setattr(games_module, "config_dir", lambda: root)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    bad = root / "games" / "threecard" / "capitol.yaml"
    bad.write_text(bad.read_text() + BOMB.replace("a:", "zz:", 1))
    games_module.load_games.cache_clear()
    try:
        assert main(["games"]) == 2
        assert "aliases expand" in one_line_naming(capsys, bad)
    finally:
        games_module.load_games.cache_clear()


@pytest.mark.parametrize("bad", ["abc", "-8", "1e308"])
def test_a_bad_pay_figure_is_refused_by_games_config_check_and_start_up(tmp_path, monkeypatch, capsys, bad):
    root = tmp_path / "config"
    shutil.copytree(config_dir(), root)
    monkeypatch.setattr(games_module, "config_dir", lambda: root)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    game = root / "games" / "paigow" / "capitol.yaml"
    text = game.read_text()
    game.write_text(text.replace("  pays: 1\n  copies: banker", f"  pays: {bad}\n  copies: banker"))
    line = text[: text.index("  pays: 1\n  copies: banker")].count("\n") + 1
    where = f"{game}:{line}: settlement.pays:"
    cfg = tmp_path / "table.yaml"
    cfg.write_text(
        "table:\n  game: paigow/capitol\n  seats: 7\n  limits: {min_cents: 500, max_cents: 100000}\n"
    )
    try:
        for argv in (["games"], ["config", "check", str(cfg)], ["run", "--config", str(cfg)]):
            games_module.load_games.cache_clear()
            assert main(argv) == 2, argv
            out = capsys.readouterr()
            assert where in out.err + out.out, (argv, out)
    finally:
        games_module.load_games.cache_clear()


@pytest.mark.parametrize(("name", "text"), [("bomb", BOMB), ("recursive", RECURSIVE), ("deep", DEEP)])
def test_an_emulator_profile_is_read_within_the_limits(tmp_path, name, text):
    f = tmp_path / f"{name}.yaml"
    f.write_text(text)
    with pytest.raises(ProfileError, match=str(f)):
        load_profile(f)
