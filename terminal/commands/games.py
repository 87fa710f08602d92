"""``dealer-terminal games [--json]``: every game id, its source, and what it supports."""

from __future__ import annotations

import argparse
import json
from typing import Any

from terminal.games import load_games


def register(sub: Any) -> None:
    p = sub.add_parser("games", help="list every filed game and its source")
    p.add_argument("--json", action="store_true", help="one JSON list for other programs")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    games = load_games()
    if args.json:
        print(json.dumps([g.summary() for g in games.values()], indent=1))
        return 0
    for g in games.values():
        sup = f"  [{', '.join(g.supports)}]" if g.supports else ""
        print(f"{g.id:<32} {g.name} — {g.room}  ({g.source_text}){sup}")
    print(f"{len(games)} games")
    return 0
