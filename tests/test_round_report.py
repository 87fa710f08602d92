"""The typed round report (``rules.round.report``): every family's ``settle`` returns a frozen
:class:`RoundReport`, and its JSON form is the one journals, scenarios and ``replay`` have always held.

- round trip over every scenario, at every event: report -> JSON -> report is equal, and JSON -> report ->
  JSON is the same bytes (``json.dumps``): the JSON is the outcome's ``settlement``, what ``replay --json``
  prints;
- golden: a few scenarios' final reports, one or more per family and shape, stored as the mapping the
  families returned before the report was typed (``tests/fixtures/round_reports.jsonl``), byte for byte;
- the reader is strict: an unknown key, a missing key, a null or a wrong type is a ReportError naming it.
"""

from __future__ import annotations

import dataclasses
import json
from functools import cache
from pathlib import Path

import pytest

from rules.families import family, names
from rules.round import apply, initial
from rules.round.report import ReportError, RoundReport, read_report
from terminal.scenario import load_scenario
from terminal.tiles_scenario import is_tiles_scenario

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "fixtures" / "round_reports.jsonl"
SCENARIOS = sorted(
    p
    for p in [*(ROOT / "tests").rglob("*.yaml"), *(ROOT / "config").rglob("*.yaml")]
    if "expect:" in p.read_text(encoding="utf-8") and not is_tiles_scenario(str(p))
)


@cache
def _reports(path: Path) -> list[RoundReport]:
    """The report at every event of the scenario where the round has one."""
    sc = load_scenario(str(path))
    s = initial(sc.rules)
    out = []
    for e in sc.events:
        s = apply(s, e)
        if s.outcome is not None and s.outcome.settlement is not None:
            out.append(s.outcome.settlement)
    return out


def test_the_scenarios_cover_every_family_that_reports() -> None:
    assert len(SCENARIOS) > 200
    seen = set()
    for path in SCENARIOS:
        sc = load_scenario(str(path))
        seen.add(sc.rules.family)
    reporting = {n for n in names() if family(n).report_types}
    # every family whose settle reports is replayed by some scenario (Pai Gow Tiles has its own table)
    assert reporting <= seen, reporting - seen


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem[:60])
def test_every_report_reads_back_equal_and_writes_the_same_bytes(path: Path) -> None:
    sc = load_scenario(str(path))
    types_ = family(sc.rules.family).report_types
    for report in _reports(path):
        assert isinstance(report, types_)
        data = report.to_json()
        back = read_report(types_, json.loads(json.dumps(data)))
        assert back == report
        assert type(back) is type(report)
        assert json.dumps(back.to_json()) == json.dumps(data)


GOLDEN_LINES = GOLDEN.read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("line", GOLDEN_LINES, ids=lambda ln: json.loads(ln)["scenario"].split("/")[-1][:50])
def test_the_report_json_is_byte_identical_to_the_stored_golden(line: str) -> None:
    path = json.loads(line)["scenario"]
    report = _reports(ROOT / path)[-1]
    assert json.dumps({"scenario": path, "settlement": report.to_json()}) == line


def test_the_golden_covers_every_family_engine_that_reports() -> None:
    # an engine may be registered under several names (poker's holdem, stud, draw …): one golden each
    golden = {
        family(load_scenario(str(ROOT / json.loads(line)["scenario"])).rules.family).report_types
        for line in GOLDEN_LINES
    }
    every = {family(n).report_types for n in names() if family(n).report_types}
    assert every <= golden, every - golden


def test_the_scenarios_meet_every_report_class() -> None:
    met = {type(r) for path in SCENARIOS for r in _reports(path)}
    every = {t for n in names() for t in family(n).report_types}
    assert every <= met, every - met


def test_a_report_is_frozen() -> None:
    report = _reports(ROOT / json.loads(GOLDEN_LINES[0])["scenario"])[-1]
    with pytest.raises(dataclasses.FrozenInstanceError):
        report.wagers = ()  # type: ignore[misc]


def _paigow_json() -> dict[str, object]:
    return dict(json.loads(GOLDEN_LINES[0])["settlement"])


@pytest.mark.parametrize(
    ("change", "where", "reason"),
    [
        (lambda d: d.update(colour="red"), "settlement.colour", "unknown key"),
        (lambda d: d.pop("distribution"), "settlement", "missing 'distribution'"),
        (lambda d: d.update(bank="lots"), "settlement.bank", "expected a whole number"),
        (lambda d: d.update(exhausted=None), "settlement.exhausted", "null where the report writes no null"),
        (lambda d: d["wagers"][1].update(paid=True), "settlement.wagers[1].paid", "expected a whole number"),
        (
            lambda d: d["distribution"]["piles"].update(two="seat 2"),
            "settlement.distribution.piles.two",
            "seat",
        ),
        (lambda d: d["hands"]["seat 2"].pop("as"), "settlement.hands.seat 2", "missing 'as'"),
    ],
)
def test_a_report_that_does_not_fit_is_refused_naming_the_key(change, where: str, reason: str) -> None:  # type: ignore[no-untyped-def]
    data = _paigow_json()
    change(data)
    types_ = family("paigow").report_types
    with pytest.raises(ReportError) as exc:
        types_[0].from_json(data)
    assert exc.value.where == where
    assert reason in exc.value.reason


def test_a_key_out_of_the_order_the_report_writes_is_refused() -> None:
    data = _paigow_json()
    moved = {"player_dealer": data.pop("player_dealer"), **data}  # before the distribution
    with pytest.raises(ReportError) as exc:
        family("paigow").report_types[0].from_json(moved)
    assert exc.value.where == "settlement.player_dealer"
    assert "out of order" in exc.value.reason


def test_keys_no_report_of_the_family_has_are_refused() -> None:
    with pytest.raises(ReportError, match="fit none of the family's reports"):
        read_report(family("baccarat").report_types, {"showdown": None})
