"""``dealer-terminal evaluate``: the best high hand on the command line, and its errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from terminal.cli import main


def test_evaluate_prints_category_cards_and_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["evaluate", "Kh", "5s", "Kd", "2d", "5c", "Ks", "3d"]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith("Full House: Ks Kh Kd 5s 5c")
    assert "value" in out


def test_evaluate_json_with_the_bug(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["evaluate", "As Ah Ad Ac Jk 7c 2d", "--joker", "bug", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["category"] == "Five Aces"
    assert sorted(out["cards"]) == sorted(["As", "Ah", "Ad", "Ac", "Jk"])
    assert isinstance(out["value"], int) and out["rules"]["joker"] == "bug"
    assert main(["evaluate", "AsAhAdAcJk", "--joker", "bug", "--no-five-aces", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["category"] == "Four of a Kind"


def test_evaluate_wheel_second_orders_values(capsys: pytest.CaptureFixture[str]) -> None:
    values = []
    for hand in ("Kd Qc Jd Th 9d", "5d 4c 3d 2h Ad"):
        assert main(["evaluate", hand, "--wheel", "second", "--json"]) == 0
        values.append(json.loads(capsys.readouterr().out)["value"])
    assert values[0] < values[1]


@pytest.mark.parametrize(
    ("argv", "names"),
    [
        (["evaluate", "As", "Kx", "Qs", "Js", "Ts"], "'Kx'"),
        (["evaluate", "As Ks Qs Js Zs"], "'Zs'"),
        (["evaluate", "As", "Ks", "Qs", "Js", "Jk"], "joker"),  # no joker unless --joker says so
        (["evaluate", "As", "Ks", "Qs", "Js"], "not 4"),
        (["evaluate", "As", "Ks", "Qs", "Js", "As"], "As appears twice"),
        (["evaluate", "As", "Ks", "Qs", "Js", "Ts", "--joker", "some"], "--joker"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    argv: list[str], names: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and names in lines[0], captured.err
    assert "Traceback" not in captured.err and captured.out == ""


def test_bad_card_as_a_process_exits_2_with_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "terminal.cli", "evaluate", "As", "Ks", "1x", "Js", "Ts"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "'1x'" in lines[0], done.stderr
    assert done.stdout == ""
