"""The command line for Pai Gow Tiles: games lists the four rooms, house-way sets four tiles, errors exit 2."""

from __future__ import annotations

import json

import pytest

from terminal.cli import main

ROOMS = ("oaks", "tres-lounge", "capitol", "marysville")


def test_games_json_lists_the_four_rooms_with_their_sources(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "--json"]) == 0
    games = {g["id"]: g for g in json.loads(capsys.readouterr().out)}
    seeds = {"oaks": "001_", "tres-lounge": "002_", "capitol": "003_", "marysville": "004_"}
    for room in ROOMS:
        g = games[f"paigowtiles/{room}"]
        assert g["family"] == "paigowtiles" and g["source"].startswith(seeds[room])
        assert {"house-way", "analyze"} <= set(g["supports"])


def test_house_way_json_gives_high_low_and_the_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["house-way", "paigowtiles/capitol", "6-6 6-6 4-5 6-5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["back"] == out["high"] and out["front"] == out["low"]
    assert sorted(out["high"]) == ["5-4", "6-6"] and sorted(out["low"]) == ["6-5", "6-6"]
    assert out["rule"] == "split-teens-days-with-9-and-11" and out["cite"] == "seed 003 L643"
    assert out["high_hand"] == "Teen Wong" and out["low_hand"] == "3 points, Teen high"


def test_house_way_text_and_oaks_uses_capitols_chart(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["house-way", "paigowtiles/oaks", "2-1", "4-2", "5-1", "1-3"]) == 0
    text = capsys.readouterr().out
    assert "split-gee-joon" in text and "seed 003 L639" in text


@pytest.mark.parametrize(
    ("tiles", "words"),
    [("6-6 6-6 6-6 1-1", "given 3 times"), ("6-0 1-1 2-2 3-3", "bad tile"), ("6-6 1-1 2-2", "four tiles")],
)
def test_bad_tiles_exit_2_naming_the_problem(
    tiles: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["house-way", "paigowtiles/marysville", tiles]) == 2
    assert words in capsys.readouterr().err
