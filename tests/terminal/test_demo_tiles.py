"""The demo's Pai Gow Tiles table (config/tables/paigowtiles.yaml), played on the console on emulated devices:
the dice cup reads the three dice, the emulated trays read each played position's four tiles, ``h`` sets
every hand the House Way, the settlement is paid from the Action button with Capitol's collection, and the
journal exported as a scenario replays to the same settlement (``replay --check``). A wrong tile read by a
tray raises the round's DUPLICATE_CARD ruling; the dealer keys the position on the tile picker."""

from __future__ import annotations

import yaml

from terminal.commands.run import DEMO_TABLES
from terminal.tiles_scenario import check_tiles, load_tiles_scenario, run_tiles
from terminal.tiles_table import TILES_KIND, export_tiles
from tests.terminal.test_demo_tables import demo_app, until


async def start_round(app, pilot) -> None:
    c = app.controller
    assert await until(pilot, lambda: c.drivers and all(d.state == "ok" for d in c.devices.values()))
    assert await until(pilot, lambda: bool(c.board.wagers) and c.bank_cents > 0)
    assert c.player_dealer == 1
    await pilot.press("n")  # the tiles are washed (recorded), then the round starts
    if c.state.start is None:
        assert await until(pilot, lambda: c.step().value == "betting"), c.step()
        await pilot.press("n")
    assert await until(pilot, lambda: c.state.start is not None)
    assert await until(pilot, lambda: bool(c.state.dice)), c.view().next_step  # the cup's sensor


async def test_the_tiles_demo_table_deals_and_settles_a_round(tmp_path, monkeypatch):
    app = demo_app(tmp_path, monkeypatch, DEMO_TABLES.index("paigowtiles"))
    c = app.controller
    assert c.game.id == "paigowtiles/capitol"
    async with app.run_test(size=(140, 44)) as pilot:
        await start_round(app, pilot)
        r = c.tiles_round
        assert r is not None and r.first_set is not None
        played = c.needed()
        assert 1 in played and set(played) - {1} == {w.seat for w in r.wagers}
        assert await until(pilot, lambda: not c.missing()), c.view().next_step  # every tray read
        assert c.step().value == "setting"
        reads = [e for e in c.journal.journal.entries(kind=TILES_KIND) if e.payload["type"] == "tiles"]
        assert sorted(e.payload["seat"] for e in reads) == sorted(played)
        assert {e.payload["source"] for e in reads} == {"reader"}
        await pilot.press("h")
        assert await until(pilot, lambda: c.outcome() is not None)
        out = c.outcome()
        assert out["action"] == r.action and out["fees"] > 0
        assert c.bank_cents == out["bank_after"]
        assert await until(pilot, lambda: bool(app.view.settlement))
        view = app.view
        assert view.settlement and view.settlement[0].seat == out["wagers"][0]["seat"]
        assert c.step().value == "settlement"
        assert not [a for a in view.alerts if a.severity == "stop"]
        assert c.journal.journal.verify().ok
        doc = export_tiles(c.journal.journal, c.game)
    c.close()
    path = tmp_path / "export.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    sc = load_tiles_scenario(path)
    _, lines = run_tiles(sc)
    assert check_tiles(sc, lines) == []
    assert sc.expect["outcome"]["bank_after"] == out["bank_after"]
