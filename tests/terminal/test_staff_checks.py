"""Maintenance's self-test and the technician's test deal, on the demo table's emulated devices."""

from __future__ import annotations

import asyncio

from rules.round import Status
from terminal.config import load_config
from terminal.console.view import ConsoleInput
from terminal.controller import open_table


async def _connected(c, n: int) -> None:
    for _ in range(400):
        if len(c.drivers) == n and all(getattr(d, "identity", None) is not None for d in c.drivers.values()):
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"devices did not connect: {c.devices}")


async def test_self_test_and_test_deal_on_emulated_devices(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("DEALER_TERMINAL_STATE_DIR", str(tmp_path))
    cfg = load_config(None, env={"DEALER_TERMINAL_STATE_DIR": str(tmp_path)}, demo=True)
    c = open_table(cfg)
    await c.start()
    pump = asyncio.create_task(c.run_devices())
    try:
        await _connected(c, len(cfg.devices))
        report = await c.submit(ConsoleInput("maint.self-test", "maintenance"))
        lines = report.splitlines()
        assert sorted(line.split(":")[0] for line in lines) == sorted(cfg.devices)
        assert all(": ok: " in line and "firmware" in line and "frames in" in line for line in lines), lines

        state_before = c.state
        result = await c.submit(ConsoleInput("tech.test-deal", "technician"))
        assert result.startswith("test deal: shuffled 53 cards; deck verified; dealt 7: "), result
        dealt = result.rsplit(": ", 1)[1].split()
        assert len(dealt) == 7 and len(set(dealt)) == 7 and "??" not in dealt
        # the test cards never reach the round
        assert c.state == state_before and c.state.status is Status.IDLE
        entries = [
            e.payload
            for e in c.journal.journal.entries(kind="device")
            if e.payload.get("event") == "test-deal"
        ]
        assert entries and entries[-1]["cards"] == dealt and entries[-1]["ok"] is True
        selftests = [e.payload for e in c.journal.journal.entries(kind="maintenance")]
        assert any(p.get("action") == "maint.self-test" and p["ok"] for p in selftests)
    finally:
        pump.cancel()
        await asyncio.gather(pump, return_exceptions=True)
        c.close()


async def test_self_test_names_a_device_that_is_not_connected(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("DEALER_TERMINAL_STATE_DIR", str(tmp_path))
    cfg = load_config(None, env={"DEALER_TERMINAL_STATE_DIR": str(tmp_path)}, demo=True)
    c = open_table(cfg)
    await c.start()
    try:  # devices never started
        report = await c.submit(ConsoleInput("maint.self-test", "maintenance"))
        assert all("FAIL, not connected" in line for line in report.splitlines())
        assert (
            await c.submit(ConsoleInput("tech.test-deal", "technician"))
        ) == "test deal: no shuffler is connected"
    finally:
        c.close()


async def test_technician_moves_a_device_to_another_address_and_it_reconnects(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("DEALER_TERMINAL_STATE_DIR", str(tmp_path))
    cfg = load_config(None, env={"DEALER_TERMINAL_STATE_DIR": str(tmp_path)}, demo=True)
    c = open_table(cfg)
    await c.start()
    pump = asyncio.create_task(c.run_devices())
    try:
        await _connected(c, len(cfg.devices))
        refused = await c.submit(
            ConsoleInput("tech.assign-device", "technician", data={"name": "nope", "url": "x"})
        )
        assert refused.startswith("no device named 'nope'")
        bad = await c.submit(
            ConsoleInput("tech.assign-device", "technician", data={"name": "dice", "url": "ftp://x"})
        )
        assert bad.startswith("address refused")
        old_driver, others = c.drivers["dice"], {n: d for n, d in c.drivers.items() if n != "dice"}
        moved = await c.submit(
            ConsoleInput(
                "tech.assign-device", "technician", data={"name": "dice", "url": "emu://dice-cup-weak"}
            )
        )
        assert "now at emu://dice-cup-weak; reconnecting" in moved
        await _connected(c, len(cfg.devices))
        assert c.drivers["dice"] is not old_driver  # reconnected at its new address
        assert all(c.drivers[n] is d for n, d in others.items())  # the others kept running
        assert c.config.devices["dice"].url == "emu://dice-cup-weak"
        last = list(c.journal.journal.entries(kind="config"))[-1].payload
        assert last["role"] == "technician"
    finally:
        pump.cancel()
        await asyncio.gather(pump, return_exceptions=True)
        c.close()


async def test_a_test_deal_that_never_finishes_is_timed_out_by_the_manual_clock_only(
    tmp_path, monkeypatch
) -> None:
    """The test deal's wait is on the controller's injectable clock (issue 16): with the shuffler jammed
    mid-packet it waits however long the machine takes, and gives up only when the manual clock passes
    its timeout (1 s here, less than the real time the test lets pass first)."""
    from firmware_bridge.clock import ManualClock
    from terminal.controller import _emulator_control

    monkeypatch.setenv("DEALER_TERMINAL_STATE_DIR", str(tmp_path))
    cfg = load_config(None, env={"DEALER_TERMINAL_STATE_DIR": str(tmp_path)}, demo=True)
    c = open_table(cfg)
    c.timer = timer = ManualClock()
    await c.start()
    pump = asyncio.create_task(c.run_devices())
    try:
        await _connected(c, len(cfg.devices))
        control = _emulator_control(c.shuffler())
        assert control is not None
        control.inject("jam")  # the next packet jams after its first card
        deal = asyncio.create_task(c._test_deal("technician", timeout=1.0))
        for _ in range(40):  # 2 s of real time pass (and the jam is reported); the manual clock stands
            await asyncio.sleep(0.05)
        assert not deal.done()
        await timer.advance(0.5, step=0.5)
        assert not deal.done()
        await timer.advance(0.5, step=0.5)
        result = await asyncio.wait_for(deal, 60)
        assert "the shuffler did not finish within 1 s" in result and result.endswith("(FAILED)"), result
    finally:
        pump.cancel()
        await asyncio.gather(pump, return_exceptions=True)
        c.close()
