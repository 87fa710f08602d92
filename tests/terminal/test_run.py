"""``dealer-terminal run``: without a terminal it lists the table and exits 0; with one, the console
runs a real round on the demo table's emulated devices."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from terminal.commands.run import build_app
from terminal.config import load_config
from tests.terminal.test_demo_tables import manual_watchdog

REPO = Path(__file__).resolve().parents[2]


def test_run_without_a_tty_lists_the_table_and_exits_0(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "terminal.cli", "run"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
        env={"PATH": "", "PYTHONPATH": str(REPO), "DEALER_TERMINAL_STATE_DIR": str(tmp_path)},
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert "not a TTY" in out.stdout
    assert (
        "paigow/capitol" in out.stdout and "device shuffler: shuffler at emu://shuffler-basic" in out.stdout
    )


def test_run_with_a_bad_config_exits_2(tmp_path, capsys):
    from terminal.cli import main

    bad = tmp_path / "c.yaml"
    bad.write_text("table: {game: nope/x, seats: 7, limits: {min_cents: 1, max_cents: 2}}\n")
    assert main(["run", "--config", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:1: table.game" in err


async def test_the_demo_table_deals_a_round_on_emulated_devices(tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_TERMINAL_STATE_DIR", str(tmp_path))
    app = build_app(load_config(None, env={"DEALER_TERMINAL_STATE_DIR": str(tmp_path)}, demo=True))
    c = app.controller
    manual_watchdog(c)  # COMMS_LOST on a manual clock: a starved test process cannot trip it

    async def until(pilot, cond, steps=400):
        for _ in range(steps):
            if cond():
                return True
            await pilot.pause(0.05)
        return cond()

    async with app.run_test(size=(120, 40)) as pilot:
        assert await until(pilot, lambda: c.shuffler() is not None)
        await pilot.press("n")  # the shoe is not shuffled: new round asks the shuffler first
        assert await until(pilot, lambda: c.state.prompt.startswith("take the wagers"))
        await pilot.press("n")
        assert await until(pilot, lambda: len(c.state.placed) == 49)
        assert await until(pilot, lambda: app.view is not None and len(app.view.piles) == 7)
        assert all(len(p.hands[0].cards) == 7 for p in app.view.piles)
        await pilot.press("3")  # demo key: the shuffler reboots
        assert await until(pilot, lambda: any(a.code == "DEVICE_RESTARTED" for a in app.view.alerts))
        assert "reboot injected" in app.last_result
        # Maintenance (demo PIN 4444): the table is not live; devices and counters are shown.
        await pilot.press("f3")
        await pilot.pause()
        await pilot.press(*"4444", "enter")
        assert await until(pilot, lambda: type(app.screen).__name__ == "MaintenanceScreen")
        assert await until(pilot, lambda: "reads 49" in str(app.screen.query_one("#maint-counters").content))
        monitor = "\n".join(str(line.text) for line in app.screen.query_one("#maint-frames").lines)
        assert "CardOut(card=" in monitor and "shuffler" in monitor  # frames, hex and decoded
        assert c.view().live is False
    assert [e.payload["fault"] for e in c.journal.journal.entries(kind="demo")] == ["reboot"]
    kinds = [e.payload.get("type") for e in c.journal.journal.entries(kind="round")]
    assert kinds[:3] == ["deck_check", "shuffle", "round_start"] and kinds.count("card") == 49
    c.close()


async def test_fault_keys_are_off_on_a_real_table(tmp_path):
    from terminal.config import check_config

    f = tmp_path / "c.yaml"
    f.write_text(
        "table: {game: paigow/capitol, seats: 7, limits: {min_cents: 500, max_cents: 100000}}\n"
        f"devices: {{shoe: {{kind: shoe, url: /dev/null-shoe}}}}\njournal: {{path: {tmp_path / 'j.db'}}}\n"
    )
    cfg, problems = check_config([f], env={})
    assert not problems
    app = build_app(cfg)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert app.last_result is None or "injected" not in app.last_result
    assert not list(app.controller.journal.journal.entries(kind="demo"))
    assert "fault injection is for the demo table only" in await app.controller.inject_fault("shoe", "jam")
    app.controller.close()


async def test_run_demo_is_the_recorded_tour(tmp_path):
    from terminal.console.demo import DemoBackend

    app = build_app(load_config(None, env={"DEALER_TERMINAL_STATE_DIR": str(tmp_path)}, demo=True), demo=True)
    assert isinstance(app.backend, DemoBackend)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("c", "c")  # the shuffle, then the round starts with the layout
        await pilot.pause(0.2)
        assert app.backend.controller.state.start is not None and app.view.phase == "dealing"
    app.backend.controller.close()
