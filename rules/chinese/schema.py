"""The schema of the chinese family's game files: strict pydantic models (``rules.gamefile``).

The one validator of a Chinese Poker file (``docs/chinese-poker.md``): an unknown key, a wrong type or a
value the engine cannot take (a rank or category it does not know, more than four hands from one deck, a
Pineapple packet that does not fill thirteen) is refused with its file, line and field when the catalogue
loads. :func:`rules.chinese.variant.parse_chinese` builds the engine's model from the validated section.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, model_validator

from kernel.errors import RulesError
from rules.chinese.naturals import NATURALS
from rules.decks import parse_rank
from rules.evaluators.high import CATEGORIES
from rules.gamefile import FeesOnlyBanking, GameFileBase, Strict, refuse

#: Five-card categories by name: their value code (``value >> 20``); a Royal Flush is a straight flush to the ace.
CATEGORY_CODE = {
    "High Card": 2,
    "One Pair": 4,
    "Two Pair": 6,
    "Three of a Kind": 8,
    "Straight": 10,
    "Flush": 12,
    "Full House": 14,
    "Four of a Kind": 16,
    "Straight Flush": 18,
    "Royal Flush": 18,
}


def rank_of(value: int | str) -> int:
    """A rank as the file writes it (``6``, ``10``, ``J``, ``A``), as its number."""
    try:
        return int(parse_rank(str(value)))
    except RulesError as exc:
        raise ValueError(str(exc)) from None


def _ranks(value: dict[int | str, int]) -> dict[int | str, int]:
    for k in value:
        rank_of(k)
    return value


def _categories(value: dict[str, int]) -> dict[str, int]:
    for k in value:
        if k not in CATEGORIES:
            raise ValueError(f"{k!r} is not a category (one of {', '.join(CATEGORIES)})")
    return value


def _natural(name: str) -> str:
    if name not in NATURALS:
        raise ValueError(f"one of {', '.join(NATURALS)}, not {name!r}")
    return name


def _category(name: str) -> str:
    if name not in CATEGORY_CODE:
        raise ValueError(f"a category name ({', '.join(CATEGORY_CODE)})")
    return name


#: Points by rank (``{6: 1, J: 6, A: 9}``); points are whole numbers from 0.
RankPoints = Annotated[dict[int | str, Annotated[int, Field(ge=0)]], AfterValidator(_ranks)]
#: Points by five-card category name.
CategoryPoints = Annotated[dict[str, Annotated[int, Field(ge=0)]], AfterValidator(_categories)]
#: A five-card category a Fantasy Land hand must make.
CategoryName = Annotated[str, AfterValidator(_category)]


class ChinesePlayers(Strict):
    """``chinese.players``: two to four hands of thirteen from one deck."""

    min: int = Field(2, ge=2)
    max: int = Field(4, le=4, description="at most four hands of thirteen from one deck")
    note: str | None = None

    @model_validator(mode="after")
    def _ordered(self) -> ChinesePlayers:
        if self.max < self.min:
            refuse(("max",), f"a whole number from {self.min}, not {self.max}", self.max)
        return self


class ChineseFoul(Strict):
    """``chinese.foul``: what a fouled hand loses per segment."""

    per_segment: int = Field(1, ge=1)
    choice: str | None = None
    note: str | None = None


class ChineseScoop(Strict):
    """``chinese.scoop``: Parkwest's Scoop Bonus."""

    points: int = Field(0, ge=0)
    on_fouls: bool = False
    note: str | None = None


class ChinesePineapple(Strict):
    """``chinese.pineapple``: five first, then packets of ``packet`` of which ``keep`` are placed."""

    first: int = Field(5, ge=1)
    packet: int = Field(3, ge=2)
    keep: int = Field(2, ge=1)
    note: str | None = None

    @model_validator(mode="after")
    def _fills(self) -> ChinesePineapple:
        if self.keep >= self.packet or (13 - self.first) % self.keep:
            refuse((), "keep fewer than a packet, and fill thirteen after the first")
        return self


class ChineseBonusFront(Strict):
    """``chinese.bonus.front``: points for a pair or trips in front, by rank."""

    pairs: RankPoints = {}
    trips: RankPoints = {}


class ChineseBonus(Strict):
    """``chinese.bonus``: points a hand earns from each opponent, won or lost."""

    note: str | None = None
    front: ChineseBonusFront | None = None
    middle: CategoryPoints | None = None
    back: CategoryPoints | None = None


class ChineseNatural(Strict):
    """``chinese.naturals[]``: a Clean Sweep, best first."""

    name: Annotated[str, AfterValidator(_natural)]
    points: int = Field(ge=1)
    note: str | None = None


class ChineseFantasyLandStay(Strict):
    """``chinese.fantasy_land.stay``."""

    back: CategoryName | None = None
    middle: CategoryName | None = None
    front: CategoryName | None = None


class ChineseFantasyLandDeal(Strict):
    """``chinese.fantasy_land.deal``: the next hand's deal to a player in Fantasy Land: ``cards`` (13 or
    more), ``with_first`` of them dealt with the others' first deal, ``discard`` discarded; thirteen placed."""

    cards: int = Field(default=13, ge=13)
    with_first: int = Field(default=0, ge=0)
    discard: int = Field(default=0, ge=0)
    lines: str

    @model_validator(mode="after")
    def _thirteen(self) -> ChineseFantasyLandDeal:
        if self.cards - self.discard != 13 or self.with_first >= self.cards:
            refuse((), "thirteen placed: cards less discard is 13, with_first under cards")
        return self


class ChineseFantasyLand(Strict):
    """``chinese.fantasy_land``."""

    enter_front_pair: Annotated[int | str, AfterValidator(rank_of)] | None = None
    stay: ChineseFantasyLandStay | None = None
    deal: ChineseFantasyLandDeal | None = None
    note: str | None = None
    choice: str | None = None


class Chinese(Strict):
    """``chinese``: the variant (``docs/chinese-poker.md``)."""

    players: ChinesePlayers = ChinesePlayers(min=2, max=4)
    point_cents: int = Field(100, ge=1)
    first_position: Literal["button", "left_of_button"] = "button"
    ties: Literal["push", "button_wins"] = "push"
    button_rotates: bool = Field(
        False, description="the action and dealer buttons move clockwise to the next player after each hand"
    )
    placement: Literal["set", "open"] = "set"
    foul: ChineseFoul = ChineseFoul(per_segment=1)
    scoop: ChineseScoop | None = None
    pineapple: ChinesePineapple | None = None
    bonus: ChineseBonus | None = None
    naturals: list[ChineseNatural] | None = None
    fantasy_land: ChineseFantasyLand | None = None
    note: str | None = None
    choice: str | None = None


class ChinesePokerFile(GameFileBase):
    """A chinese game file: the shared keys (:class:`rules.gamefile.GameFileBase`) and the family's own."""

    family: Literal["chinese"]
    chinese: Chinese
    banking: FeesOnlyBanking | None = None
