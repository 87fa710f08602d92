"""Cal Quick Draw Poker's hands: five cards, or the player-dealer's best five of seven, with the joker fully
wild (000 L2093: any card not already in the hand, or the fifth of five of a kind), named and ranked as the
filing's table (L2101-2117): a royal flush without the joker ranks above one with it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from rules.cards import Card
from rules.errors import HandError
from rules.evaluators.high import HighRules, JokerMode, evaluate_high

#: The filing's joker: fully wild; four of a kind and the joker are five of a kind.
WILD = HighRules(joker=JokerMode.WILD, five_aces=True)


@dataclass(frozen=True, slots=True)
class QuickHand:
    """A hand's value (larger is better, a natural royal above a royal with the joker) and its name."""

    value: tuple[int, int]
    name: str
    cards: tuple[Card, ...]


def _five(cards: Sequence[Card]) -> QuickHand:
    r = evaluate_high(cards, WILD)
    natural = r.category == "Royal Flush" and not any(c.is_joker for c in cards)
    if r.category in ("Five Aces", "Five of a Kind"):
        name = "Five of a Kind"
    elif r.category == "Royal Flush":
        name = "Royal Flush (no Joker)" if natural else "Royal Flush (with Joker)"
    else:
        name = r.category
    return QuickHand((r.value, int(natural)), name, tuple(cards))


def hand_of(cards: Sequence[Card]) -> QuickHand:
    """The best five-card hand of five to seven cards (the player-dealer's five and two Draw Cards)."""
    if not 5 <= len(cards) <= 7:
        raise HandError(f"a Quick Draw hand is five cards (the player-dealer's seven), not {len(cards)}")
    return max((_five(c) for c in combinations(cards, 5)), key=lambda h: h.value)
