"""The exact chance that a dealt Panguingue hand holds each condition (``dealer-terminal analyze``).

A hand is the ten cards a player is dealt (L286) from ``decks`` decks of forty cards (eight copies of each card
with eight decks). "Holds" a condition: among the ten there are cards that form it (three of one valle rank in
three suits; three of one card; the A-2-3 or K-Q-J of one suit). Counted exactly: the hands are multisets drawn
without replacement, each of the forty cards with ``decks`` copies; a condition's groups of cards (a rank's four
cards, one card, a suit's three) are disjoint, so the hands holding none are a product of polynomials
(:func:`_none_of`), and everything else is C(copies, k).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from itertools import product
from math import comb
from typing import Any

from rules.analysis import Analysis, Outcome
from rules.cards import Card, Rank, Suit
from rules.panguingue.melds import PanRules
from rules.panguingue.schema import Pan, PanCondition

Poly = list[int]
Group = tuple[Card, ...]
Holds = Callable[[Sequence[int]], bool]


def _mul(a: Poly, b: Poly, top: int) -> Poly:
    out = [0] * (top + 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b[: top + 1 - i]):
                out[i + j] += x * y
    return out


def _none_of(groups: Sequence[Group], holds: Holds, copies: int, types: int, hand: int) -> int:
    """Hands of ``hand`` cards (``types`` cards, ``copies`` of each) in which no group holds the condition."""
    poly: Poly = [1] + [0] * hand
    for g in groups:
        gp = [0] * (hand + 1)
        for counts in product(range(min(copies, hand) + 1), repeat=len(g)):
            n = sum(counts)
            if n <= hand and not holds(counts):
                w = 1
                for c in counts:
                    w *= comb(copies, c)
                gp[n] += w
        poly = _mul(poly, gp, hand)
    rest = types - sum(len(g) for g in groups)
    others = [comb(rest * copies, k) for k in range(hand + 1)]
    return _mul(poly, others, hand)[hand]


def _groups(
    c: PanCondition, rope: frozenset[Rank], rules: PanRules, suits: Sequence[Suit]
) -> tuple[list[Group], Holds]:
    if c.meld == "rope":
        ranks = [r for r in rules.order if r in rope]
        return [tuple(Card(r, s) for r in ranks) for s in suits], lambda n: all(x >= 1 for x in n)
    valle = c.ranks == "valle"
    ranks = [r for r in rules.order if (r in rules.valle) == valle]
    if c.suits == "mixed":
        return [tuple(Card(r, s) for s in Suit) for r in ranks], lambda n: sum(1 for x in n if x) >= 3
    return [(Card(r, s),) for r in ranks for s in suits], lambda n: n[0] >= 3


def analyze(data: Mapping[str, Any], decks: int | None) -> Analysis:
    """Each condition's chance of being held in a dealt hand, for the configured (or given) number of decks."""
    rules = PanRules.of(Pan.model_validate(data.get("pan", {})))
    deck = data.get("deck") or {}
    d = decks if decks is not None else int(deck.get("decks", 8))
    hand = rules.pan.hand
    types = 4 * len(rules.order)
    total = comb(types * d, hand)
    outcomes: list[Outcome] = []
    for c, rope in zip(rules.pan.conditions, rules.rope_cards, strict=True):
        splits: list[tuple[str, Sequence[Suit]]]
        if c.spades is not None and c.spades != c.chips and c.suits != "mixed":
            others = [s for s in Suit if s is not Suit.SPADES]
            splits = [
                (f"in spades ({c.spades} chips)", [Suit.SPADES]),
                (f"in another suit ({c.chips} chip{'s' if c.chips != 1 else ''})", others),
            ]
        else:
            splits = [(f"({c.chips} chip{'s' if c.chips != 1 else ''})", list(Suit))]
        for label, suits in splits:
            groups, holds = _groups(c, rope, rules, suits)
            none = _none_of(groups, holds, d, types, hand)
            outcomes.append(Outcome(f"{c.name} {label}", Fraction(total - none, total)))
    notes = (
        f"Each figure: the probability that a player's {hand} dealt cards (of {d} decks of {types}, "
        f"{types * d} cards) hold the condition; exact, over the C({types * d}, {hand}) = {total:,} ways to deal "
        "them. Holding it is not melding it: the play decides that.",
    )
    return Analysis(str(data.get("id", "panguingue")), d, tuple(outcomes), (), notes)
