"""Ultimate Texas Hold'em's variant model (``config/games/ultimateholdem/*.yaml``), validated strictly.

Each player's Ante and Blind (equal) and the optional Trips against the player-dealer's two cards and five
community cards; one Play wager per hand, its size set by when it is made (before the flop, on the flop, at
the river); the player-dealer qualifies with a pair. The Play sizes, the qualifier, the Blind and Trips pay
tables and the settlement order are data; nothing here names a room. Bad data raises a
:class:`rules.gamefile.GameFileError` naming the field (``blind.pays.2.hand``).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from rules.errors import RulesError
from rules.evaluators.high import CATEGORIES
from rules.gamefile import AsTuple, FeesRef, GameFileBase, Ratio, Strict, validated

#: The four betting areas of a seat (000 L2792-2796), as the round records them.
SPOTS = ("ante", "blind", "trips", "play")
#: The categories a filing may name, best first (the evaluator's names; no joker).
HANDS = tuple(c for c in CATEGORIES if c not in ("Five Aces", "Five of a Kind"))


class UltimateHoldemDataError(RulesError, ValueError):
    """An Ultimate Texas Hold'em game file or round that is not well formed; ``where`` names the field."""

    def __init__(self, where: str, message: str) -> None:
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)


class _Strict(Strict):
    """A block of the game file (strict: unknown keys and wrong types are errors)."""


def _hand(v: str) -> str:
    if v not in HANDS:
        raise ValueError(f"{v!r} is not one of {list(HANDS)}")
    return v


class PayLine(_Strict):
    """One row of a pay table: the hand and what it pays to one."""

    hand: str
    pays: Ratio = Field(gt=0)

    @field_validator("hand")
    @classmethod
    def _known(cls, v: str) -> str:
        return _hand(v)


class Cite(_Strict):
    cite: str


class Hands(_Strict):
    hole: int = Field(ge=1)
    board: int = Field(ge=3)
    cite: str


class Qualify(_Strict):
    at_least: str
    cite: str

    @field_validator("at_least")
    @classmethod
    def _known(cls, v: str) -> str:
        return _hand(v)


class PlayStep(_Strict):
    """One chance to make the Play wager: its betting round, the multiples of the Ante allowed, and
    whether a player may check (wait) or must fold instead."""

    name: str
    times: Annotated[tuple[int, ...], AsTuple] = Field(min_length=1)
    otherwise: Literal["check", "fold"]
    cite: str


class Showdown(_Strict):
    """Win, lose or push against the player-dealer; the Ante pushes when the player-dealer does not
    qualify; the Blind pays its table on a win at or above ``blind_from``, pushes on a lesser win."""

    ante_and_play_pay: Ratio = Field(gt=0)
    not_qualified_ante: Literal["push"]
    tie: Literal["push"]
    cite: str


class PayTable(_Strict):
    pays: Annotated[tuple[PayLine, ...], AsTuple] = Field(min_length=1)
    cite: str

    @field_validator("pays")
    @classmethod
    def _best_first(cls, v: tuple[PayLine, ...]) -> tuple[PayLine, ...]:
        idx = [HANDS.index(p.hand) for p in v]
        if idx != sorted(set(idx)):
            raise ValueError("the rows are distinct hands, best first")
        return v

    def pays_for(self, category: str) -> Fraction | None:
        """What the table pays to one for a hand of ``category``, or None where no row names it."""
        return next((line.pays for line in self.pays if line.hand == category), None)

    @property
    def lowest(self) -> str:
        """The lowest hand the table pays."""
        return self.pays[-1].hand


class Blind(PayTable):
    on_lesser_win: Literal["push"]


class Trips(PayTable):
    on_fold: Literal["stays"]
    fold_cite: str


class Order(_Strict):
    """The order the house dealer settles in: folds first (as they fold), then seat by seat from the
    player-dealer's left, each seat's wagers in the order its result files."""

    start: Literal["left_of_player_dealer"]
    direction: Literal["clockwise"]
    fold: Annotated[tuple[str, ...], AsTuple]
    lose: Annotated[tuple[str, ...], AsTuple]
    win: Annotated[tuple[str, ...], AsTuple]
    push: Annotated[tuple[str, ...], AsTuple]
    cite: str

    @model_validator(mode="after")
    def _every_spot(self) -> Order:
        for name in ("fold", "lose", "win", "push"):
            got = getattr(self, name)
            if sorted(got) != sorted(SPOTS):
                raise ValueError(f"order.{name} lists {list(SPOTS)} once each, not {list(got)}")
        return self


class Variant(GameFileBase):
    """An Ultimate Texas Hold'em variant (the family's keys of its game file)."""

    family: Literal["ultimateholdem"]

    alternating_decks: Cite | None = None
    ranking: Cite
    hands: Hands
    ante_blind: Cite
    qualify: Qualify
    plays: Annotated[tuple[PlayStep, ...], AsTuple] = Field(min_length=1)
    one_play: Cite
    showdown: Showdown
    blind: Blind
    trips: Trips
    order: Order
    fees: FeesRef | None = None

    @model_validator(mode="after")
    def _last_step_folds(self) -> Variant:
        if self.plays[-1].otherwise != "fold":
            raise ValueError("plays: the last chance to play is play or fold")
        if any(p.otherwise != "check" for p in self.plays[:-1]):
            raise ValueError("plays: every chance before the last is play or check")
        return self

    def play_step(self, index: int) -> PlayStep | None:
        """The ``index``-th chance to play (0: before the flop), or None past the last."""
        return self.plays[index] if 0 <= index < len(self.plays) else None


def from_data(data: Mapping[str, Any]) -> Variant:
    """The variant of a game file's mapping: the family's schema is this model (strict; a
    :class:`rules.gamefile.GameFileError` names the field)."""
    return validated(Variant, data)
