"""The 32 Chinese dominoes of Pai Gow Tiles: sixteen kinds, their names, spots, values and ranks.

Ranks follow the Tres Lounge chart, rank 1 (Teen) to rank 16 (Gee Joon) (seed 002 L661-673); Capitol
names the same pairs Heaven, Earth, Man … (seed 003 L551-634). Ranks 1-11 are two identical tiles;
ranks 12-16 are two tiles with different dots that "share the same name, numerical value, and
ranking" (seed 002 L675-677), so for every rule a tile is its kind. A tile's value is its spots, right
digit only (a 12-spot Teen is worth 2: seed 002 L657-659, seed 003 L531). Gee Joon (the 2-1 and the
4-2) is worth 3 or 6, as the hand wants (seed 002 L678-679, seed 004 L818-820).

Notation (docs/architecture.md §4): by pips, larger end first — ``6-6``, ``4-2``, ``2-1``. Input also
accepts the smaller end first (``2-4``). Tiles are numbered 0-31: kind ``k`` (0-15, rank ``k + 1``) has
tiles ``2k`` and ``2k + 1``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from rules.errors import RulesError


class TileError(RulesError, ValueError):
    """A tile token that is not a Pai Gow tile, or a set of tiles that one set of 32 cannot hold."""


@dataclass(frozen=True, slots=True)
class Kind:
    """One of the sixteen tile kinds (a pair of tiles)."""

    index: int
    name: str
    faces: tuple[tuple[int, int], tuple[int, int]]
    #: Spots on each tile of the kind; None for Gee Joon (3 and 6, played as either).
    spots: int | None

    @property
    def rank(self) -> int:
        """1 (Teen, the highest single tile) to 16 (Gee Joon, the lowest)."""
        return self.index + 1

    @property
    def values(self) -> tuple[int, ...]:
        """What the tile counts in a hand: its spots mod 10; Gee Joon 3 or 6."""
        return (3, 6) if self.spots is None else (self.spots % 10,)

    @property
    def matched(self) -> bool:
        """Whether the kind's two tiles are identical (ranks 1-11); ranks 12-16 are mixed."""
        return self.faces[0] == self.faces[1]


def _kind(index: int, name: str, a: tuple[int, int], b: tuple[int, int], spots: int | None) -> Kind:
    return Kind(index=index, name=name, faces=(a, b), spots=spots)


#: The sixteen kinds in rank order (seed 002 L661-673; names as Tres Lounge files them, "Gor" for the
#: OCR's "Go n" per the example at L668, "Tit" for the rank-10 name lost to OCR, Capitol's "Long Leg 7").
KINDS: Final[tuple[Kind, ...]] = (
    _kind(0, "Teen", (6, 6), (6, 6), 12),
    _kind(1, "Day", (1, 1), (1, 1), 2),
    _kind(2, "Yun", (4, 4), (4, 4), 8),
    _kind(3, "Gor", (3, 1), (3, 1), 4),
    _kind(4, "Mooy", (5, 5), (5, 5), 10),
    _kind(5, "Chong", (3, 3), (3, 3), 6),
    _kind(6, "Bon", (2, 2), (2, 2), 4),
    _kind(7, "Foo", (6, 5), (6, 5), 11),
    _kind(8, "Ping", (6, 4), (6, 4), 10),
    _kind(9, "Tit", (6, 1), (6, 1), 7),
    _kind(10, "Look", (5, 1), (5, 1), 6),
    _kind(11, "Chop Gow", (5, 4), (6, 3), 9),
    _kind(12, "Chop Bot", (5, 3), (6, 2), 8),
    _kind(13, "Chop Chit", (4, 3), (5, 2), 7),
    _kind(14, "Chop Ng", (4, 1), (3, 2), 5),
    _kind(15, "Gee Joon", (2, 1), (4, 2), None),
)
TEEN: Final = 0
DAY: Final = 1
GEE_JOON: Final = 15
N_KINDS: Final = len(KINDS)
N_TILES: Final = 2 * N_KINDS

#: The words a chart may use for a kind (lower case): its name and its spots where the name is shared.
_NAME_KEYS: Final = {k.name.lower().replace(" ", "_"): k.index for k in KINDS} | {
    "dey": DAY,
    "jee_goon": GEE_JOON,
}


@dataclass(frozen=True, slots=True)
class Tile:
    """One physical tile: its number 0-31 and its face (larger end first)."""

    index: int
    face: tuple[int, int]

    @property
    def kind(self) -> Kind:
        """The tile's kind."""
        return KINDS[self.index >> 1]

    def __str__(self) -> str:
        return f"{self.face[0]}-{self.face[1]}"


ALL_TILES: Final[tuple[Tile, ...]] = tuple(Tile(2 * k.index + i, k.faces[i]) for k in KINDS for i in (0, 1))
_BY_FACE: Final[dict[tuple[int, int], tuple[int, ...]]] = {}
for _t in ALL_TILES:
    _BY_FACE.setdefault(_t.face, ())
    _BY_FACE[_t.face] += (_t.index,)


def kind_by_name(name: str) -> int:
    """A kind's index from its name (``teen``, ``day``/``dey``, ``gee_joon`` …); a TileError names the known ones."""
    key = str(name).strip().lower().replace(" ", "_").replace("-", "_")
    if key not in _NAME_KEYS:
        raise TileError(f"unknown tile kind {name!r}; known: {', '.join(sorted(_NAME_KEYS))}")
    return _NAME_KEYS[key]


def face_of(token: str) -> tuple[int, int]:
    """The face ``(larger, smaller)`` a token like ``6-6`` or ``2-4`` names; a TileError says what is wrong."""
    raw = token.strip()
    parts = raw.replace("–", "-").split("-")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise TileError(f"bad tile {token!r}: a tile is its two ends' pips, larger first, like 6-6 or 4-2")
    a, b = (int(p) for p in parts)
    if not (1 <= a <= 6 and 1 <= b <= 6):
        raise TileError(f"bad tile {token!r}: each end has 1 to 6 pips (Pai Gow tiles have no blanks)")
    return (max(a, b), min(a, b))


def parse_tiles(text: str | Iterable[str]) -> tuple[Tile, ...]:
    """Tiles from text like ``"6-6 4-2 2-1 5-5"`` (or a list of tokens), each a distinct tile of the set.

    A face held twice takes the kind's second tile; a face the set holds fewer times than given is a
    TileError (one set has two 6-6 but one 4-5).
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else [str(t) for t in text]
    used: Counter[tuple[int, int]] = Counter()
    out: list[Tile] = []
    for tok in tokens:
        face = face_of(tok)
        have = _BY_FACE[face]
        if used[face] >= len(have):
            n = len(have)
            raise TileError(f"tile {face[0]}-{face[1]} given {used[face] + 1} times: the set holds {n}")
        out.append(ALL_TILES[have[used[face]]])
        used[face] += 1
    return tuple(out)


def check_distinct(indices: Sequence[int]) -> None:
    """A TileError unless the tile numbers are distinct and in 0-31."""
    bad = [i for i in indices if not 0 <= i < N_TILES]
    if bad:
        raise TileError(f"tile number(s) {bad} out of range 0-{N_TILES - 1}")
    seen = Counter(indices)
    dup = sorted(i for i, n in seen.items() if n > 1)
    if dup:
        raise TileError(f"tile(s) {' '.join(str(ALL_TILES[i]) for i in dup)} held twice")


def tiles_text(tiles: Iterable[Tile]) -> str:
    """Tiles as text, in the order given."""
    return " ".join(str(t) for t in tiles)
