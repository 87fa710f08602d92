"""The floor's web pages with the real servers: PostgreSQL, Mosquitto, tables publishing their journals
through their floor links, and ``dealer-floor run`` serving the pages on loopback; the room page driven
in the OS's Chromium by Playwright.

- an alert journaled at a table appears on the open room page without a reload (a generous bound: how
  fast is measured by ``benchmarks/floor_page_latency.py``, never asserted here);
- the login refuses a wrong password; "on my way" and logout work through the page;
- a POST without the CSRF token, or from another origin, is refused and changes nothing;
- the shift report's totals (HTML and the PDF's title) equal the fees of the tables' own journals.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from playwright import sync_api

from tests.floor.harness import ROOM
from tests.floor.pages import ALERT, PASSWORD, SUPERVISOR, Client, Room, journal_round

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
BOUND_MS = 120_000
# One room (PostgreSQL, Mosquitto, dealer-floor) for the module: its tests stay on one xdist worker
# (`make test` runs --dist loadgroup).
pytestmark = pytest.mark.xdist_group("floor-pages")


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    with Room(tmp_path_factory.mktemp("room")) as r:
        for i, t in enumerate(r.tables):
            for k in range(3):
                journal_round(t, game="paigow/capitol", fee_cents=125 + 10 * i + k, bank=50_000)
        # a corrected settlement: the round's fee is its last settlement's, not the sum of both
        journal_round(r.tables[0], game="paigow/capitol", fee_cents=75, bank=50_000, corrected_from=300)
        r.wait_archived()
        yield r


def _journal_fees(room: Room) -> dict[str, int]:
    """Each table's fees from its own journal: the last settlement of each round."""
    out = {}
    for t in room.tables:
        assert t.journal is not None
        last = {
            e.payload["round"]: e.payload["fee_cents"] for e in t.journal.entries() if e.kind == "settlement"
        }
        out[t.table] = sum(last.values())
    return out


def fits_a_wall_screen_and_a_phone(p: Any) -> None:
    """The page scrolls no wider than a 1920 px wall screen or a 390 px phone."""
    for width, height in ((390, 844), (1920, 1080)):
        p.set_viewport_size({"width": width, "height": height})
        assert p.evaluate("document.documentElement.scrollWidth") <= width, (p.url, width)


def test_an_alert_journaled_at_a_table_appears_on_the_open_room_page(room: Room) -> None:
    assert CHROMIUM is not None, "Chromium is not installed: `make test` installs it (tools/os-packages.sh)"
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            p = browser.new_page(viewport={"width": 1920, "height": 1080})
            p.goto(room.url + "/")
            assert p.url.endswith("/login")
            # a wrong password: refused, still on the login page, no session
            p.fill("input[name=username]", SUPERVISOR)
            p.fill("input[name=password]", PASSWORD + "x")
            p.click("button[type=submit]")
            assert "wrong user name or password" in p.inner_text("#login-error")
            assert p.url.endswith("/login")
            assert not [c for c in p.context.cookies() if c["name"] == "floor_session"]
            p.fill("input[name=username]", SUPERVISOR)
            p.fill("input[name=password]", PASSWORD)
            p.click("button[type=submit]")
            p.wait_for_selector("#table-t1")
            p.wait_for_selector("#live-state:text('connected')", timeout=BOUND_MS)
            assert p.locator("#table-t2 .alert").count() == 0
            p.evaluate("window.__same_document = true")

            t2 = room.table("t2")
            assert t2.journal is not None
            t2.journal.append("alert", ALERT)
            alert = p.wait_for_selector("#table-t2 .alert[data-code='exposed_card']", timeout=BOUND_MS)
            assert p.evaluate("window.__same_document") is True  # pushed by SSE, not a reload
            text = alert.inner_text()
            assert "Rule 33" in text and "the floor clears it" in text and "seat 5" in text
            # tables needing the floor come first
            assert "needs-floor" in (p.locator("#board section.table").first.get_attribute("class") or "")
            assert "needs-floor" in (p.locator("#table-t2").get_attribute("class") or "")

            alert.query_selector("button").click()
            p.wait_for_selector(f"#table-t2 .onmyway:text('{SUPERVISOR} is on the way')", timeout=BOUND_MS)

            fits_a_wall_screen_and_a_phone(p)
            p.click("#table-t2 h2 a")
            p.wait_for_selector("#history tr.alert")
            fits_a_wall_screen_and_a_phone(p)
            p.goto(room.url + "/reports/shift")
            p.wait_for_selector("#dealer-shifts")
            fits_a_wall_screen_and_a_phone(p)
            p.goto(room.url + "/")
            p.click("#logout")
            p.wait_for_url("**/login")
            p.goto(room.url + "/")
            assert p.url.endswith("/login")  # the session is over
        finally:
            browser.close()


def test_a_post_without_the_csrf_token_or_from_another_site_is_refused(room: Room) -> None:
    c = Client(room.url)
    # the login form without its token
    status, _, body = c.request("/login", {"username": SUPERVISOR, "password": PASSWORD})
    assert status == 403 and b"CSRF" in body
    assert c.login() == 303
    t1 = room.table("t1")
    assert t1.journal is not None
    t1.journal.append("device", {"device": "shoe", "event": "CommsLost"})
    t1.journal.append("device", {"device": "shuffler", "event": "Ready"})
    seq = t1.journal.append("alert", {**ALERT, "code": "short_deck"}).seq
    room.wait_archived()
    card = c.page("/room/board").split('id="table-t1"', 1)[1].split("</section>", 1)[0]
    assert (
        '<dd class="devices fault">' in card
        and "shoe: CommsLost (fault)" in card
        and "shuffler: Ready" in card
    )
    path = f"/alerts/t1/{seq}/on-my-way"
    assert c.request(path, {})[0] == 403
    assert c.request(path, {"csrf": "not-the-token"})[0] == 403
    token = c.csrf()
    assert c.request(path, {"csrf": token}, headers={"Origin": "http://evil.example"})[0] == 403
    assert c.request("/logout", {})[0] == 403
    with psycopg.connect(room.dsn) as conn:
        marks = conn.execute(
            "SELECT count(*) FROM floor_onmyway WHERE room = %s AND seq = %s", (ROOM, seq)
        ).fetchone()
    assert marks == (0,)
    assert c.request(path, {"csrf": token})[0] == 303  # with the token it goes through
    assert "/login" not in c.request("/")[1].get("location", "")  # still logged in
    # pages and the live feed need a session
    anonymous = Client(room.url)
    assert anonymous.request("/")[0] == 303
    assert anonymous.request("/room/events")[0] == 401
    assert anonymous.request("/reports/shift")[0] == 303
    # the JSON API: a tool on this machine, or staff logged in; not anyone else on the network (a client
    # seen through a proxy on this machine, which uvicorn trusts for X-Forwarded-For)
    remote = {"X-Forwarded-For": "10.1.2.3"}
    assert anonymous.request("/api/tables")[0] == 200
    assert anonymous.request("/api/tables", headers=remote)[0] == 401
    assert c.request("/api/tables", headers=remote)[0] == 200


def test_the_shift_reports_totals_equal_the_journals_fees(room: Room) -> None:
    c = Client(room.url)
    assert c.login() == 303
    html = c.page("/reports/shift")
    want = _journal_fees(room)
    got = {t: int(cents) for t, cents in re.findall(r'<tr data-table="([^"]+)">.*?data-cents="(\d+)"', html)}
    assert got == want
    total = re.search(r'id="room-total".*?data-cents="(\d+)"', html, re.S)
    assert total is not None and int(total.group(1)) == sum(want.values())
    rounds = re.search(r'id="room-total">.*?class="n rounds">(\d+)<', html, re.S)
    assert rounds is not None and int(rounds.group(1)) == sum(t.rounds for t in room.tables)
    assert html.count('<svg class="chart"') == 5 and "http" not in re.sub(
        r'xmlns="http[^"]+"', "", html.split("<main>")[1]
    )
    # the JSON API's shift figures count a corrected round once too
    shift = json.loads(c.page("/api/shift"))
    assert {t["table"]: t["fee_cents"] for t in shift["tables"]} == want
    assert shift["totals"]["rounds"] == sum(t.rounds for t in room.tables)
    assert shift["totals"]["settlements"] == shift["totals"]["rounds"] + 1
    status, headers, pdf = c.request("/reports/shift.pdf")
    assert status == 200 and headers["content-type"] == "application/pdf" and pdf.startswith(b"%PDF")
    title = re.search(rb"/Title \(([^)]*)\)", pdf)
    assert title is not None and f"fees {sum(want.values()) // 100}.".encode() in title.group(1)


def test_accounts_come_from_the_cli_and_five_wrong_passwords_lock_the_name(room: Room) -> None:
    short = room.dealer_floor("add-supervisor", "kim", "--password-stdin", stdin="short\n", ok=False)
    assert short.returncode == 2 and "12 to" in short.stderr
    room.dealer_floor("add-supervisor", "kim", "--password-stdin", stdin="kim's long password\n")
    again = room.dealer_floor(
        "add-supervisor", "kim", "--password-stdin", stdin="another long one\n", ok=False
    )
    assert again.returncode == 2 and "already exists" in again.stderr
    with psycopg.connect(room.dsn) as conn:
        (stored,) = conn.execute("SELECT password_hash FROM floor_staff WHERE username = 'kim'").fetchone()
    assert stored.startswith("scrypt$16384$8$1$") and "long" not in stored
    c = Client(room.url)
    for _ in range(5):
        assert c.login("kim", "not kim's password") == 401
    assert c.login("kim", "kim's long password") == 401  # locked for a while, even with the right one
    assert c.login("nobody", "kim's long password") == 401  # an unknown name: the same answer
    assert Client(room.url).login() == 303  # other names are not locked
