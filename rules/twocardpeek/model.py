"""Two Card Peek's variant model (``config/games/twocardpeek/*.yaml``), validated strictly.

Three rows (A, B, C) of two cards, then three more cards each; Pick Row wagers on the highest two-card
hand, the 2 Card Poker and Super Bet placed before the deal, the Peek Bonus placed after the two-card hands
are settled. Every pay table, limit, qualifier and the settlement order are data; nothing here names a room.
Bad data raises :class:`TwoCardPeekDataError` naming the field (``peek.pays.3.hand``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from rules.errors import RulesError
from rules.gamefile import AsTuple, FeesRef, GameFileBase, Ratio, Strict, validated

#: The five-card lines of the Super Bet and Peek tables (the evaluator's category names).
FIVE_CARD_LINES = (
    "Royal Flush",
    "Straight Flush",
    "Four of a Kind",
    "Full House",
    "Flush",
    "Straight",
    "Three of a Kind",
    "Two Pair",
)
#: The two-card lines of the 2 Card Poker table, best first.
TWO_CARD_LINES = ("Mini Royal", "Straight Flush", "Pair", "Straight", "Flush")


class TwoCardPeekDataError(RulesError, ValueError):
    """A Two Card Peek game file that is not well formed; ``where`` names the field."""

    def __init__(self, where: str, message: str) -> None:
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)


class _Strict(Strict):
    """A block of the game file (strict: unknown keys and wrong types are errors)."""


class PayLine(_Strict):
    """One row of a pay table: the hand, what it pays to one, and (Peek) whether the row began as a pair."""

    hand: str
    pays: Ratio = Field(gt=0)
    row_pair: bool | None = None


class Rows(_Strict):
    names: Annotated[tuple[str, str, str], AsTuple]
    cite: str


class Qualify(_Strict):
    at_least: Literal["ten high"]
    cite: str


class PickPays(_Strict):
    one_row: Ratio = Field(gt=0)
    two_rows: Ratio = Field(gt=0)
    cite: str


class PickRow(_Strict):
    spots: dict[str, Annotated[tuple[str, ...], AsTuple]]
    cite: str
    qualify: Qualify
    pays: PickPays
    tie: Literal["push", "win"]

    @field_validator("spots")
    @classmethod
    def _spots(cls, v: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
        for spot, rows in v.items():
            if len(rows) not in (1, 2) or len(set(rows)) != len(rows):
                raise ValueError(f"{spot}: a Pick Row wager names one row or two different rows")
        return v


class TwoCardPoker(_Strict):
    spots: dict[str, str]
    needs_pick_row: bool
    cite: str
    pays: Annotated[tuple[PayLine, ...], AsTuple]
    pays_cite: str

    @field_validator("pays")
    @classmethod
    def _lines(cls, v: tuple[PayLine, ...]) -> tuple[PayLine, ...]:
        return _known(v, TWO_CARD_LINES)


class SuperBet(_Strict):
    spot: str
    stake_cents: int = Field(gt=0)
    needs_pick_row: bool
    cite: str
    pays: Annotated[tuple[PayLine, ...], AsTuple]
    pays_cite: str

    @field_validator("pays")
    @classmethod
    def _lines(cls, v: tuple[PayLine, ...]) -> tuple[PayLine, ...]:
        return _known(v, FIVE_CARD_LINES)


class Peek(_Strict):
    spot_prefix: str
    max_cents: int = Field(gt=0)
    needs_pick_row: bool
    one_per_player: bool
    cite: str
    pays: Annotated[tuple[PayLine, ...], AsTuple]
    pays_cite: str

    @field_validator("pays")
    @classmethod
    def _lines(cls, v: tuple[PayLine, ...]) -> tuple[PayLine, ...]:
        return _known(v, FIVE_CARD_LINES)


class Order(_Strict):
    first: Annotated[tuple[str, ...], AsTuple]
    then: Annotated[tuple[str, ...], AsTuple]
    direction: Literal["clockwise"]
    start: Literal["dealer_left"]
    cite: str


class Variant(GameFileBase):
    """A Two Card Peek variant (the family's keys of its game file)."""

    family: Literal["twocardpeek"]

    rows: Rows
    pick_row: PickRow
    two_card_poker: TwoCardPoker
    super_bet: SuperBet
    peek: Peek
    order: Order
    fees: FeesRef | None = None

    @model_validator(mode="after")
    def _consistent(self) -> Variant:
        names = set(self.rows.names)
        for spot, rows in self.pick_row.spots.items():
            if not set(rows) <= names:
                raise ValueError(f"pick_row.spots.{spot} names a row that is not one of {sorted(names)}")
        for spot, row in self.two_card_poker.spots.items():
            if row not in names:
                raise ValueError(
                    f"two_card_poker.spots.{spot} names a row that is not one of {sorted(names)}"
                )
        ordered = (*self.order.first, *self.order.then)
        missing = [s for s in self.spots() if s not in ordered]
        if missing:
            raise ValueError(f"order does not place {missing}")
        return self

    def peek_spot(self, row: str) -> str:
        """The Peek Bonus spot of a row (``peek-a``)."""
        return f"{self.peek.spot_prefix}{row.lower()}"

    def peek_row(self, spot: str) -> str | None:
        """The row a Peek spot names, or None."""
        for r in self.rows.names:
            if spot == self.peek_spot(r):
                return r
        return None

    def spots(self) -> tuple[str, ...]:
        """Every wager spot, in the filed settlement order (pre-deal spots, then the Peek spots)."""
        out = [*self.pick_row.spots, *self.two_card_poker.spots, self.super_bet.spot]
        out += [self.peek_spot(r) for r in self.rows.names]
        return tuple(out)

    def pre_deal_spots(self) -> tuple[str, ...]:
        """The spots taken before the deal (every spot but the Peek)."""
        return (*self.pick_row.spots, *self.two_card_poker.spots, self.super_bet.spot)

    def row_index(self, row: str) -> int:
        """The 1-based box of a row (A is 1)."""
        return self.rows.names.index(row) + 1


def _known(lines: tuple[PayLine, ...], allowed: tuple[str, ...]) -> tuple[PayLine, ...]:
    for i, line in enumerate(lines):
        if line.hand not in allowed:
            raise ValueError(f"line {i}: {line.hand!r} is not one of {list(allowed)}")
    return lines


def from_data(data: Mapping[str, Any]) -> Variant:
    """The variant of a game file's mapping: the family's schema is this model (strict; a
    :class:`rules.gamefile.GameFileError` names the field)."""
    return validated(Variant, data)
