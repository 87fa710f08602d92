"""The bounded soak (``benchmarks/soak.py``): a table dealing two days of rounds of two families with
small segments, restarted at random points — mid-round too — lands exactly where it was every time,
start-up folds only the current round, and ``journal verify --all`` passes over every segment."""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))

import soak  # noqa: E402

from rules.round import fold  # noqa: E402
from terminal.journal import journal_for, open_for_check  # noqa: E402
from terminal.journal.restore import _since_game, restore_round  # noqa: E402

GAMES = ("baccarat/commission-free-dragon", "paigow/capitol")


def test_bounded_soak_restarts_land_where_the_table_was(tmp_path):
    s = soak.Soak(tmp_path, random.Random(7), 600, "off", "engine", measure=False, games=GAMES)
    dealt = asyncio.run(soak.deal(s, days=3, rounds_per_day=700, restarts=8, quiet=True))
    assert dealt["rounds"] >= 2000 and dealt["restarts_checked"] >= 6
    report = soak.verify_all(tmp_path)
    assert report["ok"], report["problems"]
    assert report["segments"] > 10  # the journal rotated many times and every segment verified
    # The table restored from the last checkpoint equals the fold of every round since the game last
    # changed, read back across all the segments (what start-up did before checkpoints).
    cfg, _ = s.config(soak.GAMES[0])
    with open_for_check(tmp_path / "journal.sqlite3") as j:
        last_game = j.last("config")["game"]
        events, _, _ = _since_game(j.entries(), last_game, None)
    cfg, _ = s.config(last_game)
    journal = journal_for(cfg)
    c = soak.ControllerTable(s, last_game)
    restored = restore_round(journal, c.c.rules, last_game)
    assert restored.from_checkpoint and restored.folded < 200
    assert restored.state == fold(c.c.rules, events) and restored.state.seq == len(events)
    c.close()
    journal.close()


def test_bounded_soak_through_the_controller(tmp_path):
    s = soak.Soak(tmp_path, random.Random(11), 300, "off", "controller", measure=False, games=GAMES)
    dealt = asyncio.run(soak.deal(s, days=1, rounds_per_day=60, restarts=3, quiet=True))
    assert dealt["restarts_checked"] >= 2
    assert soak.verify_all(tmp_path)["ok"]
