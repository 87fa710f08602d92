"""The schema of the poker family's game files: strict pydantic models (``rules.gamefile``).

The one validator of a poker file (draw, holdem, omaha, stud): an unknown key, a wrong type or a value the
engine cannot take is refused with its file, line and field when the catalogue loads (``dealer-terminal
games``, ``config check``). :func:`rules.poker.variant.parse_poker` builds the engine's model from the
validated ``poker:`` section.
"""

from __future__ import annotations

from typing import Annotated, Final, Literal

from pydantic import AfterValidator, Field, model_validator

from kernel.cards import Rank, Suit
from kernel.errors import RulesError
from rules.decks import parse_rank
from rules.gamefile import FeesOnlyBanking, GameFileBase, Strict, refuse


def _ranks_removed(value: list[int | str]) -> list[int | str]:
    ranks = [parse_rank_text(r) for r in value]
    if Rank.ACE in ranks or len(set(ranks)) > 8:
        raise ValueError("a stripped deck keeps its aces and at least five ranks")
    return value


def parse_rank_text(value: int | str) -> Rank:
    """A rank as the file writes it (``6``, ``T``, ``J``)."""
    try:
        return parse_rank(str(value))
    except RulesError as exc:
        raise ValueError(str(exc)) from None


#: Whole cents from 0.
Cents = Annotated[int, Field(ge=0)]


class PokerHigh(Strict):
    """``poker.high``: the high hand's ranking (:class:`rules.evaluators.high.HighRules`)."""

    joker: Literal["none", "bug", "wild"] = "none"
    five_aces: bool = True
    wheel: Literal["lowest", "second"] = "lowest"
    flush_over_full_house: bool = False
    ranks_removed: Annotated[list[int | str], AfterValidator(_ranks_removed)] = []


class PokerOddChip(Strict):
    """``poker.odd_chip``: who gets an odd chip."""

    between_tied: Literal["left_of_button", "seat_one", "highest_card_by_suit", "lowest_card_by_suit"] = (
        "left_of_button"
    )
    note: str | None = None
    between_halves: Literal["high"] = Field("high", description="high (every filing that says)")
    choice: str | None = None


class PokerButton(Strict):
    """``poker.button``."""

    rotates: bool = True
    new_game: Literal["high_card_by_suit", "none"] = "high_card_by_suit"
    note: str | None = None


class PokerBetting(Strict):
    """``poker.betting``: the structure and its amounts in cents."""

    structure: Literal["limit", "no_limit", "spread_limit", "pot_limit"] = "limit"
    small_bet: Cents = 0
    big_bet: Cents = 0
    big_from_round: int = 3
    max_raises: Annotated[int, Field(ge=0)] | None = 3
    unlimited_heads_up: bool = True
    note: str | None = None
    min_bet: Cents = 0
    max_bet: Cents = 0


class PokerBlind(Strict):
    """``poker.blinds[]`` and ``poker.kill.blind``."""

    name: str | None = None
    cents: Cents = 0


class PokerKill(Strict):
    """``poker.kill``."""

    kind: Literal["none", "full", "half"] = "none"
    legs: int = 2
    min_pot_cents: Cents = 0
    blind: PokerBlind | None = None
    note: str | None = None
    choice: str | None = None


class PokerBringIn(Strict):
    """``poker.bring_in``."""

    card: Literal["low", "high"] = "low"
    aces: Literal["high", "low"] = "high"
    ties: Literal["suit", "first_dealt"] = "suit"
    cents: Cents = 0
    joker_up_as_ace: bool = False
    note: str | None = None


class PokerStudShortDeck(Strict):
    """``poker.stud_short_deck``."""

    burns: int = 4
    community_over: int | None = None
    note: str | None = None


def _suit_order(value: list[str]) -> list[str]:
    if sorted(value) != sorted(SUITS):
        raise ValueError("the four suits, lowest first: [clubs, diamonds, hearts, spades]")
    return value


#: The suits by name, for ``suit_order``.
SUITS: Final = {"clubs": Suit.CLUBS, "diamonds": Suit.DIAMONDS, "hearts": Suit.HEARTS, "spades": Suit.SPADES}


class Poker(Strict):
    """``poker``: the variant (``docs/poker.md``); absent keys take the engine's defaults."""

    game: Literal["board", "stud", "draw"]
    hole_cards: int | None = Field(None, ge=1, le=7)
    board_cards: int | None = None
    use_hole: Literal["any", "exactly_two"] = "any"
    high: PokerHigh | None = None
    high_hand: bool = True
    low: Literal["none", "eight_or_better", "any"] = "none"
    low_joker: Literal["none", "lowest_missing", "ace"] = "none"
    wild_face_down_joker: bool = False
    suit_order: Annotated[list[str], AfterValidator(_suit_order)] | None = None
    odd_chip: PokerOddChip | None = None
    chip_cents: int = Field(1, ge=1)
    button: PokerButton | None = None
    blinds: list[PokerBlind] | None = None
    ante_cents: Cents = 0
    bring_in: PokerBringIn | None = None
    betting: PokerBetting | None = None
    kill: PokerKill | None = None
    stud_short_deck: PokerStudShortDeck | None = None
    keeps: int | None = Field(None, ge=1)
    premature_turn: Literal["reshuffle", "river_in_turns_place"] = "reshuffle"
    wrong_hole_cards: Literal["none", "misdeal_before_two_acted", "fix_before_player_acts"] = "none"
    one_down_at_a_time: bool = False
    note: str | None = None
    choice: str | None = None

    def hole(self) -> int:
        """The hole cards, or the game's default (board 2, stud 7, draw 5)."""
        return self.hole_cards if self.hole_cards is not None else {"board": 2, "stud": 7, "draw": 5}[self.game]

    @model_validator(mode="after")
    def _whole(self) -> Poker:
        if self.keeps is not None and self.keeps > self.hole():
            refuse(("keeps",), "the number of his own cards a player keeps, 1 to hole_cards", self.keeps)
        if not self.high_hand and self.low == "none":
            refuse(("low",), "a game with no high hand plays a low (any)", self.low)
        return self


class PokerFile(GameFileBase):
    """A poker game file: the shared keys (:class:`rules.gamefile.GameFileBase`) and the family's own."""

    family: Literal["draw", "holdem", "omaha", "stud"]
    engine: str
    poker: Poker
    banking: FeesOnlyBanking | None = None
