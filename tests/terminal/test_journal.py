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
    entry_mac,
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


def key_of(path: Path) -> bytes:
    return bytes.fromhex(path.with_name(path.name + ".key").read_text().strip())


def tamper(path: Path, *sql: tuple) -> None:
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("DROP TRIGGER IF EXISTS journal_no_update")
    db.execute("DROP TRIGGER IF EXISTS journal_no_delete")
    for stmt in sql:
        db.execute(*stmt)
    db.close()


def problems(path: Path) -> list[tuple[int, str]]:
    with open_for_check(path) as j:
        return [(p.seq, p.what) for p in j.verify().problems]


def test_appends_chain_and_come_back_in_order(tmp_path):
    entries = fill(tmp_path / "j.db", 5)
    assert [e.seq for e in entries] == [1, 2, 3, 4, 5]
    assert entries[0].prev_hash == GENESIS
    for a, b in zip(entries, entries[1:], strict=False):
        assert b.prev_hash == a.hash
    key = key_of(tmp_path / "j.db")
    for e in entries:
        assert e.hash == entry_mac(key, e.seq, e.ts, e.kind, canonical_json(e.payload), e.prev_hash)
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


def test_payload_must_be_plain_json_and_kind_a_name(tmp_path):
    with Journal(tmp_path / "j.db") as j:
        with pytest.raises(ValueError):
            j.append("input", {"x": float("nan")})
        with pytest.raises(TypeError):
            j.append("input", {"x": object()})
        with pytest.raises(ValueError, match="kind"):
            j.append("in\x1fput", {})
        assert len(j) == 0


# -- authenticity: what the keyed chain and the anchor catch ---------------------------------------


def test_edited_row_is_named_and_start_up_refuses(tmp_path):
    fill(tmp_path / "j.db", 6)
    tamper(tmp_path / "j.db", ("UPDATE journal SET payload=? WHERE seq=4", ('{"card":"Ah","i":3}',)))
    with pytest.raises(JournalTampered, match="seq 4: edited") as info:
        Journal(tmp_path / "j.db")
    assert [p.seq for p in info.value.report.problems] == [4]


def test_rehashed_rows_are_caught_without_the_key(tmp_path):
    """Rewriting a row and recomputing its hash (plain SHA-256, or an HMAC under a guessed key) and every
    hash after it: the MACs do not hold, and the anchored head is gone."""
    import hashlib

    entries = fill(tmp_path / "j.db", 6)
    prev = entries[1].hash
    stmts = []
    for e in entries[2:]:
        payload = canonical_json({**e.payload, "card": "Ah"})
        digest = hashlib.sha256(f"{e.seq}{e.ts}{e.kind}{prev}{payload}".encode()).hexdigest()
        stmts.append(
            ("UPDATE journal SET payload=?, prev_hash=?, hash=? WHERE seq=?", (payload, prev, digest, e.seq))
        )
        prev = digest
    tamper(tmp_path / "j.db", *stmts)
    found = problems(tmp_path / "j.db")
    assert [p for p in found if p[1] == "edited"] == [
        (3, "edited"),
        (4, "edited"),
        (5, "edited"),
        (6, "edited"),
    ]
    with pytest.raises(JournalTampered):
        Journal(tmp_path / "j.db")


def test_deleted_rows_are_named(tmp_path):
    fill(tmp_path / "j.db", 8)
    tamper(tmp_path / "j.db", ("DELETE FROM journal WHERE seq IN (3, 4)",))
    report = open_for_check(tmp_path / "j.db").verify()
    assert [(p.seq, p.what) for p in report.problems] == [(5, "deleted")]
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
    assert found <= {(3, "reordered"), (6, "reordered")} and found
    assert any("written as seq" in p.detail for p in report.problems)


def test_an_inserted_row_is_named_as_inserted(tmp_path):
    entries = fill(tmp_path / "j.db", 8)
    tamper(
        tmp_path / "j.db",
        ("UPDATE journal SET seq = seq + 1000 WHERE seq >= 4",),
        ("UPDATE journal SET seq = seq - 999 WHERE seq >= 1004",),
        (
            "INSERT INTO journal VALUES (4, ?, 'input', '{\"i\":99}', ?, ?)",
            (entries[2].ts, entries[2].hash, "f" * 64),
        ),
    )
    assert problems(tmp_path / "j.db") == [(4, "inserted")]  # and the rows after it are not "reordered"
    with pytest.raises(JournalTampered, match="seq 4: inserted"):
        Journal(tmp_path / "j.db")


def test_an_appended_forgery_is_named_and_refused(tmp_path):
    entries = fill(tmp_path / "j.db", 4)
    last = entries[-1]
    forged = canonical_json({"i": 4, "card": "Ah"})
    tamper(
        tmp_path / "j.db",
        ("INSERT INTO journal VALUES (5, ?, 'round', ?, ?, ?)", (last.ts, forged, last.hash, "0" * 64)),
    )
    assert problems(tmp_path / "j.db") == [(5, "forged")]
    with pytest.raises(JournalTampered, match="forged"):
        Journal(tmp_path / "j.db")


def test_a_cut_tail_is_caught_against_the_anchor(tmp_path):
    fill(tmp_path / "j.db", 5)  # a clean close anchors the head at seq 5
    tamper(tmp_path / "j.db", ("DELETE FROM journal WHERE seq >= 4",))
    assert problems(tmp_path / "j.db") == [(4, "truncated")]
    with pytest.raises(JournalTampered, match="truncated"):
        Journal(tmp_path / "j.db")


def test_expect_head_still_catches_rows_added_after_a_recorded_head(tmp_path):
    entries = fill(tmp_path / "j.db", 5)
    with open_for_check(tmp_path / "j.db") as j:
        assert j.verify(expect_head=entries[-1].hash).ok
        assert [p.what for p in j.verify(expect_head=entries[2].hash).problems] == ["head-mismatch"]


def test_a_journal_under_another_key_is_refused(tmp_path):
    fill(tmp_path / "j.db", 3)
    other = tmp_path / "other"
    other.mkdir()
    fill(other / "j.db", 3)
    # Swap in another table's journal (and its anchor): its rows do not verify under this table's key.
    (tmp_path / "j.db").write_bytes((other / "j.db").read_bytes())
    (tmp_path / "j.db.anchor").write_bytes((other / "j.db.anchor").read_bytes())
    with pytest.raises(JournalTampered) as info:
        Journal(tmp_path / "j.db")
    whats = {p.what for p in info.value.report.problems}
    assert "anchor-forged" in whats and "forged" in whats


def test_a_missing_journal_that_existed_is_not_recreated(tmp_path):
    fill(tmp_path / "j.db", 3)
    (tmp_path / "j.db").unlink()
    with pytest.raises(JournalError, match="missing, but it existed"):
        Journal(tmp_path / "j.db")
    assert not (tmp_path / "j.db").exists()


def test_the_key_and_the_anchor_are_required(tmp_path):
    path = tmp_path / "j.db"
    fill(path, 3)
    key = path.with_name("j.db.key")
    assert key.stat().st_mode & 0o777 == 0o600
    key.chmod(0o644)
    with pytest.raises(JournalError, match="readable by others"):
        Journal(path)
    key.chmod(0o600)
    anchor = path.with_name("j.db.anchor")
    saved = anchor.read_bytes()
    anchor.unlink()
    with pytest.raises(JournalTampered, match="anchor-missing"):
        Journal(path)
    doc = json.loads(saved)
    doc["seq"] = 2  # moved back without the key: its MAC no longer holds
    anchor.write_text(json.dumps(doc))
    with pytest.raises(JournalTampered, match="anchor-forged"):
        Journal(path)
    anchor.write_bytes(saved)
    key.rename(tmp_path / "elsewhere.key")
    with pytest.raises(JournalError, match="key is missing"):
        Journal(path)
    with Journal(path, key_path=tmp_path / "elsewhere.key") as j:
        assert j.verify().ok


def test_verify_opens_read_only_and_never_changes_the_file(tmp_path):
    import hashlib
    import shutil

    fill(tmp_path / "j.db", 6)
    copy = tmp_path / "copy"
    copy.mkdir()
    for name in ("j.db", "j.db.key", "j.db.anchor"):
        shutil.copy2(tmp_path / name, copy / name)
    before = hashlib.sha256((copy / "j.db").read_bytes()).hexdigest()
    assert main(["journal", "verify", str(copy / "j.db")]) == 0
    assert main(["journal", "verify", "--all", "--json", str(copy / "j.db")]) == 0
    assert hashlib.sha256((copy / "j.db").read_bytes()).hexdigest() == before
    with open_for_check(copy / "j.db") as j, pytest.raises(JournalError, match="read-only"):
        j.append("input", {})


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    n=st.integers(3, 12),
    op=st.sampled_from(["edit_payload", "edit_kind", "edit_ts", "delete", "swap"]),
    data=st.data(),
)
def test_any_single_tampering_is_found_at_the_right_row(tmp_path_factory, n, op, data):
    path = tmp_path_factory.mktemp("j") / "j.db"
    fill(path, n)
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
    if op == "swap":
        assert first.what == "reordered" and first.seq in (k, m)
    else:
        assert first.seq == (k + 1 if op == "delete" else k)
        assert first.what == {"delete": "deleted"}.get(op, "edited")


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


def test_export_carries_the_posted_limits_and_fee_schedule_the_table_used(tmp_path):
    """A round exported from a table replays under the same posted limits and collection: a wager under the
    table's minimum is refused in the replay as it was at the table, and the pot's fee is the posted one."""
    from rules.round.events import event_from_json
    from terminal.scenario import load_scenario, run

    with Journal(tmp_path / "j.db", clock=FakeClock()) as j:
        j.append(
            "config",
            {
                "game": "holdem/marysville",
                "seats": 9,
                "limits": {"min_cents": 2500, "max_cents": 50000},
                "fee_schedule": "marysville/texas-holdem/gega-002279/1",
            },
        )
        j.append(ROUND_KIND, event_from_json({"type": "shuffle", "source": "shuffler"}).to_json())
    out = tmp_path / "export.yaml"
    assert main(["journal", "export", "-o", str(out), str(tmp_path / "j.db")]) == 0
    doc = yaml.safe_load(out.read_text())
    assert doc["table"] == {
        "seats": 9,
        "limits": {"min_cents": 2500, "max_cents": 50000},
        "fee_schedule": "marysville/texas-holdem/gega-002279/1",
    }
    sc = load_scenario(out)  # replay reads both back
    run(sc)
