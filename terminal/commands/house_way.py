"""``dealer-terminal house-way GAME CARDS [--json]``: the House Way setting of a hand.

The game's variant file names its chart (``house_way: {chart: <id>}``), kept in
``config/house_ways/<id>.yaml``. Output: front (the low hand), back, and the chart rule applied; with
``--json`` the docs/architecture.md §4 object ``{"front": [...], "back": [...], "rule": "..."}`` plus the rule's cite.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from rules.cards import parse_cards
from rules.paigow.house_way import HouseWay, load_house_way, set_house_way
from rules.paigow.variant import PaiGowVariant
from terminal.errors import UserError
from terminal.games import GameFile, family_of, get_game
from terminal.paths import config_dir
from terminal.yamlfile import load_yaml


def register(sub: Any) -> None:
    p = sub.add_parser("house-way", help="the House Way setting of a hand")
    p.add_argument("game", help="game id, e.g. paigow/capitol or paigowtiles/capitol")
    p.add_argument(
        "cards",
        nargs="+",
        help="the hand's cards, e.g. 'As Kd Qh Jc 9s 5d 2c' (Jk: the joker); tiles: '6-6 4-2 2-1 5-5'",
    )
    p.add_argument("--json", action="store_true", help="one JSON object for other programs")
    p.set_defaults(handler=run)


def chart_data(chart_id: str) -> dict[str, Any]:
    """The mapping of ``config/house_ways/<chart_id>.yaml``."""
    path = config_dir() / "house_ways" / f"{chart_id}.yaml"
    doc = load_yaml(path)
    if not isinstance(doc.data, dict):
        raise doc.error((), "a House Way chart is a mapping")
    return doc.data


def house_way_for(game: GameFile) -> tuple[PaiGowVariant, HouseWay]:
    """The variant model and its House Way chart; a game without one is a UserError saying so."""
    if "house_way" not in game.data:
        raise UserError(
            f"{game.id}: house-way is for games with a House Way (Pai Gow Poker), not {game.name}"
        )
    variant = PaiGowVariant.from_data(game.data)
    if variant.chart is None:
        raise UserError(
            f"{game.id}: {game.room} files no House Way chart (the player-dealer sets the hand); call the floor"
        )
    return variant, load_house_way(chart_data(variant.chart), variant.hand_rules)


def run(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    if family_of(game).house_way_pieces == "tiles":  # four tiles, not cards (docs/paigow-tiles.md)
        from terminal.commands.house_way_tiles import run_tiles

        return run_tiles(game, args)
    variant, way = house_way_for(game)
    cards = parse_cards(" ".join(args.cards))
    if not variant.deck.jokers and any(c.is_joker for c in cards):
        raise UserError(f"{game.id}: this game's deck has no joker")
    setting = set_house_way(cards, way)
    if args.json:
        out = setting.to_json()
        out["cite"] = setting.cite
        print(json.dumps(out))
        return 0
    rule = next(r for r in way.rules if r.name == setting.rule)
    print(f"front: {' '.join(str(c) for c in setting.front)}")
    print(f"back:  {' '.join(str(c) for c in setting.back)}")
    print(f"rule:  {setting.rule} — {rule.text} ({setting.cite})")
    return 0
