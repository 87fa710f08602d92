"""Ultimate War's variant model (``config/games/ultimatewar/*.yaml``), validated strictly.

Two one-card community hands, Player and Banker; ties go to war until one card is higher. The even-money
bets, the War Bet's table by the number of wars, the Ultimate 5 bets, the wager order and the deck range are
data. Bad data raises :class:`UltimateWarDataError` naming the field (``war_bet.pays.2.pays``).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, WithJsonSchema, field_validator, model_validator

from rules.cards import Rank
from rules.errors import RulesError
from rules.gamefile import AsTuple, FeesRef, GameFileBase, Ratio, Strict, validated


class UltimateWarDataError(RulesError, ValueError):
    """An Ultimate War game file that is not well formed; ``where`` names the field."""

    def __init__(self, where: str, message: str) -> None:
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)


class _Strict(Strict):
    """A block of the game file (strict: unknown keys and wrong types are errors)."""


def _rank(v: object) -> int:
    text = str(v).strip().upper()
    for r in Rank:
        if r.char == text or (text == "10" and r is Rank.TEN):
            return int(r.value)
    raise ValueError(f"a rank is one of A K Q J T 9 ... 2, not {v!r}")


#: A rank as the file writes it (``A``, ``K``, ``10``, ``5``), as its number.
RankNumber = Annotated[
    int,
    BeforeValidator(_rank),
    WithJsonSchema({"anyOf": [{"type": "integer", "minimum": 2, "maximum": 14}, {"type": "string"}]}),
]


class Cite(_Strict):
    cite: str


class Decks(_Strict):
    min: int = Field(ge=1)
    max: int = Field(ge=1, le=16)
    cite: str


class Hands(_Strict):
    player: str
    banker: str
    cite: str


class EvenMoney(_Strict):
    pays: Ratio
    push_when_winning_with: RankNumber
    cite: str


class WarPay(_Strict):
    wars: int = Field(ge=1)
    pays: Ratio = Field(gt=0)


class WarBet(_Strict):
    key: str
    pays: Annotated[tuple[WarPay, ...], AsTuple]
    or_more: bool
    cite: str

    @field_validator("pays")
    @classmethod
    def _ascending(cls, v: tuple[WarPay, ...]) -> tuple[WarPay, ...]:
        if [p.wars for p in v] != list(range(1, len(v) + 1)):
            raise ValueError("the rows are the first war, the second ... in order")
        return v

    def pays_for(self, wars: int) -> Fraction | None:
        """What ``wars`` wars pay to one, or None (no war, or past the table without ``or_more``)."""
        if wars < 1:
            return None
        if wars > len(self.pays):
            return self.pays[-1].pays if self.or_more else None
        return self.pays[wars - 1].pays


class Ultimate5(_Strict):
    rank: RankNumber
    before_war: Ratio = Field(gt=0)
    after_war: Ratio = Field(gt=0)
    cite: str


class WagerSpot(_Strict):
    key: str
    name: str
    kind: Literal["base", "bonus"]


class Order(_Strict):
    start: Literal["left_of_player_dealer"]
    direction: Literal["clockwise", "counterclockwise"]
    grouping: Literal["wager", "seat"]
    cite: str


class Variant(GameFileBase):
    """An Ultimate War variant (the family's keys of its game file)."""

    family: Literal["ultimatewar"]

    decks: Decks
    shuffle_every_round: Cite | None = None
    ranking: Cite
    hands: Hands
    even_money: EvenMoney
    war_bet: WarBet
    ultimate_5: Ultimate5
    wagers: Annotated[tuple[WagerSpot, ...], AsTuple]
    order: Order
    fees: FeesRef | None = None

    @model_validator(mode="after")
    def _keys(self) -> Variant:
        keys = [w.key for w in self.wagers]
        want = {"player", "banker", self.war_bet.key, "ultimate-5-player", "ultimate-5-banker"}
        if set(keys) != want or len(keys) != len(want):
            raise ValueError(f"wagers are {sorted(want)} once each, not {keys}")
        if self.decks.min > self.decks.max:
            raise ValueError("decks.min is above decks.max")
        return self

    @property
    def keys(self) -> tuple[str, ...]:
        """The wager keys in the filed settlement order."""
        return tuple(w.key for w in self.wagers)


def from_data(data: Mapping[str, Any]) -> Variant:
    """The variant of a game file's mapping: the family's schema is this model (strict; a
    :class:`rules.gamefile.GameFileError` names the field)."""
    return validated(Variant, data)
