"""What the room page shows, read from the archive: every table (game, phase, player-dealer and bank,
link status, devices) and the tables' open alerts, those the floor must clear first, with their ruling,
citation and how long they have waited; and a table's recent history.

An alert is open from its ``alert`` entry until a ``fault.clear`` entry of the same code and seat at the
same table (:mod:`terminal.table.state`); the floor's own alerts (``floor_alert``: gaps, forks, tampered
rows) are listed with them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from floor.auth import Query

HISTORY = 50
"""Entries shown on a table's page."""


@dataclass(frozen=True)
class Alert:
    """An open alert at a table (or one the floor raised)."""

    table: str
    seq: int
    code: str
    severity: str
    ruling: str
    cite: str
    message: str
    clear_role: str
    seat: int | None
    since: datetime | None
    on_my_way: str | None = None
    floor_raised: bool = False

    @property
    def needs_floor(self) -> bool:
        """The floor must clear it (or the floor raised it)."""
        return self.floor_raised or self.clear_role == "floor"

    def waited(self, now: datetime) -> str:
        """How long it has been open, as ``1 h 02 min`` / ``3 min 05 s``."""
        if self.since is None:
            return "?"
        s = max(0, int((now - self.since).total_seconds()))
        if s >= 3600:
            return f"{s // 3600} h {s % 3600 // 60:02d} min"
        return f"{s // 60} min {s % 60:02d} s"


@dataclass(frozen=True)
class TableRow:
    """One table of the grid."""

    table: str
    status: str
    game: str | None
    phase: str
    player_dealer: int | None
    bank_cents: int | None
    devices: str
    device_fault: bool
    last_seen: datetime | None
    archived_seq: int
    unarchived: int | None
    """Entries the table last said it holds beyond what is archived (its retained ``head_seq``)."""
    alerts: list[Alert] = field(default_factory=list)


def parse_ts(ts: object) -> datetime | None:
    """A journal entry's ``ts`` (ISO-8601, ``Z``) as an aware time, or None."""
    if isinstance(ts, datetime):
        return ts
    try:
        t = datetime.fromisoformat(str(ts).replace("Z", "+00:00"))
    except ValueError:
        return None
    return t if t.tzinfo else t.replace(tzinfo=UTC)


def cite_text(cite: object) -> str:
    """An alert's citation (text, or ``{seed, section, lines}``) as one line."""
    if isinstance(cite, dict):
        return ", ".join(str(cite[k]) for k in ("seed", "section", "lines") if cite.get(k))
    return "" if cite is None else str(cite)


def _int(v: object) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


_LATEST = (
    "(SELECT e.seq, e.payload FROM floor_entry e WHERE e.room = t.room AND e.table_id = t.table_id AND {cond} "
    "ORDER BY e.seq DESC LIMIT 1)"
)

_CONFIG = _LATEST.format(cond="e.kind = 'config' AND e.payload ? 'game'")
_START = _LATEST.format(cond="e.kind = 'round' AND e.payload->>'type' = 'round_start'")
_SETTLED = _LATEST.format(cond="e.kind = 'settlement'")

TABLES_SQL = (
    "SELECT t.table_id AS table, t.status, t.archived_seq, t.last_seen, (t.state->>'head_seq')::bigint AS head_seq, "
    "cfg.payload->>'game' AS game, rs.seq AS start_seq, rs.payload AS start, st.seq AS settled_seq, "
    "st.payload AS settled FROM floor_table t "
    f"LEFT JOIN LATERAL {_CONFIG} cfg ON true LEFT JOIN LATERAL {_START} rs ON true "
    f"LEFT JOIN LATERAL {_SETTLED} st ON true "
    "WHERE t.room = %s ORDER BY t.table_id"
)

OPEN_ALERTS_SQL = (
    "SELECT a.table_id AS table, a.seq, a.ts, a.payload, o.username AS on_my_way FROM floor_entry a "
    "LEFT JOIN floor_onmyway o ON o.room = a.room AND o.table_id = a.table_id AND o.seq = a.seq "
    "WHERE a.room = %s AND a.kind = 'alert' AND NOT EXISTS (SELECT 1 FROM floor_entry c WHERE c.room = a.room "
    "AND c.table_id = a.table_id AND c.kind = 'fault.clear' AND c.seq > a.seq "
    "AND c.payload->>'code' = a.payload->>'code' "
    "AND coalesce(c.payload->>'seat', '') = coalesce(a.payload->>'seat', '')) ORDER BY a.table_id, a.seq"
)

DEVICES_SQL = (
    "SELECT DISTINCT ON (table_id, payload->>'device') table_id AS table, payload FROM floor_entry "
    "WHERE room = %s AND kind = 'device' AND archived_at > now() - interval '1 day' "
    "ORDER BY table_id, payload->>'device', seq DESC"
)
DEVICE_FAULT_EVENTS = frozenset({"failed", "open-failed", "CommsLost", "CommandRejected"})
"""Device entries that record a fault (``terminal.controller``); an entry with an ``error`` or
``alert_code`` is one too."""


def device_fault(payload: Mapping[str, Any]) -> bool:
    """Whether a ``device`` entry records a fault."""
    return (
        payload.get("event") in DEVICE_FAULT_EVENTS or "error" in payload or bool(payload.get("alert_code"))
    )


FLOOR_ALERTS_SQL = (
    "SELECT table_id AS table, seq, code, detail, raised_at FROM floor_alert WHERE room = %s "
    "ORDER BY raised_at DESC, id DESC LIMIT 100"
)

FINGERPRINT_SQL = (
    "SELECT (SELECT coalesce(sum(archived_seq), 0) FROM floor_table WHERE room = %s) AS archived, "
    "(SELECT string_agg(table_id || ':' || status, ',' ORDER BY table_id) FROM floor_table WHERE room = %s) "
    "AS statuses, (SELECT coalesce(max(id), 0) FROM floor_alert WHERE room = %s) AS floor_alerts, "
    "(SELECT count(*) FROM floor_onmyway WHERE room = %s) AS marks"
)


async def fingerprint(query: Query, room: str) -> tuple[Any, ...]:
    """Changes whenever anything the room page shows could have changed (a row archived, a status, a
    floor alert, an "on my way")."""
    row = (await query(FINGERPRINT_SQL, (room, room, room, room)))[0]
    return (row["archived"], row["statuses"], row["floor_alerts"], row["marks"])


def _phase(r: dict[str, Any]) -> str:
    start, settled = r.get("start_seq"), r.get("settled_seq")
    if start is None:
        return "no round yet"
    if settled is not None and settled > start:
        return "settled, between rounds"
    return "round in play"


def _devices(payloads: list[Mapping[str, Any]]) -> tuple[str, bool]:
    """Each device's last news in a day, and whether any of it is a fault."""
    if not payloads:
        return "no device news", False
    words = [
        f"{p.get('device', '?')}: {p.get('event') or p.get('state') or p.get('action') or 'news'}"
        + (" (fault)" if device_fault(p) else "")
        for p in payloads
    ]
    return ", ".join(words), any(device_fault(p) for p in payloads)


async def room_tables(query: Query, room: str) -> list[TableRow]:
    """Every table of the room with its open alerts, tables needing the floor first."""
    rows = await query(TABLES_SQL, (room,))
    devices: dict[str, list[Mapping[str, Any]]] = {}
    for d in await query(DEVICES_SQL, (room,)):
        if isinstance(d["payload"], Mapping):
            devices.setdefault(d["table"], []).append(d["payload"])
    alerts: dict[str, list[Alert]] = {}
    for a in await query(OPEN_ALERTS_SQL, (room,)):
        p = a["payload"] if isinstance(a["payload"], dict) else {}
        alerts.setdefault(a["table"], []).append(
            Alert(
                table=a["table"], seq=int(a["seq"]), code=str(p.get("code", "?")),
                severity=str(p.get("severity", "stop")), ruling=str(p.get("ruling", "")),
                cite=cite_text(p.get("cite")), message=str(p.get("message", "")),
                clear_role=str(p.get("clear_role", "floor")), seat=_int(p.get("seat")), since=parse_ts(a["ts"]),
                on_my_way=a["on_my_way"],
            )
        )  # fmt: skip
    for f in await query(FLOOR_ALERTS_SQL, (room,)):
        alerts.setdefault(f["table"], []).append(
            Alert(
                table=f["table"], seq=int(f["seq"]), code=f["code"], severity="floor", ruling="CALL_FLOOR",
                cite="docs/floor-api.md", message=f["detail"], clear_role="floor", seat=None,
                since=f["raised_at"], floor_raised=True,
            )
        )  # fmt: skip
    out = []
    for r in rows:
        start = r["start"] if isinstance(r["start"], dict) else {}
        settled = r["settled"] if isinstance(r["settled"], dict) else {}
        settled_later = r["settled_seq"] is not None and (r["start_seq"] or 0) < r["settled_seq"]
        bank = _int(settled.get("bank_after")) if settled_later else _int(start.get("bank"))
        mine = sorted(
            alerts.get(r["table"], []),
            key=lambda a: (not a.needs_floor, a.since or datetime.max.replace(tzinfo=UTC)),
        )
        device_words, device_bad = _devices(devices.get(r["table"], []))
        out.append(
            TableRow(
                table=r["table"], status=r["status"], game=r["game"], phase=_phase(r),
                player_dealer=_int(start.get("player_dealer")), bank_cents=bank, devices=device_words, device_fault=device_bad,
                last_seen=r["last_seen"], archived_seq=int(r["archived_seq"]),
                unarchived=max(0, int(r["head_seq"]) - int(r["archived_seq"])) if r["head_seq"] is not None else None,
                alerts=mine,
            )
        )  # fmt: skip
    out.sort(key=lambda t: (not any(a.needs_floor for a in t.alerts), not t.alerts, t.table))
    return out


async def table_history(query: Query, room: str, table: str, limit: int = HISTORY) -> list[dict[str, Any]]:
    """A table's last ``limit`` archived entries, newest first (a checkpoint shows only its round)."""
    return await query(
        "SELECT seq, ts, kind, payload, redacted FROM floor_entry WHERE room = %s AND table_id = %s "
        "ORDER BY seq DESC LIMIT %s",
        (room, table, limit),
    )


async def mark_on_my_way(query: Query, room: str, table: str, seq: int, username: str) -> bool:
    """Mark an alert entry "on my way" (the first mark stands); False if there is no such alert."""
    found = await query(
        "SELECT 1 AS x FROM floor_entry WHERE room = %s AND table_id = %s AND seq = %s AND kind = 'alert'",
        (room, table, seq),
    )
    if not found:
        return False
    await query(
        "INSERT INTO floor_onmyway (room, table_id, seq, username) VALUES (%s, %s, %s, %s) "
        "ON CONFLICT DO NOTHING RETURNING seq",
        (room, table, seq, username),
    )
    return True
