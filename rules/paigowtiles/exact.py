"""Exact counting over Pai Gow Tiles deals, by hands of kinds (the symmetry every rule respects).

Every rule of the game — values, ranks, pairs, Wong, Gong, each House Way line — sees a tile only as its
kind (ranks 12-16 "share the same name, numerical value, and ranking", seed 002 L671), so the 35,960
four-tile hands fall into 3,620 hands of kinds, and an ordered pair of disjoint hands (player, player-dealer)
is counted as a pair of hands of kinds with its number of tile-level deals:
``prod_k C(2, a_k) * C(2 - a_k, b_k)`` (``a_k``, ``b_k``: how many tiles of kind k each hand holds). The
weights add up to C(32, 4) x C(28, 4) = 736,281,000 (checked on every count).

:func:`count_pairs` is the plain exact count (about 13 million pairs of hands of kinds; seconds to a minute
in pure Python): ``benchmarks/paigowtiles_exact.py`` runs it and a tile-level count, and stores the result
in ``config/analysis/``, which ``analyze`` reads.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations_with_replacement
from math import comb
from typing import Final

from rules.paigowtiles.hands import Ties, player_wins, strength
from rules.paigowtiles.house_way import Chart, set_kinds
from rules.paigowtiles.tiles import N_KINDS

HANDS_4: Final = comb(32, 4)  # 35,960
PAIRS: Final = comb(32, 4) * comb(28, 4)  # 736,281,000


@dataclass(frozen=True, slots=True)
class KindHand:
    """Four tiles up to identical tiles: the kinds held (sorted) and how many tile-level hands it stands for."""

    kinds: tuple[int, int, int, int]
    ways: int

    @property
    def held(self) -> dict[int, int]:
        """How many tiles of each kind the hand holds."""
        out: dict[int, int] = {}
        for k in self.kinds:
            out[k] = out.get(k, 0) + 1
        return out


def kind_hands() -> tuple[KindHand, ...]:
    """The 3,620 hands of kinds, each with its number of tile-level hands (adding up to 35,960)."""
    out = []
    for h in combinations_with_replacement(range(N_KINDS), 4):
        counts = [h.count(k) for k in set(h)]
        if max(counts) <= 2:
            ways = 1
            for c in counts:
                ways *= comb(2, c)
            out.append(KindHand(kinds=h, ways=ways))
    return tuple(out)


def settings(chart: Chart, hands: tuple[KindHand, ...]) -> list[tuple[int, int, int, int]]:
    """(high kind, high kind, low kind, low kind) of each hand set the House Way of ``chart``."""
    out = []
    for h in hands:
        pos, _ = set_kinds(h.kinds, chart)
        out.append(tuple(h.kinds[i] for i in pos))
    return out  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class PairCounts:
    """How many ordered (player, player-dealer) deals end each way, both hands set the House Way."""

    win: int
    push: int
    lose: int

    @property
    def total(self) -> int:
        """All ordered pairs of disjoint hands (736,281,000)."""
        return self.win + self.push + self.lose


def count_pairs(chart: Chart, ties: Ties, progress: Callable[[int, int], None] | None = None) -> PairCounts:
    """Every ordered pair of disjoint four-tile hands, player against player-dealer, both set by ``chart``."""
    hands = kind_hands()
    sets = settings(chart, hands)
    hi = [strength(s[0], s[1]) for s in sets]
    lo = [strength(s[2], s[3]) for s in sets]
    held = [tuple(h.held.items()) for h in hands]
    beats: dict[tuple[int, int], bool] = {}
    for a in set(hi) | set(lo):
        for b in set(hi) | set(lo):
            beats[(a, b)] = player_wins(a, b, ties)
    c2 = [[comb(n, m) for m in range(3)] for n in range(3)]
    win = push = lose = 0
    n = len(hands)
    for i in range(n):
        left = [2] * N_KINDS
        for k, m in held[i]:
            left[k] -= m
        wa = hands[i].ways
        hia, loa = hi[i], lo[i]
        w_win = w_push = w_lose = 0
        for j in range(n):
            w = 1
            for k, m in held[j]:
                w *= c2[left[k]][m]
                if not w:
                    break
            if not w:
                continue
            h = beats[(hia, hi[j])]
            lw = beats[(loa, lo[j])]
            if h and lw:
                w_win += w
            elif h or lw:
                w_push += w
            else:
                w_lose += w
        win += wa * w_win
        push += wa * w_push
        lose += wa * w_lose
        if progress is not None and i % 256 == 0:
            progress(i, n)
    out = PairCounts(win=win, push=push, lose=lose)
    if out.total != PAIRS:
        raise AssertionError(f"internal count {out.total} is not C(32,4) x C(28,4) = {PAIRS}")
    return out
