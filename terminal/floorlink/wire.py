"""A journal entry as the floor link publishes it.

Card order and undealt cards never leave the table: round events carry only cards already dealt (the
shuffler's order never reaches the journal, ``devices/events.py``), but a checkpoint holds the folded
round state — the shoe — so a checkpoint goes out **redacted**: its round state replaced by the round
number and game. The floor then checks that row by its place in the chain (its ``hash`` is the next
row's ``prev_hash``) instead of by its MAC, which covers the withheld text.
"""

from __future__ import annotations

from typing import Any

from terminal.journal.chain import Entry
from terminal.journal.store import CHECKPOINT_KIND

WIRE_FORMAT = "dealer-terminal/floor-entry"
WIRE_VERSION = 1
REDACTED_KINDS = (CHECKPOINT_KIND,)
"""Kinds whose payload is withheld from the floor (they hold the shoe)."""


def redacted_payload(entry: Entry) -> dict[str, Any]:
    """What the floor sees of a withheld payload: the round number and game, nothing of the shoe."""
    table = entry.payload.get("table")
    keep: dict[str, Any] = {"withheld": "the round state (the shoe) stays at the table"}
    if isinstance(table, dict):
        for key in ("round_no", "game_id", "game"):
            if isinstance(table.get(key), int | str):
                keep[key] = table[key]
    return keep


def wire_entry(room: str, table: str, entry: Entry) -> dict[str, Any]:
    """The JSON object published on the table's ``events`` topic for ``entry``."""
    redacted = entry.kind in REDACTED_KINDS
    return {
        "format": WIRE_FORMAT,
        "version": WIRE_VERSION,
        "room": room,
        "table": table,
        "seq": entry.seq,
        "ts": entry.ts,
        "kind": entry.kind,
        "payload": redacted_payload(entry) if redacted else entry.payload,
        "redacted": redacted,
        "prev_hash": entry.prev_hash,
        "hash": entry.hash,
    }
