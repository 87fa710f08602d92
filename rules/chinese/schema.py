"""The schema of the chinese family's game files: strict pydantic models (``rules.gamefile``).

Written from the shipped files' keys and kept by hand: an unknown key or a wrong type is refused with its file,
line and field when the catalogue loads (``dealer-terminal games``, ``config check``). The family's engine
model is built from the same mapping by its own parser.
"""

from __future__ import annotations

from typing import Literal

from rules.gamefile import GameFileBase, Strict


class ChinesePlayers(Strict):
    """``chinese.players``."""

    min: int
    max: int
    note: str


class ChineseFoul(Strict):
    """``chinese.foul``."""

    per_segment: int
    choice: str | None = None
    note: str | None = None


class ChineseScoop(Strict):
    """``chinese.scoop``: Parkwest's Scoop Bonus."""

    points: int
    on_fouls: bool = False
    note: str | None = None


class ChinesePineapple(Strict):
    """``chinese.pineapple``: five first, then packets of ``packet`` of which ``keep`` are placed."""

    first: int = 5
    packet: int = 3
    keep: int = 2
    note: str | None = None


class ChineseBonusFront(Strict):
    """``chinese.bonus.front``."""

    pairs: dict[int | str, int]
    trips: dict[int | str, int]


class ChineseBonus(Strict):
    """``chinese.bonus``."""

    note: str
    front: ChineseBonusFront
    middle: dict[str, int]
    back: dict[str, int]


class ChineseNaturals(Strict):
    """``chinese.naturals[]``."""

    name: str
    points: int


class ChineseFantasyLandStay(Strict):
    """``chinese.fantasy_land.stay``."""

    back: str
    middle: str
    front: str


class ChineseFantasyLandDeal(Strict):
    """``chinese.fantasy_land.deal``: the next hand's deal to a player in Fantasy Land."""

    cards: int
    with_first: int = 0
    discard: int = 0
    lines: str


class ChineseFantasyLand(Strict):
    """``chinese.fantasy_land``."""

    enter_front_pair: str
    stay: ChineseFantasyLandStay
    deal: ChineseFantasyLandDeal | None = None
    note: str


class Chinese(Strict):
    """``chinese``."""

    players: ChinesePlayers
    point_cents: int
    first_position: str
    ties: str
    placement: str
    foul: ChineseFoul
    scoop: ChineseScoop | None = None
    pineapple: ChinesePineapple | None = None
    bonus: ChineseBonus | None = None
    naturals: list[ChineseNaturals] | None = None
    fantasy_land: ChineseFantasyLand | None = None


class BankingFees(Strict):
    """``banking.fees``."""

    game: str


class Banking(Strict):
    """``banking``."""

    fees: BankingFees


class ChinesePokerFile(GameFileBase):
    """A chinese game file: the shared keys (:class:`rules.gamefile.GameFileBase`) and the family's own."""

    family: Literal["chinese"]
    chinese: Chinese
    banking: Banking | None = None
