"""``dealer-terminal house-way paigowtiles/<room> "TILES" [--json]``: the House Way setting of four tiles.

The game file names its chart (``house_way: {chart: paigowtiles/<room>}``), kept in
``config/house_ways/paigowtiles/<room>.yaml``. ``--json`` gives the docs/architecture.md §4 object (``front``
the low hand, ``back`` the high) with ``high``/``low``, each hand in words, the rule and its cite.
"""

from __future__ import annotations

import argparse
import json

from rules.paigowtiles.house_way import Chart, load_chart, set_house_way
from rules.paigowtiles.tiles import parse_tiles, tiles_text
from rules.paigowtiles.variant import TilesVariant
from terminal.games import GameFile
from terminal.paths import config_dir
from terminal.yamlfile import load_yaml


def tiles_chart(game: GameFile) -> tuple[TilesVariant, Chart]:
    """The variant model and its House Way chart."""
    variant = TilesVariant.from_data(game.data)
    doc = load_yaml(config_dir() / "house_ways" / f"{variant.house_way.chart}.yaml")
    if not isinstance(doc.data, dict):
        raise doc.error((), "a House Way chart is a mapping")
    return variant, load_chart(doc.data)


def run_tiles(game: GameFile, args: argparse.Namespace) -> int:
    """Set the tiles given on the command line and print the setting."""
    _, chart = tiles_chart(game)
    setting = set_house_way(parse_tiles(" ".join(args.cards)), chart)
    out = setting.to_json()
    if args.json:
        out["cite"] = setting.cite
        print(json.dumps(out))
        return 0
    rule = chart.rule(setting.rule)
    print(f"high: {tiles_text(setting.high)}  ({out['high_hand']})")
    print(f"low:  {tiles_text(setting.low)}  ({out['low_hand']})")
    print(f"rule: {setting.rule} — {rule.text} ({setting.cite})")
    return 0
