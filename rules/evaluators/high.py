"""Five-card high poker hands: best five of 5..9 cards, Omaha's two-plus-three, joker modes and room options.

Ranking, high to low, as the Pai Gow Poker filings print it (seed 000 L3816-3830, The 101 Casino;
seed 002 L352-365 Fortune Pai Gow Poker and L511-639 Pai Gow Poker, Tres Lounge; seed 004 L2955-2975
Face Up Pai Gow Poker, Casino Marysville)::

    Five Aces / Five of a Kind > Royal Flush > Straight Flush > Four of a Kind > Full House > Flush
    > Straight > Three of a Kind > Two Pair > One Pair > High Card

Suits never break ties. The ace is high, or low at the bottom of a straight (A-2-3-4-5, "the wheel");
there is no wrap-around (Q-K-A-2-3 is not a straight).

Room options, in :class:`HighRules` (the family's variant data sets them):

* ``joker``: ``NONE``; ``BUG`` (the California bug: the joker plays as an ace, or as the card that
  completes a straight, flush or straight flush — in a flush it becomes the highest card of the suit not
  already in the hand, so there is no "double-ace flush"; seed 000 L38, L3804, L3816, L5556); ``WILD``
  (fully wild: any card not already in the hand, or the fifth card of four of a kind; seed 000 L2093 Cal
  Quick Draw, L141-142 and seed 002 L966-968 a joker dealt face down in stud).
* ``wheel``: ``"lowest"`` (every filing that says: seed 002 L362-364, seed 004 L2965-2975, catalog 000b
  §9 and §11) or ``"second"`` (A-2-3-4-5 just below A-K-Q-J-10, as a straight and as a straight flush — a
  house rule of some California rooms, filed by none of ours: catalog 002 §4, 004 S3 note it).
* ``five_aces``: four aces and the joker rank above the royal flush (seed 000 L3822, seed 002 L355,
  seed 004 L2960); with a wild joker, five of a kind of any rank (Mexican Stud, seed 002 L972). Where False
  (seed 004 S13's Omaha with a joker lists no Five Aces), four aces and the joker are four aces with an ace
  kicker (bug), or four of a kind with the joker as another card (wild).
* ``flush_over_full_house``: the flush ranks above the full house (Mexican Stud, seed 002 L972-981).
* ``ranks_removed``: a stripped deck; straights run over the ranks that remain (Mexican Stud: 8, 9 and 10
  removed, so A-K-Q-J-7 is the royal and 4-5-6-7-J a straight; seed 002 L960-985).

Values (``HandRank.value``, and the ints of :func:`rank5_fast` and friends) are larger-is-better ints,
equal on a tie, comparable between hands evaluated under the same rules. A value is
``code << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5``: the category code (high card 2, pair 4,
two pair 6, trips 8, straight 10, flush 12 — 15 where it ranks above the full house —, full house 14,
quads 16, straight flush 18, five of a kind 20) then the ranks (2..14) that break ties, in the order they
count. A straight carries its top card and a flag that is 1 only for the wheel filed second-highest.
:func:`category_of` names any value. Over the 2,598,960 hands of a 52-card deck there are exactly 7,462.

Fast path: :func:`rank5_fast` and :func:`rank7_fast` take card indices (``Card.index``, 0..51, joker 52)
and use lookup tables built once per rule set, on first use (:func:`fast_rankers`; the standard rules'
on the first access to ``rank5_fast`` and friends, not at import). They do not check their input;
:func:`evaluate_high` does. :func:`rank7_fast` (any rule set without a joker) sums a second, smaller card
key that CPython adds without multi-digit ints (see :mod:`rules.evaluators._high_tables`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from itertools import combinations
from typing import Final, Literal

from rules.cards import ALL_CARDS, JOKER_INDEX, Card, Rank
from rules.errors import HandError
from rules.evaluators import _high_tables as _t
from rules.evaluators.handrank import HandRank

__all__ = [
    "CATEGORIES",
    "FastRankers",
    "HighRules",
    "JokerMode",
    "category_of",
    "evaluate_high",
    "evaluate_omaha",
    "fast_rankers",
    "rank5_fast",
    "rank6_fast",
    "rank7_fast",
]


class JokerMode(Enum):
    """What the joker may stand for in a high hand."""

    NONE = "none"
    BUG = "bug"
    WILD = "wild"


@dataclass(frozen=True, slots=True)
class HighRules:
    """A room's high-hand options (see the module docstring for the filings behind each)."""

    joker: JokerMode = JokerMode.NONE
    wheel: Literal["lowest", "second"] = "lowest"
    five_aces: bool = True
    flush_over_full_house: bool = False
    ranks_removed: frozenset[Rank] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        if not isinstance(self.joker, JokerMode):
            raise HandError(f"joker mode must be one of none, bug, wild, not {self.joker!r}")
        if self.wheel not in ("lowest", "second"):
            raise HandError(f"wheel must be 'lowest' or 'second', not {self.wheel!r}")
        # any iterable of ranks will do; kept as a frozenset so the rules hash (tables are cached by them)
        object.__setattr__(self, "ranks_removed", frozenset(self.ranks_removed))
        if not all(isinstance(r, Rank) for r in self.ranks_removed):
            raise HandError(f"ranks_removed holds ranks (rules.cards.Rank), not {set(self.ranks_removed)!r}")
        if Rank.ACE in self.ranks_removed or len(self.ranks_removed) > 8:
            raise HandError("a stripped deck keeps its aces and at least five ranks")


#: Category names, best first (under the default rules; a room may file the flush above the full house).
CATEGORIES: Final = (
    "Five Aces",
    "Five of a Kind",
    "Royal Flush",
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


def category_of(value: int) -> str:
    """The category name of a value made by this module ("Royal Flush", "Two Pair", ...)."""
    return _t.category_name(value)


@dataclass(frozen=True, slots=True)
class FastRankers:
    """The fast rankers of one rule set. Each takes card indices and returns the value; no checks."""

    rules: HighRules
    rank5: Callable[[Sequence[int]], int]
    rank6: Callable[[Sequence[int]], int]
    rank7: Callable[[Sequence[int]], int]
    tables: _t.Tables


def _make(rules: HighRules) -> FastRankers:
    tables = _t.build(
        _t.Options(
            joker=rules.joker.value,
            wheel_second=rules.wheel == "second",
            five_of_a_kind=rules.five_aces,
            flush_over_full_house=rules.flush_over_full_house,
            removed=sum(1 << (r.value - 2) for r in rules.ranks_removed),
        )
    )
    first, card, nonflush, flush5 = tables.first, tables.card, tables.nonflush, tables.flush5
    flush_value, flush_joker, suit_bits = tables.flush_value, tables.flush_joker, tables.suit_bits
    suit_of_bits = {0x8: 0, 0x80: 1, 0x800: 2, 0x8000: 3}
    joker_digit = _t.JOKER_DIGIT

    def rank5(hand: Sequence[int]) -> int:
        a, b, c, d, e = hand
        k = first[a] + card[b] + card[c] + card[d] + card[e]
        if k & 0x8888:
            return flush5[k >> 16]
        return nonflush[k >> 16]

    def _flush(hand: Sequence[int], k: int) -> int:
        # five or more of one suit among six or seven cards: only one suit can have them
        bits = suit_bits[suit_of_bits[k & 0x8888]]
        mask = 0
        for i in hand:
            mask |= bits[i]
        ranks = k >> 16
        if ranks >= joker_digit:
            return max(flush_joker[mask], nonflush[ranks])
        # without a joker, five suited cards among seven leave no room for quads or a full house
        return flush_value[mask]

    def rank7_wide(hand: Sequence[int]) -> int:
        a, b, c, d, e, f, g = hand
        k = first[a] + card[b] + card[c] + card[d] + card[e] + card[f] + card[g]
        if k & 0x8888:
            return _flush(hand, k)
        return nonflush[k >> 16]

    def rank7_small(
        hand: Sequence[int],
        _first: tuple[int, ...] = tables.first7,
        _card: tuple[int, ...] = tables.card7,
        _flush7: tuple[bool, ...] = tables.flush7,
        _slots: tuple[int, ...] = tables.slots7,
        _rows: tuple[int, ...] = _t.ROWS7,
        _wide: Callable[[Sequence[int]], int] = rank7_wide,
    ) -> int:
        # the small key (see rules.evaluators._high_tables): single-digit int adds; the tables are
        # defaults so they load as locals; a flush (about 3% of hands) takes the wide key; otherwise the
        # value's slot is the row's offset plus the column (rules.evaluators._rank7_rows; 20 = 8 + 12,
        # 1024 = _t.ROW_BIAS, 4095 the column mask, literals so they load as constants)
        a, b, c, d, e, f, g = hand
        k = _first[a] + _card[b] + _card[c] + _card[d] + _card[e] + _card[f] + _card[g]
        if _flush7[k & 0xFF]:
            return _wide(hand)
        return _slots[_rows[(k >> 20) + 1024] + (k >> 8 & 4095)]

    assert _t.ROW_BIAS == 1024 and _t.RANK7_SHIFT + _t.ROW_SHIFT == 20
    rank7 = rank7_small if tables.slots7 else rank7_wide

    def rank6(hand: Sequence[int]) -> int:
        a, b, c, d, e, f = hand
        k = first[a] + card[b] + card[c] + card[d] + card[e] + card[f]
        if k & 0x8888:
            return _flush(hand, k)
        return nonflush[k >> 16]

    return FastRankers(rules, rank5, rank6, rank7, tables)


@lru_cache(maxsize=64)
def fast_rankers(rules: HighRules = HighRules()) -> FastRankers:
    """The fast rankers for a rule set; tables are built on first use (well under a second) and cached."""
    return _make(rules)


def _check(cards: Sequence[Card], rules: HighRules, what: str) -> list[int]:
    seen: set[int] = set()
    out: list[int] = []
    for c in cards:
        if not isinstance(c, Card):
            raise HandError(f"{what}: {c!r} is not a card")
        i = c.index
        if i in seen:
            raise HandError(f"{what}: {c} appears twice (one deck holds each card once)")
        if i == JOKER_INDEX:
            if rules.joker is JokerMode.NONE:
                raise HandError(f"{what}: the joker {c} is not in play in this game")
        elif c.rank in rules.ranks_removed:
            raise HandError(f"{what}: {c} is not in this stripped deck")
        seen.add(i)
        out.append(i)
    return out


_GROUP_ORDER: Final = {
    _t.FOUR_OF_A_KIND,
    _t.FULL_HOUSE,
    _t.THREE_OF_A_KIND,
    _t.TWO_PAIR,
    _t.ONE_PAIR,
}


def _display(indices: Sequence[int], value: int) -> tuple[Card, ...]:
    """The five cards in the order a dealer reads them: sets first, then kickers; straights top down."""
    cards = [ALL_CARDS[i] for i in indices]
    real = [c for c in cards if not c.is_joker]
    joker = [c for c in cards if c.is_joker]
    code = value >> _t.CATEGORY_SHIFT

    def rank_of(c: Card) -> int:
        return c.rank.value if c.rank is not None else 15

    if code in _GROUP_ORDER:
        counts: dict[int, int] = {}
        for c in real:
            counts[rank_of(c)] = counts.get(rank_of(c), 0) + 1
        real.sort(key=lambda c: (counts[rank_of(c)], rank_of(c), c.index), reverse=True)
    else:
        low_ace = code in (_t.STRAIGHT, _t.STRAIGHT_FLUSH) and (value >> 16) & 0xF != 14
        real.sort(key=lambda c: (1 if low_ace and rank_of(c) == 14 else rank_of(c), c.index), reverse=True)
    return (*real, *joker)


def _best(indices: list[int], fast: FastRankers) -> tuple[int, tuple[int, ...]]:
    """The best value of the hand and the first five cards (in the given order) that make it."""
    n = len(indices)
    if n == 5:
        return fast.rank5(indices), tuple(indices)
    if n == 6:
        value = fast.rank6(indices)
    elif n == 7:
        value = fast.rank7(indices)
    else:
        value = max(fast.rank7(seven) for seven in combinations(indices, 7))
    rank5 = fast.rank5
    return value, next(five for five in combinations(indices, 5) if rank5(five) == value)


def evaluate_high(cards: Sequence[Card], rules: HighRules = HighRules()) -> HandRank:
    """The best five-card high hand among 5 to 9 cards, with the cards it uses (in display order).

    Raises :class:`~rules.errors.HandError` for the wrong number of cards, a repeated card, a joker
    where the game has none, or a card of a rank stripped from the deck.
    """
    if not 5 <= len(cards) <= 9:
        raise HandError(f"a high hand is the best five of 5 to 9 cards, not {len(cards)}")
    # sorted, so that the cards shown are the same whatever order the cards came in
    indices = sorted(_check(cards, rules, "high hand"), reverse=True)
    fast = fast_rankers(rules)
    value, used = _best(indices, fast)
    return HandRank(value, _t.category_name(value), _display(used, value))


def evaluate_omaha(hole: Sequence[Card], board: Sequence[Card], rules: HighRules = HighRules()) -> HandRank:
    """Omaha high: the best hand of exactly two hole cards and exactly three board cards.

    Four hole cards for Omaha, five for Big O (the same rule); the board holds three to five cards.
    """
    if not 2 <= len(hole) <= 6:
        raise HandError(f"Omaha plays two of 2 to 6 hole cards, not {len(hole)}")
    if not 3 <= len(board) <= 5:
        raise HandError(f"Omaha plays three of 3 to 5 board cards, not {len(board)}")
    indices = _check([*hole, *board], rules, "Omaha hand")
    h, b = sorted(indices[: len(hole)], reverse=True), sorted(indices[len(hole) :], reverse=True)
    rank5 = fast_rankers(rules).rank5
    best = -1
    used: tuple[int, ...] = ()
    for two in combinations(h, 2):
        for three in combinations(b, 3):
            combo = two + three
            v = rank5(combo)
            if v > best:
                best, used = v, combo
    return HandRank(best, _t.category_name(best), _display(used, best))


# The standard rules' rankers are made on first use, not at import (the tables take about 0.2 s of CPU,
# which every CLI command that loads the game files would otherwise pay): the names below are declared
# for type checkers, and the module's ``__getattr__`` builds them and binds them as plain globals, so a
# caller that holds ``rank7_fast`` calls the ranker itself, with no indirection.
#: The standard rules (no joker): five card indices -> value.
rank5_fast: Callable[[Sequence[int]], int]
#: The standard rules: six card indices -> value of the best five.
rank6_fast: Callable[[Sequence[int]], int]
#: The standard rules: seven card indices -> value of the best five.
rank7_fast: Callable[[Sequence[int]], int]
_LAZY: Final = frozenset({"rank5_fast", "rank6_fast", "rank7_fast"})


def __getattr__(name: str) -> Callable[[Sequence[int]], int]:
    if name in _LAZY:
        fast = fast_rankers(HighRules())
        globals().update(rank5_fast=fast.rank5, rank6_fast=fast.rank6, rank7_fast=fast.rank7)
        return globals()[name]  # type: ignore[no-any-return]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
