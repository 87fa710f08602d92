"""Every Pai Gow Tiles scenario (tests/scenarios/paigowtiles/) passes ``replay --check``; each is named after
the filed rule or irregularity it plays; a changed expectation fails; a bad file exits 2 naming the line."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from terminal.cli import main

SCENARIOS = sorted((Path(__file__).parent / "scenarios" / "paigowtiles").glob("*.yaml"))


def test_every_room_has_scenarios() -> None:
    rooms = {yaml.safe_load(p.read_text())["game"] for p in SCENARIOS}
    assert rooms == {f"paigowtiles/{r}" for r in ("oaks", "tres-lounge", "capitol", "marysville")}


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_passes_replay_check(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = yaml.safe_load(path.read_text())
    assert data["cite"], path.name
    assert main(["replay", str(path), "--check"]) == 0, capsys.readouterr().err


def test_a_changed_expectation_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = (
        Path(__file__).parent
        / "scenarios"
        / "paigowtiles"
        / "capitol-l539-copies-go-to-the-player-dealer.yaml"
    )
    data = yaml.safe_load(src.read_text())
    data["expect"]["outcome"]["wagers"][0]["result"] = "win"
    bad = tmp_path / "changed.yaml"
    bad.write_text(yaml.safe_dump(data))
    assert main(["replay", str(bad), "--check"]) == 1
    assert "outcome: expected" in capsys.readouterr().err


def test_replay_json_keeps_the_tile_source(capsys: pytest.CaptureFixture[str]) -> None:
    src = (
        Path(__file__).parent
        / "scenarios"
        / "paigowtiles"
        / "capitol-full-round-house-way-and-the-collection.yaml"
    )
    assert main(["replay", str(src), "--json"]) == 0
    out = capsys.readouterr().out
    assert '"source": "reader"' in out and '"source": "picker"' in out


@pytest.mark.parametrize(
    ("event", "words"),
    [
        ("{type: tiles, seat: 3, tiles: 6-6 6-6 1-1 1-1, source: tray}", "events.2.source"),
        ("{type: shuffle}", "events.2"),
        ("{type: tiles, seat: 3, tiles: 6-0 6-6 1-1 1-1}", "bad tile"),
    ],
)
def test_a_bad_file_exits_2_naming_the_event(
    event: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text(
        "scenario: bad\ngame: paigowtiles/capitol\ncite: x\nevents:\n"
        "- {type: round_start, player_dealer: 4, bank: 1000, wagers: {3: 100}}\n"
        "- {type: dice, dice: [1, 1, 1]}\n"
        f"- {event}\n"
    )
    assert main(["replay", str(f), "--check"]) == 2
    assert words in capsys.readouterr().err
