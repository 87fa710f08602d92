"""Three-card evaluator: the exhaustive gate over all 22,100 hands and the filings' ranking rules."""

from collections import Counter
from itertools import combinations

import pytest

from rules.cards import JOKER, STANDARD_CARDS, Card, parse_cards
from rules.errors import HandError
from rules.evaluators.three import (
    MINI_ROYAL,
    ThreeCardRules,
    category_of,
    evaluate_best_three,
    evaluate_three,
    evaluate_three_indices,
    rank3,
)

TCP = ThreeCardRules(mini_royal=True)


def brute_key(hand: tuple[Card, ...]) -> tuple[int, tuple[int, ...]]:
    """An independent ranking: (category, tie-break), category 0 high card .. 5 straight flush."""
    ranks = sorted((c.rank.value for c in hand if c.rank is not None), reverse=True)
    suited = len({c.suit for c in hand}) == 1
    counts = Counter(ranks)
    distinct = len(counts) == 3
    straight_top = None
    if distinct:
        if ranks[0] - ranks[2] == 2:
            straight_top = ranks[0]
        if set(ranks) == {14, 2, 3}:
            straight_top = 3
    if straight_top is not None and suited:
        return (5, (straight_top,))
    if len(counts) == 1:
        return (4, (ranks[0],))
    if straight_top is not None:
        return (3, (straight_top,))
    if suited:
        return (2, tuple(ranks))
    if len(counts) == 2:
        (pair, _), (kicker, _) = counts.most_common()
        return (1, (pair, kicker))
    return (0, tuple(ranks))


ALL_HANDS = list(combinations(STANDARD_CARDS, 3))


def test_all_22100_hands_category_counts_tcp_filing():
    assert len(ALL_HANDS) == 22_100
    counts = Counter(evaluate_three(h, TCP).category for h in ALL_HANDS)
    assert counts == {
        MINI_ROYAL: 4,
        "Straight Flush": 44,
        "Three of a Kind": 52,
        "Straight": 720,
        "Flush": 1_096,
        "Pair": 3_744,
        "High Card": 16_440,
    }
    # Without the Mini Royal name the four A-K-Q suited hands are straight flushes: 48 in all.
    plain = Counter(evaluate_three(h).category for h in ALL_HANDS)
    assert plain["Straight Flush"] == 48 and MINI_ROYAL not in plain


def test_all_22100_hands_order_matches_brute_force_key():
    key_to_values: dict[tuple[int, tuple[int, ...]], set[int]] = {}
    for h in ALL_HANDS:
        v = rank3(h[0].index, h[1].index, h[2].index)
        key_to_values.setdefault(brute_key(h), set()).add(v)
    # Each key has exactly one value, and distinct keys have distinct values in the same order.
    assert all(len(vs) == 1 for vs in key_to_values.values())
    keys = sorted(key_to_values)
    values = [next(iter(key_to_values[k])) for k in keys]
    assert values == sorted(set(values))
    # 12 straight flushes + 13 trips + 12 straights + 274 flushes + 156 pairs + 274 high cards.
    assert len(values) == 741


def test_rank3_ignores_card_order():
    for h in ALL_HANDS[::97]:
        i, j, k = (c.index for c in h)
        vals = {
            rank3(a, b, c) for a, b, c in ((i, j, k), (i, k, j), (j, i, k), (j, k, i), (k, i, j), (k, j, i))
        }
        assert len(vals) == 1


def rank(text: str, rules: ThreeCardRules = TCP):
    return evaluate_three(parse_cards(text), rules)


def test_straight_beats_flush_seed002_s7_L758():
    assert rank("4c 3d 2h").category == "Straight"
    assert rank("Ah Kh Jh").category == "Flush"
    assert rank("4c 3d 2h").beats(rank("Ah Kh Jh"))


def test_a23_is_lowest_straight_and_akq_highest_seed004_s17_L2582():
    wheel, low, top = rank("Ac 2d 3h"), rank("4c 3d 2h"), rank("Ac Kd Qh")
    assert wheel.category == low.category == top.category == "Straight"
    assert low.beats(wheel) and top.beats(low)
    # No wrap-around: K-A-2 is ace high.
    assert rank("Kc Ad 2h").category == "High Card"


def test_a23_suited_is_lowest_straight_flush_seed004_s17_L2576():
    wheel = rank("Ah 2h 3h")
    assert wheel.category == "Straight Flush"
    assert rank("4h 3h 2h").beats(wheel)
    assert wheel.beats(rank("Ac Ad As"))


def test_mini_royal_only_when_the_filing_names_it_seed002_s7():
    assert rank("Ah Kh Qh").category == MINI_ROYAL
    assert rank("Ah Kh Qh", ThreeCardRules()).category == "Straight Flush"
    assert rank("Ah Kh Qh").value == rank("Ah Kh Qh", ThreeCardRules()).value
    assert rank("Ah Kh Qh").beats(rank("Kh Qh Jh"))
    assert category_of(rank("Kh Qh Jh").value, TCP) == "Straight Flush"


def test_best_and_worst_of_each_category_seed004_s17():
    assert rank("Ac Kd Jh").beats(rank("Ac Kd 9h"))  # A-K-J is the top high card (S16 prints A-K-9)
    assert rank("5c 3d 2h").category == "High Card"
    assert rank("5c 3d 2h").beats(rank("4c 3d 2h")) is False
    assert rank("Ac Ad Kh").beats(rank("Ac Ad Qh"))
    assert rank("2c 2d 3h").beats(rank("Ac Kd Jh"))
    assert rank("As Ks Js").beats(rank("Ks Qs 9s"))


def test_display_order():
    assert [str(c) for c in rank("2h Ac 3d").cards] == ["3d", "2h", "Ac"]
    assert [str(c) for c in rank("Kc 9d 9h").cards][:2] == ["9h", "9d"]
    assert [str(c) for c in rank("5c Ad Th").cards] == ["Ad", "Th", "5c"]


def test_multi_deck_duplicates_seed003_s14():
    suited_trips = rank("Ah Ah Ah")
    assert suited_trips.category == "Three of a Kind"
    suited_pair = rank("Ah Ah Kh")
    assert suited_pair.category == "Flush" and suited_pair.beats(rank("Ah Kh Jh"))
    assert rank("Ah Ah Kd").category == "Pair"


def test_best_three_of_five_seed000a_s7():
    # "Any 4-of-a-kind or full house is paid as 3 of a kind."
    assert evaluate_best_three(parse_cards("8c 8d 8h 8s 2c")).category == "Three of a Kind"
    assert evaluate_best_three(parse_cards("8c 8d 8h 2s 2c")).category == "Three of a Kind"
    # Trips plus 7-9 suited: the straight flush counts (only the highest ranking counts).
    best = evaluate_best_three(parse_cards("8c 8d 8h 7h 9h"))
    assert best.category == "Straight Flush"
    assert sorted(str(c) for c in best.cards) == ["7h", "8h", "9h"]
    # Unsuited: trips beat the straight.
    assert evaluate_best_three(parse_cards("8c 8d 8h 7s 9c")).category == "Three of a Kind"
    for h in ALL_HANDS[::501]:
        assert evaluate_best_three(h) == evaluate_three(h)


def test_bad_input_is_a_typed_error():
    with pytest.raises(HandError):
        evaluate_three(parse_cards("Ah Kh"))
    with pytest.raises(HandError):
        evaluate_three((JOKER, *parse_cards("Ah Kh")))
    with pytest.raises(HandError):
        evaluate_best_three(parse_cards("Ah Kh"))
    with pytest.raises(HandError):
        evaluate_three_indices(0, 1, 52)
    assert evaluate_three_indices(48, 45, 42, TCP).category == "Straight"
    assert evaluate_three_indices(48, 44, 40, TCP).category == MINI_ROYAL
