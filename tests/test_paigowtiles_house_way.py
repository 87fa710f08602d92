"""Pai Gow Tiles House Ways as data: every chart line has a worked example that reproduces, every chart sets
every one of the 3,620 hands (all 35,960 up to identical tiles), and no chart sets a low hand above its high."""

from __future__ import annotations

from itertools import combinations_with_replacement
from pathlib import Path

import pytest
import yaml

from rules.paigowtiles.hands import strength
from rules.paigowtiles.house_way import Chart, HouseWayError, load_chart, set_house_way, set_kinds
from rules.paigowtiles.tiles import TileError, parse_tiles
from rules.paigowtiles.variant import TilesVariant
from terminal.games import load_games

CHART_DIR = Path(__file__).resolve().parent.parent / "config" / "house_ways" / "paigowtiles"
CHARTS: dict[str, Chart] = {
    p.stem: load_chart(yaml.safe_load(p.read_text(encoding="utf-8")))
    for p in sorted(CHART_DIR.glob("*.yaml"))
}
EXAMPLES = [
    pytest.param(name, ex, id=f"{name}:{ex['rule']}:{ex['tiles']}")
    for name, chart in CHARTS.items()
    for ex in chart.examples
]
#: Every four-tile hand up to identical tiles: kinds 0-15, each at most twice.
HANDS = [h for h in combinations_with_replacement(range(16), 4) if all(h.count(k) <= 2 for k in h)]


def _kinds(text: str) -> list[int]:
    return sorted(t.kind.index for t in parse_tiles(text))


def test_there_are_3620_hands_of_kinds() -> None:
    assert len(HANDS) == 3620


def test_every_room_names_a_chart_that_exists() -> None:
    for g in load_games().values():
        if g.family == "paigowtiles":
            chart = TilesVariant.from_data(g.data).house_way.chart
            assert chart.removeprefix("paigowtiles/") in CHARTS, (g.id, chart)


def test_every_chart_line_is_cited_and_has_a_worked_example() -> None:
    assert set(CHARTS) == {"capitol", "tres-lounge", "marysville"}
    for chart in CHARTS.values():
        assert chart.source.get("seed"), chart.id
        shown = {ex["rule"] for ex in chart.examples}
        for rule in chart.rules:
            assert rule.cite.startswith("seed ") and rule.text, (chart.id, rule.name)
            assert rule.name in shown, f"{chart.id}: no example for {rule.name}"


@pytest.mark.parametrize(("chart", "example"), EXAMPLES)
def test_chart_example_reproduces(chart: str, example: dict[str, str]) -> None:
    setting = set_house_way(parse_tiles(example["tiles"]), CHARTS[chart])
    assert setting.rule == example["rule"]
    assert sorted(t.kind.index for t in setting.high) == _kinds(example["high"])
    assert sorted(t.kind.index for t in setting.low) == _kinds(example["low"])


@pytest.mark.parametrize("chart", sorted(CHARTS))
def test_every_hand_is_set_and_no_low_beats_its_high(chart: str) -> None:
    """The property over all 3,620 hands (every 35,960 deal of four is one of them, tile for kind)."""
    way = CHARTS[chart]
    used = set()
    for hand in HANDS:
        pos, rule = set_kinds(hand, way)
        assert sorted(pos) == [0, 1, 2, 3]
        high = strength(hand[pos[0]], hand[pos[1]])
        low = strength(hand[pos[2]], hand[pos[3]])
        assert low <= high, (chart, hand, rule.name)
        used.add(rule.name)
    assert used == {r.name for r in way.rules}, f"{chart}: a rule no hand reaches"


def test_rooms_differ_where_their_filings_do() -> None:
    """Teens with a 9 and an 11: Capitol and Tres Lounge split them (L643/L739), Marysville keeps the pair."""
    tiles = parse_tiles("6-6 6-6 5-4 6-5")
    assert set_house_way(tiles, CHARTS["capitol"]).to_json()["high_hand"] == "Teen Wong"
    assert set_house_way(tiles, CHARTS["tres-lounge"]).to_json()["high_hand"] == "Teen Wong"
    assert set_house_way(tiles, CHARTS["marysville"]).to_json()["high_hand"] == "Pair of Teen"


def test_bad_hands_and_bad_charts_are_typed_errors() -> None:
    chart = CHARTS["capitol"]
    with pytest.raises(HouseWayError, match="four tiles"):
        set_house_way(parse_tiles("6-6 1-1 4-4"), chart)
    with pytest.raises(TileError):
        set_house_way(parse_tiles("6-6 6-6 6-6 1-1"), chart)
    base = yaml.safe_load((CHART_DIR / "capitol.yaml").read_text())
    bad_cases = [
        ({**base, "rules": []}, "non-empty"),
        ({**base, "rules": [{**base["rules"][0], "when": {"colour": 1}}]}, "unknown condition"),
        ({**base, "rules": [{**base["rules"][0], "play": "shuffle"}]}, "a play is"),
        ({**base, "rules": [{**base["rules"][1], "when": {"pair": ["domino"]}}]}, "unknown tile kind"),
        ({**base, "rules": [{**base["rules"][3], "play": {"split_pair": {"low_at_least": 12}}}]}, "0 to 9"),
        ({**base, "rules": base["rules"][:1] * 2}, "duplicate rule"),
    ]
    for data, words in bad_cases:
        with pytest.raises(HouseWayError, match=words):
            load_chart(data)
    short = load_chart({**base, "rules": base["rules"][:1]})
    with pytest.raises(HouseWayError, match="no rule covers"):
        set_house_way(parse_tiles("6-6 5-5 6-4 6-5"), short)
