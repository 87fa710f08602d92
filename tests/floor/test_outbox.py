"""The journal's outbox for the floor link: queued in the entry's own transaction, carried across a
segment's closing, kept across a restart; and what goes on the wire (never the shoe)."""

from __future__ import annotations

from pathlib import Path

from terminal.floorlink.wire import wire_entry
from terminal.journal import Journal


def test_every_append_is_queued_and_survives_rotation_and_restart(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    with Journal(path, outbox=True, segment_entries=100) as j:
        for n in range(120):
            j.append("input", {"n": n})
        j.checkpoint({"round_no": 1, "state": "SHOE"})  # closes segment 1: its rows are archived
        assert j.segment == 2
        j.append("input", {"n": 120})
        assert j.outbox_counts() == (122, 122)
        queued = j.outbox_entries(0, 500)
        assert [e.seq for e, _ in queued] == list(range(1, 123))
        assert [e.hash for e, _ in queued] == [e.hash for e in j.entries()]
        j.outbox_sent(range(1, 51))
        j.outbox_archived(30)
        assert j.outbox_counts() == (72, 92)
    with Journal(path, outbox=True, segment_entries=100) as j:
        assert j.outbox_counts() == (72, 92)
        assert [e.seq for e, sent in j.outbox_entries(29, 3)] == [31, 32, 33]
        assert [sent for _, sent in j.outbox_entries(49, 2)] == [True, False]


def test_a_journal_that_gains_a_floor_queues_its_whole_history(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    with Journal(path) as j:
        j.append("input", {"n": 1})
        j.append("input", {"n": 2})
        assert j.outbox_counts() == (0, 0)
    with Journal(path, outbox=True) as j:
        assert j.outbox_counts() == (2, 2)
        j.outbox_archived(2)
    with Journal(path, outbox=True) as j:  # not queued a second time
        assert j.outbox_counts() == (0, 0)


def test_a_checkpoint_goes_out_without_the_shoe(tmp_path: Path) -> None:
    with Journal(tmp_path / "j.sqlite3", outbox=True) as j:
        e = j.checkpoint({"round_no": 7, "game": "paigow/x", "state": "SHOE-ORDER"})
        wire = wire_entry("r", "t", e)
    assert wire["redacted"] is True
    assert "SHOE-ORDER" not in str(wire)
    assert wire["payload"]["round_no"] == 7
    assert (wire["seq"], wire["hash"], wire["prev_hash"]) == (e.seq, e.hash, e.prev_hash)
