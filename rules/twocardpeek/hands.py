"""Two Card Peek's hands: the two-card ranking of the Pick Row, the 2 Card Poker lines, the five-card lines.

Two cards rank as poker ranks two cards (choice recorded in the game file): a pair beats any two different
cards, pairs by rank, otherwise the higher card then the lower, the ace high; suits, straights and flushes
do not count. The 2 Card Poker table's own lines (Mini Royal A-K suited, straight flush, pair, straight,
flush) take the ace high or low (A-K and A-2). Five-card lines are the evaluator's categories.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.cards import Card, Rank
from rules.errors import HandError
from rules.evaluators.high import evaluate_high

#: A two-card hand's value: (1 for a pair else 0, the higher rank, the lower rank); larger is better.
TwoCardValue = tuple[int, int, int]


def _two(cards: Sequence[Card]) -> tuple[Card, Card]:
    if len(cards) != 2 or any(c.rank is None or c.suit is None for c in cards):
        raise HandError(f"a two-card hand is two cards without a joker, not {[str(c) for c in cards]}")
    return cards[0], cards[1]


def two_card_value(cards: Sequence[Card]) -> TwoCardValue:
    """The Pick Row value of two cards (a pair above high cards; aces high)."""
    a, b = _two(cards)
    assert a.rank is not None and b.rank is not None
    hi, lo = max(a.rank.value, b.rank.value), min(a.rank.value, b.rank.value)
    return (1 if hi == lo else 0, hi, lo)


def qualifies_ten_high(value: TwoCardValue) -> bool:
    """Ten-high or better: any pair, or a ten or higher (000 L836-837, L925)."""
    return value[0] == 1 or value[1] >= Rank.TEN.value


def describe_two(value: TwoCardValue) -> str:
    """``pair of 7s`` / ``K-9 high``."""
    names = {r.value: r.char for r in Rank}
    if value[0]:
        return f"pair of {names[value[1]]}s"
    return f"{names[value[1]]}-{names[value[2]]} high"


def two_card_line(cards: Sequence[Card]) -> str | None:
    """The best 2 Card Poker line two cards make, or None (``Mini Royal``, ``Straight Flush``, ``Pair``,
    ``Straight``, ``Flush``)."""
    a, b = _two(cards)
    assert a.rank is not None and b.rank is not None
    x, y = a.rank.value, b.rank.value
    if x == y:
        return "Pair"
    suited = a.suit == b.suit
    ranks = {x, y}
    connected = abs(x - y) == 1 or ranks == {Rank.ACE.value, Rank.TWO.value}
    if suited and ranks == {Rank.ACE.value, Rank.KING.value}:
        return "Mini Royal"
    if suited and connected:
        return "Straight Flush"
    if connected:
        return "Straight"
    if suited:
        return "Flush"
    return None


def five_card_line(cards: Sequence[Card]) -> str:
    """The five-card category (``Royal Flush`` … ``High Card``) of a row's five cards."""
    if len(cards) != 5:
        raise HandError(f"a row's poker hand is five cards, not {len(cards)}")
    return evaluate_high(cards).category
