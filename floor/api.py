"""The floor service's JSON API (read-only): tables, alerts, shift figures, health. Documented in
``docs/floor-api.md``; the floor page is built on it. Nothing here changes a table or clears an alert:
clearing stays at the table with the role's PIN."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

import psycopg
from psycopg.rows import dict_row
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

API_VERSION = 1
DEFAULT_SHIFT_HOURS = 8


class BadQuery(ValueError):
    """A query parameter that cannot be used; the message names it."""


def _time(req: Request, name: str, default: datetime) -> datetime:
    raw = req.query_params.get(name)
    if raw is None:
        return default
    try:
        t = datetime.fromisoformat(raw.replace("Z", "+00:00"))
    except ValueError:
        raise BadQuery(f"{name}: {raw!r} is not an ISO-8601 time") from None
    return t if t.tzinfo else t.replace(tzinfo=UTC)


def _int(req: Request, name: str, default: int, lo: int, hi: int) -> int:
    raw = req.query_params.get(name)
    if raw is None:
        return default
    try:
        n = int(raw)
    except ValueError:
        raise BadQuery(f"{name}: {raw!r} is not an integer") from None
    if not lo <= n <= hi:
        raise BadQuery(f"{name}: {n} is not between {lo} and {hi}")
    return n


def _plain(value: Any) -> Any:
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else str(value)
    if isinstance(value, datetime):
        return value.astimezone(UTC).isoformat().replace("+00:00", "Z")
    return value


def _rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: _plain(v) for k, v in r.items()} for r in rows]


class FloorApi:
    """The API over the archive of ``room`` at ``dsn``; ``health`` returns the service's counters."""

    def __init__(
        self,
        dsn: str,
        room: str,
        *,
        health: Callable[[], dict[str, Any]] | None = None,
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.dsn = dsn
        self.room = room
        self.health = health or (lambda: {})
        self.now = now
        self._conn: psycopg.AsyncConnection[dict[str, Any]] | None = None
        self._lock = asyncio.Lock()

    async def _query(self, sql: str, params: tuple[Any, ...]) -> list[dict[str, Any]]:
        async with self._lock:
            for attempt in (1, 2):
                try:
                    if self._conn is None or self._conn.closed:
                        self._conn = await psycopg.AsyncConnection.connect(
                            self.dsn, autocommit=True, row_factory=dict_row
                        )
                    cur = await self._conn.execute(sql, params)  # type: ignore[arg-type]
                    return await cur.fetchall()
                except psycopg.OperationalError:
                    self._conn = None
                    if attempt == 2:
                        raise
        return []

    async def query(self, sql: str, params: tuple[Any, ...]) -> list[dict[str, Any]]:
        """The rows of one statement on the API's connection (reconnecting once if it was lost)."""
        return await self._query(sql, params)

    def routes(self) -> list[Route]:
        """The API's routes (the floor's web pages mount them beside theirs, :mod:`floor.web`)."""
        return [
            Route("/api/tables", self._wrap(self.tables)),
            Route("/api/tables/{table}", self._wrap(self.table)),
            Route("/api/tables/{table}/entries", self._wrap(self.entries)),
            Route("/api/alerts", self._wrap(self.alerts)),
            Route("/api/shift", self._wrap(self.shift)),
            Route("/api/health", self._wrap(self.health_view)),
        ]

    def app(self) -> Starlette:
        """The ASGI application (the API alone)."""
        return Starlette(routes=self.routes())

    def _wrap(self, handler: Callable[[Request], Any]) -> Callable[[Request], Any]:
        async def endpoint(req: Request) -> JSONResponse:
            try:
                body = await handler(req)
            except BadQuery as exc:
                return JSONResponse({"error": "bad-query", "detail": str(exc)}, status_code=400)
            except psycopg.OperationalError as exc:
                return JSONResponse(
                    {"error": "database-unavailable", "detail": str(exc).strip()}, status_code=503
                )
            if body is None:
                return JSONResponse({"error": "not-found", "detail": req.url.path}, status_code=404)
            return JSONResponse({"api": API_VERSION, "room": self.room, **body})

        return endpoint

    async def tables(self, req: Request) -> dict[str, Any]:
        rows = await self._query(
            "SELECT t.table_id AS table, t.status, t.archived_seq, "
            "(t.state->>'head_seq')::bigint AS head_seq, (t.state->>'unarchived')::bigint AS unarchived, "
            "t.last_seen, t.gap_since, "
            "(SELECT count(*) FROM floor_alert a WHERE a.room = t.room AND a.table_id = t.table_id) AS floor_alerts "
            "FROM floor_table t WHERE t.room = %s ORDER BY t.table_id",
            (self.room,),
        )
        return {"tables": _rows(rows)}

    async def table(self, req: Request) -> dict[str, Any] | None:
        table = req.path_params["table"]
        rows = await self._query(
            "SELECT table_id AS table, status, archived_seq, archived_hash, gap_since, last_seen, state, anchor "
            "FROM floor_table WHERE room = %s AND table_id = %s",
            (self.room, table),
        )
        if not rows:
            return None
        return {"table": _rows(rows)[0]}

    async def entries(self, req: Request) -> dict[str, Any] | None:
        table = req.path_params["table"]
        after = _int(req, "after", 0, 0, 2**62)
        limit = _int(req, "limit", 100, 1, 1000)
        rows = await self._query(
            "SELECT seq, ts, kind, payload, redacted, prev_hash, hash, archived_at FROM floor_entry "
            "WHERE room = %s AND table_id = %s AND seq > %s ORDER BY seq LIMIT %s",
            (self.room, table, after, limit),
        )
        return {"table": table, "entries": _rows(rows)}

    async def alerts(self, req: Request) -> dict[str, Any]:
        since = _time(req, "since", self.now() - timedelta(hours=DEFAULT_SHIFT_HOURS))
        floor_rows = await self._query(
            "SELECT id, table_id AS table, seq, code, detail, raised_at FROM floor_alert "
            "WHERE room = %s AND raised_at >= %s ORDER BY raised_at, id",
            (self.room, since),
        )
        table_rows = await self._query(
            "SELECT table_id AS table, seq, ts, payload->>'code' AS code, payload->>'severity' AS severity, "
            "payload->>'message' AS message FROM floor_entry "
            "WHERE room = %s AND kind = 'alert' AND archived_at >= %s ORDER BY archived_at, table_id, seq",
            (self.room, since),
        )
        return {"since": _plain(since), "floor": _rows(floor_rows), "tables": _rows(table_rows)}

    async def shift(self, req: Request) -> dict[str, Any]:
        until = _time(req, "until", self.now())
        since = _time(req, "since", until - timedelta(hours=DEFAULT_SHIFT_HOURS))
        if since > until:
            raise BadQuery("since is after until")
        # A round's fee is its last settlement entry's: a correction journals the settlement again.
        rows = await self._query(
            "WITH w AS (SELECT * FROM floor_entry WHERE room = %s AND archived_at >= %s AND archived_at < %s), "
            "last AS (SELECT DISTINCT ON (table_id, payload->'round') table_id, payload FROM w "
            "WHERE kind = 'settlement' ORDER BY table_id, payload->'round', seq DESC) "
            "SELECT t.table_id AS table, t.entries, t.settlements, coalesce(f.rounds, 0)::bigint AS rounds, "
            "coalesce(f.fee_cents, 0)::bigint AS fee_cents, t.alerts FROM "
            "(SELECT table_id, count(*) AS entries, count(*) FILTER (WHERE kind = 'settlement') AS settlements, "
            "count(*) FILTER (WHERE kind = 'alert') AS alerts FROM w GROUP BY table_id) t "
            "LEFT JOIN (SELECT table_id, count(*) AS rounds, sum((payload->>'fee_cents')::bigint) FILTER "
            "(WHERE jsonb_typeof(payload->'fee_cents') = 'number') AS fee_cents FROM last GROUP BY table_id) f "
            "ON f.table_id = t.table_id ORDER BY t.table_id",
            (self.room, since, until),
        )
        tables = _rows(rows)
        totals = {
            k: sum(int(r[k]) for r in tables)
            for k in ("entries", "settlements", "rounds", "fee_cents", "alerts")
        }
        return {"since": _plain(since), "until": _plain(until), "tables": tables, "totals": totals}

    async def health_view(self, req: Request) -> dict[str, Any]:
        return {"service": json.loads(json.dumps(self.health(), default=str))}
