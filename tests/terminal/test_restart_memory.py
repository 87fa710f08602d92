"""A table restarted in its own process (the controller closed and built again from the journal, as the
soak's restarts and the demo's next table do) keeps nothing of the controllers before it: the families'
per-game values (``rules.round.family.PerGame``) stay bounded, no Python objects pile up, and no file
descriptor (the journal's SQLite file) or thread (the journal's writer) is left open.

The leak this guards against: every controller builds its game's rules, so its game mapping, anew, and
``PerGame`` kept every mapping it was ever given (a Pai Gow House Way chart, about 260 objects, at each
restart). Counted, never timed: object counts, descriptors and threads, no RSS threshold."""

from __future__ import annotations

import asyncio
import gc
import os
import random
import sys
import threading
from pathlib import Path
from types import MappingProxyType

from rules.round.family import PER_GAME_KEPT, PerGame, family_rules

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))

import soak  # noqa: E402


class _Game:
    def __init__(self, data: object) -> None:
        self.data = data


class _State:
    def __init__(self, data: object) -> None:
        self.game = _Game(data)


def test_per_game_keeps_the_games_used_last_and_builds_each_once_while_kept():
    built: list[object] = []

    def build(state):
        built.append(state.game.data)
        return len(built)

    per_game = PerGame(build)
    first = MappingProxyType({"id": "first"})
    assert per_game(_State(first)) == 1
    for i in range(3 * PER_GAME_KEPT):
        per_game(_State({"id": i}))
        per_game(_State(first))  # used again and again: kept, never built again
        assert len(per_game) <= PER_GAME_KEPT
    assert built.count(first) == 1
    assert len(built) == 1 + 3 * PER_GAME_KEPT
    # a mapping pushed out by newer ones is built again when it comes back
    old = {"id": "old"}
    per_game(_State(old))
    for i in range(PER_GAME_KEPT):
        per_game(_State({"id": f"newer {i}"}))
    per_game(_State(old))
    assert built.count(old) == 2


def _open_files() -> int:
    return len(os.listdir(f"/proc/{os.getpid()}/fd"))


def test_a_table_restarted_in_process_again_and_again_keeps_nothing_of_the_controllers_before(tmp_path):
    s = soak.Soak(tmp_path, random.Random(3), 50_000, "off", "controller")
    game = "paigow/capitol"
    round_events = soak._rounds(s.rounds_of(game)[0])[0]
    restarts = 2 * PER_GAME_KEPT + 2
    threads_before = set(threading.enumerate())
    seen: list[tuple[int, int, int]] = []
    for i in range(restarts):
        c = soak.ControllerTable(s, game)
        asyncio.run(c.start())
        if i == 0:
            asyncio.run(c.deal(round_events))  # a round in the journal: each restart restores it
        c.close()
        del c
        gc.collect()
        seen.append((len(gc.get_objects()), _open_files()))
    setups = family_rules("paigow")._setups  # type: ignore[attr-defined]
    assert len(setups) <= PER_GAME_KEPT
    # once the families' per-game values are full, a restart adds no object, descriptor or thread
    settled = seen[PER_GAME_KEPT + 1 :]
    objects = [n for n, _ in settled]
    assert max(objects) - min(objects) < 50, objects  # the leak added ~260 objects a restart
    assert max(fds for _, fds in seen) <= seen[0][1], seen  # the journal's file closed at each close
    assert not set(threading.enumerate()) - threads_before  # the journal's writer ended at each close
