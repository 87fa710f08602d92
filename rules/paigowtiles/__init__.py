"""Pai Gow Tiles: the 32 tiles, two-tile hands, House Ways as data, the exact analysis (docs/paigow-tiles.md)."""

from rules.paigowtiles.hands import Ties, outcome, strength
from rules.paigowtiles.house_way import Chart, TileSetting, load_chart, set_house_way
from rules.paigowtiles.round import FAMILY, TilesFamily  # registers the family
from rules.paigowtiles.tiles import ALL_TILES, KINDS, Tile, TileError, parse_tiles
from rules.paigowtiles.variant import TilesVariant, VariantError

__all__ = [
    "ALL_TILES",
    "FAMILY",
    "KINDS",
    "Chart",
    "Tile",
    "TileError",
    "TileSetting",
    "TilesFamily",
    "Ties",
    "TilesVariant",
    "VariantError",
    "load_chart",
    "outcome",
    "parse_tiles",
    "set_house_way",
    "strength",
]
