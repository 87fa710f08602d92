"""The three hands of Chinese Poker and 13 Card Poker: values, the foul, bonus classes and Clean Sweeps.

A player's thirteen cards are set as a three-card front (top), a five-card middle and a five-card back
(bottom) (seed 000 L3048, The 101; seed 001 L729-737, Oaks 13 Card Poker). Five-card hands rank as
in standard poker (:mod:`rules.evaluators.high`, no joker, the wheel lowest). The front counts only three of
a kind, a pair and high card: "Straights and Flushes are not considered in the three card hand" (seed 000
L3085). Its value is put on the five-card scale (the category code, then the ranks that count), so that a
front can be compared with a middle: a front is lower than a middle that holds the same cards plus kickers.

A hand is **foul** when the front outranks the middle or the middle outranks the back, or when it is not set
3-5-5 from the cards dealt (seed 000 L3125, seed 001 L735-737). Equal is not a foul: the filings require
each hand not to rank higher than the one behind it (001 L733-734).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from rules.cards import Card
from rules.errors import HandError
from rules.evaluators import high
from rules.evaluators.high import category_of

#: The category codes of :mod:`rules.evaluators.high` values (``value >> 20``).
HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = (
    2, 4, 6, 8, 10, 12, 14, 16, 18,
)  # fmt: skip

SEGMENTS = ("front", "middle", "back")
SIZES = {"front": 3, "middle": 5, "back": 5}


def _rank(c: Card) -> int:
    return c.index // 4 + 2


def front_value(cards: Sequence[Card]) -> int:
    """A three-card front on the five-card value scale: trips, a pair (then its kicker), or high card."""
    if len(cards) != 3:
        raise HandError(f"a front hand is three cards, not {len(cards)}")
    counts = Counter(_rank(c) for c in cards)
    ranks = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    code = {3: TRIPS, 2: ONE_PAIR, 1: HIGH_CARD}[counts[ranks[0]]]
    v = code << 20
    for i, r in enumerate(ranks):
        v |= r << (16 - 4 * i)
    return v


def five_value(cards: Sequence[Card]) -> int:
    """A five-card middle or back hand's value (standard high poker, :func:`rank5_fast`)."""
    if len(cards) != 5:
        raise HandError(f"a middle or back hand is five cards, not {len(cards)}")
    return high.rank5_fast([c.index for c in cards])


def category(value: int) -> str:
    """The category name of a segment value ("One Pair", "Royal Flush" …)."""
    return category_of(value)


@dataclass(frozen=True, slots=True)
class SetHand:
    """Thirteen cards set as front (3), middle (5) and back (5)."""

    front: tuple[Card, ...]
    middle: tuple[Card, ...]
    back: tuple[Card, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        """All the cards of the hand."""
        return (*self.front, *self.middle, *self.back)

    def segment(self, name: str) -> tuple[Card, ...]:
        """The cards of ``front``, ``middle`` or ``back``."""
        return {"front": self.front, "middle": self.middle, "back": self.back}[name]

    @property
    def well_formed(self) -> bool:
        """Set 3-5-5 with no card twice."""
        return (
            len(self.front) == 3
            and len(self.middle) == 5
            and len(self.back) == 5
            and len({c.index for c in self.cards}) == 13
        )

    def values(self) -> tuple[int, int, int]:
        """(front, middle, back) values; the hand must be well formed."""
        return front_value(self.front), five_value(self.middle), five_value(self.back)


def foul_reason(hand: SetHand, dealt: Sequence[Card] | None = None) -> str | None:
    """Why the hand is foul, or None: not 3-5-5, holding a card not ``dealt`` (a Pineapple player is dealt more
    and discards), front above middle, middle above back."""
    if not hand.well_formed:
        sizes = "-".join(str(len(hand.segment(s))) for s in SEGMENTS)
        if sizes == "3-5-5":
            return "the hand holds a card twice"
        return f"the hand is set {sizes}, not 3-5-5"
    if dealt is not None and Counter(c.index for c in hand.cards) - Counter(c.index for c in dealt):
        return "the hand set is not the cards dealt to it"
    f, m, b = hand.values()
    if f > m:
        return f"the front ({category(f)}) outranks the middle ({category(m)})"
    if m > b:
        return f"the middle ({category(m)}) outranks the back ({category(b)})"
    return None


def is_royal(value: int) -> bool:
    """A straight flush to the ace."""
    return value >> 20 == STRAIGHT_FLUSH and (value >> 16) & 15 == 14


def arrangements(cards: Sequence[Card]) -> Iterator[SetHand]:
    """Every way to set thirteen cards 3-5-5 (72,072): yields :class:`SetHand`."""
    if len(cards) != 13:
        raise HandError(f"a Chinese Poker hand is thirteen cards, not {len(cards)}")
    all_cards = tuple(cards)
    idx = range(13)
    for back in combinations(idx, 5):
        rest = [i for i in idx if i not in back]
        for middle in combinations(rest, 5):
            front = tuple(i for i in rest if i not in middle)
            yield SetHand(
                tuple(all_cards[i] for i in front),
                tuple(all_cards[i] for i in middle),
                tuple(all_cards[i] for i in back),
            )
