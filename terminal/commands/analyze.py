"""``dealer-terminal analyze GAME [--decks N] [--json]``: exact odds and house edge of every wager.

Each family's :meth:`rules.round.family.Family.analyze` returns a :class:`rules.analysis.Analysis` from the
variant file's mapping (with the data files its ``analysis_files`` names, where they exist). A bar shows the
progress on a terminal's stderr (the Pai Gow analyses take seconds); ``--json`` and pipes stay silent.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from typing import Any

from rules.round.family import NoAnalysis
from terminal.errors import UserError
from terminal.games import GameFile, family_of, get_game
from terminal.paths import config_dir
from terminal.progress import progress_bar
from terminal.yamlfile import load_yaml


def register(sub: Any) -> None:
    p = sub.add_parser("analyze", help="exact probability and house edge of every wager of a game")
    p.add_argument("game", help="game id, e.g. baccarat/ez-panda8")
    p.add_argument("--decks", type=int, default=None, help="number of decks (default: the variant's)")
    p.add_argument("--json", action="store_true", help="one JSON object for other programs")
    p.set_defaults(handler=run)


def analysis_data(game: GameFile) -> Mapping[str, Any]:
    """The game's data with the other data files its family's analysis names (Pai Gow: the exact two-hand
    table), where they exist."""
    data: Mapping[str, Any] = game.data
    for key, rel in family_of(game).analysis_files(data).items():
        path = config_dir() / rel
        if path.exists():
            data = {**data, key: load_yaml(path).data}
    return data


def run(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    fam = family_of(game)
    data = analysis_data(game)
    filed = fam.filed_decks(data)
    most = max(16, filed.high) if filed is not None else 16  # a filing may allow more (Party Craps: 18)
    if args.decks is not None and not 1 <= args.decks <= most:
        raise UserError(f"--decks must be 1 to {most}, not {args.decks}")
    try:
        with progress_bar(f"analyze {game.id}", quiet=args.json) as progress:
            result = fam.analyze(data, args.decks, progress)
    except NoAnalysis:
        raise UserError(f"analyze is not available yet for the {game.family} family ({game.id})") from None
    if args.json:
        print(json.dumps(result.to_json(), indent=1))
    else:
        print(result.to_text(), end="")
    return 0
