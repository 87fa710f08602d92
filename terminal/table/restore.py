"""Start-up's table: the last checkpoint's table plus the journal's entries after it, folded.

The checkpoint (written just before a round starts) holds the round state and carries the table beside it
(:func:`terminal.table.state.carried_of`); the entries after it are folded with
:func:`terminal.table.state.fold_entries`. Without a checkpoint this version can use, every entry is
folded from the start — slower, never different: :func:`fold_journal` is what the checkpoint shortens.
"""

from __future__ import annotations

from collections.abc import Iterable

from terminal.journal import Entry, Journal
from terminal.journal.restore import state_from_snapshot
from terminal.table.state import GameSet, RulesFor, TableState, apply, fold_entries, from_carried


def fold_journal(
    entries: Iterable[Entry], game: str, seats: int, schedule: str | None, rules_for: RulesFor
) -> TableState:
    """The table after every entry, folded from a table of ``game`` that has dealt nothing."""
    start = TableState.initial(game, seats, schedule, rules_for(game, schedule))
    return fold_entries(start, ((e.kind, e.payload) for e in entries), rules_for)


def restore_table(
    journal: Journal, game: str, seats: int, schedule: str | None, rules_for: RulesFor
) -> tuple[TableState, bool]:
    """The table as the journal left it, on a table configured for ``game``; whether a checkpoint was
    used. A journal whose last game is another one gives that game's table changed to ``game`` (the
    configuration ``start()`` journals at once)."""
    rules = rules_for(game, schedule)
    checkpoint, after = journal.restore_point()
    state: TableState | None = None
    if checkpoint is not None:
        table = checkpoint.payload.get("table")
        carried = table.get("carried") if isinstance(table, dict) else None
        snap = state_from_snapshot(table, rules, game)
        if snap is not None and isinstance(carried, dict) and isinstance(carried.get("table"), dict):
            base = from_carried(snap[0], snap[1], game, carried["table"])
            state = fold_entries(base, ((e.kind, e.payload) for e in after), rules_for)
    used = state is not None
    if state is None:
        state = fold_journal(journal.entries(), game, seats, schedule, rules_for)
    if state.game != game or state.schedule != schedule or state.seats != seats:
        state = apply(state, GameSet(game, schedule, seats, rules))
    return state, used
