"""Cal Quick Draw Poker's Play estimate (benchmarks/quickdraw_play.py, numpy): the batched ranker and result
against the round's own hands and settlement (rules.quickdraw), the run is repeatable from its seed, and
``analyze`` shows the stored estimate labelled as an estimate with its method, never as exact."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from rules.analysis import Estimate
from rules.quickdraw.analyze import PLAY_KEY, analysis_files, analyze, rules_sha256
from tests.benchmark_module import load_benchmark

np = pytest.importorskip("numpy")

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "config" / "games" / "quickdraw" / "the101.yaml"


def _bench() -> Any:
    return load_benchmark("quickdraw_play", "quickdraw_play_bench")


def _data() -> dict[str, Any]:
    return dict(yaml.safe_load(GAME.read_text()))


def test_batched_play_results_match_the_rounds_hands_and_settlement() -> None:
    """Seeded deals (a tenth with the joker in the player's five, twenty natural royals): the batch's Play
    result (1 to 1, a copy to the player, the hand bonus win or lose) equals settle_play on hand_of's hands."""
    assert _bench().check(_data(), n=1200, seed=5) == 0


def test_a_run_is_repeatable_from_its_seed_and_draws_sensibly() -> None:
    u = _bench()
    a = u.estimate(_data(), hands=60, choose=40, judge=10, seed=3, cdf_deals=20_000)
    b = u.estimate(_data(), hands=60, choose=40, judge=10, seed=3, cdf_deals=20_000)
    assert (a.lower == b.lower).all() and (a.upper == b.upper).all() and (a.drawn == b.drawn).all()
    # a pat royal flush is kept whole: its score beats every draw
    rk = u.ranker()
    p = u.pays_of(_data(), rk)
    cdf = u.dealer_cdf(rk, 20_000, 1)
    hand = np.array([[48, 44, 40, 36, 32]])
    unseen = np.array([[c for c in range(53) if c not in hand[0]]])
    _, scores = u._keep_results(hand, u._completions(np.random.default_rng(1), unseen, 30), rk, p, cdf)
    assert int(scores.mean(axis=1).argmax()) == 31  # keep all five


def test_analyze_shows_the_stored_estimate_labelled_never_exact() -> None:
    data = _data()
    stored = yaml.safe_load((ROOT / "config" / analysis_files(data)[PLAY_KEY]).read_text())
    assert stored["rules_sha256"] == rules_sha256(data)
    a = analyze({**data, PLAY_KEY: stored}, None)
    (est,) = a.estimates
    assert isinstance(est, Estimate) and est.house_edge == -stored["return_per_play"]["lower"]
    assert est.low is not None and est.high is not None and est.low <= est.high
    assert "Play wager" not in {w.name for w in a.wagers}  # never among the exact wagers
    text = a.to_text()
    assert "ESTIMATE" in text and "not exact" in text and "benchmarks/quickdraw_play.py" in text
    out = json.loads(json.dumps(a.to_json()))
    assert out["estimates"][0]["standard_error"] == stored["return_per_play"]["lower_se"]
    assert "house_edge_exact" not in out["estimates"][0]
    # an estimate made for other rules is not shown
    other = {**data, "draw": {**data["draw"], "player_dealer_draw_cards": 1}}
    b = analyze({**other, PLAY_KEY: stored}, None)
    assert not b.estimates and any("estimated for other rules" in n for n in b.notes)
