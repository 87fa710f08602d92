"""The schema of the panguingue family's game files: strict pydantic models (``rules.gamefile``).

The ``pan:`` section is also the family's typed variant (:class:`Pan`): the engine reads the validated model,
so the file is checked once, here.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.gamefile import GameFileBase, Strict


class PanRange(Strict):
    """A filed range (players, decks)."""

    min: int = Field(ge=1)
    max: int = Field(ge=1)
    note: str | None = None


class PanCondition(Strict):
    """``pan.conditions[]``: a meld every other player pays for at once (seed 001 L333-349).

    ``meld``: ``set`` or ``rope``; for a set, ``ranks`` (``valle`` or ``non_valle``) and ``suits`` (``same``:
    every card of one suit; ``mixed``: not); for a rope, ``cards``: the ranks it must hold. ``chips`` is what
    each other player pays, ``spades`` what he pays when the meld is in spades (none: the same)."""

    name: str
    meld: Literal["set", "rope"]
    ranks: Literal["valle", "non_valle"] | None = None
    suits: Literal["same", "mixed"] | None = None
    cards: list[int | str] | None = None
    chips: int = Field(ge=0)
    spades: int | None = Field(default=None, ge=0)
    lines: str


class PanGoingOut(Strict):
    """``pan.going_out``: what each other player pays the player who goes out (seed 001 L350-351)."""

    cards: int = Field(ge=3)
    chips: int = Field(ge=0)
    conditions_again: bool
    lines: str


class PanFirstDeal(Strict):
    """``pan.first_deal``: on a table's first hand (no winner yet) the card of each player's first five that
    is dealt face up, the lowest of which is the eldest hand (seed 001 L295-297)."""

    face_up: int = Field(ge=1)
    lines: str


class Pan(Strict):
    """``pan``."""

    players: PanRange
    decks: PanRange
    hand: int = Field(ge=1)
    order: list[int | str]
    valle: list[int | str]
    non_comoquers: list[int | str]
    conditions: list[PanCondition]
    going_out: PanGoingOut
    first_deal: PanFirstDeal
    note: str | None = None


class BankingFees(Strict):
    """``banking.fees``."""

    game: str


class Banking(Strict):
    """``banking``."""

    fees: BankingFees


class PanguingueFile(GameFileBase):
    """A panguingue game file: the shared keys (:class:`rules.gamefile.GameFileBase`) and the family's own."""

    family: Literal["panguingue"]
    pan: Pan
    banking: Banking | None = None
