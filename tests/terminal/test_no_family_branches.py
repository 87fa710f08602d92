"""The terminal never branches on a game family's name (issue 25: "grep finds no family-name branch in
terminal/"); what differs between families is asked of the family (``rules.round.family.Family``).

A source scan of every module under ``terminal/``: a comparison (``==``, ``!=``, ``in``, ``not in``, ``is``)
or a ``match`` case whose operand is a registered family's name, alone or in a tuple, list or set literal,
is a branch on the family's name."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules.chinese.report import ChineseReport
from rules.families import family, names
from rules.round.report import RoundReport

TERMINAL = Path(__file__).resolve().parents[2] / "terminal"


def _strings(node: ast.AST) -> Iterator[str]:
    """The string constants of ``node``: itself, or the items of a tuple, list or set literal."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.Tuple | ast.List | ast.Set):
        for item in node.elts:
            yield from _strings(item)


def family_name_branches(source: str, families: frozenset[str]) -> list[str]:
    """Each comparison or match case in ``source`` against one of ``families``, as ``line: code``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        shown: ast.AST
        if isinstance(node, ast.Compare):
            operands, shown = [node.left, *node.comparators], node
        elif isinstance(node, ast.match_case):
            operands = [p.value for p in ast.walk(node.pattern) if isinstance(p, ast.MatchValue)]
            shown = node.pattern
        else:
            continue
        if any(s in families for operand in operands for s in _strings(operand)):
            found.append(f"{getattr(shown, 'lineno', 0)}: {ast.unparse(shown)}")
    return found


def test_no_module_in_terminal_compares_with_a_family_name() -> None:
    families = frozenset(names())
    assert {"paigow", "paigowtiles", "chinese", "baccarat"} <= families  # the scan has the real names
    modules = sorted(TERMINAL.rglob("*.py"))
    assert len(modules) > 20
    branches = [
        f"{path.relative_to(TERMINAL.parent)}:{hit}"
        for path in modules
        for hit in family_name_branches(path.read_text(encoding="utf-8"), families)
    ]
    assert branches == []


@pytest.mark.parametrize(
    "source",
    [
        'if game.family == "paigowtiles":\n    pass\n',
        'x = "chinese" in outcome.settlement\n',
        'ok = fam not in ("stud", "holdem")\n',
        'match game.family:\n    case "baccarat":\n        pass\n',
    ],
)
def test_the_scan_finds_a_family_name_branch(source: str) -> None:
    assert len(family_name_branches(source, frozenset(names()))) == 1


def test_the_scan_leaves_other_strings_alone() -> None:
    source = 'if phase.kind == "hits":\n    pass\nrunner.inject("draw", 0)\nx = {"paigow": 1}\n'
    assert family_name_branches(source, frozenset(names())) == []


def test_the_families_say_what_the_terminal_used_to_test_their_names_for() -> None:
    assert family("paigowtiles").house_way_pieces == "tiles"
    assert family("paigow").house_way_pieces == "cards"
    # the settlement panel reads a report by its class: Chinese Poker's is a points game's scoring
    assert family("chinese").report_types == (ChineseReport,)
    for name in names():
        assert all(issubclass(t, RoundReport) for t in family(name).report_types)
