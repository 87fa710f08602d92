"""The baccarat scoreboard roads (rules/baccarat/roads.py).

A hand-worked shoe (tests/fixtures/baccarat_roads_example.json) is checked cell by cell, and every road
is also checked against a second, simpler implementation written here: columns as lists, the derived
roads read as "is this cell of the big road filled", the dragon tail walked cell by cell on a grid.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.baccarat.roads import (
    ROWS,
    Mark,
    bead_plate,
    big_road,
    derived_road,
    mark_of,
    roads,
)

FIXTURE = json.loads((Path(__file__).parent / "fixtures" / "baccarat_roads_example.json").read_text())
LETTER = {"banker": "B", "player": "P", "tie": "T"}
COLOUR = {"red": "R", "blue": "B"}


def parse_shoe(text: str) -> list[Mark]:
    """B/P/T marks; lower-case b/p carry that side's pair."""
    out = []
    for ch in text:
        winner = {"b": "banker", "p": "player", "t": "tie"}[ch.lower()]
        out.append(Mark(winner, banker_pair=ch == "b", player_pair=ch == "p"))  # type: ignore[arg-type]
    return out


def grid(cells: dict[tuple[int, int], str]) -> list[str]:
    """Rows of a drawn road ('.' empty), as wide as its rightmost cell."""
    width = max((x for x, _ in cells), default=-1) + 1
    return ["".join(cells.get((x, y), ".") for x in range(width)) for y in range(ROWS)]


# --- the second implementation -------------------------------------------------------------------


def ref_columns(keys: list[str]) -> list[list[str]]:
    """Streaks as columns."""
    cols: list[list[str]] = []
    for key in keys:
        if cols and cols[-1][0] == key:
            cols[-1].append(key)
        else:
            cols.append([key])
    return cols


def ref_draw(cols: list[list[str]]) -> dict[tuple[int, int], str]:
    """Draw columns on a six-row grid: each column starts top-left of the first column whose top cell is
    free after the previous column's start; goes down until the bottom or a taken cell, then right."""
    cells: dict[tuple[int, int], str] = {}
    start = -1
    for col in cols:
        start += 1
        while (start, 0) in cells:
            start += 1
        x, y, right = start, 0, False
        for i, key in enumerate(col):
            if i:
                if not right and y + 1 < ROWS and (x, y + 1) not in cells:
                    y += 1
                else:
                    right = True
                    x += 1
            cells[(x, y)] = key
    return cells


def ref_derived(cols: list[list[str]], k: int) -> list[str]:
    """The derived road read cell by cell: "filled(c, r)" is whether the big road's column c has row r."""

    def filled(c: int, r: int) -> bool:
        return 0 <= c < len(cols) and r < len(cols[c])

    out = []
    for c, col in enumerate(cols):
        for r in range(len(col)):
            if not (filled(k, 1) and (c, r) >= (k, 1) or not filled(k, 1) and (c, r) >= (k + 1, 0)):
                continue
            if r == 0:
                # the column that just ended "has a partner" k columns before it of the same depth
                n = len(cols[c - 1])
                same = filled(c - 1 - k, n - 1) and not filled(c - 1 - k, n)
                out.append("R" if same else "B")
            else:
                out.append("R" if filled(c - k, r) or not filled(c - k, r - 1) else "B")
    return out


# --- the fixture -----------------------------------------------------------------------------------


def test_example_shoe_bead_plate() -> None:
    marks = parse_shoe(FIXTURE["shoe"])
    beads = bead_plate(marks)
    assert grid({(b.x, b.y): LETTER[b.mark.winner] for b in beads}) == FIXTURE["bead_plate"]


def test_example_shoe_big_road_with_dragon_tail_and_ties() -> None:
    road = big_road(parse_shoe(FIXTURE["shoe"]))
    assert grid({(e.x, e.y): LETTER[e.side] for e in road.entries}) == FIXTURE["big_road"]
    ties = {f"{e.x},{e.y}": e.ties for e in road.entries if e.ties}
    assert ties == FIXTURE["big_road_ties"]
    pairs = [(e.x, e.y, e.banker_pair, e.player_pair) for e in road.entries if e.banker_pair or e.player_pair]
    assert pairs == [(0, 1, True, False), (5, 1, False, True)]


@pytest.mark.parametrize("name", ["big_eye_boy", "small_road", "cockroach_pig"])
def test_example_shoe_derived_roads(name: str) -> None:
    r = roads(parse_shoe(FIXTURE["shoe"]))
    drawn = {(e.x, e.y): COLOUR[e.colour] for e in r.derived[name]}
    assert grid(drawn) == FIXTURE[name]


def test_example_shoe_matches_second_implementation() -> None:
    marks = parse_shoe(FIXTURE["shoe"])
    wins = [LETTER[m.winner] for m in marks if m.winner != "tie"]
    cols = ref_columns(wins)
    assert grid(ref_draw(cols)) == FIXTURE["big_road"]
    r = roads(marks)
    for name, k in (("big_eye_boy", 1), ("small_road", 2), ("cockroach_pig", 3)):
        assert [COLOUR[e.colour] for e in r.derived[name]] == ref_derived(cols, k)
        assert grid(ref_draw(ref_columns(ref_derived(cols, k)))) == FIXTURE[name]


def test_a_streak_meeting_an_earlier_tail_turns_right_above_it() -> None:
    road = big_road(parse_shoe("B" * 7 + "P" * 7 + "B"))
    assert grid({(e.x, e.y): LETTER[e.side] for e in road.entries}) == [
        "BPB.",
        "BP..",
        "BP..",
        "BP..",
        "BPPP",
        "BB..",
    ]


def test_leading_ties_are_counted_on_the_first_entry() -> None:
    road = big_road(parse_shoe("TTPB"))
    assert road.leading_ties == 2
    assert [(e.side, e.ties) for e in road.entries] == [("player", 2), ("banker", 0)]


def test_only_ties_make_no_big_road() -> None:
    r = roads(parse_shoe("TTT"))
    assert r.big_road.entries == () and r.big_road.leading_ties == 3
    assert len(r.bead_plate) == 3 and all(not v for v in r.derived.values())


def test_a_bad_winner_is_refused() -> None:
    with pytest.raises(ValueError, match="banker, player or tie"):
        Mark("dragon")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="one column back"):
        derived_road(big_road([]), 0)


def test_mark_of_a_coup_reads_pairs_from_the_first_two_cards() -> None:
    from rules.baccarat import from_data
    from rules.baccarat.coup import Coup
    from rules.cards import parse_cards
    from terminal.games import load_games

    variant = from_data(load_games()["baccarat/ez-panda8"].data)
    # dealt P B P B: player 8 8 (6, stands), banker 2 5 (7, stands): banker wins with a player pair
    coup = Coup.from_cards(variant, parse_cards("8c 2h 8d 5s"))  # type: ignore[arg-type]
    mark = mark_of(coup)
    assert mark == Mark("banker", banker_pair=False, player_pair=True)


# --- properties ------------------------------------------------------------------------------------

shoes = st.text(alphabet="BPTbp", max_size=90)


@settings(max_examples=150, deadline=None)
@given(shoes)
def test_every_win_appears_once_in_the_big_road_and_every_tie_is_marked(text: str) -> None:
    marks = parse_shoe(text)
    road = big_road(marks)
    assert [e.side for e in road.entries] == [m.winner for m in marks if m.winner != "tie"]
    assert sum(e.ties for e in road.entries) + (road.leading_ties if not road.entries else 0) == sum(
        m.winner == "tie" for m in marks
    )
    cells = [(e.x, e.y) for e in road.entries]
    assert len(set(cells)) == len(cells) and all(0 <= y < ROWS for _, y in cells)
    assert grid({(e.x, e.y): LETTER[e.side] for e in road.entries}) == grid(
        ref_draw(ref_columns([LETTER[m.winner] for m in marks if m.winner != "tie"]))
    )


@settings(max_examples=150, deadline=None)
@given(shoes)
def test_derived_roads_start_where_the_rules_say_and_match_the_second_implementation(text: str) -> None:
    marks = parse_shoe(text)
    r = roads(marks)
    cols = ref_columns([LETTER[m.winner] for m in marks if m.winner != "tie"])
    for name, k in (("big_eye_boy", 1), ("small_road", 2), ("cockroach_pig", 3)):
        road = r.derived[name]
        # it starts at column k row 1, or at column k + 1 row 0 when column k has a single entry
        expected = sum(len(c) for c in cols[k + 1 :]) + (len(cols[k]) - 1 if len(cols) > k else 0)
        assert len(road) == expected
        assert [COLOUR[e.colour] for e in road] == ref_derived(cols, k)
        drawn = {(e.x, e.y): COLOUR[e.colour] for e in road}
        assert grid(drawn) == grid(ref_draw(ref_columns([COLOUR[e.colour] for e in road])))
