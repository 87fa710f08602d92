"""Pai Gow Tiles at the table: the tile tray as a configured device, the example table's configuration."""

from __future__ import annotations

from pathlib import Path

from terminal.config import check_config
from terminal.paths import config_dir

TABLE = config_dir() / "tables" / "paigowtiles.yaml"


def test_the_example_table_with_a_tile_reader_checks_clean() -> None:
    cfg, problems = check_config([TABLE], env={})
    assert problems == []
    assert cfg is not None
    assert {n: d.kind for n, d in cfg.devices.items()} == {"dice": "dice_cup", "tiles": "tile_reader"}
    assert cfg.table.game == "paigowtiles/capitol"


def test_a_tile_reader_on_another_kinds_emulator_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "t.yaml"
    bad.write_text(TABLE.read_text().replace("emu://tile-reader-demo", "emu://dice-cup-basic"))
    _, problems = check_config([bad], env={})
    assert [(p.field, p.message) for p in problems] == [
        ("devices.tiles", "emulator profile 'dice-cup-basic' is a dice_cup, not a tile_reader")
    ]


def test_an_unknown_device_kind_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "t.yaml"
    bad.write_text(TABLE.read_text().replace("kind: tile_reader", "kind: tile_tray"))
    _, problems = check_config([bad], env={})
    assert [p.field for p in problems] == ["devices.tiles.kind"]


def test_a_tile_is_drawn_as_a_tile_not_as_an_unread_card() -> None:
    from terminal.console.render import TILE, UNREAD, card_text

    assert card_text("6-6").style == TILE and card_text("4-2").plain.strip() == "4-2"
    assert card_text("7-1").style == UNREAD  # not a tile: shown as what it is, unknown
