"""Group commit in the controller's device intake: card reads that arrived together are journaled in one
SQLite transaction (one fsync), and acknowledged only after it — on a real pty, a real shoe emulator and
the real journal, whose statements are counted through SQLite's own trace hook."""

from __future__ import annotations

import asyncio
import re
import threading
from pathlib import Path

from firmware_bridge.emulators.runner import start_pty_emulator
from terminal.controller import TableController
from terminal.journal import ROUND_KIND, Journal
from tests.devices.tables import table_with, wait_for

PROFILE = """\
kind: shoe
description: one deck read at about 50 reads a second (group commit test)
identity: {model: DT-Shoe emulated, serial: EMU-SHOE-GC, firmware_version: 1.4.2}
seed: 2402
reads: {source: deck, interval: 0.02}
"""


def _transactions(statements: list[str]) -> list[list[str]]:
    """The kinds of the rows each committed transaction inserted, in commit order."""
    out: list[list[str]] = []
    rows: list[str] = []
    for sql in statements:
        if sql.startswith("BEGIN"):
            rows = []
        elif sql.startswith("INSERT INTO journal "):
            m = re.search(r"VALUES \(\d+, '[^']*', '([^']*)'", sql)
            assert m is not None, sql
            rows.append(m.group(1))
        elif sql == "COMMIT":
            out.append(rows)
    return out


async def test_reads_that_arrive_together_are_committed_in_one_transaction(
    tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setenv("DEALER_TERMINAL_STATE_DIR", str(tmp_path))
    profile = tmp_path / "shoe-group-commit.yaml"
    profile.write_text(PROFILE, encoding="utf-8")
    emulator = start_pty_emulator(profile)
    try:
        cfg = table_with(tmp_path, {"shoe": ("shoe", f"pty://{emulator.path}")})
        c = TableController(cfg, Journal(cfg.journal.path))
        statements: list[str] = []
        c.journal.journal._db.set_trace_callback(statements.append)  # the journal's own connection
        await c.start()
        devices = asyncio.create_task(c.run_devices())
        try:
            await wait_for(lambda: "shoe" in c.drivers and c.drivers["shoe"].identity is not None, "the shoe")
            drv = c.drivers["shoe"]
            # Hold the journal's writer (its one worker thread) while the shoe goes on reading: the read in
            # hand waits for its commit, and the next ones queue behind it, unacknowledged.
            gate = threading.Event()
            c.journal._pool.submit(gate.wait)
            await wait_for(lambda: drv.queue_depth >= 4, "4 reads waiting behind the held journal")
            waiting = drv.queue_depth
            # The shoe still holds them as not acknowledged (the reads queued and the one in hand).
            assert len(emulator.emulator.link.pending_messages()) >= waiting + 1
            before = sum(t.count(ROUND_KIND) for t in _transactions(statements))
            gate.set()
            await wait_for(
                lambda: sum(t.count(ROUND_KIND) for t in _transactions(statements)) >= before + waiting + 1,
                "the held reads committed",
            )
        finally:
            devices.cancel()
            await asyncio.gather(devices, return_exceptions=True)
            c.close()
    finally:
        emulator.stop()
    commits = _transactions(statements)
    reads = [t.count(ROUND_KIND) for t in commits]
    # One transaction took every read that had queued while the journal was held (and the device's
    # delivered counter with them): one commit, one fsync, for all of them.
    grouped = max(reads)
    assert grouped >= waiting, (waiting, reads)
    batch = commits[reads.index(grouped)]
    assert batch == [ROUND_KIND] * grouped + ["device.delivered"]
    assert sum(reads) > len([n for n in reads if n])  # fewer commits than reads
