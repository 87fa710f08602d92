"""Issue 24 item 1: an emulator process restarted on its pty mid-stream, with the same and with a new
boot id. The host re-opens the session, raises DEVICE_RESTARTED, and every read arrives exactly once.

Real pty, real pyserial transport, the emulator in its own process; waits are generous and bounded,
nothing depends on speed.
"""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path
from typing import Any

import pytest

from devices import DeviceSpec, open_device
from devices.events import CardRead, DeviceRestarted, ShoeEmpty
from firmware_bridge.emulators import build_emulator
from firmware_bridge.emulators.process import EmulatorProcess

PROFILE = """\
kind: shoe
description: one deck read at about 50 reads a second (restart test)
identity: {model: DT-Shoe emulated, serial: EMU-SHOE-RST, firmware_version: 1.4.2}
seed: 2424
reads: {source: deck, interval: 0.02}
"""


async def _wait_for(pred: Any, what: str, limit: float = 90.0) -> None:
    waited = 0.0
    while not pred():
        if waited > limit:
            raise AssertionError(f"gave up waiting for {what}")
        await asyncio.sleep(0.05)
        waited += 0.05


@pytest.mark.parametrize("same_boot_id", [True, False], ids=["same-boot-id", "new-boot-id"])
async def test_emulator_process_restart_mid_stream_loses_and_repeats_nothing(
    tmp_path: Path, same_boot_id: bool
) -> None:
    profile = tmp_path / "shoe-restart.yaml"
    profile.write_text(PROFILE, encoding="utf-8")
    deck = build_emulator(profile)._cards  # the order the seeded shoe deals
    boot = 0x0BAD_B007 if same_boot_id else None
    with EmulatorProcess(profile, tmp_path) as emu:
        emu.start(boot_id=boot)
        spec = DeviceSpec("shoe", "shoe", f"pty://{emu.link}")
        reads: list[CardRead] = []
        restarts: list[DeviceRestarted] = []
        empty = asyncio.Event()
        async with open_device(spec, handshake_timeout=60) as dev:

            async def consume() -> None:
                async for ev in dev.events():
                    if isinstance(ev, CardRead):
                        reads.append(ev)
                    elif isinstance(ev, DeviceRestarted):
                        restarts.append(ev)
                        dev.acknowledge_restart()
                    elif isinstance(ev, ShoeEmpty):
                        empty.set()

            task = asyncio.create_task(consume())
            await _wait_for(lambda: len(reads) >= 15, "15 reads before the restart")
            await asyncio.to_thread(emu.kill, signal.SIGKILL)  # mid-stream: reads in flight
            before = len(reads)
            await asyncio.to_thread(emu.start, boot_id=boot)
            await asyncio.wait_for(empty.wait(), 120)
            task.cancel()
    assert before < len(deck)  # the restart really came mid-stream
    assert len(restarts) == 1
    if same_boot_id:
        assert restarts[0].boot_id == boot
    assert [r.number for r in reads] == list(range(1, len(deck) + 1))  # none lost, none twice
    assert [r.card for r in reads] == deck
