"""Every staff action passes the one role gate (``terminal.roles.authorise``) whichever way it arrives
(issue 24 item 5): a key at the console, a panel button with the console, a panel button on the headless
terminal. The issue's case: a panel button named ``maint.support-bundle`` ran as dealer with no PIN."""

from __future__ import annotations

import textwrap
from pathlib import Path

from devices.events import ButtonPressed
from terminal.commands.run import build_app, table_access
from terminal.config import load_config
from terminal.console.app import PinScreen
from terminal.console.view import ConsoleInput
from terminal.controller import open_table
from terminal.roles import Role, hash_pin

PINS = {"dealer": "2468", "floor": "1357", "technician": "8642", "maintenance": "9753"}


def table_config(tmp_path: Path, extra: str = "") -> Path:
    """A table with no devices (so nothing runs by itself), fast demo-strength PIN hashes, its journal in
    ``tmp_path``."""
    roles = "".join(f"  {r}: {{pin_hash: '{hash_pin(p, n=2**8)}'}}\n" for r, p in PINS.items())
    f = tmp_path / "table.yaml"
    f.write_text(
        textwrap.dedent(
            f"""\
            table: {{game: paigow/capitol, seats: 7, limits: {{min_cents: 500, max_cents: 100000}}}}
            security: {{demo: true}}
            journal: {{path: {tmp_path / "j.sqlite3"}}}
            """
        )
        + "roles:\n"
        + roles
        + extra
    )
    return f


def staff_ran(c) -> list[str]:
    """The staff actions the journal shows as done (not refused)."""
    return [e.payload.get("action") for e in c.journal.journal.entries(kind="maintenance")]


def refusals(c) -> list[tuple[str, str, str]]:
    return [
        (e.payload["action"], e.payload["role"], e.payload["refused"])
        for e in c.journal.journal.entries(kind="input")
        if "refused" in e.payload
    ]


async def test_headless_panel_button_named_a_staff_action_is_refused(tmp_path, monkeypatch):
    """The headless path: a panel's ButtonPressed goes straight to submit as the dealer (no console,
    no PIN can be entered). The configuration check refuses the name at load; were it to get through
    (a panel reporting an unconfigured name), the gate refuses it at run time."""
    monkeypatch.setenv("DEALER_TERMINAL_STATE_DIR", str(tmp_path))
    cfg = load_config(table_config(tmp_path), env={})
    c = open_table(cfg)
    c.access = table_access(cfg, c.journal.journal)  # as run_headless sets it
    await c.start()
    press = ButtonPressed("maint.support-bundle", True, 2500, device="panel")
    await c.on_device_event(press)
    await c.on_device_event(ButtonPressed("tech.set-game", True, 2500, device="panel"))
    assert staff_ran(c) == [] and not list(tmp_path.glob("support-*.tar.gz"))
    said = refusals(c)
    assert said[0][:2] == ("maint.support-bundle", "dealer") and "technician or maintenance PIN" in said[0][2]
    assert said[1][:2] == ("tech.set-game", "dealer") and "technician PIN" in said[1][2]
    # Nobody can be logged in headless: the same action in the maintenance role's name is refused too.
    assert "nobody is logged in as maintenance" in await c.submit(
        ConsoleInput("maint.support-bundle", "maintenance", "button")
    )
    assert staff_ran(c) == []
    c.close()


async def test_console_panel_button_and_keys_go_through_the_gate(tmp_path, monkeypatch):
    """With the console: a panel button runs only the dealer action its name (or console.buttons) maps
    to; one mapped to a mode asks that mode's PIN; a staff action sent in a role's name needs that role's
    PIN session — the maintenance screen's own buttons included."""
    monkeypatch.setenv("DEALER_TERMINAL_STATE_DIR", str(tmp_path))
    extra = "console: {buttons: {B9: maintenance}}\n"
    app = build_app(load_config(table_config(tmp_path, extra), env={}))
    c = app.controller
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        # A panel button named a staff action: the console knows no such button.
        await c.on_device_event(ButtonPressed("maint.support-bundle", True, 2500, device="panel"))
        await pilot.pause()
        assert app.last_result == "unknown button 'maint.support-bundle'"
        # A panel button mapped to maintenance opens the maintenance PIN dialog, exactly as F3.
        await c.on_device_event(ButtonPressed("B9", True, 2500, device="panel"))
        await pilot.pause()
        assert isinstance(app.screen, PinScreen) and app.screen.role is Role.MAINTENANCE
        await pilot.press("escape")
        await pilot.pause()
        # Keys: the console's privileged path refuses without a session; a forged input in the
        # maintenance role's name reaches the controller and its gate refuses it.
        assert await app.privileged("maint.support-bundle", {}) == "refused: log in with a PIN first"
        said = await c.submit(ConsoleInput("maint.support-bundle", "maintenance", "key"))
        assert "nobody is logged in as maintenance" in said
        # The floor's PIN does not open a maintenance action.
        app.access.login("floor", PINS["floor"])
        assert "needs the technician or maintenance PIN" in await c.submit(
            ConsoleInput("maint.support-bundle", "floor", "key")
        )
        app.access.logout()
        assert staff_ran(c) == []
        # With the maintenance PIN (F3) the maintenance screen's button runs it.
        await pilot.press("f3")
        await pilot.pause()
        await pilot.press(*PINS["maintenance"], "enter")
        for _ in range(100):
            if type(app.screen).__name__ == "MaintenanceScreen":
                break
            await pilot.pause(0.05)
        await pilot.click("#maint-support-bundle")
        for _ in range(200):
            if staff_ran(c):
                break
            await pilot.pause(0.05)
        assert staff_ran(c) == ["maint.support-bundle"]
        assert [e.payload["role"] for e in c.journal.journal.entries(kind="maintenance")] == ["maintenance"]
    c.close()
