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

Errors are :class:`PokerDataError` naming the field (``poker.betting.max_raises``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from rules.cards import Rank, Suit
from rules.decks import parse_rank
from rules.errors import RulesError
from rules.evaluators.high import HighRules, JokerMode
from rules.evaluators.low import LowJoker


class PokerDataError(RulesError, ValueError):
    """A ``poker:`` section that is not well formed; ``path`` names the field."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        super().__init__(f"{path}: {message}")


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


_SUITS = {"clubs": Suit.CLUBS, "diamonds": Suit.DIAMONDS, "hearts": Suit.HEARTS, "spades": Suit.SPADES}


def _get(d: Mapping[str, Any], key: str, path: str, kinds: tuple[type, ...], default: Any) -> Any:
    v = d.get(key, default)
    if v is default:
        return v
    if isinstance(v, bool) and bool not in kinds:
        raise PokerDataError(f"{path}.{key}", f"expected {'/'.join(k.__name__ for k in kinds)}, not {v!r}")
    if not isinstance(v, kinds):
        raise PokerDataError(f"{path}.{key}", f"expected {'/'.join(k.__name__ for k in kinds)}, not {v!r}")
    return v


def _enum(cls: type[Any], v: Any, path: str) -> Any:
    try:
        return cls(v)
    except ValueError:
        raise PokerDataError(
            path, f"unknown value {v!r} (one of {', '.join(m.value for m in cls)})"
        ) from None


def _mapping(v: Any, path: str, allowed: set[str]) -> Mapping[str, Any]:
    if not isinstance(v, Mapping):
        raise PokerDataError(path, "expected a mapping")
    unknown = set(map(str, v)) - allowed
    if unknown:
        raise PokerDataError(
            f"{path}.{sorted(unknown)[0]}", f"unknown key (one of {', '.join(sorted(allowed))})"
        )
    return v


def _cents(d: Mapping[str, Any], key: str, path: str) -> int:
    v = _get(d, key, path, (int,), 0)
    if v < 0:
        raise PokerDataError(f"{path}.{key}", "amounts are whole cents from 0")
    return int(v)


_TOP = {
    "game", "hole_cards", "board_cards", "use_hole", "high", "high_hand", "low", "low_joker",
    "wild_face_down_joker", "suit_order", "odd_chip", "chip_cents", "button", "blinds", "ante_cents",
    "bring_in", "betting", "kill", "stud_short_deck", "keeps", "note", "choice",
    "premature_turn", "wrong_hole_cards", "one_down_at_a_time",
}  # fmt: skip


def parse_poker(data: Any, path: str = "poker") -> PokerVariant:
    """The typed variant from a game file's ``poker:`` mapping; raises :class:`PokerDataError`."""
    d = _mapping(data, path, _TOP)
    if "game" not in d:
        raise PokerDataError(f"{path}.game", "required: board, stud or draw")
    game = _enum(GameKind, d["game"], f"{path}.game")
    default_hole = {GameKind.BOARD: 2, GameKind.STUD: 7, GameKind.DRAW: 5}[game]
    kw: dict[str, Any] = {"game": game}
    kw["hole_cards"] = _get(d, "hole_cards", path, (int,), default_hole)
    if not 1 <= kw["hole_cards"] <= 7:
        raise PokerDataError(f"{path}.hole_cards", "1 to 7")
    kw["board_cards"] = _get(d, "board_cards", path, (int,), 5 if game is GameKind.BOARD else 0)
    keeps = d.get("keeps")
    if keeps is not None and (
        not isinstance(keeps, int) or isinstance(keeps, bool) or not 1 <= keeps <= kw["hole_cards"]
    ):
        raise PokerDataError(f"{path}.keeps", "the number of his own cards a player keeps, 1 to hole_cards")
    kw["keeps"] = keeps
    use = _get(d, "use_hole", path, (str,), "any")
    if use not in ("any", "exactly_two"):
        raise PokerDataError(f"{path}.use_hole", "any or exactly_two")
    kw["use_hole"] = use
    if "high" in d:
        h = _mapping(
            d["high"],
            f"{path}.high",
            {"joker", "five_aces", "wheel", "flush_over_full_house", "ranks_removed"},
        )
        try:
            kw["high"] = HighRules(
                joker=_enum(JokerMode, h.get("joker", "none"), f"{path}.high.joker"),
                wheel=h.get("wheel", "lowest"),
                five_aces=bool(h.get("five_aces", True)),
                flush_over_full_house=bool(h.get("flush_over_full_house", False)),
                ranks_removed=frozenset(parse_rank(r) for r in h.get("ranks_removed", []) or []),
            )
        except RulesError as exc:
            if isinstance(exc, PokerDataError):
                raise
            raise PokerDataError(f"{path}.high", str(exc)) from None
    kw["high_hand"] = _get(d, "high_hand", path, (bool,), True)
    kw["low"] = _enum(LowKind, d.get("low", "none"), f"{path}.low")
    kw["low_joker"] = _enum(LowJoker, d.get("low_joker", "none"), f"{path}.low_joker")
    if not kw["high_hand"] and kw["low"] is LowKind.NONE:
        raise PokerDataError(f"{path}.low", "a game with no high hand plays a low (any)")
    kw["wild_face_down_joker"] = _get(d, "wild_face_down_joker", path, (bool,), False)
    if "suit_order" in d:
        so = d["suit_order"]
        if not isinstance(so, list) or sorted(map(str, so)) != sorted(_SUITS):
            raise PokerDataError(
                f"{path}.suit_order", "the four suits, lowest first: [clubs, diamonds, hearts, spades]"
            )
        kw["suit_order"] = tuple(_SUITS[str(s)] for s in so)
    if "odd_chip" in d:
        oc = _mapping(d["odd_chip"], f"{path}.odd_chip", {"between_halves", "between_tied", "note", "choice"})
        halves = oc.get("between_halves", "high")
        if halves not in ("high",):
            raise PokerDataError(f"{path}.odd_chip.between_halves", "high (every filing that says)")
        kw["odd_chip_halves"] = halves
        kw["odd_chip_tied"] = _enum(
            TieOrder, oc.get("between_tied", "left_of_button"), f"{path}.odd_chip.between_tied"
        )
    kw["chip_cents"] = _get(d, "chip_cents", path, (int,), 1)
    if kw["chip_cents"] < 1:
        raise PokerDataError(f"{path}.chip_cents", "a chip is at least one cent")
    if "button" in d:
        b = _mapping(d["button"], f"{path}.button", {"rotates", "new_game", "note"})
        kw["button_rotates"] = _get(b, "rotates", f"{path}.button", (bool,), True)
        ng = b.get("new_game", "high_card_by_suit")
        if ng not in ("high_card_by_suit", "none"):
            raise PokerDataError(f"{path}.button.new_game", "high_card_by_suit or none")
        kw["new_game_button"] = ng
    if "blinds" in d:
        bl = d["blinds"]
        if not isinstance(bl, list):
            raise PokerDataError(f"{path}.blinds", "a list of {name, cents}, from the button's left")
        out = []
        for i, x in enumerate(bl):
            m = _mapping(x, f"{path}.blinds.{i}", {"name", "cents"})
            out.append(Blind(str(m.get("name", f"blind {i + 1}")), _cents(m, "cents", f"{path}.blinds.{i}")))
        kw["blinds"] = tuple(out)
    kw["ante_cents"] = _cents(d, "ante_cents", path)
    if "bring_in" in d:
        p = f"{path}.bring_in"
        m = _mapping(d["bring_in"], p, {"card", "aces", "ties", "joker_up_as_ace", "cents", "note"})
        bi = BringIn(
            card=str(m.get("card", "low")),
            aces=str(m.get("aces", "high")),
            ties=str(m.get("ties", "suit")),
            joker_up_as_ace=bool(m.get("joker_up_as_ace", False)),
            cents=_cents(m, "cents", p),
        )
        if bi.card not in ("low", "high"):
            raise PokerDataError(f"{p}.card", "low or high")
        if bi.aces not in ("high", "low"):
            raise PokerDataError(f"{p}.aces", "high or low")
        if bi.ties not in ("suit", "first_dealt"):
            raise PokerDataError(f"{p}.ties", "suit or first_dealt")
        kw["bring_in"] = bi
    if "betting" in d:
        p = f"{path}.betting"
        m = _mapping(
            d["betting"],
            p,
            {
                "structure",
                "small_bet",
                "big_bet",
                "big_from_round",
                "max_raises",
                "unlimited_heads_up",
                "min_bet",
                "max_bet",
                "note",
            },
        )
        mr = m.get("max_raises", 3)
        if mr is not None and (not isinstance(mr, int) or isinstance(mr, bool) or mr < 0):
            raise PokerDataError(f"{p}.max_raises", "a whole number, or null for no cap")
        kw["betting"] = Betting(
            structure=_enum(Structure, m.get("structure", "limit"), f"{p}.structure"),
            small_bet=_cents(m, "small_bet", p),
            big_bet=_cents(m, "big_bet", p),
            big_from_round=_get(m, "big_from_round", p, (int,), 3),
            max_raises=mr,
            unlimited_heads_up=_get(m, "unlimited_heads_up", p, (bool,), True),
            min_bet=_cents(m, "min_bet", p),
            max_bet=_cents(m, "max_bet", p),
        )
    if "kill" in d:
        p = f"{path}.kill"
        m = _mapping(d["kill"], p, {"kind", "legs", "min_pot_cents", "blind", "note", "choice"})
        kb = None
        if "blind" in m:
            b = _mapping(m["blind"], f"{p}.blind", {"name", "cents"})
            kb = Blind(str(b.get("name", "kill blind")), _cents(b, "cents", f"{p}.blind"))
        k = Kill(str(m.get("kind", "none")), _get(m, "legs", p, (int,), 2), _cents(m, "min_pot_cents", p), kb)
        if k.kind not in ("none", "full", "half"):
            raise PokerDataError(f"{p}.kind", "none, full or half")
        kw["kill"] = k
    if "stud_short_deck" in d:
        p = f"{path}.stud_short_deck"
        m = _mapping(d["stud_short_deck"], p, {"burns", "community_over", "note"})
        kw["short_deck_burns"] = _get(m, "burns", p, (int,), 4)
        co = m.get("community_over")
        if co is not None and (not isinstance(co, int) or isinstance(co, bool)):
            raise PokerDataError(f"{p}.community_over", "a whole number of players, or null")
        kw["community_over"] = co
    pt = _get(d, "premature_turn", path, (str,), "reshuffle")
    if pt not in PREMATURE_TURN:
        raise PokerDataError(f"{path}.premature_turn", f"one of {', '.join(PREMATURE_TURN)}")
    kw["premature_turn"] = pt
    wh = _get(d, "wrong_hole_cards", path, (str,), "none")
    if wh not in WRONG_HOLE_CARDS:
        raise PokerDataError(f"{path}.wrong_hole_cards", f"one of {', '.join(WRONG_HOLE_CARDS)}")
    kw["wrong_hole_cards"] = wh
    kw["one_down_at_a_time"] = _get(d, "one_down_at_a_time", path, (bool,), False)
    return PokerVariant(**kw)


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
