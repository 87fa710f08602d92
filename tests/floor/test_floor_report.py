"""Shift reports without servers: ``dealer-floor report --journal`` from a table's own journal, and the
report's figures from entries (a corrected settlement counted once, alerts by code, bank rotations,
device faults, fees by hour and game)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

from floor.cli import main
from floor.report import build, money
from floor.web import render_report
from terminal.journal import Journal
from tests.floor.pages import ALERT

T0 = datetime(2026, 11, 26, 8, 0, tzinfo=UTC)


def _entry(
    seq: int, minutes: int, kind: str, payload: dict[str, object], table: str = "t1"
) -> dict[str, object]:
    ts = (T0 + timedelta(minutes=minutes)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    return {"table": table, "seq": seq, "ts": ts, "kind": kind, "payload": payload}


def test_the_reports_figures() -> None:
    entries = [
        _entry(1, -90, "config", {"game": "paigow/capitol", "fee_schedule": "capitol-5"}),  # before the shift
        _entry(2, 5, "settlement", {"round": 1, "fee_cents": 300}),
        _entry(3, 6, "settlement", {"round": 1, "fee_cents": 250}),  # corrected: this one counts
        _entry(4, 70, "settlement", {"round": 2, "fee_cents": 125}),
        _entry(5, 71, "alert", ALERT),
        _entry(6, 72, "table", {"event": "BankPassed", "seat": 3}),
        _entry(7, 73, "device", {"device": "shoe", "event": "CommsLost"}),
        _entry(8, 74, "device", {"device": "shoe", "event": "CardRead"}),  # not a fault
        _entry(9, 75, "config", {"game": "threecard/capitol"}),
        _entry(10, 80, "settlement", {"round": 3, "fee_cents": 50}),
        _entry(11, 600, "settlement", {"round": 4, "fee_cents": 999}),  # after the shift
        _entry(1, 10, "settlement", {"round": 1, "fee_cents": 7}, table="t2"),
    ]
    r = build(entries, T0, T0 + timedelta(hours=8), "test")
    t1, t2 = r.tables
    assert (t1.rounds, t1.fee_cents, t1.alerts, t1.rotations, t1.device_faults) == (3, 425, 1, 1, 1)
    assert (t2.rounds, t2.fee_cents, t2.games) == (1, 7, ["?"])
    assert t1.games == ["paigow/capitol", "threecard/capitol"]
    assert r.by_game["paigow/capitol"] == (2, 375) and r.by_game["threecard/capitol"] == (1, 50)
    assert r.by_schedule == {"capitol-5": 375, "none": 57}
    assert [(h.hour, n, f) for h, n, f in r.by_hour[:2]] == [(8, 2, 257), (9, 2, 175)]
    assert len(r.by_hour) == 8 and r.fee_cents == 432
    assert r.alerts_by_code == [("exposed_card", ALERT["ruling"], ALERT["cite"], 1)]
    assert money(123456) == "1,234.56" and money(-5) == "-0.05"


def test_rounds_are_split_by_dealer_session_from_the_journals_logins() -> None:
    dealer, floor = {"role": "dealer"}, {"role": "floor"}
    entries = [
        _entry(1, -60, "auth.login", dealer),  # a session open before the window
        _entry(2, 5, "settlement", {"round": 1, "fee_cents": 100}),
        _entry(3, 20, "auth.logout", dealer),
        _entry(4, 25, "settlement", {"round": 2, "fee_cents": 40}),  # no dealer logged in
        _entry(5, 30, "auth.login", dealer),
        _entry(6, 35, "settlement", {"round": 3, "fee_cents": 200}),
        _entry(7, 36, "alert", ALERT),
        _entry(8, 38, "auth.login", floor),  # one session at a time: the floor's login ends the dealer's
        _entry(9, 39, "auth.logout", floor),
        _entry(10, 40, "auth.login", dealer),
        _entry(11, 45, "settlement", {"round": 4, "fee_cents": 300}),
        _entry(12, 46, "settlement", {"round": 4, "fee_cents": 250}),  # corrected: counts once
        _entry(1, 50, "settlement", {"round": 1, "fee_cents": 7}, table="t2"),  # no login ever
    ]
    r = build(entries, T0, T0 + timedelta(hours=8), "test")
    got = [
        (
            s.table,
            s.login and int((s.login - T0).total_seconds() // 60),
            s.logout and int((s.logout - T0).total_seconds() // 60),
            s.rounds,
            s.fee_cents,
            s.alerts,
        )
        for s in r.dealer_shifts
    ]
    assert got == [
        ("t1", None, None, 1, 40, 0),
        ("t1", -60, 20, 1, 100, 0),
        ("t1", 30, 38, 1, 200, 1),
        ("t1", 40, None, 1, 250, 0),
        ("t2", None, None, 1, 7, 0),
    ]
    assert sum(s.fee_cents for s in r.dealer_shifts) == r.fee_cents
    # a session wholly before the window is not listed; one open across its start is
    later = build(entries, T0 + timedelta(minutes=38), T0 + timedelta(hours=8), "test")
    assert [(s.table, s.rounds) for s in later.dealer_shifts] == [("t1", 0), ("t1", 1), ("t2", 1)]
    html = render_report(r, "room")
    assert html.count('<tr data-table="t1"><td>t1</td><td>') >= 4 and "still logged in" in html


def test_a_report_from_a_tables_own_journal(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    with Journal(path) as j:
        j.append("config", {"game": "paigow/capitol", "table_id": "pg-3", "seats": 7})
        for n, fees in enumerate([[100], [300, 200], [75]], 1):
            for fee in fees:
                j.append("settlement", {"round": n, "fee_cents": fee})
        j.append("alert", ALERT)
    out = tmp_path / "r.html"
    assert main(["report", "--journal", str(path), "--html", str(out)]) == 0
    html = out.read_text()
    assert "Shift report, table pg-3" in html
    total = re.search(r'id="room-total".*?class="n rounds">(\d+)<.*?data-cents="(\d+)"', html, re.S)
    assert total is not None and total.groups() == ("3", "375")
    assert "exposed_card" in html and html.count('<svg class="chart"') == 5
    assert main(["report", "--journal", str(tmp_path / "none.db"), "--html", str(out)]) == 2


def test_the_report_of_rounds_dealt_by_the_real_controller_equals_its_journals_fees(tmp_path: Path) -> None:
    import asyncio

    from terminal.config import check_config
    from terminal.controller import open_table
    from terminal.scenario import load_scenario

    cfg_file = tmp_path / "t.yaml"
    cfg_file.write_text(
        "table: {id: bac-9, game: baccarat/commission-free, seats: 9, limits: {min_cents: 1000, max_cents: 200000},"
        " fee_schedule: the101/commission-free-baccarat/gega-002034/1}\n"
        f"journal: {{path: {tmp_path / 'j.db'}}}\n"
    )
    cfg, problems = check_config([cfg_file], env={})
    assert not problems, problems
    scenarios = Path(__file__).parents[1] / "scenarios"
    rounds = [
        "101-commission-free-rule-16-natural-stops-the-draw.yaml",
        "101-commission-free-rule-17b-dealer-wins-with-6-half-pay.yaml",
    ] * 2
    c = open_table(cfg, None)  # type: ignore[arg-type]
    try:

        async def deal() -> None:
            await c.start()
            for name in rounds:
                for e in load_scenario(scenarios / name).events:
                    await c.apply_event(e)

        asyncio.run(deal())
        last = {
            e.payload["round"]: e.payload["fee_cents"]
            for e in c.journal.journal.entries()
            if e.kind == "settlement"
        }
    finally:
        c.close()
    assert len(last) == len(rounds) and sum(last.values()) > 0
    out = tmp_path / "r.html"
    assert main(["report", "--journal", str(tmp_path / "j.db"), "--html", str(out)]) == 0
    html = out.read_text()
    total = re.search(r'id="room-total".*?class="n rounds">(\d+)<.*?data-cents="(\d+)"', html, re.S)
    assert total is not None and total.groups() == (str(len(rounds)), str(sum(last.values())))
    assert "the101/commission-free-baccarat/gega-002034/1" in html and "baccarat/commission-free" in html
