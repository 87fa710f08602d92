"""The two-hand counts behind Ultimate Pai Gow's bets and Triple Bonus's Ultimate Push.

* The counting program (benchmarks/paigow_two_hands.c: inclusion-exclusion over shared cards, one card set
  per suit orbit) against a brute force over every ordered pair of disjoint hands, on small decks where the
  brute force is quick, with values that depend on the class key exactly as the real House Way values do.
* A hand's class fixes its House Way values (what the exhaustive computation relies on), on seeded random hands.
* The stored table for The 101's chart: the chart it was made from is the chart on disk, every pair is counted
  once, the two hands are exchangeable, and its marginal (how often a hand's front is a pair of threes or
  better) equals the one counted independently over the classes.
"""

from __future__ import annotations

import functools
import hashlib
import random
import shutil
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import pytest
import yaml

from rules.analysis import Analysis
from rules.paigow.analyze import _representative
from rules.paigow.hands import front_value, value5
from rules.paigow.house_way import load_house_way, set_hand
from rules.paigow.twohands import (
    PAIR_OF_THREES,
    PAIRS_53_7,
    TwoHandError,
    TwoHandTable,
    class_values,
    disjoint_counts,
    hand_class_key,
)
from rules.paigow.variant import PaiGowVariant
from tests.benchmark_module import load_benchmark

ROOT = Path(__file__).resolve().parent.parent
driver = load_benchmark("paigow_two_hands", "paigow_two_hands")

needs_cc = pytest.mark.skipif(
    not (shutil.which("cc") or shutil.which("gcc")), reason="the counting program needs a C compiler"
)


def _small_key(hand: tuple[int, ...], ranks: int, jokers: int) -> int:
    """The class key the program computes, for a deck of ``ranks`` ranks (card = rank * 4 + suit)."""
    joker = jokers and (4 * ranks) in hand
    cnt = [0] * ranks
    suits: dict[int, int] = {}
    scnt: dict[int, int] = {}
    for c in hand:
        if c == 4 * ranks:
            continue
        cnt[c >> 2] += 1
        suits[c & 3] = suits.get(c & 3, 0) | 1 << (c >> 2)
        scnt[c & 3] = scnt.get(c & 3, 0) + 1
    code = sum(n * 5**r for r, n in enumerate(cnt))
    flush = [suits[s] for s in scnt if scnt[s] >= 5 - joker]
    return code | int(bool(joker)) << 32 | (flush[0] if flush else 0) << 33


def _brute(hands: list[tuple[int, ...]], f: np.ndarray, b: np.ndarray, tau: int) -> list[int]:
    masks = np.array([sum(1 << c for c in h) for h in hands], dtype=np.uint64)
    q = (f >= tau).astype(np.int64)
    out = np.zeros(36, dtype=np.int64)
    for lo in range(0, len(hands), 512):
        a = slice(lo, lo + 512)
        disjoint = (masks[a, None] & masks[None, :]) == 0
        sb = np.sign(b[a, None] - b[None, :]) + 1
        sf = np.sign(f[a, None] - f[None, :]) + 1
        cell = ((sb * 3 + sf) * 2 + q[a, None]) * 2 + q[None, :]
        out += np.bincount(cell[disjoint], minlength=36)
    return [int(x) for x in out]


@needs_cc
@pytest.mark.parametrize(("ranks", "jokers", "hand"), [(4, 1, 7), (5, 1, 5), (4, 0, 6)])
def test_program_matches_brute_force_on_small_decks(
    tmp_path: Path, ranks: int, jokers: int, hand: int
) -> None:
    n = 4 * ranks + jokers
    hands = list(combinations(range(n), hand))
    keys = sorted({_small_key(h, ranks, jokers) for h in hands})
    rng = random.Random(ranks * 100 + jokers * 10 + hand)
    fronts, backs = 9, 40  # few values, so that copies (equal values) are common
    value = {k: (rng.randrange(fronts), rng.randrange(backs)) for k in keys}
    tau = 5
    exe = driver.compile_kernel(tmp_path)
    inp = tmp_path / "in.bin"
    driver.write_input(
        inp,
        ranks=ranks,
        jokers=jokers,
        hand=hand,
        fronts=fronts,
        tau=tau,
        backs=backs,
        table=[(k, *value[k]) for k in keys],
    )
    count, per_k = driver.run_kernel(exe, inp, threads=2)
    assert count == len(hands)
    for k, r in enumerate(per_k):  # every R_k counts each pair of hands containing a k-set once per such set
        assert sum(r) == comb(n, k) * comb(n - k, hand - k) ** 2
    f = np.array([value[_small_key(h, ranks, jokers)][0] for h in hands], dtype=np.int64)
    b = np.array([value[_small_key(h, ranks, jokers)][1] for h in hands], dtype=np.int64)
    assert list(disjoint_counts(per_k)) == _brute(hands, f, b, tau)


@needs_cc
def test_program_refuses_a_hand_without_a_class(tmp_path: Path) -> None:
    exe = driver.compile_kernel(tmp_path)
    inp = tmp_path / "in.bin"
    driver.write_input(inp, ranks=3, jokers=0, hand=3, fronts=2, tau=1, backs=2, table=[(1, 0, 0)])
    with pytest.raises(RuntimeError, match="no class for the hand"):
        driver.run_kernel(exe, inp)


def _way() -> tuple[PaiGowVariant, object]:
    data = yaml.safe_load((ROOT / "config" / "games" / "paigow" / "ultimate-the101.yaml").read_text())
    variant = PaiGowVariant.from_data(data)
    chart = yaml.safe_load((ROOT / "config" / "house_ways" / "the101-paigow.yaml").read_text())
    return variant, load_house_way(chart, variant.hand_rules)


def test_a_hands_class_fixes_its_house_way_values() -> None:
    variant, way = _way()
    rules = variant.hand_rules
    rng = random.Random(5)
    for _ in range(3000):
        hand = tuple(sorted(rng.sample(range(53), 7)))
        counts: dict[int, int] = {}
        suits: dict[int, set[int]] = {}
        for i in hand:
            if i != 52:
                counts[(i >> 2) + 2] = counts.get((i >> 2) + 2, 0) + 1
                suits.setdefault(i & 3, set()).add((i >> 2) + 2)
        joker = 52 in hand
        flush = [frozenset(s) for s in suits.values() if len(s) >= 5 - joker]
        rep = _representative(counts, joker, flush[0] if flush else None)
        assert hand_class_key(rep) == hand_class_key(hand)

        def values(h: tuple[int, ...]) -> tuple[int, int]:
            front, _ = set_hand(h, way)  # type: ignore[arg-type]
            return front_value(front, rules), value5([i for i in h if i not in front], rules)

        assert values(hand) == values(rep), hand


# ---------------------------------------------------------------------------------------------- the stored table

TABLE = ROOT / "config" / "analysis" / "the101-paigow-two-hands.yaml"


def _table() -> TwoHandTable:
    return TwoHandTable.from_data(yaml.safe_load(TABLE.read_text()))


def test_stored_table_is_for_the_chart_on_disk() -> None:
    t = _table()
    chart = ROOT / "config" / "house_ways" / f"{t.chart}.yaml"
    assert t.chart_sha256 == hashlib.sha256(chart.read_bytes()).hexdigest(), (
        "the House Way chart changed: run benchmarks/paigow_two_hands.py to count the pairs again"
    )
    assert t.pairs == PAIRS_53_7 == sum(t.cells)


def test_stored_table_marginal_matches_the_classes() -> None:
    """Each hand has C(46, 7) partners, so the pairs whose A front is a pair of threes or better are exactly
    C(46, 7) times the hands whose House Way front is: counted here over the classes, independently."""
    _, way = _way()
    cv = class_values(way)  # type: ignore[arg-type]
    hands_3s = sum(w for w, f in zip(cv.weights, cv.front_ids, strict=True) if f >= cv.tau)
    t = _table()
    a_3s = sum(t.cells[i] for i in range(36) if (i >> 1) & 1)
    assert a_3s == hands_3s * comb(46, 7)
    assert 0 < hands_3s < comb(53, 7)


def test_table_checks_refuse_a_broken_table() -> None:
    data = yaml.safe_load(TABLE.read_text())
    data["cells"][0]["pairs"] += 1
    with pytest.raises(TwoHandError, match="add up"):
        TwoHandTable.from_data(data)
    data = yaml.safe_load(TABLE.read_text())
    # move a count between a cell and a different one: the total holds, the symmetry breaks
    nz = [i for i, row in enumerate(data["cells"]) if row["pairs"] and row["back"] == ">"]
    data["cells"][nz[0]]["pairs"] -= 1
    data["cells"][nz[1]]["pairs"] += 1
    with pytest.raises(TwoHandError, match="mirror"):
        TwoHandTable.from_data(data)
    with pytest.raises(TwoHandError, match="needs chart"):
        TwoHandTable.from_data({"cells": []})


def test_pair_of_threes_threshold() -> None:
    from rules.cards import parse_card

    def fv(a: str, b: str) -> int:
        return front_value([parse_card(a).index, parse_card(b).index])

    assert fv("3c", "3d") == PAIR_OF_THREES > fv("2c", "2d") > fv("Ac", "Kd")


# ---------------------------------------------------------------------------------------------- analyze


@functools.cache
def _analysis(name: str) -> Analysis:
    """The variant's analysis as ``analyze`` gives it (the single-hand table included), once per module."""
    from rules.paigow.analyze import analyze, data_files

    data = yaml.safe_load((ROOT / "config" / "games" / "paigow" / f"{name}.yaml").read_text())
    for key, rel in data_files(data).items():
        data[key] = yaml.safe_load((ROOT / "config" / rel).read_text())
    return analyze(data, None)


def test_ultimate_bets_are_complete_and_the_two_sides_mirror() -> None:
    a = _analysis("ultimate-the101")
    by = {w.name: w for w in a.wagers}
    assert set(by) == {"Ultimate Player Bet", "Ultimate Banker Bet", "Ultimate Push Bet", "Ultimate Tie Bet"}
    for w in by.values():
        assert w.total_probability == 1
    player, banker = by["Ultimate Player Bet"], by["Ultimate Banker Bet"]
    assert [o.probability for o in player.outcomes] == [o.probability for o in banker.outcomes]
    assert player.house_edge == banker.house_edge


def test_triple_bonus_push_bet_wins_exactly_when_the_base_wager_pushes() -> None:
    a = _analysis("triple-bonus-the101")
    by = {w.name: w for w in a.wagers}
    base = by["Base wager, the player's hand set the House Way too"]
    push = by["Ultimate Push"]
    base_push = next(o.probability for o in base.outcomes if o.name.startswith("Push"))
    assert sum(o.probability for o in push.outcomes if o.pays > 0) == base_push
    # a copy goes to the player-dealer: the player-dealer wins more often than the player
    p = {o.name: o.probability for o in base.outcomes}
    assert p["Player-dealer wins"] > p["Player wins both"]


def test_exact_figures_agree_with_dealt_pairs_settled_by_the_round_code() -> None:
    """Seeded pairs of disjoint hands, set the House Way and compared by the settlement's own functions: each
    outcome's frequency lies within five standard deviations of the exact probability (a check that the table's
    cells mean what the settlement means, not a source of figures)."""
    from rules.paigow.settlement import SetHand, compare_community

    variant, way = _way()
    rules = variant.hand_rules
    exact = {w.name: {o.name: o.probability for o in w.outcomes} for w in _analysis("ultimate-the101").wagers}
    rng = random.Random(11)
    n = 4000
    seen: dict[tuple[str, str], int] = {}
    three = PAIR_OF_THREES
    for _ in range(n):
        deck = rng.sample(range(53), 14)
        sides = []
        for h in (deck[:7], deck[7:]):
            front, _ = set_hand(h, way)  # type: ignore[arg-type]
            sides.append(SetHand.of(front, [i for i in h if i not in front]))
        p, b, cmp = compare_community(sides[0], sides[1], rules)
        p3 = front_value(sides[0].front, rules) >= three
        b3 = front_value(sides[1].front, rules) >= three
        won = p.value == "win"
        player = "Wins with a front pair of 3s or better" if won and p3 else "Wins" if won else None
        if player is None:
            player = (
                "Loses"
                if p.value == "lose"
                else next(k for k in exact["Ultimate Player Bet"] if k.startswith("Push"))
            )
        push = p.value == "push" or b.value == "push"
        push_row = (
            ("Push with a front pair of 3s or better" if (p3 or b3) else "Push")
            if push
            else "No push (loses)"
        )
        tie = (
            "Seven card tie"
            if cmp.front == cmp.back == "copy"
            else "Five card tie"
            if cmp.back == "copy"
            else "Two card tie"
            if cmp.front == "copy"
            else "No tie (loses)"
        )
        for key in (
            ("Ultimate Player Bet", player),
            ("Ultimate Push Bet", push_row),
            ("Ultimate Tie Bet", tie),
        ):
            seen[key] = seen.get(key, 0) + 1
    for wager, rows in exact.items():
        if wager == "Ultimate Banker Bet":
            continue
        for row, prob in rows.items():
            k = seen.get((wager, row), 0)
            sd = (float(prob) * (1 - float(prob)) * n) ** 0.5
            assert abs(k - float(prob) * n) <= 5 * sd + 1, (wager, row, k, float(prob) * n)


def test_cli_analyze_ultimate_json(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from terminal.cli import main

    assert main(["analyze", "paigow/ultimate-the101", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {w["name"] for w in out["wagers"]} >= {"Ultimate Push Bet", "Ultimate Tie Bet"}
    for w in out["wagers"]:
        assert abs(sum(o["probability"] for o in w["outcomes"]) - 1) < 1e-12


def test_ultimate_side_bets_on_a_push_follow_the_setting() -> None:
    """Filed: a push loses the side's bet (on_push: lose), a small edge to the player-dealer. The other reading
    (the wager comes back) would give the bettor a large edge: the exact figures show why the filing was read so."""
    import dataclasses

    from rules.paigow.twohands import community_wager

    variant, _ = _way()
    filed_bonus = variant.bonus("ultimate_player")
    assert filed_bonus.on_push == "lose"
    filed = community_wager(filed_bonus, _table())
    other = community_wager(dataclasses.replace(filed_bonus, on_push="return"), _table())
    assert filed == {w.name: w for w in _analysis("ultimate-the101").wagers}["Ultimate Player Bet"]
    push_filed = next(o for o in filed.outcomes if o.name.startswith("Push"))
    push_other = next(o for o in other.outcomes if o.name.startswith("Push"))
    assert push_filed.probability == push_other.probability
    assert (push_filed.pays, push_other.pays) == (-1, 0)
    assert 0 < filed.house_edge < Fraction(2, 100)
    assert other.house_edge == filed.house_edge - push_filed.probability < Fraction(-30, 100)


def test_analyze_without_the_table_or_with_another_charts_says_what_is_missing() -> None:
    from rules.paigow.analyze import TWO_HAND_TABLE, AnalysisError, analyze

    data = yaml.safe_load((ROOT / "config" / "games" / "paigow" / "ultimate-the101.yaml").read_text())
    with pytest.raises(AnalysisError, match="is not loaded .*benchmarks/paigow_two_hands.py"):
        analyze(data, None)
    other = yaml.safe_load(TABLE.read_text())
    other["chart"] = "capitol-paigow"
    with pytest.raises(AnalysisError, match="another chart"):
        analyze({**data, TWO_HAND_TABLE: other}, None)


def test_a_pay_table_without_a_row_the_bet_needs_is_an_error_not_a_guess() -> None:
    import dataclasses

    from rules.paigow.twohands import community_wager

    variant, _ = _way()
    tie = variant.bonus("ultimate_tie")
    short = dataclasses.replace(tie, rows=tuple(r for r in tie.rows if r.hand != "five_card_tie"))
    with pytest.raises(TwoHandError, match="ultimate_tie: its pay table has no 'five_card_tie' row"):
        community_wager(short, _table())
