"""High-hand evaluator: differential tests against treys and pokerkit, properties, room options, errors."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import StandardHighHand
from treys import Card as TreysCard
from treys import Evaluator as TreysEvaluator

from rules.cards import ALL_CARDS, JOKER_INDEX, Rank, parse_cards
from rules.errors import HandError, RulesError
from rules.evaluators.high import (
    HighRules,
    JokerMode,
    category_of,
    evaluate_high,
    evaluate_omaha,
    fast_rankers,
    rank5_fast,
    rank6_fast,
    rank7_fast,
)

STANDARD = HighRules()
BUG = HighRules(joker=JokerMode.BUG)
WILD = HighRules(joker=JokerMode.WILD)
MEXICAN_STUD = HighRules(
    joker=JokerMode.WILD,
    flush_over_full_house=True,
    ranks_removed=frozenset({Rank.EIGHT, Rank.NINE, Rank.TEN}),
)
RULE_SETS = [
    HighRules(),
    BUG,
    WILD,
    HighRules(joker=JokerMode.BUG, wheel="second"),
    HighRules(joker=JokerMode.BUG, five_aces=False),
    HighRules(joker=JokerMode.WILD, five_aces=False),
    HighRules(flush_over_full_house=True),
    MEXICAN_STUD,
]


def deck_of(rules: HighRules) -> list[int]:
    cards = [c.index for c in ALL_CARDS[:52] if c.rank not in rules.ranks_removed]
    return cards + ([JOKER_INDEX] if rules.joker is not JokerMode.NONE else [])


def val(text: str, rules: HighRules = STANDARD) -> int:
    return evaluate_high(parse_cards(text), rules).value


def cat(text: str, rules: HighRules = STANDARD) -> str:
    return evaluate_high(parse_cards(text), rules).category


# --- differential ------------------------------------------------------------------------------


def _sign(a: int, b: int) -> int:
    return (a > b) - (a < b)


def test_seven_card_order_matches_treys_on_100000_random_pairs() -> None:
    rng = random.Random(20261125)
    evaluator = TreysEvaluator()
    tc = [TreysCard.new(str(c)) for c in ALL_CARDS[:52]]
    deck = list(range(52))
    disagreements = []
    ties = 0
    for _ in range(100_000):
        # two hold'em hands on one board, so ties and near-ties come up as they do at a table
        cards = rng.sample(deck, 9)
        a, b = cards[:7], cards[2:9]
        ours = _sign(rank7_fast(a), rank7_fast(b))
        ta = evaluator.evaluate([tc[i] for i in a[:2]], [tc[i] for i in a[2:]])
        tb = evaluator.evaluate([tc[i] for i in b[5:]], [tc[i] for i in b[:5]])
        theirs = _sign(tb, ta)  # treys: smaller is better
        ties += ours == 0
        if ours != theirs:
            disagreements.append((a, b))
    assert not disagreements[:5]
    assert ties > 1_000  # the sample really exercises ties (shared boards)


def test_seven_card_order_matches_pokerkit_on_random_pairs() -> None:
    rng = random.Random(7)
    deck = list(range(52))
    for _ in range(3_000):
        cards = rng.sample(deck, 14)
        a, b = cards[:7], cards[7:]
        pa = StandardHighHand.from_game("".join(str(ALL_CARDS[i]) for i in a))
        pb = StandardHighHand.from_game("".join(str(ALL_CARDS[i]) for i in b))
        assert _sign(rank7_fast(a), rank7_fast(b)) == (pa > pb) - (pa < pb), (a, b)


# --- properties ---------------------------------------------------------------------------------


@st.composite
def hands(draw: st.DrawFn, size: int, rules: HighRules) -> list[int]:
    return draw(st.lists(st.sampled_from(deck_of(rules)), min_size=size, max_size=size, unique=True))


@pytest.mark.parametrize("rules", RULE_SETS, ids=repr)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_best_of_seven_is_the_best_of_its_21_five_card_hands(rules: HighRules, data: st.DataObject) -> None:
    fast = fast_rankers(rules)
    hand = data.draw(hands(7, rules))
    best = max(fast.rank5(five) for five in combinations(hand, 5))
    assert fast.rank7(hand) == best
    assert fast.rank6(hand[:6]) == max(fast.rank5(five) for five in combinations(hand[:6], 5))
    assert evaluate_high([ALL_CARDS[i] for i in hand], rules).value == best


@pytest.mark.parametrize("rules", RULE_SETS, ids=repr)
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_value_does_not_depend_on_card_order(rules: HighRules, data: st.DataObject) -> None:
    fast = fast_rankers(rules)
    hand = data.draw(hands(7, rules))
    shuffled = data.draw(st.permutations(hand))
    assert fast.rank7(hand) == fast.rank7(shuffled)
    assert fast.rank5(hand[:5]) == fast.rank5(list(reversed(hand[:5])))
    size = data.draw(st.integers(5, 9))
    more = data.draw(hands(size, rules))
    cards = [ALL_CARDS[i] for i in more]
    ranked = evaluate_high(cards, rules)
    assert evaluate_high(list(reversed(cards)), rules) == ranked
    # the cards used are five of the hand and make the same value on their own
    assert len(ranked.cards) == 5 and set(ranked.cards) <= set(cards)
    assert evaluate_high(ranked.cards, rules).value == ranked.value
    assert category_of(ranked.value) == ranked.category


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_omaha_uses_exactly_two_hole_and_three_board_cards(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from([HighRules(), BUG]))
    n_hole = data.draw(st.sampled_from([4, 5]))  # Omaha, Big O
    n_board = data.draw(st.integers(3, 5))
    cards = [ALL_CARDS[i] for i in data.draw(hands(n_hole + n_board, rules))]
    hole, board = cards[:n_hole], cards[n_hole:]
    expected = max(
        evaluate_high([*two, *three], rules).value
        for two in combinations(hole, 2)
        for three in combinations(board, 3)
    )
    ranked = evaluate_omaha(hole, board, rules)
    assert ranked.value == expected
    assert len(set(ranked.cards) & set(hole)) == 2 and len(set(ranked.cards) & set(board)) == 3


def test_omaha_four_flush_on_board_needs_two_hole_cards_of_the_suit() -> None:
    board = parse_cards("Ah Kh Qh Jh 2c")
    ranked = evaluate_omaha(parse_cards("Th 3d 4d 5s"), board)
    assert ranked.category not in ("Royal Flush", "Flush", "Straight")
    assert evaluate_omaha(parse_cards("Th 9h 4d 5s"), board).category == "Straight Flush"


# --- the ranking itself -------------------------------------------------------------------------


def test_categories_and_cards_used() -> None:
    r = evaluate_high(parse_cards("Kh 5s Kd 2d 5c Ks 3d"))
    assert r.category == "Full House"
    assert [str(c) for c in r.cards] == ["Ks", "Kh", "Kd", "5s", "5c"]
    assert cat("As Ks Qs Js Ts") == "Royal Flush"
    assert cat("5d 4d 3d 2d Ad") == "Straight Flush"
    wheel = evaluate_high(parse_cards("5d 4c 3d 2h Ad"))
    assert wheel.category == "Straight" and [str(c) for c in wheel.cards] == ["5d", "4c", "3d", "2h", "Ad"]
    assert cat("Qc Kd Ah 2s 3c") == "High Card"  # no wrap-around


def test_wheel_is_the_lowest_straight_by_default() -> None:
    assert val("5d 4c 3d 2h Ad") < val("6d 5c 4d 3h 2d") < val("Ad Kc Qd Jh Td")
    assert val("5d 4d 3d 2d Ad") < val("6c 5c 4c 3c 2c")


def test_wheel_second_ranks_just_below_the_ace_high_straight() -> None:
    second = HighRules(wheel="second")
    wheel, king, ace = "5d 4c 3d 2h Ad", "Kd Qc Jd Th 9d", "Ad Kc Qd Jh Td"
    assert val(king, second) < val(wheel, second) < val(ace, second)
    assert val("6d 5c 4d 3h 2d", second) < val(wheel, second)
    # and as a straight flush: below the royal, above the king-high straight flush
    sf_wheel = val("5s 4s 3s 2s As", second)
    assert val("Ks Qs Js Ts 9s", second) < sf_wheel < val("As Ks Qs Js Ts", second)
    assert cat("5s 4s 3s 2s As", second) == "Straight Flush"
    # the bug filling the wheel counts the same
    bugged = HighRules(joker=JokerMode.BUG, wheel="second")
    assert val("5d 4c Jk 2h Ad", bugged) == val(wheel, bugged)


def test_five_aces_beats_the_royal_flush() -> None:
    five = evaluate_high(parse_cards("As Ah Ad Ac Jk"), BUG)
    assert five.category == "Five Aces"
    assert five.value > val("As Ks Qs Js Ts", BUG)


def test_without_five_aces_the_joker_is_an_ace_kicker() -> None:
    rules = HighRules(joker=JokerMode.BUG, five_aces=False)
    r = evaluate_high(parse_cards("As Ah Ad Ac Jk"), rules)
    assert r.category == "Four of a Kind"
    assert val("As Ah Ad Ac Kd", rules) < r.value < val("9s Ts Js Qs Ks", rules)
    # a wild joker without five of a kind is a card not already in the hand: the best kicker, a king
    wild = HighRules(joker=JokerMode.WILD, five_aces=False)
    assert val("As Ah Ad Ac Jk", wild) == val("As Ah Ad Ac Kd", wild)
    assert cat("Ks Kh Kd Kc Jk", wild) == "Four of a Kind"


def test_wild_joker_makes_five_of_a_kind_of_any_rank() -> None:
    assert cat("Ks Kh Kd Kc Jk", WILD) == "Five of a Kind"
    assert val("Ks Kh Kd Kc Jk", WILD) < val("As Ah Ad Ac Jk", WILD)
    assert val("As Ks Qs Js Ts", WILD) < val("2s 2h 2d 2c Jk", WILD)
    # fully wild: a pair and the joker are trips (the bug would make an ace kicker)
    assert cat("Ks Kh 7d 2c Jk", WILD) == "Three of a Kind"
    assert cat("Ks Kh 7d 2c Jk", BUG) == "One Pair"
    assert val("Ks Kh Ad 7d 2c", BUG) == val("Ks Kh 7d 2c Jk", BUG)


def test_the_bug_completes_straights_and_flushes_with_the_best_card() -> None:
    # a flush: the bug is the highest card of the suit not in the hand (the king here)
    assert val("Ah Jh 8h 3h Jk", BUG) == val("Ah Kh Jh 8h 3h")
    assert val("Ah Jh 8h 3h Jk", BUG) > val("Ac Qc Jc 8c 3c", BUG)
    # a straight: the top end when both ends complete it
    assert val("7c 6d 5h 4s Jk", BUG) == val("8c 7c 6d 5h 4s")
    assert cat("Jk Jc Tc 8c 7c", BUG) == "Straight Flush"
    assert cat("As Ks Qs Js Jk", BUG) == "Royal Flush"
    # three aces and the bug: four aces, not a flush or anything else
    assert cat("As Ah Ad 7s Jk", BUG) == "Four of a Kind"


def test_flush_over_full_house_on_a_stripped_deck() -> None:
    assert cat("7s 5s 4s 3s 2s", MEXICAN_STUD) == "Flush"
    assert val("7s 5s 4s 3s 2s", MEXICAN_STUD) > val("As Ah Ad Kc Kd", MEXICAN_STUD)
    assert val("7s 5s 4s 3s 2s") < val("As Ah Ad Kc Kd")  # the usual order elsewhere
    # straights skip the stripped ranks (seed 002 §9 L951-955)
    assert cat("4h 5h 6h 7h Jh", MEXICAN_STUD) == "Straight Flush"
    assert cat("Ah Kh Qh Jh 7h", MEXICAN_STUD) == "Royal Flush"
    assert cat("6c 7d Jh Qs Kc", MEXICAN_STUD) == "Straight"
    assert cat("6c 7d Jh Qs Kc") == "High Card"


def test_exactly_7462_values_and_names_for_every_value() -> None:
    # the full count is in the exhaustive gate; here the named extremes
    assert category_of(rank5_fast([c.index for c in parse_cards("7c 5d 4h 3s 2c")])) == "High Card"
    assert rank5_fast([c.index for c in parse_cards("7c 5d 4h 3s 2c")]) < rank5_fast(
        [c.index for c in parse_cards("7c 6d 4h 3s 2c")]
    )
    assert rank6_fast([c.index for c in parse_cards("As Ks Qs Js Ts 2c")]) == val("As Ks Qs Js Ts")


# --- bad input ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rules", "names"),
    [
        ("As Ks Qs Js", HighRules(), "4"),
        ("As Ks Qs Js Ts 9s 8s 7s 6s 5s", HighRules(), "10"),
        ("As Ks Qs Js As", HighRules(), "As"),
        ("As Ks Qs Js Jk", HighRules(), "Jk"),
        ("As Ks Qs Js 9s", MEXICAN_STUD, "9s"),
    ],
)
def test_bad_hands_are_a_typed_error_naming_the_problem(text: str, rules: HighRules, names: str) -> None:
    with pytest.raises(HandError, match=names) as err:
        evaluate_high(parse_cards(text), rules)
    assert isinstance(err.value, RulesError)


def test_bad_rules_are_a_typed_error() -> None:
    with pytest.raises(HandError, match="wheel"):
        HighRules(wheel="highest")  # type: ignore[arg-type]
    with pytest.raises(HandError, match="joker"):
        HighRules(joker="bug")  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", RULE_SETS, ids=repr)
def test_best_of_seven_on_a_crowded_deck(rules: HighRules) -> None:
    # few ranks and the joker: quads, full houses, flushes and straights together in one hand, the
    # cases where the joker has a real choice to make
    fast = fast_rankers(rules)
    ranks = {Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO}
    deck = [i for i in deck_of(rules) if i == JOKER_INDEX or ALL_CARDS[i].rank in ranks]
    rng = random.Random(repr(rules))  # a str seed is stable across runs
    for _ in range(4_000):
        hand = rng.sample(deck, 7)
        if JOKER_INDEX in deck and JOKER_INDEX not in hand:
            hand[0] = JOKER_INDEX
        assert fast.rank7(hand) == max(fast.rank5(five) for five in combinations(hand, 5)), hand


def test_rules_take_any_collection_of_stripped_ranks_and_hash_alike() -> None:
    stripped = HighRules(ranks_removed={Rank.EIGHT, Rank.NINE, Rank.TEN})  # type: ignore[arg-type]
    assert stripped == HighRules(ranks_removed=frozenset({Rank.EIGHT, Rank.NINE, Rank.TEN}))
    assert fast_rankers(stripped) is fast_rankers(HighRules(ranks_removed=stripped.ranks_removed))
    with pytest.raises(HandError, match="ranks"):
        HighRules(ranks_removed=frozenset({8}))  # type: ignore[arg-type]
