"""Progress on long work: a bar on a terminal's stderr, nothing in --json or a pipe; the Pai Gow analysis
reports every hand class it counts."""

from __future__ import annotations

import io

from rules.paigow.analyze import analyze
from rules.paigow.classes import class_count
from rules.paigow.variant import PaiGowVariant
from terminal.cli import main
from terminal.games import get_game
from terminal.progress import progress_bar, shows_progress


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_bar_is_drawn_on_a_terminal_and_nothing_in_a_pipe_or_for_json():
    tty = _Tty()
    with progress_bar("analyze paigow/mini-the101", stream=tty) as progress:
        assert progress is not None
        progress(5, 10)
    assert "analyze paigow/mini-the101" in tty.getvalue()
    pipe = io.StringIO()
    with progress_bar("x", stream=pipe) as progress:
        assert progress is None
    assert pipe.getvalue() == ""
    assert not shows_progress(_Tty(), quiet=True)


def test_the_pai_gow_analysis_reports_its_classes_in_order():
    calls: list[tuple[int, int]] = []
    data = get_game("paigow/mini-the101").data
    result = analyze(data, None, lambda d, t: calls.append((d, t)))
    assert result.outcomes
    total = class_count(PaiGowVariant.from_data(data).hand_rules.hand_cards)
    assert calls and all(t == total for _, t in calls)
    done = [d for d, _ in calls]
    assert done == sorted(done) and done[0] == 0 and done[-1] > total - 4096


def test_analyze_json_writes_nothing_to_stderr(capsys):
    assert main(["analyze", "paigow/mini-the101", "--json"]) == 0
    out = capsys.readouterr()
    assert out.err == "" and out.out.lstrip().startswith("{")
