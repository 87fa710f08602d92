"""Chinese Poker's settlement on the dealer screen (the round hook's ``chinese`` settlement,
``rules.chinese.scoring.Settlement.to_json``): what each seat pays or collects, in the filed order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from terminal.console.view import SettlementLine

if TYPE_CHECKING:  # imported with the Chinese Poker family, when it is dealt
    from rules.chinese.report import ChineseReport


def chinese_view(data: ChineseReport) -> tuple[list[SettlementLine], int, str, str]:
    """The lines (each seat's net in cents with his hand), no fee from the hand, a title and the fee's note."""
    cp = data.chinese
    note = "no collection is taken from the hand (a time collection where the room files one)"
    if cp is None:
        return [SettlementLine("Table", "held", 0, note=data.why or "")], 0, "Settlement held", note
    lines = []
    for seat in cp.order:
        cents = cp.cents.get(seat, 0)
        h = cp.hands.get(seat)
        if h is not None and h.foul:
            words = f"foul: {h.foul}"
        elif h is not None and h.clean_sweep:
            words = f"Clean Sweep: {h.clean_sweep}"
        else:
            segs = h.segments if h is not None else {}
            words = " / ".join(segs.get(s, "") for s in ("front", "middle", "back"))
        pts = cp.points.get(seat, 0)
        outcome = "wins" if cents > 0 else "loses" if cents < 0 else "push"
        lines.append(
            SettlementLine(f"Seat {seat}", outcome, cents, seat=seat, note=f"{pts:+d} points; {words}")
        )
    for s in cp.short:
        lines.append(SettlementLine("Table stakes", "short", 0, note=s))
    order = cp.order or (0,)
    title = f"Chinese Poker: compared from position #1, seat {order[0]}, clockwise"
    return lines, 0, title, note
