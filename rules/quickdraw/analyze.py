"""Exact analysis of Cal Quick Draw Poker's Quick Draw Bonus Bet (``dealer-terminal analyze quickdraw/...``).

The Bonus Bet is paid on the first five cards dealt to the player (000 L2176), any five of the 53-card deck
(52 and a fully wild joker) equally likely: all 2,869,685 hands are ranked (the evaluator's fast ranker under
the filing's joker), and a royal flush is split by whether it holds the joker.

Not computed: the Play wager's edge (its 1 to 1 against the player-dealer's best five of seven and its hand
bonus on the final hand). It depends on which cards the player discards against the player-dealer's seven
cards, an optimisation over every first hand, every draw and every player-dealer hand out of reach of an
exact count here; no estimate is given.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb
from typing import Any

from rules.analysis import Analysis, Outcome, Wager, WagerOutcome
from rules.cards import ALL_CARDS
from rules.evaluators.high import category_of, fast_rankers
from rules.quickdraw.hands import WILD
from rules.quickdraw.model import HANDS, Variant, from_data
from rules.round.family import Progress, Steps


@cache
def first_five_counts() -> dict[str, int]:
    """How many five-card hands of the 53-card deck make each of the filing's hands, exactly."""
    rank5 = fast_rankers(WILD).rank5
    by_value: Counter[int] = Counter(rank5(h) for h in combinations(range(53), 5))
    out = dict.fromkeys(HANDS, 0)
    for value, n in by_value.items():
        name = category_of(value)
        if name in ("Five Aces", "Five of a Kind"):
            out["Five of a Kind"] += n
        elif name == "Royal Flush":
            out["Royal Flush (with Joker)"] += n
        else:
            out[name] += n
    # the ranker values both royals alike: the one without the joker is A-K-Q-J-T of one suit, one per suit
    natural = len({c.suit for c in ALL_CARDS if not c.is_joker})
    out["Royal Flush (no Joker)"] = natural
    out["Royal Flush (with Joker)"] -= natural
    return out


def analyze(data: Mapping[str, Any], decks: int | None, progress: Progress | None = None) -> Analysis:
    """The Quick Draw Bonus Bet's exact edge and the first five cards' hands."""
    v: Variant = from_data(data)
    if decks not in (None, 1):
        raise ValueError("Cal Quick Draw Poker is dealt from one 53-card deck")
    step = Steps(progress, 1)
    counts = first_five_counts()
    step()
    n = comb(53, 5)
    assert sum(counts.values()) == n
    p = {k: Fraction(c, n) for k, c in counts.items()}
    outcomes = tuple(Outcome(f"the first five cards: {k}", p[k]) for k in HANDS if p[k])
    rows = []
    paid = Fraction(0)
    for line in v.bonus_bet.pays:
        rows.append(WagerOutcome(line.hand, p[line.hand], line.pays))
        paid += p[line.hand]
    rows.append(WagerOutcome(f"below {v.bonus_bet.lowest}", 1 - paid, Fraction(-1)))
    notes = (
        f"Exact over all {n:,} five-card hands of the 53-card deck (rules/quickdraw/analyze.py).",
        "Not computed: the Play wager's edge (it depends on the player's discards against the player-dealer's "
        "best five of seven); no estimate is given.",
    )
    wager = Wager("Quick Draw Bonus Bet", tuple(rows), note="on the first five cards dealt")
    return Analysis(str(data.get("id", "quickdraw")), 1, outcomes, (wager,), notes)
