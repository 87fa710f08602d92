"""The baccarat scoreboard: bead plate, big road and the three derived roads, from a shoe's results.

Pure: a sequence of :class:`Mark` (one per coup, in dealing order, for the current shoe) in, a
:class:`Roads` out. Every road is six rows deep (:data:`ROWS`).

The rules followed are the ones printed on casino scoreboards and described in the public references
we read (``https://138qiu.com/statistics/roads-of-baccarat/index.html`` — "Baccarat Scoreboards", the
Venetian sign; ``https://www.sikwin.in/sikwin-casino-baccarat-game-rules-five-road-rules/`` — "five road
rules"); where they leave a detail open, the reading taken is stated here:

* **Bead plate** — every coup, ties included, filled down each column of six then the next column.
* **Big road** — banker and player wins only. A win for the side of the current column goes one row down;
  a win for the other side starts a new column at the top row. A tie is marked on the entry before it
  (a count of ties, drawn as a slash). Ties before the shoe's first banker or player win are counted on
  the first entry once it comes (:attr:`BigRoad.leading_ties` keeps how many there were). When a streak
  reaches the bottom row, or the cell below is already taken by an earlier dragon tail, it turns right
  and continues along that row (the "dragon tail").
* **Derived roads** — big eye boy (``k = 1``), small road (``k = 2``) and cockroach pig (``k = 3``)
  read the big road's *logical* columns (a streak is one column however it is drawn). For a big-road
  entry in column ``c`` (0-based), row ``r``:

  - it starts the road at the entry in column ``k``, row 1 (the second row), or, if that column has only
    one entry, at the first entry of column ``k + 1``; earlier entries add nothing;
  - ``r == 0`` (a new column): red when the two columns before it, ``c - 1`` and ``c - 1 - k``, have the
    same length; blue otherwise;
  - ``r > 0``: look at column ``c - k``. Red when it has an entry in row ``r`` ("there is an entry") or
    has none in row ``r - 1`` either ("straight drop"); blue when its last entry is in row ``r - 1``
    (the column just ended there).

  A derived road is drawn like the big road: same colour goes down, a change of colour starts a new
  column, with the same dragon tail.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from rules.baccarat.coup import Coup
    from rules.cards import Card

__all__ = [
    "DERIVED",
    "ROWS",
    "Bead",
    "BigRoad",
    "BigRoadEntry",
    "Colour",
    "DerivedEntry",
    "Mark",
    "Outcome",
    "Roads",
    "bead_plate",
    "big_road",
    "derived_road",
    "mark_of",
    "roads",
]

ROWS = 6
"""Rows of every road."""

Outcome = Literal["banker", "player", "tie"]
Side = Literal["banker", "player"]
Colour = Literal["red", "blue"]

DERIVED: tuple[tuple[str, int], ...] = (("big_eye_boy", 1), ("small_road", 2), ("cockroach_pig", 3))
"""Each derived road's name and how many columns back it looks."""


@dataclass(frozen=True, slots=True)
class Mark:
    """One coup's result as the scoreboard records it: who won, and the pair flags."""

    winner: Outcome
    banker_pair: bool = False
    player_pair: bool = False

    def __post_init__(self) -> None:
        if self.winner not in ("banker", "player", "tie"):
            raise ValueError(f"a coup's winner is banker, player or tie, not {self.winner!r}")


@dataclass(frozen=True, slots=True)
class Bead:
    """A bead-plate cell: the coup's mark at drawn column ``x``, row ``y``."""

    mark: Mark
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class BigRoadEntry:
    """A banker or player win on the big road.

    ``column``/``row`` are its logical place (its streak, its place in the streak); ``x``/``y`` where it is
    drawn (they differ on a dragon tail). ``ties`` counts the ties marked on it.
    """

    side: Side
    column: int
    row: int
    x: int
    y: int
    ties: int = 0
    banker_pair: bool = False
    player_pair: bool = False


@dataclass(frozen=True, slots=True)
class BigRoad:
    """The big road's entries in order, and how many ties came before its first entry."""

    entries: tuple[BigRoadEntry, ...]
    leading_ties: int = 0

    @property
    def column_lengths(self) -> tuple[int, ...]:
        """The length of each logical column (streak)."""
        lengths: list[int] = []
        for e in self.entries:
            if e.row == 0:
                lengths.append(0)
            lengths[-1] += 1
        return tuple(lengths)


@dataclass(frozen=True, slots=True)
class DerivedEntry:
    """A derived-road entry: its colour, logical column/row and drawn ``x``/``y``."""

    colour: Colour
    column: int
    row: int
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Roads:
    """The five roads of a shoe."""

    bead_plate: tuple[Bead, ...]
    big_road: BigRoad
    derived: dict[str, tuple[DerivedEntry, ...]] = field(default_factory=dict)

    @property
    def big_eye_boy(self) -> tuple[DerivedEntry, ...]:
        """The big eye boy (one column back)."""
        return self.derived["big_eye_boy"]

    @property
    def small_road(self) -> tuple[DerivedEntry, ...]:
        """The small road (two columns back)."""
        return self.derived["small_road"]

    @property
    def cockroach_pig(self) -> tuple[DerivedEntry, ...]:
        """The cockroach pig (three columns back)."""
        return self.derived["cockroach_pig"]


def mark_of(coup: Coup) -> Mark:
    """A finished coup's mark: its winner, and a pair flag for a hand whose first two cards share a rank."""

    def pair(cards: Sequence[Card]) -> bool:
        return len(cards) >= 2 and cards[0].rank == cards[1].rank

    return Mark(coup.winner, pair(coup.banker), pair(coup.player))


def bead_plate(marks: Sequence[Mark]) -> tuple[Bead, ...]:
    """Every coup, filled down columns of :data:`ROWS`."""
    return tuple(Bead(m, i // ROWS, i % ROWS) for i, m in enumerate(marks))


def _place(keys: Iterable[str]) -> list[tuple[int, int, int, int]]:
    """Logical (column, row) and drawn (x, y) of a run of keys drawn as a road (a change of key starts a
    new column; a streak turns right at the bottom row or on meeting an earlier tail)."""
    taken: set[tuple[int, int]] = set()
    out: list[tuple[int, int, int, int]] = []
    previous: str | None = None
    column = row = x = y = start_x = -1
    turned = False
    for key in keys:
        if key != previous:
            column += 1
            row = 0
            start_x += 1
            while (start_x, 0) in taken:  # a tail turned right along the top row
                start_x += 1
            x, y = start_x, 0
            turned = False
        else:
            row += 1
            if not turned and y + 1 < ROWS and (x, y + 1) not in taken:
                y += 1
            else:
                turned = True
                x += 1
        taken.add((x, y))
        out.append((column, row, x, y))
        previous = key
    return out


def big_road(marks: Sequence[Mark]) -> BigRoad:
    """The big road of the shoe's marks (ties counted on the entry before them)."""
    wins = [m for m in marks if m.winner != "tie"]
    ties_after: list[int] = [0] * len(wins)
    leading = 0
    seen = -1
    for m in marks:
        if m.winner == "tie":
            if seen < 0:
                leading += 1
            else:
                ties_after[seen] += 1
        else:
            seen += 1
    if wins:
        ties_after[0] += leading
    entries = []
    for m, ties, (column, row, x, y) in zip(wins, ties_after, _place(m.winner for m in wins), strict=True):
        side: Side = "banker" if m.winner == "banker" else "player"
        entries.append(BigRoadEntry(side, column, row, x, y, ties, m.banker_pair, m.player_pair))
    return BigRoad(tuple(entries), leading)


def _colour(lengths: Sequence[int], column: int, row: int, k: int) -> Colour | None:
    """The derived-road colour for the big-road entry at (column, row), or ``None`` before the road starts."""
    if column < k or (column == k and row == 0):
        return None
    if row == 0:
        return "red" if lengths[column - 1] == lengths[column - 1 - k] else "blue"
    return "blue" if lengths[column - k] == row else "red"


def derived_road(road: BigRoad, k: int) -> tuple[DerivedEntry, ...]:
    """The derived road looking ``k`` columns back (1 big eye boy, 2 small road, 3 cockroach pig)."""
    if k < 1:
        raise ValueError(f"a derived road looks at least one column back, not {k}")
    lengths = road.column_lengths
    colours: list[Colour] = []
    for e in road.entries:
        c = _colour(lengths[: e.column + 1], e.column, e.row, k)
        if c is not None:
            colours.append(c)
    return tuple(
        DerivedEntry(colour, column, row, x, y)
        for colour, (column, row, x, y) in zip(colours, _place(colours), strict=True)
    )


def roads(marks: Sequence[Mark]) -> Roads:
    """All five roads of a shoe's marks."""
    br = big_road(marks)
    return Roads(bead_plate(marks), br, {name: derived_road(br, k) for name, k in DERIVED})
