"""Exact analysis of the Three Card Poker family: published figures from the evaluator's own counts, and the
inclusion-exclusion dealer counts against direct enumeration."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.evaluators.three import CATEGORY_NAMES, rank3
from rules.threecard import from_data
from rules.threecard.analyze import (
    QUEEN_SIX_FOUR,
    analyze,
    ante_play,
    dealer_below,
    dealer_outcomes,
    hole_card_bonus,
    six_card_counts,
    straight_or_up,
    straight_or_up_lines_count,
    three_card_bonus,
)
from rules.threecard.hands import straight_or_up_lines_idx
from rules.threecard.model import PayLine
from terminal.games import load_games

X = "test"


def casino_variant() -> dict[str, Any]:
    """The casino game the published figures are for: Ante pays 1:1 when the dealer does not qualify, an
    ante bonus of 5/4/1, Pair Plus 40/30/6/4/1. No California filing has this exact game; it is built here.
    The table's mechanics (the action button and the bank), which do not change these figures, are Capitol's."""
    from pathlib import Path

    from kernel import safeyaml

    capitol = safeyaml.load_text((Path(__file__).resolve().parent.parent / "config/games/threecard/capitol.yaml").read_text())
    return {
        "id": "threecard/casino",
        "family": "threecard",
        "name": "Three Card Poker (casino)",
        "room": "none",
        "source": {"seed": "none", "section": "the published casino figures", "lines": "none"},
        "action_button": capitol["action_button"],
        "banking": {
            **capitol["banking"],
            **{
                k: {**capitol["banking"][k], "wager_order": ["ante", "play", "pair-plus"]}
                for k in ("settlement", "covered")
            },
        },
        "ranking": {"mini_royal": False, "cite": X},
        "game": "three-card-poker",
        "decks": {"alternating": False, "cite": X},
        "hands": {"player": 3, "player_dealer": 3, "cite": X},
        "qualify": {"at_least": "queen high", "cite": X},
        "player_dealer_shows": {"card": "none", "cite": X},
        "arrangement": {"rule": "best", "cite": X},
        "ante": {"required": True, "cite": X},
        "raises": [{"key": "play", "name": "Play", "step": "play-or-fold", "cite": X}],
        "fold": {"cite": X},
        "showdown": {
            "qualified": {
                "player_higher": {"ante": "win", "raise": "win"},
                "player_dealer_higher": {"ante": "lose", "raise": "lose"},
                "tie": {"ante": "push", "raise": "push"},
                "cite": X,
            },
            "not_qualified": {
                "player_higher": {"ante": "win", "raise": "no-action"},
                "player_dealer_higher": {"ante": "win", "raise": "no-action"},
                "tie": {"ante": "win", "raise": "no-action"},
                "cite": X,
            },
        },
        "ante_bonus": {
            "pays": [
                {"hand": "Straight Flush", "pays": 5},
                {"hand": "Three of a Kind", "pays": 4},
                {"hand": "Straight", "pays": 1},
            ],
            "cite": X,
        },
        "bonuses": [
            {
                "key": "pair-plus",
                "name": "Pair Plus",
                "hand": "three-card",
                "on_fold": {"stays": False, "cite": X},
                "pays": [
                    {"hand": "Straight Flush", "pays": 40},
                    {"hand": "Three of a Kind", "pays": 30},
                    {"hand": "Straight", "pays": 6},
                    {"hand": "Flush", "pays": 4},
                    {"hand": "One Pair", "pays": 1},
                ],
                "cite": X,
            }
        ],
        "order": {"wagers": ["ante", "play", "pair-plus"], "cite": X},
    }


def evaluator_counts() -> Counter[str]:
    """Category counts over all 22,100 hands, straight from the evaluator."""
    return Counter(CATEGORY_NAMES[rank3(i, j, k) >> 12] for i, j, k in combinations(range(52), 3))


def test_pair_plus_40_30_6_4_1_is_2_32_percent_exactly() -> None:
    c = evaluator_counts()
    assert sum(c.values()) == 22100
    pays = {"Straight Flush": 40, "Three of a Kind": 30, "Straight": 6, "Flush": 4, "Pair": 1}
    ev = Fraction(sum(pays.get(k, -1) * n for k, n in c.items()), 22100)
    assert round(float(-ev) * 100, 2) == 2.32  # the published figure
    v = from_data(casino_variant())
    w = three_card_bonus(v.bonuses[0].pays, "Pair Plus", 1)
    assert w.house_edge == -ev
    assert w.total_probability == 1


def test_ante_play_queen_six_four_is_3_37_percent() -> None:
    v = from_data(casino_variant())
    w, _ = ante_play(v, 1, "q64")
    assert round(float(w.house_edge) * 100, 2) == 3.37  # the published figure
    assert w.total_probability == 1
    best, words = ante_play(v, 1, "optimal")
    assert best.house_edge == w.house_edge  # Q-6-4 is the optimal rule
    assert "Q-6-4" in words and "Q-6-3" in words


def _direct(decks: int, hand: tuple[int, int, int], qualifier: int) -> Counter[tuple[bool, str]]:
    """Every player-dealer hand from the physical cards left, visited one by one."""
    cards = [c for c in range(52) for _ in range(decks)]
    left = list(cards)
    for c in hand:
        left.remove(c)
    v = rank3(*hand)
    out: Counter[tuple[bool, str]] = Counter()
    for a, b, c in combinations(left, 3):
        d = rank3(a, b, c)
        comp = "player_higher" if v > d else "player_dealer_higher" if v < d else "tie"
        out[(d >= qualifier, comp)] += 1
    return out


@pytest.mark.parametrize("seed", range(4))
def test_dealer_counts_match_direct_enumeration_one_deck(seed: int) -> None:
    rng = random.Random(seed)
    hand = tuple(sorted(rng.sample(range(52), 3)))
    assert isinstance(hand, tuple) and len(hand) == 3
    q = 0 << 12 | 12 << 8
    got = dealer_outcomes(1, (hand[0], hand[1], hand[2]), q)
    want = _direct(1, (hand[0], hand[1], hand[2]), q)
    assert {k: n for k, n in got.items() if n} == dict(want)
    assert sum(got.values()) == comb(49, 3)


def test_dealer_counts_with_a_duplicate_card_two_decks() -> None:
    hand = (40, 40, 7)  # a pair of the same card, possible from two decks
    q = 12 << 8
    got = dealer_outcomes(2, hand, q)
    assert {k: n for k, n in got.items() if n} == dict(_direct(2, hand, q))


def test_multi_deck_pair_plus_sums_to_one() -> None:
    v = from_data(casino_variant())
    for d in (2, 6):
        w = three_card_bonus(v.bonuses[0].pays, "Pair Plus", d)
        assert w.total_probability == 1


def test_six_card_counts_cover_every_six_card_set() -> None:
    c = six_card_counts()
    assert sum(c.values()) == comb(52, 6)
    assert c["Royal Flush"] == 4 * 47  # a royal and any other card
    # the catalog's independent enumeration (seed 001 catalog §5.2)
    assert c["Straight Flush"] == 1656 and c["Four of a Kind"] == 14664 and c["Full House"] == 165984
    assert c["Flush"] == 205792 and c["Straight"] == 361620 and c["Three of a Kind"] == 732160


def test_flush_or_pair_counts() -> None:
    table = (
        PayLine("AK Suited", Fraction(30)),
        PayLine("AA", Fraction(15)),
        PayLine("One Pair", Fraction(5)),
    )
    w = hole_card_bonus(table, "Flush Or Pair")
    got = {o.name: o.probability for o in w.outcomes}
    assert got["AK Suited"] == Fraction(4, 1326)
    assert got["AA"] == Fraction(6, 1326)
    assert got["One Pair"] == Fraction(72, 1326)


@pytest.mark.slow
def test_straight_or_up_against_every_five_card_set() -> None:
    direct: Counter[frozenset[str]] = Counter(straight_or_up_lines_idx(f) for f in combinations(range(52), 5))
    assert dict(direct) == straight_or_up_lines_count()


def test_straight_or_up_sums_to_one_and_counts_quads_as_trips() -> None:
    table = (PayLine("Three of a Kind", Fraction(6)), PayLine("Straight", Fraction(1)))
    w = straight_or_up(table, "Straight Or Up")
    assert w.total_probability == 1
    # four of a kind and full houses are paid as three of a kind: every five-card set with a rank three or
    # more times is among the Three of a Kind line
    trips_or_more = 13 * comb(4, 3) * comb(48, 2) + 13 * 48
    got = {o.name: o.probability for o in w.outcomes}
    assert got["Three of a Kind"] * comb(52, 5) >= trips_or_more


def test_q64_constant_is_an_offsuit_queen_six_four() -> None:
    # Qc = 40, 6d = 17, 4h = 10 (index = (rank - 2) * 4 + suit)
    assert rank3(40, 17, 10) == QUEEN_SIX_FOUR
    assert rank3(40, 17, 6) < QUEEN_SIX_FOUR < rank3(40, 17, 14)  # Q-6-3 below, Q-6-5 above


@pytest.mark.parametrize("gid", sorted(g for g in load_games() if g.startswith("threecard/")))
def test_every_filed_variant_analyzes(gid: str) -> None:
    g = load_games()[gid]
    a = analyze(g.data, None)
    assert a.game == gid
    for w in a.wagers:
        assert w.total_probability == 1, w.name
    j = a.to_json()
    assert {"game", "decks", "outcomes", "wagers"} <= set(j)


@settings(max_examples=40, deadline=None)
@given(
    hand=st.lists(st.integers(0, 51), min_size=3, max_size=3, unique=True),
    x=st.integers(0, 5 << 12 | 15 << 8),
)
def test_dealer_below_any_threshold_matches_direct_count(hand: list[int], x: int) -> None:
    a, b, c = sorted(hand)
    left = [k for k in range(52) if k not in hand]
    direct = sum(1 for t in combinations(left, 3) if rank3(*t) < x)
    assert dealer_below(1, (a, b, c), x) == direct


def test_capitol_six_deck_bonus_edge_from_the_evaluator() -> None:
    # every draw of three from six decks by card identity, weighted by its number of physical draws;
    # the filing's one-deck pay table gives the player the edge from six decks
    from rules.threecard.hands import three_card_lines

    v = from_data(load_games()["threecard/capitol"].data)
    table = v.bonus("bonus").pays
    pays = {line.key: line.pays for line in table}
    num = Fraction(0)
    total = comb(312, 3)
    for i in range(52):
        for j in range(i, 52):
            for k in range(j, 52):
                mult = Counter((i, j, k))
                w = 1
                for n in mult.values():
                    w *= comb(6, n)
                lines = three_card_lines(rank3(i, j, k))
                num += w * max([pays[x] for x in lines if x in pays], default=Fraction(-1))
    edge = three_card_bonus(table, "Bonus", 6).house_edge
    assert edge == -num / total
    assert edge < 0
