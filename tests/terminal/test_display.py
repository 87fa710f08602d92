"""The players' table display, served for real by uvicorn on loopback and read over HTTP.

The roads drawn in the page's SVG after a replayed shoe are read back cell by cell and compared with the
hand-worked fixture (tests/fixtures/baccarat_roads_example.json); a coup journaled while a client listens
to ``/events`` arrives as a new board.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rules.round.events import TargetKind, event_from_json
from terminal.display.app import create_app, pay_tables, qualifying_hands
from terminal.display.demo import GAME, Served, journal_with, shoe_events
from terminal.games import load_games
from terminal.journal import Journal
from terminal.journal.store import ROUND_KIND
from terminal.scenario import load_scenario
from terminal.scoreboard import LiveScoreboard, ShoeFold, is_settled, read_scoreboard
from tests.terminal.test_roads_cli import FIXTURE

CELL = 22


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[Path, Served]]:
    path = tmp_path / "table.db"
    journal_with(path, shoe_events(FIXTURE["shoe"]))
    with Served(create_app(path, limits=(500, 50000), poll=0.05)) as served:
        yield path, served


def svg_grid(html: str, road: str) -> list[str]:
    """Read a road's drawn entries back from the page's SVG: B/P (or R/B for derived roads) per cell."""
    block = html.split(f'id="{road}"', 1)[1].split("</svg>", 1)[0]
    cells: dict[tuple[int, int], str] = {}
    for cls, x, y in re.findall(r'class="entry (\w+)" (?:cx|x1)="([\d.]+)" (?:cy|y1)="([\d.]+)"', block):
        glyph = {"banker": "B", "player": "P", "tie": "T", "red": "R", "blue": "B"}[cls]
        cells[(int(float(x) // CELL), int(float(y) // CELL))] = glyph
    width = max(x for x, _ in cells) + 1
    return ["".join(cells.get((x, y), ".") for x in range(width)) for y in range(6)]


def test_the_page_draws_the_shoes_roads_limits_and_pay_tables(table: tuple[Path, Served]) -> None:
    _, served = table
    html = served.get("/")
    for road in ("bead_plate", "big_road", "big_eye_boy", "small_road", "cockroach_pig"):
        assert svg_grid(html, road) == FIXTURE[road], road
    assert html.count('class="tie-mark"') == len(FIXTURE["big_road_ties"])
    assert "$5.00 – $500.00" in html
    assert "Panda 8" in html and "25 to 1" in html  # a filed pay line of the game file
    assert "http://" not in html.replace("http://www.w3.org/2000/svg", "")  # nothing loaded from outside
    roads = json.loads(served.get("/roads.json"))
    assert roads["coups"] == len(FIXTURE["shoe"])


def test_a_journaled_coup_reaches_a_listening_display(table: tuple[Path, Served]) -> None:
    path, served = table
    with urllib.request.urlopen(served.url + "/events", timeout=60) as stream:

        def next_board() -> str:
            event: str | None = None
            for raw in stream:
                line = raw.decode().rstrip("\n")
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: ") and event == "board":
                    return str(json.loads(line[6:]))
            raise AssertionError("the stream ended")

        first = next_board()
        assert f'data-coups="{len(FIXTURE["shoe"])}"' in first
        journal_with(path, shoe_events("P", seed=11)[1:])  # one more coup, same shoe (no shuffle)
        board = next_board()
        while f'data-coups="{len(FIXTURE["shoe"]) + 1}"' not in board:
            board = next_board()
        assert 'title="player"' in board.split("Recent results", 1)[1].split("</span>", 1)[0]


def test_pay_tables_are_read_from_the_game_file_with_their_citations() -> None:
    tables = {t.title: t.lines for t in pay_tables(load_games()[GAME].data)}
    assert list(tables) == ["Player line", "Banker line", "Tie Bet", "Panda 8 Bet", "Dragon 7 Bonus Bet"]
    player = [(line.name, line.pays, line.cite) for line in tables["Player line"]]
    assert player[0] == ("Player wins", "1 to 1", "L254, L295")
    assert player[1][1] == "push"
    assert tables["Tie Bet"][0].cite == "L256, L302-309"  # the wager's own cite when the line has none


def test_a_missing_journal_is_a_page_saying_so(tmp_path: Path) -> None:
    with Served(create_app(tmp_path / "gone.db")) as served:
        with pytest.raises(urllib.error.HTTPError) as err:
            served.get("/")
        assert err.value.code == 503 and "gone.db" in err.value.read().decode()


@pytest.mark.parametrize("limits", ["5", "a,b", "500,100", "0,100"])
def test_bad_limits_exit_2_naming_the_option(limits: str, capsys: pytest.CaptureFixture[str]) -> None:
    from terminal.cli import main

    assert main(["display", "x.db", "--limits", limits]) == 2
    assert "--limits" in capsys.readouterr().err


def test_the_current_rounds_cards_show_only_once_public(table: tuple[Path, Served]) -> None:
    path, served = table
    start = shoe_events("P")[1]  # a round_start
    journal_with(path, [start, {"type": "card", "card": "9h", "face_up": False}])
    journal_with(path, [{"type": "card", "card": "Kd", "face_up": True}])
    hands = served.get("/board").split('id="hands"', 1)[1].split("</section>", 1)[0]
    assert "Kd" in hands and "9h" not in hands and "🂠" in hands


def test_limits_come_from_the_tables_configuration(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    journal_with(path, shoe_events("BP"), limits=(2500, 500000))
    with Served(create_app(path)) as served:
        assert "$25.00 – $5000.00" in served.get("/board")
    with Served(create_app(path, limits=(100, 200))) as served:  # --limits still overrides
        assert "$1.00 – $2.00" in served.get("/board")


def test_the_incremental_reader_sees_what_a_fresh_read_sees(tmp_path: Path) -> None:
    path = tmp_path / "t.db"

    def deal(j: Journal, events: list[dict[str, Any]]) -> None:
        for ev in events:
            j.append(ROUND_KIND, event_from_json(ev).to_json())

    with Journal(path, segment_entries=30) as writer:  # the table, open all along
        writer.append("config", {"game": GAME, "seats": 7})
        deal(writer, shoe_events("BPPT", seed=2))
        live = LiveScoreboard(path)
        try:
            first = live.refresh()
            assert len(first.marks) == 4 and first.seq == writer.head()[0]
            deal(writer, shoe_events("B", seed=5)[1:])  # one more coup
            deal(writer, shoe_events("PP", seed=6))  # a shuffle: a new shoe
            again = live.refresh()
            assert again.seq == writer.head()[0] > first.seq
            assert again == read_scoreboard(path) and [m.winner for m in again.marks] == ["player", "player"]
            # the live segment rotates (a new file under the journal's name): read again from the start
            segment = writer.segment
            writer.checkpoint({"round_no": 8})
            assert writer.segment == segment + 1
            deal(writer, shoe_events("T", seed=8)[1:])
            after = live.refresh()
            assert after == read_scoreboard(path) and [m.winner for m in after.marks] == [
                "player",
                "player",
                "tie",
            ]
        finally:
            live.close()


@pytest.mark.parametrize(
    ("scenario", "bet", "hand"),
    [
        (
            "fortune-marysville-envy-each-holder-paid-for-every-other-qualifying-hand.yaml",
            "Fortune Bonus",
            "straight flush",
        ),
        ("pair-and-up-full-round-bonus-6-without-a-base-wager.yaml", "Bonus 6", "Straight"),
    ],
)
def test_pai_gow_and_three_card_show_recent_qualifying_hands(
    tmp_path: Path, scenario: str, bet: str, hand: str
) -> None:
    sc = load_scenario(Path(__file__).parents[1] / "scenarios" / scenario)
    path = tmp_path / "t.db"
    journal_with(path, [e.to_json() for e in sc.events], game=sc.game.id)
    board = read_scoreboard(path)
    tables = pay_tables(sc.game.data)
    got = [(q.bet, q.hand) for q in qualifying_hands(board.settlements, tables)]
    assert (bet, hand) in got
    # only the game file's bonus bets, and only wins
    bonus = {t.title.split(", table ")[0] for t in tables if t.bonus}
    assert got and all(b in bonus for b, _ in got)
    with Served(create_app(path)) as served:
        html = served.get("/board")
    section = html.split('id="qualifying"', 1)[1].split("</section>", 1)[0]
    assert bet in section and hand in section
    assert bet in html.split('id="pay-tables"', 1)[1]  # and its pay table is posted


def _hands(html: str) -> str:
    return html.split('id="hands"', 1)[1].split("</section>", 1)[0]


@pytest.mark.parametrize(
    "scenario",
    [
        "fortune-marysville-envy-each-holder-paid-for-every-other-qualifying-hand.yaml",
        "pair-and-up-full-round-bonus-6-without-a-base-wager.yaml",
    ],
)
def test_face_down_hands_are_backs_until_the_settlement_then_face_up(tmp_path: Path, scenario: str) -> None:
    sc = load_scenario(Path(__file__).parents[1] / "scenarios" / scenario)
    fold = ShoeFold(sc.rules, scenario)
    settled_at = None
    for i, event in enumerate(sc.events):
        fold.feed(event)
        if is_settled(fold.state):
            settled_at = i + 1
            break
    assert settled_at is not None and fold.state.outcome is not None and fold.state.outcome.settlement
    events = [e.to_json() for e in sc.events]
    path = tmp_path / "t.db"
    journal_with(path, events[: settled_at - 1], game=sc.game.id)
    with Served(create_app(path, poll=0.05)) as served:
        before = _hands(served.get("/board"))
        journal_with(path, events[settled_at - 1 : settled_at])
        after = _hands(served.get("/board"))
    down = [  # the cards dealt face down to a hand (not a burn, not the stub)
        str(p.card)
        for p in fold.state.placed
        if not (p.face_up or p.void or p.card is None or p.target.kind in (TargetKind.BURN, TargetKind.STUB))
    ]
    assert down and "🂠" in before and not any(f">{c}<" in before for c in down)
    assert "🂠" not in after and all(f">{c}<" in after for c in down)
