"""Pai Gow Poker rules: hand values (against the shared evaluator), fouls, setting checks, settlement, bonuses."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest
import yaml

from rules.cards import parse_cards
from rules.evaluators.high import HighRules, JokerMode, fast_rankers
from rules.gamefile import GameFileError
from rules.paigow.bonus import HIERARCHY, ace_high_kind, bonus_hand, classify, pai_gow_high
from rules.paigow.hands import PaiGowRules, category_name, front_beats_back, value5
from rules.paigow.house_way import load_house_way
from rules.paigow.setting import FOUL_HAND, HOUSE_WAY_MISSET, check_setting
from rules.paigow.settlement import (
    Result,
    SetHand,
    SettlementError,
    ace_high_bonus,
    compare,
    compare_community,
    double_down,
    envy_payouts,
    settle_base,
    settle_bonus,
)
from rules.paigow.variant import PaiGowVariant

ROOT = Path(__file__).resolve().parent.parent
GAME_FILES = sorted((ROOT / "config" / "games" / "paigow").glob("*.yaml"))
GAMES = {p.stem: yaml.safe_load(p.read_text(encoding="utf-8")) for p in GAME_FILES}
VARIANTS = {k: PaiGowVariant.from_data(v) for k, v in GAMES.items()}
BUG = PaiGowRules()


def idx(text: str) -> list[int]:
    return [c.index for c in parse_cards(text)]


def hand(front: str, back: str) -> SetHand:
    return SetHand.of(idx(front), idx(back))


# ------------------------------------------------------------------------------------------ variant data


def test_every_filed_variant_is_present() -> None:
    expected = {
        "capitol", "tres-lounge", "fortune-tres-lounge", "marysville", "fortune-marysville", "face-up-marysville",
        "oaks", "the101-double-hand", "triple-bonus-the101", "mini-the101", "ultimate-the101", "lucky", "ace-up",
    }  # fmt: skip
    assert expected <= set(GAMES)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_variant_data_is_complete_and_cited(name: str) -> None:
    data, v = GAMES[name], VARIANTS[name]
    assert data["id"] == f"paigow/{name}"
    assert data["source"]["seed"] and data["evaluator"]["cite"] and data["settlement"]["cite"]
    if v.chart is not None:
        chart = ROOT / "config" / "house_ways" / f"{v.chart}.yaml"
        way = load_house_way(yaml.safe_load(chart.read_text(encoding="utf-8")), v.hand_rules)
        assert way.hand_cards == v.hand_rules.hand_cards
    for b in v.bonuses:
        assert b.cite
        for row in b.rows:
            assert row.cite, f"{name} {b.id} {row.hand}"
            known = set(HIERARCHY) | {"royal_flush_natural", "push", "push_with_front_pair_3s_or_better"}
            assert (
                row.hand in known
                or row.hand.startswith(("pai_gow_", "player_and_banker", "banker_ace_high", "side_wins"))
                or row.hand.endswith("_tie")
            ), row.hand


def test_variant_without_family_keys_is_a_typed_error() -> None:
    data = {k: v for k, v in GAMES["capitol"].items() if k != "hand"}
    with pytest.raises(GameFileError, match="missing 'hand'"):
        PaiGowVariant.from_data(data)


# ------------------------------------------------------------------------------------------ hand values


def _same_order(values_a: list[int], values_b: list[int]) -> None:
    pairs = sorted(zip(values_a, values_b, strict=True))
    for (a1, b1), (a2, b2) in zip(pairs, pairs[1:], strict=False):
        assert (a1 < a2) == (b1 < b2), (a1, b1, a2, b2)


def test_back_hand_order_agrees_with_the_shared_evaluator() -> None:
    """Differential: the family's fast values order 5-card hands (joker included) as rules/evaluators/high.py."""
    rng = random.Random(5)
    hands = [tuple(rng.sample(range(53), 5)) for _ in range(6000)]
    hands += [(52, *rng.sample(range(52), 4)) for _ in range(6000)]
    hands += [(52, *four) for four in combinations(range(48, 52), 4)] + [tuple(range(36, 52, 4)) + (52,)]
    ours = [value5(h, BUG) for h in hands]
    rank5 = fast_rankers(HighRules(joker=JokerMode.BUG)).rank5
    theirs = [rank5(h) for h in hands]
    _same_order(ours, theirs)


@pytest.mark.parametrize(
    ("cards", "name"),
    [
        ("As Ah Ad Ac Jk", "Five Aces"),
        ("Ks Qs Js Ts Jk", "Royal Flush"),
        ("2s 3s 4s 5s Jk", "Straight Flush"),
        ("9s 4s 7s 2s Jk", "Flush"),
        ("2s 3d 4c 5h Jk", "Straight"),
        ("As Ad 9c 5h Jk", "Three of a Kind"),
        ("Kd Qd 9c 5h Jk", "High Card"),
    ],
)
def test_joker_is_an_ace_or_completes(cards: str, name: str) -> None:
    assert category_name(value5(idx(cards), BUG)) == name


def test_wheel_is_lowest_or_second_as_data() -> None:
    wheel, six_high = idx("As 2d 3c 4h 5s"), idx("2d 3c 4h 5s 6d")
    assert value5(wheel, BUG) < value5(six_high, BUG)
    second = PaiGowRules(wheel="second_highest")
    assert value5(wheel, second) > value5(idx("Kd Qc Jh Ts 9d"), second)
    assert value5(wheel, second) < value5(idx("Ad Kc Qh Js Td"), second)


def test_foul_front_beats_back() -> None:
    def foul(front: str, back: str) -> bool:
        f, b = idx(front), idx(back)
        return front_beats_back(f, value5(b, BUG), b, BUG)

    assert foul("9s 9d", "As Kd Qc 5h 3s")  # a pair over no pair
    assert foul("Ts Td", "9s 9h Ac 5h 3s")  # a higher pair
    assert not foul("9s 9d", "9c 9h Ac 5h 3s")  # the same pair: the back has more cards
    assert foul("As Qd", "Ac Jd 9c 5h 3s")  # A-Q over A-J
    assert not foul("As Jc", "Ac Jd 9c 5h 3s")
    assert not foul("As Ad", "2s 2d 3c 3h 4s")  # two pair behind
    assert foul("Jk Kd", "Ac Qd 9c 5h 3s")  # the joker is an ace in front: A-K over A-Q


# ------------------------------------------------------------------------------------------ setting checks


def test_setting_foul_gets_the_rooms_ruling_for_player_and_banker() -> None:
    v = VARIANTS["capitol"]
    front, back = parse_cards("9s 9d"), parse_cards("As Kd Qc 5h 3s")
    (p,) = check_setting(front, back, v)
    assert (p.code, p.ruling) == (FOUL_HAND, "FOUL") and "L66-70" in p.cite  # rule 31, seed 003 L66-70
    (b,) = check_setting(front, back, v, banker=True)
    assert (b.code, b.ruling) == (FOUL_HAND, "RESET_HOUSE_WAY")
    (m,) = check_setting(front, back, VARIANTS["marysville"], banker=True)
    assert m.ruling == "CALL_FLOOR"


def test_setting_wrong_counts_and_switched_cards_are_fouls() -> None:
    v = VARIANTS["tres-lounge"]
    (f,) = check_setting(parse_cards("9s 9d 2c"), parse_cards("As Kd Qc 5h"), v)
    assert f.code == FOUL_HAND and "3 card(s)" in f.reason
    dealt = parse_cards("As Kd Qc 5h 3s 9s 9d")
    (g,) = check_setting(parse_cards("9s 8d"), parse_cards("As Kd Qc 5h 3s"), v, dealt=dealt)
    assert g.code == FOUL_HAND and "not the cards dealt" in g.reason


def test_house_way_misset_and_a_correct_house_way_setting() -> None:
    v = VARIANTS["capitol"]
    way = load_house_way(
        yaml.safe_load((ROOT / "config/house_ways/capitol-paigow.yaml").read_text()), v.hand_rules
    )
    # Two pair, jacks and sixes with an ace: the chart keeps both pairs behind (seed 003 L97).
    ok = check_setting(parse_cards("Ah 9s"), parse_cards("Jh Js 6s 6d 7c"), v, house_way=way, banker=True)
    assert ok == ()
    (bad,) = check_setting(parse_cards("6s 6d"), parse_cards("Jh Js Ah 9s 7c"), v, house_way=way, banker=True)
    assert bad.code == HOUSE_WAY_MISSET and bad.ruling == "RESET_HOUSE_WAY" and "two-pair-jacks" in bad.reason


# ------------------------------------------------------------------------------------------ settlement


def test_win_both_push_one_each_lose_both_and_copies_to_the_banker() -> None:
    v = VARIANTS["tres-lounge"]
    banker = hand("Kd Qc", "9s 9d 5c 4h 3s")
    assert compare(hand("As Qd", "Ts Td 5d 4c 2s"), banker, v).result is Result.WIN
    assert compare(hand("As Qd", "8s 8d 5d 4c 2s"), banker, v).result is Result.PUSH
    assert compare(hand("Js Td", "8s 8d 5d 4c 2s"), banker, v).result is Result.LOSE
    copy = compare(hand("Ks Qd", "Ts Td 5d 4c 2s"), banker, v)  # the front copies: the banker's
    assert (copy.front, copy.result) == ("copy", Result.PUSH)
    assert compare(hand("9h Qd", "Ts 4d 5d 8c 2s"), banker, v).result is Result.LOSE  # a foul loses
    with pytest.raises(SettlementError, match="foul"):
        compare(banker, hand("9h 9c", "As Kd 5s 3c 2d"), v)


def test_face_up_and_ace_up_push_on_a_banker_seven_card_ace_high() -> None:
    banker = hand("Kd Qc", "As 9d 6c 4h 3s")  # A K Q 9 6 4 3: no pair, straight or flush
    player = hand("As Qd", "Ts Td 5d 4c 2s")
    for name in ("face-up-marysville", "ace-up"):
        assert compare(player, hand("Kd Qc", "Ah 9d 6c 4h 3s"), VARIANTS[name]).result is Result.PUSH
    assert compare(player, banker, VARIANTS["capitol"]).result is Result.WIN


def test_settle_amounts_in_cents() -> None:
    assert settle_base(Result.WIN, 2500) == 2500
    assert settle_base(Result.PUSH, 2500) == 0
    assert settle_base(Result.LOSE, 2500) == -2500
    assert settle_base(Result.WIN, 1000, Fraction(2)) == 2000


# ------------------------------------------------------------------------------------------ bonuses


@pytest.mark.parametrize(
    ("cards", "name"),
    [
        ("4h 5h 6h 7h 8h 9h Th", "seven_card_straight_flush_natural"),
        ("4h 5h Jk 7h 8h 9h Th", "seven_card_straight_flush_joker"),
        ("As Ks Qs Js Ts Kd Qd", "royal_flush_royal_match"),
        ("As Ks Qs Js Ts Kd Qh", "royal_flush"),
        ("As Ad Ah Ac Jk 2d 7h", "five_aces"),
        ("9s 9d 5c 5h 3s 3d Kh", "three_pair"),
        ("5s 6d 7c 8h 9s 9d 9h", "straight"),  # a straight with three of a kind is a straight
        ("As Kd Qc 9h 6s 4d 3h", "high_card"),
    ],
)
def test_bonus_hands(cards: str, name: str) -> None:
    assert classify(idx(cards), BUG) == name


def test_fortune_pays_and_marysville_three_pair_pushes() -> None:
    v = VARIANTS["fortune-marysville"]
    fortune = v.bonus("fortune")
    assert settle_bonus(idx("As Ad Ah Ac Jk 2d 7h"), fortune, 500, v) == ("five_aces", 125000)
    assert settle_bonus(idx("9s 9d 5c 5h 3s 3d Kh"), fortune, 500, v) == ("three_pair", 0)
    assert settle_bonus(idx("9s 9d 5c 5h 3s 2d Kh"), fortune, 500, v) == ("two_pair", -500)


def test_mini_aces_bonus_joker_royal_is_a_straight_flush_and_eight_high() -> None:
    v = VARIANTS["mini-the101"]
    aces = v.bonus("aces_bonus")
    assert bonus_hand(idx("As Ks Qs Js Jk 2d"), aces, v.hand_rules) == "straight_flush"
    assert bonus_hand(idx("As Ks Qs Js Ts 2d"), aces, v.hand_rules) == "royal_flush_natural"
    assert settle_bonus(idx("8s 7d 6c 4h 3s 2d"), aces, 100, v) == ("eight_high", 5000)


def test_happy_pai_gow_and_ace_high() -> None:
    assert pai_gow_high(idx("9s 8d 7c 5h 4s 3d 2h")) == 9
    assert pai_gow_high(idx("9s 8d 7c 6h 5s 3d 2h")) is None  # a straight
    assert ace_high_kind(idx("Jk Kd 9c 7h 5s 3d 2h")) == "joker"
    v = VARIANTS["ace-up"]
    bonus = v.bonus("ace_up")
    banker, player = idx("As Kd 9c 7h 5s 3d 2h"), idx("Ah Qd Tc 8h 6s 4d 2c")
    assert ace_high_bonus(player, banker, bonus) == ("player_and_banker_ace_high", 40)
    assert ace_high_bonus(idx("Ah Ad Tc 8h 6s 4d 2c"), banker, bonus) == ("banker_ace_high_natural", 5)


def test_envy_several_winners_per_room() -> None:
    tres = VARIANTS["fortune-tres-lounge"].bonus("envy")
    face = VARIANTS["face-up-marysville"].bonus("envy")
    hands = {"s1": "four_of_a_kind", "s2": "four_of_a_kind", "s3": "flush"}
    # Tres Lounge: one payout for each other player's qualifying hand (seed 002 L488).
    assert envy_payouts(hands, ["s1", "s2", "s3"], tres) == {"s1": 500, "s2": 500, "s3": 1000}
    # Face Up: only the highest hand, once; the players who achieved it are not paid for it (seed 004
    # L3427-3430), the other holders are.
    assert envy_payouts(hands, ["s1", "s2", "s3"], face) == {"s1": 0, "s2": 0, "s3": 500}
    # The setting's other reading: nobody is paid for a hand several players hold.
    strict = dataclasses.replace(face, several_winners="highest_hand_only_no_ties")
    assert envy_payouts(hands, ["s1", "s2", "s3"], strict) == {"s1": 0, "s2": 0, "s3": 0}
    assert envy_payouts({"s1": "straight_flush", "s2": "four_of_a_kind"}, ["s1", "s2"], face) == {
        "s1": 0,
        "s2": 1000,
    }


def test_ultimate_community_copies() -> None:
    rules = VARIANTS["ultimate-the101"].hand_rules
    # Both fronts copy and the banker's five-card hand is better: banker pushes, player loses (seed 000 L1373).
    p, b, _ = compare_community(hand("Ks Qd", "8s 8d 5c 4h 3s"), hand("Kd Qc", "9s 9d 5d 4c 2s"), rules)
    assert (p, b) == (Result.LOSE, Result.PUSH)


def test_mini_double_down_needs_a_banker_pair_of_fives() -> None:
    v = VARIANTS["mini-the101"]
    assert double_down(Result.WIN, hand("Kd", "5s 5c 9h 7s 2d"), v) is Result.WIN
    assert double_down(Result.LOSE, hand("Kd", "4s 4c 9h 7s 2d"), v) is Result.PUSH
    with pytest.raises(SettlementError, match="no double-down"):
        double_down(Result.WIN, hand("Kd Qc", "5s 5c 9h 7s 2d"), VARIANTS["capitol"])
