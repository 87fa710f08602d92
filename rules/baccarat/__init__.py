"""The Baccarat family: punto banco variants as data, the tableau, the coup, settlement, exact analysis.

Super Pan 9 and Fast Nine (Pan 9 games, not punto banco) have their own small engine in
:mod:`rules.baccarat.pan9`; :func:`from_data` picks the engine from the file's ``game:`` key.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.baccarat.coup import Coup, CoupResult, CoupState, baccarat_total, follow, next_card
from rules.baccarat.model import (
    BaccaratDataError,
    Cite,
    Tableau,
    Variant,
    card_points,
    punto_banco,
    punto_banco_from_data,
)
from rules.baccarat.pan9 import Pan9Variant
from rules.baccarat.round import FAMILY, BaccaratFamily  # registers the round engine's hooks
from rules.baccarat.schema import BaccaratFile
from rules.baccarat.settle import Settlement, settle, wager_problems
from rules.gamefile import validated

__all__ = [
    "FAMILY",
    "BaccaratDataError",
    "BaccaratFamily",
    "Cite",
    "Coup",
    "CoupResult",
    "CoupState",
    "Pan9Variant",
    "Settlement",
    "Tableau",
    "Variant",
    "baccarat_total",
    "card_points",
    "follow",
    "from_data",
    "next_card",
    "punto_banco_from_data",
    "settle",
    "wager_problems",
]


def from_data(data: Mapping[str, Any], settings: Mapping[str, bool] | None = None) -> Variant | Pan9Variant:
    """A variant file's mapping as a typed model: a punto banco :class:`Variant` or a :class:`Pan9Variant`.

    ``settings`` overrides the file's marked settings (punto banco only). The family's schema
    (:class:`rules.baccarat.schema.BaccaratFile`) validates the file; a :class:`rules.gamefile.GameFileError`
    names the field.
    """
    f = validated(BaccaratFile, data)
    if f.game == "pan9":
        from rules.baccarat.pan9 import from_file as pan9_from_file

        if settings:
            raise BaccaratDataError("settings", "Pan 9 games have no settings")
        return pan9_from_file(f)
    return punto_banco(f, settings)
