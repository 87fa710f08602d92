"""`dealer-terminal replay`: headless runs, --json lines, --check, and exit 2 naming file, line and field."""

import json
from pathlib import Path

import pytest

from terminal.cli import main

SCEN = Path(__file__).parent / "scenarios"
CAPITOL_33 = SCEN / "capitol-paigow-rule-33-exposed-card-replaced-from-leftovers.yaml"


def test_replay_json_prints_one_object_per_line(capsys):
    assert main(["replay", str(CAPITOL_33), "--json"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    kinds = {x["kind"] for x in lines}
    assert {"prompt", "alert", "outcome"} <= kinds
    alert = next(x for x in lines if x["kind"] == "alert")
    assert {"code", "severity", "ruling", "remedy", "cite", "clear_role"} <= set(alert)
    assert alert["ruling"] == "REPLACE_FROM_STUB" and "rule 33" in alert["cite"]
    assert lines[-1] == {"kind": "prompt", "seq": lines[-1]["seq"], "text": "deal complete"}


def test_replay_text_and_check(capsys):
    assert main(["replay", str(CAPITOL_33), "--check"]) == 0
    out = capsys.readouterr().out
    assert "ALERT EXPOSED_CARD" in out and "OUTCOME dealt" in out


def test_check_fails_when_an_expectation_is_changed(tmp_path, capsys):
    text = CAPITOL_33.read_text().replace("ruling: REPLACE_FROM_STUB", "ruling: MISDEAL")
    f = tmp_path / "changed.yaml"
    f.write_text(text)
    assert main(["replay", str(f), "--check"]) == 1
    assert "alert 1" in capsys.readouterr().err


def _bad(tmp_path, body):
    f = tmp_path / "bad.yaml"
    f.write_text(body)
    return f


@pytest.mark.parametrize(
    ("body", "line", "field"),
    [
        (
            "game: paigow/capitol\nevents:\n  - {type: shuffle}\n  - {type: card, card: Xs}\n",
            4,
            "events.1.card",
        ),
        (
            "game: paigow/capitol\nevents:\n  - {type: shuffle}\n  - {type: card, card: As, colour: red}\n",
            4,
            "events.1.colour",
        ),
        ("game: paigow/capitol\nevents:\n  - {type: shufle}\n", 3, "events.0.type"),
        ("game: paigow/nowhere\nevents:\n  - {type: shuffle}\n", 1, "game"),
        ("game: paigow/capitol\nevents: []\n", 2, "events"),
        ("game: paigow/capitol\nevents:\n  - shuffle:\nexpect:\n  alert: []\n", 5, "expect.alert"),
        ("game: paigow/capitol\ntable: {decks: two}\nevents:\n  - shuffle:\n", 2, "table.decks"),
        (
            "game: paigow/capitol\nevents:\n  - {type: round_start, seats: [1, 2], player_dealer: 9}\n",
            3,
            "events.0.player_dealer",
        ),
    ],
)
def test_invalid_scenario_exits_2_naming_line_and_field(tmp_path, capsys, body, line, field):
    f = _bad(tmp_path, body)
    assert main(["replay", str(f)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert f"{f}:{line}: {field}:" in err[0]


def test_missing_file_exits_2(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "none.yaml")]) == 2
    assert "no such file" in capsys.readouterr().err
