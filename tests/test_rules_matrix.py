"""The traceability matrix (``dealer-terminal rules``): each filed rule, where it is enforced, and the
generated docs/coverage.md kept fresh."""

import json
from pathlib import Path

from terminal.cli import main
from terminal.commands.rules import all_matrices, coverage_markdown, matrix
from terminal.games import get_game

COVERAGE = Path(__file__).resolve().parent.parent / "docs" / "coverage.md"


def test_capitol_paigow_lists_rules_1_to_41_each_accounted(capsys):
    assert main(["rules", "paigow/capitol", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    numbers = [r["rule"] for r in out["rules"]]
    assert numbers == [str(n) for n in range(1, 34)] + ["34a", "34b"] + [str(n) for n in range(35, 42)]
    assert all(r["status"] in ("enforced", "floor", "not_enforced") for r in out["rules"])
    by = {r["rule"]: r for r in out["rules"]}
    assert by["7"]["alerts"][0]["code"] == "WAGER_OVER_MAXIMUM"
    assert "capitol-paigow-rule-7-over-the-table-maximum-no-action" in by["7"]["scenarios"]
    assert by["15"]["choice"]["what"] == "which card the joker is in a flush"
    assert by["2"]["why"]
    assert out["counts"]["unaccounted"] == 0 and out["counts"]["filed"] == 42


def test_a_missing_reference_makes_a_rule_unaccounted():
    g = get_game("paigow/capitol")
    bad = dict(g.data)
    bad["filed_rules"] = [
        {
            "rule": "7",
            "lines": "L41",
            "says": "x",
            "status": "enforced",
            "where": ["rules.round.table_rules:nope"],
        },
        {"rule": "6", "lines": "L40", "says": "x", "status": "enforced", "where": ["wager_limits.nope"]},
        {
            "rule": "3",
            "lines": "L37",
            "says": "x",
            "status": "enforced",
            "where": ["irregularities"],
            "alerts": ["x"],
        },
        {"rule": "2", "lines": "L36", "says": "x", "status": "floor"},
        {"rule": "1", "lines": "L35", "says": "x"},
        {
            "rule": "9",
            "lines": "L43",
            "says": "x",
            "status": "enforced",
            "where": ["irregularities"],
            "scenarios": ["no-such-scenario"],
            "tests": ["tests/test_table_rules.py::test_nope"],
        },
    ]
    from dataclasses import replace

    m = matrix(replace(g, data=bad))
    assert [r.accounted for r in m.rows] == [False] * 6
    assert m.counts()["unaccounted"] == 6
    assert "no such" not in m.rows[0].problems[0] and "has no nope" in m.rows[0].problems[0]


def test_no_listed_rule_has_a_broken_reference():
    """A listed rule is accounted for, or a passage of the filing still marked ``unreviewed`` (counted as
    unaccounted in docs/coverage.md); a status with a reference that does not exist fails here."""
    bad = {
        m.game.id: [(r.rule, r.problems) for r in m.rows if not r.accounted and r.status != "unreviewed"]
        for m in all_matrices()
        if m.listed
    }
    assert {k: v for k, v in bad.items() if v} == {}


def test_coverage_doc_is_fresh():
    want = coverage_markdown(all_matrices())
    assert COVERAGE.read_text() == want, "docs/coverage.md is stale: run make coverage-doc"
