"""A pot poker variant as typed data: the ``poker:`` section of a game file.

Hold'em, Omaha, Big O, Pineapple, 7 Card Stud, Razz, Mexican Stud, Draw and Lowball differ here by data,
not by code. The keys (every one optional but ``game``; see ``docs/poker.md``)::

    poker:
      game: board            # board (Hold'em, Omaha, Big O, Pineapple), stud, or draw
      hole_cards: 2          # 2 Hold'em, 3 Pineapple, 4 Omaha, 5 Big O, 7 stud (all own cards), 5 draw
      use_hole: any          # any (Hold'em: two, one or none) or exactly_two (Omaha, Big O)
      high: {joker: none, five_aces: true, wheel: lowest, flush_over_full_house: false, ranks_removed: []}
      high_hand: true        # false where only the low plays (Razz, Lowball)
      low: none              # none, eight_or_better (split games), any (Razz, Lowball)
      low_joker: none        # none, lowest_missing (Lowball), ace (Omaha with a joker)
      wild_face_down_joker: false   # Mexican Stud: a joker dealt face down is fully wild
      suit_order: [clubs, diamonds, hearts, spades]   # lowest to highest
      odd_chip: {between_halves: high, between_tied: left_of_button}
      chip_cents: 100        # the smallest chip: pots split in whole chips
      button: {rotates: true, new_game: high_card_by_suit}
      blinds: [{name: small blind, cents: 100}, {name: big blind, cents: 300}]
      ante_cents: 0
      bring_in: {card: low, aces: high, ties: suit, joker_up_as_ace: false, cents: 100}
      betting: {structure: limit, small_bet: 300, big_bet: 600, big_from_round: 3, max_raises: 3,
                unlimited_heads_up: true}
      kill: {kind: full, legs: 2, min_pot_cents: 2000}
      stud_short_deck: {burns: 4, community_over: 5}
      keeps: 2               # Pineapple: each player discards down to two before the flop
      premature_turn: reshuffle            # or river_in_turns_place (Omaha with a joker, 004 S13 rule 6)
      wrong_hole_cards: none               # misdeal_before_two_acted (S8), fix_before_player_acts (S13 rule 3)
      one_down_at_a_time: false            # Mexican Stud: only one card face down at a time

The section is checked by the family's schema (:mod:`rules.poker.schema`; a
:class:`rules.gamefile.GameFileError` names the field, ``poker.betting.max_raises``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from rules.cards import Rank, Suit
from rules.evaluators.high import HighRules, JokerMode
from rules.evaluators.low import LowJoker
from rules.gamefile import validated
from rules.poker.schema import SUITS, Poker, parse_rank_text


class GameKind(Enum):
    """How the cards are dealt: community board, stud streets, or a draw."""

    BOARD = "board"
    STUD = "stud"
    DRAW = "draw"


class LowKind(Enum):
    """Which low hand plays: none, an 8-or-better half, or the low for the whole pot (Razz, Lowball)."""

    NONE = "none"
    EIGHT_OR_BETTER = "eight_or_better"
    ANY = "any"


class TieOrder(Enum):
    """Who gets the odd chip between tied hands (each is filed by some room).

    ``left_of_button``: the first tied seat clockwise from the button (seed 002 §10-14, 000a §17,
    001 G05/G13, 003 §5); ``seat_one``: the tied hand closest to seat one (seed 000 L31);
    ``highest_card_by_suit`` / ``lowest_card_by_suit``: the tied player holding the highest (lowest)
    card, suits breaking rank ties (seed 001 G01, G03; G02, G04).
    """

    LEFT_OF_BUTTON = "left_of_button"
    SEAT_ONE = "seat_one"
    HIGHEST_CARD_BY_SUIT = "highest_card_by_suit"
    LOWEST_CARD_BY_SUIT = "lowest_card_by_suit"


class Structure(Enum):
    """The betting structure."""

    LIMIT = "limit"
    NO_LIMIT = "no_limit"
    SPREAD_LIMIT = "spread_limit"
    POT_LIMIT = "pot_limit"


@dataclass(frozen=True, slots=True)
class Blind:
    """A blind posted before the deal, in seat order from the button's left."""

    name: str
    cents: int


@dataclass(frozen=True, slots=True)
class BringIn:
    """Stud's forced opening bet on the first round.

    ``card``: ``low`` (7 Card Stud, seed 000 L7, 001 G03) or ``high`` (Stud Hi-Lo at The 101, seed 000
    L18; Razz, 001 G04; Mexican Stud at Tres Lounge, seed 002 L996). ``aces``: ``high`` or ``low``
    (Razz: aces low). ``ties``: ``suit`` (by ``suit_order``) or ``first_dealt`` (the first player to
    receive a card, seed 002 L996). ``joker_up_as_ace``: a face-up joker counts as an ace (seed 002 L996).
    """

    card: str = "low"
    aces: str = "high"
    ties: str = "suit"
    joker_up_as_ace: bool = False
    cents: int = 0


@dataclass(frozen=True, slots=True)
class Betting:
    """Limits and the raise cap of each betting round."""

    structure: Structure = Structure.LIMIT
    small_bet: int = 0
    big_bet: int = 0
    big_from_round: int = 3
    max_raises: int | None = 3
    unlimited_heads_up: bool = True
    min_bet: int = 0
    max_bet: int = 0

    def bet_size(self, betting_round: int) -> int:
        """The fixed bet of a limit game on round ``betting_round`` (1-based)."""
        return self.big_bet if betting_round >= self.big_from_round else self.small_bet


@dataclass(frozen=True, slots=True)
class Kill:
    """Kill pots (seed 004 L1234-1265): after ``legs`` pots in a row of at least ``min_pot_cents`` the
    winner kills the next pot; ``full`` doubles the limits, ``half`` raises them by half. ``blind``: the
    killer's extra blind, entered as his round_start wager on the spot of that name (Winner Lowball, seed
    001 L99-102: the last winner posts it; :func:`rules.poker.kill.kill_seat`)."""

    kind: str = "none"
    legs: int = 2
    min_pot_cents: int = 0
    blind: Blind | None = None

    @property
    def factor(self) -> tuple[int, int]:
        """The limit multiplier as a fraction: full 2/1, half 3/2, none 1/1."""
        return {"full": (2, 1), "half": (3, 2)}.get(self.kind, (1, 1))


@dataclass(frozen=True, slots=True)
class PokerVariant:
    """A pot poker variant (see the module docstring for the keys)."""

    game: GameKind
    hole_cards: int = 2
    board_cards: int = 5
    use_hole: str = "any"
    high: HighRules = field(default_factory=HighRules)
    high_hand: bool = True
    low: LowKind = LowKind.NONE
    low_joker: LowJoker = LowJoker.NONE
    wild_face_down_joker: bool = False
    suit_order: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
    odd_chip_halves: str = "high"
    odd_chip_tied: TieOrder = TieOrder.LEFT_OF_BUTTON
    chip_cents: int = 1
    button_rotates: bool = True
    new_game_button: str = "high_card_by_suit"
    blinds: tuple[Blind, ...] = ()
    ante_cents: int = 0
    bring_in: BringIn | None = None
    betting: Betting = field(default_factory=Betting)
    kill: Kill = field(default_factory=Kill)
    short_deck_burns: int = 4
    community_over: int | None = None
    keeps: int | None = None
    premature_turn: str = "reshuffle"
    wrong_hole_cards: str = "none"
    one_down_at_a_time: bool = False

    @property
    def split(self) -> bool:
        """Whether the pot splits high and low (8 or better)."""
        return self.high_hand and self.low is LowKind.EIGHT_OR_BETTER

    def suit_rank(self, suit: Suit) -> int:
        """0 for the lowest suit of the filed order."""
        return self.suit_order.index(suit)


def parse_poker(data: Any, path: str = "poker") -> PokerVariant:
    """The typed variant from a game file's ``poker:`` mapping, validated by the family's schema
    (:class:`rules.poker.schema.Poker`); a :class:`rules.gamefile.GameFileError` names the field."""
    return from_section(validated(Poker, data, (path,)))


def from_section(p: Poker) -> PokerVariant:
    """The engine's model of a validated ``poker:`` section."""
    game = GameKind(p.game)
    kw: dict[str, Any] = {}
    if p.high is not None:
        h = p.high
        kw["high"] = HighRules(
            joker=JokerMode(h.joker),
            wheel=h.wheel,
            five_aces=h.five_aces,
            flush_over_full_house=h.flush_over_full_house,
            ranks_removed=frozenset(parse_rank_text(r) for r in h.ranks_removed),
        )
    if p.suit_order is not None:
        kw["suit_order"] = tuple(SUITS[s] for s in p.suit_order)
    if p.odd_chip is not None:
        kw["odd_chip_halves"] = p.odd_chip.between_halves
        kw["odd_chip_tied"] = TieOrder(p.odd_chip.between_tied)
    if p.button is not None:
        kw["button_rotates"] = p.button.rotates
        kw["new_game_button"] = p.button.new_game
    elif game is GameKind.STUD:
        # "A 'Dealers Button' is not utilized in Stud games" (seed 000 L17): stud moves one only where filed.
        kw["button_rotates"] = False
    if p.blinds is not None:
        kw["blinds"] = tuple(Blind(b.name or f"blind {i + 1}", b.cents) for i, b in enumerate(p.blinds))
    if p.bring_in is not None:
        b = p.bring_in
        kw["bring_in"] = BringIn(b.card, b.aces, b.ties, b.joker_up_as_ace, b.cents)
    if p.betting is not None:
        bt = p.betting
        kw["betting"] = Betting(
            Structure(bt.structure),
            bt.small_bet,
            bt.big_bet,
            bt.big_from_round,
            bt.max_raises,
            bt.unlimited_heads_up,
            bt.min_bet,
            bt.max_bet,
        )
    if p.kill is not None:
        k = p.kill
        blind = None if k.blind is None else Blind(k.blind.name or "kill blind", k.blind.cents)
        kw["kill"] = Kill(k.kind, k.legs, k.min_pot_cents, blind)
    if p.stud_short_deck is not None:
        kw["short_deck_burns"] = p.stud_short_deck.burns
        kw["community_over"] = p.stud_short_deck.community_over
    return PokerVariant(
        game=game,
        hole_cards=p.hole(),
        board_cards=p.board_cards if p.board_cards is not None else (5 if game is GameKind.BOARD else 0),
        use_hole=p.use_hole,
        high_hand=p.high_hand,
        low=LowKind(p.low),
        low_joker=LowJoker(p.low_joker),
        wild_face_down_joker=p.wild_face_down_joker,
        chip_cents=p.chip_cents,
        ante_cents=p.ante_cents,
        keeps=p.keeps,
        premature_turn=p.premature_turn,
        wrong_hole_cards=p.wrong_hole_cards,
        one_down_at_a_time=p.one_down_at_a_time,
        **kw,
    )


#: ``premature_turn``: ``reshuffle`` (the premature card is reshuffled and the turn dealt, seed 004 S8) or
#: ``river_in_turns_place`` (burn again and deal the river card as the turn, the river with no burn after
#: the reshuffle, seed 004 S13 dealing rule 6).
PREMATURE_TURN = ("reshuffle", "river_in_turns_place")
#: ``wrong_hole_cards``: the filed misdeal window (see :func:`rules.poker.irregular.wrong_hole_cards`);
#: ``none``: the ``irregularities:`` table alone rules.
WRONG_HOLE_CARDS = ("none", "misdeal_before_two_acted", "fix_before_player_acts")


def high_rank_of(rank: Rank | None, aces: str = "high") -> int:
    """A card's rank for high-card comparisons: the ace 14 (or 1 with ``aces: low``); the joker 0."""
    if rank is None:
        return 0
    return 1 if (rank is Rank.ACE and aces == "low") else rank.value
