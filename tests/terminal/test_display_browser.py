"""The players' display in a real browser: Playwright driving the OS's Chromium against the page served by
uvicorn on loopback.

After a replayed shoe the roads the browser shows (read from the live DOM) match the hand-worked
fixture; a coup journaled while the page is open appears on it without a reload (server-sent events).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright import sync_api

from terminal.display.app import CELL, create_app
from terminal.display.demo import Served, journal_with, shoe_events
from tests.terminal.test_roads_cli import FIXTURE

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

READ_ROAD = """(road) => Array.from(document.querySelectorAll(`#${road} .entry`)).map((e) => [
    e.getAttribute('class').split(' ')[1],
    Number(e.getAttribute('cx') ?? e.getAttribute('x1')),
    Number(e.getAttribute('cy') ?? e.getAttribute('y1')),
])"""


@pytest.fixture
def page(tmp_path: Path) -> Iterator[tuple[Path, Any]]:
    assert CHROMIUM is not None, "Chromium is not installed: `make test` installs it (tools/os-packages.sh)"
    path = tmp_path / "table.db"
    journal_with(path, shoe_events(FIXTURE["shoe"]))
    with Served(create_app(path, poll=0.05)) as served, sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            p = browser.new_page(viewport={"width": 1920, "height": 1080})
            p.goto(served.url + "/")
            yield path, p
        finally:
            browser.close()


def grid(entries: list[list[Any]]) -> list[str]:
    glyph = {"banker": "B", "player": "P", "tie": "T", "red": "R", "blue": "B"}
    cells = {(int(x // CELL), int(y // CELL)): glyph[cls] for cls, x, y in entries}
    width = max(x for x, _ in cells) + 1
    return ["".join(cells.get((x, y), ".") for x in range(width)) for y in range(6)]


def test_the_browser_shows_the_replayed_shoes_roads(page: tuple[Path, Any]) -> None:
    _, p = page
    for road in ("bead_plate", "big_road", "big_eye_boy", "small_road", "cockroach_pig"):
        assert grid(p.evaluate(READ_ROAD, road)) == FIXTURE[road], road
    assert p.locator("#big_road svg").is_visible()


def test_a_journaled_coup_appears_without_a_reload(page: tuple[Path, Any]) -> None:
    path, p = page
    p.wait_for_selector(f'#roads[data-coups="{len(FIXTURE["shoe"])}"]')
    p.evaluate("window.__same_document = true")
    journal_with(path, shoe_events("P", seed=11)[1:])  # one more coup in the same shoe
    p.wait_for_selector(f'#roads[data-coups="{len(FIXTURE["shoe"]) + 1}"]', timeout=60_000)
    assert p.evaluate("window.__same_document") is True  # updated in place, not reloaded
    assert p.locator("#recent span").first.get_attribute("title") == "player"


def test_the_page_fits_a_phone_and_a_wall_screen_without_scrolling_sideways(page: tuple[Path, Any]) -> None:
    _, p = page
    p.wait_for_selector("#pay-tables table")
    for width, height in ((1920, 1080), (390, 844)):
        p.set_viewport_size({"width": width, "height": height})
        assert p.evaluate("document.documentElement.scrollWidth") <= width, width
    assert p.locator("#big_road svg").is_visible()  # a road wider than the phone scrolls inside its box
