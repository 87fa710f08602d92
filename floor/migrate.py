"""Schema migrations: versioned SQL files (``migrations/NNN_name.sql``) applied in order at start, each
in its own transaction, recorded in ``floor_schema`` so each runs once."""

from __future__ import annotations

import re
from importlib import resources

import psycopg

_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


def migrations() -> list[tuple[int, str, str]]:
    """``(version, file name, SQL)`` of every migration shipped with the package, in order."""
    found = []
    for item in resources.files("floor.migrations").iterdir():
        m = _NAME.match(item.name)
        if m:
            found.append((int(m.group(1)), item.name, item.read_text(encoding="utf-8")))
    found.sort()
    versions = [v for v, _, _ in found]
    if len(set(versions)) != len(versions):
        raise RuntimeError(f"two migrations share a version: {[n for _, n, _ in found]}")
    return found


async def migrate(conn: psycopg.AsyncConnection) -> list[str]:
    """Apply the migrations this database has not had; returns their names. Concurrent starts are
    serialised by an advisory lock."""
    applied: list[str] = []
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock(7723001)")
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS floor_schema (version integer PRIMARY KEY, name text NOT NULL, "
            "applied_at timestamptz NOT NULL DEFAULT now())"
        )
        cur = await conn.execute("SELECT version FROM floor_schema")
        have = {int(r[0]) for r in await cur.fetchall()}
        for version, name, sql in migrations():
            if version in have:
                continue
            await conn.execute(sql)  # type: ignore[arg-type]
            await conn.execute("INSERT INTO floor_schema (version, name) VALUES (%s, %s)", (version, name))
            applied.append(name)
    return applied
