"""The archive checked end to end, table by table: every seq from 1 to the last once, each row
continuing the one before, each MAC holding where the floor has the table's key (``dealer-floor
check``; the fault tests' exactly-once check)."""

from __future__ import annotations

import hmac
from typing import Any

import psycopg

from terminal.journal.chain import GENESIS, entry_mac


async def check_room(conn: psycopg.AsyncConnection[Any], room: str, keys: dict[str, bytes]) -> dict[str, Any]:
    """``{"room", "tables": [{"table", "count", "last_seq", "ok", "problems": [...]}]}``."""
    cur = await conn.execute("SELECT table_id FROM floor_table WHERE room = %s ORDER BY table_id", (room,))
    tables = [str(r[0]) for r in await cur.fetchall()]
    out = []
    for table in tables:
        problems: list[str] = []
        key = keys.get(table)
        cur = await conn.execute(
            "SELECT seq, ts, kind, payload_text, redacted, prev_hash, hash FROM floor_entry "
            "WHERE room = %s AND table_id = %s ORDER BY seq",
            (room, table),
        )
        expect, prev, count = 1, GENESIS, 0
        for seq, ts, kind, text, redacted, r_prev, r_hash in await cur.fetchall():
            count += 1
            if seq != expect:
                problems.append(f"seq {expect}..{seq - 1} missing")
            elif r_prev != prev:
                problems.append(f"seq {seq}: does not continue seq {seq - 1}")
            if (
                key is not None
                and not redacted
                and not hmac.compare_digest(entry_mac(key, seq, ts, kind, text, r_prev), r_hash)
            ):
                problems.append(f"seq {seq}: MAC does not hold")
            expect, prev = seq + 1, r_hash
        cur = await conn.execute(
            "SELECT seq, code, detail FROM floor_alert WHERE room = %s AND table_id = %s ORDER BY id",
            (room, table),
        )
        problems += [f"alert {code} at seq {seq}: {detail}" for seq, code, detail in await cur.fetchall()]
        out.append(
            {"table": table, "count": count, "last_seq": expect - 1, "ok": not problems, "problems": problems}
        )
    return {"room": room, "tables": out}
