"""Exact analysis of Cal Quick Draw Poker's Quick Draw Bonus Bet (``dealer-terminal analyze quickdraw/...``).

The Bonus Bet is paid on the first five cards dealt to the player (000 L2176), any five of the 53-card deck
(52 and a fully wild joker) equally likely: all 2,869,685 hands are ranked (the evaluator's fast ranker under
the filing's joker), and a royal flush is split by whether it holds the joker.

The Play wager's edge (its 1 to 1 against the player-dealer's best five of seven, and its hand bonus on the
final hand, win or lose) depends on which cards the player keeps; the best keep for every first hand, against
every draw and every player-dealer hand, is out of reach of an exact count here. It is ESTIMATED by a seeded
simulation with bounds (``benchmarks/quickdraw_play.py``: a drawing rule chosen per hand by sampling, judged
on fresh samples, a lower bound on the optimal player's return; the mean of the sampled best keeps, an upper
bound in expectation) and stored in ``config/analysis/quickdraw-<room>.yaml`` with its method, sample size,
seeds and standard errors; this analysis shows it as an :class:`rules.analysis.Estimate`, never as exact.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb
from typing import Any

from rules.analysis import Analysis, Estimate, Outcome, Wager, WagerOutcome, rules_fingerprint
from rules.cards import ALL_CARDS
from rules.evaluators.high import category_of, fast_rankers
from rules.quickdraw.hands import WILD
from rules.quickdraw.model import HANDS, Variant, from_data
from rules.round.family import Progress, Steps

#: The game data key under which the terminal puts the stored Play estimate (see :func:`analysis_files`).
PLAY_KEY = "play_estimate"


def analysis_files(data: Mapping[str, Any]) -> dict[str, str]:
    """The stored estimate of the Play wager (``config/analysis/quickdraw-<room>.yaml``)."""
    room = str(data.get("id", "")).split("/", 1)[-1]
    return {PLAY_KEY: f"analysis/quickdraw-{room}.yaml"}


def play_estimate(data: Mapping[str, Any]) -> tuple[tuple[Estimate, ...], list[str]]:
    """The Play wager's stored estimate (never exact), or a note saying why it is not shown."""
    raw = data.get(PLAY_KEY)
    where = f"config/{analysis_files(data)[PLAY_KEY]}"
    if not isinstance(raw, Mapping):
        return (), [f"Not shown: the Play wager's estimate ({where} is not there; make it with "
                    "benchmarks/quickdraw_play.py --write)."]
    if raw.get("rules_sha256") != rules_sha256(data):
        return (), [f"Not shown: {where} was estimated for other rules (the joker, the draw or the Play's "
                    "tables); run benchmarks/quickdraw_play.py --write again."]
    try:
        r = raw["return_per_play"]
        lower, upper = float(r["lower"]), float(r["upper"])
        lower_se, upper_se = float(r["lower_se"]), float(r["upper_se"])
        hands, seeds = int(raw["hands"]), list(raw["seeds"])
        method = str(raw["method"])
    except (KeyError, TypeError, ValueError):
        return (), [f"Not shown: {where} lacks return_per_play lower/upper with their standard errors."]
    est = Estimate(
        "Play wager (best draw), per unit of Play",
        house_edge=-lower,
        method=method + "; the edge of that drawing rule, an upper bound on the edge under optimal drawing",
        standard_error=lower_se,
        low=-upper,
        high=-lower,
        sample=f"{hands:,} first hands, seeds {seeds} ({where})",
    )
    notes = [
        f"The Play wager is an ESTIMATE, not exact: the drawing rule of {where} returns {lower:+.5f} "
        f"(± {lower_se:.5f}) per unit of Play, a lower bound on the optimal draw's return; the mean of the "
        f"sampled best keeps, {upper:+.5f} (± {upper_se:.5f}), is an upper bound in expectation. So the house "
        f"edge of the Play under optimal drawing lies between {-upper * 100:.3f}% and {-lower * 100:.3f}% "
        "(each within about two standard errors)."
    ]
    return (est,), notes


def rules_sha256(data: Mapping[str, Any]) -> str:
    """A fingerprint of what the stored figures depend on (the deck and its joker, the draw, the Play and
    its hand bonus), so figures made for other rules
    are refused."""
    return rules_fingerprint(data, ("deck", "joker", "draw", "play"))


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
    v: Variant = from_data({k: x for k, x in data.items() if k != PLAY_KEY})
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
    )
    estimates, more = play_estimate(data)
    wager = Wager("Quick Draw Bonus Bet", tuple(rows), note="on the first five cards dealt")
    return Analysis(
        str(data.get("id", "quickdraw")), 1, outcomes, (wager,), (*notes, *more), estimates=estimates
    )
