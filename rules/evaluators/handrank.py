"""The common result of every hand evaluator."""

from __future__ import annotations

from dataclasses import dataclass

from rules.cards import Card


@dataclass(frozen=True, slots=True)
class HandRank:
    """An evaluated hand.

    ``value`` is totally ordered and *larger is better* under the evaluator that made it (for low
    evaluators too: a better low has a larger value), so ``max()`` picks the winner and equal values
    tie. ``category`` is the name a dealer calls out ("Full House", "8-6 low"); ``cards`` are the
    cards used, in display order.
    """

    value: int
    category: str
    cards: tuple[Card, ...]

    def __lt__(self, other: HandRank) -> bool:
        return self.value < other.value

    def __le__(self, other: HandRank) -> bool:
        return self.value <= other.value

    def __gt__(self, other: HandRank) -> bool:
        return self.value > other.value

    def __ge__(self, other: HandRank) -> bool:
        return self.value >= other.value

    def beats(self, other: HandRank) -> bool:
        """Strictly better."""
        return self.value > other.value

    def ties(self, other: HandRank) -> bool:
        """Exactly as good (a copy, in Pai Gow words)."""
        return self.value == other.value
