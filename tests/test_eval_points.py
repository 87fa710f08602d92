"""Point totals: baccarat and the blackjack-style games, each rule tested with cases from its filing."""

from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations, product

import pytest

from rules.cards import ALL_CARDS, JOKER, STANDARD_CARDS, Card, Rank, parse_cards
from rules.errors import HandError
from rules.evaluators.points import (
    BLACKJACK_X_31,
    BLACKJACK_X_SPADES,
    CAL_BLACKJACK_31,
    FILED_RULES,
    NO_BUST_21_5,
    NO_BUST_22_MARYSVILLE,
    NO_BUST_22_OPTION,
    PURE_21_5,
    STANDARD_21,
    BlackjackJoker,
    BlackjackRules,
    BlackjackRulesError,
    Jump,
    SpecialHand,
    baccarat_rank,
    baccarat_total,
    blackjack_rank,
    blackjack_total,
    cal_side_bet_total,
    is_natural,
)


def bj(text: str, rules: BlackjackRules = STANDARD_21, *, split: bool = False):
    return blackjack_total(parse_cards(text), rules, split=split)


# ------------------------------------------------------------------------------------------------
# Baccarat
# ------------------------------------------------------------------------------------------------


def points(c: Card) -> int:
    assert c.rank is not None
    return {Rank.ACE: 1, Rank.TEN: 0, Rank.JACK: 0, Rank.QUEEN: 0, Rank.KING: 0}.get(c.rank, c.rank.value)


def test_baccarat_points_seed002_s2():
    assert baccarat_total(parse_cards("Ac 9d")) == 0
    assert baccarat_total(parse_cards("Kc Qd")) == 0
    assert baccarat_total(parse_cards("7c 8d 9h")) == 4
    assert baccarat_total(parse_cards("Ac Td 7h")) == 8
    assert baccarat_total(()) == 0


def test_super_pan9_examples_seed001_g09():
    # "two 6s and a 4 = 16 -> 6; two 5s and a King -> 0"
    assert baccarat_total(parse_cards("6c 6d 4h")) == 6
    assert baccarat_total(parse_cards("5c 5d Kh")) == 0


def test_all_two_card_baccarat_hands_naturals_counted_by_point_classes():
    hands = list(combinations(STANDARD_CARDS, 2))
    got = Counter(baccarat_total(h) for h in hands)
    # Independent count: 16 zero-point cards, four of each of 1..9.
    size = {0: 16, **{v: 4 for v in range(1, 10)}}
    want: Counter[int] = Counter()
    for a in range(10):
        for b in range(a, 10):
            n = size[a] * (size[a] - 1) // 2 if a == b else size[a] * size[b]
            want[(a + b) % 10] += n
    assert got == want
    naturals = sum(is_natural(h) for h in hands)
    # 9: 0+9 (16x4) and 1+8 .. 4+5 (4x4 each) = 128; 8: 0+8 64, 1+7 .. 3+5 48, 4+4 and 9+9 6 each = 124.
    assert naturals == want[8] + want[9] == 128 + 124
    for h in hands:
        assert baccarat_total(h) == sum(points(c) for c in h) % 10


def test_baccarat_ranking_natural_above_three_card_nine_seed002_s2():
    n9, n8 = baccarat_rank(parse_cards("4c 5d")), baccarat_rank(parse_cards("Ac 7d"))
    three9 = baccarat_rank(parse_cards("2c 3d 4h"))
    assert n9.category == "Natural 9" and n8.category == "Natural 8" and three9.category == "9"
    assert n9.beats(n8) and n8.beats(three9)
    assert baccarat_rank(parse_cards("Kc 7d")).ties(baccarat_rank(parse_cards("3c 2d 2h")))
    assert not is_natural(parse_cards("2c 3d 4h"))


def test_baccarat_bad_input():
    with pytest.raises(HandError):
        baccarat_total((JOKER,))
    with pytest.raises(HandError):
        baccarat_rank(parse_cards("Ac"))


# ------------------------------------------------------------------------------------------------
# Blackjack-style totals: an independent brute force over every 2- and 3-card hand
# ------------------------------------------------------------------------------------------------


def brute_best(cards, limit: int) -> int:
    """Every way of counting the aces 1 or 11, at most one of them 11 ("Two Aces count as 2 or 12, only",
    seed 001 L902; with a limit of 21 two high aces are over anyway): the highest total within the limit,
    else the lowest."""
    base = [10 if c.rank in (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING) else c.rank.value for c in cards]
    aces = [i for i, c in enumerate(cards) if c.rank is Rank.ACE]
    totals = set()
    for choice in product((1, 11), repeat=len(aces)):
        if choice.count(11) > 1:
            continue
        vals = list(base)
        for i, v in zip(aces, choice, strict=True):
            vals[i] = v
        totals.add(sum(vals))
    within = [t for t in totals if t <= limit]
    return max(within) if within else min(totals)


@pytest.mark.parametrize("key", sorted(FILED_RULES))
def test_every_two_and_three_card_hand_counts_like_the_brute_force(key: str):
    rules = FILED_RULES[key]
    deck = ALL_CARDS if rules.joker is not BlackjackJoker.NONE else STANDARD_CARDS
    for size in (2, 3):
        for hand in combinations(deck, size):
            if any(c.is_joker for c in hand):
                continue
            t = blackjack_total(hand, rules)
            if t.special is not None:
                assert size == 2 and t.is_natural
                continue
            want = brute_best(hand, rules.limit)
            assert t.best == want, (hand, t)
            assert t.busted_or_over == (want > rules.limit)
            assert t.is_soft == (t.soft is not None)
            if t.is_soft:
                assert t.soft == t.best == t.hard + 10


@pytest.mark.parametrize("key", sorted(FILED_RULES))
def test_order_specials_then_totals_then_over(key: str):
    rules = FILED_RULES[key]
    deck = STANDARD_CARDS
    by_value: dict[int, set[tuple[str | None, Fraction, bool]]] = {}
    for hand in combinations(deck, 2):
        t = blackjack_total(hand, rules)
        by_value.setdefault(t.value, set()).add((t.special, t.best, t.busted_or_over))
    for hand in combinations(deck[::3], 3):
        t = blackjack_total(hand, rules)
        by_value.setdefault(t.value, set()).add((t.special, t.best, t.busted_or_over))
    values = sorted(by_value)
    kinds = [next(iter(by_value[v])) for v in values]
    # Over hands sit below every ordinary total, specials above them.
    tier = [2 if s is not None else (0 if over else 1) for s, _, over in kinds]
    assert tier == sorted(tier)
    ordinary = [best for s, best, over in kinds if s is None and not over]
    assert ordinary == sorted(ordinary) and len(set(ordinary)) == len(ordinary)
    over = [best for s, best, o in kinds if s is None and o]
    if rules.over_by_closeness:
        assert over == sorted(over, reverse=True)
    else:
        assert len({v for v, k in zip(values, kinds, strict=True) if k[0] is None and k[2]}) <= 1


# ------------------------------------------------------------------------------------------------
# Standard blackjack
# ------------------------------------------------------------------------------------------------


def test_standard_soft_hard_bust_and_blackjack():
    assert bj("Ac 6d").category == "Soft 17" and bj("Ac 6d").soft == 17 and bj("Ac 6d").hard == 7
    assert bj("Ac 6d Td").best == 17 and not bj("Ac 6d Td").is_soft
    assert bj("Ac Kd").special == "Blackjack" and bj("Ac Kd").is_natural
    assert bj("Ac Kd").rank(parse_cards("Ac Kd")).beats(bj("7c 7d 7h").rank(parse_cards("7c 7d 7h")))
    assert bj("Tc 6d 8h").busted_or_over and bj("Tc 6d 8h").category == "Bust 24"
    assert bj("Tc 6d 8h").value == bj("Tc 9d 9h").value  # every bust is alike
    assert bj("Ac Kd", split=True).special is None and bj("Ac Kd", split=True).best == 21
    assert blackjack_rank(parse_cards("9c 9d")).category == "18"


# ------------------------------------------------------------------------------------------------
# 21.5 games
# ------------------------------------------------------------------------------------------------


def test_pure_21_5_ace_with_bonus_card_is_21_5_seed003_s9_L657():
    t = bj("Ah Qs", PURE_21_5)
    assert t.special == "Pure 21.5" and t.best == Fraction(43, 2)
    # "A Bonus card dealt with any other card counts 10"; after the draw an ace is 1 or 11.
    assert bj("Ah 5s 5d", PURE_21_5).best == 21
    assert bj("Ah Qs", PURE_21_5).value > bj("7c 7d 7h", PURE_21_5).value
    # Both over 21.5: all over hands lose alike (the 8-8-8 push is the settlement's rule).
    assert bj("8c 8d 8h", PURE_21_5).busted_or_over
    assert bj("8c 8d 8h", PURE_21_5).value == bj("Tc 9d 5h", PURE_21_5).value


def test_no_bust_21_5_ace_is_11_5_with_ten_and_two_aces_2_or_12_seed003_s7_L382():
    t = bj("Ac Td", NO_BUST_21_5)
    assert t.best == Fraction(43, 2) and t.category == "Natural 21.5"
    assert bj("Ac Ad", NO_BUST_21_5).best == 12 and bj("Ac Ad", NO_BUST_21_5).hard == 2
    assert bj("Ac 5d 9h", NO_BUST_21_5).best == 15
    # No bust: over hands rank by closeness (a 23 beats a 25 when both are over).
    assert bj("Tc 5d 8h", NO_BUST_21_5).value > bj("Tc 6d 9h", NO_BUST_21_5).value
    assert bj("Tc 5d 8h", NO_BUST_21_5).value < bj("2c 3d", NO_BUST_21_5).value


# ------------------------------------------------------------------------------------------------
# 22 games (jokers)
# ------------------------------------------------------------------------------------------------


def test_marysville_two_jokers_natural_22_then_joker_with_any_card_seed004_s4_L367():
    nat = bj("Jk Jk", NO_BUST_22_MARYSVILLE)
    assert nat.special == "Natural 22" and nat.best == 22
    jh = bj("Jk 2c", NO_BUST_22_MARYSVILLE)
    assert jh.special == "Joker Hand" and jh.frozen and jh.best == 21
    assert bj("2c Jk", NO_BUST_22_MARYSVILLE).value == jh.value == bj("Jk Ac", NO_BUST_22_MARYSVILLE).value
    # Second best: above every drawn total, 22 included.
    assert nat.value > jh.value > bj("Tc 2d Td", NO_BUST_22_MARYSVILLE).value
    assert bj("Tc 2d Td", NO_BUST_22_MARYSVILLE).best == 22


def test_21st_century_joker_with_any_card_is_hard_21_no_draw_seed001_g16_L901():
    t = bj("Jk 9c", NO_BUST_22_OPTION)
    assert t.special is None and t.best == 21 and t.hard == 21 and not t.is_soft and t.frozen
    # A drawn 22 beats it ("a sum that does not exceed Natural 22").
    assert bj("Tc 2d Td", NO_BUST_22_OPTION).value > t.value
    # A joker drawn as a hit card: a hard 21 as well; nothing may follow it.
    assert bj("5c 6d Jk", NO_BUST_22_OPTION).best == 21
    with pytest.raises(HandError):
        bj("Jk 9c 2d", NO_BUST_22_OPTION)


def test_21st_century_naturals_joker_joker_and_ace_joker_only_seed001_g16_L915():
    jj, aj = bj("Jk Jk", NO_BUST_22_OPTION), bj("Ac Jk", NO_BUST_22_OPTION)
    assert jj.is_natural and aj.is_natural and jj.value > aj.value
    assert not bj("Ac Kd", NO_BUST_22_OPTION).is_natural
    assert bj("Ac Kd", NO_BUST_22_OPTION).best == 21


def test_21st_century_two_aces_count_2_or_12_only_seed001_g16_L902():
    t = bj("Ac Ad", NO_BUST_22_OPTION)
    assert t.best == 12 and t.hard == 2
    assert bj("Ac Ad Td", NO_BUST_22_OPTION).best == 22  # one ace high: 1 + 11 + 10


def test_21st_century_both_over_closer_is_better_seed001_g11_L616():
    assert bj("Tc 5d 8h", NO_BUST_22_OPTION).value > bj("Tc 6d 9h", NO_BUST_22_OPTION).value
    assert bj("Tc 5d 8h", NO_BUST_22_OPTION).busted_or_over


# ------------------------------------------------------------------------------------------------
# Play-to-31 games
# ------------------------------------------------------------------------------------------------


def test_cal_blackjack_natural_31_ace_counts_21_with_ten_seed000_L483():
    t = bj("Ac Jd", CAL_BLACKJACK_31)
    assert t.special == "Natural 31" and t.best == 31 and t.is_natural


def test_cal_blackjack_soft_31_example_a_seed000_L578():
    # (Ace, 2, hits an 8 and hits again and gets a 10 point card) = Soft 31, the 2nd best hand.
    t = bj("Ac 2d 8h Ts", CAL_BLACKJACK_31)
    assert t.special == "Soft 31" and t.best == 31 and t.is_soft and not t.is_natural
    assert bj("Ac Jd", CAL_BLACKJACK_31).value > t.value > bj("Tc 5d 6h", CAL_BLACKJACK_31).value


def test_cal_blackjack_soft_21_then_other_card_plays_to_21_example_b_seed000_L579():
    assert bj("Ac 2d 8h 4h", CAL_BLACKJACK_31).best == 15
    t = bj("Ac 2d 8h 4h 6h", CAL_BLACKJACK_31)
    assert t.best == 21 and t.special is None and t.category == "21"


def test_cal_blackjack_22_to_30_frozen_and_losing_example_c_seed000_L580():
    t = bj("5c Td Ks", CAL_BLACKJACK_31)
    assert t.best == 25 and t.frozen and t.busted_or_over and t.category == "Frozen 25"
    assert t.value < bj("2c 3d", CAL_BLACKJACK_31).value
    assert t.value == bj("Tc Td 2h", CAL_BLACKJACK_31).value  # "a hand totaling 22 30": one rank
    with pytest.raises(HandError):
        bj("5c Td Ks 6h", CAL_BLACKJACK_31)  # frozen: no more cards


def test_cal_blackjack_hard_21_plus_ten_is_not_soft_31_choice():
    t = bj("Tc 5d 6h Ks", CAL_BLACKJACK_31)
    assert t.special is None and t.busted_or_over and t.frozen
    assert t.value < bj("2c 3d", CAL_BLACKJACK_31).value


def test_cal_blackjack_split_ace_with_ten_is_21_even_money_seed000_L608():
    t = bj("Ac Td", CAL_BLACKJACK_31, split=True)
    assert t.special is None and t.best == 21


def test_blackjack_x_ranking_natural_then_blackjack_x_then_hard_31_seed000_L1901():
    nat = bj("Ah Qd", BLACKJACK_X_31)
    bjx = bj("Ac Kc", BLACKJACK_X_31)
    hard31 = bj("Tc 5d 6h Ks", BLACKJACK_X_31)
    assert (nat.special, bjx.special, hard31.special) == ("Natural 31", "Blackjack X", "Hard 31")
    assert nat.value > bjx.value > hard31.value > bj("Tc 5d 6h", BLACKJACK_X_31).value
    assert not hard31.is_soft and hard31.best == 31 and not hard31.is_natural


def test_blackjack_x_spades_reading_gega003057_bullet():
    assert bj("As Ks", BLACKJACK_X_SPADES).special == "Blackjack X"
    assert bj("Ah Kh", BLACKJACK_X_SPADES).special == "Natural 31"
    assert bj("Ah Kh", BLACKJACK_X_31).special == "Blackjack X"


def test_blackjack_x_hard_31_only_from_hard_21_seed000_L1903():
    # A soft 21 that takes a ten counts 21 (the ace drops to 1); a hard 21 plus anything but a ten freezes.
    assert bj("Ac 2d 8h Ts", BLACKJACK_X_31).best == 21
    assert bj("Ac 2d 8h Ts", BLACKJACK_X_31).special is None
    t = bj("Tc 5d 6h 5s", BLACKJACK_X_31)
    assert t.best == 26 and t.frozen and t.category == "Frozen 26"
    with pytest.raises(HandError):
        bj("Tc 5d 6h Ks 2c", BLACKJACK_X_31)


def test_every_four_card_hit_sequence_to_31_in_the_31_games():
    """Over all ordered 4-card hands from a deck's ranks: 31 is reached only by the filed routes."""
    reps = [c for c in STANDARD_CARDS if c.suit is not None and c.suit.value == "c"]
    for rules, kind in ((CAL_BLACKJACK_31, "soft"), (BLACKJACK_X_31, "hard")):
        for hand in permutations(reps + reps[-4:-1], 4):
            three = blackjack_total(hand[:3], rules)
            if three.frozen:
                with pytest.raises(HandError):
                    blackjack_total(hand, rules)
                continue
            t = blackjack_total(hand, rules)
            is_ten = hand[3].rank in (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)
            reached = three.best == 21 and (three.is_soft == (kind == "soft")) and is_ten
            assert (t.special is not None) == reached, hand
            if reached:
                assert t.best == 31 and t.frozen


# ------------------------------------------------------------------------------------------------
# Wild joker (data option) and rule data
# ------------------------------------------------------------------------------------------------


def test_wild_joker_takes_the_best_value():
    wild = BlackjackRules(
        name="wild",
        specials=(SpecialHand("Blackjack", ("A", "10pt"), Fraction(21)),),
        joker=BlackjackJoker.WILD,
    )
    assert bj("Jk Kd", wild).special == "Blackjack"
    assert bj("9c 5d Jk", wild).best == 21
    assert bj("Jk Jk", wild).special == "Blackjack"


def test_rules_from_data_match_the_presets():
    data = {
        "name": "Blackjack X",
        "target": 31,
        "specials": [
            {"name": "Blackjack X", "cards": ["A", "K"], "total": 31, "rank": 2, "suited": True},
            {"name": "Natural 31", "cards": ["A", "10pt"], "total": 31, "rank": 3},
        ],
        "jumps": [{"name": "Hard 31", "after": "hard", "rank": 1}],
        "frozen": [22, 30],
        "over_name": "Over",
        "source": BLACKJACK_X_31.source,
    }
    assert BlackjackRules.from_data(data) == BLACKJACK_X_31
    assert BlackjackRules.from_data({"target": "21.5", "limit": 21}).target == Fraction(43, 2)
    with pytest.raises(BlackjackRulesError):
        BlackjackRules.from_data({"tagret": 21})
    with pytest.raises(BlackjackRulesError):
        BlackjackRules.from_data({"specials": [{"name": "x", "cards": ["A", "11pt"], "total": 21}]})
    with pytest.raises(BlackjackRulesError):
        BlackjackRules.from_data({"jumps": [{"name": "x", "after": "medium"}]})
    with pytest.raises(BlackjackRulesError):
        BlackjackRules.from_data({"frozen": [10, 12]})
    with pytest.raises(BlackjackRulesError):
        BlackjackRules.from_data({"joker": "sometimes"})
    with pytest.raises(BlackjackRulesError):
        Jump("x", after="soft", card="Zz")


def test_bad_hands_are_typed_errors():
    with pytest.raises(HandError):
        blackjack_total((), STANDARD_21)
    with pytest.raises(HandError):
        bj("Jk 5c", STANDARD_21)
    with pytest.raises(HandError):
        blackjack_total(("As",), STANDARD_21)  # type: ignore[arg-type]


def test_cal_blackjack_side_bet_examples_seed000_L586_L591():
    # "5, 10, 10, for a total of 25 plus dealers 2nd card a 6 for a total of 31"
    assert cal_side_bet_total(25, parse_cards("6h")[0]) == 31
    # "26 and the dealers 2nd card is a 10 card, the players hand totals 36 however it is round down to 26"
    assert cal_side_bet_total(26, parse_cards("Kd")[0]) == 26
    assert cal_side_bet_total(30, parse_cards("Ac")[0]) == 31
    with pytest.raises(HandError):
        cal_side_bet_total(21, parse_cards("Kd")[0])
    with pytest.raises(HandError):
        cal_side_bet_total(25, JOKER)
