"""Pai Gow Poker hands on card indices: the five-card back hand, the front hand, and the foul test.

This is the family's fast path (House Way search, the exhaustive audit, exact analysis): plain
integers, no :class:`~rules.evaluators.handrank.HandRank` objects. The shared evaluators
(``rules.evaluators.paigow2`` for the front; ``rules.evaluators.high`` for five-card hands where it is
available) are the reference the tests compare against.

The joker is the "bug" of every Pai Gow Poker filing (seed 002 L347; seed 003 L50 rule 15; seed 004 L79-81;
seed 000 L33-111, L1011, L3814; seed 001 L410): an ace, or any card that completes a straight, a flush or a
straight flush. Five aces (four aces and the joker) is the top five-card hand in every filing.

Values: ``category << 20 | t1 << 16 | … | t5`` with tiebreak ranks 2..15, larger is better.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from rules.cards import ALL_CARDS, JOKER_INDEX, Card
from rules.errors import HandError

HIGH_CARD: Final = 0
ONE_PAIR: Final = 1
TWO_PAIR: Final = 2
THREE_OF_A_KIND: Final = 3
STRAIGHT: Final = 4
FLUSH: Final = 5
FULL_HOUSE: Final = 6
FOUR_OF_A_KIND: Final = 7
STRAIGHT_FLUSH: Final = 8
FIVE_ACES: Final = 9

#: Category names; a straight flush to the ace is called a Royal Flush (see :func:`category_name`).
CATEGORY_NAMES: Final[tuple[str, ...]] = (
    "High Card",
    "One Pair",
    "Two Pair",
    "Three of a Kind",
    "Straight",
    "Flush",
    "Full House",
    "Four of a Kind",
    "Straight Flush",
    "Five Aces",
)
CATEGORY_BY_NAME: Final[dict[str, int]] = {
    **{n.lower().replace(" ", "_"): i for i, n in enumerate(CATEGORY_NAMES)},
    "pair": ONE_PAIR,
    "trips": THREE_OF_A_KIND,
    "quads": FOUR_OF_A_KIND,
    "royal_flush": STRAIGHT_FLUSH,
}

_ACE: Final = 14
_SHIFT: Final = 20


@dataclass(frozen=True, slots=True)
class PaiGowRules:
    """A room's ranking options for Pai Gow Poker hands (from the variant file's ``evaluator:``).

    ``wheel``: where A-2-3-4-5 ranks among straights: ``"lowest"`` (seeds 002 L349, 004 S18, 000 §9/§11)
    or ``"second_highest"`` (no filing in this collection; kept as a setting). ``joker_flush``: which rank
    the joker takes in a flush: ``"ace"`` or ``"highest_missing"`` (seed 004 L150: "the highest
    unmatched card in a flush"). ``front_cards``: 2 (Pai Gow Poker) or 1 (Mini Pai Gow).
    ``joker_above_ace``: Mini Pai Gow ranks a lone joker above the ace (seed 000 L1019).
    """

    wheel: str = "lowest"
    joker_flush: str = "highest_missing"
    front_cards: int = 2
    joker_above_ace: bool = False

    def __post_init__(self) -> None:
        if self.wheel not in ("lowest", "second_highest"):
            raise HandError(f"wheel must be 'lowest' or 'second_highest', not {self.wheel!r}")
        if self.joker_flush not in ("ace", "highest_missing"):
            raise HandError(f"joker_flush must be 'ace' or 'highest_missing', not {self.joker_flush!r}")
        if self.front_cards not in (1, 2):
            raise HandError(f"the front hand has 1 or 2 cards, not {self.front_cards}")

    @property
    def hand_cards(self) -> int:
        """Cards dealt to a hand: seven, six in Mini Pai Gow."""
        return 5 + self.front_cards


DEFAULT_RULES: Final = PaiGowRules()


def category_of(value: int) -> int:
    """The category number of a five-card value."""
    return value >> _SHIFT


def category_name(value: int) -> str:
    """The name a dealer calls: 'Royal Flush' for a straight flush to the ace."""
    cat = value >> _SHIFT
    if cat == STRAIGHT_FLUSH and (value >> 16) & 15 in (14, 15) and not (value >> 12) & 15:
        return "Royal Flush"
    return CATEGORY_NAMES[cat]


def _pack(cat: int, ts: Sequence[int]) -> int:
    v = cat
    for k in range(5):
        v = v << 4 | (ts[k] if k < len(ts) else 0)
    return v


def _straight_top(rs: set[int], rules: PaiGowRules, joker: bool) -> list[int]:
    """The straight's tiebreak ([]: none). The wheel is [5], or [14, 1] under A-high [15] when second-highest."""
    need = 4 if joker else 5
    for top in range(14, 5, -1):
        if len(rs & set(range(top - 4, top + 1))) >= need:
            return [15] if (top == 14 and rules.wheel == "second_highest") else [top]
    if len(rs & {14, 2, 3, 4, 5}) >= need:
        return [14, 1] if rules.wheel == "second_highest" else [5]
    return []


def _by_counts(ranks: list[int]) -> int:
    """Value of five ranks with no straight or flush (joker already turned into an ace)."""
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [n for _, n in groups]
    order = [r for r, _ in groups]
    if shape[0] == 5:
        return _pack(FIVE_ACES, [order[0]])
    if shape[0] == 4:
        return _pack(FOUR_OF_A_KIND, order)
    if shape[0] == 3:
        return _pack(FULL_HOUSE if shape[1] == 2 else THREE_OF_A_KIND, order)
    if shape[0] == 2:
        return _pack(TWO_PAIR if shape[1] == 2 else ONE_PAIR, order)
    return _pack(HIGH_CARD, order)


def value5(idx: Sequence[int], rules: PaiGowRules = DEFAULT_RULES) -> int:
    """The value of a five-card Pai Gow Poker hand given by card index (52 the joker); larger is better.

    No checks beyond what the ranking needs (the callers pass five distinct indices, at most one joker).
    """
    nat = [i for i in idx if i != JOKER_INDEX]
    joker = len(nat) < len(idx)
    ranks = [(i >> 2) + 2 for i in nat]
    suited = len({i & 3 for i in nat}) == 1
    distinct = set(ranks)
    best = _by_counts(ranks + [_ACE] if joker else ranks)
    if len(distinct) == len(nat):
        top = _straight_top(distinct, rules, joker)
        if suited:
            if top:
                return max(best, _pack(STRAIGHT_FLUSH, top))
            if joker:
                fill = _ACE
                if rules.joker_flush == "highest_missing":
                    fill = max(r for r in range(2, 15) if r not in distinct)
                fl = sorted(ranks + [fill], reverse=True)
                return max(best, _pack(FLUSH, fl))
            return max(best, _pack(FLUSH, sorted(ranks, reverse=True)))
        if top:
            return max(best, _pack(STRAIGHT, top))
    elif suited and joker and len(nat) == 4:
        pass  # a paired suited four cannot be a flush (one deck)
    return best


def evaluate5(cards: Sequence[Card], rules: PaiGowRules = DEFAULT_RULES) -> tuple[int, str]:
    """Value and category name of five cards (checked)."""
    idx = _indices(cards)
    if len(idx) != 5:
        raise HandError(f"a back hand has 5 cards, not {len(idx)}")
    v = value5(idx, rules)
    return v, category_name(v)


def front_value(idx: Sequence[int], rules: PaiGowRules = DEFAULT_RULES) -> int:
    """The front hand's value: two cards ``1 << 8 | r << 4 | r`` for a pair, ``hi << 4 | lo`` otherwise;
    one card (Mini Pai Gow) its rank, the joker 15 above the ace where the room ranks it so.

    The same order as ``rules.evaluators.paigow2`` (the bug joker is an ace in the front).
    """
    rs = [_ACE if i == JOKER_INDEX else (i >> 2) + 2 for i in idx]
    if len(rs) == 1:
        return 15 if (idx[0] == JOKER_INDEX and rules.joker_above_ace) else rs[0]
    a, b = rs
    if a == b:
        return 1 << 8 | a << 4 | a
    return (a << 4 | b) if a > b else (b << 4 | a)


def front_beats_back(front: Sequence[int], back_value: int, back: Sequence[int], rules: PaiGowRules) -> bool:
    """True when the front hand outranks the back hand: a foul (seed 003 L80 rule 31a; seed 004 L186-190).

    Two cards against five: a pair beats no pair and a lower pair; unpaired cards compare the front's
    high then low card with the back's two highest. Equal is not a foul (the five-card hand has more cards).
    """
    cat = back_value >> _SHIFT
    if cat >= TWO_PAIR:
        return False
    fv = front_value(front, rules)
    if len(front) == 1:
        if cat == ONE_PAIR:
            return False
        top = max(15 if (i == JOKER_INDEX and rules.joker_above_ace) else _rank(i) for i in back)
        return fv > top
    if fv >> 8:  # a pair in front
        if cat == HIGH_CARD:
            return True
        return (fv & 15) > (back_value >> 16) & 15
    if cat == ONE_PAIR:
        return False
    hi, lo = (fv >> 4) & 15, fv & 15
    b1, b2 = (back_value >> 16) & 15, (back_value >> 12) & 15
    return (hi, lo) > (b1, b2)


def _rank(i: int) -> int:
    return _ACE if i == JOKER_INDEX else (i >> 2) + 2


def _indices(cards: Sequence[Card]) -> list[int]:
    out: list[int] = []
    for c in cards:
        if not isinstance(c, Card):
            raise HandError(f"not a card: {c!r}")
        out.append(c.index)
    return out


def cards_of(idx: Sequence[int]) -> tuple[Card, ...]:
    """Cards from indices."""
    return tuple(ALL_CARDS[i] for i in idx)
