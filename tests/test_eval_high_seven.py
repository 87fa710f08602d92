"""The seven-card fast path's small key (``rules.evaluators._high_tables``: rank keys with unique sums,
suit keys whose sum tells a flush) against the best of the hand's 21 five-card hands, which the five-card
tables rank without it: every seven-card rank multiset, thousands of random hands, and the hand-category
edges where a seven-card path goes wrong (wheels, straight flushes among six suited cards, two trips)."""

from __future__ import annotations

import random
from itertools import combinations, combinations_with_replacement

import pytest

from rules.cards import ALL_CARDS, Rank, parse_cards
from rules.evaluators.high import FastRankers, HighRules, JokerMode, category_of, fast_rankers, rank7_fast

NO_JOKER = [
    HighRules(),
    HighRules(wheel="second", flush_over_full_house=True, ranks_removed=frozenset({Rank.EIGHT, Rank.NINE})),
]


def _reference(fast: FastRankers, hand: list[int]) -> int:
    return max(fast.rank5(five) for five in combinations(hand, 5))


def _kept_ranks(rules: HighRules) -> list[int]:
    return [ri for ri in range(13) if Rank(ri + 2) not in rules.ranks_removed]


@pytest.mark.parametrize("rules", NO_JOKER, ids=repr)
def test_every_seven_card_rank_multiset_without_a_flush(rules: HighRules) -> None:
    # suits dealt round the table by position: no suit gets more than two cards, no two alike share one
    fast = fast_rankers(rules)
    assert fast.tables.nonflush7, "the rules without a joker take the small key"
    seen = 0
    for combo in combinations_with_replacement(_kept_ranks(rules), 7):
        if any(combo[i] == combo[i + 4] for i in range(3)):
            continue
        hand = [ri * 4 + (i % 4) for i, ri in enumerate(combo)]
        assert fast.rank7(hand) == _reference(fast, hand), [str(ALL_CARDS[i]) for i in hand]
        seen += 1
    assert seen == len(fast.tables.nonflush7)


@pytest.mark.parametrize("rules", NO_JOKER, ids=repr)
def test_random_hands_and_suit_heavy_hands(rules: HighRules) -> None:
    fast = fast_rankers(rules)
    deck = [ri * 4 + s for ri in _kept_ranks(rules) for s in range(4)]
    rng = random.Random(7)
    for _ in range(3_000):
        hand = rng.sample(deck, 7)
        assert fast.rank7(hand) == _reference(fast, hand), hand
    # four to seven cards of one suit: every flush count, and four suited with no flush
    for _ in range(1_500):
        suit = rng.randrange(4)
        n = rng.randint(4, 7)
        suited = rng.sample([c for c in deck if c % 4 == suit], n)
        rest = rng.sample([c for c in deck if c % 4 != suit], 7 - n)
        hand = suited + rest
        rng.shuffle(hand)
        assert fast.rank7(hand) == _reference(fast, hand), hand


@pytest.mark.parametrize(
    ("cards", "category"),
    [
        ("As 2d 3c 4h 5s Kd Kc", "Straight"),  # the wheel beside a pair
        ("As 2d 3c 4h 5s 6d Kc", "Straight"),  # six to a straight from the wheel: six high
        ("Ah 2h 3h 4h 5h 6h 7h", "Straight Flush"),  # seven suited: seven-high straight flush
        ("Ah 2h 3h 4h 5h Kh Qh", "Straight Flush"),  # the steel wheel among seven suited
        ("Ts Js Qs Ks As 9s 2d", "Royal Flush"),
        ("9d Td Jd Qd Kd 2d Ac", "Straight Flush"),  # six suited, the off-suit ace does not make a royal
        ("2c 4c 6c 8c Tc 3d 5h", "Flush"),  # a straight and a flush that are not a straight flush
        ("Ac Ad Ah Kc Kd Ks 2c", "Full House"),  # two trips
        ("Ac Ad Ah As Kc Kd Ks", "Four of a Kind"),  # quads and trips
        ("Qc Qd Jh Js 5c 5d 2h", "Two Pair"),  # three pairs
        ("2c 2d 2h 2s 7c 7d 9h", "Four of a Kind"),
        ("Ah Kh Qh Jh 9c 8c 7c", "High Card"),  # four and three suited: no flush
        ("Ah Kh Qh Jh 9h 8c 7c", "Flush"),  # exactly five suited
    ],
)
def test_category_edges(cards: str, category: str) -> None:
    fast = fast_rankers(HighRules())
    hand = [c.index for c in parse_cards(cards)]
    assert category_of(rank7_fast(hand)) == category
    assert rank7_fast(hand) == _reference(fast, hand)


def test_joker_rules_keep_the_wide_key() -> None:
    # the joker is a fourteenth rank the small key has no room for; those rules rank as before
    for joker in (JokerMode.BUG, JokerMode.WILD):
        fast = fast_rankers(HighRules(joker=joker))
        assert not fast.tables.nonflush7
        hand = [c.index for c in parse_cards("Ah Kh Qh Jh 2c 3d")] + [52]
        assert fast.rank7(hand) == _reference(fast, hand)
