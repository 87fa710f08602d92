"""Exact analysis of Ultimate Texas Hold'em (``dealer-terminal analyze ultimateholdem/...``).

What is exact: the category of a player's final hand, the best five of its seven cards (two hole cards
and five community cards, any 7 of the 52 equally likely), counted over all 133,784,560 seven-card hands;
from it the Trips wager's edge (the Trips is paid on the player's final hand whatever the result, even on a
fold: 000 L2949-2953), the probability of each line of the Blind table, and the probability that the
player-dealer qualifies (its own seven cards make a pair or better).

How: every vector of rank counts (13 ranks, 0-4 cards each, 7 cards) is one class; its suit assignments
number the product of C(4, c_r). With seven cards at most one suit holds five or more, so the flush hands
of a class are counted by the flush suit (4 ways) and the set F of ranks it holds (five or more): the other
cards of a rank in F take C(3, c_r - 1) suits, of a rank outside F C(3, c_r). A flush hand is a straight
flush where F holds five in sequence (royal: T-A); a hand with a flush cannot hold four of a kind or a full
house. The rest of the class ranks by its counts.

What is not exact: the Ante, Blind and Play edges under optimal play. They need the player's best decision
at three points against every player-dealer hand and every board: 52C2 x 50C2 x 48C5 = about 2.8e12 deals,
far beyond an exact count here. They are left out of this analysis (its notes say so), not estimated.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb, prod
from typing import Any

from rules.analysis import Analysis, Outcome, Wager, WagerOutcome
from rules.paigow.classes import _count_vectors
from rules.round.family import Progress, Steps
from rules.ultimateholdem.model import HANDS, Variant, from_data

#: All seven-card hands of one 52-card deck.
SEVEN_CARD_HANDS = comb(52, 7)
#: The straights by their ranks (0 = deuce .. 12 = ace), the wheel A-2-3-4-5 included.
_STRAIGHTS = tuple(frozenset(range(lo, lo + 5)) for lo in range(9)) + (frozenset({12, 0, 1, 2, 3}),)
_ROYAL = frozenset(range(8, 13))


def _straight(ranks: frozenset[int]) -> bool:
    return any(s <= ranks for s in _STRAIGHTS)


def _plain(counts: tuple[int, ...]) -> str:
    """The category of a hand without a flush, by its rank counts."""
    n = sorted(counts, reverse=True)
    present = frozenset(r for r, c in enumerate(counts) if c)
    if n[0] == 4:
        return "Four of a Kind"
    if n[0] == 3 and n[1] >= 2:
        return "Full House"
    if _straight(present):
        return "Straight"
    if n[0] == 3:
        return "Three of a Kind"
    if n[0] == 2 and n[1] == 2:
        return "Two Pair"
    if n[0] == 2:
        return "One Pair"
    return "High Card"


@cache
def seven_card_categories() -> dict[str, int]:
    """How many of the 133,784,560 seven-card hands make each category (best five of seven), exactly."""
    out = dict.fromkeys(HANDS, 0)
    for counts in _count_vectors(7, 4):
        total = prod(comb(4, c) for c in counts)
        present = [r for r, c in enumerate(counts) if c]
        flush_ways = 0
        for k in range(5, len(present) + 1):
            for f in combinations(present, k):
                fs = frozenset(f)
                ways = 4 * prod(comb(3, counts[r] - 1) if r in fs else comb(3, counts[r]) for r in present)
                if not ways:
                    continue
                flush_ways += ways
                if fs >= _ROYAL:
                    out["Royal Flush"] += ways
                elif _straight(fs):
                    out["Straight Flush"] += ways
                else:
                    out["Flush"] += ways
        out[_plain(counts)] += total - flush_ways
    return out


def analyze(data: Mapping[str, Any], decks: int | None, progress: Progress | None = None) -> Analysis:
    """The exact part of Ultimate Texas Hold'em's analysis: the Trips, the Blind table's lines, the
    player-dealer's qualifying (see the module docstring for what is left out)."""
    v: Variant = from_data(data)
    if decks not in (None, 1):
        raise ValueError(
            "Ultimate Texas Hold'em is dealt from one 52-card deck a round (two decks alternate)"
        )
    step = Steps(progress, 1)
    counts = seven_card_categories()
    step()
    n = sum(counts.values())
    assert n == SEVEN_CARD_HANDS
    p = {k: Fraction(c, n) for k, c in counts.items()}
    outcomes = [Outcome(f"a player's final hand: {k}", p[k]) for k in HANDS if p[k]]
    q_floor = HANDS.index(v.qualify.at_least)
    qualifies = sum((p[k] for k in HANDS[: q_floor + 1]), Fraction(0))
    outcomes.append(Outcome(f"the player-dealer qualifies ({v.qualify.at_least} or better)", qualifies))
    rows = []
    paid = Fraction(0)
    for line in v.trips.pays:
        rows.append(WagerOutcome(line.hand, p[line.hand], line.pays))
        paid += p[line.hand]
    rows.append(WagerOutcome(f"below {v.trips.lowest}", 1 - paid, Fraction(-1)))
    trips = Wager(
        "Trips", tuple(rows), note=f"paid on the player's final hand, even on a fold ({v.trips.fold_cite})"
    )
    blind_lines = [
        Outcome(f"Blind line {line.hand} ({line.pays} to 1): the final hand is a {line.hand}", p[line.hand])
        for line in v.blind.pays
    ]
    notes = [
        f"Exact over all {SEVEN_CARD_HANDS:,} seven-card hands of one deck (rules/ultimateholdem/analyze.py).",
        "The Blind pays its table only when the hand also beats the player-dealer's (a lesser win pushes); the "
        "lines above are the probabilities of the final hand alone, not of a paid Blind.",
        "Not computed: the Ante, Blind and Play edges under optimal play (the player's decisions at three "
        "betting rounds against every player-dealer hand and board, about 2.8e12 deals); no estimate is given.",
    ]
    return Analysis(
        str(data.get("id", "ultimateholdem")), 1, (*outcomes, *blind_lines), (trips,), tuple(notes)
    )
