"""The schema of the paigowtiles family's game files: strict pydantic models (``rules.gamefile``).

Written from the shipped files' keys and kept by hand: an unknown key or a wrong type is refused with its file,
line and field when the catalogue loads (``dealer-terminal games``, ``config check``). The family's engine
model is built from the same mapping by its own parser.
"""

from __future__ import annotations

from typing import Literal

from rules.gamefile import Cite, GameFileBase, PayFigure, Strict


class TilesNames(Strict):
    """``tiles.names``."""

    teen: str | None = None
    day: str
    yun: str | None = None
    gor: str
    mooy: str | None = None
    chong: str | None = None
    bon: str | None = None
    foo: str | None = None
    ping: str | None = None
    tit: str | None = None
    look: str | None = None


class Tiles(Strict):
    """``tiles``."""

    names: TilesNames
    cite: Cite


class Ties(Strict):
    """``ties``."""

    copies: str
    zero_zero: str
    cite: Cite


class HouseWay(Strict):
    """``house_way``."""

    chart: str
    cite: Cite


class Settlement(Strict):
    """``settlement``."""

    pays: PayFigure
    order: str
    cite: Cite


class PaiGowTilesFile(GameFileBase):
    """A paigowtiles game file: the shared keys (:class:`rules.gamefile.GameFileBase`) and the family's own."""

    family: Literal["paigowtiles"]
    tiles: Tiles | None = None
    ties: Ties
    house_way: HouseWay
    settlement: Settlement
