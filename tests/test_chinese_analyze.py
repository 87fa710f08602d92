"""``analyze`` for Chinese Poker: the exact counts of each bonus and Clean Sweep class on a thirteen-card deal,
checked against independent counts and a seeded sample of deals."""

from __future__ import annotations

import random
from collections import Counter
from itertools import product
from math import comb, prod, sqrt

from rules.cards import ALL_CARDS
from rules.chinese import analyze as an
from rules.chinese.naturals import six_pairs, three_flushes, three_straights
from tests.round_helpers import load_games


def test_dragons_and_the_flush_by_suit_distributions():
    assert an.NATURAL_COUNTS["Super Dragon"]() == 4 and an.NATURAL_COUNTS["Dragon"]() == 4**13
    direct = sum(
        prod(comb(13, n) for n in v) for v in product(range(14), repeat=4) if sum(v) == 13 and max(v) >= 5
    )
    assert an.contains_flush() == direct
    assert an.contains_quads() == sum(
        (-1) ** (j + 1) * comb(13, j) * comb(52 - 4 * j, 13 - 4 * j) for j in range(1, 4)
    )


def _has_straight(ranks: set[int]) -> bool:
    r = ranks | ({1} if 14 in ranks else set())
    return any(all(x in r for x in range(lo, lo + 5)) for lo in range(1, 11))


def test_a_seeded_sample_of_deals_agrees_with_the_exact_counts():
    rng = random.Random(20)
    deck = list(ALL_CARDS[:52])
    n = 20000
    seen: Counter[str] = Counter()
    for _ in range(n):
        cards = rng.sample(deck, 13)
        ranks = Counter(c.index // 4 for c in cards)
        suits = Counter(c.index % 4 for c in cards)
        seen["straight"] += _has_straight({r + 2 for r in ranks})
        seen["flush"] += max(suits.values()) >= 5
        seen["quads"] += max(ranks.values()) == 4
        seen["full house"] += (
            sum(m >= 3 for m in ranks.values()) >= 1 and sum(m >= 2 for m in ranks.values()) >= 2
        )
        seen["6 pairs"] += six_pairs(cards)
        seen["three flushes"] += three_flushes(cards)
        seen["three straights"] += three_straights(cards)
    exact = {
        "straight": an.contains_straight(),
        "flush": an.contains_flush(),
        "quads": an.contains_quads(),
        "full house": an.contains_full_house(),
        "6 pairs": an.six_pairs(),
        "three flushes": an.three_flushes(),
        "three straights": an.three_straights(),
    }
    for name, count in exact.items():
        p = count / an.TOTAL
        assert abs(seen[name] / n - p) <= 5 * sqrt(p * (1 - p) / n) + 1 / n, (name, seen[name] / n, p)


def test_analyze_lists_the_filed_classes_as_exact_fractions():
    a = an.analyze(load_games()["chinese/the101"].data, None)
    names = [o.name for o in a.outcomes]
    assert names[:5] == [
        f"Clean Sweep: {x}" for x in ("Super Dragon", "Dragon", "6 Pairs", "Three Straights", "Three Flushes")
    ]
    assert "contains a Three of a Kind" not in names  # the 101 pays no bonus for trips in the middle or back
    royal = next(o for o in a.outcomes if o.name == "contains a Royal Flush")
    assert royal.probability * an.TOTAL == 4 * comb(47, 8) - 6 * comb(42, 3)
    assert an.analyze(load_games()["chinese/13-card-oaks"].data, None).outcomes == ()


def test_the_analyze_command_prints_the_exact_fractions(capsys):
    import json

    from terminal.cli import main

    assert main(["analyze", "chinese/the101", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    dragon = next(o for o in out["outcomes"] if o["name"] == "Clean Sweep: Dragon")
    assert dragon["exact"] == "4194304/39688347475"  # 4^13 / C(52, 13)
