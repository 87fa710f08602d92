"""Screenshots of the web pages for the docs, taken from the real pages in Chromium (Playwright).

- ``docs/screens/players-display.png``: the players' display after the roads fixture's shoe (baccarat);
- ``docs/screens/players-display-paigow.png``: a Fortune Pai Gow table with its recent qualifying hands;
- ``docs/screens/floor-login.png``, ``floor-room.png`` (1920×1080), ``floor-room-phone.png`` (390×844),
  ``floor-table.png``, ``floor-report.png``: the floor's pages, served by the real ``dealer-floor run`` over
  PostgreSQL and Mosquitto started on loopback (``tests/floor/pages.py``), fed by tables publishing real
  journals through their floor links.

Run: ``.venv/bin/python tools/screenshots.py`` (needs chromium, mosquitto and PostgreSQL, as ``make test``).
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright import sync_api  # noqa: E402

from terminal.display.app import create_app  # noqa: E402
from terminal.display.demo import Served, journal_with, shoe_events  # noqa: E402
from terminal.scenario import load_scenario  # noqa: E402
from tests.floor.pages import ALERT, PASSWORD, SUPERVISOR, Room, journal_round  # noqa: E402

SCREENS = ROOT / "docs" / "screens"
FIXTURE = json.loads((ROOT / "tests" / "fixtures" / "baccarat_roads_example.json").read_text())
FORTUNE = (
    ROOT
    / "tests"
    / "scenarios"
    / "fortune-marysville-envy-each-holder-paid-for-every-other-qualifying-hand.yaml"
)


def display_shots(browser: sync_api.Browser, tmp: Path) -> None:
    baccarat = tmp / "baccarat.db"
    journal_with(baccarat, shoe_events(FIXTURE["shoe"]), limits=(2500, 500000))
    sc = load_scenario(FORTUNE)
    paigow = tmp / "paigow.db"
    journal_with(paigow, [e.to_json() for e in sc.events], game=sc.game.id, limits=(1000, 200000))
    for path, name in ((baccarat, "players-display.png"), (paigow, "players-display-paigow.png")):
        with Served(create_app(path)) as served:
            p = browser.new_page(viewport={"width": 1920, "height": 1080})
            p.goto(served.url + "/")
            p.wait_for_selector("#game")
            p.screenshot(path=str(SCREENS / name))
            p.close()


def floor_shots(browser: sync_api.Browser, tmp: Path) -> None:
    with Room(tmp / "room", ("bac-1", "pg-2", "pg-3", "3c-4"), poll=0.25) as room:
        games = {"bac-1": "baccarat/ez-panda8", "pg-2": "paigow/capitol", "pg-3": "paigow/fortune-marysville"}
        for i, t in enumerate(room.tables):
            for k in range(4 + 2 * i):
                journal_round(
                    t,
                    game=games.get(t.table, "threecard/capitol"),
                    fee_cents=100 + 25 * k,
                    bank=40_000 + 5_000 * i,
                )
        room.table("pg-3").journal.append("alert", ALERT)  # type: ignore[union-attr]
        room.table("3c-4").journal.append(  # type: ignore[union-attr]
            "alert",
            {**ALERT, "code": "shuffler_jam", "severity": "stop", "clear_role": "dealer", "seat": None,
             "ruling": "the round is void; wagers returned", "message": "the shuffler reports a jam",
             "cite": "seeds/capitol-threecard.md, Irregularity D"},
        )  # fmt: skip
        room.wait_archived()
        room.table("bac-1").close()  # one table offline
        p = browser.new_page(viewport={"width": 1920, "height": 1080})
        p.goto(room.url + "/login")
        p.fill("input[name=username]", SUPERVISOR)
        p.screenshot(path=str(SCREENS / "floor-login.png"))
        p.fill("input[name=password]", PASSWORD)
        p.click("button[type=submit]")
        p.wait_for_selector("#live-state:text('connected')")
        p.wait_for_selector("#table-3c-4 .alert")
        p.wait_for_selector("#table-bac-1.offline")
        p.screenshot(path=str(SCREENS / "floor-room.png"))
        phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
        phone.context.add_cookies(p.context.cookies())
        phone.goto(room.url + "/")
        phone.wait_for_selector("#table-pg-3")
        phone.screenshot(path=str(SCREENS / "floor-room-phone.png"))
        p.goto(room.url + "/tables/pg-3")
        p.screenshot(path=str(SCREENS / "floor-table.png"))
        p.goto(room.url + "/reports/shift")
        p.wait_for_selector("#totals")
        p.screenshot(path=str(SCREENS / "floor-report.png"), full_page=True)


def main() -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise SystemExit("no chromium")
    SCREENS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as d, sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            display_shots(browser, Path(d))
            floor_shots(browser, Path(d))
        finally:
            browser.close()
    print("written:", ", ".join(sorted(p.name for p in SCREENS.glob("*.png"))))


if __name__ == "__main__":
    main()
