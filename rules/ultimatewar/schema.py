"""The schema of the ultimatewar family's game files: strict pydantic models (``rules.gamefile``).

Kept by hand beside the engine's own model (:mod:`rules.ultimatewar.model`): an unknown key or a wrong type
is refused with its file, line and field when the catalogue loads (``dealer-terminal games``, ``config
check``).
"""

from __future__ import annotations

from typing import Literal

from rules.gamefile import Cite, GameFileBase, PayFigure, Strict


class Decks(Strict):
    """``decks``: the numbers of decks the filing allows."""

    min: int
    max: int
    cite: Cite


class Citation(Strict):
    """A rule with only its cite (``shuffle_every_round``, ``ranking``)."""

    cite: Cite


class Hands(Strict):
    """``hands``: the names of the two community hands."""

    player: str
    banker: str
    cite: Cite


class EvenMoney(Strict):
    """``even_money``: the Player and Banker Bets."""

    pays: PayFigure
    push_when_winning_with: str
    cite: Cite


class WarPay(Strict):
    """``war_bet.pays[]``."""

    wars: int
    pays: PayFigure


class WarBet(Strict):
    """``war_bet``."""

    key: str
    pays: list[WarPay]
    or_more: bool
    cite: Cite


class Ultimate5(Strict):
    """``ultimate_5``."""

    rank: str
    before_war: PayFigure
    after_war: PayFigure
    cite: Cite


class WagerSpot(Strict):
    """``wagers[]``: a betting area, in the filed settlement order."""

    key: str
    name: str
    kind: Literal["base", "bonus"]


class Order(Strict):
    """``order``."""

    start: Literal["left_of_player_dealer"]
    direction: Literal["clockwise", "counterclockwise"]
    grouping: Literal["wager", "seat"]
    cite: Cite


class Fees(Strict):
    """``fees``."""

    game: str


class UltimateWarFile(GameFileBase):
    """An ultimatewar game file: the shared keys (:class:`rules.gamefile.GameFileBase`) and the family's own."""

    family: Literal["ultimatewar"]
    decks: Decks
    shuffle_every_round: Citation | None = None
    ranking: Citation
    hands: Hands
    even_money: EvenMoney
    war_bet: WarBet
    ultimate_5: Ultimate5
    wagers: list[WagerSpot]
    order: Order
    fees: Fees | None = None
