"""Exact analysis: the Happy Pai Gow pay table and other rows worked out here by plain combinatorics,
independently of the evaluators and of the analysis's class enumeration."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import pytest
import yaml

from rules.analysis import Analysis
from rules.paigow.analyze import AnalysisError, analyze, data_files

ROOT = Path(__file__).resolve().parent.parent


def _data(name: str) -> dict[str, object]:
    """A variant file's mapping with the data files its analysis names (the two-hand table), as the terminal
    passes it."""
    data = yaml.safe_load((ROOT / "config" / "games" / "paigow" / f"{name}.yaml").read_text(encoding="utf-8"))
    for key, rel in data_files(data).items():
        data[key] = yaml.safe_load((ROOT / "config" / rel).read_text(encoding="utf-8"))
    return dict(data)


@pytest.fixture(scope="module")
def triple() -> Analysis:
    return analyze(_data("triple-bonus-the101"), None)


@pytest.fixture(scope="module")
def mini() -> Analysis:
    return analyze(_data("mini-the101"), None)


def _windows(ranks: set[int], need: int) -> bool:
    rs = set(ranks) | ({1} if 14 in ranks else set())
    return any(len(rs & set(range(lo, lo + 5))) >= need for lo in range(1, 11))


def _no_flush(n: int, most: int) -> int:
    """Ways to give suits to n different ranks with at most ``most`` of any suit."""
    bad = sum(4 * comb(n, k) * 3 ** (n - k) for k in range(most + 1, n + 1))
    return 4**n - bad


def happy_pai_gow_counts() -> dict[str, int]:
    """Pai Gow hands by their top card, from the definition (seed 000 L3950): seven singletons, no straight,
    no flush; the joker an ace that may also fill a straight or flush."""
    out: dict[str, int] = {}
    names = {9: "9", 10: "10", 11: "j", 12: "q", 13: "k", 14: "a"}
    for ranks in combinations(range(2, 15), 7):
        if _windows(set(ranks), 5) or max(ranks) < 9:
            continue
        key = f"pai_gow_{names[max(ranks)]}_high"
        out[key] = out.get(key, 0) + _no_flush(7, 4)
    for ranks in combinations(range(2, 14), 6):  # the joker with no ace (joker and ace are a pair)
        if _windows(set(ranks), 4):
            continue
        out["pai_gow_a_high"] += _no_flush(6, 3)
    nine = out["pai_gow_9_high"] // _no_flush(7, 4)
    one_colour = nine * 2 * (comb(7, 3) + comb(7, 4))  # two suits of one colour, neither holding five
    out["pai_gow_9_high_one_colour"] = one_colour
    out["pai_gow_9_high"] -= one_colour
    return out


def _wager(a: Analysis, name: str) -> dict[str, tuple[Fraction, Fraction]]:
    w = next(w for w in a.wagers if w.name == name)
    assert w.total_probability == 1
    return {o.name: (o.probability, o.pays) for o in w.outcomes}


def test_happy_pai_gow_table_matches_independent_combinatorics(triple: Analysis) -> None:
    total = comb(53, 7)
    expected = happy_pai_gow_counts()
    got = _wager(triple, "Happy Pai Gow")
    table = {
        "pai_gow_9_high_one_colour": 1000, "pai_gow_9_high": 100, "pai_gow_10_high": 25, "pai_gow_j_high": 15,
        "pai_gow_q_high": 7, "pai_gow_k_high": 5, "pai_gow_a_high": 3,
    }  # fmt: skip
    edge = Fraction(0)
    for hand, pays in table.items():
        label = hand.replace("_", " ").replace(" j high", " J high").capitalize()
        assert got[label] == (Fraction(expected[hand], total), pays)
        edge -= Fraction(expected[hand], total) * pays
    lose = 1 - sum(Fraction(n, total) for n in expected.values())
    edge += lose
    w = next(w for w in triple.wagers if w.name == "Happy Pai Gow")
    assert w.house_edge == edge


def test_rows_with_closed_forms(triple: Analysis, mini: Analysis) -> None:
    total7, total6 = comb(53, 7), comb(53, 6)
    luck = _wager(triple, "Double Luck")
    # Seven suited cards in sequence, no joker: 4 suits x 8 runs (A-7 … 8-A).
    assert luck["Seven card straight flush natural"][0] == Fraction(4 * 8, total7)
    # Five aces plus a pair: the four aces, the joker, and a pair of one of 12 other ranks.
    assert luck["Five aces + pair"][0] == Fraction(12 * comb(4, 2), total7)
    assert luck["Five aces"][0] == Fraction(comb(48, 2) - 12 * comb(4, 2), total7)
    categories = {o.name: o.probability for o in triple.outcomes}
    assert categories["Five Aces"] == Fraction(comb(48, 2), total7)
    assert sum(categories.values()) == 1
    aces = _wager(mini, "Mini Pai Gow Aces Bonus")
    assert aces["Five aces"][0] == Fraction(48, total6)
    # 8 High: six different ranks up to 8 with no straight (only without a 4, a 5 or a 6), no flush, no joker.
    assert aces["Eight high"][0] == Fraction(3 * (4**6 - 4 * (comb(6, 5) * 3 + 1)), total6)


def test_more_decks_is_an_error() -> None:
    with pytest.raises(AnalysisError, match="one 53-card deck"):
        analyze(_data("lucky"), 2)


def test_ace_high_two_hand_suit_counts() -> None:
    from itertools import product

    from rules.paigow.analyze import _joint_suits, _suit_sequences

    def no_flush(seq: tuple[int, ...], most: int) -> bool:
        return max(seq.count(s) for s in range(4)) <= most

    assert (
        _suit_sequences(7, (4,) * 4)
        == sum(no_flush(x, 4) for x in product(range(4), repeat=7))
        == _no_flush(7, 4)
    )
    assert _suit_sequences(6, (3,) * 4) == _no_flush(6, 3)
    # No shared rank: the two hands are suited independently; one shared rank: by symmetry the other hand's
    # card of that rank avoids one suit in 3 of 4 of its suitings.
    assert _joint_suits(7, 4, 7, 4, 0) == _no_flush(7, 4) ** 2
    assert _joint_suits(7, 4, 6, 3, 1) == _no_flush(7, 4) * _no_flush(6, 3) * 3 // 4
    # Two shared ranks, checked by brute force on the shared cards only.
    brute = 0
    for x in product(range(4), repeat=7):
        if not no_flush(x, 4):
            continue
        brute += _suit_sequences(6, (3,) * 4, tuple((x[0] == s) + (x[1] == s) for s in range(4)))
    assert _joint_suits(7, 4, 6, 3, 2) == brute


def test_envy_rows_match_the_fortune_table_and_an_independent_count() -> None:
    """Each Envy row is the probability that one other player's seven cards make that Fortune hand: the same
    as the Fortune Bonus's own row for it; and the top row, a natural seven-card straight flush, counted here
    from its definition: 4 suits x 8 runs of seven ranks (A-7 up to 8-A), no joker."""
    from rules.paigow.analyze import envy_outcomes, hand_names
    from rules.paigow.variant import PaiGowVariant

    data = _data("fortune-marysville")
    variant = PaiGowVariant.from_data(data)
    names, total = hand_names()
    envy = {hand: (cents, p) for hand, cents, p in envy_outcomes(variant.bonus("envy"), names, total)}
    fortune = _wager(analyze(data, None), "Fortune Bonus")
    for hand, (cents, p) in envy.items():
        label = hand.replace("_", " ").capitalize()
        assert fortune[label][0] == p, hand
        assert cents == variant.bonus("envy").row(hand).cents
    assert envy["seven_card_straight_flush_natural"][1] == Fraction(4 * 8, comb(53, 7))
