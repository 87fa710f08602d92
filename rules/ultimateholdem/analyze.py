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

The Ante, Blind and Play under the player's optimal play: the player's best decision at each of the three
chances (before the flop, on the flop, at the river) against every player-dealer holding and board, over all
C(52,2) x C(50,5) x C(45,2) = 2,781,381,002,400 deals, is counted exactly by
``benchmarks/ultimateholdem_optimal.py`` (694 s of CPU with numpy: a board's 1,081 holdings ranked
once serve as both the player's and the player-dealer's, the flops by suit classes) and stored in
``config/analysis/ultimateholdem-<room>.yaml`` with a fingerprint of the rules it was made for
(:func:`rules_sha256`); this analysis shows it as exact fractions when the fingerprint matches the game file,
and says so when it is missing or was made for other rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb, prod
from typing import Any

from rules.analysis import Analysis, Outcome, Wager, WagerOutcome, rules_fingerprint
from rules.paigow.classes import _count_vectors
from rules.round.family import Progress, Steps
from rules.ultimateholdem.model import HANDS, Variant, from_data

#: The game data key under which the terminal puts the stored optimal-play count (see :func:`analysis_files`).
OPTIMAL_KEY = "optimal_play"
#: All seven-card hands of one 52-card deck.
SEVEN_CARD_HANDS = comb(52, 7)
#: The straights by their ranks (0 = deuce .. 12 = ace), the wheel A-2-3-4-5 included.
_STRAIGHTS = tuple(frozenset(range(lo, lo + 5)) for lo in range(9)) + (frozenset({12, 0, 1, 2, 3}),)
_ROYAL = frozenset(range(8, 13))


def rules_sha256(data: Mapping[str, Any]) -> str:
    """A fingerprint of what the stored figures depend on (the hands, the qualifier, the Play sizes, the
    showdown and the Blind table), so figures made for other rules
    are refused."""
    return rules_fingerprint(data, ("hands", "qualify", "plays", "showdown", "blind"))


def analysis_files(data: Mapping[str, Any]) -> dict[str, str]:
    """The stored optimal-play count of the game (``config/analysis/ultimateholdem-<room>.yaml``)."""
    room = str(data.get("id", "")).split("/", 1)[-1]
    return {OPTIMAL_KEY: f"analysis/ultimateholdem-{room}.yaml"}


def _fraction(raw: object) -> Fraction:
    return Fraction(str(raw))


def optimal_play(data: Mapping[str, Any]) -> tuple[tuple[Wager, ...], list[str]]:
    """The Ante, Blind and Play under optimal play from the stored count, as wagers with exact edges per
    unit of Ante, and notes; nothing but a note when the count is missing or made for other rules."""
    raw = data.get(OPTIMAL_KEY)
    where = f"config/{analysis_files(data)[OPTIMAL_KEY]}"
    if not isinstance(raw, Mapping):
        return (), [
            f"Not shown: the Ante, Blind and Play under optimal play ({where} is not there; "
            "make it with benchmarks/ultimateholdem_optimal.py --write)."
        ]
    if raw.get("rules_sha256") != rules_sha256(data):
        return (), [
            f"Not shown: {where} was counted for other rules (qualifier, Play sizes or Blind table); "
            "count again with benchmarks/ultimateholdem_optimal.py --write."
        ]
    try:
        part = {k: _fraction(raw["per_ante"][k]) for k in ("ante", "blind", "play", "total")}
        dec = {k: _fraction(v) for k, v in raw["decisions"].items()}
    except (KeyError, TypeError, ValueError, ZeroDivisionError):
        return (), [f"Not shown: {where} has no per_ante ante/blind/play/total fractions."]
    avg_play = (
        4 * dec.get("bet_before_the_flop", Fraction(0))
        + 2 * dec.get("bet_on_the_flop", Fraction(0))
        + dec.get("bet_at_the_river", Fraction(0))
    )
    how = "exact, the player's optimal play, per unit of Ante"
    wagers = (
        Wager("Ante (optimal play)", (), edge_override=-part["ante"], note=how),
        Wager("Blind (optimal play)", (), edge_override=-part["blind"], note=how),
        Wager("Play (optimal play), per unit of Ante", (), edge_override=-part["play"], note=how),
        Wager("Ante, Blind and Play together, per unit of Ante", (), edge_override=-part["total"], note=how),
    )
    total = -part["total"]
    notes = [
        f"Ante, Blind and Play under the player's optimal play: exact over all {int(raw.get('deals', 0)):,} deals "
        "(the player's two cards, the flop, the turn and river, the player-dealer's two) "
        f"({where}, made by benchmarks/ultimateholdem_optimal.py): the house edge is {total} = "
        f"{float(total) * 100:.4f}% of the Ante; the average Play is {float(avg_play):.4f} Antes, so the "
        f"element of risk (per unit of all money wagered: Ante, Blind and Play) is {float(total / (2 + avg_play)) * 100:.4f}%.",
        "Optimal play: at each chance the decision with the larger expectation given the player's own two cards "
        "and the community cards turned (a 4x bet before the flop, a 2x bet on the flop, 1x at the river; 3x "
        "is never better than 4x). Other players' cards are not used. Decisions: bet before the flop "
        + ", on the flop ".join(
            f"{float(dec.get(k, 0)) * 100:.2f}%" for k in ("bet_before_the_flop", "bet_on_the_flop")
        )
        + f", at the river {float(dec.get('bet_at_the_river', 0)) * 100:.2f}%, fold {float(dec.get('fold', 0)) * 100:.2f}% of deals.",
    ]
    chart = raw.get("bet_before_the_flop")
    if isinstance(chart, str) and chart:
        notes.append(f"Bet 4x before the flop with: {chart}.")
    return wagers, notes


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
    v: Variant = from_data({k: x for k, x in data.items() if k != OPTIMAL_KEY})
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
    ]
    optimal, more = optimal_play(data)
    notes.extend(more)
    return Analysis(
        str(data.get("id", "ultimateholdem")), 1, (*outcomes, *blind_lines), (trips, *optimal), tuple(notes)
    )
