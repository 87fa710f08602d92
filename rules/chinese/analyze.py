"""Exact probabilities of the bonus and Clean Sweep hand classes on a thirteen-card deal
(``dealer-terminal analyze chinese/...``).

Every figure is a count over all C(52, 13) = 635,013,559,600 thirteen-card hands, as an exact fraction; nothing is
sampled. Each class is "the thirteen cards contain ..." (a Clean Sweep, or the cards for a bonus hand in some
segment); whether a player can also set the rest of his hand without a foul is not part of the figure. Counting:

* Super Dragon 4; Dragon 4^13 (one card of each rank, any suits — the Super Dragons included);
* 6 Pairs, full house, three of a kind, quads: over the rank-count vectors (0 to 4 cards of each of thirteen ranks),
  each weighted by the product of C(4, m) — a polynomial in the card count, kept to x^13;
* a straight: by complement, the rank-presence sets with no five in a row (the ace also low), each present rank
  contributing (1 + x)^4 - 1;
* a flush, Three Flushes: over suit-count vectors weighted by the product of C(13, n);
* a straight flush: by complement, each suit's rank sets with no five in a row; a royal flush by inclusion-exclusion
  over the four suits;
* Three Straights: every rank-count vector a three-card straight and two five-card straights make (at most four of a
  rank), each weighted by the product of C(4, m);
* a front pair (or trips) of a given rank: at least two (three) of the four cards of that rank.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import comb, prod
from typing import Any

from rules.analysis import Analysis, Outcome
from rules.chinese.naturals import flush_suit_counts, straight_rank_counts
from rules.chinese.variant import parse_chinese
from rules.round.family import Progress, Steps

HAND = 13
TOTAL = comb(52, HAND)
_RANK_NAMES = {2: "2s", 3: "3s", 4: "4s", 5: "5s", 6: "6s", 7: "7s", 8: "8s", 9: "9s", 10: "10s", 11: "Js",
               12: "Qs", 13: "Ks", 14: "As"}  # fmt: skip

Poly = list[int]


def _mul(a: Poly, b: Poly) -> Poly:
    out = [0] * (HAND + 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b[: HAND + 1 - i]):
                out[i + j] += x * y
    return out


def _power(p: Poly, n: int) -> Poly:
    out = [1] + [0] * HAND
    for _ in range(n):
        out = _mul(out, p)
    return out


def _rank_poly(counts: range) -> Poly:
    """One rank's cards: sum over the allowed counts m of C(4, m) x^m."""
    return [comb(4, m) if m in counts else 0 for m in range(HAND + 1)]


def _no_run_subsets(run: int) -> list[int]:
    """How many sets of k of the thirteen ranks hold no ``run`` in a row (the ace also below the 2), by k."""
    out = [0] * 14
    full = (1 << run) - 1
    for mask in range(1 << 13):  # bit 0 the 2 ... bit 12 the ace
        ext = ((mask >> 12) & 1) | (
            mask << 1
        )  # the ace low at bit 0, the 2 at bit 1 ... the ace high at bit 13
        if any((ext >> i) & full == full for i in range(15 - run)):
            continue
        out[bin(mask).count("1")] += 1
    return out


def contains_straight() -> int:
    """Hands holding five ranks in a row (A-2-3-4-5 to 10-J-Q-K-A), any suits."""
    present = [0] + [comb(4, m) for m in range(1, 5)] + [0] * (HAND - 4)  # a rank present: 1 to 4 cards
    none = sum(sets * _power(present, k)[HAND] for k, sets in enumerate(_no_run_subsets(5)))
    return TOTAL - none


def contains_straight_flush() -> int:
    """Hands holding five ranks in a row of one suit."""
    sets = _no_run_subsets(5)
    suit = [sets[k] if k <= HAND else 0 for k in range(HAND + 1)]
    return TOTAL - _power(suit, 4)[HAND]


def contains_royal_flush() -> int:
    """Hands holding A-K-Q-J-10 of a suit (inclusion-exclusion over the suits)."""
    # three royals need fifteen cards: two terms
    return sum((-1) ** (j + 1) * comb(4, j) * comb(52 - 5 * j, HAND - 5 * j) for j in range(1, 3))


def contains_flush() -> int:
    """Hands with five or more cards of a suit."""
    suit = [comb(13, n) if n <= 4 else 0 for n in range(HAND + 1)]
    return TOTAL - _power(suit, 4)[HAND]


def _dp(state0: Any, step: Any, accept: Any) -> int:
    """Sum over rank-count vectors of the product of C(4, m), with a state carried rank by rank."""
    table: dict[tuple[int, Any], int] = {(0, state0): 1}
    for _ in range(13):
        nxt: dict[tuple[int, Any], int] = {}
        for (n, st), w in table.items():
            for m in range(5):
                if n + m <= HAND:
                    key = (n + m, step(st, m))
                    nxt[key] = nxt.get(key, 0) + w * comb(4, m)
        table = nxt
    return sum(w for (n, st), w in table.items() if n == HAND and accept(st))


def contains_quads() -> int:
    """Hands holding four of a rank."""
    return TOTAL - _power(_rank_poly(range(4)), 13)[HAND]


def contains_trips() -> int:
    """Hands holding three or more of a rank."""
    return TOTAL - _power(_rank_poly(range(3)), 13)[HAND]


def contains_full_house() -> int:
    """Hands holding three of a rank and two of another."""
    return _dp(
        (0, 0),
        lambda st, m: (min(2, st[0] + (m >= 3)), min(2, st[1] + (m >= 2))),
        lambda st: st[0] >= 1 and st[1] >= 2,
    )


def six_pairs() -> int:
    """Hands holding six pairs, four of a kind counting as two."""
    return _dp(0, lambda st, m: min(6, st + m // 2), lambda st: st >= 6)


def three_straights() -> int:
    """Hands that set with a straight in every segment."""
    return sum(prod(comb(4, m) for m in v) for v in straight_rank_counts())


def three_flushes() -> int:
    """Hands that set suited in every segment."""
    return sum(prod(comb(13, n) for n in v) for v in flush_suit_counts())


def at_least_of_rank(k: int) -> int:
    """Hands holding at least ``k`` cards of one given rank."""
    return sum(comb(4, j) * comb(48, HAND - j) for j in range(k, 5))


def pair_or_better(ranks: int) -> int:
    """Hands holding two or more of at least one of ``ranks`` given ranks (the queens, kings and aces: 3)."""
    low = _power(_rank_poly(range(5)), 13 - ranks)
    high = _power(_rank_poly(range(2)), ranks)
    return TOTAL - _mul(low, high)[HAND]


NATURAL_COUNTS = {
    "Super Dragon": lambda: 4,
    "Dragon": lambda: 4**13,
    "6 Pairs": six_pairs,
    "Three Straights": three_straights,
    "Three Flushes": three_flushes,
}

FIVE_CARD_COUNTS = {
    "Royal Flush": contains_royal_flush,
    "Straight Flush": contains_straight_flush,
    "Four of a Kind": contains_quads,
    "Full House": contains_full_house,
    "Flush": contains_flush,
    "Straight": contains_straight,
    "Three of a Kind": contains_trips,
}


def analyze(data: Mapping[str, Any], decks: int | None, progress: Progress | None = None) -> Analysis:
    """The ``analyze`` command's entry point: the classes the variant pays (bonus and Clean Sweeps)."""
    v = parse_chinese(data.get("chinese", {}))
    game = str(data.get("id", "chinese"))
    notes = [
        "Each figure: the probability that a player's thirteen cards (of one 52-card deck) contain the class; "
        "whether the rest of the hand can then be set without a foul is not counted. Exact counts over all "
        f"C(52, 13) = {TOTAL:,} hands.",
    ]
    if v.pineapple is not None:
        notes.append(
            "Pineapple: a player sees 17 cards and places 13 as they come; these figures are for thirteen cards "
            "dealt at once, not for the Pineapple's choices."
        )
    if decks not in (None, 1):
        notes.append(f"--decks {decks} ignored: Chinese Poker is dealt from one deck.")
    outcomes: list[Outcome] = []
    pays = {*v.middle_bonus, *v.back_bonus}
    step = Steps(progress, len(v.naturals) + len(pays & set(FIVE_CARD_COUNTS)) + 1)
    for name, _ in v.naturals:
        outcomes.append(Outcome(f"Clean Sweep: {name}", Fraction(NATURAL_COUNTS[name](), TOTAL)))
        step()
    for name, count in FIVE_CARD_COUNTS.items():
        if name in pays:
            outcomes.append(Outcome(f"contains a {name}", Fraction(count(), TOTAL)))
            step()
    if v.front_pairs:
        ranks = ", ".join(_RANK_NAMES[r] for r in sorted(v.front_pairs))
        outcomes.append(
            Outcome(f"front bonus: two of one given rank ({ranks})", Fraction(at_least_of_rank(2), TOTAL))
        )
    if v.front_trips:
        outcomes.append(Outcome("front bonus: three of one given rank", Fraction(at_least_of_rank(3), TOTAL)))
    if v.fantasy_enter_pair is not None:
        top = range(v.fantasy_enter_pair, 15)
        outcomes.append(
            Outcome(
                f"Fantasy Land: a pair of {_RANK_NAMES[v.fantasy_enter_pair]} or better held",
                Fraction(pair_or_better(len(top)), TOTAL),
            )
        )
    step()
    if not outcomes:
        notes.append("This variant files no bonus and no Clean Sweep: nothing to count.")
    return Analysis(game, 1, tuple(outcomes), (), tuple(notes))
