"""A diagnostic request (echo, the device's counters) and a pairing request are timed out on the link's watchdog clock, never on
the machine's speed (issue 16): over a real pty, a device that stops answering is given up on only when
the test's manual clock passes the request's timeout."""

from __future__ import annotations

import asyncio
import time

import pytest

from devices import DeviceSpec, open_device
from devices.errors import PairingFailed
from firmware_bridge.clock import ManualClock
from firmware_bridge.emulators import build_emulator
from firmware_bridge.emulators.runner import PtyEmulator
from firmware_bridge.link import LinkConfig
from tests.devices.conftest import PROFILE_DIR


@pytest.mark.parametrize("request_", ["echo", "device_counters"])
async def test_a_request_times_out_on_the_watchdog_clock_only(request_: str) -> None:
    emu = build_emulator("panel-basic", profile_dir=PROFILE_DIR)
    watch = ManualClock()
    with PtyEmulator(emu) as server:
        spec = DeviceSpec("panel", "panel", server.path)
        async with open_device(
            spec, link_config=LinkConfig(watchdog=watch.now), ack_after_commit=False
        ) as dev:
            assert await dev.echo(b"up") == b"up"  # answered while the device talks
            server.call(lambda: emu.inject("disconnect", time.monotonic(), duration=3600.0))
            await asyncio.sleep(0.2)  # the device is silent from here on
            asked = asyncio.create_task(getattr(dev, request_)())
            for _ in range(50):  # more real time than the 2 s timeout passes: no verdict
                await asyncio.sleep(0.05)
            assert not asked.done()
            await watch.advance(1.5, step=0.5)
            assert not asked.done()
            await watch.advance(0.5, step=0.5)
            with pytest.raises(TimeoutError):
                await asyncio.wait_for(asked, 30)


async def test_a_pairing_request_times_out_on_the_watchdog_clock_only() -> None:
    """PAIR to a device that has gone silent: real time longer than the timeout gives no verdict; the
    manual clock reaching it does (PairingFailed, "no answer")."""
    emu = build_emulator("panel-basic", profile_dir=PROFILE_DIR)
    watch = ManualClock()
    with PtyEmulator(emu) as server:
        spec = DeviceSpec("panel", "panel", server.path)
        async with open_device(
            spec, link_config=LinkConfig(watchdog=watch.now), ack_after_commit=False
        ) as dev:
            server.call(lambda: emu.inject("disconnect", time.monotonic(), duration=3600.0))
            await asyncio.sleep(0.2)  # the device is silent from here on
            asked = asyncio.create_task(dev.pair(bytes(range(32)), timeout=2.0))
            for _ in range(50):  # more real time than the 2 s timeout passes: no verdict
                await asyncio.sleep(0.05)
            assert not asked.done()
            await watch.advance(1.5, step=0.5)
            assert not asked.done()
            await watch.advance(0.5, step=0.5)
            with pytest.raises(PairingFailed, match="no answer to PAIR"):
                await asyncio.wait_for(asked, 30)
