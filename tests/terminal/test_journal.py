"""The journal: durable appends, a hash chain that names every tampered row, export as a scenario."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from terminal.cli import main
from terminal.journal import (
    GENESIS,
    ROUND_KIND,
    Journal,
    JournalError,
    JournalTampered,
    canonical_json,
    entry_hash,
    open_for_check,
)

REPO = Path(__file__).resolve().parents[2]


class FakeClock:
    def __init__(self, start: float = 1_790_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        self.now += 0.25
        return self.now


def fill(path: Path, n: int) -> list:
    with Journal(path, clock=FakeClock()) as j:
        return [j.append(ROUND_KIND if i % 2 else "input", {"i": i, "card": "As"}) for i in range(n)]


def tamper(path: Path, *sql: tuple) -> None:
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("DROP TRIGGER IF EXISTS journal_no_update")
    db.execute("DROP TRIGGER IF EXISTS journal_no_delete")
    for stmt in sql:
        db.execute(*stmt)
    db.close()


def test_appends_chain_and_come_back_in_order(tmp_path):
    entries = fill(tmp_path / "j.db", 5)
    assert [e.seq for e in entries] == [1, 2, 3, 4, 5]
    assert entries[0].prev_hash == GENESIS
    for a, b in zip(entries, entries[1:], strict=False):
        assert b.prev_hash == a.hash
    for e in entries:
        assert e.hash == entry_hash(e.seq, e.ts, e.kind, e.payload, e.prev_hash)
    with Journal(tmp_path / "j.db") as j:
        assert list(j.entries()) == entries
        assert j.head() == (5, entries[-1].hash)
        assert j.verify().ok


def test_pragmas_are_wal_and_full_sync(tmp_path):
    with Journal(tmp_path / "j.db") as j:
        assert j._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert j._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_the_application_cannot_update_or_delete(tmp_path):
    fill(tmp_path / "j.db", 2)
    db = sqlite3.connect(tmp_path / "j.db")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        db.execute("UPDATE journal SET kind='x' WHERE seq=1")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        db.execute("DELETE FROM journal WHERE seq=2")


def test_payload_must_be_plain_json(tmp_path):
    with Journal(tmp_path / "j.db") as j:
        with pytest.raises(ValueError):
            j.append("input", {"x": float("nan")})
        with pytest.raises(TypeError):
            j.append("input", {"x": object()})
        assert len(j) == 0


def test_edited_row_is_named(tmp_path):
    fill(tmp_path / "j.db", 6)
    tamper(tmp_path / "j.db", ("UPDATE journal SET payload=? WHERE seq=4", ('{"card":"Ah","i":3}',)))
    with pytest.raises(JournalTampered, match="seq 4: edited") as info:
        Journal(tmp_path / "j.db")
    assert [p.seq for p in info.value.report.problems] == [4]


def test_edited_and_rehashed_row_breaks_the_chain_at_the_next(tmp_path):
    entries = fill(tmp_path / "j.db", 6)
    e = entries[2]
    new = {"card": "Ah", "i": 2}
    h = entry_hash(e.seq, e.ts, e.kind, new, e.prev_hash)
    tamper(tmp_path / "j.db", ("UPDATE journal SET payload=?, hash=? WHERE seq=3", (canonical_json(new), h)))
    report = open_for_check(tmp_path / "j.db").verify()
    assert [(p.seq, p.what) for p in report.problems] == [(4, "chain-broken")]
    assert "seq 3 was edited" in report.problems[0].detail


def test_deleted_rows_are_named(tmp_path):
    fill(tmp_path / "j.db", 8)
    tamper(tmp_path / "j.db", ("DELETE FROM journal WHERE seq IN (3, 4)",))
    report = open_for_check(tmp_path / "j.db").verify()
    assert report.problems[0].seq == 5 and report.problems[0].what == "deleted"
    assert "3-4" in report.problems[0].detail


def test_swapped_rows_are_named_as_reordered(tmp_path):
    fill(tmp_path / "j.db", 8)
    tamper(
        tmp_path / "j.db",
        ("UPDATE journal SET seq=100 WHERE seq=3",),
        ("UPDATE journal SET seq=3 WHERE seq=6",),
        ("UPDATE journal SET seq=6 WHERE seq=100",),
    )
    report = open_for_check(tmp_path / "j.db").verify()
    found = {(p.seq, p.what) for p in report.problems}
    assert (3, "reordered") in found and (6, "reordered") in found
    assert any("written as seq 6" in p.detail for p in report.problems if p.seq == 3)


def test_cut_tail_is_caught_only_against_a_kept_head(tmp_path):
    entries = fill(tmp_path / "j.db", 5)
    tamper(tmp_path / "j.db", ("DELETE FROM journal WHERE seq=5",))
    j = open_for_check(tmp_path / "j.db")
    assert j.verify().ok  # a chain cut at its end is still a valid chain ...
    report = j.verify(expect_head=entries[-1].hash)
    assert [p.what for p in report.problems] == ["head-mismatch"]  # ... but not the one we recorded


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    n=st.integers(2, 12),
    op=st.sampled_from(["edit_payload", "edit_kind", "edit_ts", "delete", "swap"]),
    data=st.data(),
)
def test_any_single_tampering_is_found_at_the_right_row(tmp_path_factory, n, op, data):
    path = tmp_path_factory.mktemp("j") / "j.db"
    fill(path, n)
    # Deleting the last row is a valid shorter chain (see the head test), so delete before the end.
    k = data.draw(st.integers(1, n - 1 if op in ("delete", "swap") else n))
    if op == "edit_payload":
        tamper(path, ("UPDATE journal SET payload='{\"i\":-1}' WHERE seq=?", (k,)))
    elif op == "edit_kind":
        tamper(path, ("UPDATE journal SET kind='forged' WHERE seq=?", (k,)))
    elif op == "edit_ts":
        tamper(path, ("UPDATE journal SET ts='2020-01-01T00:00:00.000000Z' WHERE seq=?", (k,)))
    elif op == "delete":
        tamper(path, ("DELETE FROM journal WHERE seq=?", (k,)))
    else:
        m = data.draw(st.integers(k + 1, n))
        tamper(
            path,
            ("UPDATE journal SET seq=-1 WHERE seq=?", (k,)),
            ("UPDATE journal SET seq=? WHERE seq=?", (k, m)),
            ("UPDATE journal SET seq=? WHERE seq=-1", (m,)),
        )
    report = open_for_check(path).verify()
    assert not report.ok
    first = report.problems[0]
    expected_seq = k + 1 if op == "delete" else k
    assert first.seq == expected_seq
    assert first.what == {"delete": "deleted", "swap": "reordered"}.get(op, "edited")


def test_not_a_journal(tmp_path):
    junk = tmp_path / "junk.db"
    junk.write_text("hello")
    with pytest.raises(JournalError, match="not a journal"):
        open_for_check(junk)
    with pytest.raises(JournalError, match="no such journal"):
        open_for_check(tmp_path / "missing.db")
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("CREATE TABLE t (x)")
    with pytest.raises(JournalError, match="not a journal"):
        open_for_check(other)


# -- the command line ---------------------------------------------------------------------------------


def test_cli_verify_ok_and_tampered(tmp_path, capsys):
    fill(tmp_path / "j.db", 4)
    assert main(["journal", "verify", str(tmp_path / "j.db")]) == 0
    assert "4 entries" in capsys.readouterr().out
    tamper(tmp_path / "j.db", ("UPDATE journal SET kind='x' WHERE seq=2",))
    assert main(["journal", "verify", str(tmp_path / "j.db")]) == 2
    captured = capsys.readouterr()
    err = captured.err.strip().splitlines()
    assert len(err) == 1 and "j.db" in err[0] and "seq 2: edited" in err[0]
    assert main(["journal", "verify", "--json", str(tmp_path / "j.db")]) == 2
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is False and out["problems"][0]["seq"] == 2


def test_cli_bad_file_exits_2(tmp_path, capsys):
    (tmp_path / "x.db").write_text("not sqlite")
    assert main(["journal", "verify", str(tmp_path / "x.db")]) == 2
    assert "x.db" in capsys.readouterr().err


def test_cli_export_is_a_scenario_that_replay_accepts(tmp_path, capsys):
    from rules.round.events import event_from_json
    from terminal.scenario import load_scenario, run

    round_events = [
        {"type": "shuffle", "source": "shuffler"},
        {
            "type": "round_start",
            "seats": [1, 2, 3, 5],
            "player_dealer": 5,
            "wagers": [{"seat": 1, "spot": "ante", "cents": 1000}],
            "bank": 50000,
        },
        {"type": "card", "card": "As", "face_up": False},
    ]
    with Journal(tmp_path / "j.db", clock=FakeClock()) as j:
        j.append("config", {"game": "paigow/capitol", "seats": 7})
        j.append(ROUND_KIND, {"type": "shuffle", "source": "shuffler"})  # another game's round: left out
        j.append("config", {"game": "threecard/betwiser-3card-holdem", "seats": 6})
        for ev in round_events:
            j.append(ROUND_KIND, event_from_json(ev).to_json())  # as the controller journals them
            j.append("auth.login", {"role": "floor"})  # other kinds stay out of the scenario
    out = tmp_path / "export.yaml"
    assert main(["journal", "export", "-o", str(out), str(tmp_path / "j.db")]) == 0
    doc = yaml.safe_load(out.read_text())
    assert doc["game"] == "threecard/betwiser-3card-holdem" and doc["table"] == {"seats": 6}
    assert [e["type"] for e in doc["events"]] == ["shuffle", "round_start", "card"]
    sc = load_scenario(out)  # what `dealer-terminal replay` reads
    state, lines = run(sc)
    assert [type(e).__name__ for e in sc.events] == ["Shuffle", "RoundStart", "CardRead"]
    assert state.seq == 3
    assert main(["replay", str(out)]) == 0
    capsys.readouterr()
    assert main(["journal", "export", "--all", "-o", str(tmp_path / "all.json"), str(tmp_path / "j.db")]) == 0
    dump = json.loads((tmp_path / "all.json").read_text())
    assert len(dump["entries"]) == 9 and dump["entries"][0]["kind"] == "config"


# -- crash safety --------------------------------------------------------------------------------------

WRITER = r"""
import sys
from terminal.journal import Journal
j = Journal(sys.argv[1])
i = 0
while True:
    e = j.append("round", {"n": i, "card": "Kd", "pad": "x" * (i % 97)})
    sys.stdout.write(f"{e.seq} {e.hash}\n")
    sys.stdout.flush()
    i += 1
"""


def test_sigkill_mid_stream_loses_no_acknowledged_append(tmp_path):
    """A writer is killed at random points; every append it acknowledged is there and the chain holds."""
    path = tmp_path / "j.db"
    rng = random.Random(20261125)
    acked: dict[int, str] = {}
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    for _ in range(6):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, text=True, env=env
        )
        assert proc.stdout is not None
        for _ in range(rng.randint(1, 150)):
            line = proc.stdout.readline()
            assert line, "the writer died on its own"
            seq, digest = line.split()
            acked[int(seq)] = digest
        os.kill(proc.pid, signal.SIGKILL)
        for line in proc.stdout:  # lines written before the kill were acknowledged too
            seq, digest = line.split()
            acked[int(seq)] = digest
        proc.wait()
        with Journal(path) as j:  # verified on open; a broken chain raises
            stored = {e.seq: e.hash for e in j.entries()}
            seqs = sorted(stored)
            assert seqs == list(range(1, len(seqs) + 1))
        for seq, digest in acked.items():
            assert stored.get(seq) == digest, f"acknowledged seq {seq} lost or changed"


def test_appends_from_several_threads_never_interleave(tmp_path):
    import threading

    j = Journal(tmp_path / "j.db")
    errors: list[BaseException] = []

    def writer(tag: str) -> None:
        try:
            for i in range(40):
                j.append("input", {"tag": tag, "i": i})
                list(j.entries(since=max(0, len(j) - 2)))
        except BaseException as exc:  # noqa: BLE001 - collected for the assertion
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(t,)) for t in "abc"]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(j) == 120 and j.verify().ok
    j.close()


def test_append_many_is_one_durable_group_in_order(tmp_path):
    with Journal(tmp_path / "j.db", clock=FakeClock()) as j:
        j.append("input", {"i": 0})
        group = j.append_many([(ROUND_KIND, {"i": 1}), ("device", {"i": 2}), (ROUND_KIND, {"i": 3})])
        assert [e.seq for e in group] == [2, 3, 4]
        assert group[-1].hash == j.head()[1] and group[1].prev_hash == group[0].hash
        assert [e.payload["i"] for e in j.entries()] == [0, 1, 2, 3]
        assert j.append_many([]) == []
        with pytest.raises(ValueError):
            j.append_many([("input", {"i": 4}), ("", {"i": 5})])
        assert len(j) == 4 and j.verify().ok


async def test_async_append_many_returns_after_the_commit(tmp_path):
    from terminal.controller import AsyncJournal

    aj = AsyncJournal(Journal(tmp_path / "j.db", clock=FakeClock()))
    entries = await aj.append_many([("device", {"read": 1}), ("device", {"read": 2})])
    # Durable: another connection sees both rows as soon as the await returns.
    with open_for_check(tmp_path / "j.db") as other:
        assert [e.payload for e in other.entries()] == [{"read": 1}, {"read": 2}]
    assert [e.seq for e in entries] == [1, 2]
    aj.close()
