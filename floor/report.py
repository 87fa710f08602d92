"""Shift reports: per table and for the room, what a shift dealt and collected — rounds, collection fees
by table, game, schedule and hour, alerts by code and ruling, bank rotations and device faults — built
from journal entries (the floor archive's rows, :func:`archive_entries`, or a table's own journal,
:func:`journal_entries`), with bar charts drawn here as SVG (nothing is loaded from the internet).

A round's fee is the ``fee_cents`` of its **last** ``settlement`` entry: the table journals a settlement
when it first appears and again whenever a correction changes it (:mod:`terminal.controller`), so summing
every settlement entry would count a corrected round twice. A settlement entry's round is its ``round``
field; its game and fee schedule are those of the table's last ``config`` entry before it.

**Dealer shifts.** A table journals who logs in by role only (``auth.login`` / ``auth.logout`` with
``{"role": "dealer"}``, :mod:`terminal.roles`): one PIN per role and table, no person's name. So a report
splits a table's rounds by **dealer session** — from a dealer login to the dealer's logout or the next
login of any role (the terminal holds one session at a time, :class:`terminal.roles.Access`) — and says
when each began and ended; it cannot say who dealt. Rounds settled while no dealer
was logged in are a session of their own (``dealer`` None). A session open before the report's window is
found from the table's last login or logout before it.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from html import escape
from pathlib import Path
from typing import Any

from floor.auth import Query
from floor.room import cite_text, device_fault, parse_ts

ROTATION_EVENTS = frozenset({"BankerChosen", "BankPassed"})
"""Table events that move the bank (``terminal.table.state``)."""
KINDS = ("config", "settlement", "alert", "table", "device", "auth.login", "auth.logout")
AUTH_KINDS = ("auth.login", "auth.logout")


@dataclass
class DealerShift:
    """The rounds a table settled during one dealer session (a dealer-role login to its end), or while no
    dealer was logged in (``login`` None). ``logout`` None: still open at the end of the report."""

    table: str
    login: datetime | None
    logout: datetime | None
    rounds: int = 0
    fee_cents: int = 0
    alerts: int = 0


@dataclass
class TableFigures:
    """One table's shift."""

    table: str
    games: list[str] = field(default_factory=list)
    rounds: int = 0
    fee_cents: int = 0
    alerts: int = 0
    rotations: int = 0
    device_faults: int = 0


@dataclass
class ShiftReport:
    """A shift's figures (money in integer cents)."""

    title: str
    since: datetime
    until: datetime
    tables: list[TableFigures]
    by_game: dict[str, tuple[int, int]]  # game -> (rounds, fee cents)
    by_schedule: dict[str, int]
    by_hour: list[tuple[datetime, int, int]]  # hour start, rounds, fee cents
    alerts_by_code: list[tuple[str, str, str, int]]  # code, ruling, citation, count
    dealer_shifts: list[DealerShift] = field(default_factory=list)

    @property
    def rounds(self) -> int:
        return sum(t.rounds for t in self.tables)

    @property
    def fee_cents(self) -> int:
        return sum(t.fee_cents for t in self.tables)

    @property
    def alerts(self) -> int:
        return sum(t.alerts for t in self.tables)


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _overlaps(shift: DealerShift, since: datetime, until: datetime) -> bool:
    return shift.login is not None and shift.login < until and (shift.logout is None or shift.logout >= since)


def build(entries: Iterable[Mapping[str, Any]], since: datetime, until: datetime, title: str) -> ShiftReport:
    """The report of ``entries`` (mappings with ``table, seq, ts, kind, payload``) dealt in
    [``since``, ``until``); ``config`` entries before ``since`` only set a table's game."""
    by_table: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for e in entries:
        by_table[str(e["table"])].append(e)
    tables: list[TableFigures] = []
    game_rounds: Counter[str] = Counter()
    game_fees: Counter[str] = Counter()
    schedule_fees: Counter[str] = Counter()
    hour_rounds: Counter[datetime] = Counter()
    hour_fees: Counter[datetime] = Counter()
    codes: Counter[tuple[str, str, str]] = Counter()
    shifts: list[DealerShift] = []
    for name in sorted(by_table):
        fig = TableFigures(name)
        game, schedule = "?", "none"
        last: dict[
            Any, tuple[int, str, str, datetime, int]
        ] = {}  # round -> (fee, game, schedule, when, shift)
        sessions = [DealerShift(name, None, None)]  # sessions[0]: no dealer logged in
        current = 0
        for e in sorted(by_table[name], key=lambda e: int(e["seq"])):
            p = e["payload"] if isinstance(e["payload"], Mapping) else {}
            kind = e["kind"]
            if kind == "config" and isinstance(p.get("game"), str):
                game = p["game"]
                schedule = str(p.get("fee_schedule") or "none")
            when = parse_ts(e["ts"])
            if kind in AUTH_KINDS and when is not None:  # the terminal holds one session: any login ends it
                if current and (kind == "auth.login" or p.get("role") == "dealer"):
                    sessions[current].logout = when
                    current = 0
                if kind == "auth.login" and p.get("role") == "dealer":
                    sessions.append(DealerShift(name, when, None))
                    current = len(sessions) - 1
            if when is None or not since <= when < until:
                continue
            if kind == "settlement":
                fee = p.get("fee_cents")
                last[p.get("round")] = (fee if _is_int(fee) else 0, game, schedule, when, current)  # type: ignore[assignment]
            elif kind == "alert":
                fig.alerts += 1
                sessions[current].alerts += 1
                codes[(str(p.get("code", "?")), str(p.get("ruling", "")), cite_text(p.get("cite")))] += 1
            elif kind == "table" and p.get("event") in ROTATION_EVENTS:
                fig.rotations += 1
            elif kind == "device" and device_fault(p):
                fig.device_faults += 1
        for fee, g, sched, when, shift in last.values():
            fig.rounds += 1
            fig.fee_cents += fee
            sessions[shift].rounds += 1
            sessions[shift].fee_cents += fee
            if g not in fig.games:
                fig.games.append(g)
            game_rounds[g] += 1
            game_fees[g] += fee
            schedule_fees[sched] += fee
            hour = when.astimezone(UTC).replace(minute=0, second=0, microsecond=0)
            hour_rounds[hour] += 1
            hour_fees[hour] += fee
        tables.append(fig)
        # the sessions that dealt or alerted in the window, or were open during it
        shifts += [sh for sh in sessions if sh.rounds or sh.alerts or _overlaps(sh, since, until)]
    hours: list[tuple[datetime, int, int]] = []
    h = since.astimezone(UTC).replace(minute=0, second=0, microsecond=0)
    while h < until and len(hours) < 48:
        hours.append((h, hour_rounds[h], hour_fees[h]))
        h += timedelta(hours=1)
    return ShiftReport(
        title=title,
        since=since,
        until=until,
        tables=tables,
        by_game={g: (game_rounds[g], game_fees[g]) for g in sorted(game_rounds)},
        by_schedule=dict(sorted(schedule_fees.items())),
        by_hour=hours,
        alerts_by_code=[(c, r, cite, n) for (c, r, cite), n in sorted(codes.items(), key=lambda kv: -kv[1])],
        dealer_shifts=shifts,
    )


async def archive_entries(query: Query, room: str, since: datetime, until: datetime) -> list[dict[str, Any]]:
    """The archive's entries a report needs: those dealt in [``since``, ``until``) (by the table's own
    time), each table's last ``config`` before ``since`` (its game at the start of the shift) and its last
    login or logout before ``since`` (the dealer session open at the start, if any)."""
    iso = [t.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ") for t in (since, until)]
    inside = await query(
        "SELECT table_id AS table, seq, ts, kind, payload FROM floor_entry WHERE room = %s AND kind = ANY(%s) "
        "AND ts >= %s AND ts < %s",
        (room, list(KINDS), iso[0], iso[1]),
    )
    before = await query(
        "SELECT DISTINCT ON (table_id) table_id AS table, seq, ts, kind, payload FROM floor_entry "
        "WHERE room = %s AND kind = 'config' AND payload ? 'game' AND ts < %s ORDER BY table_id, seq DESC",
        (room, iso[0]),
    )
    dealer = await query(
        "SELECT DISTINCT ON (table_id) table_id AS table, seq, ts, kind, payload FROM floor_entry "
        "WHERE room = %s AND kind = ANY(%s) AND ts < %s "
        "ORDER BY table_id, seq DESC",
        (room, list(AUTH_KINDS), iso[0]),
    )
    return before + dealer + inside


def journal_entries(path: Path) -> tuple[list[dict[str, Any]], str]:
    """A table's own journal as report entries (read-only, every segment), and the table's name (its
    configuration's ``table_id``, else the file's stem)."""
    from terminal.journal import open_for_check

    with open_for_check(path) as journal:
        rows: list[dict[str, Any]] = [
            {"seq": e.seq, "ts": e.ts, "kind": e.kind, "payload": e.payload}
            for e in journal.entries()
            if e.kind in KINDS
        ]
    ids = [r["payload"].get("table_id") for r in rows if r["kind"] == "config"]
    table = next((str(t) for t in reversed(ids) if isinstance(t, str) and t), path.stem)
    return [{**r, "table": table} for r in rows], table


def money(cents: int) -> str:
    """Cents as ``1,234.50``."""
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100:,}.{abs(cents) % 100:02d}"


def bar_chart(title: str, bars: list[tuple[str, int]], *, fmt: Any = str, width: int = 640) -> str:
    """A horizontal bar chart as inline SVG: one labelled bar per ``(label, value)``."""
    row, label_w, value_w = 22, 170, 90
    height = row * max(1, len(bars)) + 30
    top = max([v for _, v in bars] + [1])
    span = width - label_w - value_w
    parts = [
        f'<svg class="chart" role="img" aria-label="{escape(title)}" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" xmlns="http://www.w3.org/2000/svg">',
        f'<text x="0" y="16" class="chart-title">{escape(title)}</text>',
    ]
    if not bars:
        parts.append('<text x="0" y="42" class="chart-empty">nothing in this shift</text>')
    for i, (label, value) in enumerate(bars):
        y = 26 + i * row
        w = round(span * max(value, 0) / top)
        parts.append(
            f'<text x="{label_w - 6}" y="{y + 15}" text-anchor="end">{escape(label)}</text>'
            f'<rect class="bar" x="{label_w}" y="{y + 3}" width="{w}" height="{row - 6}" data-value="{value}"/>'
            f'<text x="{label_w + w + 6}" y="{y + 15}">{escape(fmt(value))}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def charts(r: ShiftReport) -> dict[str, str]:
    """The report's charts: fees by hour, fees and rounds by table, fees by game, alerts by code."""
    return {
        "fees_by_hour": bar_chart(
            "Collection fees by hour (UTC)", [(f"{h:%d %b %H:00}", fee) for h, _, fee in r.by_hour], fmt=money
        ),
        "fees_by_table": bar_chart(
            "Collection fees by table", [(t.table, t.fee_cents) for t in r.tables], fmt=money
        ),
        "rounds_by_table": bar_chart("Rounds dealt by table", [(t.table, t.rounds) for t in r.tables]),
        "fees_by_game": bar_chart(
            "Collection fees by game", [(g, f) for g, (_, f) in r.by_game.items()], fmt=money
        ),
        "alerts_by_code": bar_chart("Alerts by code", [(c, n) for c, _, _, n in r.alerts_by_code]),
    }
