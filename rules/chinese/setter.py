"""A proposed setting of thirteen cards, for the dealer to check a player's hand against.

No room files a House Way for Chinese Poker (seed 000 L3042-3226, 001 L729-752, 000 L3616-3793): the player
sets his own hand, and a foul is his. The proposal is advice, never a ruling: it is always legal (3-5-5, no
foul) and is chosen by a plain, stated preference — the most bonus points under the variant's table, then
the strongest middle, then the strongest front, then the strongest back. It names any Clean Sweep the cards
make.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from rules.cards import Card
from rules.chinese.hands import SetHand, five_value, front_value
from rules.chinese.naturals import naturals_of
from rules.chinese.scoring import bonus_points
from rules.chinese.variant import ChineseVariant
from rules.errors import HandError


@dataclass(frozen=True, slots=True)
class Proposal:
    """A legal setting, its bonus points and the Clean Sweeps the cards make."""

    hand: SetHand
    bonus: int
    naturals: tuple[str, ...]
    legal_settings: int


def propose(cards: Sequence[Card], v: ChineseVariant) -> Proposal:
    """The proposed setting of thirteen different cards (every one of the 72,072 settings is weighed)."""
    cards = tuple(cards)
    if len(cards) != 13 or len({c.index for c in cards}) != 13:
        raise HandError(f"a Chinese Poker hand is thirteen different cards, not {len(cards)}")
    full = (1 << 13) - 1
    fives = {sum(1 << i for i in c): five_value([cards[i] for i in c]) for c in combinations(range(13), 5)}
    threes = {sum(1 << i for i in c): front_value([cards[i] for i in c]) for c in combinations(range(13), 3)}
    best: tuple[int, int, int, int] | None = None
    best_masks = (0, 0, 0)
    legal = 0
    for back, bv in fives.items():
        rest = full & ~back
        for middle, mv in fives.items():
            if middle & back or mv > bv:
                continue
            front = rest & ~middle
            fv = threes[front]
            if fv > mv:
                continue
            legal += 1
            key = (sum(bonus_points((fv, mv, bv), v).values()), mv, fv, bv)
            if best is None or key > best:
                best, best_masks = key, (front, middle, back)
    if best is None:  # pragma: no cover - a legal setting always exists (back >= middle >= front by sorting)
        raise HandError("no legal setting")

    def pick(mask: int) -> tuple[Card, ...]:
        return tuple(cards[i] for i in range(13) if mask >> i & 1)

    hand = SetHand(pick(best_masks[0]), pick(best_masks[1]), pick(best_masks[2]))
    return Proposal(hand, best[0], naturals_of(cards, v.natural_names), legal)
