"""Pairing from the technician screen (issue 24 item 7): on a table that requires pairing, a device that
was never paired is refused with an alert naming its port; the Pair button pairs the emulated device — its
key stored, its fingerprint shown, the key itself never shown — and the device is then accepted."""

from __future__ import annotations

import base64

from devices.keystore import FILE_NAME, Keystore
from firmware_bridge.auth import fingerprint
from terminal.commands.run import build_app
from terminal.config import load_config, state_dir
from tests.terminal.test_demo_tables import QUIET_LINK, text_of, until
from tests.terminal.test_table_flow import PINS, enter_pin


def _table(tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_TERMINAL_STATE_DIR", str(tmp_path))
    base = load_config(None, env={"DEALER_TERMINAL_STATE_DIR": str(tmp_path)}, demo=True)
    device = type(next(iter(base.devices.values())))
    shoe = device.model_validate({"kind": "shoe", "url": "emu://shoe-basic"})
    table = base.table.model_copy(update={"pairing_required": True})
    return base.model_copy(update={"table": table, "devices": {"shoe": shoe}})


async def test_the_pair_button_pairs_a_refused_device_which_is_then_accepted(tmp_path, monkeypatch) -> None:
    from textual.widgets import Input

    cfg = _table(tmp_path, monkeypatch)
    assert cfg.requires_pairing
    app = build_app(cfg)
    c = app.controller
    c.link_config = QUIET_LINK
    async with app.run_test(size=(140, 44)) as pilot:
        # Never paired: refused before its port is opened, with a STOP naming the port and the remedy.
        assert await until(pilot, lambda: app.view is not None and app.view.active_alert is not None)
        alert = app.view.active_alert
        assert (
            alert.message
            == "shoe: refused: shoe on emu://shoe-basic is not paired, and this table requires pairing"
        )
        assert alert.clear_role == "technician" and "Pair" in alert.remedy
        assert "shoe" not in c.drivers and c.devices["shoe"].state == "offline"

        await pilot.press("f2")
        assert await until(pilot, lambda: type(app.screen).__name__ == "PinScreen")
        await enter_pin(pilot, PINS["technician"])
        assert await until(pilot, lambda: type(app.screen).__name__ == "TechnicianScreen")
        app.screen.query_one("#tech-device-name", Input).value = "shoe"
        await pilot.click("#tech-pair")
        result = app.screen.query_one("#tech-result")
        assert await until(pilot, lambda: "paired" in text_of(result.content))
        said = text_of(result.content).strip()

        key = Keystore(state_dir() / FILE_NAME).key_for("shoe")
        assert key is not None and len(key) == 32  # the key is stored …
        assert said.startswith("shoe paired on emu://shoe-basic (serial ") and said.endswith(
            f"key fingerprint {fingerprint(key)}"
        )
        # … and accepted: the device proves it at the handshake of its next session.
        assert await until(pilot, lambda: getattr(c.drivers.get("shoe"), "authenticated", False))
        assert await until(pilot, lambda: c.devices["shoe"].state == "ok")
        assert c.supervisor is not None and c.supervisor.opened["shoe"] == 1  # only once paired

        # The key is never shown again: not on the screen, not in the journal, not in the device list.
        forms = [
            key.hex(),
            key.hex().upper(),
            base64.b64encode(key).decode(),
            base64.urlsafe_b64encode(key).decode(),
        ]
        screen_text = "\n".join(text_of(getattr(w, "content", "")) for w in app.screen.query("Static"))
        journal = repr([e.payload for e in c.journal.journal.entries()])
        for form in forms:
            assert form not in said and form not in screen_text and form not in journal
        paired = [
            e.payload for e in c.journal.journal.entries(kind="device") if e.payload.get("event") == "paired"
        ]
        assert paired and paired[-1]["key"] == fingerprint(key) and paired[-1]["role"] == "technician"
    c.close()


def test_config_check_refuses_turning_pairing_off_on_a_real_table(tmp_path) -> None:
    from terminal.config import check_config

    table = tmp_path / "table.yaml"
    table.write_text(
        "table: {game: paigow/capitol, seats: 7, limits: {min_cents: 500, max_cents: 100000},\n"
        "        pairing_required: false}\n"
        "devices:\n  shoe: {kind: shoe, url: /dev/dealer/shoe}\n"
    )
    _, problems = check_config([table], env={})
    mine = [p for p in problems if p.field == "table.pairing_required"]
    assert len(mine) == 1 and mine[0].where == f"{table}:2"
    assert "a real table cannot turn pairing off: shoe must prove its key" in mine[0].message
    # Unset, pairing is required on a real table, and not on a table of emulators.
    table.write_text(
        "table: {game: paigow/capitol, seats: 7, limits: {min_cents: 500, max_cents: 100000}}\n"
        "devices:\n  shoe: {kind: shoe, url: 'emu://shoe-basic'}\n"
    )
    cfg, problems = check_config([table], env={})
    assert cfg is not None and not cfg.requires_pairing
    real = cfg.model_copy(
        update={"devices": {"shoe": cfg.devices["shoe"].model_copy(update={"url": "/dev/dealer/shoe"})}}
    )
    assert real.requires_pairing
