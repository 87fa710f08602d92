"""``dealer-terminal run [--config F]``: the terminal.

Until the console lands (issue 11) this lists the games on the built-in demo table and exits.
"""

from __future__ import annotations

import argparse
from typing import Any

from terminal.games import load_games


def register(sub: Any) -> None:
    p = sub.add_parser("run", help="run the terminal (no config: the built-in demo table)")
    p.add_argument("--config", metavar="F", help="table configuration file")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    games = load_games()
    print("dealer-terminal: the console is not built yet; games in the catalogue:")
    for g in games.values():
        print(f"  {g.id:<32} {g.name} — {g.room}")
    return 0
