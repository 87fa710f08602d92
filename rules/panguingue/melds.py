"""Panguingue's melds ("spreads") and conditions, as the Oaks Card Club files them (seed 001 L282-354).

A meld is at least three cards (up to eleven, L324):

* a **rope**: cards of one suit in sequence, the sequence being A 2 3 4 5 6 7 J Q K (the 8s, 9s and 10s are
  out of the deck, so 7-J are consecutive; L284, L327);
* a **set**: cards of one rank, each of a different suit or all of the same suit; any three aces or any three
  kings, whatever their suits (the "non-comoquers", L328-331).

A **condition** is a meld every other player pays for at once; what it pays is the variant's table
(:class:`rules.panguingue.schema.PanCondition`, L333-349).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rules.cards import Card, Rank, Suit
from rules.decks import parse_rank
from rules.panguingue.schema import Pan, PanCondition

MeldKind = Literal["set", "rope"]


@dataclass(frozen=True, slots=True)
class PanRules:
    """A variant's ``pan:`` section with its ranks read."""

    pan: Pan
    order: tuple[Rank, ...]
    valle: frozenset[Rank]
    non_comoquers: frozenset[Rank]
    rope_cards: tuple[frozenset[Rank], ...]  # per condition (empty for a set's)

    @classmethod
    def of(cls, pan: Pan) -> PanRules:
        """Read the ranks of a validated ``pan:`` section."""
        return cls(
            pan,
            tuple(parse_rank(r) for r in pan.order),
            frozenset(parse_rank(r) for r in pan.valle),
            frozenset(parse_rank(r) for r in pan.non_comoquers),
            tuple(frozenset(parse_rank(r) for r in (c.cards or ())) for c in pan.conditions),
        )


def meld_kind(cards: Sequence[Card], rules: PanRules) -> MeldKind | None:
    """``set`` or ``rope`` for a valid meld of three to eleven cards, else None."""
    if not 3 <= len(cards) <= 11 or any(c.rank is None or c.suit is None for c in cards):
        return None
    ranks = {c.rank for c in cards}
    suits = {c.suit for c in cards}
    if len(ranks) == 1:
        rank = cards[0].rank
        if rank in rules.non_comoquers or len(suits) == 1 or len(suits) == len(cards):
            return "set"
        return None
    if len(suits) == 1 and len(ranks) == len(cards) and all(r in rules.order for r in ranks):
        places = sorted(rules.order.index(r) for r in ranks if r is not None)
        if places[-1] - places[0] == len(places) - 1:
            return "rope"
    return None


def why_not(cards: Sequence[Card], rules: PanRules) -> str:
    """Why ``cards`` are not a meld (for the alert)."""
    if len(cards) < 3:
        return f"{len(cards)} card{'s' if len(cards) != 1 else ''}: a meld is at least three (L324)"
    if len(cards) > 11:
        return "more than eleven cards in one meld (L324)"
    return (
        "neither a set (one rank, each card of another suit or all of one suit; aces and kings any suits) "
        "nor a rope (one suit in sequence A 2 3 4 5 6 7 J Q K) (L327-331)"
    )


def _condition_chips(
    cards: Sequence[Card], kind: MeldKind, c: PanCondition, rope: frozenset[Rank], rules: PanRules
) -> int:
    if c.meld != kind:
        return 0
    same = len({x.suit for x in cards}) == 1
    if kind == "set":
        valle = cards[0].rank in rules.valle
        if (c.ranks == "valle") != valle or (c.suits == "same") != same:
            return 0
    elif not rope <= {x.rank for x in cards}:
        return 0
    if same and cards[0].suit is Suit.SPADES and c.spades is not None:
        return c.spades
    return c.chips


def conditions(cards: Sequence[Card], rules: PanRules) -> tuple[tuple[str, int], ...]:
    """The conditions a meld holds as it lies, with the chips each other player pays for each."""
    kind = meld_kind(cards, rules)
    if kind is None:
        return ()
    out: list[tuple[str, int]] = []
    for c, rope in zip(rules.pan.conditions, rules.rope_cards, strict=True):
        chips = _condition_chips(cards, kind, c, rope, rules)
        if chips:
            out.append((c.name, chips))
    return tuple(out)


def condition_chips(cards: Sequence[Card], rules: PanRules) -> int:
    """The chips a meld is worth as it lies (the sum of its conditions; 0 for a meld that is none)."""
    return sum(ch for _, ch in conditions(cards, rules))
