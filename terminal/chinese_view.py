"""Chinese Poker's settlement on the dealer screen (the round hook's ``chinese`` settlement,
``rules.chinese.scoring.Settlement.to_json``): what each seat pays or collects, in the filed order."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from terminal.console.view import SettlementLine


def chinese_view(data: Mapping[str, Any]) -> tuple[list[SettlementLine], int, str, str]:
    """The lines (each seat's net in cents with his hand), no fee from the hand, a title and the fee's note."""
    cp = data.get("chinese")
    note = "no collection is taken from the hand (a time collection where the room files one)"
    if not isinstance(cp, Mapping):
        return [SettlementLine("Table", "held", 0, note=str(data.get("why", "")))], 0, "Settlement held", note
    hands = cp.get("hands", {})
    lines = []
    for seat in cp.get("order", ()):
        cents = int(cp.get("cents", {}).get(str(seat), 0))
        h = hands.get(str(seat), {})
        if h.get("foul"):
            words = f"foul: {h['foul']}"
        elif h.get("clean_sweep"):
            words = f"Clean Sweep: {h['clean_sweep']}"
        else:
            segs = h.get("segments", {})
            words = " / ".join(segs.get(s, "") for s in ("front", "middle", "back"))
        pts = int(cp.get("points", {}).get(str(seat), 0))
        outcome = "wins" if cents > 0 else "loses" if cents < 0 else "push"
        lines.append(
            SettlementLine(f"Seat {seat}", outcome, cents, seat=int(seat), note=f"{pts:+d} points; {words}")
        )
    for s in cp.get("short", ()):
        lines.append(SettlementLine("Table stakes", "short", 0, note=str(s)))
    order = cp.get("order") or [0]
    title = f"Chinese Poker: compared from position #1, seat {order[0]}, clockwise"
    return lines, 0, title, note
