"""The journal's lifetime: checkpoints, segments closed and archived with their verification record,
`journal verify --all` end to end naming the segment and row of any change, recovery from a rotation cut
short, start-up that checks only since the last checkpoint, and a full disk."""

from __future__ import annotations

import gzip
import json
import sqlite3
from pathlib import Path

import pytest

from terminal.cli import main
from terminal.journal import (
    CHECKPOINT_KIND,
    ROUND_KIND,
    Journal,
    JournalFull,
    JournalTampered,
    open_for_check,
)
from terminal.journal.archive import archive_dir, segment_files


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_790_000_000.0

    def __call__(self) -> float:
        self.now += 0.5
        return self.now


def deal(path: Path, rounds: int, *, per_round: int = 5, segment_entries: int = 12) -> list[int]:
    """Rounds of ``per_round`` round rows, each after a checkpoint; returns the seqs of the checkpoints."""
    marks = []
    with Journal(path, clock=FakeClock(), segment_entries=segment_entries) as j:
        j.append("config", {"game": "paigow/capitol"})
        for r in range(rounds):
            marks.append(j.checkpoint({"round_no": r}).seq)
            j.append_many([(ROUND_KIND, {"round": r, "i": i}) for i in range(per_round)])
    return marks


def test_checkpoints_close_segments_into_verified_archives(tmp_path):
    path = tmp_path / "j.db"
    deal(path, 10)  # 1 config + 10 x (1 checkpoint + 5 rows) = 61 rows; a segment closes past 12 rows
    closed = sorted(p.name for p in archive_dir(path).iterdir())
    assert closed[:2] == ["segment-000001.json", "segment-000001.jsonl.gz"] and len(closed) == 8
    with open_for_check(path) as j:
        assert j.segment == 5
        report = j.verify()
        assert report.ok and report.count == 61 and report.segments == 5
        assert [e.seq for e in j.entries()] == list(range(1, 62))  # across every segment, in order
        first = next(j.entries(since=j.first_seq - 1))
        assert first.kind == CHECKPOINT_KIND  # a segment opens with the checkpoint that closed the last
        record = json.loads(segment_files(path, 4)[1].read_text())
        assert record["last_seq"] == j.first_seq - 1 and record["head"] == first.prev_hash
        assert j.last("config") == {"game": "paigow/capitol"}  # carried across segments by checkpoints
    with Journal(path) as j:
        ck, after = j.restore_point()
        assert ck is not None and ck.payload["table"] == {"round_no": 9}
        assert [e.payload["i"] for e in after] == [0, 1, 2, 3, 4]
        assert j.last("config") == {"game": "paigow/capitol"}


def _rewrite_archive(path: Path, segment: int, change) -> None:
    gz, _ = segment_files(path, segment)
    lines = [json.loads(line) for line in gzip.decompress(gz.read_bytes()).splitlines()]
    change(lines)
    gz.write_bytes(gzip.compress(b"".join(json.dumps(x).encode() + b"\n" for x in lines)))


def test_a_tampered_archived_segment_fails_verify_all_naming_segment_and_row(tmp_path, capsys):
    path = tmp_path / "j.db"
    deal(path, 10)
    with open_for_check(path) as j:
        in_two = [e for e in j.entries() if e.seq <= 30][-1].seq  # some row of segment 2 or 3

    def edit(lines):
        row = next(x for x in lines if x[0] == lines[2][0])
        row[5] = row[5].replace('"i":', '"i":1')  # the payload text of the third row

    _rewrite_archive(path, 2, edit)
    third = json.loads(gzip.decompress(segment_files(path, 2)[0].read_bytes()).splitlines()[2])[0]
    assert in_two
    Journal(path).close()  # start-up checks since the last checkpoint: the archive is not read
    assert main(["journal", "verify", str(path)]) == 0
    capsys.readouterr()
    assert main(["journal", "verify", "--all", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"segment 2, seq {third}: edited" in err[0], err


def test_a_deleted_archive_or_record_is_named(tmp_path):
    path = tmp_path / "j.db"
    deal(path, 10)
    gz, rec = segment_files(path, 1)
    gz.unlink()
    with open_for_check(path) as j:
        whats = {(p.segment, p.what) for p in j.verify().problems}
    assert (1, "segment-missing") in whats
    rec.write_text(rec.read_text().replace('"count": ', '"count": 1'))  # a record edited without the key
    with open_for_check(path) as j:
        assert (1, "record-forged") in {(p.segment, p.what) for p in j.verify().problems}


def test_rows_cut_from_an_archived_segment_are_named_deleted(tmp_path):
    path = tmp_path / "j.db"
    deal(path, 10)
    _rewrite_archive(path, 3, lambda lines: lines.pop(1))
    with open_for_check(path) as j:
        found = [(p.segment, p.what) for p in j.verify().problems]
    assert found[0] == (3, "deleted")


def test_a_rotation_cut_short_is_finished_or_undone_at_start_up(tmp_path):
    path = tmp_path / "j.db"
    deal(path, 3)
    with open_for_check(path) as j:
        live = j.segment
    # A crash after the archive of the live segment was written, before the new segment replaced it.
    gz, rec = segment_files(path, live)
    gz.write_bytes(b"partial")
    rec.write_text("{}")
    path.with_name("j.db.next").write_bytes(b"half a database")
    with Journal(path) as j:
        assert j.verify().ok
        assert not gz.exists() and not path.with_name("j.db.next").exists()


def test_start_up_checks_only_since_the_last_checkpoint(tmp_path):
    """The bounded start-up: an edit before the last checkpoint is left to `journal verify` (and the
    console's verify action); an edit after it refuses the start."""
    path = tmp_path / "j.db"
    marks = deal(path, 4, segment_entries=1000)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("DROP TRIGGER journal_no_update")
    db.execute("UPDATE journal SET payload='{\"i\":9}' WHERE seq=?", (marks[1] + 1,))
    db.close()
    Journal(path).close()
    with open_for_check(path) as j:
        assert [(p.seq, p.what) for p in j.verify().problems] == [(marks[1] + 1, "edited")]
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("UPDATE journal SET payload='{\"i\":9}' WHERE seq=?", (marks[-1] + 2,))
    db.close()
    with pytest.raises(JournalTampered, match=f"seq {marks[-1] + 2}: edited"):
        Journal(path)


def test_a_full_disk_refuses_the_append_and_loses_nothing_acknowledged(tmp_path):
    path = tmp_path / "j.db"
    j = Journal(path, clock=FakeClock())
    reserve = tmp_path / "j.db.reserve"
    assert reserve.stat().st_blocks * 512 >= 4 << 20  # space held back for the last entries
    acked = []
    pages = j._db.execute("PRAGMA page_count").fetchone()[0]
    j._db.execute(f"PRAGMA max_page_count={pages + 2}")  # SQLite's own "database or disk is full"
    with pytest.raises(JournalFull, match="disk is full"):
        for i in range(10_000):
            acked.append(j.append(ROUND_KIND, {"i": i, "pad": "x" * 500}).seq)
    with pytest.raises(JournalFull):  # stopped: nothing more is taken until a restart with space
        j.append(ROUND_KIND, {"i": -1})
    assert not reserve.exists()  # freed for the stop entry and the anchor
    j._db.close()
    with Journal(path) as again:
        stored = [e.seq for e in again.entries(kind=ROUND_KIND)]
        assert stored == acked and again.verify().ok


async def test_a_full_disk_stops_the_table_with_an_alert_not_a_crash(tmp_path):
    from terminal.config import check_config
    from terminal.console.view import ConsoleInput
    from terminal.controller import TableController, journal_for

    f = tmp_path / "table.yaml"
    f.write_text(
        "table: {game: paigow/capitol, seats: 7, limits: {min_cents: 500, max_cents: 100000}}\n"
        f"journal: {{path: {tmp_path / 'j.db'}, warn_free_mb: 100000000}}\n"
    )
    cfg, problems = check_config([f], env={})
    assert not problems
    c = TableController(cfg, journal_for(cfg))
    await c.start()
    assert "JOURNAL_DISK_LOW" in [a.code for a in c.view().alerts]  # warned long before it is full
    db = c.journal.journal._db
    db.execute(f"PRAGMA max_page_count={db.execute('PRAGMA page_count').fetchone()[0]}")
    placed = 0
    for i in range(1, 500):  # a larger wager each time, until the disk (SQLite's page limit) is full
        said = await c.submit(ConsoleInput("wager.place", "dealer", "key", {"seat": 2, "cents": 500 * i}))
        if said and "disk is full" in said:
            break
        placed = 500 * i
    assert said and "disk is full" in said and not c.live
    assert "JOURNAL_DISK_FULL" in [a.code for a in c.view().alerts]
    c.close()
    # Space freed (the page limit lasts only for that connection), the terminal restarts: every wager
    # that was acknowledged is there, and the refused one is not.
    again = TableController(cfg, journal_for(cfg))
    assert sum(again.board.wagers.values()) == placed > 0
    again.close()


def test_a_support_bundle_dump_stays_bounded(tmp_path):
    path = tmp_path / "j.db"
    deal(path, 10)
    with open_for_check(path) as j:
        live = j.dump(all_segments=False)
        full = j.dump()
        assert [e["seq"] for e in live["entries"]] == list(range(j.first_seq, 62))
        assert [r["segment"] for r in live["closed_segments"]] == [1, 2, 3, 4]
        assert len(full["entries"]) == 61 and full["journal"]["ok"]


def test_a_segment_that_fails_verification_is_never_archived(tmp_path):
    path = tmp_path / "j.db"
    marks = deal(path, 2, segment_entries=1000)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("DROP TRIGGER journal_no_update")
    db.execute("UPDATE journal SET payload='{\"i\":9}' WHERE seq=?", (marks[0] + 1,))
    db.close()
    with Journal(path, segment_entries=2) as j:  # start-up checks only since the checkpoint: it opens
        j.checkpoint({"round_no": 1})
        assert j.rotation_refused is not None and j.rotation_refused.what == "edited"
        assert j.segment == 1 and not archive_dir(path).exists()


def test_entries_read_the_live_segment_in_batches_and_on_through_a_rotation_under_the_reader(
    tmp_path, monkeypatch
):
    # A long-lived process (the table, the players' display) reads the journal a batch at a time, so a
    # month's segment is never all in memory at once; a segment closed while it reads is read on from
    # its archive: every entry once, in order.
    from terminal.journal import store

    monkeypatch.setattr(store, "ENTRIES_BATCH", 4)
    path = tmp_path / "j.db"
    with Journal(path, clock=FakeClock(), segment_entries=12) as j:
        j.append("config", {"game": "paigow/capitol"})
        j.append_many([(ROUND_KIND, {"i": i}) for i in range(9)])  # rows 1-10, one live segment
        assert [e.seq for e in j.entries()] == list(range(1, 11))
        assert [e.seq for e in j.entries(since=3, kind=ROUND_KIND)] == list(range(4, 11))
        reading = j.entries()
        seen = [next(reading).seq for _ in range(5)]  # into the second batch
        j.checkpoint({"round_no": 1})  # past 12 rows at the next checkpoint: the segment closes
        j.append_many([(ROUND_KIND, {"i": i}) for i in range(3)])
        j.checkpoint({"round_no": 2})
        assert j.segment == 2
        seen += [e.seq for e in reading]
        assert seen == list(range(1, j.head()[0] + 1))
        rounds = j.entries(kind=ROUND_KIND)
        firsts = [next(rounds).seq for _ in range(2)]
        j.append_many([(ROUND_KIND, {"i": i}) for i in range(13)])
        j.checkpoint({"round_no": 3})  # closes segment 2 under the reader
        assert j.segment == 3
        assert firsts + [e.seq for e in rounds] == [e.seq for e in j.entries() if e.kind == ROUND_KIND]


def test_closing_a_segment_reads_it_a_batch_at_a_time(tmp_path, monkeypatch):
    # Closing a segment verifies and archives it as it reads it, ENTRIES_BATCH rows at a time: a month's
    # segment is never all in the table's memory at once (docs/performance.md). The archive verifies.
    from terminal.journal import store

    monkeypatch.setattr(store, "ENTRIES_BATCH", 4)
    largest = [0]
    rows_of = Journal._rows

    def rows(self, sql, params=()):
        out = rows_of(self, sql, params)
        largest[0] = max(largest[0], len(out))
        return out

    monkeypatch.setattr(Journal, "_rows", rows)
    path = tmp_path / "j.db"
    deal(path, 6, segment_entries=12)  # 37 rows: segments of 13-ish rows closed
    assert largest[0] == 4
    with open_for_check(path) as j:
        assert j.segment > 2
        report = j.verify()
        assert report.ok and report.count == 37
