"""Shift reports without servers: ``dealer-floor report --journal`` from a table's own journal, and the
report's figures from entries (a corrected settlement counted once, alerts by code, bank rotations,
device faults, fees by hour and game)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

from floor.cli import main
from floor.report import build, money
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
