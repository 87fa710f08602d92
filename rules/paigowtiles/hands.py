"""Two-tile hands: their class (pair, Wong, Gong, points), their strength, and a comparison with a room's ties.

Order, highest first (seed 002 L681-706, seed 003 L539-549, seed 004 L806-812): the Supreme Pair (the
two Gee Joon); the matched pairs Teen, Day, Yun, Gor, Mooy, Chong, Bon, Foo, Ping, Tit, Look; the
unmatched pairs of 9s, 8s, 7s and 5s; Wong (Teen or Day with a 9); Gong (Teen or Day with an 8); then
points, the two tiles' spots mod 10 (a Gee Joon counts 3 or 6, whichever is more), 9 down to 0. Equal
points are decided by each hand's highest-ranked tile; the same points and the same highest tile is a
copy (seed 003 L531-535, seed 004 L812-815). Who wins a copy, and whether 0 against 0 goes to the
banker whatever the tiles, is the room's :class:`Ties`.

A hand's :func:`strength` is an int: greater is better, equal is a copy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from rules.paigowtiles.tiles import DAY, GEE_JOON, KINDS, N_KINDS, TEEN, TileError

PAIR_TIER: Final = 3
WONG_TIER: Final = 2
GONG_TIER: Final = 1
POINTS_TIER: Final = 0


def _pair_order(kind: int) -> int:
    """16 for the Supreme Pair, 15 for Teens … 1 for the 5s."""
    return 16 if kind == GEE_JOON else 15 - kind


def points(a: int, b: int) -> int:
    """The points of two tiles of kinds ``a`` and ``b`` (Gee Joon as 3 or 6, whichever is more)."""
    return max((x + y) % 10 for x in KINDS[a].values for y in KINDS[b].values)


def _strength(a: int, b: int) -> int:
    if a == b:
        return (PAIR_TIER << 12) | (_pair_order(a) << 5)
    lo, hi = min(a, b), max(a, b)  # lo: the higher-ranked tile (a smaller index)
    if lo in (TEEN, DAY) and KINDS[hi].spots == 9:
        return (WONG_TIER << 12) | ((2 - lo) << 5)
    if lo in (TEEN, DAY) and KINDS[hi].spots == 8:
        return (GONG_TIER << 12) | ((2 - lo) << 5)
    return (POINTS_TIER << 12) | (points(a, b) << 5) | (N_KINDS - lo)


#: strength of every pair of kinds, by ``a * 16 + b``.
STRENGTH: Final[tuple[int, ...]] = tuple(_strength(a, b) for a in range(N_KINDS) for b in range(N_KINDS))


def strength(a: int, b: int) -> int:
    """The strength of a hand of kinds ``a`` and ``b``: greater beats smaller, equal is a copy."""
    return STRENGTH[a * N_KINDS + b]


def tier(s: int) -> int:
    """3 pair, 2 Wong, 1 Gong, 0 points."""
    return s >> 12


def points_of(s: int) -> int | None:
    """The points of a points hand's strength, None for a pair, Wong or Gong."""
    return (s >> 5) & 15 if tier(s) == POINTS_TIER else None


def at_least_points(n: int) -> int:
    """The smallest strength of a hand worth ``n`` points or more (any pair, Wong or Gong is above)."""
    return (POINTS_TIER << 12) | (n << 5)


def _points_name(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


#: Hand classes, highest first (``analyze`` reports each).
CLASSES: Final[tuple[str, ...]] = (
    ("Supreme Pair",)
    + tuple(f"Pair of {KINDS[k].name}" for k in range(11))
    + ("Pair of 9s", "Pair of 8s", "Pair of 7s", "Pair of 5s", "Wong", "Gong")
    + tuple(_points_name(n) for n in range(9, -1, -1))
)
_MIXED_PAIRS: Final = {11: "Pair of 9s", 12: "Pair of 8s", 13: "Pair of 7s", 14: "Pair of 5s"}


def class_name(a: int, b: int) -> str:
    """The class of a hand of kinds ``a`` and ``b`` (one of :data:`CLASSES`)."""
    if a == b:
        if a == GEE_JOON:
            return "Supreme Pair"
        return _MIXED_PAIRS.get(a, f"Pair of {KINDS[a].name}")
    s = strength(a, b)
    if tier(s) == WONG_TIER:
        return "Wong"
    if tier(s) == GONG_TIER:
        return "Gong"
    return _points_name(points_of(s) or 0)


def describe(a: int, b: int) -> str:
    """A hand in words: its class, and for points the highest tile ('9 points, Teen high')."""
    name = class_name(a, b)
    s = strength(a, b)
    if tier(s) == POINTS_TIER:
        return f"{name}, {KINDS[min(a, b)].name} high"
    if tier(s) in (WONG_TIER, GONG_TIER):
        return f"{KINDS[min(a, b)].name} {name}"
    return name


@dataclass(frozen=True, slots=True)
class Ties:
    """A room's rules for hands of equal rank: who wins a copy, and 0 points against 0 points."""

    #: ``banker``: a copy goes to the player-dealer (every room files it).
    copies: str = "banker"
    #: ``banker``: 0 against 0 goes to the player-dealer whatever the tiles (Capitol, seed 003 L535);
    #: ``high_tile``: 0 against 0 is decided by the highest tile like any other points.
    zero_zero: str = "banker"

    def __post_init__(self) -> None:
        if self.copies not in ("banker",):
            raise TileError(f"ties.copies is 'banker', not {self.copies!r}")
        if self.zero_zero not in ("banker", "high_tile"):
            raise TileError(f"ties.zero_zero is 'banker' or 'high_tile', not {self.zero_zero!r}")


def player_wins(player: int, banker: int, ties: Ties) -> bool:
    """Whether the player's hand of strength ``player`` beats the player-dealer's of ``banker``."""
    if ties.zero_zero == "banker" and points_of(player) == 0 and points_of(banker) == 0:
        return False
    return player > banker


def outcome(player: tuple[int, int], banker: tuple[int, int], ties: Ties) -> int:
    """A wager's result from (high, low) strengths: +1 the player wins both, -1 loses both, 0 a push."""
    hi = player_wins(player[0], banker[0], ties)
    lo = player_wins(player[1], banker[1], ties)
    if hi and lo:
        return 1
    if not hi and not lo:
        return -1
    return 0
