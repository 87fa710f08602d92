"""The schema of the twocardpeek family's game files: strict pydantic models (``rules.gamefile``).

Written from the shipped files' keys and kept by hand: an unknown key or a wrong type is refused with its file,
line and field when the catalogue loads (``dealer-terminal games``, ``config check``). The family's engine
model is built from the same mapping by its own parser.
"""

from __future__ import annotations

from typing import Literal

from rules.gamefile import Cite, GameFileBase, PayFigure, Strict


class Rows(Strict):
    """``rows``."""

    names: list[str]
    cite: Cite


class PickRowQualify(Strict):
    """``pick_row.qualify``."""

    at_least: str
    cite: Cite


class PickRowPays(Strict):
    """``pick_row.pays``."""

    one_row: int
    two_rows: int
    cite: Cite


class PickRow(Strict):
    """``pick_row``."""

    spots: dict[str, list[str]]
    cite: Cite
    qualify: PickRowQualify
    pays: PickRowPays
    tie: str


class TwoCardPokerPays(Strict):
    """``two_card_poker.pays[]``."""

    hand: str
    pays: PayFigure


class TwoCardPoker(Strict):
    """``two_card_poker``."""

    spots: dict[str, str]
    needs_pick_row: bool
    cite: Cite
    pays: list[TwoCardPokerPays]
    pays_cite: str


class SuperBetPays(Strict):
    """``super_bet.pays[]``."""

    hand: str
    pays: PayFigure


class SuperBet(Strict):
    """``super_bet``."""

    spot: str
    stake_cents: int
    needs_pick_row: bool
    cite: Cite
    pays: list[SuperBetPays]
    pays_cite: str


class PeekPays(Strict):
    """``peek.pays[]``."""

    hand: str
    pays: PayFigure
    row_pair: bool | None = None


class Peek(Strict):
    """``peek``."""

    spot_prefix: str
    max_cents: int
    needs_pick_row: bool
    one_per_player: bool
    cite: Cite
    pays: list[PeekPays]
    pays_cite: str


class Order(Strict):
    """``order``."""

    first: list[str]
    then: list[str]
    direction: str
    start: str
    cite: Cite


class Fees(Strict):
    """``fees``."""

    game: str


class TwoCardPeekFile(GameFileBase):
    """A twocardpeek game file: the shared keys (:class:`rules.gamefile.GameFileBase`) and the family's own."""

    family: Literal["twocardpeek"]
    rows: Rows
    pick_row: PickRow
    two_card_poker: TwoCardPoker
    super_bet: SuperBet
    peek: Peek
    order: Order
    fees: Fees
