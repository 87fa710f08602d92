"""``dealer-terminal roads FILE [--json]``: the current shoe's baccarat scoreboard of a journal or scenario.

FILE is a table's journal (SQLite; the rounds since its game was last set) or a scenario file. The roads
are those of the current shoe (from the last ``shuffle``): bead plate, big road, big eye boy, small road
and cockroach pig (:mod:`rules.baccarat.roads`). ``--json``: one object, each road a list of its drawn
columns, each column its entries top to bottom with their ``row``. Bad input exits 2 with one line
naming the file.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from terminal.scoreboard import NoRoads, read_scoreboard, roads_json

_GLYPH = {"banker": "B", "player": "P", "tie": "T", "red": "R", "blue": "b"}


def register(sub: Any) -> None:
    p = sub.add_parser("roads", help="the current shoe's baccarat roads of a journal or scenario")
    p.add_argument("file", help="a table journal (SQLite) or a scenario file")
    p.add_argument("--json", action="store_true", help="each road as its drawn columns of entries")
    p.set_defaults(handler=handle)


def _text(columns: list[list[dict[str, Any]]], rows: int) -> list[str]:
    cells = {
        (x, e["row"]): _GLYPH[str(e.get("winner") or e.get("colour"))]
        for x, col in enumerate(columns)
        for e in col
    }
    return ["".join(cells.get((x, y), ".") for x in range(len(columns))) for y in range(rows)]


def handle(args: argparse.Namespace) -> int:
    board = read_scoreboard(args.file)
    if board.roads is None:
        raise NoRoads(f"{args.file}: the rounds of {board.game} settle without a banker/player coup")
    doc = roads_json(board)
    if args.json:
        print(json.dumps(doc, indent=1))
        return 0
    print(f"{doc['game']}: {doc['coups']} coups this shoe")
    for name in ("bead_plate", "big_road", "big_eye_boy", "small_road", "cockroach_pig"):
        print(f"{name.replace('_', ' ')}:")
        for line in _text(doc[name], doc["rows"]):
            print(f"  {line}")
    return 0
