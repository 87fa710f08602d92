"""House Ways as data: a room's chart is an ordered list of named rules; this module interprets it.

A chart (``config/house_ways/<room>-paigow.yaml``) is read top to bottom; the first rule whose ``when``
matches the hand decides the setting with its ``play``. The vocabulary is small on purpose, so a new
room's chart is data and not a new ``if`` (docs/paigow.md describes it in full):

``when`` (all given keys must hold)
    ``shape``: one or a list of ``no_pair one_pair two_pair three_pair trips two_trips full_house quads
    five_aces`` (the joker counts as an ace in the shape: Jk-A is a pair of aces). ``complete``: the
    seven cards hold a straight, flush or straight flush (the joker filling in). ``high_pair``,
    ``trips``, ``quads``: the rank of the highest pair / three of a kind / four of a kind is one of a
    list. ``has_pair_of``: a pair of one of these ranks is held. ``with_pair``: another pair (or three
    of a kind) is held besides the four of a kind.

``play``
    ``front: [selector, …]`` picks the front cards: ``single N`` (N-th highest unpaired card),
    ``pair N`` (both cards of the N-th highest pair; ``-1`` the lowest), ``one of pair N``,
    ``one of trips N``, ``two of trips N``, ``two of quads N``, ``two of five 1``.
    ``best_front_outside: quads`` (or ``pairs``): the best front hand from the cards outside those groups.
    ``search: {back_at_least: straight, front: any | pair}``: of every way to split the hand, the best
    front hand that leaves at least that hand behind ("the highest two cards that leave a complete hand
    in back"). ``as_if_incomplete``: set the hand by the rules for its shape without the straight or
    flush ("play according to two pair strategy").
    ``require: {front_at_least: A | K | Q | … | pair}`` guards the play ("if you can put an ace in
    front"); when it fails, or a selector has nothing to pick, ``otherwise`` (another play) is used.

A rule with neither a working play nor otherwise is skipped; a hand no rule covers is a
:class:`HouseWayError` (the exhaustive audit counts them; every filed chart covers every hand).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations, product
from typing import Any, Final

from rules.cards import ALL_CARDS, JOKER_INDEX, Card, Rank
from rules.decks import parse_rank
from rules.errors import DeckError, RulesError
from rules.paigow.hands import (
    CATEGORY_BY_NAME,
    DEFAULT_RULES,
    PaiGowRules,
    front_beats_back,
    front_value,
    value5,
)

SHAPES: Final = (
    "no_pair",
    "one_pair",
    "two_pair",
    "three_pair",
    "trips",
    "two_trips",
    "full_house",
    "quads",
    "five_aces",
)
_ACE: Final = 14


class HouseWayError(RulesError, ValueError):
    """A chart that is not well formed, or a hand the chart does not cover."""


# ---------------------------------------------------------------------------------------------- shape


@dataclass(frozen=True, slots=True)
class Shape:
    """What a House Way chart looks at: the groups of equal rank (joker with the aces) and the complete hands."""

    idx: tuple[int, ...]
    fives: tuple[tuple[int, ...], ...]
    quads: tuple[tuple[int, ...], ...]
    trips: tuple[tuple[int, ...], ...]
    pairs: tuple[tuple[int, ...], ...]
    singles: tuple[tuple[int, ...], ...]
    name: str
    complete: bool

    def group_rank(self, group: tuple[int, ...]) -> int:
        """The rank of a group (the joker counts as an ace)."""
        return max(_rank(i) for i in group)


def _rank(i: int) -> int:
    return _ACE if i == JOKER_INDEX else (i >> 2) + 2


def has_complete_hand(idx: Sequence[int]) -> bool:
    """Whether five of the cards make a straight, flush or straight flush (the joker filling in)."""
    joker = JOKER_INDEX in idx
    nat = [i for i in idx if i != JOKER_INDEX]
    need = 4 if joker else 5
    suits = [0, 0, 0, 0]
    for i in nat:
        suits[i & 3] += 1
    if max(suits) >= need:
        return True
    ranks = {(i >> 2) + 2 for i in nat}
    if _ACE in ranks:
        ranks.add(1)
    return any(len(ranks & set(range(lo, lo + 5))) >= need for lo in range(1, 11))


def shape_of(idx: Sequence[int]) -> Shape:
    """The shape of a hand given by card indices."""
    by_rank: dict[int, list[int]] = {}
    for i in idx:
        by_rank.setdefault(_rank(i), []).append(i)
    groups = sorted(by_rank.items(), key=lambda kv: kv[0], reverse=True)
    sized: dict[int, list[tuple[int, ...]]] = {1: [], 2: [], 3: [], 4: [], 5: []}
    for _, cards in groups:
        # the joker last inside its group, so "one of trips" gives a natural ace first
        sized[len(cards)].append(tuple(sorted(cards, key=lambda i: (i == JOKER_INDEX, -i))))
    n5, n4, n3, n2 = len(sized[5]), len(sized[4]), len(sized[3]), len(sized[2])
    if n5:
        name = "five_aces"
    elif n4:
        name = "quads"
    elif n3 >= 2:
        name = "two_trips"
    elif n3 and n2:
        name = "full_house"
    elif n3:
        name = "trips"
    elif n2 >= 3:
        name = "three_pair"
    elif n2 == 2:
        name = "two_pair"
    elif n2 == 1:
        name = "one_pair"
    else:
        name = "no_pair"
    return Shape(
        idx=tuple(idx),
        fives=tuple(sized[5]),
        quads=tuple(sized[4]),
        trips=tuple(sized[3]),
        pairs=tuple(sized[2]),
        singles=tuple(sized[1]),
        name=name,
        complete=has_complete_hand(idx),
    )


# ---------------------------------------------------------------------------------------------- model


@dataclass(frozen=True, slots=True)
class Condition:
    """A rule's ``when``."""

    shapes: frozenset[str] = frozenset()
    complete: bool | None = None
    high_pair: frozenset[int] = frozenset()
    trips: frozenset[int] = frozenset()
    quads: frozenset[int] = frozenset()
    has_pair_of: frozenset[int] = frozenset()
    with_pair: bool | None = None

    def matches(self, s: Shape, complete: bool) -> bool:
        """Whether the hand fits (``complete`` may be forced off by ``as_if_incomplete``)."""
        if self.shapes and s.name not in self.shapes:
            return False
        if self.complete is not None and self.complete != complete:
            return False
        if self.high_pair and (not s.pairs or s.group_rank(s.pairs[0]) not in self.high_pair):
            return False
        if self.trips and (not s.trips or s.group_rank(s.trips[0]) not in self.trips):
            return False
        if self.quads and (not s.quads or s.group_rank(s.quads[0]) not in self.quads):
            return False
        if self.has_pair_of and not any(s.group_rank(p) in self.has_pair_of for p in s.pairs):
            return False
        if self.with_pair is not None:
            other = bool(s.pairs or s.trips or len(s.quads) > 1)
            if other != self.with_pair:
                return False
        return True


@dataclass(frozen=True, slots=True)
class Play:
    """A rule's ``play`` (or ``otherwise``); exactly one of the forms is set."""

    front: tuple[str, ...] = ()
    best_front_outside: tuple[str, ...] = ()
    search_back_at_least: int | None = None
    search_front_pair: bool = False
    as_if_incomplete: bool = False
    front_at_least: int | None = None  # a front value threshold
    otherwise: Play | None = None


@dataclass(frozen=True, slots=True)
class HouseWayRule:
    """One named row of a chart."""

    name: str
    when: Condition
    play: Play
    cite: str = ""
    text: str = ""


@dataclass(frozen=True, slots=True)
class HouseWay:
    """A room's chart: rules in order, the hand's size, the ranking options it sets hands under."""

    id: str
    room: str
    rules: tuple[HouseWayRule, ...]
    hand_rules: PaiGowRules = DEFAULT_RULES
    source: Mapping[str, Any] = field(default_factory=dict)
    examples: tuple[Mapping[str, Any], ...] = ()

    @property
    def hand_cards(self) -> int:
        """Seven cards (six for Mini Pai Gow)."""
        return self.hand_rules.hand_cards


@dataclass(frozen=True, slots=True)
class Setting:
    """A hand set: the front (low) and back (high) cards, and the chart rule that set it."""

    front: tuple[Card, ...]
    back: tuple[Card, ...]
    rule: str
    cite: str = ""

    def to_json(self) -> dict[str, Any]:
        """The ``house-way --json`` object (docs/architecture.md §4)."""
        return {"front": [str(c) for c in self.front], "back": [str(c) for c in self.back], "rule": self.rule}


# ---------------------------------------------------------------------------------------------- loading

_SELECTOR_KINDS: Final = (
    "single",
    "pair",
    "one of pair",
    "one of trips",
    "two of trips",
    "two of quads",
    "two of five",
)
_GROUP_NAMES: Final = {"pairs": "pairs", "trips": "trips", "quads": "quads", "five": "fives"}


def _ranks(value: object, where: str) -> frozenset[int]:
    items = value if isinstance(value, list) else [value]
    try:
        return frozenset(parse_rank(v).value for v in items)
    except DeckError as exc:
        raise HouseWayError(f"{where}: {exc}") from None


def _threshold(value: object, where: str) -> int:
    if isinstance(value, str) and value.strip().lower() == "pair":
        return 1 << 8
    try:
        r = parse_rank(value)
    except DeckError as exc:
        raise HouseWayError(f"{where}: front_at_least is a rank or 'pair': {exc}") from None
    return r.value << 4  # any front whose high card is at least this rank


def _condition(data: object, where: str) -> Condition:
    if not isinstance(data, Mapping):
        raise HouseWayError(f"{where}: 'when' is a mapping")
    allowed = {"shape", "complete", "high_pair", "trips", "quads", "has_pair_of", "with_pair"}
    unknown = set(data) - allowed
    if unknown:
        raise HouseWayError(f"{where}: unknown condition(s) {', '.join(sorted(map(str, unknown)))}")
    shapes_raw = data.get("shape", [])
    shapes = frozenset([shapes_raw] if isinstance(shapes_raw, str) else list(shapes_raw))
    bad = shapes - set(SHAPES)
    if bad:
        raise HouseWayError(f"{where}: unknown shape(s) {', '.join(sorted(bad))}; known: {', '.join(SHAPES)}")
    complete = data.get("complete")
    with_pair = data.get("with_pair")
    return Condition(
        shapes=shapes,
        complete=None if complete is None else bool(complete),
        high_pair=_ranks(data["high_pair"], where) if "high_pair" in data else frozenset(),
        trips=_ranks(data["trips"], where) if "trips" in data else frozenset(),
        quads=_ranks(data["quads"], where) if "quads" in data else frozenset(),
        has_pair_of=_ranks(data["has_pair_of"], where) if "has_pair_of" in data else frozenset(),
        with_pair=None if with_pair is None else bool(with_pair),
    )


def _selector_ok(sel: str) -> bool:
    for kind in _SELECTOR_KINDS:
        if sel.startswith(kind + " "):
            rest = sel[len(kind) + 1 :].strip()
            try:
                int(rest)
            except ValueError:
                return False
            return True
    return False


def _play(data: object, where: str) -> Play:
    if isinstance(data, str):
        if data == "as_if_incomplete":
            return Play(as_if_incomplete=True)
        raise HouseWayError(f"{where}: unknown play {data!r}")
    if not isinstance(data, Mapping):
        raise HouseWayError(f"{where}: a play is a mapping or 'as_if_incomplete'")
    allowed = {"front", "best_front_outside", "search", "require", "otherwise", "as_if_incomplete"}
    unknown = set(data) - allowed
    if unknown:
        raise HouseWayError(f"{where}: unknown play key(s) {', '.join(sorted(map(str, unknown)))}")
    forms = [k for k in ("front", "best_front_outside", "search", "as_if_incomplete") if k in data]
    if len(forms) != 1:
        raise HouseWayError(
            f"{where}: a play has exactly one of front, best_front_outside, search, as_if_incomplete"
        )
    threshold = None
    req = data.get("require")
    if req is not None:
        if not isinstance(req, Mapping) or set(req) != {"front_at_least"}:
            raise HouseWayError(f"{where}: require is {{front_at_least: RANK or pair}}")
        threshold = _threshold(req["front_at_least"], where)
    otherwise = _play(data["otherwise"], where + ".otherwise") if "otherwise" in data else None
    if "front" in data:
        sels = data["front"]
        if not isinstance(sels, list) or not all(isinstance(s, str) and _selector_ok(s) for s in sels):
            raise HouseWayError(
                f"{where}: front is a list of selectors like 'single 1', 'pair -1', 'one of trips 1'"
            )
        return Play(front=tuple(sels), front_at_least=threshold, otherwise=otherwise)
    if "best_front_outside" in data:
        raw = data["best_front_outside"]
        names = [raw] if isinstance(raw, str) else list(raw)
        if not all(n in _GROUP_NAMES for n in names):
            raise HouseWayError(f"{where}: best_front_outside names groups: pairs, trips, quads, five")
        return Play(best_front_outside=tuple(names), front_at_least=threshold, otherwise=otherwise)
    if "search" in data:
        s = data["search"]
        if not isinstance(s, Mapping) or "back_at_least" not in s:
            raise HouseWayError(f"{where}: search is {{back_at_least: CATEGORY, front: any|pair}}")
        cat = CATEGORY_BY_NAME.get(str(s["back_at_least"]).lower().replace(" ", "_"))
        if cat is None:
            raise HouseWayError(f"{where}: unknown hand {s['back_at_least']!r} in search.back_at_least")
        front = str(s.get("front", "any"))
        if front not in ("any", "pair"):
            raise HouseWayError(f"{where}: search.front is 'any' or 'pair'")
        return Play(
            search_back_at_least=cat,
            search_front_pair=front == "pair",
            front_at_least=threshold,
            otherwise=otherwise,
        )
    return Play(as_if_incomplete=True, otherwise=otherwise)


def load_house_way(data: Mapping[str, Any], hand_rules: PaiGowRules | None = None) -> HouseWay:
    """Build a chart from its YAML mapping (``config/house_ways/*.yaml``). Bad data is a HouseWayError."""
    if not isinstance(data, Mapping):
        raise HouseWayError("a House Way chart is a mapping with id, room and rules")
    for k in ("id", "room", "rules"):
        if k not in data:
            raise HouseWayError(f"House Way chart: missing {k!r}")
    cid = str(data["id"])
    raw_rules = data["rules"]
    if not isinstance(raw_rules, list) or not raw_rules:
        raise HouseWayError(f"{cid}: rules is a non-empty list")
    hand = data.get("hand", {}) or {}
    front_cards = int(hand.get("front", 2))
    if hand_rules is None:
        hand_rules = PaiGowRules(
            front_cards=front_cards, joker_above_ace=bool(hand.get("joker_above_ace", False))
        )
    elif hand_rules.front_cards != front_cards:
        raise HouseWayError(
            f"{cid}: the chart sets a {front_cards}-card front, the game has {hand_rules.front_cards}"
        )
    rules: list[HouseWayRule] = []
    names: set[str] = set()
    for n, r in enumerate(raw_rules):
        where = f"{cid}: rules[{n}]"
        if not isinstance(r, Mapping) or "name" not in r or "play" not in r:
            raise HouseWayError(f"{where}: a rule has name, when, play (and cite)")
        name = str(r["name"])
        if name in names:
            raise HouseWayError(f"{where}: duplicate rule name {name!r}")
        names.add(name)
        rules.append(
            HouseWayRule(
                name=name,
                when=_condition(r.get("when", {}) or {}, where),
                play=_play(r["play"], where),
                cite=str(r.get("cite", "")),
                text=str(r.get("text", "")),
            )
        )
    examples = tuple(e for e in (data.get("examples", []) or []) if isinstance(e, Mapping))
    return HouseWay(
        id=cid,
        room=str(data["room"]),
        rules=tuple(rules),
        hand_rules=hand_rules,
        source=dict(data.get("source", {}) or {}),
        examples=examples,
    )


# ---------------------------------------------------------------------------------------------- engine


def _select(s: Shape, sel: str) -> list[tuple[int, ...]] | None:
    """Every way the selector can pick its cards (one or two of a larger group can be any of them)."""
    kind, _, num = sel.rpartition(" ")
    n = int(num)
    table: dict[str, tuple[tuple[tuple[int, ...], ...], int]] = {
        "single": (s.singles, 1),
        "pair": (s.pairs, 2),
        "one of pair": (s.pairs, 1),
        "one of trips": (s.trips, 1),
        "two of trips": (s.trips, 2),
        "two of quads": (s.quads, 2),
        "two of five": (s.fives, 2),
    }
    groups, take = table[kind]
    pos = n - 1 if n > 0 else len(groups) + n
    if not 0 <= pos < len(groups):
        return None
    return list(combinations(groups[pos], take))


def _best_front(
    candidates: Iterable[tuple[int, ...]],
    idx: tuple[int, ...],
    rules: PaiGowRules,
    back_min: int | None,
    need_pair: bool,
    allow_foul: bool = False,
) -> tuple[int, ...] | None:
    best: tuple[int, int] | None = None
    best_front: tuple[int, ...] | None = None
    for front in candidates:
        back = tuple(i for i in idx if i not in front)
        bv = value5(back, rules)
        if back_min is not None and bv >> 20 < back_min:
            continue
        fv = front_value(front, rules)
        if need_pair and not fv >> 8 and len(front) == 2:
            continue
        if not allow_foul and front_beats_back(front, bv, back, rules):
            continue
        key = (fv, bv)
        if best is None or key > best:
            best, best_front = key, front
    return best_front


def _run(play: Play, s: Shape, rules: PaiGowRules) -> tuple[int, ...] | str | None:
    """The front cards the play picks, ``"incomplete"`` to re-match without the complete hand, or None."""
    f = rules.front_cards
    front: tuple[int, ...] | None = None
    if play.as_if_incomplete:
        return "incomplete"
    if play.front:
        options: list[list[tuple[int, ...]]] = []
        for sel in play.front:
            got = _select(s, sel)
            if got is None:
                break
            options.append(got)
        else:
            # Which ace of three goes in front is the chart's "an ace": take the one that leaves the best
            # back hand (a flush kept behind), so every hand of the same ranks and suits is set alike.
            fronts = [tuple(i for part in choice for i in part) for choice in product(*options)]
            fronts = [fr for fr in fronts if len(fr) == f and len(set(fr)) == f]
            front = _best_front(fronts, s.idx, rules, None, False, allow_foul=True) if fronts else None
    elif play.best_front_outside:
        held: set[int] = set()
        for g in play.best_front_outside:
            for grp in getattr(s, _GROUP_NAMES[g]):
                held.update(grp)
        rest = [i for i in s.idx if i not in held]
        if len(rest) >= f:
            front = _best_front(combinations(rest, f), s.idx, rules, None, False)
    elif play.search_back_at_least is not None:
        front = _best_front(
            combinations(s.idx, f), s.idx, rules, play.search_back_at_least, play.search_front_pair
        )
    if front is not None and play.front_at_least is not None:
        fv = front_value(front, rules)
        if len(front) == 1:
            fv <<= 4
        if fv < play.front_at_least:
            front = None
    if front is None and play.otherwise is not None:
        return _run(play.otherwise, s, rules)
    return front


def set_hand(idx: Sequence[int], way: HouseWay) -> tuple[tuple[int, ...], HouseWayRule]:
    """The fast path: (front indices, rule) for a hand of card indices. Raises HouseWayError if uncovered."""
    s = shape_of(idx)
    complete = s.complete
    rules = way.hand_rules
    for _ in range(2):
        for rule in way.rules:
            if not rule.when.matches(s, complete):
                continue
            got = _run(rule.play, s, rules)
            if got == "incomplete":
                complete = False
                break
            if isinstance(got, tuple):
                return got, rule
        else:
            break
    raise HouseWayError(f"{way.id}: no rule covers {' '.join(str(ALL_CARDS[i]) for i in idx)} ({s.name})")


def set_house_way(cards: Sequence[Card], way: HouseWay) -> Setting:
    """Set a hand the House Way of ``way``. The cards must be the chart's hand size, distinct, one joker at most."""
    n = way.hand_cards
    if len(cards) != n:
        raise HouseWayError(f"a {way.id} hand has {n} cards, not {len(cards)}")
    idx = [c.index for c in cards]
    if len(set(idx)) != len(idx):
        dup = sorted({str(c) for c in cards if idx.count(c.index) > 1})
        raise HouseWayError(f"duplicate card(s) {' '.join(dup)}: one deck has one of each")
    front, rule = set_hand(idx, way)
    back = [i for i in idx if i not in front]
    return Setting(
        front=_display(front),
        back=_display(back),
        rule=rule.name,
        cite=rule.cite,
    )


def _display(idx: Iterable[int]) -> tuple[Card, ...]:
    """High to low, the joker with the aces."""
    return tuple(sorted((ALL_CARDS[i] for i in idx), key=lambda c: (_rank(c.index), c.index), reverse=True))


def rank_value(rank: Rank) -> int:
    """Convenience for tests and data: a rank's value."""
    return rank.value
