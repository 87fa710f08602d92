"""``dealer-terminal replay FILE [--json] [--check]``: run a scenario or an exported journal headlessly.

Prints every prompt, alert and outcome (``--json``: one JSON object per line, ``{"kind": "prompt" |
"alert" | "outcome" | "note", "seq", …}``). ``--check`` compares the run with the file's ``expect:`` and
exits 1 if any expectation is not met. A bad file exits 2 naming the file, line and field.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from terminal.scenario import check, load_scenario, run
from terminal.tiles_scenario import check_tiles, is_tiles_scenario, load_tiles_scenario, run_tiles


def register(sub: Any) -> None:
    p = sub.add_parser("replay", help="run a scenario or an exported journal headlessly")
    p.add_argument("file", help="scenario YAML file")
    p.add_argument(
        "--json", action="store_true", help="one JSON object per line for every prompt, alert and outcome"
    )
    p.add_argument("--check", action="store_true", help="exit 1 unless the file's expect: is met")
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    if is_tiles_scenario(args.file):  # Pai Gow Tiles: tiles, not cards (docs/paigow-tiles.md)
        return _handle_tiles(args)
    sc = load_scenario(args.file)
    state, lines = run(sc)
    for ln in lines:
        print(json.dumps(ln.to_json()) if args.json else ln.text())
    if args.check:
        problems = check(sc, state, lines)
        for p in problems:
            print(f"dealer-terminal: {sc.path}: {p}", file=sys.stderr)
        return 1 if problems else 0
    return 0


def _handle_tiles(args: argparse.Namespace) -> int:
    sc = load_tiles_scenario(args.file)
    _, lines = run_tiles(sc)
    for ln in lines:
        print(json.dumps(ln.to_json()) if args.json else ln.text())
    if args.check:
        problems = check_tiles(sc, lines)
        for p in problems:
            print(f"dealer-terminal: {sc.path}: {p}", file=sys.stderr)
        return 1 if problems else 0
    return 0
