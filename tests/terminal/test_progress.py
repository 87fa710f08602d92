"""Progress on long work: a bar on a terminal's stderr, nothing in --json or a pipe; the Pai Gow analysis
reports every hand class it counts, every other family's analysis its stages."""

from __future__ import annotations

import ast
import io
import subprocess
import sys
from pathlib import Path

import pytest

from rules.paigow.analyze import analyze
from rules.paigow.classes import class_count
from rules.paigow.variant import PaiGowVariant
from terminal.cli import main
from terminal.commands.analyze import analysis_data
from terminal.games import family_of, get_game
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


#: One game of every family with an exact analysis but Pai Gow's (above), the quickest of each; Two Card Peek's
#: (about ten CPU-seconds) is left to ``dealer-terminal analyze twocardpeek/the101`` to keep ``make test`` short.
EVERY_FAMILY = [
    "baccarat/ez-panda8",
    "baccarat/fast-nine",
    "blackjack/no-bust-capitol",
    "chinese/the101",
    "paigowtiles/tres-lounge",
    "quickdraw/the101",
    "threecard/tres-lounge",
    "ultimateholdem/the101",
    "ultimatewar/the101",
]


@pytest.mark.parametrize("gid", EVERY_FAMILY)
def test_every_familys_analysis_reports_its_progress_to_the_end(gid):
    """Each family's ``analyze`` calls the progress callback from 0 to its total, never backwards."""
    game = get_game(gid)
    calls: list[tuple[int, int]] = []
    result = family_of(game).analyze(analysis_data(game), None, lambda d, t: calls.append((d, t)))
    assert result.outcomes or result.wagers
    assert calls[0][0] == 0 and calls[-1][0] == calls[-1][1] > 0, calls
    done = [d for d, _ in calls]
    assert done == sorted(done) and len({t for _, t in calls}) == 1, calls


def test_analyze_in_a_pipe_writes_nothing_to_stderr():
    """A real ``dealer-terminal analyze`` whose stderr is a pipe draws no bar (and without --json)."""
    run = subprocess.run(
        [sys.executable, "-m", "terminal.cli", "analyze", "chinese/the101"],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr
    assert run.stderr == "" and "Clean Sweep" in run.stdout


BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
#: Benchmarks without a bar, and why: libFuzzer (atheris) prints its own status lines to stderr.
NO_BAR = {
    "fuzz_frames.py": "libFuzzer reports its own progress",
    "soak_devices.py": "soak.py's --through devices mode (a module, not run alone): a line every 25 rounds",
}


def _calls_progress_bar(source: str) -> bool:
    """Whether a module imports ``terminal.progress.progress_bar`` and opens it in a ``with``."""
    tree = ast.parse(source)
    imported = any(
        isinstance(n, ast.ImportFrom)
        and n.module == "terminal.progress"
        and any(a.name == "progress_bar" for a in n.names)
        for n in ast.walk(tree)
    )
    opened = any(
        isinstance(n, ast.With)
        and any(
            isinstance(i.context_expr, ast.Call)
            and getattr(i.context_expr.func, "id", None) == "progress_bar"
            for i in n.items
        )
        for n in ast.walk(tree)
    )
    return imported and opened


@pytest.mark.parametrize("name", sorted(p.name for p in BENCHMARKS.glob("*.py")))
def test_every_benchmark_shows_its_progress(name):
    """Each benchmark opens the shared bar (silent in a pipe and for --json), or says why it cannot."""
    if name in NO_BAR:
        pytest.skip(NO_BAR[name])
    assert _calls_progress_bar((BENCHMARKS / name).read_text(encoding="utf-8")), name


def test_a_timed_bar_draws_only_when_it_moves():
    """A benchmark's bar (``timed``) has no refresh thread: nothing is drawn until the callback moves it."""
    import threading

    tty = _Tty()
    before = threading.active_count()
    with progress_bar("timed passes", stream=tty, timed=True) as progress:
        assert progress is not None
        assert threading.active_count() == before
        progress(1, 3)
        assert "1/3" in tty.getvalue()


def test_a_benchmark_in_a_pipe_writes_nothing_to_stderr():
    """``round_engine.py --quick`` (a few CPU-seconds) with stderr a pipe: its figures, and no bar."""
    run = subprocess.run(
        [sys.executable, str(BENCHMARKS / "round_engine.py"), "--quick"],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr
    assert run.stderr == "" and "replay of 10000 events" in run.stdout
