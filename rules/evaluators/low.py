"""A-5 low hands: Lowball, Razz, and the low half of the 8-or-better split games.

The rules every low filing states (seed 001 G02 Lowball L76–144 and G04 Razz L201–221; seed 000a §2 Stud
Hi-Lo; seed 004 S1 Low-Ball, S5 and S13 Omaha Hi-Lo; seed 002 §11–14 Omaha, Pineapple and Hold'em Hi-Lo):

* the ace is low, straights and flushes do not count, the best hand is A-2-3-4-5 (the wheel);
* hands compare from the highest card down (7-6-4-3-A beats 8-6-4-3-2, seed 002 §12); any pair is
  worse than every unpaired hand, and paired hands compare by their pairs first ("a pair of aces ranks
  lower than a pair of deuces", seed 001 G04), so the order is the high-hand order of the ranks read
  with the ace as 1, reversed;
* the 8-or-better qualifier: "five unpaired cards from A, 2, 3, 4, 5, 6, 7, 8" (seed 004 S13 rule 7,
  seed 000a §2).

The joker, by room (:class:`LowJoker`):

* ``LOWEST_MISSING`` — Lowball: "the joker is wild and counts as the lowest missing card in the hand"
  (seed 001 L78–79; seed 004 S1 L7–8 "the lowest card not already in the hand"). Jk-2-3-4-6 plays as
  A-2-3-4-6; the joker never pairs. In a best-five-of-N hand, "the hand" is the five cards played.
* ``ACE`` — Omaha Hi-Lo with a joker (seed 004 S13 rule 4): the joker "can only be an Ace, a card to
  make a straight, and a card to make a flush"; straights and flushes do not count for low, so for low
  it is an ace (and pairs an ace already held). The filing does not say this in words; it is the
  reading of its one joker rule, recorded as a choice.
* ``NONE`` — a joker is an error.

No filing has deuce-to-seven low, so there is none here.

Values: ``key = pattern * 16**5 + ranks`` (pattern 0 unpaired … 6 five of a kind; ranks ace = 1 … king
= 13, grouped by count then high to low) is smaller for a better low, and the value is ``7 * 16**5 -
key``, so a larger value is a better low, as every :class:`HandRank` has it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import Enum
from itertools import combinations, combinations_with_replacement
from typing import Final

from rules.cards import JOKER_INDEX, STANDARD_CARDS, Card, Rank
from rules.errors import HandError
from rules.evaluators.handrank import HandRank


class LowJoker(Enum):
    """What a joker is in a low hand (see the module notes)."""

    NONE = "none"
    LOWEST_MISSING = "lowest_missing"
    ACE = "ace"


PATTERN_NAMES: Final[tuple[str, ...]] = (
    "No Pair",
    "One Pair",
    "Two Pair",
    "Three of a Kind",
    "Full House",
    "Four of a Kind",
    "Five of a Kind",
)
_PATTERNS: Final = {
    (1, 1, 1, 1, 1): 0,
    (2, 1, 1, 1): 1,
    (2, 2, 1): 2,
    (3, 1, 1): 3,
    (3, 2): 4,
    (4, 1): 5,
    (5,): 6,
}
_BASE: Final = 16**5
_TOP: Final = 7 * _BASE
_RANK_CHAR: Final = "A23456789TJQK"  # by low rank 1..13
_PRIMES: Final = (0, 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)  # by low rank 1..13

#: Low rank (ace 1 … king 13) of each card index 0..51.
LOW_RANK: Final[tuple[int, ...]] = tuple(
    1 if c.rank is Rank.ACE else (c.rank.value if c.rank is not None else 0) for c in STANDARD_CARDS
)
_BIT: Final[tuple[int, ...]] = tuple(1 << r for r in LOW_RANK)
_PRIME: Final[tuple[int, ...]] = tuple(_PRIMES[r] for r in LOW_RANK)


def _key(ranks: Sequence[int]) -> int:
    """The low key of five low ranks (smaller is better)."""
    counts = Counter(ranks)
    ordered = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    pattern = _PATTERNS[tuple(n for _, n in ordered)]
    digits = 0
    for r, _ in ordered:
        digits = digits * 16 + r
    digits <<= 4 * (5 - len(ordered))
    return pattern * _BASE + digits


def _name(ranks: Sequence[int]) -> str:
    counts = Counter(ranks)
    if len(counts) == 5:
        hi = sorted(ranks, reverse=True)
        return f"{_RANK_CHAR[hi[0] - 1]}-{_RANK_CHAR[hi[1] - 1]} low"
    ordered = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return PATTERN_NAMES[_PATTERNS[tuple(n for _, n in ordered)]]


def _build() -> tuple[list[int], dict[int, int], dict[int, str]]:
    nopair = [0] * (1 << 14)
    by_product: dict[int, int] = {}
    names: dict[int, str] = {}
    for ranks in combinations_with_replacement(range(1, 14), 5):
        value = _TOP - _key(ranks)
        product = 1
        for r in ranks:
            product *= _PRIMES[r]
        by_product[product] = value
        names[value] = _name(ranks)
        if len(set(ranks)) == 5:
            mask = 0
            for r in ranks:
                mask |= 1 << r
            nopair[mask] = value
    return nopair, by_product, names


_NOPAIR, _BY_PRODUCT, _NAMES = _build()
#: The value of the worst unpaired low (K-Q-J-T-9); every value above it is unpaired.
WORST_UNPAIRED: Final = _TOP - _key((13, 12, 11, 10, 9))


def rank_low5(a: int, b: int, c: int, d: int, e: int) -> int:
    """The A-5 low value of five standard cards given by index (0..51); larger is better.

    The fast path for enumeration: no checks, no joker (see :func:`rank_low5_joker`).
    """
    v = _NOPAIR[_BIT[a] | _BIT[b] | _BIT[c] | _BIT[d] | _BIT[e]]
    if v:
        return v
    return _BY_PRODUCT[_PRIME[a] * _PRIME[b] * _PRIME[c] * _PRIME[d] * _PRIME[e]]


def _lowest_missing(mask: int) -> int:
    """The lowest low rank (1..13) whose bit is not in ``mask`` (bits 1..13)."""
    m = mask | 1
    lowest_zero = ~m & (m + 1)
    return lowest_zero.bit_length() - 1


def rank_low5_joker(a: int, b: int, c: int, d: int, joker: LowJoker) -> int:
    """The low value of four standard cards (by index) and the joker."""
    if joker is LowJoker.LOWEST_MISSING:
        mask = _BIT[a] | _BIT[b] | _BIT[c] | _BIT[d]
        r = _lowest_missing(mask)
    elif joker is LowJoker.ACE:
        r = 1
    else:
        raise HandError("this game's deck has no joker")
    mask4 = _BIT[a] | _BIT[b] | _BIT[c] | _BIT[d]
    if mask4.bit_count() == 4 and not mask4 & (1 << r):
        return _NOPAIR[mask4 | 1 << r]
    return _BY_PRODUCT[_PRIME[a] * _PRIME[b] * _PRIME[c] * _PRIME[d] * _PRIMES[r]]


def low_category(value: int) -> str:
    """The name of a low value: "8-6 low", "7-5 low", "One Pair", …"""
    return _NAMES[value]


def is_unpaired(value: int) -> bool:
    """Whether a low value is five unpaired cards."""
    return value >= WORST_UNPAIRED


def high_card(value: int) -> int:
    """The highest low rank (ace 1 … king 13) of an unpaired low value; the pair's rank otherwise."""
    return ((_TOP - value) % _BASE) >> 16


def qualifies(value: int, qualifier: int) -> bool:
    """Whether a low value qualifies: five unpaired cards, none above ``qualifier`` (8 for 8-or-better)."""
    return is_unpaired(value) and high_card(value) <= qualifier


def _five_value(five: Sequence[Card], joker: LowJoker) -> tuple[int, int]:
    """(value, the joker's low rank or 0) of five cards."""
    idx = [c.index for c in five]
    jokers = idx.count(JOKER_INDEX)
    if jokers == 0:
        return rank_low5(*idx), 0
    if jokers > 1:
        raise HandError("a low hand cannot hold more than one joker")
    if joker is LowJoker.NONE:
        raise HandError("this game's deck has no joker")
    rest = [i for i in idx if i != JOKER_INDEX]
    r = (
        1
        if joker is LowJoker.ACE
        else _lowest_missing(_BIT[rest[0]] | _BIT[rest[1]] | _BIT[rest[2]] | _BIT[rest[3]])
    )
    return rank_low5_joker(rest[0], rest[1], rest[2], rest[3], joker), r


def _display(five: Sequence[Card], joker_rank: int) -> tuple[Card, ...]:
    def lr(c: Card) -> int:
        return joker_rank if c.index == JOKER_INDEX else LOW_RANK[c.index]

    counts = Counter(lr(c) for c in five)
    return tuple(sorted(five, key=lambda c: (counts[lr(c)], lr(c), c.index), reverse=True))


def _check(cards: Sequence[Card]) -> None:
    for c in cards:
        if not isinstance(c, Card):
            raise HandError(f"not a card: {c!r}")


def evaluate_low(
    cards: Sequence[Card], joker: LowJoker = LowJoker.NONE, qualifier: int | None = None
) -> HandRank | None:
    """The best A-5 low of five or more cards (best five of N: Lowball 5, Razz and Stud Hi-Lo 7).

    ``qualifier``: 8 for 8-or-better (``None``: every hand plays). Returns ``None`` when the best five do
    not qualify. Raises :class:`~rules.errors.HandError` for fewer than five cards or a joker the game
    does not use.
    """
    _check(cards)
    if len(cards) < 5:
        raise HandError(f"a low hand needs five cards, not {len(cards)}")
    best_value, best_five, best_jr = -1, tuple(cards[:5]), 0
    if all(c.index != JOKER_INDEX for c in cards):
        # No joker: the index fast path over every five.
        for five in combinations(cards, 5):
            v = rank_low5(five[0].index, five[1].index, five[2].index, five[3].index, five[4].index)
            if v > best_value:
                best_value, best_five = v, five
    else:
        for five in combinations(cards, 5):
            v, jr = _five_value(five, joker)
            if v > best_value:
                best_value, best_five, best_jr = v, five, jr
    if qualifier is not None and not qualifies(best_value, qualifier):
        return None
    return HandRank(best_value, low_category(best_value), _display(best_five, best_jr))


def evaluate_low_omaha(
    hole: Sequence[Card],
    board: Sequence[Card],
    joker: LowJoker = LowJoker.NONE,
    qualifier: int | None = 8,
) -> HandRank | None:
    """The best Omaha low: exactly two hole cards and exactly three board cards (seed 004 S13 showdown
    rule 6; Big O's five hole cards too). 8-or-better unless told otherwise; ``None`` if no low."""
    _check(hole)
    _check(board)
    if len(hole) < 2 or len(board) < 3:
        raise HandError(
            f"an Omaha low needs 2+ hole cards and 3+ board cards, not {len(hole)} and {len(board)}"
        )
    best_value, best_jr = -1, 0
    best_five: tuple[Card, ...] = ()
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            five = (*two, *three)
            v, jr = _five_value(five, joker)
            if v > best_value:
                best_value, best_five, best_jr = v, five, jr
    if qualifier is not None and not qualifies(best_value, qualifier):
        return None
    return HandRank(best_value, low_category(best_value), _display(best_five, best_jr))


def qualifies_eight(cards: Sequence[Card], joker: LowJoker = LowJoker.NONE) -> bool:
    """Whether five or more cards hold an 8-or-better low (five unpaired cards from A to 8)."""
    return evaluate_low(cards, joker, qualifier=8) is not None
