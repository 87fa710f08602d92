"""terminal/fees.py: every room's file loads; a bad file is one line naming the file, line and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from terminal.errors import UserError
from terminal.fees import load_room_fees, room_slugs

GOOD_HEAD = """room: x
name: X
games:
  - game: g
    title: t
    source: {seed: s.txt, section: a, lines: L1}
    taken: before_deal
"""


def test_rooms_are_listed_and_load() -> None:
    assert {"the101", "capitol", "tres-lounge", "marysville", "oaks"} <= set(room_slugs())
    assert load_room_fees("tres-lounge").schedule("holdem", 1).room == "tres-lounge"


def test_bad_fee_is_reported_at_its_line(tmp_path: Path) -> None:
    p = tmp_path / "x.yaml"
    p.write_text(
        GOOD_HEAD + "    options:\n      1: {charges: [{payer: player_dealer, per: round, fee: '5%'}]}\n"
    )
    with pytest.raises(UserError) as err:
        load_room_fees(p)
    assert str(err.value).startswith(f"{p}:9: games.0.options.1.charges.0.fee: ")
    assert "percentage" in str(err.value)


def test_filed_game_with_filing_is_found_for_the_line(tmp_path: Path) -> None:
    p = tmp_path / "x.yaml"
    text = GOOD_HEAD + "    options: {1: {fee: 1, charges: []}}\n"
    text = text.replace(
        "  - game: g\n",
        "  - game: h\n    title: t\n    source: {seed: s.txt, section: a, lines: L1}\n"
        "    taken: before_deal\n    options: {}\n  - game: g\n    filing: f\n",
    )
    p.write_text(text)
    with pytest.raises(UserError) as err:
        load_room_fees(p)
    assert ":14: games.1.options.1: give either" in str(err.value)


def test_unknown_room() -> None:
    with pytest.raises(UserError, match="no fee schedules for room 'nowhere'"):
        load_room_fees("nowhere")
