"""Bonus-bet hands: what a player's first seven (six) cards qualify for, and what a pay table pays.

Qualifying hands are named as in the variant files' pay tables. The order of the seven-card hands is
the bonus hierarchy Casino Marysville prints for Fortune Pai Gow Poker (seed 004 L1455-1475): a hand
counts as the highest of these it holds, so a straight with three of a kind is a straight.

* ``seven_card_straight_flush_natural`` — seven suited cards in sequence, no joker.
* ``royal_flush_royal_match`` — a royal flush and, with the other two cards, a suited king and queen.
* ``seven_card_straight_flush_joker`` — seven in sequence and suit with the joker filling in.
* ``five_aces`` (four aces and the joker) ``royal_flush`` ``straight_flush`` ``four_of_a_kind`` ``full_house``
  ``flush`` ``straight`` ``three_of_a_kind`` ``three_pair`` ``two_pair`` ``one_pair`` ``high_card``.
* Mini Pai Gow Aces Bonus (six cards, seed 000 L1090-1112): ``royal_flush_natural`` (the joker may not make
  a royal, L1095: a joker royal is a straight flush) and ``eight_high`` (variant file choice).
* Pai Gow hands (seven singletons, no straight or flush possible, seed 000 L3950): ``pai_gow_<r>_high`` and
  ``pai_gow_9_high_one_colour``; the joker is an ace.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from typing import Final

from rules.cards import JOKER_INDEX
from rules.errors import RulesError
from rules.paigow.hands import (
    FIVE_ACES,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    ONE_PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    PaiGowRules,
    front_value,
    value5,
)
from rules.paigow.house_way import shape_of
from rules.paigow.variant import Bonus, PayRow


class BonusError(RulesError, ValueError):
    """A bonus asked of the wrong number of cards."""


#: The bonus hierarchy, highest first.
HIERARCHY: Final[tuple[str, ...]] = (
    "seven_card_straight_flush_natural",
    "royal_flush_royal_match",
    "seven_card_straight_flush_joker",
    "five_aces",
    "royal_flush",
    "royal_flush_natural",
    "straight_flush",
    "four_of_a_kind",
    "full_house",
    "flush",
    "straight",
    "three_of_a_kind",
    "three_pair",
    "two_pair",
    "eight_high",
    "one_pair",
    "high_card",
)
_CAT_NAMES: Final = {
    FIVE_ACES: "five_aces",
    STRAIGHT_FLUSH: "straight_flush",
    FOUR_OF_A_KIND: "four_of_a_kind",
    FULL_HOUSE: "full_house",
    FLUSH: "flush",
    STRAIGHT: "straight",
    THREE_OF_A_KIND: "three_of_a_kind",
    TWO_PAIR: "two_pair",
    ONE_PAIR: "one_pair",
}
_ACE: Final = 14
_RANK_WORDS: Final = {9: "9", 10: "10", 11: "j", 12: "q", 13: "k", 14: "a"}


def _seven_in_sequence(ranks: set[int], need: int) -> bool:
    """Whether the distinct ranks hold ``need`` of some seven consecutive ranks (the ace high or low)."""
    rs = set(ranks)
    if _ACE in rs:
        rs.add(1)
    return any(len(rs & set(range(lo, lo + 7))) >= need for lo in range(1, 9))


def seven_card_straight_flush(idx: Sequence[int]) -> str | None:
    """``"natural"``, ``"joker"`` or None: seven suited cards in sequence (the joker filling one gap)."""
    if len(idx) != 7:
        return None
    nat = [i for i in idx if i != JOKER_INDEX]
    if len({i & 3 for i in nat}) != 1:
        return None
    ranks = {(i >> 2) + 2 for i in nat}
    if len(ranks) != len(nat):
        return None
    if len(nat) == 7:
        return "natural" if _seven_in_sequence(ranks, 7) else None
    return "joker" if _seven_in_sequence(ranks, 6) else None


def best_five(idx: Sequence[int], rules: PaiGowRules) -> tuple[int, tuple[int, ...]]:
    """The best five-card value among the cards and the five cards that make it."""
    best = -1
    cards: tuple[int, ...] = ()
    for five in combinations(idx, 5):
        v = value5(five, rules)
        if v > best:
            best, cards = v, five
    return best, cards


def _is_royal(v: int) -> bool:
    return v >> 20 == STRAIGHT_FLUSH and (v >> 16) & 15 in (14, 15) and not (v >> 12) & 15


def royal_match(idx: Sequence[int], rules: PaiGowRules) -> bool:
    """A royal flush among five of the seven cards, and the other two a natural king and queen of one suit."""
    for five in combinations(idx, 5):
        if not _is_royal(value5(five, rules)):
            continue
        rest = [i for i in idx if i not in five]
        if JOKER_INDEX in rest:
            continue
        a, b = rest
        if a & 3 == b & 3 and {(a >> 2) + 2, (b >> 2) + 2} == {13, 12}:
            return True
    return False


def pai_gow_high(idx: Sequence[int]) -> int | None:
    """The top rank (14 for an ace or the joker) of a Pai Gow hand — no pair, no straight or flush possible —
    or None."""
    s = shape_of(idx)
    if s.name != "no_pair" or s.complete:
        return None
    return max(_ACE if i == JOKER_INDEX else (i >> 2) + 2 for i in idx)


def one_colour(idx: Sequence[int]) -> bool:
    """All the cards red, or all black (the joker has no colour: never one colour)."""
    if JOKER_INDEX in idx:
        return False
    return len({(i & 3) in (1, 2) for i in idx}) == 1  # diamonds (1) and hearts (2) are red


def ace_high_kind(idx: Sequence[int]) -> str | None:
    """For a seven-card ace-high Pai Gow hand: ``"natural"`` (a real ace) or ``"joker"`` (the joker is the ace)."""
    top = pai_gow_high(idx)
    if top != _ACE:
        return None
    has_ace = any(i != JOKER_INDEX and (i >> 2) + 2 == _ACE for i in idx)
    return "natural" if has_ace else "joker"


def classify(idx: Sequence[int], rules: PaiGowRules, *, joker_royal: bool = True) -> str:
    """The highest hand of :data:`HIERARCHY` the cards hold (six or seven cards)."""
    sf7 = seven_card_straight_flush(idx)
    if sf7 == "natural":
        return "seven_card_straight_flush_natural"
    if len(idx) == 7 and royal_match(idx, rules):
        return "royal_flush_royal_match"
    if sf7 == "joker":
        return "seven_card_straight_flush_joker"
    v, five = best_five(idx, rules)
    cat = v >> 20
    if cat == STRAIGHT_FLUSH and _is_royal(v):
        if JOKER_INDEX not in five:
            return "royal_flush"
        if joker_royal:
            return "royal_flush"
        return "straight_flush"
    if cat >= THREE_OF_A_KIND:
        return _CAT_NAMES[cat]
    s = shape_of(idx)
    if s.name == "three_pair":
        return "three_pair"
    if cat == TWO_PAIR:
        return "two_pair"
    if cat == ONE_PAIR:
        return "one_pair"
    if JOKER_INDEX not in idx and not s.complete and max((i >> 2) + 2 for i in idx) == 8:
        return "eight_high"
    return "high_card"


def bonus_hand(idx: Sequence[int], bonus: Bonus, rules: PaiGowRules) -> str:
    """The qualifying hand of a hand-type bonus (Fortune, Lucky, Aces Bonus, Happy Pai Gow) for the cards."""
    if any(r.hand.startswith("pai_gow_") for r in bonus.rows):
        top = pai_gow_high(idx)
        if top is None:
            return "no_pai_gow"
        if top == 9 and one_colour(idx):
            return "pai_gow_9_high_one_colour"
        return f"pai_gow_{_RANK_WORDS.get(top, str(top))}_high"
    hand = classify(idx, rules, joker_royal=bonus.joker_royal)
    if hand == "royal_flush" and not bonus.joker_royal:
        return "royal_flush_natural"
    return hand


def pay_row(bonus: Bonus, hands: Sequence[str], *, shuffler: bool = True) -> PayRow | None:
    """The table row that pays, trying each name the hand qualifies for from the highest.

    A hand pays its own category's row; a hand that falls between rows pays nothing (a bonus table
    lists qualifying hands, seed 002 L470: "any other combination … will lose"). A row that ``needs:
    shuffler`` pays only where a shuffle machine is used; otherwise the hand pays the next row it meets.
    """
    for h in hands:
        r = bonus.row(h)
        if r is not None and (shuffler or r.needs != "shuffler"):
            return r
    return None


def table_row(bonus: Bonus, hand: str) -> str | None:
    """Which row of the table a bonus hand is paid on: its own, or where the table has none the row the hand
    also holds (a royal with a match pays the royal row; a seven-card straight flush, the straight flush row;
    a joker royal is a straight flush where the table pays only natural royals). None if no row pays it."""
    fallbacks = {
        "royal_flush_royal_match": ["royal_flush_royal_match", "royal_flush", "royal_flush_natural"],
        "seven_card_straight_flush_natural": ["seven_card_straight_flush_natural", "straight_flush"],
        "seven_card_straight_flush_joker": ["seven_card_straight_flush_joker", "straight_flush"],
        "royal_flush": ["royal_flush", "royal_flush_natural"],
        "royal_flush_joker": (["royal_flush"] if bonus.joker_royal else []) + ["straight_flush"],
    }
    for cand in fallbacks.get(hand, [hand]):
        if bonus.row(cand) is not None:
            return cand
    return None


def qualifying_names(idx: Sequence[int], bonus: Bonus, rules: PaiGowRules) -> list[str]:
    """Every name the cards qualify for under a hand-type bonus, highest first (for :func:`pay_row`)."""
    first = bonus_hand(idx, bonus, rules)
    if first == "pai_gow_9_high_one_colour":
        return [first, "pai_gow_9_high"]
    if first == "royal_flush_royal_match":
        return [first, "royal_flush"]
    if first == "royal_flush_natural":
        return [first, "straight_flush"]
    return [first]


def bonus_result(
    idx: Sequence[int], bonus: Bonus, rules: PaiGowRules, *, shuffler: bool = True
) -> tuple[str, Fraction]:
    """(qualifying hand, net pays per unit): ``-1`` when the table pays nothing, ``0`` for a push row."""
    names = qualifying_names(idx, bonus, rules)
    row = pay_row(bonus, names, shuffler=shuffler)
    if row is None:
        return names[0], Fraction(-1)
    return row.hand, row.pays


#: The Double Luck rows by five-card category, a straight or better (Triple Bonus, seed 000 L3981-3989); a
#: royal flush is told apart.
_LUCK_ROWS: Final = {cat: name for cat, name in _CAT_NAMES.items() if cat >= STRAIGHT}


def _luck_row(v: int) -> tuple[int, bool]:
    """A five-card value's Double Luck rank: its category, and for a straight flush whether it is a royal."""
    return v >> 20, _is_royal(v)


def double_luck_hand(idx: Sequence[int], rules: PaiGowRules) -> str:
    """The Double Luck hand of seven cards (Triple Bonus, seed 000 L3970-3989, and the variant's choice):
    ``seven_card_straight_flush_natural`` / ``_joker`` (all seven cards), else the best five-card hand the
    seven contain (``five_aces``, ``royal_flush``, ``straight_flush``, ``four_of_a_kind``, ``full_house``,
    ``flush``, ``straight``) with ``+pair`` when the two other cards can be a pair beside a hand of that
    rank ("a bonus hand plus an additional pair", L3972), or ``none``.

    Written hand by hand, on purpose independently of ``rules.paigow.analyze._luck`` (which counts the same
    thing by classes): the tests compare the two so the round and the ``analyze`` figures cannot disagree.
    """
    if len(idx) != 7:
        raise BonusError(f"Double Luck looks at seven cards, not {len(idx)}")
    sf7 = seven_card_straight_flush(idx)
    if sf7 is not None:
        return f"seven_card_straight_flush_{sf7}"
    best = max(_luck_row(value5(five, rules)) for five in combinations(idx, 5))
    cat, royal = best
    if cat not in _LUCK_ROWS:
        return "none"
    name = "royal_flush" if royal else _LUCK_ROWS[cat]
    for front in combinations(idx, 2):
        if not front_value(front, rules) >> 8:
            continue  # not a pair
        back = [i for i in idx if i not in front]
        if _luck_row(value5(back, rules)) == best:
            return name + "+pair"
    return name


def double_luck_row(bonus: Bonus, hand: str) -> tuple[str, Fraction]:
    """(row paid, net pays per unit) for a Double Luck hand: the ``+Pair`` column where the row has one (a
    row without one, "N/A" in the filing, pays its odds with a pair beside it too); ``-1`` when nothing pays."""
    base, plus = (hand[: -len("+pair")], True) if hand.endswith("+pair") else (hand, False)
    row = bonus.row(base)
    if row is None:
        return hand, Fraction(-1)
    if plus and row.plus_pair is not None:
        return hand, row.plus_pair
    return base, row.pays
