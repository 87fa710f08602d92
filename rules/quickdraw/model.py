"""Cal Quick Draw Poker's variant model (``config/games/quickdraw/*.yaml``), validated strictly.

Each player's Play wager against the player-dealer's best five of seven (its five cards and two Draw
Cards), after the player draws 0-5 replacement cards; the Play's hand bonus on a straight or better; the
Quick Draw Bonus Bet on the first five cards; one 53-card deck with a fully wild joker. The pay tables, the
tie rule and the settlement order are data. Bad data raises a :class:`rules.gamefile.GameFileError` naming
the field (``bonus_bet.pays.2.hand``).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator

from rules.errors import RulesError
from rules.gamefile import AsTuple, FeesRef, GameFileBase, Ratio, Strict, validated

#: The hands of the filing's ranking, best first (L2101-2117): the royal flush is two lines, without and
#: with the joker.
HANDS = (
    "Five of a Kind",
    "Royal Flush (no Joker)",
    "Royal Flush (with Joker)",
    "Straight Flush",
    "Four of a Kind",
    "Full House",
    "Flush",
    "Straight",
    "Three of a Kind",
    "Two Pair",
    "One Pair",
    "High Card",
)


class QuickDrawDataError(RulesError, ValueError):
    """A Cal Quick Draw game file or round that is not well formed; ``where`` names the field."""

    def __init__(self, where: str, message: str) -> None:
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)


class _Strict(Strict):
    """A block of the game file (strict: unknown keys and wrong types are errors)."""


class Cite(_Strict):
    cite: str


class PayLine(_Strict):
    hand: str
    pays: Ratio = Field(gt=0)

    @field_validator("hand")
    @classmethod
    def _known(cls, v: str) -> str:
        if v not in HANDS:
            raise ValueError(f"{v!r} is not one of {list(HANDS)}")
        return v


class PayTable(_Strict):
    pays: Annotated[tuple[PayLine, ...], AsTuple] = Field(min_length=1)
    cite: str

    @field_validator("pays")
    @classmethod
    def _distinct(cls, v: tuple[PayLine, ...]) -> tuple[PayLine, ...]:
        hands = [p.hand for p in v]
        if len(set(hands)) != len(hands):
            raise ValueError("the rows are distinct hands (in the order the filing prints them)")
        return v

    def pays_for(self, hand: str) -> Fraction | None:
        """What the table pays to one for ``hand``, or None where no row names it."""
        return next((line.pays for line in self.pays if line.hand == hand), None)

    @property
    def lowest(self) -> str:
        """The lowest hand the table pays."""
        return max((p.hand for p in self.pays), key=HANDS.index)


class Draw(_Strict):
    max_cards: int = Field(ge=0, le=5)
    player_dealer_draw_cards: int = Field(ge=0, le=5)
    cite: str


class Play(_Strict):
    key: str
    pays: Ratio = Field(gt=0)
    tie: Literal["player"]
    cite: str
    hand_bonus: PayTable


class BonusBet(PayTable):
    key: str
    first_cards: int = Field(ge=5, le=5)
    extra_cards: Literal["no_action"]
    extra_cite: str


class Order(_Strict):
    start: Literal["left_of_player_dealer"]
    direction: Literal["clockwise"]
    grouping: Literal["wager"]
    cite: str


class Variant(GameFileBase):
    """A Cal Quick Draw Poker variant (the family's keys of its game file)."""

    family: Literal["quickdraw"]

    joker: Cite
    ranking: Cite
    draw: Draw
    play: Play
    bonus_bet: BonusBet
    order: Order
    fees: FeesRef | None = None

    @property
    def keys(self) -> tuple[str, ...]:
        """The wagers in the filed settlement order: every Play, then every Bonus Bet."""
        return (self.play.key, f"{self.play.key}-hand-bonus", self.bonus_bet.key)


def from_data(data: Mapping[str, Any]) -> Variant:
    """The variant of a game file's mapping: the family's schema is this model (strict; a
    :class:`rules.gamefile.GameFileError` names the field)."""
    return validated(Variant, data)
