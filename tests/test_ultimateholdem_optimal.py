"""Ultimate Texas Hold'em under optimal play (benchmarks/ultimateholdem_optimal.py, numpy): the river sums
of the batch count against the round's own settlement (rules.ultimateholdem.settle) over every
player-dealer holding, the flop classes, and the stored exact count as ``analyze`` shows it."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml

from rules.cards import ALL_CARDS
from rules.evaluators.high import evaluate_high
from rules.ultimateholdem.analyze import OPTIMAL_KEY, analysis_files, analyze, rules_sha256
from rules.ultimateholdem.model import from_data
from rules.ultimateholdem.settle import SeatHand, settle_seat
from tests.benchmark_module import load_benchmark

np = pytest.importorskip("numpy")

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "config" / "games" / "ultimateholdem" / "the101.yaml"
_VAL = {"win": None, "lose": Fraction(-1), "push": Fraction(0)}


def _bench() -> Any:
    return load_benchmark("ultimateholdem_optimal", "uth_optimal_bench")


def _data() -> dict[str, Any]:
    return dict(yaml.safe_load(GAME.read_text()))


def _by_settlement(v: Any, hole: list[int], board: list[int]) -> tuple[Fraction, Fraction, Fraction]:
    """The Ante, Blind and a 1x Play summed over every player-dealer holding, by the round's settlement."""
    cards = [ALL_CARDS[c] for c in (*hole, *board)]
    rest = [c for c in range(52) if c not in hole and c not in board]
    seat = SeatHand(tuple(cards[:2]), {"ante": 100, "blind": 100, "play": 100})
    totals = {"ante": Fraction(0), "blind": Fraction(0), "play": Fraction(0)}
    n = 0
    for i, a in enumerate(rest):
        for b in rest[i + 1 :]:
            dealer = evaluate_high([ALL_CARDS[a], ALL_CARDS[b], *cards[2:]])
            for w in settle_seat(v, seat, cards[2:], dealer):
                totals[w.spot] += w.pays if w.result == "win" else _VAL[w.result]
            n += 1
    assert n == 990
    return totals["ante"], totals["blind"], totals["play"]


def test_river_sums_match_the_rounds_settlement_over_every_player_dealer_holding() -> None:
    """The batch's counts (inclusion-exclusion over shared cards, ranks by sorting) against the round's
    settle_seat for each of the 990 player-dealer holdings, on boards with a flush, a straight, a pair and
    a high card that loses to a player-dealer who does not qualify (the Ante pushes, the Play loses)."""
    u = _bench()
    data = _data()
    v = from_data(data)
    s = u.settlement_of(data)
    rk, pairs = u.ranker(), u.Pairs.of(49)
    rng = random.Random(19)
    flop = (0, 9, 22)  # 2c 4d 7s: a dry flop, so high cards, pairs, straights and flushes all occur
    cards, values, o = u.river_outcomes(flop, rk, pairs, s)
    cats = {}
    while len(cats) < 6:
        t, h = rng.randrange(len(pairs.a)), rng.randrange(len(pairs.a))
        if not pairs.disjoint[t, h]:
            continue
        board = [*flop, int(cards[pairs.a[t]]), int(cards[pairs.b[t]])]
        hole = [int(cards[pairs.a[h]]), int(cards[pairs.b[h]])]
        cat = evaluate_high([ALL_CARDS[c] for c in hole + board]).category
        if cat in cats or cat in ("Four of a Kind", "Full House", "Straight Flush", "Royal Flush"):
            continue
        cats[cat] = (t, h)
        want = _by_settlement(v, hole, board)
        got = tuple(Fraction(int(x[t, h]), s.unit) for x in (o.ante, o.blind, o.play))
        assert got == want, (cat, hole, board)
    # the river decision is exact: bet 1x exactly when the bet's sum beats losing Ante and Blind
    t, h = cats["High Card"]
    bet = (o.ante[t, h] + o.blind[t, h] + o.play[t, h]) / s.unit
    assert bet < -2 * 990  # a high card on this board folds


def test_flop_classes_cover_every_flop_once() -> None:
    u = _bench()
    classes = u.flop_classes()
    assert len(classes) == 1755
    seen = set()
    for rep, perms in classes:
        for p in perms:
            seen.add(tuple(sorted(u._permute(c, p) for c in rep)))
    assert len(seen) == 22100 == sum(len(p) for _, p in classes)


def test_analyze_without_a_stored_count_says_the_figures_are_not_shown() -> None:
    data = _data()
    a = analyze({k: v for k, v in data.items() if k != OPTIMAL_KEY}, None)
    assert [w.name for w in a.wagers] == ["Trips"]
    where = f"config/{analysis_files(data)[OPTIMAL_KEY]}"
    assert any(n.startswith("Not shown") and where in n for n in a.notes)


def test_stored_count_is_for_the_filed_rules_and_near_the_published_edge() -> None:
    """The stored count (config/analysis/ultimateholdem-the101.yaml) was made for the game file as it
    stands; its edge per Ante rounds to the published figure for standard Ultimate Texas Hold'em
    under optimal play (2.19%), whose rules The 101's filing repeats (pair qualifier, UTH-02 Blind table,
    4x/3x, 2x, 1x)."""
    data = _data()
    stored = yaml.safe_load((ROOT / "config" / analysis_files(data)[OPTIMAL_KEY]).read_text())
    assert stored["rules_sha256"] == rules_sha256(data)
    total = Fraction(stored["per_ante"]["total"])
    parts = sum((Fraction(stored["per_ante"][k]) for k in ("ante", "blind", "play")), Fraction(0))
    assert parts == total
    assert abs(float(total) + 0.0219) < 0.0001
    assert stored["deals"] == 1326 * 19600 * 1081 * 990


def test_analyze_shows_the_stored_count_as_exact_with_its_method() -> None:
    data = _data()
    stored = yaml.safe_load((ROOT / "config" / analysis_files(data)[OPTIMAL_KEY]).read_text())
    a = analyze({**data, OPTIMAL_KEY: stored}, None)
    w = {x.name: x for x in a.wagers}
    together = w["Ante, Blind and Play together, per unit of Ante"]
    assert together.house_edge == -Fraction(stored["per_ante"]["total"])
    assert "exact, the player's optimal play" in together.note
    text = a.to_text()
    assert "benchmarks/ultimateholdem_optimal.py" in text and "element of risk" in text
    # a count made for other rules is not shown
    other = {**data, "blind": {**data["blind"], "pays": data["blind"]["pays"][1:]}}
    b = analyze({**other, OPTIMAL_KEY: stored}, None)
    assert "Ante, Blind and Play together, per unit of Ante" not in {x.name for x in b.wagers}
    assert any("counted for other rules" in n for n in b.notes)
