"""``dealer-terminal rules GAME [--json]``: the traceability matrix from each filed rule to the code.

A game file lists the rules its room's filing states (``filed_rules:``, each with the seed lines it comes
from). For each the matrix shows where it is enforced (``module:function``, or a key of the game file),
the alert codes and rulings of the ``irregularities:`` entries that carry it, the scenarios and tests that
exercise it; a rule deliberately not enforced says why (``floor``: the floor decides; ``not_enforced``);
a rule read as a ``choice:`` names the reading taken. Every reference is checked: a module, function, data
key, alert entry, choice, scenario or test that does not exist is a problem, and such a rule (or one with
no status) counts as *unaccounted*.

``dealer-terminal rules --all`` prints every game's counts; ``--coverage`` prints ``docs/coverage.md``
(``make coverage-doc`` writes it; a test fails when the file is stale). Exit 1 if a rule is unaccounted.
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from terminal.games import GameFile, get_game, load_games
from terminal.paths import config_dir

STATUSES = ("enforced", "floor", "not_enforced")
STATUS_WORDS = {"enforced": "enforced", "floor": "floor's call", "not_enforced": "not enforced"}
RULE_KEYS = {"rule", "lines", "says", "status", "where", "alerts", "scenarios", "tests", "why", "choice"}
#: The test that replays every scenario file and checks its expectations.
SCENARIO_TEST = "tests/test_round_scenarios.py::test_scenario_meets_its_expectations"


def register(sub: Any) -> None:
    p = sub.add_parser("rules", help="the traceability matrix: each filed rule and where it is enforced")
    p.add_argument("game", nargs="?", help="game id, e.g. paigow/capitol")
    p.add_argument("--json", action="store_true", help="one JSON object for other programs")
    p.add_argument("--all", action="store_true", help="every game's counts (filed, enforced, floor, not)")
    p.add_argument("--coverage", action="store_true", help="print docs/coverage.md for every game")
    p.set_defaults(handler=handle)


@dataclass
class RuleRow:
    """One filed rule as the matrix shows it."""

    rule: str
    lines: str
    says: str
    status: str
    where: list[str] = field(default_factory=list)
    alerts: list[dict[str, str]] = field(default_factory=list)
    scenarios: list[str] = field(default_factory=list)
    tests: list[str] = field(default_factory=list)
    why: str = ""
    choice: dict[str, str] | None = None
    problems: list[str] = field(default_factory=list)

    @property
    def accounted(self) -> bool:
        """A status, and every reference found."""
        return self.status in STATUSES and not self.problems

    def to_json(self) -> dict[str, Any]:
        """The row as ``rules --json`` prints it."""
        out: dict[str, Any] = {
            "rule": self.rule,
            "lines": self.lines,
            "says": self.says,
            "status": self.status if self.accounted else "unaccounted",
            "where": self.where,
            "alerts": self.alerts,
            "scenarios": self.scenarios,
            "tests": self.tests,
        }
        if self.why:
            out["why"] = self.why
        if self.choice is not None:
            out["choice"] = self.choice
        if self.problems:
            out["problems"] = self.problems
        return out


@dataclass
class Matrix:
    """A game's filed rules and their enforcement."""

    game: GameFile
    rows: list[RuleRow]
    listed: bool  # the game file has a filed_rules: list

    def counts(self) -> dict[str, int]:
        """Filed, enforced, floor's call, not enforced, unaccounted."""
        c = {"filed": len(self.rows), "enforced": 0, "floor": 0, "not_enforced": 0, "unaccounted": 0}
        for r in self.rows:
            c[r.status if r.accounted else "unaccounted"] += 1
        return c

    def to_json(self) -> dict[str, Any]:
        """``rules GAME --json``."""
        g = self.game
        return {
            "game": g.id,
            "name": g.name,
            "room": g.room,
            "source": g.source_text,
            "listed": self.listed,
            "counts": self.counts(),
            "rules": [r.to_json() for r in self.rows],
        }


def repo_dir() -> Path:
    """The checkout holding ``tests/`` (the configuration's parent); scenarios and tests live there."""
    return config_dir().resolve().parent


@cache
def scenario_index() -> dict[str, tuple[str, frozenset[str]]]:
    """Every scenario file's stem -> (its game, the irregularity ids its expected alerts name)."""
    out: dict[str, tuple[str, frozenset[str]]] = {}
    for p in sorted((repo_dir() / "tests" / "scenarios").glob("*.yaml")):
        try:
            d = yaml.load(p.read_text(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        except yaml.YAMLError:
            continue
        if not isinstance(d, dict):
            continue
        exp = d.get("expect") or {}
        alerts = exp.get("alerts") if isinstance(exp, dict) else None
        ids = frozenset(str(a["rule"]) for a in (alerts or []) if isinstance(a, dict) and a.get("rule"))
        out[p.stem] = (str(d.get("game", "")), ids)
    return out


@cache
def _test_source(path: str) -> str:
    p = repo_dir() / path
    return p.read_text() if p.is_file() else ""


def _resolve_code(ref: str) -> str | None:
    """``module:Attr.sub`` exists, or why not."""
    mod, _, attr = ref.partition(":")
    try:
        obj: Any = importlib.import_module(mod)
    except ImportError:
        return f"no module {mod}"
    for part in [a for a in attr.split(".") if a]:
        if not hasattr(obj, part):
            return f"{mod} has no {attr}"
        obj = getattr(obj, part)
    return None


def _resolve_key(data: Mapping[str, Any], ref: str) -> str | None:
    """A dotted key of the game file exists (a list on the way is searched for the next key), or why not."""
    node: Any = data
    for part in ref.split("."):
        if isinstance(node, Mapping) and part in node:
            node = node[part]
        elif isinstance(node, list) and any(isinstance(x, Mapping) and part in x for x in node):
            node = next(x[part] for x in node if isinstance(x, Mapping) and part in x)
        else:
            return f"the game file has no {ref}"
    return None


def _strs(v: Any) -> list[str]:
    if v is None:
        return []
    return [str(x) for x in v] if isinstance(v, list) else [str(v)]


def matrix(game: GameFile) -> Matrix:
    """The traceability matrix of one game file."""
    data = game.data
    raw = data.get("filed_rules")
    irregularities = {str(e.get("id")): e for e in data.get("irregularities") or [] if isinstance(e, Mapping)}
    choices = {str(c.get("what")): c for c in game.choices if isinstance(c, Mapping)}
    index = scenario_index()
    rows: list[RuleRow] = []
    for item in raw if isinstance(raw, list) else []:
        if not isinstance(item, Mapping):
            rows.append(RuleRow("?", "", str(item), "", problems=["a filed rule is a mapping"]))
            continue
        row = RuleRow(
            str(item.get("rule", "?")),
            str(item.get("lines", "")),
            str(item.get("says", "")),
            str(item.get("status", "")),
            why=str(item.get("why", "")),
        )
        unknown = sorted(set(map(str, item)) - RULE_KEYS)
        if unknown:
            row.problems.append(f"unknown key {unknown[0]!r}")
        if row.status == "unreviewed":
            row.problems.append("a passage of the filing listed, not yet reviewed: no status")
        elif row.status not in STATUSES:
            row.problems.append(f"status is one of {', '.join(STATUSES)}, not {row.status!r}")
        if not row.lines:
            row.problems.append("no seed lines")
        if row.status in ("floor", "not_enforced") and not row.why:
            row.problems.append("a rule not enforced says why")
        for ref in _strs(item.get("where")):
            problem = _resolve_code(ref) if ":" in ref else _resolve_key(data, ref)
            row.where.append(ref)
            if problem:
                row.problems.append(problem)
        if row.status == "enforced" and not row.where:
            row.problems.append("an enforced rule says where")
        for aid in _strs(item.get("alerts")):
            entry = irregularities.get(aid)
            if entry is None:
                row.problems.append(f"no irregularities entry {aid!r}")
                continue
            when = entry.get("when") or {}
            codes = when.get("code") if isinstance(when, Mapping) else None
            cite = entry.get("cite")
            cite_text = (
                ", ".join(str(cite.get(k)) for k in ("seed", "section", "lines") if cite.get(k))
                if isinstance(cite, Mapping)
                else str(cite or "")
            )
            row.alerts.append(
                {
                    "id": aid,
                    "code": ", ".join(_strs(codes)),
                    "ruling": str(entry.get("ruling", "")),
                    "cite": cite_text,
                }
            )
        named = _strs(item.get("scenarios"))
        for s in named:
            if s not in index:
                row.problems.append(f"no scenario tests/scenarios/{s}.yaml")
        found = [
            stem
            for stem, (gid, ids) in index.items()
            if gid == game.id and any(a["id"] in ids for a in row.alerts)
        ]
        row.scenarios = sorted(set(named) | set(found))
        tests = _strs(item.get("tests"))
        for t in tests:
            path, _, name = t.partition("::")
            if not re.search(rf"^(async )?def {re.escape(name)}\(", _test_source(path), re.M):
                row.problems.append(f"no test {t}")
        row.tests = tests + ([SCENARIO_TEST] if row.scenarios else [])
        if item.get("choice") is not None:
            what = str(item["choice"])
            c = choices.get(what)
            if c is None:
                row.problems.append(f"no choices: entry {what!r}")
            else:
                row.choice = {"what": what, "chose": str(c.get("chose", "")), "why": str(c.get("why", ""))}
        rows.append(row)
    return Matrix(game, rows, isinstance(raw, list))


def _print_matrix(m: Matrix) -> None:
    g = m.game
    print(f"{g.id} — {g.name}, {g.room} ({g.source_text})")
    if not m.listed:
        print("  no filed_rules: list yet: every rule of this filing is unaccounted")
        return
    for r in m.rows:
        status = STATUS_WORDS[r.status] if r.accounted else "UNACCOUNTED"
        print(f"  rule {r.rule} ({r.lines}) [{status}] {r.says}")
        if r.where:
            print(f"      where: {', '.join(r.where)}")
        for a in r.alerts:
            print(f"      alert: {a['code']} -> {a['ruling']} ({a['id']}; {a['cite']})")
        if r.choice:
            print(f"      choice: {r.choice['what']}: {r.choice['chose']}")
        if r.why:
            print(f"      why: {r.why}")
        for s in r.scenarios:
            print(f"      scenario: tests/scenarios/{s}.yaml")
        for t in r.tests:
            print(f"      test: {t}")
        for p in r.problems:
            print(f"      PROBLEM: {p}")
    c = m.counts()
    print(
        f"  {c['filed']} filed: {c['enforced']} enforced, {c['floor']} floor's call, "
        f"{c['not_enforced']} not enforced, {c['unaccounted']} unaccounted"
    )


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def coverage_markdown(matrices: Sequence[Matrix]) -> str:
    """``docs/coverage.md``: every game's counts, then each listed game's matrix."""
    out = [
        "# Rule coverage: each filed rule and where it is enforced",
        "",
        "Generated by `dealer-terminal rules --coverage` (`make coverage-doc`) from the `filed_rules:` list of",
        "every game file; `tests/test_rules_matrix.py` fails when this file is stale. *Floor's call*: the",
        "filing leaves it to people (conduct, disputes, management); *not enforced*: deliberately not checked,",
        "with the reason; *unaccounted*: a rule with no status, a passage of the filing listed but not yet",
        "reviewed (status `unreviewed`), or a reference that does not exist. A game whose file has no",
        "`filed_rules:` list yet is shown as *not listed*: its rules are not accounted for.",
        "The scenario and test names point into `tests/`; `dealer-terminal rules GAME` prints the same.",
        "",
        "| game | filed | enforced | floor's call | not enforced | unaccounted |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    listed = [m for m in matrices if m.listed]
    for m in matrices:
        if not m.listed:
            out.append(f"| {m.game.id} | not listed | | | | |")
            continue
        c = m.counts()
        out.append(
            f"| [{m.game.id}](#{_anchor(m.game.id)}) | {c['filed']} | {c['enforced']} | {c['floor']} | "
            f"{c['not_enforced']} | {c['unaccounted']} |"
        )
    out += [
        "",
        f"{len(listed)} of {len(matrices)} games have their filed rules listed; "
        f"{sum(1 for m in listed if m.counts()['unaccounted'] == 0)} of them with none unaccounted.",
    ]
    for m in listed:
        g = m.game
        out += ["", f"## {g.id}", "", f"{g.name}, {g.room} ({_cell(g.source_text)}).", ""]
        out += [
            "| rule | lines | says | status | where / alert | scenarios, why |",
            "|---|---|---|---|---|---|",
        ]
        for r in m.rows:
            status = STATUS_WORDS[r.status] if r.accounted else "**unaccounted**"
            where = "; ".join(f"`{w}`" for w in r.where)
            alerts = "; ".join(f"{a['code']} → {a['ruling']} ({a['id']})" for a in r.alerts)
            rest = [f"`{s}`" for s in r.scenarios]
            if r.choice:
                rest.append(f"choice: {r.choice['chose']}")
            if r.why:
                rest.append(r.why)
            rest += [f"PROBLEM: {p}" for p in r.problems]
            cell = "; ".join(x for x in (where, alerts) if x)
            out.append(
                f"| {_cell(r.rule)} | {_cell(r.lines)} | {_cell(r.says)} | {status} | {_cell(cell)} | "
                f"{_cell('; '.join(rest))} |"
            )
    return "\n".join(out) + "\n"


def _anchor(game_id: str) -> str:
    return re.sub(r"[^a-z0-9 -]", "", game_id.lower()).replace(" ", "-")


def all_matrices() -> list[Matrix]:
    """Every game's matrix, in game id order."""
    return [matrix(g) for _, g in sorted(load_games().items())]


def handle(args: argparse.Namespace) -> int:
    if args.coverage:
        print(coverage_markdown(all_matrices()), end="")
        return 0
    if args.all or not args.game:
        ms = all_matrices()
        if args.json:
            print(
                json.dumps(
                    [{"game": m.game.id, "listed": m.listed, "counts": m.counts()} for m in ms], indent=1
                )
            )
        else:
            for m in ms:
                c = m.counts()
                words = (
                    "not listed"
                    if not m.listed
                    else (
                        f"{c['filed']} filed, {c['enforced']} enforced, {c['floor']} floor's call, "
                        f"{c['not_enforced']} not enforced, {c['unaccounted']} unaccounted"
                    )
                )
                print(f"{m.game.id:<36} {words}")
        return 0 if all(m.listed and m.counts()["unaccounted"] == 0 for m in ms) else 1
    m = matrix(get_game(args.game))
    if args.json:
        print(json.dumps(m.to_json(), indent=1))
    else:
        _print_matrix(m)
    return 0 if m.listed and m.counts()["unaccounted"] == 0 else 1
