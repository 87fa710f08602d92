"""What a checkpoint stores of the table, and how start-up gets the table back from it.

A checkpoint is written just before a round's first event (``RoundStart``): the folded round state at
that boundary (the shoe, the alerts that outlive a round, the event count corrections refer to), the
round number and the game. Start-up takes the last checkpoint and folds only the round events after it,
so its cost does not grow with the rounds dealt. This module is the one place that knows the form of
``table`` in a checkpoint: when the controller's state changes shape, change :func:`table_snapshot`
and :func:`restore_round` together (and bump :data:`SNAPSHOT_VERSION`).

The round state is pickled with the game's rules left out (they come from the game file at start-up)
and unpickled with only the classes of the pure ``rules`` and ``kernel`` packages allowed. The payload is MAC'd with the rest of the row
and checked before it is read. A snapshot this version cannot read (another version's, or another
game's) is not guessed at: the table is folded from the journal's rounds instead, as before
checkpoints — slower, never wrong.
"""

from __future__ import annotations

import base64
import io
import pickle
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.round import RoundState, event_from_json, fold
from rules.round.events import Event, RoundStart
from rules.round.game import GameRules
from terminal.journal.chain import Entry
from terminal.journal.store import ROUND_KIND, Journal

SNAPSHOT_VERSION = 1
CONFIG_KIND = "config"
_ALLOWED_PACKAGES = ("rules", "kernel")
"""The pure packages whose classes a round state is made of (no I/O on import, no code run on load)."""
_ALLOWED_BUILTINS = frozenset({"frozenset", "set", "tuple", "list", "dict", "object", "slice", "complex"})


@dataclass(frozen=True)
class Restored:
    """The table as start-up found it: the round state, the round number, and how it got there."""

    state: RoundState
    round_no: int
    folded: int
    """Round events folded at start-up (the current round's, when a checkpoint was used)."""
    from_checkpoint: bool
    events: tuple[Event, ...] = ()
    """The round events folded (after the checkpoint, or since the game changed)."""
    carried: dict[str, Any] = field(default_factory=dict)
    """What the controller asked the checkpoint to carry (``table_snapshot(carried=...)``)."""


def table_snapshot(
    state: RoundState, *, round_no: int, game_id: str, carried: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The ``table`` of a checkpoint: the round state at a round boundary, the round number, the game,
    and ``carried`` — other plain-JSON table fields the controller restores (given back as
    :attr:`Restored.carried`)."""
    buf = io.BytesIO()
    _Pickler(buf, state.game).dump(state)
    return {
        "version": SNAPSHOT_VERSION,
        "game": game_id,
        "round_no": round_no,
        "seq": state.seq,
        "carried": dict(carried or {}),
        "state": base64.b64encode(zlib.compress(buf.getvalue(), 6)).decode("ascii"),
    }


def state_from_snapshot(table: Any, rules: GameRules, game_id: str) -> tuple[RoundState, int] | None:
    """The round state and round number a checkpoint holds, or None if this version cannot use it."""
    if (
        not isinstance(table, dict)
        or table.get("version") != SNAPSHOT_VERSION
        or table.get("game") != game_id
    ):
        return None
    try:
        raw = zlib.decompress(base64.b64decode(str(table["state"]), validate=True))
        state = _Unpickler(io.BytesIO(raw), rules).load()
        round_no = int(table["round_no"])
    except Exception:  # noqa: BLE001 - any snapshot that cannot be read is refolded instead
        return None
    if not isinstance(state, RoundState) or state.seq != table.get("seq"):
        return None
    return state, round_no


def restore_round(journal: Journal, rules: GameRules, game_id: str) -> Restored:
    """The table's round state after the journal: from the last checkpoint plus the round after it, or
    (no usable checkpoint) by folding every round event since the game last changed."""
    checkpoint, after = journal.restore_point()
    if checkpoint is not None:
        table = checkpoint.payload.get("table")
        start = state_from_snapshot(table, rules, game_id)
        current = table.get("game") if isinstance(table, dict) else None
        if start is not None or current not in (None, game_id):
            events, changed, current = _since_game(after, game_id, current)
            if current not in (None, game_id):
                return Restored(fold(rules, []), 0, 0, True)
            base, round_no = (None, 0) if changed or start is None else start
            state = fold(rules, events, base)
            return Restored(
                state, round_no + sum(isinstance(e, RoundStart) for e in events), len(events), True
            )
    events, _, current = _since_game(journal.entries(), game_id, None)
    if current not in (None, game_id):
        events = []
    rounds = sum(isinstance(e, RoundStart) for e in events)
    return Restored(fold(rules, events), rounds, len(events), False, tuple(events))


def _since_game(
    entries: Iterable[Entry], game_id: str, current: str | None
) -> tuple[list[Event], bool, str | None]:
    """The round events after the last ``config`` entry that set a different game; whether one did."""
    events: list[Event] = []
    changed = False
    for e in entries:
        if e.kind == CONFIG_KIND and isinstance(e.payload.get("game"), str):
            if e.payload["game"] != current:
                events, changed = [], True  # a new game on the table starts a new fold
            current = e.payload["game"]
        elif e.kind == ROUND_KIND and (current is None or current == game_id):
            events.append(event_from_json(e.payload))
    return events, changed, current


class _Pickler(pickle.Pickler):
    def __init__(self, file: io.BytesIO, rules: GameRules) -> None:
        super().__init__(file, protocol=5)
        self._rules = rules

    def persistent_id(self, obj: Any) -> str | None:
        return "rules" if obj is self._rules else None


class _Unpickler(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, rules: GameRules) -> None:
        super().__init__(file)
        self._rules = rules

    def persistent_load(self, pid: Any) -> Any:
        if pid != "rules":
            raise pickle.UnpicklingError(f"unknown reference {pid!r}")
        return self._rules

    def find_class(self, module: str, name: str) -> Any:
        if module.split(".", 1)[0] in _ALLOWED_PACKAGES:
            return super().find_class(module, name)
        if module == "builtins" and name in _ALLOWED_BUILTINS:
            return super().find_class(module, name)
        if (module, name) == ("copyreg", "_reconstructor"):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"a checkpoint may not hold {module}.{name}")
