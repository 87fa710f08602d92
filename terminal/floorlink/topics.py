"""The floor link's MQTT topics, shared by the table's publisher and the floor service.

Everything of a table is under ``room/<room>/table/<table>/``: ``events`` (every journal entry, QoS 1),
``state`` (retained: the head and the link's counts), ``alerts`` (alert entries, again, for the floor
page), ``status`` (retained ``online``; the broker's last will says ``offline``), ``anchor`` (retained:
the journal's MAC'd head anchor) — all written by the table only; and ``archived`` (retained: how far the
floor has archived the table), written by the floor service and read by the table: the table's one
"command", which changes nothing at the table but its outbox.
"""

from __future__ import annotations

TABLE_TOPICS = ("events", "state", "alerts", "status", "anchor")
"""What a table publishes (the broker's ACL lets it publish these, under its own id only)."""
ARCHIVED = "archived"


def table_topic(room: str, table: str, leaf: str) -> str:
    """``room/<room>/table/<table>/<leaf>``."""
    return f"room/{room}/table/{table}/{leaf}"


def room_filter(room: str, leaf: str = "#") -> str:
    """The floor service's subscription: every table of ``room`` (``+`` for the table)."""
    return f"room/{room}/table/+/{leaf}"


def parse_table_topic(topic: str) -> tuple[str, str, str] | None:
    """``(room, table, leaf)`` of a table topic, else None."""
    parts = topic.split("/")
    if len(parts) != 5 or parts[0] != "room" or parts[2] != "table" or not all(parts):
        return None
    return parts[1], parts[3], parts[4]
