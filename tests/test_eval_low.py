"""A-5 low: exhaustive gates over all five-card hands from 52 and 53 cards, and the filings' cases."""

from collections import Counter
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import ALL_CARDS, JOKER, JOKER_INDEX, STANDARD_CARDS, Card, parse_cards
from rules.errors import HandError
from rules.evaluators.low import (
    LOW_RANK,
    LowJoker,
    evaluate_low,
    evaluate_low_omaha,
    high_card,
    is_unpaired,
    low_category,
    qualifies,
    qualifies_eight,
    rank_low5,
    rank_low5_joker,
)


def brute_key(ranks: list[int]) -> tuple[tuple[int, ...], list[int]]:
    """Independent A-5 low key (smaller is better): the count pattern read high to low, then the ranks
    grouped by count, higher counts first, each group high to low."""
    counts = Counter(ranks)
    pattern = tuple(sorted(counts.values(), reverse=True))
    grouped = sorted(ranks, key=lambda r: (-counts[r], -r))
    return pattern, grouped


def lows(c: Card) -> int:
    return LOW_RANK[c.index]


def test_all_2598960_hands_unpaired_counts_by_high_card_and_eight_or_better():
    values: Counter[int] = Counter()
    for a, b, c, d, e in combinations(range(52), 5):
        values[rank_low5(a, b, c, d, e)] += 1
    assert sum(values.values()) == 2_598_960
    unpaired = {v: n for v, n in values.items() if is_unpaired(v)}
    assert sum(unpaired.values()) == 1_317_888 == comb(13, 5) * 4**5
    assert len(unpaired) == 1_287
    # Every rank multiset with at most four of a rank is its own value: C(17, 5) - 13 five-of-a-kinds.
    assert len(values) == comb(17, 5) - 13 == 6_175
    by_high: Counter[int] = Counter()
    for v, n in unpaired.items():
        by_high[high_card(v)] += n
    # Highest card h (ace = 1): the other four ranks come from the h - 1 below it, each card in 4 suits.
    assert by_high == {h: comb(h - 1, 4) * 4**5 for h in range(5, 14)}
    eight = sum(n for v, n in values.items() if qualifies(v, 8))
    assert eight == comb(8, 5) * 4**5 == 57_344


def test_order_of_every_rank_multiset_matches_brute_force():
    reps: dict[tuple[int, ...], int] = {}
    for a, b, c, d, e in combinations(range(52), 5):
        ranks = tuple(sorted(LOW_RANK[i] for i in (a, b, c, d, e)))
        if ranks not in reps:
            reps[ranks] = rank_low5(a, b, c, d, e)
    assert len(reps) == 6_175
    ordered = sorted(reps, key=lambda r: brute_key(list(r)))
    values = [reps[r] for r in ordered]
    # Better (smaller) brute keys have strictly larger values.
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)


def representative(ranks: list[int]) -> tuple[int, ...]:
    """Card indices of a hand with these low ranks (ace 1), each copy of a rank in another suit."""
    seen: Counter[int] = Counter()
    out = []
    for r in ranks:
        rank_index = 12 if r == 1 else r - 2
        out.append(rank_index * 4 + seen[r])
        seen[r] += 1
    return tuple(out)


@pytest.mark.parametrize("mode", [LowJoker.LOWEST_MISSING, LowJoker.ACE])
def test_all_2869685_hands_from_53_cards_with_the_joker(mode: LowJoker):
    total = 0
    unpaired = 0
    expected: dict[tuple[int, ...], int] = {}
    for a, b, c, d, e in combinations(range(53), 5):
        total += 1
        if e != JOKER_INDEX:
            v = rank_low5(a, b, c, d, e)
        else:
            v = rank_low5_joker(a, b, c, d, mode)
            four = tuple(sorted(LOW_RANK[i] for i in (a, b, c, d)))
            want = expected.get(four)
            if want is None:
                # Independent: the joker as the lowest rank the four lack (which is also the best of all
                # thirteen substitutions), or as an ace; then the same hand without a joker.
                if mode is LowJoker.ACE:
                    jr = 1
                else:
                    jr = min(r for r in range(1, 14) if r not in four)
                    assert brute_key([*four, jr]) == min(brute_key([*four, r]) for r in range(1, 14))
                if four.count(jr) == 4:
                    assert low_category(v) == "Five of a Kind"
                    want = v
                else:
                    want = rank_low5(*representative([*four, jr]))
                expected[four] = want
            assert v == want
        unpaired += is_unpaired(v)
    assert total == comb(53, 5) == 2_869_685
    assert len(expected) == comb(16, 4)  # every multiset of four ranks (up to four of one)
    if mode is LowJoker.LOWEST_MISSING:
        # The joker never pairs: every four distinct ranks (715 sets x 4^4 suits) make an unpaired low.
        assert unpaired == 1_317_888 + comb(13, 4) * 4**4
    else:
        # As an ace it pairs an ace: only four distinct non-ace ranks make an unpaired low.
        assert unpaired == 1_317_888 + comb(12, 4) * 4**4


def low(text: str, joker: LowJoker = LowJoker.LOWEST_MISSING, qualifier: int | None = None):
    return evaluate_low(parse_cards(text), joker, qualifier)


def test_wheel_is_best_straights_and_flushes_ignored_seed001_g02():
    wheel = low("As 2s 3s 4s 5s")
    assert wheel.category == "5-4 low"
    assert all(wheel.value >= rank_low5(*h) for h in combinations(range(0, 52, 3), 5))
    assert wheel.ties(low("Ac 2d 3h 4s 5c"))


def test_compare_from_the_top_card_seed002_s12():
    # "7-6-4-3-A < 8-6-4-3-2": the seven is the better low.
    assert low("7c 6d 4h 3s Ac").beats(low("8c 6d 4h 3s 2c"))
    assert low("8c 6d 4h 3s 2c").beats(low("8c 6d 5h 3s 2c"))
    assert low("8c 6d 4h 3s 2c").category == "8-6 low"


def test_pair_of_aces_beats_pair_of_deuces_seed001_g04_razz():
    assert low("Ac Ad 3h 4s 5c").beats(low("2c 2d 3h 4s 5c"))
    assert low("Kc Qd Jh Ts 9c").beats(low("Ac Ad 2h 3s 4c"))  # any unpaired beats any pair


def test_joker_is_lowest_missing_card_seed001_g02_L79():
    # "Joker-2-3-4-6 plays as A-2-3-4-6"
    assert low("Jk 2d 3h 4s 6c").ties(low("Ac 2d 3h 4s 6c"))
    assert low("Ac Jk 3h 4s 6c").ties(low("Ac 2d 3h 4s 6c"))
    # With a pair in the hand the joker still takes the lowest missing rank, never a second pair.
    assert low("Jk 2d 2h 3s 4c").ties(low("Ac 2d 2h 3s 4c"))
    best = low("Jk 2d 3h 4s 5c")
    assert best.category == "5-4 low" and str(best.cards[-1]) == "Jk"


def test_joker_as_ace_for_low_seed004_s13_choice():
    assert low("Jk 2d 3h 4s 5c", LowJoker.ACE).category == "5-4 low"
    assert low("Jk Ad 3h 4s 5c", LowJoker.ACE).category == "One Pair"


def test_eight_or_better_qualifier_seed004_s13_rule7():
    assert qualifies_eight(parse_cards("8c 7d 6h 5s 4c"))
    assert not qualifies_eight(parse_cards("9c 7d 6h 5s 4c"))
    assert not qualifies_eight(parse_cards("8c 8d 6h 6s 4c 3c"))  # only four distinct low ranks
    assert qualifies_eight(parse_cards("8c 8d 6h 6s 4c 3c Ah"))
    assert qualifies_eight(parse_cards("Jk 7d 6h 5s 4c"), LowJoker.LOWEST_MISSING)
    assert low("9c 7d 6h 5s 4c", qualifier=8) is None
    assert low("8c 7d 6h 5s 4c", qualifier=8) is not None


def test_razz_best_five_of_seven_seed001_g04():
    r = low("Kc Kd 8h 7h 5s 4c 3d", LowJoker.NONE)
    assert r.category == "8-7 low"
    assert sorted(str(c) for c in r.cards) == sorted(["8h", "7h", "5s", "4c", "3d"])
    # Paired everywhere: the best pairs.
    assert low("Kc Kd Qh Qs Jc Jd Th", LowJoker.NONE).category == "One Pair"


def five_key(five) -> tuple[tuple[int, ...], list[int]]:
    """The brute key of five cards, a joker taking the lowest rank the others lack."""
    ranks = [lows(c) for c in five if not c.is_joker]
    if len(ranks) < 5:
        ranks.append(min(x for x in range(1, 14) if x not in ranks))
    return brute_key(ranks)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(ALL_CARDS), min_size=5, max_size=8, unique=True))
def test_best_five_of_n_is_the_best_brute_force_five(cards: list[Card]):
    r = evaluate_low(cards, LowJoker.LOWEST_MISSING)
    assert r is not None and len(r.cards) == 5 and set(r.cards) <= set(cards)
    assert five_key(r.cards) == min(five_key(five) for five in combinations(cards, 5))
    assert r.category == low_category(r.value)


def test_omaha_low_uses_exactly_two_hole_and_three_board_seed004_s13_rule6():
    board = parse_cards("As 2d 3h 4c Kd")
    assert evaluate_low_omaha(parse_cards("5s Kc Qh Qd"), board) is None
    r = evaluate_low_omaha(parse_cards("5s 6c Qh Qd"), board)
    assert r is not None and r.category == "6-5 low"  # 6-5-3-2-A: two hole cards, three board cards
    assert evaluate_low(parse_cards("5s Kc Qh Qd As 2d 3h 4c Kd"), LowJoker.NONE).category == "5-4 low"


def test_bad_input():
    with pytest.raises(HandError):
        evaluate_low(parse_cards("Ac 2d 3h 4s"))
    with pytest.raises(HandError):
        evaluate_low(parse_cards("Jk 2d 3h 4s 5c"), LowJoker.NONE)
    with pytest.raises(HandError):
        rank_low5_joker(0, 4, 8, 12, LowJoker.NONE)
    with pytest.raises(HandError):
        evaluate_low_omaha(parse_cards("Ac"), parse_cards("2d 3h 4s"))
    with pytest.raises(HandError):
        evaluate_low((JOKER, JOKER, *STANDARD_CARDS[:3]), LowJoker.LOWEST_MISSING)
