"""Progress on long work (``analyze``, the audits, the benchmarks): rich's bar on a terminal's stderr, and
nothing at all when the output is for a program (``--json``) or stderr is not a terminal (a pipe, a log).

    with progress_bar("analyze paigow/capitol", quiet=args.json) as progress:
        result = family.analyze(data, decks, progress)   # progress(done, total), or None when silent
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

#: ``progress(done, total)``: the work done so far out of ``total`` (0 when the total is not known).
Progress = Callable[[int, int], None]


def shows_progress(stream: TextIO | None = None, *, quiet: bool = False) -> bool:
    """Whether a bar is drawn: not ``quiet`` and the stream (stderr) is a terminal."""
    s = stream if stream is not None else sys.stderr
    return not quiet and bool(getattr(s, "isatty", lambda: False)())


@contextmanager
def progress_bar(
    label: str, *, quiet: bool = False, stream: TextIO | None = None, timed: bool = False
) -> Iterator[Progress | None]:
    """A callback that moves a bar labelled ``label`` while the block runs (removed when it ends); None
    when :func:`shows_progress` says no, so the work pays nothing for it.

    ``timed``: the block times work in this process, so the bar has no refresh thread (it would take the
    interpreter from the timed code); it redraws only when the callback moves it, which a benchmark does
    between its timed repeats."""
    if not shows_progress(stream, quiet=quiet):
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(file=stream if stream is not None else sys.stderr)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True, auto_refresh=not timed) as bar:
        task = bar.add_task(label, total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total or None, refresh=timed)

        yield update
