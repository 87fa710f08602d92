"""``dealer-terminal roads FILE --json``: the current shoe's roads from a scenario file or a real journal.

The hand-worked shoe of tests/fixtures/baccarat_roads_example.json is dealt as real coups (cards chosen
so the tableau's result is each mark, checked by the rules engine), replayed through the round engine,
and the command's drawn columns must match the fixture's grids.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from rules.round.events import event_from_json
from terminal.cli import main
from terminal.display.demo import GAME, shoe_events
from terminal.journal import Journal
from terminal.journal.store import ROUND_KIND

FIXTURE = json.loads((Path(__file__).parents[1] / "fixtures" / "baccarat_roads_example.json").read_text())
GLYPH = {"banker": "B", "player": "P", "tie": "T", "red": "R", "blue": "B"}


def drawn(columns: list[list[dict[str, Any]]], key: str) -> list[str]:
    cells = {(x, e["row"]): GLYPH[e[key]] for x, col in enumerate(columns) for e in col}
    return ["".join(cells.get((x, y), ".") for x in range(len(columns))) for y in range(6)]


def roads_of(path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["roads", str(path), "--json"]) == 0
    return dict(json.loads(capsys.readouterr().out))


def check_fixture(doc: dict[str, Any]) -> None:
    assert doc["game"] == GAME and doc["coups"] == len(FIXTURE["shoe"])
    assert drawn(doc["bead_plate"], "winner") == FIXTURE["bead_plate"]
    assert drawn(doc["big_road"], "winner") == FIXTURE["big_road"]
    ties = {f"{x},{e['row']}": e["ties"] for x, col in enumerate(doc["big_road"]) for e in col if e["ties"]}
    assert ties == FIXTURE["big_road_ties"]
    for name in ("big_eye_boy", "small_road", "cockroach_pig"):
        assert drawn(doc[name], "colour") == FIXTURE[name], name


def test_roads_of_a_scenario_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # an earlier shoe first: the shuffle before the fixture's shoe empties the roads
    events = shoe_events("PPPBT", seed=3) + shoe_events(FIXTURE["shoe"])
    path = tmp_path / "shoe.yaml"
    path.write_text(yaml.safe_dump({"scenario": "a shoe", "game": GAME, "events": events}))
    doc = roads_of(path, capsys)
    check_fixture(doc)
    assert doc["big_road"][0][1] == {
        "row": 1,
        "winner": "banker",
        "ties": 0,
        "banker_pair": True,
        "player_pair": False,
    }
    assert main(["roads", str(path)]) == 0  # the text view draws the same grid
    assert "  " + FIXTURE["big_road"][5] in capsys.readouterr().out


def test_roads_of_a_real_journal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "table.db"
    with Journal(path) as j:
        j.append("config", {"game": GAME, "seats": 7})
        for ev in shoe_events("BBBP", seed=5) + shoe_events(FIXTURE["shoe"]):
            j.append(ROUND_KIND, event_from_json(ev).to_json())  # as the controller journals them
    check_fixture(roads_of(path, capsys))


def test_a_new_shoe_empties_the_roads(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "shoe.yaml"
    path.write_text(yaml.safe_dump({"game": GAME, "events": shoe_events("BPB") + [{"type": "shuffle"}]}))
    doc = roads_of(path, capsys)
    assert doc["coups"] == 0 and doc["big_road"] == [] and doc["bead_plate"] == []


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"", "a scenario is a mapping"),
        (b"game: baccarat/ez-panda8\nevents: [{type: nonsense}]\n", "nonsense"),
        (b"SQLite format 3\x00 but not really", "table.db"),
    ],
)
def test_bad_input_is_one_line_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, says: str
) -> None:
    path = tmp_path / "table.db"
    path.write_bytes(content)
    assert main(["roads", str(path), "--json"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and str(path) in err and says in err
    assert main(["roads", str(tmp_path / "missing.yaml")]) == 2
    assert "missing.yaml" in capsys.readouterr().err


def test_a_game_without_coups_has_no_roads(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scenario = Path(__file__).parents[1] / "scenarios"
    path = next(p for p in sorted(scenario.glob("*.yaml")) if "game: paigow/" in p.read_text())
    assert main(["roads", str(path), "--json"]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and "without a banker/player coup" in err
