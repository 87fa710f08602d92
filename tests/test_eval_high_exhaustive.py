"""Exhaustive gates for the five-card high evaluator: every hand of the deck, not a sample.

* all 2,598,960 hands of 52 cards: the category counts of the textbook table, exactly 7,462 distinct
  values, and the same order as treys on every hand;
* all 2,869,685 hands of 53 cards with the bug, and the same with a wild joker: every joker hand is
  compared with a brute force over the joker's substitutions (what the filings say it may stand for),
  and the category counts follow from the brute force, not from the evaluator;
* all 658,008 hands of Mexican Stud's 40-card stripped deck, against counts worked out by hand below.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

from treys import Card as TreysCard
from treys import Evaluator as TreysEvaluator

from rules.cards import ALL_CARDS, JOKER_INDEX, Rank
from rules.evaluators.high import HighRules, JokerMode, category_of, fast_rankers, rank5_fast

STANDARD_COUNTS = {
    "Royal Flush": 4,
    "Straight Flush": 36,
    "Four of a Kind": 624,
    "Full House": 3_744,
    "Flush": 5_108,
    "Straight": 10_200,
    "Three of a Kind": 54_912,
    "Two Pair": 123_552,
    "One Pair": 1_098_240,
    "High Card": 1_302_540,
}
ACES = (48, 49, 50, 51)  # Ac Ad Ah As
MADE_BY_COMPLETING = {"Royal Flush", "Straight Flush", "Flush", "Straight"}


def _categories_by_value(values: Counter[int]) -> Counter[str]:
    out: Counter[str] = Counter()
    for v, n in values.items():
        out[category_of(v)] += n
    return out


def test_every_five_card_hand_of_52_cards() -> None:
    values = Counter(rank5_fast(h) for h in combinations(range(52), 5))
    assert sum(values.values()) == 2_598_960
    assert len(values) == 7_462
    assert _categories_by_value(values) == STANDARD_COUNTS


def test_every_five_card_hand_orders_as_treys_does() -> None:
    # treys ranks 1 (royal) .. 7462 (7-5-4-3-2): ours must be a strictly order-reversing match of it
    five = TreysEvaluator()._five
    tc = [TreysCard.new(str(c)) for c in ALL_CARDS[:52]]
    ours_to_theirs: dict[int, int] = {}
    for h in combinations(range(52), 5):
        v = rank5_fast(h)
        t = five([tc[i] for i in h])
        assert ours_to_theirs.setdefault(v, t) == t, h
    pairs = sorted(ours_to_theirs.items())
    assert len({t for _, t in pairs}) == 7_462
    assert all(a[1] > b[1] for a, b in zip(pairs, pairs[1:], strict=False))


def _joker_brute_force(four: tuple[int, ...], mode: JokerMode) -> int:
    """The best value of four cards and the joker, trying every card the joker may stand for.

    Uses the plain 52-card evaluator (checked above) on real substitutes. Bug: an ace, or any card that
    makes a straight, flush or straight flush; four aces and the joker are five aces. Wild: any card not
    already in the hand; four of a kind and the joker are five of a kind.
    """
    ranks = Counter(i >> 2 for i in four)
    suits = {i & 3 for i in four}
    if 4 in ranks.values():
        (quad,) = (r for r, n in ranks.items() if n == 4)
        if mode is JokerMode.WILD or quad == 12:
            return 20 << 20 | (quad + 2) << 16  # five of a kind (the only category above the royal)
    best = -1
    if mode is JokerMode.BUG:
        # the joker as an ace: one not in the hand and, if the four are suited, of another suit
        ace = next(a for a in ACES if a not in four and (len(suits) > 1 or a & 3 not in suits))
        best = rank5_fast((*four, ace))
    for sub in range(52):
        if sub in four:
            continue
        v = rank5_fast((*four, sub))
        if mode is JokerMode.WILD or category_of(v) in MADE_BY_COMPLETING:
            best = max(best, v)
    return best


def _joker_gate(mode: JokerMode) -> Counter[str]:
    rank5 = fast_rankers(HighRules(joker=mode)).rank5
    brute: Counter[str] = Counter()
    for four in combinations(range(52), 4):
        expected = _joker_brute_force(four, mode)
        assert rank5((*four, JOKER_INDEX)) == expected, [str(ALL_CARDS[i]) for i in four]
        # the joker's position in the hand must not matter
        assert rank5((JOKER_INDEX, *four)) == expected
        brute[category_of(expected)] += 1
    assert sum(brute.values()) == comb(52, 4)
    # the hands without the joker
    ours = _categories_by_value(Counter(rank5(h) for h in combinations(range(52), 5)))
    assert ours == STANDARD_COUNTS
    ours.update(_categories_by_value(Counter(rank5((*f, JOKER_INDEX)) for f in combinations(range(52), 4))))
    expected_total = Counter(STANDARD_COUNTS)
    expected_total.update(brute)
    assert ours == expected_total
    assert sum(ours.values()) == 2_869_685
    return ours


def test_every_five_card_hand_of_53_cards_with_the_bug() -> None:
    counts = _joker_gate(JokerMode.BUG)
    # the categories a count by hand settles (the brute force above settles all of them):
    assert counts["Five Aces"] == 1
    assert counts["Royal Flush"] == 4 + 4 * 5  # natural, or the joker for any one of the five
    # per suit, the joker completes 41 distinct four-card pieces of the ten straight-flush windows
    # (5 each, neighbours share one), 5 of which are pieces of the royal
    assert counts["Straight Flush"] == 36 + 4 * (10 * 5 - 9 - 5)
    # natural; three aces and the joker with any kicker; non-ace quads with the joker as an ace kicker
    assert counts["Four of a Kind"] == 624 + comb(4, 3) * 48 + 12
    # natural; AA+pair+joker (aces full); trips+ace+joker (trips full of aces)
    assert counts["Full House"] == 3_744 + comb(4, 2) * 12 * comb(4, 2) + 12 * comb(4, 3) * 4
    # natural; a non-ace pair, an ace and a kicker (aces up); two non-ace pairs (the joker an ace kicker)
    assert counts["Two Pair"] == 123_552 + 12 * comb(4, 2) * 4 * 11 * 4 + comb(12, 2) * 6 * 6


def test_every_five_card_hand_of_53_cards_with_a_wild_joker() -> None:
    counts = _joker_gate(JokerMode.WILD)
    # the published table for a 53-card deck with a fully wild joker, reproduced by the brute force
    assert counts == {
        "Five Aces": 1,
        "Five of a Kind": 12,
        "Royal Flush": 24,
        "Straight Flush": 180,
        "Four of a Kind": 3_120,
        "Full House": 6_552,
        "Flush": 7_804,
        "Straight": 20_532,
        "Three of a Kind": 137_280,
        "Two Pair": 123_552,
        "One Pair": 1_268_088,
        "High Card": 1_302_540,
    }


def test_every_hand_of_the_mexican_stud_stripped_deck() -> None:
    # 40 cards: 8s, 9s and 10s removed (seed 002 §9 L936-988); flush above full house.
    rules = HighRules(flush_over_full_house=True, ranks_removed=frozenset({Rank.EIGHT, Rank.NINE, Rank.TEN}))
    rank5 = fast_rankers(rules).rank5
    deck = [c.index for c in ALL_CARDS[:52] if c.rank not in rules.ranks_removed]
    values = Counter(rank5(h) for h in combinations(deck, 5))
    ranks, windows = 10, 7  # A2345 23456 34567 4567J 567JQ 67JQK 7JQKA
    assert _categories_by_value(values) == {
        "Royal Flush": 4,
        "Straight Flush": (windows - 1) * 4,
        "Four of a Kind": ranks * (ranks - 1) * 4,
        "Full House": ranks * 4 * (ranks - 1) * 6,
        "Flush": 4 * (comb(ranks, 5) - windows),
        "Straight": windows * (4**5 - 4),
        "Three of a Kind": ranks * 4 * comb(ranks - 1, 2) * 16,
        "Two Pair": comb(ranks, 2) * 36 * (ranks - 2) * 4,
        "One Pair": ranks * 6 * comb(ranks - 1, 3) * 64,
        "High Card": (comb(ranks, 5) - windows) * (4**5 - 4),
    }
    assert sum(values.values()) == comb(40, 5)
    # and the flush does rank above the full house here
    best_full_house = max(v for v in values if category_of(v) == "Full House")
    worst_flush = min(v for v in values if category_of(v) == "Flush")
    assert worst_flush > best_full_house
