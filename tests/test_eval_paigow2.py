"""Pai Gow front hand: exhaustive over all 1,378 two-card hands from 53 cards, and the filings' cases."""

from collections import Counter
from itertools import combinations

import pytest

from rules.cards import ALL_CARDS, JOKER, STANDARD_CARDS, Card, parse_cards
from rules.errors import HandError
from rules.evaluators.paigow2 import FrontJoker, FrontRules, evaluate_front, front_value, one_card_value

BUG = FrontRules()
WILD = FrontRules(joker=FrontJoker.WILD)
MINI = FrontRules(joker_above_ace=True)

HANDS_53 = list(combinations(ALL_CARDS, 2))


def brute_key(hand: tuple[Card, ...], rules: FrontRules) -> tuple[int, ...]:
    """Independent: replace the joker by the card it stands for, then (is pair, high, low)."""
    ranks = [c.rank.value for c in hand if c.rank is not None]
    if len(ranks) == 1:
        if rules.joker is FrontJoker.WILD:
            ranks.append(ranks[0])
        elif rules.joker_above_ace and ranks[0] != 14:
            ranks.append(15)
        else:
            ranks.append(14)
    hi, lo = max(ranks), min(ranks)
    return (int(hi == lo), hi, lo)


@pytest.mark.parametrize("rules", [BUG, WILD, MINI], ids=["bug", "wild", "joker-above-ace"])
def test_all_1378_two_card_hands_order_matches_brute_force(rules: FrontRules):
    assert len(HANDS_53) == 1_378
    by_key: dict[tuple[int, ...], set[int]] = {}
    for h in HANDS_53:
        r = evaluate_front(h, rules)
        assert r.value == front_value(h[1].index, h[0].index, rules)  # order of the two cards is irrelevant
        assert r.category == ("Pair" if brute_key(h, rules)[0] else "High Card")
        by_key.setdefault(brute_key(h, rules), set()).add(r.value)
    assert all(len(v) == 1 for v in by_key.values())
    values = [next(iter(by_key[k])) for k in sorted(by_key)]
    assert values == sorted(set(values))


def test_category_counts_and_distinct_values():
    bug = Counter(evaluate_front(h, BUG).category for h in HANDS_53)
    # 13 ranks x C(4,2) natural pairs, plus the joker with each of the 4 aces.
    assert bug == {"Pair": 13 * 6 + 4, "High Card": 1_378 - 82}
    wild = Counter(evaluate_front(h, WILD).category for h in HANDS_53)
    assert wild["Pair"] == 13 * 6 + 52
    assert len({evaluate_front(h, BUG).value for h in HANDS_53}) == 13 + 78
    # Joker above the ace adds Jk-K .. Jk-2 as twelve new unpaired values.
    assert len({evaluate_front(h, MINI).value for h in HANDS_53}) == 13 + 78 + 12
    # Without a joker: 1,326 hands, 78 pairs.
    assert sum(evaluate_front(h).category == "Pair" for h in combinations(STANDARD_CARDS, 2)) == 78


def front(text: str, rules: FrontRules = BUG):
    return evaluate_front(parse_cards(text), rules)


def test_pairs_beat_high_cards_then_high_then_second_card_seed002_s4():
    assert front("2c 2d").beats(front("Ac Kd"))
    assert front("3c 3d").beats(front("2h 2s"))
    assert front("Ac 3d").beats(front("Kc Qd"))
    assert front("Ac Kd").beats(front("Ac Qd"))
    assert front("Ac Kd").ties(front("Ah Ks"))  # suits never count: a copy


def test_joker_is_an_ace_in_front_seed003_s3_five_aces_row():
    # Capitol's House Way for five aces: "Put pair of Aces in front: A JOKR".
    assert front("As Jk").category == "Pair"
    assert front("As Jk").ties(front("Ac Ad"))
    assert front("Jk Kd").ties(front("Ac Kd"))
    assert front("Jk Kd").beats(front("Ac Qd"))
    assert not front("Jk 2d").beats(front("2c 2h"))


def test_joker_wild_pairs_the_other_card_seed003_s2_rule15():
    assert front("Jk 9d", WILD).ties(front("9c 9h"))
    assert front("Jk 9d", WILD).beats(front("Ac Kd", WILD))


def test_one_card_hand_mini_pai_gow_joker_above_ace_seed000_L1019():
    assert front("Jk", MINI).beats(front("As", MINI))
    assert front("As", MINI).beats(front("Ks", MINI))
    assert front("Jk", BUG).ties(front("As", BUG))
    ranks = sorted(one_card_value(c.index, MINI) for c in ALL_CARDS)
    assert ranks[-1] == 15 and ranks[-2] == 14 and len(set(ranks)) == 14
    assert front("Jk Kd", MINI).beats(front("Ac Kd", MINI))
    assert front("Jk Ad", MINI).category == "Pair"


def test_display_order_and_errors():
    assert [str(c) for c in front("5c Ad").cards] == ["Ad", "5c"]
    assert [str(c) for c in front("Kd Jk").cards] == ["Jk", "Kd"]
    with pytest.raises(HandError):
        evaluate_front(parse_cards("Ac Kd Qh"))
    with pytest.raises(HandError):
        evaluate_front(())
    with pytest.raises(HandError):
        evaluate_front((JOKER, JOKER))
    with pytest.raises(HandError):
        evaluate_front((JOKER, STANDARD_CARDS[0]), FrontRules(joker=FrontJoker.NONE))
    with pytest.raises(HandError):
        evaluate_front((JOKER,), FrontRules(joker=FrontJoker.NONE))
