"""Every scenario in tests/scenarios runs and meets its own expectations; a changed expectation fails."""

import copy
from pathlib import Path

import pytest

from terminal.scenario import check, load_scenario, run

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))
OTHER_RULING = {"MISDEAL": "REPLACE_FROM_STUB", "REPLACE_FROM_STUB": "MISDEAL"}


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_meets_its_expectations(path):
    sc = load_scenario(path)
    assert sc.expect, f"{path.name} has no expect:"
    state, lines = run(sc)
    assert check(sc, state, lines) == []


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_a_changed_ruling_or_outcome_fails(path):
    sc = load_scenario(path)
    state, lines = run(sc)
    for i, want in enumerate(sc.expect.get("alerts") or []):
        if "ruling" in want:
            bad = copy.deepcopy(sc)
            bad.expect["alerts"][i]["ruling"] = OTHER_RULING.get(want["ruling"], "MISDEAL")
            assert check(bad, state, lines), f"changing alert {i + 1}'s ruling went unnoticed"
    bad = copy.deepcopy(sc)
    bad.expect["alerts"] = [*(sc.expect.get("alerts") or []), {"code": "EXTRA_CARD"}]
    assert check(bad, state, lines), "an extra expected alert went unnoticed"
    if sc.expect.get("outcome"):
        bad = copy.deepcopy(sc)
        status = sc.expect["outcome"].get("status", "dealt")
        bad.expect["outcome"]["status"] = "dealt" if status == "misdeal" else "misdeal"
        assert check(bad, state, lines), "changing the outcome went unnoticed"


def test_each_required_ruling_has_a_scenario():
    names = {p.stem for p in SCENARIOS}
    for prefix in (
        "capitol-paigow-rule-33",
        "capitol-paigow-rule-34a",
        "capitol-paigow-rule-34b",
        "3ch-irregularity-b",
        "3ch-irregularity-c",
        "3ch-irregularity-d",
        "3ch-irregularity-e2",
        "3ch-irregularity-e3",
        "3ch-irregularity-e6",
        "mexican-stud-dealer-error-1",
        "mexican-stud-dealer-error-2",
        "mexican-stud-dealer-error-3",
    ):
        assert any(n.startswith(prefix) for n in names), prefix


def test_scenarios_cite_the_rules_their_alerts_come_from():
    for path in SCENARIOS:
        sc = load_scenario(path)
        _, lines = run(sc)
        for ln in lines:
            if ln.kind == "alert" and ln.data["rule"]:
                seed = ln.data["cite"].split(",")[0]
                assert seed.endswith(".txt"), ln.data
