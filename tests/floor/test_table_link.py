"""The table side as the terminal runs it: the floor section of the table config (validated by
``config check``), the controller starting the link, rounds dealt through the real controller reaching
the room's archive; and the maintenance screen's line."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from terminal.config import check_config
from terminal.controller import open_table
from terminal.scenario import load_scenario
from tests.floor.harness import (
    ROOM,
    FloorProcess,
    Table,
    assert_exactly_once,
    keys_dir,
    wait_for,
    wait_subscribed,
)
from tests.floor.servers import Mosquitto

REPO = Path(__file__).resolve().parents[2]
SCENARIO = REPO / "tests" / "scenarios" / "capitol-paigow-rule-33-boxed-card-replaced-from-leftovers.yaml"


def _config(tmp_path: Path, floor: str) -> tuple[object, list[object]]:
    f = tmp_path / "t.yaml"
    f.write_text(
        "table: {id: t-ctl, game: paigow/capitol, seats: 7, limits: {min_cents: 500, max_cents: 100000}}\n"
        f"journal: {{path: {tmp_path / 'j.db'}}}\n" + floor
    )
    return check_config([f], env={})  # type: ignore[return-value]


@pytest.mark.parametrize(
    ("floor", "words"),
    [
        ("floor: {broker: 'http://x'}", "mqtt://host[:port]"),
        ("floor: {broker: 'mqtt://h:70000'}", "out of range"),
        ("floor: {broker: 'mqtts://h', ca_file: /nonexistent/ca.crt}", "no such file"),
        ("floor: {broker: 'mqtt://h', ca_file: {f}}", "use mqtts://"),
        ("floor: {broker: 'mqtts://h', cert_file: {f}}", "go together"),
        ("floor: {room: 'a/b'}", "pattern"),
    ],
)
def test_config_check_names_what_is_wrong_with_the_floor_section(
    tmp_path: Path, floor: str, words: str
) -> None:
    some_file = tmp_path / "x.pem"
    some_file.write_text("x")
    cfg, problems = _config(tmp_path, floor.replace("{f}", str(some_file)) + "\n")
    assert cfg is None
    assert any(words in str(p) and "floor" in str(p) for p in problems), problems


def test_rounds_dealt_by_the_controller_reach_the_archive(
    tmp_path: Path, database: str, broker: Mosquitto
) -> None:
    cfg, problems = _config(
        tmp_path, f"floor: {{broker: 'mqtt://127.0.0.1:{broker.port}', room: {ROOM}, retry_max_seconds: 1}}\n"
    )
    assert not problems, problems
    c = open_table(cfg, None)  # type: ignore[arg-type]
    assert c.floor_link is not None
    table = Table(tmp_path, "t-ctl", broker.port)
    table.journal = c.journal.journal
    floor = FloorProcess(database, broker.port, keys_dir(tmp_path, [table]), tmp_path / "floor.log")
    floor.start()
    try:
        wait_subscribed(database, broker.port)

        async def deal() -> None:
            await c.start()
            for e in load_scenario(SCENARIO).events:
                await c.apply_event(e)

        asyncio.run(deal())
        assert_exactly_once(database, [table])
        wait_for(
            "the maintenance line shows the link connected and nothing waiting",
            lambda: "connected; 0 waiting for the broker, 0 not yet archived" in c.floor_link_line(),
        )
    finally:
        floor.stop()
        c.close()


def test_no_floor_no_link(tmp_path: Path) -> None:
    cfg, problems = _config(tmp_path, "")
    assert not problems
    c = open_table(cfg, None)  # type: ignore[arg-type]
    try:
        assert c.floor_link is None
        assert c.journal.journal.outbox is False
        assert c.floor_link_line() == "floor link: off (no broker configured)"
    finally:
        c.close()
