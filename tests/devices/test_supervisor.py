"""The device supervisor on real ptys with emulators: stopping it leaves nothing running, a driver that
raises is restarted alone, and a device that cannot be opened is opened once it is there."""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import threading
import warnings
from pathlib import Path
from typing import Any

from devices.supervisor import Backoff, Driver
from firmware_bridge.emulators.runner import start_pty_emulator
from terminal.controller import TableController
from terminal.journal import Journal
from tests.devices.tables import table_with, wait_for

PROFILES = Path(__file__).resolve().parents[2] / "config" / "emulators"


def _identified(c: TableController, *names: str) -> bool:
    return all(getattr(c.drivers.get(n), "identity", None) is not None for n in names)


async def test_cancelling_the_devices_leaves_no_task_and_no_warning(
    tmp_path: Path, monkeypatch, caplog
) -> None:
    monkeypatch.setenv("DEALER_TERMINAL_STATE_DIR", str(tmp_path))
    cfg = table_with(
        tmp_path, {"shoe": ("shoe", "emu://shoe-basic"), "cup": ("dice_cup", "emu://dice-cup-basic")}
    )
    c = TableController(cfg, Journal(cfg.journal.path))
    loop_errors: list[dict[str, Any]] = []
    asyncio.get_running_loop().set_exception_handler(lambda loop, ctx: loop_errors.append(ctx))
    await c.start()
    devices = asyncio.create_task(c.run_devices())
    await wait_for(lambda: _identified(c, "shoe", "cup"), "both devices identified")
    assert isinstance(c.drivers["shoe"], Driver) and isinstance(c.drivers["cup"], Driver)
    assert c.supervisor is not None and c.supervisor.opened == {"shoe": 1, "cup": 1}

    devices.cancel()
    with caplog.at_level(logging.WARNING), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        await asyncio.gather(devices, return_exceptions=True)
        # Once run_devices has returned, every device task has finished and closed its port.
        assert asyncio.all_tasks() == {asyncio.current_task()}
        assert c.drivers == {}
        c.close()  # the journal's worker thread shuts down: nothing may still want it
        for _ in range(5):
            await asyncio.sleep(0)
        gc.collect()
    assert [str(w.message) for w in caught] == []
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text
    assert loop_errors == []
    assert not [t for t in threading.enumerate() if t.name.startswith("emulator ")]  # emulators stopped


async def test_a_driver_exception_restarts_that_device_only(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("DEALER_TERMINAL_STATE_DIR", str(tmp_path))
    cfg = table_with(
        tmp_path, {"shoe": ("shoe", "emu://shoe-basic"), "cup": ("dice_cup", "emu://dice-cup-basic")}
    )
    c = TableController(cfg, Journal(cfg.journal.path))
    c.device_backoff = Backoff(first=0.05, cap=0.05)
    await c.start()
    devices = asyncio.create_task(c.run_devices())
    try:
        await wait_for(lambda: _identified(c, "shoe", "cup"), "both devices identified")
        assert c.supervisor is not None
        cup_task, cup_driver = c.supervisor.task_of("cup"), c.drivers["cup"]
        shoe = c.drivers["shoe"]

        async def broken() -> list[Any]:
            raise RuntimeError("driver bug: bad state")

        shoe.next_events = broken  # the shoe's driver raises the next time it is asked for events
        shoe._queue.put()  # wake the supervisor's pending call, which returns no event …
        await wait_for(
            lambda: c.supervisor is not None and c.supervisor.opened["shoe"] == 2, "the shoe reopened"
        )
        await wait_for(lambda: _identified(c, "shoe"), "the new shoe driver identified")
        assert c.drivers["shoe"] is not shoe
        # … the cup never noticed: the same task and the same driver, opened once.
        assert c.supervisor.task_of("cup") is cup_task and not cup_task.done()
        assert c.drivers["cup"] is cup_driver and c.supervisor.opened["cup"] == 1
        assert c.supervisor.failures == {"shoe": 1, "cup": 0}
        alerts = [a for a in c.table_alerts if a.code == "DEVICE_FAULT"]
        assert [a.message for a in alerts] == [
            "shoe on emu://shoe-basic stopped on an error and is being reopened: driver bug: bad state"
        ]
        assert "reopens it by itself" in alerts[0].remedy
        failed = [
            e.payload for e in c.journal.journal.entries(kind="device") if e.payload.get("event") == "failed"
        ]
        assert failed == [
            {"device": "shoe", "event": "failed", "error": "driver bug: bad state", "retry_in": 0.05}
        ]
    finally:
        devices.cancel()
        await asyncio.gather(devices, return_exceptions=True)
        c.close()


async def test_a_device_that_cannot_be_opened_is_opened_once_it_is_there(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("DEALER_TERMINAL_STATE_DIR", str(tmp_path))
    link = tmp_path / "shoe-port"
    cfg = table_with(tmp_path, {"shoe": ("shoe", f"pty://{link}")})
    c = TableController(cfg, Journal(cfg.journal.path))
    c.device_backoff = Backoff(first=0.05, cap=0.2)
    await c.start()
    devices = asyncio.create_task(c.run_devices())
    emulator = None
    try:
        await wait_for(
            lambda: c.supervisor is not None and c.supervisor.failures["shoe"] >= 2, "two failed opens"
        )
        assert [a.message.split(":")[0] for a in c.table_alerts] == ["shoe"]  # one alert, naming the device
        assert str(link) in c.table_alerts[0].message
        emulator = start_pty_emulator("shoe-basic", profile_dir=PROFILES)
        os.symlink(emulator.path, link)  # the technician plugs the shoe in
        await wait_for(lambda: _identified(c, "shoe"), "the shoe opened on a retry")
        assert c.supervisor is not None and c.supervisor.opened["shoe"] == 1
    finally:
        devices.cancel()
        await asyncio.gather(devices, return_exceptions=True)
        c.close()
        if emulator is not None:
            emulator.stop()


async def test_a_driver_that_raises_never_takes_the_console_down(tmp_path: Path, monkeypatch) -> None:
    from terminal.commands.run import build_app
    from terminal.config import load_config
    from tests.terminal.test_demo_tables import QUIET_LINK, until

    monkeypatch.setenv("DEALER_TERMINAL_STATE_DIR", str(tmp_path))
    base = load_config(None, env={"DEALER_TERMINAL_STATE_DIR": str(tmp_path)}, demo=True)
    device = type(next(iter(base.devices.values())))
    shoe = device.model_validate({"kind": "shoe", "url": "emu://shoe-basic"})
    app = build_app(base.model_copy(update={"devices": {"shoe": shoe}}))
    c = app.controller
    c.link_config = QUIET_LINK
    c.device_backoff = Backoff(first=0.05, cap=0.05)
    async with app.run_test(size=(140, 44)) as pilot:
        assert await until(pilot, lambda: _identified(c, "shoe"))
        first = c.drivers["shoe"]

        async def broken() -> list[Any]:
            raise RuntimeError("driver bug: bad state")

        first.next_events = broken
        first._queue.put()  # wake the supervisor's pending call
        assert await until(pilot, lambda: c.supervisor is not None and c.supervisor.opened["shoe"] == 2)
        assert await until(pilot, lambda: _identified(c, "shoe") and c.drivers["shoe"] is not first)
        # The console is up, on the dealer's screen, and shows the device's alert.
        said = "shoe on emu://shoe-basic stopped on an error"
        assert await until(
            pilot, lambda: app.view is not None and any(a.message.startswith(said) for a in app.view.alerts)
        )
        assert app.is_running and type(app.screen).__name__ == "DealerScreen"
    c.close()
