"""One schema for game files: strict per family, validated when the catalogue loads, printed as JSON Schema.

Breaking one field of one file of each family is refused by ``games`` and ``config check`` with the file, the
line and the field; ``dealer-terminal schema`` validates every shipped file (checked with ``jsonschema``, a
validator that shares nothing with pydantic).
"""

from __future__ import annotations

import json
import shutil

import jsonschema
import pytest
import yaml

from terminal import games as games_module
from terminal.cli import main
from terminal.paths import config_dir

GAMES = sorted((config_dir() / "games").glob("*/*.yaml"))


@pytest.fixture
def catalogue(tmp_path, monkeypatch):
    """A copy of the shipped config the catalogue reads from (and an empty catalogue cache)."""
    root = tmp_path / "config"
    shutil.copytree(config_dir(), root)
    monkeypatch.setattr(games_module, "config_dir", lambda: root)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    games_module.load_games.cache_clear()
    yield root
    games_module.load_games.cache_clear()


def test_the_printed_json_schema_validates_every_shipped_game_file(capsys):
    assert main(["schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    assert len(GAMES) >= 70
    for path in GAMES:
        # As an editor sees the file: JSON's object keys are strings.
        data = json.loads(json.dumps(yaml.safe_load(path.read_text(encoding="utf-8"))))
        errors = [e.message for e in validator.iter_errors(data)]
        assert errors == [], f"{path}: {errors[:3]}"


def test_the_json_schema_refuses_an_unknown_key_and_a_wrong_type(capsys):
    assert main(["schema"]) == 0
    validator = jsonschema.Draft202012Validator(json.loads(capsys.readouterr().out))
    data = yaml.safe_load((config_dir() / "games" / "threecard" / "capitol.yaml").read_text(encoding="utf-8"))
    assert not list(validator.iter_errors(data))
    assert list(validator.iter_errors({**data, "colour": "green"}))
    bonus = {**data["bonuses"][0], "needs_ante": "maybe"}
    assert list(validator.iter_errors({**data, "bonuses": [bonus]}))


# One field of one file of each family, broken: (file, the line's text, its broken text, the field named).
BROKEN = [
    ("threecard/capitol.yaml", "    needs_ante: true", "    needs_ante: maybe", "bonuses.0.needs_ante"),
    ("baccarat/commission-free.yaml", "  naturals: [8, 9]", "  naturals: [8, nine]", "tableau.naturals.1"),
    ("paigow/capitol.yaml", "  pays: 1\n  copies: banker", "  pays: -8\n  copies: banker", "settlement.pays"),
    ("blackjack/no-bust-capitol.yaml", "    pays: '2:1'", "    pays: abc", "decisions.insurance.pays"),
    ("holdem/oaks.yaml", "  game: board", "  game: [board]", "poker.game"),
    ("paigowtiles/capitol.yaml", "  names: {teen: Heaven,", "  names: {teen: 7,", "tiles.names.teen"),
]


@pytest.mark.parametrize(("rel", "old", "new", "field"), BROKEN, ids=[b[0].split("/")[0] for b in BROKEN])
def test_a_broken_field_is_refused_by_games_and_config_check_with_file_line_and_field(
    catalogue, tmp_path, capsys, rel, old, new, field
):
    path = catalogue / "games" / rel
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{rel}: the test's line is not in the file once"
    path.write_text(text.replace(old, new), encoding="utf-8")
    line = text[: text.index(old)].count("\n") + 1
    where = f"{path}:{line}: {field}:"

    assert main(["games"]) == 2
    err = capsys.readouterr().err.strip()
    assert where in err, err
    assert len(err.splitlines()) == 1

    games_module.load_games.cache_clear()
    cfg = tmp_path / "table.yaml"
    game_id = rel.removesuffix(".yaml")
    cfg.write_text(
        f"table:\n  game: {game_id}\n  seats: 7\n  limits: {{min_cents: 500, max_cents: 100000}}\n"
    )
    assert main(["config", "check", str(cfg)]) == 2
    out = capsys.readouterr()
    assert where in out.err + out.out, out


def test_a_pay_figure_must_be_finite_and_not_negative(catalogue, capsys):
    path = catalogue / "games" / "paigow" / "capitol.yaml"
    text = path.read_text(encoding="utf-8")
    for bad in ("abc", "-8", "1e308", "'3:0'", ".inf"):
        path.write_text(text.replace("  pays: 1\n  copies: banker", f"  pays: {bad}\n  copies: banker"))
        games_module.load_games.cache_clear()
        assert main(["games"]) == 2, bad
        err = capsys.readouterr().err
        assert f"{path}:" in err and "settlement.pays" in err, (bad, err)


def test_a_validated_catalogue_is_cached_and_a_changed_file_is_validated_again(catalogue, tmp_path, capsys):
    assert main(["games"]) == 0
    capsys.readouterr()
    assert list((tmp_path / "cache" / "dealer-terminal").glob("catalogue-*.bin"))
    path = catalogue / "games" / "threecard" / "capitol.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("    needs_ante: true", "    needs_ante: maybe"))
    games_module.load_games.cache_clear()
    assert main(["games"]) == 2
    assert "bonuses.0.needs_ante" in capsys.readouterr().err
