"""``analyze paigowtiles/<room>``: exact class probabilities, and the stored pair counts recounted here.

The stored tables (config/analysis/paigowtiles-<room>.yaml, written by benchmarks/paigowtiles_exact.py, which
also counts tile by tile) are recounted with numpy over the 3,620 x 3,620 pairs of hands of kinds, each pair
weighted by its tile-level deals — a third count, in about a second.
"""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pytest
import yaml

from rules.paigowtiles.analyze import AnalysisError, analyze, chart_sha256, data_files
from rules.paigowtiles.exact import PAIRS, kind_hands, settings
from rules.paigowtiles.hands import Ties, points_of, strength
from rules.paigowtiles.house_way import load_chart
from rules.paigowtiles.variant import TilesVariant
from terminal.cli import main
from terminal.games import load_games

ROOT = Path(__file__).resolve().parent.parent
ROOMS = ("oaks", "tres-lounge", "capitol", "marysville")


def _data(room: str) -> dict:
    data = dict(load_games()[f"paigowtiles/{room}"].data)
    for key, rel in data_files(data).items():
        data[key] = yaml.safe_load((ROOT / "config" / rel).read_text())
    return data


def _recount(chart_data: dict, ties: Ties) -> tuple[int, int, int]:
    """(win, push, lose) over all ordered pairs of hands of kinds, weighted, with numpy."""
    hands = kind_hands()
    sets = settings(load_chart(chart_data), hands)
    hi = np.array([strength(s[0], s[1]) for s in sets])
    lo = np.array([strength(s[2], s[3]) for s in sets])
    zero = ties.zero_zero == "banker"
    th = np.array([0 if zero and points_of(int(x)) == 0 else int(x) for x in hi])
    tl = np.array([0 if zero and points_of(int(x)) == 0 else int(x) for x in lo])
    held = np.zeros((len(hands), 16), dtype=np.int64)
    for n, h in enumerate(hands):
        for k in h.kinds:
            held[n, k] += 1
    c = np.array([[comb(a, b) for b in range(3)] for a in range(3)], dtype=np.int16)
    ways_a = np.array([h.ways for h in hands], dtype=np.int16)
    # weight[i, j] = prod_k C(2, a_k) C(2 - a_k, b_k) = ways(A) * prod_k C(2 - a_k, b_k)
    w = np.ones((len(hands), len(hands)), dtype=np.int16)  # at most 16 x 1 x ... : fits
    for k in range(16):
        w *= c[2 - held[:, k]][:, held[:, k]]
    w *= ways_a[:, None]
    bh = hi[None, :] < th[:, None]
    bl = lo[None, :] < tl[:, None]
    win = int(w[bh & bl].sum(dtype=np.int64))
    push = int(w[bh ^ bl].sum(dtype=np.int64))
    lose = int(w[~bh & ~bl].sum(dtype=np.int64))
    return win, push, lose


def test_the_stored_tables_recount_exactly() -> None:
    done: dict[tuple[str, str], tuple[int, int, int]] = {}
    for room in ROOMS:
        data = _data(room)
        table = data["two_hand_table"]
        v = TilesVariant.from_data(load_games()[f"paigowtiles/{room}"].data)
        assert table["chart_sha256"] == chart_sha256(data["house_way_chart"])
        key = (table["chart_sha256"], v.ties.zero_zero)
        if key not in done:
            done[key] = _recount(data["house_way_chart"], v.tie_rules)
        assert (table["win"], table["push"], table["lose"]) == done[key], room
        assert sum(done[key]) == PAIRS == 736_281_000
    assert len(done) == 2  # Oaks, Tres Lounge and Capitol set and tie alike; Marysville does not


@pytest.mark.parametrize("room", ROOMS)
def test_analyze_json_is_exact_and_adds_up(room: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", f"paigowtiles/{room}", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == f"paigowtiles/{room}" and out["decks"] == 1
    for side in ("high hand", "low hand"):
        probs = [Fraction(o["exact"]) for o in out["outcomes"] if o["name"].startswith(side)]
        assert len(probs) == 28 and sum(probs) == 1
    (wager,) = out["wagers"]
    ps = {o["name"]: Fraction(o["exact"]) for o in wager["outcomes"]}
    assert sum(ps.values()) == 1
    assert Fraction(wager["house_edge_exact"]) == ps["both lose"] - ps["both hands win"]
    assert wager["house_edge"] > 0  # copies (and 0-0) go to the player-dealer


def test_class_probabilities_checked_by_hand() -> None:
    """The high hand is the Supreme Pair whenever both Gee Joon are held (C(30, 2) = 435 hands), except when
    Capitol's L639 splits them: a 6-spot and a 4-, 5- or 6-spot (4 x 4 + 4 x 2 + C(4, 2) = 30 hands) — but a
    pair of Chong or of Look is two pairs, kept (2 hands). Marysville never splits a pair."""
    cap = {o.name: o.probability for o in analyze(_data("capitol"), None).outcomes}
    mar = {o.name: o.probability for o in analyze(_data("marysville"), None).outcomes}
    assert cap["high hand: Supreme Pair"] == Fraction(435 - 30 + 2, 35960)
    assert mar["high hand: Supreme Pair"] == Fraction(435, 35960)
    assert cap["low hand: Supreme Pair"] == mar["low hand: Supreme Pair"] == 0
    # a pair of Teen low: only under a Supreme Pair (1 hand of 35,960), wherever pairs are kept
    assert cap["low hand: Pair of Teen"] == mar["low hand: Pair of Teen"] == Fraction(1, 35960)


def test_marysvilles_zero_zero_and_chart_give_its_own_edge() -> None:
    cap = analyze(_data("capitol"), None).wagers[0].house_edge
    mar = analyze(_data("marysville"), None).wagers[0].house_edge
    assert cap != mar and 0 < mar < cap


def test_a_missing_or_stale_table_is_refused_by_name() -> None:
    data = _data("capitol")
    with pytest.raises(AnalysisError, match="paigowtiles-capitol.yaml is not there"):
        analyze({k: v for k, v in data.items() if k != "two_hand_table"}, None)
    stale = {**data, "two_hand_table": {**data["two_hand_table"], "chart_sha256": "0" * 64}}
    with pytest.raises(AnalysisError, match="another House Way chart"):
        analyze(stale, None)
    with pytest.raises(AnalysisError, match="not 2"):
        analyze(data, 2)
