"""The house-way and analyze commands for Pai Gow games: JSON shapes and exit codes."""

from __future__ import annotations

import json

import pytest

from terminal.cli import main


def test_house_way_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["house-way", "paigow/capitol", "Jh Js 6s 6d 7c Ah 9s", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) >= {"front", "back", "rule"}
    assert sorted(out["front"]) == ["9s", "Ah"] and len(out["back"]) == 5
    assert out["rule"] == "two-pair-jacks-tens-nines"


def test_house_way_text_and_mini_one_card_front(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["house-way", "paigow/mini-the101", "Ks", "9d", "7c", "5h", "3s", "2d", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["front"] == ["9d"] and out["rule"] == "no-pairs"
    assert main(["house-way", "paigow/tres-lounge", "As Ad Ah Ac Jk Ks Kd"]) == 0
    text = capsys.readouterr().out
    assert "front: Ks Kd" in text and "unless kings" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["house-way", "paigow/capitol", "As Kd Qc"], "has 7 cards, not 3"),
        (["house-way", "paigow/capitol", "As Kd Qc Zz 2s 3d 4c"], "bad card 'Zz'"),
        (["house-way", "paigow/capitol", "As As Qc Jd 2s 3d 4c"], "duplicate card"),
        (["house-way", "paigow/oaks", "As Kd Qc Jd 2s 3d 4c"], "files no House Way"),
        (["house-way", "paigow/nowhere", "As Kd Qc Jd 2s 3d 4c"], "unknown game"),
    ],
)
def test_house_way_bad_input_exits_2_with_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err and "Traceback" not in err


def test_analyze_json_for_a_pai_gow_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "paigow/mini-the101", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "paigow/mini-the101" and out["decks"] == 1
    assert abs(sum(o["probability"] for o in out["outcomes"]) - 1) < 1e-12
    (aces,) = [w for w in out["wagers"] if w["name"] == "Mini Pai Gow Aces Bonus"]
    assert {"name", "house_edge", "outcomes"} <= set(aces)
    assert all({"name", "probability", "exact", "pays"} <= set(o) for o in aces["outcomes"])
    assert main(["analyze", "paigow/mini-the101", "--decks", "2"]) == 2
