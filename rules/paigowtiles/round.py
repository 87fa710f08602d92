"""The Pai Gow Tiles family's contract with the rest of the program (:class:`rules.round.family.Family`).

What is written: the game files' model, the House Way chart and the stored counts as data files, the exact
analysis, and ``pieces = "tiles"``: the round engine takes the round start and the three dice (the game
file's ``deal:`` is its dice phase); the tiles, the setting and the settlement are the family's own round
(``rules.paigowtiles.table_round``), which the terminal's tiles table journals beside it
(docs/paigow-tiles.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel

from rules.analysis import Analysis
from rules.paigowtiles.variant import TilesVariant
from rules.round.family import BaseFamily, PerGame, Progress, register_family

if TYPE_CHECKING:
    from rules.round.state import RoundState


class TilesFamily(BaseFamily):
    """Pai Gow Tiles: the model of its game files, its data files and its analysis."""

    schema: ClassVar[type[BaseModel] | None] = TilesVariant
    #: The House Way sets four tiles into a high and a low pair (``dealer-terminal house-way``).
    house_way_pieces: ClassVar[str] = "tiles"
    #: The round is played with tiles: the round engine takes the round start and the dice, the tiles are
    #: this family's round (``rules.paigowtiles.table_round``; the table: ``terminal/tiles_table.py``).
    pieces: ClassVar[str] = "tiles"

    def wager_spots(self, state: RoundState) -> list[str]:
        """The betting spots of a position: the round's ``wager_order`` (Tres Lounge: the seat's player, then
        its backline bettor, seed 002 L744), else the one ``main`` wager."""
        return list(_spots(state))

    def parse_variant(self, data: Mapping[str, Any]) -> TilesVariant:
        """The typed variant (a :class:`rules.paigowtiles.variant.VariantError` names what is wrong)."""
        return TilesVariant.from_data(data)

    def data_files(self, data: Mapping[str, Any]) -> dict[str, str]:
        """The House Way chart (``config/house_ways/paigowtiles/<room>.yaml``)."""
        return {"house_way_chart": f"house_ways/{TilesVariant.from_data(data).house_way.chart}.yaml"}

    def analysis_files(self, data: Mapping[str, Any]) -> dict[str, str]:
        """The chart and the stored pair counts (:func:`rules.paigowtiles.analyze.data_files`)."""
        from rules.paigowtiles.analyze import data_files

        return data_files(data)

    def analyze(
        self, data: Mapping[str, Any], decks: int | None, progress: Progress | None = None
    ) -> Analysis:
        """Every hand class's probability and the wager against the player-dealer (:mod:`rules.paigowtiles.analyze`)."""
        from rules.paigowtiles.analyze import analyze

        return analyze(data, decks, progress)


def _wager_order(state: RoundState) -> tuple[str, ...]:
    """The round block's ``wager_order`` (the game data also holds the chart the terminal read for it)."""
    from rules.paigowtiles.table_round import round_rules

    raw = state.game.data.get("round")
    order = round_rules(state.game.data).wager_order if raw is not None else []
    return tuple(order) or ("main",)


_spots = PerGame(_wager_order)

FAMILY = TilesFamily()
register_family("paigowtiles", FAMILY)
