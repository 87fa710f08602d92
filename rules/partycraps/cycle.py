"""Party Craps' come-out and point cycle, as craps with the two cards' total for the dice (seed 000 L4078,
L4082-4085, L4143-4144, L4696-4702): a come-out total of 4, 5, 6, 8, 9 or 10 sets the point; the point
repeated before a 7 ends it (Pass wins), a 7 ends it (Don't Pass wins). On the come-out 7 and 11 win the
Pass Line and 2, 3, 12 lose it; Don't Pass wins on 2 or 3, ties on 12, loses on 7 or 11."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rules.partycraps.deck import PartyCrapsError

#: The point numbers (L4702).
POINTS = (4, 5, 6, 8, 9, 10)
LineResult = Literal["win", "lose", "push", "stays"]


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal's effect on the line: the point after it, and the Pass Line and Don't Pass results."""

    point: int | None
    pass_line: LineResult
    dont_pass: LineResult
    words: str


def deal(point: int | None, total: int) -> Deal:
    """The line after a deal of ``total`` with ``point`` on (None: a come-out)."""
    if not 2 <= total <= 12:
        raise PartyCrapsError(f"two cards total 2 to 12, not {total}")
    if point is None:
        if total in (7, 11):
            return Deal(None, "win", "lose", f"come-out {total}: Pass wins, Don't Pass loses")
        if total in (2, 3):
            return Deal(None, "lose", "win", f"come-out {total}: Pass loses, Don't Pass wins")
        if total == 12:
            return Deal(None, "lose", "push", "come-out 12: Pass loses, Don't Pass ties")
        return Deal(total, "stays", "stays", f"the point is {total}")
    if point not in POINTS:
        raise PartyCrapsError(f"a point is one of {POINTS}, not {point}")
    if total == point:
        return Deal(None, "win", "lose", f"the point {point} repeated: Pass wins")
    if total == 7:
        return Deal(None, "lose", "win", f"7 before the point {point}: Don't Pass wins")
    return Deal(point, "stays", "stays", f"{total}: no decision on the point {point}")
