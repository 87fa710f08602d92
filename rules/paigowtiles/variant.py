"""A Pai Gow Tiles variant file (``config/games/paigowtiles/<room>.yaml``) as a strict, typed model.

Besides the common header (``rules.gamefile.HEADER_KEYS``) a file has ``tiles`` (the room's own names
for the kinds, where it files them), ``ties`` (copies; 0 against 0), ``house_way`` (the chart) and
``settlement``; docs/paigow-tiles.md describes each. An unknown or mistyped key is a VariantError naming it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import ValidationError, field_validator

from rules.banking.wagers import TABLE_LIMITS
from rules.errors import RulesError
from rules.gamefile import Cite, GameFileBase, Strict
from rules.paigowtiles.hands import Ties
from rules.paigowtiles.table_round import RoundRules
from rules.paigowtiles.tiles import KINDS, kind_by_name


class VariantError(RulesError, ValueError):
    """A Pai Gow Tiles variant file whose family keys are missing or malformed."""


class TileNames(Strict):
    """The room's names for tile kinds (``teen: Heaven``), where its filing gives them."""

    names: dict[str, str] = {}
    cite: Cite = ""

    @field_validator("names")
    @classmethod
    def _known(cls, v: dict[str, str]) -> dict[str, str]:
        for k in v:
            kind_by_name(k)  # a TileError (a ValueError) names the known kinds
        return v


class TiesModel(Strict):
    """Who wins a copy; whether 0 against 0 goes to the banker whatever the tiles."""

    copies: Literal["banker"]
    zero_zero: Literal["banker", "high_tile"]
    cite: Cite


class HouseWayRef(Strict):
    """The room's House Way chart: ``config/house_ways/<chart>.yaml``."""

    chart: str
    cite: Cite


class SettlementModel(Strict):
    """Even money on a win (both hands higher), a push when one is higher, the order wagers settle in."""

    pays: int = 1
    order: str
    cite: Cite


class TilesVariant(GameFileBase):
    """One room's Pai Gow Tiles: the shared keys (:class:`rules.gamefile.GameFileBase`) and the family's own;
    the family's strict schema (``rules/paigowtiles/schema.py``) and its engine model in one."""

    family: Literal["paigowtiles"]
    tiles: TileNames = TileNames()
    ties: TiesModel
    house_way: HouseWayRef
    settlement: SettlementModel
    #: The round at the table (rules.paigowtiles.table_round).
    round: RoundRules | None = None

    @property
    def tie_rules(self) -> Ties:
        """The evaluator's tie settings."""
        return Ties(copies=self.ties.copies, zero_zero=self.ties.zero_zero)

    def kind_name(self, kind: int) -> str:
        """The room's name for a kind where filed, else the Tres Lounge name."""
        for k, v in self.tiles.names.items():
            if kind_by_name(k) == kind:
                return v
        return KINDS[kind].name

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> TilesVariant:
        """Read a variant file's mapping; a VariantError names the file's id, the field and what is wrong."""
        gid = str(data.get("id", "?")) if isinstance(data, Mapping) else "?"
        try:
            # The table's posted limits ride in the game data (rules.banking.wagers.TABLE_LIMITS); the tiles
            # table checks them at its layout, so they are not part of the variant file's schema.
            return cls.model_validate({k: v for k, v in data.items() if k != TABLE_LIMITS})
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise VariantError(f"{gid}: {where}: {first['msg']}") from None
