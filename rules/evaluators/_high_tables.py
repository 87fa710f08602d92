"""Lookup tables behind the fast high-hand evaluators (private to :mod:`rules.evaluators.high`).

Every card index (0..51, the joker 52) maps to one int that packs two counters::

    (5 ** rank_index) << 16  |  1 << (4 * suit)          # a standard card
    (5 ** 13) << 16          |  0x1111                   # the joker: a 14th "rank", and one more of every suit

Adding the ints of up to seven cards gives, above bit 16, the rank multiset in base 5 (a digit per rank,
no rank holds more than four cards, so the sum is unique), with the joker as the 14th digit; and in the
low 16 bits a 4-bit counter per suit. The first card's int carries an extra ``0x3333``, so a suit with five
or more cards (a joker counts in every suit) sets bit 3 of its nibble: ``key & 0x8888`` is the flush test.

* ``nonflush[key >> 16]``: the best five-card hand that uses no flush, for every multiset of 5..7 cards
  (4..6 with the joker);
* ``flush5[key >> 16]``: five suited cards (or four and the joker);
* ``flush_value[mask]`` / ``flush_joker[mask]``: the best flush or straight flush in one suit's 13-bit
  rank mask, without or with the joker.

Seven cards without a joker have a second, faster key that stays below 2**30 (CPython adds such ints
without allocating a multi-digit number, about twice as fast as the 46-bit key above)::

    RANK7_KEYS[rank_index] << 8  |  SUIT7_KEYS[suit]         # a standard card; the first card also
                                                              # carries -RANK7_OFFSET
Each rank key is the smallest that keeps the sum of any seven ranks (at most four alike) unique (the
greedy sequence Kenneth Shackleton's SKPokerEval uses; :func:`build` checks the uniqueness again). The
suit keys 0, 1, 24, 29 were found by a search here: the sum of seven of them (at most 203, so eight bits)
tells whether five or more share a suit, ``flush7[key & 0xFF]``. The largest rank sum, four aces and three
kings, is 7,825,759 < 2**23, so ``key`` spans 31 bits; the offset centres it in -2**30..2**30.
``nonflush7[key >> 8]`` is then the best non-flush hand, and ``slots7`` holds the same values in one
tuple laid out by :mod:`rules.evaluators._rank7_rows` (a tuple subscript is much cheaper than a dict
lookup); a flush goes back to the 46-bit key.

Values pack a category code and up to five rank nibbles (2..14): ``code << 20 | r1 << 16 | ... | r5``.
Codes are spaced so each identifies its category whatever the room's order (a flush is 12 normally,
15 where it ranks above the full house).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations, combinations_with_replacement
from typing import Final

from rules.evaluators import _rank7_rows as _rows

HIGH_CARD: Final = 2
ONE_PAIR: Final = 4
TWO_PAIR: Final = 6
THREE_OF_A_KIND: Final = 8
STRAIGHT: Final = 10
FLUSH: Final = 12
FULL_HOUSE: Final = 14
FLUSH_OVER_FULL_HOUSE: Final = 15
FOUR_OF_A_KIND: Final = 16
STRAIGHT_FLUSH: Final = 18
FIVE_OF_A_KIND: Final = 20

CATEGORY_SHIFT: Final = 20
SUIT_OFFSET: Final = 0x3333
FLUSH_BITS: Final = 0x8888
RANK_SHIFT: Final = 16
JOKER_DIGIT: Final = 5**13
JOKER: Final = 52
RANK7_KEYS: Final = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
SUIT7_KEYS: Final = (0, 1, 24, 29)
RANK7_SHIFT: Final = 8
RANK7_OFFSET: Final = 1 << 30

_NAMES: Final = {
    HIGH_CARD: "High Card",
    ONE_PAIR: "One Pair",
    TWO_PAIR: "Two Pair",
    THREE_OF_A_KIND: "Three of a Kind",
    STRAIGHT: "Straight",
    FLUSH: "Flush",
    FULL_HOUSE: "Full House",
    FLUSH_OVER_FULL_HOUSE: "Flush",
    FOUR_OF_A_KIND: "Four of a Kind",
    STRAIGHT_FLUSH: "Straight Flush",
    FIVE_OF_A_KIND: "Five of a Kind",
}


def pack(code: int, *ranks: int) -> int:
    """A value: the category code, then up to five rank nibbles, most significant first."""
    value = code
    for r in ranks:
        value = value << 4 | r
    return value << (4 * (5 - len(ranks)))


def category_name(value: int) -> str:
    """The category a dealer calls out for a value made by these tables."""
    code = value >> CATEGORY_SHIFT
    if code == STRAIGHT_FLUSH and (value >> 12) & 0xFF == 0xE0:
        return "Royal Flush"  # ace-high and not the wheel filed second-highest
    if code == FIVE_OF_A_KIND and (value >> 16) & 0xF == 14:
        return "Five Aces"
    return _NAMES[code]


@dataclass(frozen=True, slots=True)
class Options:
    """The table-relevant part of the room's rules (see ``HighRules``)."""

    joker: str  # "none" | "bug" | "wild"
    wheel_second: bool
    five_of_a_kind: bool
    flush_over_full_house: bool
    removed: int  # bit i set: rank index i (0 = deuce .. 12 = ace) is stripped from the deck


@dataclass(frozen=True, slots=True)
class Tables:
    """Everything one rule set's fast path needs."""

    first: tuple[int, ...]  # card ints with the flush offset, for the first card of a hand
    card: tuple[int, ...]
    nonflush: dict[int, int]
    flush5: dict[int, int]
    flush_value: tuple[int, ...]
    flush_joker: tuple[int, ...]
    suit_bits: tuple[tuple[int, ...], ...]  # suit -> card index -> rank bit (0 if another suit or joker)
    straights: tuple[tuple[int, tuple[int, ...]], ...]  # (rank mask, tie ranks), best first
    # the small seven-card key (no joker; empty with one): card ints, first-card ints, flush test by the
    # low eight bits, best non-flush hand by ``key >> RANK7_SHIFT``
    card7: tuple[int, ...] = ()
    first7: tuple[int, ...] = ()
    flush7: tuple[bool, ...] = ()
    nonflush7: dict[int, int] = field(default_factory=dict)
    # the same values in one tuple: slot ``ROWS[(key >> 20) + ROW_BIAS] + (key >> 8 & 4095)``
    slots7: tuple[int, ...] = ()


def _straights(opts: Options) -> list[tuple[int, tuple[int, ...]]]:
    kept = [ri for ri in range(13) if not opts.removed >> ri & 1]
    seq = ([12] if 12 in kept else []) + kept  # the ace plays low at the bottom of the sequence
    windows: list[tuple[int, tuple[int, ...]]] = []
    for i in range(len(seq) - 4):
        window = seq[i : i + 5]
        mask = 0
        for ri in window:
            mask |= 1 << ri
        windows.append((mask, (window[-1] + 2, 0)))
    windows.reverse()  # best first: ace-high down to the wheel
    if opts.wheel_second and len(windows) > 2 and seq[0] == 12:
        wheel_mask, _ = windows.pop()
        # between the ace-high straight and the next one: same top card as the next, and a flag
        windows.insert(1, (wheel_mask, (windows[1][1][0], 1)))
    return windows


def _best_plain(counts: Sequence[int], straights: Sequence[tuple[int, tuple[int, ...]]], five: bool) -> int:
    """The best five-card hand of a rank multiset (no flushes); a count of 5 is the joker-made fifth card."""
    desc = [ri for ri in range(12, -1, -1) if counts[ri]]
    for ri in desc:
        if counts[ri] >= 5:
            return pack(FIVE_OF_A_KIND, ri + 2) if five else pack(FOUR_OF_A_KIND, ri + 2, ri + 2)
    for ri in desc:
        if counts[ri] == 4:
            kicker = next(k for k in desc if k != ri)
            return pack(FOUR_OF_A_KIND, ri + 2, kicker + 2)
    trips = [ri for ri in desc if counts[ri] == 3]
    pairs = [ri for ri in desc if counts[ri] >= 2]
    if trips:
        t = trips[0]
        rest = [p for p in pairs if p != t]
        if rest:
            return pack(FULL_HOUSE, t + 2, rest[0] + 2)
    present = 0
    for ri in desc:
        present |= 1 << ri
    for mask, tie in straights:
        if present & mask == mask:
            return pack(STRAIGHT, *tie)
    if trips:
        t = trips[0]
        return pack(THREE_OF_A_KIND, t + 2, *[ri + 2 for ri in desc if ri != t][:2])
    if len(pairs) >= 2:
        p, q = pairs[0], pairs[1]
        kicker = next(ri for ri in desc if ri not in (p, q))
        return pack(TWO_PAIR, p + 2, q + 2, kicker + 2)
    if pairs:
        p = pairs[0]
        return pack(ONE_PAIR, p + 2, *[ri + 2 for ri in desc if ri != p][:3])
    return pack(HIGH_CARD, *[ri + 2 for ri in desc[:5]])


def _flush_of_mask(mask: int, straights: Sequence[tuple[int, tuple[int, ...]]], flush_code: int) -> int:
    for smask, tie in straights:
        if mask & smask == smask:
            return pack(STRAIGHT_FLUSH, *tie)
    top = [ri + 2 for ri in range(12, -1, -1) if mask >> ri & 1][:5]
    return pack(flush_code, *top)


def _multisets(kept: Sequence[int], n: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of n kept ranks with at most four of a rank, as a sorted tuple."""
    for combo in combinations_with_replacement(kept, n):  # sorted, so five alike are five in a row
        if not any(combo[i] == combo[i + 4] for i in range(n - 4)):
            yield combo


ROWS7: Final = _rows.ROWS
ROW_SHIFT: Final = _rows.ROW_SHIFT
ROW_BIAS: Final = RANK7_OFFSET >> (RANK7_SHIFT + _rows.ROW_SHIFT)  # key >> 20 is the row minus this


def _slots7(nonflush7: dict[int, int]) -> tuple[int, ...]:
    """``nonflush7`` laid out by :data:`rules.evaluators._rank7_rows.ROWS`: a tuple subscript instead of
    a dict lookup (slots no seven-card sum reaches hold 0)."""
    width = 1 << _rows.ROW_SHIFT
    slots = [0] * (max(_rows.ROWS) + width)
    filled = bytearray(len(slots))
    for key, value in nonflush7.items():
        at = _rows.ROWS[(key >> _rows.ROW_SHIFT) + ROW_BIAS] + (key & (width - 1))
        if filled[at]:  # pragma: no cover
            raise AssertionError("two seven-card rank sums share a slot: regenerate _rank7_rows.ROWS")
        filled[at] = 1
        slots[at] = value
    return tuple(slots)


def _flush_sums() -> tuple[bool, ...]:
    """``flush7[s]``: whether seven cards whose suit keys sum to ``s`` hold five or more of one suit."""
    out: dict[int, bool] = {}
    for counts in combinations_with_replacement(range(4), 7):
        s = sum(SUIT7_KEYS[x] for x in counts)
        flush = max(counts.count(x) for x in range(4)) >= 5
        if out.setdefault(s, flush) != flush:  # pragma: no cover
            raise AssertionError("the seven-card suit keys do not tell a flush")
    return tuple(out.get(s, False) for s in range(1 << RANK7_SHIFT))


def _counts(combo: Sequence[int]) -> list[int]:
    counts = [0] * 13
    for ri in combo:
        counts[ri] += 1
    return counts


def build(opts: Options) -> Tables:
    """Build one rule set's tables (about 0.2 s in pure Python for the plain deck, 0.3 s with a joker)."""
    straights = _straights(opts)
    kept = [ri for ri in range(13) if not opts.removed >> ri & 1]
    five = opts.five_of_a_kind
    flush_code = FLUSH_OVER_FULL_HOUSE if opts.flush_over_full_house else FLUSH
    pow5 = [5**ri for ri in range(13)]

    nonflush: dict[int, int] = {}
    for combo in _multisets(kept, 5):
        nonflush[sum(pow5[ri] for ri in combo)] = _best_plain(_counts(combo), straights, five)
    # six and seven cards: the best of the hands one card smaller (so, of all five-card subsets)
    nonflush7: dict[int, int] = {}
    small_key = RANK7_KEYS
    sevens = 0
    for n in (6, 7):
        for combo in _multisets(kept, n):
            key = sum(pow5[ri] for ri in combo)
            value = nonflush[key] = max(nonflush[key - pow5[ri]] for ri in set(combo))
            if n == 7:
                sevens += 1
                nonflush7[sum(small_key[ri] for ri in combo) - (RANK7_OFFSET >> RANK7_SHIFT)] = value
    if len(nonflush7) != sevens:  # pragma: no cover
        raise AssertionError("the seven-card rank keys do not give unique sums")
    slots7 = _slots7(nonflush7) if opts.joker == "none" else ()

    flush_value = [0] * 8192
    for mask in range(8192):
        if mask & opts.removed == 0 and mask.bit_count() >= 5:
            flush_value[mask] = _flush_of_mask(mask, straights, flush_code)
    flush_joker = [0] * 8192

    joker_value: Callable[[list[int]], int] | None = None
    if opts.joker != "none":
        for mask in range(8192):
            if mask & opts.removed == 0 and 4 <= mask.bit_count() <= 6:
                flush_joker[mask] = max(flush_value[mask | 1 << ri] for ri in kept if not mask >> ri & 1)

        if opts.joker == "bug":

            def joker_value(counts: list[int]) -> int:
                # the bug: an ace (a fifth ace makes five aces) ...
                counts[12] += 1
                best = _best_plain(counts, straights, five)
                counts[12] -= 1
                # ... or the card that completes a straight (the best one it can)
                present = 0
                for ri in range(13):
                    if counts[ri]:
                        present |= 1 << ri
                for smask, tie in straights:
                    if (smask & ~present).bit_count() <= 1:
                        return max(best, pack(STRAIGHT, *tie))
                return best

        else:

            def joker_value(counts: list[int]) -> int:
                # fully wild: any card not already in the hand, or the fifth of four of a kind
                best = 0
                for ri in kept:
                    if counts[ri] == 4:
                        if five:
                            best = max(best, pack(FIVE_OF_A_KIND, ri + 2))
                        continue
                    counts[ri] += 1
                    best = max(best, _best_plain(counts, straights, five))
                    counts[ri] -= 1
                return best

        for combo in _multisets(kept, 4):
            nonflush[sum(pow5[ri] for ri in combo) + JOKER_DIGIT] = joker_value(_counts(combo))
        # with more real cards: five of them without the joker, or fewer with it (as above)
        for n in (5, 6):
            for combo in _multisets(kept, n):
                key = sum(pow5[ri] for ri in combo)
                smaller = max(nonflush[key - pow5[ri] + JOKER_DIGIT] for ri in set(combo))
                nonflush[key + JOKER_DIGIT] = max(smaller, nonflush[key]) if n == 5 else smaller

    flush5: dict[int, int] = {}
    for five_ranks in combinations(kept, 5):
        mask = sum(1 << ri for ri in five_ranks)
        flush5[sum(pow5[ri] for ri in five_ranks)] = flush_value[mask]
    if joker_value is not None:
        for four_ranks in combinations(kept, 4):
            mask = sum(1 << ri for ri in four_ranks)
            flush5[sum(pow5[ri] for ri in four_ranks) + JOKER_DIGIT] = flush_joker[mask]

    card = [(pow5[i >> 2] << RANK_SHIFT) | 1 << (4 * (i & 3)) for i in range(52)]
    if opts.joker != "none":
        card.append((JOKER_DIGIT << RANK_SHIFT) | 0x1111)
    suit_bits = tuple(
        tuple((1 << (i >> 2)) if i < 52 and i & 3 == s else 0 for i in range(len(card))) for s in range(4)
    )
    card7: tuple[int, ...] = ()
    first7: tuple[int, ...] = ()
    flush7: tuple[bool, ...] = ()
    if opts.joker == "none":
        card7 = tuple(small_key[i >> 2] << RANK7_SHIFT | SUIT7_KEYS[i & 3] for i in range(52))
        first7 = tuple(c - RANK7_OFFSET for c in card7)
        flush7 = _flush_sums()
    else:
        nonflush7 = {}
    return Tables(
        card7=card7,
        first7=first7,
        flush7=flush7,
        nonflush7=nonflush7,
        slots7=slots7,
        first=tuple(c + SUIT_OFFSET for c in card),
        card=tuple(card),
        nonflush=nonflush,
        flush5=flush5,
        flush_value=tuple(flush_value),
        flush_joker=tuple(flush_joker),
        suit_bits=suit_bits,
        straights=tuple(straights),
    )
