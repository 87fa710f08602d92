"""Clean Sweeps ("naturals"): thirteen cards that together make a qualifying hand (seed 000 L3187-3206, The 101;
seed 000 L3616-3793, Parkwest: the same five). "In order to qualify for a Clean Sweep hand, all 13 cards are
considered" (L3187): each test reads the thirteen cards, not the way they were set.

* Super Dragon: ace through king of one suit.
* Dragon: ace through king, any suits.
* 6 Pairs: six pairs, "4 of a kind may be used as 2 pairs".
* Three Straights: the cards can be set with a straight in each of the three segments (the front a three-card
  straight: the front's no-straights rule is lifted for the Clean Sweep, catalog 000b §1.3).
* Three Flushes: the cards can be set suited in each of the three segments.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache

from rules.cards import Card
from rules.errors import HandError


def _ranks(cards: Sequence[Card]) -> Counter[int]:
    return Counter(c.index // 4 + 2 for c in cards)


def _suits(cards: Sequence[Card]) -> Counter[int]:
    return Counter(c.index % 4 for c in cards)


def super_dragon(cards: Sequence[Card]) -> bool:
    """Ace through king, one suit."""
    return len(_ranks(cards)) == 13 and len(_suits(cards)) == 1


def dragon(cards: Sequence[Card]) -> bool:
    """Ace through king, any suits."""
    return len(_ranks(cards)) == 13


def six_pairs(cards: Sequence[Card]) -> bool:
    """Six pairs, four of a kind counting as two."""
    return sum(n // 2 for n in _ranks(cards).values()) >= 6


def _runs(length: int) -> tuple[tuple[int, ...], ...]:
    """Rank runs of ``length`` (ace 14, also low: A-2-3, A-2-3-4-5)."""
    out = []
    for low in range(1, 16 - length):
        out.append(tuple(14 if r == 1 else r for r in range(low, low + length)))
    return tuple(out)


@lru_cache(maxsize=1)
def straight_rank_counts() -> frozenset[tuple[int, ...]]:
    """Every rank-count vector (ranks 2..14) made by a three-card straight and two five-card straights."""
    out: set[tuple[int, ...]] = set()
    fives = _runs(5)
    for three in _runs(3):
        for i, a in enumerate(fives):
            for b in fives[i:]:
                c = Counter((*three, *a, *b))
                if max(c.values()) <= 4:
                    out.add(tuple(c.get(r, 0) for r in range(2, 15)))
    return frozenset(out)


def three_straights(cards: Sequence[Card]) -> bool:
    """The cards set with a straight in every segment."""
    c = _ranks(cards)
    return tuple(c.get(r, 0) for r in range(2, 15)) in straight_rank_counts()


def flush_suit_counts() -> frozenset[tuple[int, ...]]:
    """Every suit-count vector (four suits) made by three, five and five cards each of one suit."""
    out: set[tuple[int, ...]] = set()
    for a in range(4):
        for b in range(4):
            for c in range(4):
                v = [0, 0, 0, 0]
                v[a] += 3
                v[b] += 5
                v[c] += 5
                if max(v) <= 13:
                    out.add(tuple(v))
    return frozenset(out)


def three_flushes(cards: Sequence[Card]) -> bool:
    """The cards set suited in every segment."""
    s = _suits(cards)
    return tuple(s.get(i, 0) for i in range(4)) in flush_suit_counts()


#: The Clean Sweeps a game file may name (``chinese.naturals``), by their filed names.
NATURALS: dict[str, Callable[[Sequence[Card]], bool]] = {
    "Super Dragon": super_dragon,
    "Dragon": dragon,
    "6 Pairs": six_pairs,
    "Three Straights": three_straights,
    "Three Flushes": three_flushes,
}


def naturals_of(cards: Sequence[Card], names: Sequence[str]) -> tuple[str, ...]:
    """The named Clean Sweeps the thirteen cards make, in the order given (the variant's, best first)."""
    if len(cards) != 13:
        raise HandError(f"a Clean Sweep is read from thirteen cards, not {len(cards)}")
    return tuple(n for n in names if NATURALS[n](cards))
