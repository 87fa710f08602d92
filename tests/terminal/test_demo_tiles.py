"""The demo's Pai Gow Tiles tables, one per room (config/tables/paigowtiles*.yaml), each reached with ``t``
and played on the console on emulated devices: the dice cup reads the three dice, the emulated trays read each played position's four tiles, ``h`` sets
every hand the House Way, the settlement is paid from the Action button with the room's posted collection, and the
journal exported as a scenario replays to the same settlement (``replay --check``). A wrong tile read by a
tray raises the round's DUPLICATE_CARD ruling; the dealer keys the position on the tile picker."""

from __future__ import annotations

import pytest
import yaml

from terminal.commands.run import DEMO_TABLES
from terminal.tiles_scenario import check_tiles, load_tiles_scenario, run_tiles
from terminal.tiles_table import TILES_KIND, export_tiles
from tests.terminal.test_demo_tables import demo_app, text_of, until

#: Each room's demo table (config/tables/<name>.yaml), on the demo's ``t`` after Capitol's.
ROOM_TABLES = {
    "capitol": "paigowtiles",
    "oaks": "paigowtiles-oaks",
    "tres-lounge": "paigowtiles-tres-lounge",
    "marysville": "paigowtiles-marysville",
}


async def reach_by_t(app, pilot, room: str) -> None:
    """From the demo table before ``room``'s, ``t`` deals ``room``'s Pai Gow Tiles table."""
    from terminal.console.app import DealerScreen

    first = app.controller
    assert await until(pilot, lambda: bool(first.drivers))
    assert await until(pilot, lambda: isinstance(app.screen, DealerScreen))  # `t` acts on the dealer screen
    await pilot.press("t")
    assert await until(pilot, lambda: app.controller is not first and bool(app.controller.drivers))
    assert app.controller.game.id == f"paigowtiles/{room}" and app.backend is app.controller
    assert app.controller.config.table.fee_schedule  # each room's table posts its own collection


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


@pytest.mark.parametrize("room", ["capitol", "oaks", "tres-lounge", "marysville"])
async def test_the_tiles_demo_table_deals_and_settles_a_round(tmp_path, monkeypatch, room):
    app = demo_app(tmp_path, monkeypatch, DEMO_TABLES.index(ROOM_TABLES[room]) - 1)
    async with app.run_test(size=(140, 44)) as pilot:
        await reach_by_t(app, pilot, room)
        c = app.controller
        await start_round(app, pilot)
        r = c.tiles_round
        assert r is not None and r.first_set is not None
        played = c.needed()
        assert 1 in played and set(played) - {1} == {w.seat for w in r.wagers}
        assert await until(pilot, lambda: not c.missing()), c.view().next_step  # every tray read
        assert c.step().value == "setting"
        # `e` acts (the players' settings): the keys line shows it, and `?` lists it
        assert await until(pilot, lambda: "tile-picker" in app.view.keys)
        await pilot.pause()
        line = text_of(app.screen.query_one("#keys").content)
        assert " e  tile picker " in line, line
        await pilot.press("question_mark")
        assert await until(pilot, lambda: bool(app._notifications))
        (help_,) = [n for n in app._notifications if n.title == "All keys"]
        assert "e  tile picker" in help_.message
        reads = [e for e in c.journal.journal.entries(kind=TILES_KIND) if e.payload["type"] == "tiles"]
        assert sorted(e.payload["seat"] for e in reads) == sorted(played)
        assert {e.payload["source"] for e in reads} == {"reader"}
        await pilot.press("h")
        assert await until(pilot, lambda: c.outcome() is not None)
        out = c.outcome()
        assert out["action"] == r.action
        assert await until(pilot, lambda: "tile-picker" not in app.view.keys)  # settled: nothing to key
        assert out["fees"] > 0  # the room's posted collection (its table's fee_schedule)
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


def shows_alert(app, alert) -> bool:
    """The screen (the app's painted view, what ``x`` acts on) shows ``alert`` as the one to clear."""
    shown = app.view.active_alert if app.view is not None else None
    return shown is not None and (shown.code, shown.seat) == (alert.code, alert.seat)


def focused(app, widget_id: str) -> bool:
    """The widget with ``widget_id`` has the keyboard (a dialog is mounted and ready for keys)."""
    return app.focused is not None and app.focused.id == widget_id


def mounted(app, selector: str) -> bool:
    """The current screen's ``selector`` is mounted (it can be clicked)."""
    return bool(app.screen.query(selector))


async def test_a_wrong_tile_read_stops_the_table_and_the_dealer_keys_it_on_the_picker(tmp_path, monkeypatch):
    from collections import Counter

    from rules.paigowtiles.house_way import set_house_way
    from rules.paigowtiles.tiles import ALL_TILES
    from terminal.console.app import DealerScreen, PinScreen
    from terminal.console.tile_picker import TilePicker
    from terminal.console.view import ConsoleInput

    app = demo_app(tmp_path, monkeypatch, DEMO_TABLES.index("paigowtiles"))
    c = app.controller
    async with app.run_test(size=(140, 44)) as pilot:
        assert await until(pilot, lambda: c.drivers and all(d.state == "ok" for d in c.devices.values()))
        assert await until(pilot, lambda: isinstance(app.screen, DealerScreen))  # the fault keys act there
        await pilot.press("9")  # demo key: the trays' next read (after the round's first) repeats a face
        await start_round(app, pilot)
        dup = lambda: [a for a in c.view().alerts if a.code == "DUPLICATE_CARD"]  # noqa: E731
        assert await until(pilot, lambda: bool(dup())), c.view().next_step
        (alert,) = dup()
        # Capitol files no ruling for a tile the set does not hold: the floor is called (CALL_FLOOR)
        assert (alert.severity, alert.ruling, alert.clear_role) == ("stop", "CALL_FLOOR", "floor")
        assert alert.cite == "not filed" and "more than the set holds" in alert.message
        wrong = alert.seat
        assert await until(pilot, lambda: c.missing() == [wrong]), c.missing()  # the other trays read
        assert c.step().value == "stopped"
        said = await c.submit(
            ConsoleInput("tiles.place", "dealer", "picker", {"seat": wrong, "tiles": "6-6 6-6 1-1 1-1"})
        )
        assert said.startswith("DUPLICATE_CARD holds the table")  # nothing is keyed while the STOP holds …
        # … until the floor clears it with the floor's PIN. `x` clears the alert the screen shows (the app's
        # last painted view, repainted at most repaint_hz times a second), which can lag the controller on a
        # loaded machine: wait until the screen shows this alert, then press (no retry, no sleep).
        assert await until(pilot, lambda: shows_alert(app, alert))
        await pilot.press("x")
        assert await until(pilot, lambda: isinstance(app.screen, PinScreen) and focused(app, "pin-input"))
        await pilot.press(*"2222", "enter")
        assert await until(pilot, lambda: c.step().value == "dealing"), c.step()
        # The dealer keys the position's four tiles on the picker: four of the faces no position holds.
        held = Counter(str(t) for ts in c.tiles_round.tiles.values() for t in ts)
        keyed = list((Counter(str(t) for t in ALL_TILES) - held).elements())[:4]
        await pilot.press("e")
        assert await until(
            pilot, lambda: isinstance(app.screen, TilePicker) and mounted(app, f"#tile-{keyed[0]}")
        )
        picker = app.screen
        assert (picker.seat, picker.mode) == (wrong, "tiles")
        for face in keyed:
            await pilot.click(f"#tile-{face}")
        assert picker.chosen == keyed
        await pilot.press("s")
        assert await until(pilot, lambda: not c.missing()), c.view().next_step
        placed = [
            e.payload for e in c.journal.journal.entries(kind=TILES_KIND) if e.payload["type"] == "tiles"
        ]
        assert placed[-1] == {
            "round": c.round_no,
            "type": "tiles",
            "seat": wrong,
            "tiles": " ".join(keyed),
            "source": "picker",
        }
        # A player sets his own hand on the picker (m: the setting; high two, then low two).
        player = next(s for s in c.unset() if s != c.tiles_round.player_dealer)
        setting = set_house_way(c.tiles_round.tiles[player], c.tiles_round.chart)
        await pilot.press("e")
        assert await until(pilot, lambda: isinstance(app.screen, TilePicker) and mounted(app, "#tile-6-6"))
        picker = app.screen
        while picker.seat != player:
            await pilot.press("right")
        if picker.mode != "set":
            await pilot.press("m")
        for t in (*setting.high, *setting.low):
            await pilot.click(f"#tile-{t}")
        await pilot.press("s")
        assert await until(pilot, lambda: player in c.tiles_round.hands)
        assert c.tiles_round.hands[player].how == "as set"
        await pilot.press("h")  # the rest (the player-dealer's among them) set the House Way
        assert await until(pilot, lambda: c.outcome() is not None), c.view().next_step
        assert c.journal.journal.verify().ok
        doc = export_tiles(c.journal.journal, c.game)
    c.close()
    assert [a["code"] for a in doc["expect"]["alerts"]] == ["DUPLICATE_CARD"]
    path = tmp_path / "export.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    sc = load_tiles_scenario(path)
    _, lines = run_tiles(sc)
    assert check_tiles(sc, lines) == []


async def test_the_dealer_keys_the_dice_on_the_picker_at_a_table_without_a_dice_cup(tmp_path, monkeypatch):
    """Item 3 of issue 18: no dice cup, so the dealer keys the three dice on the tile picker's dice rows; the
    roll is journaled as the cup's would be (a round ``dice`` event, source ``dealer``) and the round goes on."""
    from terminal.commands.run import build_app, demo_tables
    from terminal.config import load_config
    from terminal.console.tile_picker import TilePicker
    from terminal.console.view import ConsoleInput
    from terminal.journal import ROUND_KIND
    from tests.terminal.test_demo_tables import QUIET_LINK

    monkeypatch.setenv("DEALER_TERMINAL_STATE_DIR", str(tmp_path))
    base = load_config(None, env={"DEALER_TERMINAL_STATE_DIR": str(tmp_path)}, demo=True)
    cfg = demo_tables(base)[DEMO_TABLES.index("paigowtiles")]
    cfg = cfg.model_copy(update={"devices": {n: d for n, d in cfg.devices.items() if d.kind != "dice_cup"}})
    assert [d.kind for d in cfg.devices.values()] == ["tile_reader"]
    app = build_app(cfg, tables=[cfg])  # the demo's layout: seat 1 banks, the others wager
    app.controller.link_config = QUIET_LINK
    c = app.controller
    async with app.run_test(size=(140, 44)) as pilot:
        assert await until(pilot, lambda: c.drivers and all(d.state == "ok" for d in c.devices.values()))
        assert await until(pilot, lambda: bool(c.board.wagers) and c.bank_cents > 0)
        early = await c.submit(ConsoleInput("tiles.dice", "dealer", "picker", {"dice": [2, 3, 4]}))
        assert early.startswith("the dice are keyed only while the round waits for them")
        await pilot.press("n")
        if c.state.start is None:
            assert await until(pilot, lambda: c.step().value == "betting"), c.step()
            await pilot.press("n")
        assert await until(pilot, lambda: c.step().value == "dice"), c.step()
        assert c.view().next_step == "key the dice" and "tile-picker" in c.view().keys
        # the role gate first: the floor's name with nobody logged in as floor is refused
        said = await c.submit(ConsoleInput("tiles.dice", "floor", "picker", {"dice": [2, 3, 4]}))
        assert "floor PIN" in said and not c.state.dice
        said = await c.submit(ConsoleInput("tiles.dice", "dealer", "picker", {"dice": [0, 3, 7]}))
        assert said.startswith("the dice are three values 1 to 6") and not c.state.dice
        await pilot.press("e")
        assert await until(pilot, lambda: isinstance(app.screen, TilePicker) and mounted(app, "#die-2-4"))
        picker = app.screen
        assert picker.mode == "dice"
        await pilot.press("s")  # nothing picked yet: the picker says so and stays open
        assert "three dice" in picker.said and app.screen is picker
        for row, value in enumerate((2, 3, 4)):  # 9: the player-dealer's own set first (seed 003 L527)
            await pilot.click(f"#die-{row}-{value}")
        assert picker.dice == [2, 3, 4]
        await pilot.press("s")
        assert await until(pilot, lambda: tuple(c.state.dice or ()) == (2, 3, 4)), c.view().next_step
        dice = [
            e.payload for e in c.journal.journal.entries(kind=ROUND_KIND) if e.payload.get("type") == "dice"
        ]
        assert [(d["dice"], d["source"]) for d in dice] == [([2, 3, 4], "dealer")]
        r = c.tiles_round
        # counted from the player-dealer as 1, 9 is the player-dealer's set; the Action goes to the next
        # player with a wager (seed 003 L527)
        assert r.player_dealer == 1 and r.first_set == 1
        wagered = {w.seat for w in r.wagers}
        assert r.action != 1 and r.action in wagered
        assert await until(pilot, lambda: not c.missing()), c.view().next_step  # the trays read
        await pilot.press("h")
        assert await until(pilot, lambda: c.outcome() is not None)
        out = c.outcome()
        assert out["action"] == r.action and c.bank_cents == out["bank_after"]
        assert c.journal.journal.verify().ok
        doc = export_tiles(c.journal.journal, c.game)
    c.close()
    (ev,) = [e for e in doc["events"] if e["type"] == "dice"]
    assert (ev["dice"], ev["source"]) == ([2, 3, 4], "dealer")
    path = tmp_path / "export.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    sc = load_tiles_scenario(path)
    _, lines = run_tiles(sc)
    assert check_tiles(sc, lines) == []
    assert sc.expect["outcome"]["bank_after"] == out["bank_after"]


async def test_capitols_bank_goes_on_counterclockwise_on_the_screen(tmp_path, monkeypatch):
    """Capitol's Pai Gow Tiles offers the bank "starting at seat #1 … counterclockwise every two hands" (seed
    003 L527, the game file's rotation.offer_direction): once seat 1 has banked two settled rounds, `n` is
    refused with the seat the bank goes to (8, not 2), `a` gives it there, the header shows it, and the
    journal folds to the same player-dealer. (Two whole rounds through the rotation: test_paigowtiles_rotation.)"""
    from terminal.console.app import DealerScreen, SeatPanel
    from terminal.table.restore import fold_journal
    from terminal.table.state import BankSettled

    app = demo_app(tmp_path, monkeypatch, DEMO_TABLES.index("paigowtiles"))
    c = app.controller
    async with app.run_test(size=(140, 44)) as pilot:
        assert await until(pilot, lambda: c.drivers and isinstance(app.screen, DealerScreen))
        assert await until(pilot, lambda: c.player_dealer == 1 and c.bank_cents > 0)  # the demo's layout
        for n in (1, 2):  # the bank's settlement of two rounds (the event a settled round journals)
            await c.record(BankSettled(n, c.bank_cents))
        assert c.table.rotation.due is not None and c.table.next_banker == 8
        await pilot.press("n")
        said = "gives it to seat 8, the next seat counterclockwise"
        assert await until(pilot, lambda: any(said in n.message for n in app._notifications))
        assert c.round_no == 0 and c.state.start is None  # refused: nothing dealt
        await pilot.press("a")
        # between rounds the layout shows the player-dealer's seat (★PD on its panel)
        assert await until(pilot, lambda: app.view is not None and app.view.betting_player_dealer == 8)
        await pilot.pause()
        marked = [
            p.seat.seat for p in app.screen.query(SeatPanel) if p.seat is not None and p.seat.player_dealer
        ]
        assert marked == [8]
        t = c.config.table
        folded = fold_journal(c.journal.journal.entries(), t.game, t.seats, t.fee_schedule, c.rules_for)
        assert folded.player_dealer == 8 and folded.rotation == c.table.rotation
    c.close()
