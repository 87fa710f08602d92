"""The Pai Gow Tiles tile reader against its emulator over memory (the reference protocol, a manual clock):
each tray's four tiles come through as faces, an unreadable tile is an UNREADABLE_CARD event and not dropped,
and the reads play a round the same way the dealer's tile picker does."""

from __future__ import annotations

from typing import Any

import yaml

from devices.events import DeviceIdentity
from devices.tilereader import TilesRead, UnreadableTile, tile_face
from rules.banking import Outcome, Wager
from rules.paigowtiles.house_way import load_chart
from rules.paigowtiles.table_round import TilesRound
from rules.paigowtiles.tiles import ALL_TILES, face_of
from rules.paigowtiles.variant import TilesVariant
from terminal.games import load_games
from terminal.paths import config_dir
from tests.devices.conftest import profile_from


def test_tile_bytes() -> None:
    assert tile_face(0x66) == "6-6" and tile_face(0x42) == "4-2" and tile_face(0x24) == "4-2"
    assert tile_face(0) is None and tile_face(0x70) is None and tile_face(0x61) == "6-1"


async def test_trays_read_in_order(rig_factory: Any) -> None:
    rig = await rig_factory("tile-reader-basic")
    await rig.run_until(lambda r: len(r.of(TilesRead)) == 4)
    assert rig.of(DeviceIdentity)[0].kind == "tile_reader"
    reads = rig.of(TilesRead)
    assert [(r.position, r.tiles) for r in reads] == [
        (4, ("6-6", "6-6", "1-1", "1-1")),
        (2, ("2-1", "4-2", "5-5", "6-4")),
        (1, ("4-4", "4-4", "3-1", "3-1")),
        (3, ("5-4", "6-3", "5-3", "6-2")),
    ]
    assert [r.number for r in reads] == [1, 2, 3, 4]
    assert not rig.of(UnreadableTile)


async def test_an_unreadable_tile_is_reported_not_dropped(rig_factory: Any) -> None:
    rig = await rig_factory("tile-reader-basic")
    rig.emulator.inject("misread_next", rig.clock.now())
    await rig.run_until(lambda r: len(r.of(TilesRead)) == 1)
    (bad,) = rig.of(UnreadableTile)
    assert (bad.position, bad.slot, bad.raw, bad.alert_code) == (4, 1, 0, "UNREADABLE_CARD")
    assert rig.of(TilesRead)[0].tiles == ("6-6", "1-1", "1-1")


async def test_reader_reads_play_the_round(rig_factory: Any) -> None:
    """The emulated trays of the Capitol full-round scenario give the same settlement as the dealer's picker."""
    profile = profile_from("tile-reader-basic")
    rig = await rig_factory(profile)
    await rig.run_until(lambda r: len(r.of(TilesRead)) == 4)
    v = TilesVariant.from_data(load_games()["paigowtiles/capitol"].data)
    chart = load_chart(yaml.safe_load((config_dir() / "house_ways" / "paigowtiles/capitol.yaml").read_text()))
    assert v.round is not None
    wagers = (
        Wager.single(3, "main", "c", 20_000),
        Wager.single(2, "main", "b", 10_000),
        Wager.single(1, "main", "a", 5_000),
    )
    r = TilesRound(v.round, chart, v.tie_rules, 4, 50_000, wagers)
    r.roll((1, 1, 1))
    for read in rig.of(TilesRead):
        tiles = [next(t for t in ALL_TILES if t.face == face_of(f)) for f in read.tiles]
        assert r.place(read.position, tiles) == []
        r.set_hand(read.position)
    s = r.settle()
    assert [(ln.wager.seat, ln.result.outcome) for ln in s.lines] == [
        (2, Outcome.PUSH),
        (1, Outcome.LOSE),
        (3, Outcome.LOSE),
    ]


def test_the_washed_set_is_the_32_tiles() -> None:
    from collections import Counter

    from firmware_bridge.emulators.tilereader import WASHED_SET

    assert Counter(WASHED_SET) == Counter(f"{t.face[0]}-{t.face[1]}" for t in ALL_TILES)


async def test_on_demand_a_tray_reads_only_the_position_asked(rig_factory: Any) -> None:
    rig = await rig_factory("tile-reader-demo")
    start = rig.clock.now()
    await rig.run_until(lambda r: r.clock.now() >= start + 5.0)
    assert rig.of(TilesRead) == []  # nothing is placed on a tray until the terminal asks
    now = rig.clock.now()
    for position in (3, 1, 6):
        rig.emulator.inject("read", now, position=position, round=1)
    await rig.run_until(lambda r: len(r.of(TilesRead)) == 3)
    reads = rig.of(TilesRead)
    assert [r.position for r in reads] == [3, 1, 6]
    faces = [f for r in reads for f in r.tiles]
    assert len(faces) == 12
    from collections import Counter

    from firmware_bridge.emulators.tilereader import WASHED_SET

    held = Counter(WASHED_SET)
    assert all(n <= held[f] for f, n in Counter(faces).items())  # no more of a face than the set holds


async def test_a_wrong_tile_is_a_face_the_set_holds_no_more_of(rig_factory: Any) -> None:
    from collections import Counter

    from firmware_bridge.emulators.tilereader import WASHED_SET

    rig = await rig_factory("tile-reader-demo")
    rig.emulator.inject("wrong_tile_next", rig.clock.now())
    for position in range(1, 9):
        rig.emulator.inject("read", rig.clock.now(), position=position, round=7)
    await rig.run_until(lambda r: len(r.of(TilesRead)) == 8)
    faces = Counter(f for r in rig.of(TilesRead) for f in r.tiles)
    over = [f for f, n in faces.items() if n > WASHED_SET.count(f)]
    assert len(over) == 1 and faces[over[0]] == WASHED_SET.count(over[0]) + 1
