"""The built-in demo starts without loading its other tables (issue 17 item 5, first paint): ``t`` loads and
checks the next one, and a next table that does not load leaves the current table dealing, saying why."""

from __future__ import annotations

import pytest

from terminal.commands.run import DEMO_TABLES, DemoTables, build_app, demo_place
from terminal.config import DEMO_TABLE, ConfigError, load_config
from tests.terminal.test_demo_tables import manual_watchdog, until


def base_config(tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_TERMINAL_STATE_DIR", str(tmp_path))
    return load_config(None, env={"DEALER_TERMINAL_STATE_DIR": str(tmp_path)}, demo=True)


def test_demo_tables_load_when_asked_for(tmp_path, monkeypatch):
    base = base_config(tmp_path, monkeypatch)
    tables = DemoTables(base, names=(DEMO_TABLE, "no-such-table", "baccarat"))
    assert len(tables) == 3  # nothing read yet: the missing file is not noticed
    assert tables[-1].table.game == "baccarat/commission-free"
    assert tables[-1].journal == base.journal and tables[-1].roles == base.roles  # the demo's own
    with pytest.raises(ConfigError, match="no-such-table"):
        tables[1]
    assert demo_place(tables, base.table.game) == 0
    assert len(DemoTables(base)) == len(DEMO_TABLES)


async def test_t_with_a_next_table_that_does_not_load_keeps_this_table(tmp_path, monkeypatch):
    base = base_config(tmp_path, monkeypatch)
    app = build_app(base, tables=DemoTables(base, names=(DEMO_TABLE, "no-such-table")))
    manual_watchdog(app.controller)
    first = app.controller
    async with app.run_test(size=(140, 44)) as pilot:
        await pilot.press("t")
        assert await until(pilot, lambda: app.last_result and "does not load" in app.last_result)
        assert "no-such-table" in app.last_result
        assert app.controller is first and app.backend is first
        assert await until(pilot, lambda: first.drivers)  # its devices still start
    first.close()
