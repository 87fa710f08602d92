"""House Ways as data: every chart loads, every example printed in a chart reproduces, no chart fouls."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import ALL_CARDS, parse_cards
from rules.paigow.hands import front_beats_back, front_value, value5
from rules.paigow.house_way import HouseWay, HouseWayError, load_house_way, set_house_way

CHART_DIR = Path(__file__).resolve().parent.parent / "config" / "house_ways"
CHART_FILES = sorted(CHART_DIR.glob("*.yaml"))


def _load(path: Path) -> HouseWay:
    return load_house_way(yaml.safe_load(path.read_text(encoding="utf-8")))


CHARTS = {p.stem: _load(p) for p in CHART_FILES}
EXAMPLES = [
    pytest.param(name, ex, id=f"{name}:{ex.get('cite', i)}")
    for name, way in CHARTS.items()
    for i, ex in enumerate(way.examples)
]


def test_every_chart_loads_with_cited_rules() -> None:
    assert CHARTS, "no House Way charts found"
    for way in CHARTS.values():
        assert way.source.get("seed"), way.id
        for rule in way.rules:
            assert rule.cite and rule.text, f"{way.id}: {rule.name} lacks cite or text"


@pytest.mark.parametrize(("chart", "example"), EXAMPLES)
def test_chart_example_reproduces(chart: str, example: dict[str, str]) -> None:
    way = CHARTS[chart]
    front = parse_cards(example["front"])
    back = parse_cards(example["back"])
    got = set_house_way((*back, *front), way)
    rules = way.hand_rules
    # Values, not suits: the OCR'd examples' suits are ours, and Jk-A or A-A in front are the same hand.
    assert front_value([c.index for c in got.front], rules) == front_value([c.index for c in front], rules)
    assert value5([c.index for c in got.back], rules) == value5([c.index for c in back], rules)
    assert got.rule == example["rule"]


@pytest.mark.parametrize("chart", sorted(CHARTS))
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_house_way_never_fouls(chart: str, data: st.DataObject) -> None:
    way = CHARTS[chart]
    hand = data.draw(
        st.lists(st.sampled_from(ALL_CARDS), min_size=way.hand_cards, max_size=way.hand_cards, unique=True)
    )
    got = set_house_way(hand, way)
    f = [c.index for c in got.front]
    b = [c.index for c in got.back]
    assert len(f) == way.hand_rules.front_cards and len(b) == 5
    assert sorted(f + b) == sorted(c.index for c in hand)
    assert not front_beats_back(f, value5(b, way.hand_rules), b, way.hand_rules)


def test_bad_chart_data_is_a_typed_error() -> None:
    with pytest.raises(HouseWayError, match="unknown shape"):
        load_house_way(
            {
                "id": "x",
                "room": "r",
                "rules": [
                    {"name": "a", "when": {"shape": "flush"}, "play": {"front": ["single 1", "single 2"]}}
                ],
            }
        )
    with pytest.raises(HouseWayError, match="selectors"):
        load_house_way({"id": "x", "room": "r", "rules": [{"name": "a", "play": {"front": ["highest"]}}]})


@pytest.mark.slow
def test_mini_house_way_never_fouls_on_any_of_the_22957480_hands() -> None:
    """Exhaustive by classes (benchmarks/paigow_audit.py runs the seven-card charts the same way)."""
    from math import comb

    from rules.paigow.analyze import class_key, hand_classes
    from rules.paigow.house_way import set_hand

    way = CHARTS["the101-mini-paigow"]
    plain: dict[object, bool] = {}
    fouls = total = 0
    for rep, w, is_flush in hand_classes(way.hand_cards):
        front, _ = set_hand(rep, way)
        back = [i for i in rep if i not in front]
        foul = front_beats_back(front, value5(back, way.hand_rules), back, way.hand_rules)
        if is_flush:
            fouls -= w * plain[class_key(rep)]
            total -= w
        else:
            plain[class_key(rep)] = foul
        fouls += w * foul
        total += w
    assert total == comb(53, 6)
    assert fouls == 0


@pytest.mark.parametrize("chart", sorted(CHARTS))
@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_setting_depends_only_on_ranks_and_the_flush(chart: str, data: st.DataObject) -> None:
    """What the exhaustive audit's classes rely on: any hand with the same ranks, joker and flush-suit ranks
    is set to the same front and back values as the class's representative."""
    from rules.paigow.analyze import _representative
    from rules.paigow.house_way import set_hand

    way = CHARTS[chart]
    hand = data.draw(
        st.lists(st.integers(0, 52), min_size=way.hand_cards, max_size=way.hand_cards, unique=True)
    )
    joker = 52 in hand
    counts: dict[int, int] = {}
    for i in hand:
        if i != 52:
            counts[(i >> 2) + 2] = counts.get((i >> 2) + 2, 0) + 1
    flush = None
    for s in range(4):
        suited = [(i >> 2) + 2 for i in hand if i != 52 and i & 3 == s]
        if len(suited) >= 5 - joker:
            flush = frozenset(suited)
    rep = _representative(counts, joker, flush)

    def values(h: list[int] | tuple[int, ...]) -> tuple[int, int]:
        front, _ = set_hand(h, way)
        back = [i for i in h if i not in front]
        return front_value(front, way.hand_rules), value5(back, way.hand_rules)

    assert values(hand) == values(rep)


@pytest.mark.parametrize("chart", ["capitol-paigow", "tres-lounge-paigow", "the101-paigow"])
def test_three_aces_keeps_the_flush_behind(chart: str) -> None:
    """'Put an Ace … in front': of A♦ A♠ and the joker, the ace that leaves the spade flush behind (found by
    the literal audit, seed 003 L109)."""
    way = CHARTS[chart]
    got = set_house_way(parse_cards("6s Ts Qs Kh Ad As Jk"), way)
    assert [str(c) for c in got.front] == ["Ad", "Kh"]
    assert value5([c.index for c in got.back], way.hand_rules) >> 20 == 5  # a flush
