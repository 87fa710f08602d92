"""A Pai Gow Tiles round per room through the table's controller (terminal/tiles_table.py) on a real journal:
the dice cup's and the trays' events (the drivers' event types), the House Way, the settlement from the
Action button with the chips conserved, a restart in the middle of the round resumed from the journal, the
journal exported as a scenario that ``replay --check`` accepts, and a player's mis-set hand ruled as each
room files it. The console and the emulated devices end to end: tests/terminal/test_demo_tiles.py."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
import yaml

from devices.events import DiceRolled
from devices.tilereader import TilesRead
from rules.paigowtiles.tiles import ALL_TILES
from terminal.config import load_config
from terminal.console.view import ConsoleInput
from terminal.controller import controller_class
from terminal.journal import Journal
from terminal.paths import config_dir
from terminal.table.state import LayoutFilled
from terminal.tiles_scenario import check_tiles, load_tiles_scenario, run_tiles
from terminal.tiles_table import TilesController, export_tiles

ROOMS = ("capitol", "oaks", "tres-lounge", "marysville")


def table(room: str):
    cfg = load_config(config_dir() / "tables" / "paigowtiles.yaml", demo=False)
    t = cfg.table.model_copy(update={"game": f"paigowtiles/{room}", "fee_schedule": None})
    return cfg.model_copy(update={"table": t, "devices": {}})


async def open_round(path: Path, room: str, dice=(3, 3, 3), cfg=None) -> TilesController:
    cfg = cfg if cfg is not None else table(room)
    assert controller_class(cfg) is TilesController
    c = TilesController(cfg, Journal(path))
    await c.start()
    layout = LayoutFilled(((2, "main", 2000), (3, "main", 1000), (5, "main", 1500)), 1, 50_000)
    await c.record(layout, {"input": ConsoleInput("wager.fill", "dealer", "test").to_json()})
    assert await c.submit(ConsoleInput("new-round")) is not None  # the tiles washed (recorded)
    await c.submit(ConsoleInput("new-round"))
    assert c.state.start is not None and c.step().value == "dice"
    if dice is not None:  # the cup's roll (None: the round waits for its dice)
        await c.on_device_event(DiceRolled(device="dice", d1=dice[0], d2=dice[1], d3=dice[2]))
    return c


def washed(seed: int) -> list[str]:
    faces = [str(t) for t in ALL_TILES]
    random.Random(seed).shuffle(faces)
    return faces


@pytest.mark.parametrize("room", ROOMS)
async def test_a_round_per_room_reads_sets_settles_and_replays(tmp_path: Path, room: str) -> None:
    path = tmp_path / "j.sqlite3"
    c = await open_round(path, room)
    r = c.tiles_round
    # 9 counted from the player-dealer (seat 1) as 1 lands on it: it takes the first set, and the Action
    # button goes to the next player with a wager (seed 002 L722-723, seed 003 L527; every room's round:)
    assert r is not None and r.first_set == 1 and r.action in (2, 3, 5)
    assert sorted(c.needed()) == [1, 2, 3, 5] and c.step().value == "dealing"
    assert set(r.collected()) == {4, 6, 7, 8}  # the unplayed sets, face down
    tiles = washed(18)
    for n, seat in enumerate(c.needed()[:2]):
        read = TilesRead(device="tiles", position=seat, tiles=tuple(tiles[4 * n : 4 * n + 4]), number=n + 1)
        await c.on_device_event(read)
    c.close()
    # A restart in the middle of the round: the journal gives back the round, its dice and the two reads.
    c = TilesController(table(room), Journal(path))
    assert c.tiles_round is not None and len(c.tiles_round.tiles) == 2 and len(c.missing()) == 2
    for n, seat in enumerate(c.missing(), start=2):
        read = TilesRead(device="tiles", position=seat, tiles=tuple(tiles[4 * n : 4 * n + 4]), number=n + 1)
        await c.on_device_event(read)
    assert c.step().value == "setting" and sorted(c.unset()) == [1, 2, 3, 5]
    assert await c.submit(ConsoleInput("house-way")) == "4 hand(s) set the House Way"
    ways = [
        e.payload["seat"] for e in c.journal.journal.entries(kind="tiles") if e.payload["type"] == "house_way"
    ]
    assert ways[-1] == 1  # the player-dealer sets after the players (seed 003 L529)
    out = c.outcome()
    assert out is not None and c.step().value == "settlement"
    assert [w["seat"] for w in out["wagers"]][0] == c.tiles_round.action  # paid from the Action button
    moved = sum(w["paid"] - w["collected"] for w in out["wagers"])
    assert out["bank_after"] == out["bank_before"] - moved  # the chips the bank pays are the players'
    assert c.bank_cents == out["bank_after"]
    assert c.journal.journal.verify().ok
    doc = export_tiles(c.journal.journal, c.game)
    c.close()
    f = tmp_path / "export.yaml"
    f.write_text(yaml.safe_dump(doc, sort_keys=False))
    sc = load_tiles_scenario(f)
    assert check_tiles(sc, run_tiles(sc)[1]) == []
    assert sc.expect["outcome"]["bank_after"] == out["bank_after"]


@pytest.mark.parametrize(
    ("room", "severity", "ruling"),
    [("tres-lounge", "info", "CONTINUE"), ("capitol", "stop", "CALL_FLOOR")],
)
async def test_a_player_setting_his_low_above_his_high_is_the_rooms_ruling(
    tmp_path: Path, room: str, severity: str, ruling: str
) -> None:
    c = await open_round(tmp_path / "j.sqlite3", room)
    sets = {1: "6-6 6-6 1-1 1-1", 2: "2-1 4-2 5-5 6-4", 3: "4-4 4-4 3-1 3-1", 5: "5-4 6-3 5-3 6-2"}
    for seat, tiles in sets.items():
        said = await c.submit(ConsoleInput("tiles.place", "dealer", "picker", {"seat": seat, "tiles": tiles}))
        assert said is None
    said = await c.submit(ConsoleInput("undo"))
    assert said is not None and said.startswith("the tiles are being read: key the position again")
    assert c.state.dice  # the dice stand
    # a position keyed again replaces its tiles (a correction; the journal keeps both)
    assert (
        await c.submit(
            ConsoleInput("tiles.place", "dealer", "picker", {"seat": 5, "tiles": "5-4 6-3 6-2 5-3"})
        )
        is None
    )
    assert [str(t) for t in c.tiles_round.tiles[5]] == ["5-4", "6-3", "6-2", "5-3"]
    said = await c.submit(
        ConsoleInput("tiles.set", "dealer", "picker", {"seat": 3, "high": "3-1 3-1", "low": "4-4 4-4"})
    )
    assert said is not None and said.startswith("HOUSE_WAY_MISSET")
    (alert,) = [a for a in c.view().alerts if a.code == "HOUSE_WAY_MISSET"]
    assert (alert.severity, alert.ruling, alert.seat) == (severity, ruling, 3)
    if ruling == "CONTINUE":  # Tres Lounge (seed 002 L726): the higher two tiles play as the high hand
        h = c.tiles_round.hands[3]
        assert [str(t) for t in h.high] == ["4-4", "4-4"] and c.step().value == "setting"
    else:
        assert 3 not in c.tiles_round.hands and c.step().value == "stopped"
    c.close()


async def test_a_bad_seat_a_short_read_and_a_set_collected_unplayed(tmp_path: Path) -> None:
    c = await open_round(tmp_path / "j.sqlite3", "capitol")
    said = await c.submit(
        ConsoleInput("tiles.place", "dealer", "picker", {"seat": 9, "tiles": "6-6 6-6 1-1 1-1"})
    )
    assert said == "position 9 is not at this table"
    await c.on_device_event(TilesRead(device="tiles", position=2, tiles=("6-6", "1-1", "1-1"), number=1))
    (short,) = [a for a in c.view().alerts if a.code == "UNREADABLE_CARD"]
    assert short.seat == 2 and "read 3 of 4 tiles" in short.message and 2 in c.missing()
    assert c.picker_seat() == (c.missing()[0], "tiles")
    await c.on_device_event(
        TilesRead(device="tiles", position=4, tiles=("6-6", "6-6", "1-1", "1-1"), number=2)
    )
    (alert,) = [a for a in c.view().alerts if a.code == "EXPOSED_CARD"]
    assert alert.seat == 4 and "collected unplayed" in alert.message and alert.severity == "stop"
    said = await c.submit(
        ConsoleInput("tiles.place", "dealer", "picker", {"seat": 2, "tiles": "5-5 5-5 3-3 3-3"})
    )
    assert said is not None and said.startswith(
        "EXPOSED_CARD holds the table: only its clearing by the floor"
    )
    c.close()


async def test_journal_export_of_a_tiles_table_replays_check(tmp_path: Path) -> None:
    """``dealer-terminal journal export`` of a tiles table writes the tiles scenario; ``replay --check`` passes."""
    import subprocess
    import sys

    path = tmp_path / "j.sqlite3"
    c = await open_round(path, "capitol", dice=(1, 2, 3))
    tiles = washed(7)
    for n, seat in enumerate(c.needed()):
        await c.submit(
            ConsoleInput(
                "tiles.place", "dealer", "picker", {"seat": seat, "tiles": " ".join(tiles[4 * n : 4 * n + 4])}
            )
        )
    await c.submit(ConsoleInput("house-way"))
    assert c.outcome() is not None
    c.close()
    out = tmp_path / "round.yaml"
    cli = [sys.executable, "-m", "terminal.cli"]
    done = subprocess.run(
        [*cli, "journal", "export", str(path), "-o", str(out)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    doc = yaml.safe_load(out.read_text())
    assert doc["game"] == "paigowtiles/capitol" and doc["events"][0]["type"] == "round_start"
    assert [e["source"] for e in doc["events"] if e["type"] == "tiles"] == ["picker"] * 4
    done = subprocess.run([*cli, "replay", "--check", str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "OUTCOME" in done.stdout


def test_the_table_controller_still_has_every_method_the_tiles_table_extends() -> None:
    """The tiles table extends the table controller's methods by name: a rename there fails here, by name."""
    from terminal.controller import TableController

    extends = (
        "_submit",
        "_settle_if_due",
        "on_device_event",
        "_drive_devices",
        "_house_way",
        "facts",
        "view",
        "round_start_event",
        "demo_fill",
    )
    for name in extends:
        assert name in vars(TilesController), name
        assert callable(getattr(TableController, name, None)), f"TableController.{name} is gone"
    uses = (
        "_refuse",
        "_unauthorised",
        "_health",
        "_delivered_entry",
        "record",
        "_show",
        "device_of",
        "step",
    )
    for name in uses:
        assert callable(getattr(TableController, name, None)), f"TableController.{name} is gone"


async def test_a_tres_lounge_backline_is_on_the_layout_and_settles_after_its_seat(tmp_path: Path) -> None:
    """Tres Lounge files a backline bettor per seat, settled after the seat's player, clockwise from the Action
    (seed 002 L744): the layout has its spot, and the table settles it in that place."""
    cfg = table("tres-lounge")
    c = TilesController(cfg, Journal(tmp_path / "j.sqlite3"))
    await c.start()
    assert c.spots == ["main", "backline"]
    wagers = ((2, "backline", 1000), (2, "main", 2000), (3, "main", 1000), (5, "main", 1500))
    await c.record(
        LayoutFilled(wagers, 1, 50_000), {"input": ConsoleInput("wager.fill", "dealer", "test").to_json()}
    )
    await c.submit(ConsoleInput("new-round"))
    await c.submit(ConsoleInput("new-round"))
    await c.on_device_event(DiceRolled(device="dice", d1=3, d2=3, d3=3))
    assert {(w.seat, w.name) for w in c.tiles_round.wagers} >= {(2, "main"), (2, "backline")}
    tiles = washed(3)
    for n, seat in enumerate(c.needed()):
        await c.on_device_event(
            TilesRead(device="tiles", position=seat, tiles=tuple(tiles[4 * n : 4 * n + 4]), number=n + 1)
        )
    await c.submit(ConsoleInput("house-way"))
    out = c.outcome()
    assert out is not None
    order = [(w["seat"], w["spot"]) for w in out["wagers"]]
    assert order.index((2, "backline")) == order.index((2, "main")) + 1
    c.close()


async def play_out(c: TilesController, seed: int) -> dict:
    """Every played position read from its tray, the House Way set: the round settles."""
    tiles = washed(seed)
    for n, seat in enumerate(c.needed()):
        await c.on_device_event(
            TilesRead(device="tiles", position=seat, tiles=tuple(tiles[4 * n : 4 * n + 4]), number=n + 1)
        )
    await c.submit(ConsoleInput("house-way"))
    out = c.outcome()
    assert out is not None
    return out


async def next_round(c: TilesController, dice=(2, 3, 4)) -> None:
    """The tiles washed (recorded), the next round started, the cup's roll."""
    await c.submit(ConsoleInput("new-round"))
    await c.submit(ConsoleInput("new-round"))
    assert c.state.start is not None
    await c.on_device_event(DiceRolled(device="dice", d1=dice[0], d2=dice[1], d3=dice[2]))


#: The seat the bank goes on to from seat 1, in each room's offer direction.
NEXT_BANKER = {"capitol": 8, "oaks": 8, "tres-lounge": 2, "marysville": 2}


@pytest.mark.parametrize("room", ROOMS)
async def test_the_player_dealer_rotates_every_two_hands_across_a_restart(tmp_path: Path, room: str) -> None:
    """Every room's game file limits the player-dealer to two consecutive hands (seed 003 L527, seed 001
    L371-373, seed 002 L643; Marysville's Oliver rule, seed 004 L828-830, read as two): the table counts
    them through a restart from the journal, and a third is refused (BANK_ROTATION_DUE) until the bank moves."""
    (tmp_path / "a").mkdir()
    path = tmp_path / "a" / "j.sqlite3"
    c = await open_round(path, room)
    await play_out(c, 1)
    await next_round(c)
    assert c.state.banked == (1, 2)
    assert not [a for a in c.view().alerts if a.code == "BANK_ROTATION_DUE"]
    await play_out(c, 2)
    c.close()
    shutil.copytree(tmp_path / "a", tmp_path / "b")  # the same table, for the bank moving on instead
    # a restart between hands: the journal gives back who banks and for how many hands
    c = TilesController(table(room), Journal(path))
    await c.start()
    assert c.player_dealer == 1 and c.state.banked == (1, 2)
    # a third round is refused before it starts (the table's rotation, rules/banking/rotation.py), with the
    # game file's cite, on screen and in the journal
    said = await c.submit(ConsoleInput("new-round"))
    assert said is not None and said.startswith("BANK_ROTATION_DUE: seat 1 has banked 2 rounds in a row")
    assert c.table.rotation.rules.cite in said and c.table.rotation.rules.cite != "not filed"
    assert list(c.journal.journal.entries())[-1].payload["refused"] == said
    assert c.round_no == 2 and c.state.banked == (1, 2)
    c.close()
    # the bank moves on instead: the next round is the new player-dealer's first, with no alert
    c = TilesController(table(room), Journal(tmp_path / "b" / "j.sqlite3"))
    await c.start()
    # the room's offer direction (rotation.offer_direction): Capitol's and the Oaks' tiles go on
    # counterclockwise from seat 1 to seat 8 (seed 003 L527, seed 001 L373), the others clockwise to seat 2
    nxt = NEXT_BANKER[room]
    assert await c.submit(ConsoleInput("bank-accepted")) == f"seat {nxt} takes the bank from the next round"
    await next_round(c)
    assert c.state.banked == (nxt, 1) and c.tiles_round is not None and c.tiles_round.player_dealer == nxt
    assert not [a for a in c.view().alerts if a.code == "BANK_ROTATION_DUE"]
    await play_out(c, 3)
    c.close()


@pytest.mark.parametrize(
    ("room", "schedule"),
    [
        ("capitol", "capitol/pai-gow-tiles/1"),
        ("oaks", "oaks/pai-gow-tiles/1"),
        ("tres-lounge", "tres-lounge/pai-gow-tiles/1"),
        ("marysville", "marysville/pai-gow-tiles/gega-002888-2024-part1/1"),
    ],
)
async def test_each_rooms_example_table_settles_with_its_posted_collection(
    tmp_path: Path, room: str, schedule: str
) -> None:
    """config/tables/paigowtiles[-room].yaml: each room's example table posts its own collection schedule, and
    a round there settles with that collection taken (the player-dealer's and the players' fees)."""
    name = "paigowtiles.yaml" if room == "capitol" else f"paigowtiles-{room}.yaml"
    cfg = load_config(config_dir() / "tables" / name, demo=False)
    assert cfg.table.game == f"paigowtiles/{room}" and cfg.table.fee_schedule == schedule
    c = await open_round(tmp_path / "j.sqlite3", room, cfg=cfg.model_copy(update={"devices": {}}))
    out = await play_out(c, 5)
    assert out["fees"] > 0
    if (
        room == "tres-lounge"
    ):  # the player-dealer's $2 and $0.50 per player wagering $5-$40 (seed 002 L97-104)
        assert out["fees"] == 200 + 3 * 50
    assert c.bank_cents == out["bank_after"]
    c.close()


async def test_a_restart_after_the_game_changed_takes_only_this_rounds_tiles(tmp_path: Path) -> None:
    """The demo's `t` changes the game on the same journal, and round numbers start again at 1 for the new
    game: a restart must take the tiles of the round in play, not those of another game's round 1."""
    path = tmp_path / "j.sqlite3"
    c = await open_round(path, "capitol")
    assert c.round_no == 1
    await play_out(c, 11)
    c.close()
    c = await open_round(path, "oaks", dice=(1, 2, 3))  # the game changes: its round 1
    assert c.round_no == 1 and c.game.id == "paigowtiles/oaks"
    assert c.tiles_round is not None and not c.tiles_round.tiles
    tiles = washed(12)
    seat = c.needed()[0]
    await c.on_device_event(TilesRead(device="tiles", position=seat, tiles=tuple(tiles[:4]), number=1))
    c.close()
    c = TilesController(table("oaks"), Journal(path))
    await c.start()
    r = c.tiles_round
    assert c.round_no == 1 and r is not None and list(r.tiles) == [seat]
    assert [str(t) for t in r.tiles[seat]] == tiles[:4] and c.outcome() is None and not c.tiles_problem
    await play_out_rest(c, tiles)
    out = c.outcome()
    # the export is this game's round 1, not Capitol's: its tiles, and what the table paid
    doc = export_tiles(c.journal.journal, c.game)
    c.close()
    assert doc["game"] == "paigowtiles/oaks"
    assert sorted(e["seat"] for e in doc["events"] if e["type"] == "tiles") == sorted(c.needed())
    assert doc["events"][1]["dice"] == [1, 2, 3]
    f = tmp_path / "export.yaml"
    f.write_text(yaml.safe_dump(doc, sort_keys=False))
    sc = load_tiles_scenario(f)
    assert check_tiles(sc, run_tiles(sc)[1]) == []
    assert sc.expect["outcome"]["bank_after"] == out["bank_after"]


async def play_out_rest(c: TilesController, tiles: list[str]) -> None:
    for n, seat in enumerate(c.needed()):
        if seat not in c.tiles_round.tiles:
            await c.on_device_event(
                TilesRead(device="tiles", position=seat, tiles=tuple(tiles[4 * n : 4 * n + 4]), number=n + 1)
            )
    await c.submit(ConsoleInput("house-way"))
    assert c.outcome() is not None


async def test_keyed_dice_are_the_cups_roll_through_a_restart(tmp_path: Path) -> None:
    """Dice keyed by the dealer (no cup) are journaled as the cup's roll: the same first set and Action as a
    cup's roll of the same dice, and a restart gives them back from the journal (source ``dealer``)."""
    cup = await open_round(tmp_path / "cup.sqlite3", "capitol", dice=(1, 2, 3))
    expect = (cup.tiles_round.first_set, cup.tiles_round.action)
    cup.close()
    path = tmp_path / "keyed.sqlite3"
    c = await open_round(path, "capitol", dice=None)
    assert c.step().value == "dice" and c.picker_seat() == (1, "dice")
    bad = await c.submit(ConsoleInput("tiles.dice", "dealer", "picker", {"dice": [1, 2]}))
    assert bad.startswith("the dice are three values 1 to 6")
    await c.submit(ConsoleInput("tiles.dice", "dealer", "picker", {"dice": [1, 2, 3]}))
    assert (c.tiles_round.first_set, c.tiles_round.action) == expect
    again = await c.submit(ConsoleInput("tiles.dice", "dealer", "picker", {"dice": [6, 6, 6]}))
    assert again.startswith("the dice are keyed only while the round waits for them")
    c.close()
    c = TilesController(table("capitol"), Journal(path))  # a restart: the journal gives the dice back
    assert tuple(c.state.dice) == (1, 2, 3) and (c.tiles_round.first_set, c.tiles_round.action) == expect
    assert c.picker_seat()[1] == "tiles"
    c.close()
