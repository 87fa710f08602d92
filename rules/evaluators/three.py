"""Three-card poker hands (Three Card Poker, its 6 Card Bonus and Pair Plus, 3 Card Texas Hold'em).

Ranking, high to low, as every Three Card Poker filing prints it (seed 002 L758–871 §7; seed 003
L908–1035 §14; seed 004 L2233–2276 S16 and L2567–2595 S17; seed 001 G20; seed 000b §10; seed 000a §7):

    Mini Royal (A-K-Q suited, named only where the filing pays it) > Straight Flush > Three of a Kind
    > Straight > Flush > Pair > High Card

Straight ranks above flush. The ace is high (A-K-Q is the top straight) or low when it begins a straight
(A-2-3 is the lowest straight and straight flush; there is no wrap-around K-A-2).

Choices where the filings differ or are silent:

* Seed 004 S16 (L2246–2247) names 4-3-2 the lowest straight flush while the same table makes A-2-3 the
  lowest straight; the same room's 6 Card Bonus filing (S17, L2576) and seeds 001 G20 and 000b §10 make
  3-2-A the lowest straight flush. A-2-3 suited is read as the lowest straight flush everywhere.
* Seed 004 S16 (L2275) calls A-K-9 the best high card; A-K-J is (S17, L2595). A print error; no setting.
* Seed 003 §14 deals from one to six decks, so a hand can hold duplicate cards. The rules extend
  naturally: three suited cards that are not in sequence are a flush (so Ah Ah Kh is a flush, above
  any pair, and the best flush since its ranks are A-A-K), and three of a kind beats a flush, so suited
  trips are three of a kind ("when a hand can rank more than one way, only the highest counts",
  seed 000a §7).
* No three-card filing uses a joker; a joker is a :class:`~rules.errors.HandError`.

The value is ``category << 12 | r1 << 8 | r2 << 4 | r3`` with ranks 2..14 ordered for comparison (pair
rank first for a pair; the straight's top card, 3 for A-2-3). :func:`rank3` ranks card indices through
two 2,197-entry tables (suited and not suited), built once at import.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from rules.cards import ALL_CARDS, JOKER_INDEX, Card
from rules.errors import HandError
from rules.evaluators.handrank import HandRank

HIGH_CARD: Final = 0
PAIR: Final = 1
FLUSH: Final = 2
STRAIGHT: Final = 3
THREE_OF_A_KIND: Final = 4
STRAIGHT_FLUSH: Final = 5

#: Category names by category number (the Mini Royal is named apart, see :class:`ThreeCardRules`).
CATEGORY_NAMES: Final[tuple[str, ...]] = (
    "High Card",
    "Pair",
    "Flush",
    "Straight",
    "Three of a Kind",
    "Straight Flush",
)
MINI_ROYAL: Final = "Mini Royal"

_SHIFT: Final = 12
_ACE: Final = 14


@dataclass(frozen=True, slots=True)
class ThreeCardRules:
    """A room's three-card ranking options.

    ``mini_royal``: name A-K-Q suited "Mini Royal" (the Three Card Poker filings, which pay it 200:1 on
    Pair Plus). It ranks as the top straight flush either way; the option changes only its name.
    """

    mini_royal: bool = False


def _value_of_ranks(a: int, b: int, c: int, suited: bool) -> int:
    """The value of three ranks (2..14, any order), suited or not."""
    hi, mid, lo = sorted((a, b, c), reverse=True)
    if hi == mid == lo:
        return THREE_OF_A_KIND << _SHIFT | hi << 8
    top = 0  # the straight's top card, 0 when not a straight
    if hi - mid == 1 and mid - lo == 1:
        top = hi
    elif (hi, mid, lo) == (_ACE, 3, 2):
        top = 3
    if top:
        return (STRAIGHT_FLUSH if suited else STRAIGHT) << _SHIFT | top << 8
    if suited:
        return FLUSH << _SHIFT | hi << 8 | mid << 4 | lo
    if hi == mid:
        return PAIR << _SHIFT | hi << 8 | lo << 4
    if mid == lo:
        return PAIR << _SHIFT | mid << 8 | hi << 4
    return HIGH_CARD << _SHIFT | hi << 8 | mid << 4 | lo


def _build(suited: bool) -> tuple[int, ...]:
    # Indexed by (rank - 2) * 169 + (rank - 2) * 13 + (rank - 2), ranks in dealt order.
    return tuple(
        _value_of_ranks(a + 2, b + 2, c + 2, suited) for a in range(13) for b in range(13) for c in range(13)
    )


_OFFSUIT: Final[tuple[int, ...]] = _build(False)
_SUITED: Final[tuple[int, ...]] = _build(True)


def rank3(i: int, j: int, k: int) -> int:
    """The value of three cards given by index (``card.index``, 0..51); larger is better.

    The fast path for exhaustive enumeration and settlement: no checks (the joker's index 52 is not a
    valid input; :func:`evaluate_three` checks). Duplicate indices are allowed (multi-deck shoes).
    """
    key = (i >> 2) * 169 + (j >> 2) * 13 + (k >> 2)
    if (i & 3) == (j & 3) == (k & 3):
        return _SUITED[key]
    return _OFFSUIT[key]


def category_of(value: int, rules: ThreeCardRules = ThreeCardRules()) -> str:
    """The category name of a value from :func:`rank3`."""
    cat = value >> _SHIFT
    if cat == STRAIGHT_FLUSH and rules.mini_royal and (value >> 8) & 15 == _ACE:
        return MINI_ROYAL
    return CATEGORY_NAMES[cat]


def _display_order(cards: Sequence[Card], value: int) -> tuple[Card, ...]:
    """Cards in the order a dealer reads them: pair first, straights from the top (3-2-A), else high to low."""
    cat = value >> _SHIFT

    def rv(c: Card) -> int:
        assert c.rank is not None
        return c.rank.value

    if cat in (STRAIGHT, STRAIGHT_FLUSH) and (value >> 8) & 15 == 3:
        return tuple(sorted(cards, key=lambda c: (rv(c) % _ACE, c.index), reverse=True))
    if cat == PAIR:
        pair_rank = (value >> 8) & 15
        return tuple(sorted(cards, key=lambda c: (rv(c) == pair_rank, rv(c), c.index), reverse=True))
    return tuple(sorted(cards, key=lambda c: (rv(c), c.index), reverse=True))


def _check(cards: Sequence[Card]) -> None:
    for c in cards:
        if not isinstance(c, Card):
            raise HandError(f"not a card: {c!r}")
        if c.index == JOKER_INDEX:
            raise HandError("no three-card filing uses a joker; the joker cannot be ranked here")


def evaluate_three(cards: Sequence[Card], rules: ThreeCardRules = ThreeCardRules()) -> HandRank:
    """Rank exactly three cards as a three-card poker hand (straight above flush, A-2-3 lowest straight).

    Raises :class:`~rules.errors.HandError` for a count other than three or a joker.
    """
    if len(cards) != 3:
        raise HandError(f"a three-card hand has 3 cards, not {len(cards)}")
    _check(cards)
    value = rank3(cards[0].index, cards[1].index, cards[2].index)
    return HandRank(value, category_of(value, rules), _display_order(cards, value))


def evaluate_best_three(cards: Sequence[Card], rules: ThreeCardRules = ThreeCardRules()) -> HandRank:
    """The best three-card hand from three or more cards (3 Card Texas Hold'em: best 3 of 5, seed 000a §7).

    A four of a kind or full house among the cards counts as three of a kind, as that filing says.
    """
    if len(cards) < 3:
        raise HandError(f"a three-card hand needs at least 3 cards, not {len(cards)}")
    _check(cards)
    best_value = -1
    best: tuple[Card, ...] = ()
    for trio in combinations(cards, 3):
        v = rank3(trio[0].index, trio[1].index, trio[2].index)
        if v > best_value:
            best_value, best = v, trio
    return HandRank(best_value, category_of(best_value, rules), _display_order(best, best_value))


def evaluate_three_indices(i: int, j: int, k: int, rules: ThreeCardRules = ThreeCardRules()) -> HandRank:
    """:func:`evaluate_three` on card indices (0..51)."""
    for x in (i, j, k):
        if not 0 <= x < JOKER_INDEX:
            raise HandError(f"card index {x} is not a standard card (0..51)")
    return evaluate_three((ALL_CARDS[i], ALL_CARDS[j], ALL_CARDS[k]), rules)
