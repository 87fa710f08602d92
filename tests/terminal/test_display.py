"""The players' table display, served for real by uvicorn on loopback and read over HTTP.

The roads drawn in the page's SVG after a replayed shoe are read back cell by cell and compared with the
hand-worked fixture (tests/fixtures/baccarat_roads_example.json); a coup journaled while a client listens
to ``/events`` arrives as a new board.
"""

from __future__ import annotations

import asyncio
import json
import re
import socket
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from rules.round.events import event_from_json
from terminal.display.app import create_app, pay_tables
from terminal.games import load_games
from terminal.journal import Journal
from terminal.journal.store import ROUND_KIND
from tests.terminal.test_roads_cli import FIXTURE, GAME, shoe_events

CELL = 22


class Served:
    def __init__(self, app: Any) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
        self.thread = threading.Thread(target=lambda: asyncio.run(self.server.serve(sockets=[self.sock])))

    def __enter__(self) -> Served:
        self.thread.start()
        while not self.server.started:
            self.thread.join(0.01)
            assert self.thread.is_alive(), "the server stopped at start-up"
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(30)
        self.sock.close()

    def get(self, path: str) -> str:
        with urllib.request.urlopen(self.url + path, timeout=60) as r:
            assert r.status == 200
            return str(r.read().decode())


def journal_with(path: Path, events: list[dict[str, Any]]) -> None:
    with Journal(path) as j:
        if not j.last("config"):
            j.append("config", {"game": GAME, "seats": 7})
        for ev in events:
            j.append(ROUND_KIND, event_from_json(ev).to_json())


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
