"""Issue 24 item 2 across a terminal restart: reads the journal already holds, sent again by the shoe
after the terminal comes back, are copies. The controller resumes each driver's delivered numbers from
the journal when it opens its devices (``device.delivered`` entries, committed with the read).

Real pty, real pyserial transport, the shoe emulator in its own process with its non-volatile memory in
a file; the terminal is the real controller on a real SQLite journal. Waits are generous and bounded.
"""

from __future__ import annotations

import asyncio
import json
import signal
from pathlib import Path
from typing import Any

from firmware_bridge.emulators import build_emulator
from firmware_bridge.emulators.process import EmulatorProcess
from terminal.config import check_config
from terminal.controller import TableController
from terminal.journal import ROUND_KIND, Journal

PROFILE = """\
kind: shoe
description: one deck read at about 20 reads a second (terminal restart test)
identity: {model: DT-Shoe emulated, serial: EMU-SHOE-TRS, firmware_version: 1.4.2}
seed: 2425
reads: {source: deck, interval: 0.05}
"""


async def _stop(controller: TableController, pump: asyncio.Task[None]) -> None:
    """Stop the controller's devices (the supervisor closes every one) and close it (the terminal stops)."""
    pump.cancel()
    await asyncio.gather(pump, return_exceptions=True)
    controller.close()


async def _wait_for(pred: Any, what: str, limit: float = 120.0) -> None:
    waited = 0.0
    while not pred():
        if waited > limit:
            raise AssertionError(f"gave up waiting for {what}")
        await asyncio.sleep(0.05)
        waited += 0.05


def _cards(journal: Journal) -> list[str]:
    """The cards the journal holds as round events, in order."""
    return [str(e.payload["card"]) for e in journal.entries(kind=ROUND_KIND) if "card" in e.payload]


async def test_reads_resent_after_a_terminal_restart_are_not_journaled_twice(
    tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setenv("DEALER_TERMINAL_STATE_DIR", str(tmp_path))
    profile = tmp_path / "shoe-terminal-restart.yaml"
    profile.write_text(PROFILE, encoding="utf-8")
    deck = [str(c) for c in build_emulator(profile)._cards]  # the order the seeded shoe reads
    (tmp_path / "emu").mkdir()
    with EmulatorProcess(profile, tmp_path / "emu") as emu:
        emu.start()
        table = tmp_path / "table.yaml"
        table.write_text(
            "table: {game: paigow/capitol, seats: 7, limits: {min_cents: 500, max_cents: 100000}}\n"
            f"journal: {{path: {tmp_path / 'j.db'}}}\n"
            "devices:\n  shoe: {kind: shoe, url: 'emu://shoe-basic'}\n"
        )
        cfg, problems = check_config([table], env={})
        assert not problems, problems
        # The shoe on its pty (the config accepts /dev/ paths; the test's pty is a symlink elsewhere).
        shoe = cfg.devices["shoe"].model_copy(update={"url": f"pty://{emu.link}"})
        cfg = cfg.model_copy(update={"devices": {"shoe": shoe}})

        first = TableController(cfg, Journal(cfg.journal.path))
        await first.start()
        pump = asyncio.create_task(first.run_devices())
        reader = Journal(cfg.journal.path, read_only=True)
        await _wait_for(lambda: len(_cards(reader)) >= 5, "5 reads journaled")
        # The shoe's memory at this moment: its counter, the reads it waits to have acknowledged, its
        # place in the deck. Restored below, the shoe sends every read from here on again.
        memory = emu.state.read_text(encoding="utf-8")
        issued = int(json.loads(memory)["number"])
        await _wait_for(lambda: len(_cards(reader)) >= issued + 3, "3 more reads journaled")
        await asyncio.to_thread(emu.kill, signal.SIGKILL)  # the shoe loses power …
        await _stop(first, pump)  # … and the terminal stops
        before = _cards(reader)
        assert before == deck[: len(before)] and len(before) > issued  # reads the shoe will send again

        emu.state.write_text(memory, encoding="utf-8")
        await asyncio.to_thread(emu.start)
        second = TableController(cfg, Journal(cfg.journal.path))
        await second.start()
        pump = asyncio.create_task(second.run_devices())
        try:
            # The link delivers in order: once the deck's last card is journaled, any copy came before it.
            await _wait_for(lambda: deck[-1] in _cards(reader), "the whole deck journaled")
        finally:
            await _stop(second, pump)
        after = _cards(reader)
        reader.close()
    assert len(after) == len(set(after)), [c for c in after if after.count(c) > 1]
    assert after == deck  # every read journaled once: the resent ones were dropped as copies
    check = Journal(cfg.journal.path, read_only=True)
    delivered = [e.payload for e in check.entries(kind="device.delivered")]
    check.close()
    assert delivered and max(int(n) for n in delivered[-1]["numbers"]["shoe"].values()) == len(deck)
