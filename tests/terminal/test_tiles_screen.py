"""The Pai Gow Tiles screen is a pure function of the table's state (issue 16 item 1, as
``test_screen.py`` for the card tables): the journal folded again — the table by ``fold_journal``, the
round's tiles by ``round_log`` and ``fold_round`` — draws exactly the live screen after every step of a
round, and a restarted controller draws it too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from devices.tilereader import TilesRead
from terminal.config import load_config
from terminal.console.view import ConsoleInput, DeviceView
from terminal.journal import Journal
from terminal.paths import config_dir
from terminal.screen import Setup, Station
from terminal.table.restore import fold_journal
from terminal.table.state import LayoutFilled
from terminal.tiles_screen import fold_round, reading_cup, round_log, tiles_screen_of
from terminal.tiles_table import TilesController
from tests.test_paigowtiles_controller import table

#: Each played position's tiles; seat 3's set with its low above its high is Capitol's CALL_FLOOR stop.
TILES = {1: "6-6 6-6 1-1 1-1", 2: "2-1 4-2 5-5 6-4", 3: "4-4 4-4 3-1 3-1", 5: "5-4 6-3 5-3 6-2"}


def _replayed(c: TilesController) -> Any:
    """The screen drawn from the journal alone (folded from its first entry), with the live station."""
    t = c.config.table
    entries = list(c.journal.journal.entries())
    folded = fold_journal(entries, t.game, t.seats, t.fee_schedule, c.rules_for)
    log = round_log(((e.kind, e.payload) for e in entries), folded.round_no)
    tiles = fold_round(c.game, folded, log, c.fee_option)
    return tiles_screen_of(folded, c.station, c.setup, tiles, cup=c._cup())


async def test_the_tiles_screen_of_the_replayed_journal_is_the_live_screen(tmp_path: Path) -> None:
    """A Capitol round with keyed dice, a tray's short read, the positions keyed on the picker, a mis-set
    hand that stops the table and its clearing by the floor, and the House Way to the settlement: after
    each, the screen of the journal folded again equals the live screen and the one the console got."""
    path = tmp_path / "j.sqlite3"
    c = TilesController(table("capitol"), Journal(path))
    await c.start()
    shown: list[Any] = []
    c.attach(shown.append)
    screens: list[Any] = []

    def same(what: str) -> None:
        live = c.view()
        assert _replayed(c) == live == shown[-1], what
        screens.append(live)

    try:
        same("before any round")
        layout = LayoutFilled(((2, "main", 2000), (3, "main", 1000), (5, "main", 1500)), 1, 50_000)
        await c.record(layout, {"input": ConsoleInput("wager.fill", "dealer", "test").to_json()})
        same("the layout")
        await c.submit(ConsoleInput("new-round"))  # the tiles washed
        same("the wash")
        await c.submit(ConsoleInput("new-round"))
        assert c.view().next_step == "key the dice" and "tile-picker" in c.view().keys  # no cup
        same("the round start")
        assert await c.submit(ConsoleInput("tiles.dice", "dealer", "picker", {"dice": [1, 2, 3]})) is not None
        assert sorted(c.missing()) == sorted(TILES)
        same("the keyed dice")
        first = c.missing()[0]
        await c.on_device_event(
            TilesRead(device="tiles", position=first, tiles=("6-6", "1-1", "1-1"), number=1)
        )
        assert any(a.code == "UNREADABLE_CARD" for a in c.view().alerts)
        same("a short tray read")
        for seat in list(c.missing()):
            data = {"seat": seat, "tiles": TILES[seat]}
            assert await c.submit(ConsoleInput("tiles.place", "dealer", "picker", data)) is None
            same(f"seat {seat}'s tiles keyed")
        said = await c.submit(
            ConsoleInput("tiles.set", "dealer", "picker", {"seat": 3, "high": "3-1 3-1", "low": "4-4 4-4"})
        )
        assert said is not None and said.startswith("HOUSE_WAY_MISSET") and c.step().value == "stopped"
        same("a mis-set hand")
        assert (
            await c.submit(ConsoleInput("clear-alert", "floor", data={"code": "HOUSE_WAY_MISSET", "seat": 3}))
            is None
        )
        assert c.step().value == "setting"
        same("the floor's clearing")
        assert await c.submit(ConsoleInput("house-way")) == "4 hand(s) set the House Way"
        assert c.outcome() is not None and c.view().settlement
        same("the settlement")
        again = TilesController(c.config, Journal(path))
        try:
            # a restart draws the same screen (with the live station: device health is not journaled)
            assert tiles_screen_of(again.table, c.station, again.setup, again.tiles, cup=None) == c.view()
        finally:
            again.release()
    finally:
        c.close()
    assert len({s.next_step for s in screens}) >= 6  # the steps drew different screens


def test_the_dice_cup_reads_only_connected_and_ok() -> None:
    """The dice are keyed without a cup, or with the cup not connected or not ok (a Station fact)."""
    cfg = load_config(config_dir() / "tables" / "paigowtiles.yaml", demo=False)
    (cup,) = [n for n, d in cfg.devices.items() if d.kind == "dice_cup"]
    setup = Setup(cfg, "Pai Gow Tiles")
    off = Station.configured(cfg)
    ok = off.with_device(DeviceView(cup, "dice_cup", "ok"))
    assert reading_cup(setup, off, connected=True) is None  # not heard of yet
    assert reading_cup(setup, ok, connected=False) is None  # its driver gone
    assert reading_cup(setup, ok, connected=True) == cup
    no_cup = Setup(cfg.model_copy(update={"devices": {}}), "Pai Gow Tiles")
    assert reading_cup(no_cup, ok, connected=True) is None


async def same_at_a_commit(c: TilesController, what: str) -> None:
    """The replayed screen is the live one between two commits: the trays read on their own, and a read
    is journaled before it is folded (under the controller's journal-then-fold lock), so the two are
    compared with that lock held."""
    async with c._held():
        assert _replayed(c) == c.view(), what


async def test_the_demo_tiles_screen_with_its_dice_cup_is_the_replayed_screen(tmp_path, monkeypatch) -> None:
    """On the demo's Capitol tiles table (emulated dice cup and trays, connected): once the cup read the
    dice, once the trays read every position, and once the House Way settled the round, the screen of the
    journal folded again is the live screen; the dice are not keyed while the cup reads them."""
    from terminal.commands.run import DEMO_TABLES
    from tests.terminal.test_demo_tables import demo_app, until
    from tests.terminal.test_demo_tiles import start_round

    app = demo_app(tmp_path, monkeypatch, DEMO_TABLES.index("paigowtiles"))
    c = app.controller
    async with app.run_test(size=(140, 44)) as pilot:
        await start_round(app, pilot)  # the cup's roll, read by its sensor
        cup = c._cup()
        assert cup == "dice" and c.dice_keyable() is not None and c.view().next_step != "key the dice"
        await same_at_a_commit(c, "the cup's dice")
        assert await until(pilot, lambda: not c.missing()), c.view().next_step  # every tray read
        await same_at_a_commit(c, "the trays' reads")
        await pilot.press("h")
        assert await until(pilot, lambda: c.outcome() is not None)
        await same_at_a_commit(c, "the settlement")
        assert await until(pilot, lambda: app.view == c.view())  # the console's (posted as a message)
    c.close()
