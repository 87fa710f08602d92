"""``analyze paigowtiles/<room>``: every hand class's exact probability, and the player's edge against the
player-dealer when both set the House Way (docs/paigow-tiles.md).

* Hand classes: each of the 35,960 four-tile hands (3,620 hands of kinds, :mod:`rules.paigowtiles.exact`) set
  the room's House Way; the probability of each class for the high hand and for the low hand.
* The wager: a player's bet against the player-dealer over all C(32,4) x C(28,4) = 736,281,000 ordered pairs
  of disjoint hands, both set the House Way, with the room's ties (copies, 0-0). Counting them takes seconds
  of CPU, so the counts are stored (``config/analysis/paigowtiles-<room>.yaml``, written by
  ``benchmarks/paigowtiles_exact.py``) for the chart and ties they were made with; a table made for another
  chart (its sha256) or other ties is refused by name.

No room files a bonus or side bet for Pai Gow Tiles; the collection fee is flat and is not part of the edge.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Final

from rules.analysis import Analysis, Outcome, Wager, WagerOutcome
from rules.errors import RulesError
from rules.paigowtiles.exact import HANDS_4, PAIRS, PairCounts, kind_hands, settings
from rules.paigowtiles.hands import CLASSES, class_name
from rules.paigowtiles.house_way import Chart, load_chart
from rules.paigowtiles.variant import TilesVariant
from rules.round.family import Progress, Steps

#: Keys under which the terminal puts the other data files (see :func:`data_files`).
CHART_KEY: Final = "house_way_chart"
TABLE_KEY: Final = "two_hand_table"


class AnalysisError(RulesError, ValueError):
    """A variant this analysis cannot count (its stored table missing or made for another chart)."""


def table_path(game_id: str) -> str:
    """Where the stored pair counts of a game live, under ``config/``."""
    return f"analysis/paigowtiles-{game_id.split('/', 1)[1]}.yaml"


def data_files(data: Mapping[str, Any]) -> dict[str, str]:
    """The House Way chart and the stored pair counts, by the key to put their mapping under."""
    v = _variant(data)
    return {CHART_KEY: f"house_ways/{v.house_way.chart}.yaml", TABLE_KEY: table_path(v.id)}


def _variant(data: Mapping[str, Any]) -> TilesVariant:
    """The variant model, without the data files the terminal put beside the game's keys."""
    return TilesVariant.from_data({k: v for k, v in data.items() if k not in (CHART_KEY, TABLE_KEY)})


def chart_sha256(chart_data: Mapping[str, Any]) -> str:
    """A fingerprint of a chart's rules (their order, conditions and plays), for the stored table."""
    rules = [{k: r.get(k) for k in ("name", "when", "play")} for r in chart_data.get("rules", [])]
    return hashlib.sha256(json.dumps(rules, sort_keys=True).encode()).hexdigest()


def class_counts(chart: Chart) -> tuple[dict[str, int], dict[str, int]]:
    """How many of the 35,960 hands set the House Way have each class as the high hand, and as the low."""
    hands = kind_hands()
    high: dict[str, int] = dict.fromkeys(CLASSES, 0)
    low: dict[str, int] = dict.fromkeys(CLASSES, 0)
    for h, s in zip(hands, settings(chart, hands), strict=True):
        high[class_name(s[0], s[1])] += h.ways
        low[class_name(s[2], s[3])] += h.ways
    return high, low


def stored_counts(variant: TilesVariant, chart_data: Mapping[str, Any], raw: object) -> PairCounts:
    """The stored pair counts, checked against the chart and ties they must have been made with."""
    where = f"config/{table_path(variant.id)}"
    if not isinstance(raw, Mapping):
        raise AnalysisError(
            f"{variant.id}: {where} is not there (make it with benchmarks/paigowtiles_exact.py)"
        )
    if raw.get("chart_sha256") != chart_sha256(chart_data) or raw.get("zero_zero") != variant.ties.zero_zero:
        raise AnalysisError(
            f"{variant.id}: {where} was made for another House Way chart or other ties "
            "(run benchmarks/paigowtiles_exact.py again)"
        )
    try:
        counts = PairCounts(win=int(raw["win"]), push=int(raw["push"]), lose=int(raw["lose"]))
    except (KeyError, TypeError, ValueError):
        raise AnalysisError(f"{variant.id}: {where} needs whole numbers win, push and lose") from None
    if counts.total != PAIRS:
        raise AnalysisError(f"{variant.id}: {where} counts {counts.total} pairs, not {PAIRS}")
    return counts


def analyze(data: Mapping[str, Any], decks: int | None, progress: Progress | None = None) -> Analysis:
    """Exact class probabilities and the player's wager against the player-dealer, both set the House Way."""
    variant = _variant(data)
    if decks not in (None, 1):
        raise AnalysisError(f"{variant.id}: Pai Gow Tiles is played with one set of 32 tiles, not {decks}")
    chart_data = data.get(CHART_KEY)
    if not isinstance(chart_data, Mapping):
        raise AnalysisError(
            f"{variant.id}: its House Way chart config/house_ways/{variant.house_way.chart}.yaml"
        )
    chart = load_chart(chart_data)
    step = Steps(progress, 2)
    high, low = class_counts(chart)
    step()
    outcomes = tuple(Outcome(f"high hand: {c}", Fraction(high[c], HANDS_4)) for c in CLASSES) + tuple(
        Outcome(f"low hand: {c}", Fraction(low[c], HANDS_4)) for c in CLASSES
    )
    counts = stored_counts(variant, chart_data, data.get(TABLE_KEY))
    step()
    wager = Wager(
        name="Pai Gow Tiles wager against the player-dealer",
        outcomes=(
            WagerOutcome("both hands win", Fraction(counts.win, PAIRS), Fraction(variant.settlement.pays)),
            WagerOutcome("one wins, one loses (push)", Fraction(counts.push, PAIRS), Fraction(0)),
            WagerOutcome("both lose", Fraction(counts.lose, PAIRS), Fraction(-1)),
        ),
        note="player and player-dealer both set the House Way; the flat collection fee not included",
    )
    notes = (
        f"All C(32, 4) = {HANDS_4:,} hands set the House Way ({chart.id}); the wager over all "
        f"C(32, 4) x C(28, 4) = {PAIRS:,} ordered deals of two hands (stored: config/{table_path(variant.id)}).",
        f"Ties: copies to the player-dealer; 0 against 0: {variant.ties.zero_zero} ({variant.ties.cite}).",
        "No room files a bonus or side bet for Pai Gow Tiles.",
    )
    return Analysis(game=variant.id, decks=1, outcomes=outcomes, wagers=(wager,), notes=notes)
