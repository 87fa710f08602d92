"""The classes of n-card Pai Gow Poker hands: every hand up to what a House Way chart and the hand categories
look at (the rank counts, the joker, the flush ranks), with its weight, and a representative hand of each.

The exact analysis (:mod:`rules.paigow.analyze`) and the two-hand table (:mod:`rules.paigow.twohands`) both
enumerate these classes; they live here so that neither imports the other.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from itertools import combinations
from math import comb, prod
from typing import Final

from rules.cards import JOKER_INDEX

#: The ranks, deuce (2) to ace (14).
RANKS: Final = tuple(range(2, 15))
_RANKS = RANKS


def _count_vectors(total: int, top: int) -> Iterator[tuple[int, ...]]:
    """Every vector of 13 rank counts (each 0..top) adding up to ``total``."""

    def rec(i: int, left: int) -> Iterator[tuple[int, ...]]:
        if i == 12:
            if left <= top:
                yield (left,)
            return
        for n in range(min(top, left) + 1):
            for rest in rec(i + 1, left - n):
                yield (n, *rest)

    yield from rec(0, total)


def _vector(counts: Mapping[int, int]) -> tuple[int, ...]:
    return tuple(counts.get(r, 0) for r in _RANKS)


def _representative(
    counts: Mapping[int, int], joker: bool, flush_ranks: frozenset[int] | None
) -> tuple[int, ...]:
    """A concrete hand for a class: the flush ranks in clubs, every other card spread over the suits so that
    no other flush forms (the class fixes everything a House Way chart looks at)."""
    load = [0, 0, 0, 0]
    idx: list[int] = []
    remaining = dict(counts)
    if flush_ranks is not None:
        for r in flush_ranks:
            idx.append((r - 2) * 4)
            load[0] += 1
            remaining[r] -= 1
    for r in sorted(remaining, key=lambda r: -remaining[r]):
        n = remaining[r]
        if not n:
            continue
        used = {i & 3 for i in idx if (i >> 2) + 2 == r}
        choices = sorted(
            (s for s in range(4) if s not in used and (flush_ranks is None or s != 0)), key=lambda s: load[s]
        )
        for s in choices[:n]:
            idx.append((r - 2) * 4 + s)
            load[s] += 1
    if joker:
        idx.append(JOKER_INDEX)
    return tuple(idx)


#: A class's key: the rank-count vector and whether the joker is in the hand.
Key = tuple[tuple[int, ...], bool]


def _classes(n_cards: int) -> Iterator[tuple[str, Key, frozenset[int] | None, dict[int, int], bool, int]]:
    """("plain" or "flush", key, flush ranks, counts, joker, weight) for every class of n-card hands."""
    for joker in (False, True):
        naturals = n_cards - joker
        for vec in _count_vectors(naturals, 4):
            counts = {r: c for r, c in zip(_RANKS, vec, strict=True) if c}
            yield "plain", (vec, joker), None, counts, joker, prod(comb(4, c) for c in vec)
        need = 4 if joker else 5
        for k in range(need, naturals + 1):
            for f in combinations(_RANKS, k):
                fs = frozenset(f)
                for ovec in _count_vectors(naturals - k, 3):
                    counts = {r: ovec[i] + (r in fs) for i, r in enumerate(_RANKS)}
                    counts = {r: c for r, c in counts.items() if c}
                    w = 4 * prod(comb(3, c) for c in ovec)
                    yield "flush", (_vector(counts), joker), fs, counts, joker, w


@cache
def class_count(n_cards: int) -> int:
    """How many classes :func:`_classes` yields for ``n_cards`` (the total a progress report counts to)."""
    return sum(1 for _ in _classes(n_cards))
