"""Pai Gow Tiles House Ways as data: which of the three ways to split four tiles a room's chart takes.

A chart (``config/house_ways/paigowtiles/<room>.yaml``) is an ordered list of named rules, each with the
chart line's words (``text``) and its cite. The engine takes the **first rule whose ``when`` holds and
whose ``play`` gives a split**; a play whose condition fails passes on to the next rule. The high hand
is always the better of the two (a chart can never set a low hand above its high).

``when`` (all given keys must hold)
    ``pairs``: how many pairs the four tiles hold (0, 1 or 2; an unmatched pair such as 4-5 with 6-3
    counts). ``pair``: the pair is of one of these kinds (``teen``, ``day``, ``gee_joon`` …).
    ``pair_spots``: the pair's tiles have one of these spot counts (Gee Joon has none: it is named).
    ``others``: the two tiles outside the pair have, in some order, spots from each list
    (``[[6], [4, 5, 6]]``). ``others_include``: one of the two outside tiles is of these kinds.

``play``
    ``keep_pairs``: every pair is a hand. ``split_pair: {low_at_least: N}``: each tile of the pair goes
    with one of the others, if the low hand after the split is worth N points or more (a pair, Wong or
    Gong is more). ``best: {with: [kinds], spots: [..]}`` or ``best: {points_at_least: N}`` or ``best:
    wong|gong``: of the splits that make such a hand, the one with the best high hand (then the best
    low). ``largest_with_smallest``: the highest-ranked tile with the lowest-ranked tile.

A hand no rule covers is a :class:`HouseWayError`; every filed chart covers all 35,960 hands
(tests/test_paigowtiles_house_way.py checks it on all 3,620 hands of kinds).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from rules.errors import RulesError
from rules.paigowtiles.hands import (
    GONG_TIER,
    WONG_TIER,
    at_least_points,
    class_name,
    describe,
    strength,
    tier,
)
from rules.paigowtiles.tiles import ALL_TILES, KINDS, Tile, check_distinct, kind_by_name

#: The three ways to split four tiles (positions 0-3): the partner of position 0.
SPLITS: Final = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2))


class HouseWayError(RulesError, ValueError):
    """A chart that is not well formed, or a hand the chart does not cover."""


@dataclass(frozen=True, slots=True)
class Condition:
    """A rule's ``when``."""

    pairs: int | None = None
    pair: frozenset[int] = frozenset()
    pair_spots: frozenset[int] = frozenset()
    others: tuple[frozenset[int], ...] = ()
    others_include: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class Play:
    """A rule's ``play``: one of keep_pairs, split_pair, best, largest_with_smallest."""

    kind: str
    low_at_least: int | None = None
    best_with: frozenset[int] = frozenset()
    best_spots: frozenset[int] = frozenset()
    best_points: int | None = None
    best_tier: int | None = None


@dataclass(frozen=True, slots=True)
class Rule:
    """One named line of a chart."""

    name: str
    when: Condition
    play: Play
    cite: str
    text: str


@dataclass(frozen=True, slots=True)
class Chart:
    """A room's House Way: rules in order, where it comes from, the examples printed with it."""

    id: str
    room: str
    rules: tuple[Rule, ...]
    source: Mapping[str, Any] = field(default_factory=dict)
    examples: tuple[Mapping[str, Any], ...] = ()

    def rule(self, name: str) -> Rule:
        """The rule called ``name``."""
        return next(r for r in self.rules if r.name == name)


@dataclass(frozen=True, slots=True)
class TileSetting:
    """Four tiles set: the high and low hands (two tiles each) and the rule that set them."""

    high: tuple[Tile, Tile]
    low: tuple[Tile, Tile]
    rule: str
    cite: str = ""

    @property
    def high_kinds(self) -> tuple[int, int]:
        """The kinds of the high hand."""
        return (self.high[0].kind.index, self.high[1].kind.index)

    @property
    def low_kinds(self) -> tuple[int, int]:
        """The kinds of the low hand."""
        return (self.low[0].kind.index, self.low[1].kind.index)

    def to_json(self) -> dict[str, Any]:
        """The ``house-way --json`` object: docs/architecture.md §4's front (low) and back (high), and by name."""
        hi = [str(t) for t in self.high]
        lo = [str(t) for t in self.low]
        return {
            "front": lo,
            "back": hi,
            "high": hi,
            "low": lo,
            "high_hand": describe(*self.high_kinds),
            "low_hand": describe(*self.low_kinds),
            "rule": self.rule,
        }


# ---------------------------------------------------------------------------------------------- loading


def _kinds(value: object, where: str) -> frozenset[int]:
    items = value if isinstance(value, list) else [value]
    try:
        return frozenset(kind_by_name(str(v)) for v in items)
    except RulesError as exc:
        raise HouseWayError(f"{where}: {exc}") from None


def _ints(value: object, where: str, what: str) -> frozenset[int]:
    items = value if isinstance(value, list) else [value]
    out = frozenset(v for v in items if isinstance(v, int) and not isinstance(v, bool))
    if len(out) != len(set(map(repr, items))):
        raise HouseWayError(f"{where}: {what} is a list of spot counts (whole numbers)")
    return out


def _condition(data: object, where: str) -> Condition:
    if not isinstance(data, Mapping):
        raise HouseWayError(f"{where}: 'when' is a mapping")
    allowed = {"pairs", "pair", "pair_spots", "others", "others_include"}
    unknown = set(map(str, data)) - allowed
    if unknown:
        raise HouseWayError(
            f"{where}: unknown condition(s) {', '.join(sorted(unknown))}; known: {', '.join(sorted(allowed))}"
        )
    pairs = data.get("pairs")
    if pairs is not None and pairs not in (0, 1, 2):
        raise HouseWayError(f"{where}: pairs is 0, 1 or 2, not {pairs!r}")
    others: tuple[frozenset[int], ...] = ()
    if "others" in data:
        raw = data["others"]
        if not isinstance(raw, list) or len(raw) != 2:
            raise HouseWayError(f"{where}: others is two lists of spots, one per tile outside the pair")
        others = tuple(_ints(x, where, "others") for x in raw)
    return Condition(
        pairs=pairs,
        pair=_kinds(data["pair"], where) if "pair" in data else frozenset(),
        pair_spots=_ints(data["pair_spots"], where, "pair_spots") if "pair_spots" in data else frozenset(),
        others=others,
        others_include=_kinds(data["others_include"], where) if "others_include" in data else frozenset(),
    )


def _play(data: object, where: str) -> Play:
    if data in ("keep_pairs", "largest_with_smallest"):
        return Play(kind=str(data))
    if not isinstance(data, Mapping) or len(data) != 1:
        raise HouseWayError(
            f"{where}: a play is keep_pairs, largest_with_smallest, {{split_pair: …}} or {{best: …}}"
        )
    ((key, arg),) = data.items()
    if key == "split_pair":
        if not isinstance(arg, Mapping) or set(arg) - {"low_at_least"}:
            raise HouseWayError(f"{where}: split_pair is {{low_at_least: N}} or {{}}")
        low = arg.get("low_at_least")
        if low is not None and (not isinstance(low, int) or not 0 <= low <= 9):
            raise HouseWayError(f"{where}: low_at_least is 0 to 9 points, not {low!r}")
        return Play(kind="split_pair", low_at_least=low)
    if key == "best":
        if arg == "wong":
            return Play(kind="best", best_tier=WONG_TIER)
        if arg == "gong":
            return Play(kind="best", best_tier=GONG_TIER)
        if isinstance(arg, Mapping) and set(arg) == {"points_at_least"}:
            n = arg["points_at_least"]
            if not isinstance(n, int) or not 0 <= n <= 9:
                raise HouseWayError(f"{where}: points_at_least is 0 to 9, not {n!r}")
            return Play(kind="best", best_points=n)
        if isinstance(arg, Mapping) and set(arg) == {"with", "spots"}:
            return Play(
                kind="best",
                best_with=_kinds(arg["with"], where),
                best_spots=_ints(arg["spots"], where, "spots"),
            )
        raise HouseWayError(
            f"{where}: best is wong, gong, {{points_at_least: N}} or {{with: [kinds], spots: [..]}}"
        )
    raise HouseWayError(f"{where}: unknown play {key!r}")


def load_chart(data: Mapping[str, Any]) -> Chart:
    """A chart from its YAML mapping; bad data is a HouseWayError naming the rule and key."""
    if not isinstance(data, Mapping):
        raise HouseWayError("a House Way chart is a mapping with id, room and rules")
    for k in ("id", "room", "source", "rules"):
        if k not in data:
            raise HouseWayError(f"House Way chart: missing {k!r}")
    cid = str(data["id"])
    raw = data["rules"]
    if not isinstance(raw, list) or not raw:
        raise HouseWayError(f"{cid}: rules is a non-empty list")
    rules: list[Rule] = []
    for n, r in enumerate(raw):
        where = f"{cid}: rules[{n}]"
        if not isinstance(r, Mapping) or not {"name", "play", "cite", "text"} <= set(r):
            raise HouseWayError(f"{where}: a rule has name, text, cite, when and play")
        unknown = set(r) - {"name", "text", "cite", "when", "play", "choice"}
        if unknown:
            raise HouseWayError(f"{where}: unknown key(s) {', '.join(sorted(map(str, unknown)))}")
        if any(x.name == r["name"] for x in rules):
            raise HouseWayError(f"{where}: duplicate rule name {r['name']!r}")
        rules.append(
            Rule(
                name=str(r["name"]),
                when=_condition(r.get("when", {}) or {}, where),
                play=_play(r["play"], where),
                cite=str(r["cite"]),
                text=str(r["text"]),
            )
        )
    examples = tuple(e for e in (data.get("examples", []) or []) if isinstance(e, Mapping))
    return Chart(
        id=cid, room=str(data["room"]), rules=tuple(rules), source=dict(data["source"]), examples=examples
    )


# ---------------------------------------------------------------------------------------------- engine


def _pairs(kinds: Sequence[int]) -> list[int]:
    """The kinds held twice."""
    return sorted({k for k in kinds if kinds.count(k) == 2})


def _spots_match(pattern: tuple[frozenset[int], ...], a: int, b: int) -> bool:
    sa, sb = KINDS[a].spots, KINDS[b].spots
    p, q = pattern
    return (sa in p and sb in q) or (sa in q and sb in p)


def _holds(c: Condition, kinds: Sequence[int]) -> bool:
    pairs = _pairs(kinds)
    if c.pairs is not None and len(pairs) != c.pairs:
        return False
    if c.pair or c.pair_spots or c.others or c.others_include:
        if len(pairs) != 1:
            return False
        p = pairs[0]
        if c.pair and p not in c.pair:
            return False
        if c.pair_spots and KINDS[p].spots not in c.pair_spots:
            return False
        rest = [k for k in kinds if k != p]
        if c.others and not _spots_match(c.others, rest[0], rest[1]):
            return False
        if c.others_include and not any(k in c.others_include for k in rest):
            return False
    return True


def _set(
    kinds: Sequence[int], split: tuple[int, int, int, int]
) -> tuple[int, int, tuple[int, int, int, int]]:
    """(high strength, low strength, positions high-high-low-low) of one split."""
    a, b, c, d = split
    s1, s2 = strength(kinds[a], kinds[b]), strength(kinds[c], kinds[d])
    return (s1, s2, (a, b, c, d)) if s1 >= s2 else (s2, s1, (c, d, a, b))


def _best(candidates: list[tuple[int, int, tuple[int, int, int, int]]]) -> tuple[int, int, int, int] | None:
    return max(candidates)[2] if candidates else None


def _makes(play: Play, kinds: Sequence[int], pos: Sequence[int]) -> bool:
    """Whether the two tiles at ``pos`` make the hand a ``best`` play looks for."""
    a, b = kinds[pos[0]], kinds[pos[1]]
    s = strength(a, b)
    if play.best_tier is not None:
        return tier(s) == play.best_tier
    if play.best_points is not None:
        return a != b and s >= at_least_points(play.best_points) and tier(s) == 0
    return (a in play.best_with and KINDS[b].spots in play.best_spots) or (
        b in play.best_with and KINDS[a].spots in play.best_spots
    )


def _run(play: Play, kinds: Sequence[int]) -> tuple[int, int, int, int] | None:
    """The positions (high, high, low, low) the play sets, or None when it does not apply."""
    sets = [_set(kinds, s) for s in SPLITS]
    pairs = _pairs(kinds)
    if play.kind == "keep_pairs":
        if not pairs:
            return None
        return _best([x for x in sets if _keeps(kinds, x[2], pairs)])
    if play.kind == "split_pair":
        if len(pairs) != 1:
            return None
        split = [x for x in sets if not _keeps(kinds, x[2], pairs)]
        got = _best(split)
        if got is None:
            return None
        low = strength(kinds[got[2]], kinds[got[3]])
        if play.low_at_least is not None and low < at_least_points(play.low_at_least):
            return None
        return got
    if play.kind == "best":
        return _best([x for x in sets if _makes(play, kinds, x[2][:2]) or _makes(play, kinds, x[2][2:])])
    # largest_with_smallest: the highest-ranked tile (smallest kind index) with the lowest-ranked
    order = sorted(range(4), key=lambda i: (kinds[i], i))
    first, last = order[0], order[-1]
    return next(
        x[2] for x in sets if {x[2][0], x[2][1]} == {first, last} or {x[2][2], x[2][3]} == {first, last}
    )


def _keeps(kinds: Sequence[int], pos: tuple[int, int, int, int], pairs: list[int]) -> bool:
    """Whether the split keeps every pair as one hand."""
    hands = ((kinds[pos[0]], kinds[pos[1]]), (kinds[pos[2]], kinds[pos[3]]))
    return all(any(h == (p, p) for h in hands) for p in pairs)


def set_kinds(kinds: Sequence[int], chart: Chart) -> tuple[tuple[int, int, int, int], Rule]:
    """Positions (high, high, low, low) and the rule, for four tiles given by kind. HouseWayError if uncovered."""
    for rule in chart.rules:
        if not _holds(rule.when, kinds):
            continue
        got = _run(rule.play, kinds)
        if got is not None:
            return got, rule
    names = " ".join(KINDS[k].name for k in kinds)
    raise HouseWayError(f"{chart.id}: no rule covers {names}")


def set_house_way(tiles: Sequence[Tile], chart: Chart) -> TileSetting:
    """Set four distinct tiles the House Way of ``chart``."""
    if len(tiles) != 4:
        raise HouseWayError(f"a Pai Gow Tiles hand is four tiles, not {len(tiles)}")
    check_distinct([t.index for t in tiles])
    kinds = [t.kind.index for t in tiles]
    pos, rule = set_kinds(kinds, chart)
    a, b, c, d = (tiles[i] for i in pos)
    return TileSetting(high=_display(a, b), low=_display(c, d), rule=rule.name, cite=rule.cite)


def _display(a: Tile, b: Tile) -> tuple[Tile, Tile]:
    """The higher-ranked tile first."""
    return (a, b) if (a.kind.index, a.index) <= (b.kind.index, b.index) else (b, a)


def hand_classes(setting: TileSetting) -> tuple[str, str]:
    """The class names of the high and low hands."""
    return class_name(*setting.high_kinds), class_name(*setting.low_kinds)


__all__ = ["ALL_TILES", "Chart", "HouseWayError", "TileSetting", "load_chart", "set_house_way", "set_kinds"]
