"""The schema of the poker family's game files: strict pydantic models (``rules.gamefile``).

Written from the shipped files' keys and kept by hand: an unknown key or a wrong type is refused with its file,
line and field when the catalogue loads (``dealer-terminal games``, ``config check``). The family's engine
model is built from the same mapping by its own parser.
"""

from __future__ import annotations

from typing import Literal

from rules.gamefile import GameFileBase, Strict


class PokerHigh(Strict):
    """``poker.high``."""

    joker: str
    five_aces: bool
    flush_over_full_house: bool | None = None
    ranks_removed: list[int] | None = None


class PokerOddChip(Strict):
    """``poker.odd_chip``."""

    between_tied: str
    note: str | None = None
    between_halves: str | None = None
    choice: str | None = None


class PokerButton(Strict):
    """``poker.button``."""

    rotates: bool
    new_game: str
    note: str | None = None


class PokerBetting(Strict):
    """``poker.betting``."""

    structure: str
    small_bet: int | None = None
    big_bet: int | None = None
    big_from_round: int | None = None
    max_raises: int | None
    unlimited_heads_up: bool | None = None
    note: str
    min_bet: int | None = None
    max_bet: int | None = None


class PokerBlinds(Strict):
    """``poker.blinds[]``."""

    name: str
    cents: int


class PokerKillBlind(Strict):
    """``poker.kill.blind``."""

    name: str
    cents: int


class PokerKill(Strict):
    """``poker.kill``."""

    kind: str
    legs: int
    min_pot_cents: int | None = None
    blind: PokerKillBlind | None = None
    note: str | None = None


class PokerBringIn(Strict):
    """``poker.bring_in``."""

    card: str
    aces: str
    ties: str
    cents: int
    joker_up_as_ace: bool | None = None
    note: str | None = None


class PokerStudShortDeck(Strict):
    """``poker.stud_short_deck``."""

    burns: int
    community_over: None | int


class Poker(Strict):
    """``poker``."""

    game: str
    hole_cards: int
    high: PokerHigh | None = None
    suit_order: list[str]
    odd_chip: PokerOddChip
    chip_cents: int
    button: PokerButton
    ante_cents: int | None = None
    betting: PokerBetting
    high_hand: bool | None = None
    low: str | None = None
    low_joker: str | None = None
    blinds: list[PokerBlinds] | None = None
    kill: PokerKill | None = None
    use_hole: str | None = None
    wrong_hole_cards: str | None = None
    keeps: int | None = None
    premature_turn: str | None = None
    bring_in: PokerBringIn | None = None
    stud_short_deck: PokerStudShortDeck | None = None
    one_down_at_a_time: bool | None = None
    wild_face_down_joker: bool | None = None


class BankingFees(Strict):
    """``banking.fees``."""

    game: str


class Banking(Strict):
    """``banking``."""

    fees: BankingFees


class PokerFile(GameFileBase):
    """A poker game file: the shared keys (:class:`rules.gamefile.GameFileBase`) and the family's own."""

    family: Literal["draw", "holdem", "omaha", "stud"]
    engine: str
    poker: Poker
    banking: Banking | None = None
