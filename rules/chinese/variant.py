"""A Chinese Poker variant as typed data: the ``chinese:`` section of a game file.

The 101's Chinese Poker, Parkwest's Face-Up Pineapple Chinese Poker and the Oaks' 13 Card Poker differ here
by data (``docs/chinese-poker.md``)::

    chinese:
      players: {min: 2, max: 4}
      point_cents: 500                   # a point is worth the table limit (seed 000 L3131)
      first_position: button             # button (The 101: the action/dealer button holder is position #1)
                                         # or left_of_button (Oaks: "beginning with the player to the left")
      ties: button_wins                  # button_wins (The 101, Parkwest) or push
      foul: {per_segment: 3}             # the fouled hand loses every segment at this many points each
      scoop: {points: 0, on_fouls: false}   # Parkwest: 3 more for winning all three, "applied to all foul hands"
      bonus:                             # points a hand earns from each opponent, won or lost (seed 000 L3133)
        front: {pairs: {6: 1, ..., A: 9}, trips: {2: 10, ..., A: 22}}
        middle: {Straight: 4, Flush: 8, ...}   # five-card category names (rules.evaluators.high.CATEGORIES)
        back: {Straight: 2, ...}
      naturals: [{name: Super Dragon, points: 26}, ...]   # Clean Sweeps, best first (rules.chinese.naturals)
      fantasy_land: {enter_front_pair: Q, stay: {back: Four of a Kind, middle: Full House, front: Three of a Kind}}
      placement: open                    # open: cards placed face up are set for good (The 101, Parkwest);
                                         # set: the hand is set at once, face down (13 Card Poker)
      pineapple: {first: 5, packet: 3, keep: 2}   # Parkwest: five, then packets of three, two placed, one
                                                  # discarded (absent: every card dealt is placed)

Errors are :class:`ChineseDataError` naming the field (``chinese.bonus.middle.Flsh``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from rules.chinese.naturals import NATURALS
from rules.decks import parse_rank
from rules.errors import RulesError
from rules.evaluators.high import CATEGORIES


class ChineseDataError(RulesError, ValueError):
    """A ``chinese:`` section that is not well formed; ``path`` names the field."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        super().__init__(f"{path}: {message}")


#: Five-card categories by name: their value code (``value >> 20``); a Royal Flush is a straight flush to the ace.
CATEGORY_CODE = {
    "High Card": 2,
    "One Pair": 4,
    "Two Pair": 6,
    "Three of a Kind": 8,
    "Straight": 10,
    "Flush": 12,
    "Full House": 14,
    "Four of a Kind": 16,
    "Straight Flush": 18,
    "Royal Flush": 18,
}


@dataclass(frozen=True, slots=True)
class ChineseVariant:
    """A Chinese Poker variant (see the module docstring for the keys)."""

    players_min: int = 2
    players_max: int = 4
    point_cents: int = 100
    first_position: str = "button"
    ties: str = "push"
    foul_per_segment: int = 1
    scoop_points: int = 0
    scoop_on_fouls: bool = False
    front_pairs: Mapping[int, int] = field(default_factory=dict)
    front_trips: Mapping[int, int] = field(default_factory=dict)
    middle_bonus: Mapping[str, int] = field(default_factory=dict)
    back_bonus: Mapping[str, int] = field(default_factory=dict)
    naturals: tuple[tuple[str, int], ...] = ()
    fantasy_enter_pair: int | None = None
    fantasy_stay: Mapping[str, str] = field(default_factory=dict)
    #: The next hand's deal to a player in Fantasy Land: (cards, dealt with the others' first deal, discarded);
    #: None where the terminal does not deal it (``fantasy_land.deal``).
    fantasy_deal: tuple[int, int, int] | None = None
    placement: str = "set"
    pineapple: tuple[int, int, int] | None = None

    @property
    def natural_names(self) -> tuple[str, ...]:
        """The Clean Sweeps filed, best first."""
        return tuple(n for n, _ in self.naturals)

    def natural_points(self, name: str) -> int:
        """The points of a filed Clean Sweep."""
        return dict(self.naturals)[name]


def _mapping(v: Any, path: str, allowed: set[str]) -> Mapping[str, Any]:
    if not isinstance(v, Mapping):
        raise ChineseDataError(path, "expected a mapping")
    unknown = set(map(str, v)) - allowed
    if unknown:
        raise ChineseDataError(
            f"{path}.{sorted(unknown)[0]}", f"unknown key (one of {', '.join(sorted(allowed))})"
        )
    return v


def _int(v: Any, path: str, low: int = 0) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < low:
        raise ChineseDataError(path, f"a whole number from {low}, not {v!r}")
    return v


def _choice(v: Any, path: str, allowed: tuple[str, ...]) -> str:
    if v not in allowed:
        raise ChineseDataError(path, f"one of {', '.join(allowed)}, not {v!r}")
    return str(v)


def _rank(v: Any, path: str) -> int:
    try:
        return int(parse_rank(v))
    except RulesError as exc:
        raise ChineseDataError(path, str(exc)) from None


def _ranks(v: Any, path: str) -> Mapping[int, int]:
    m = _mapping(v, path, {str(k) for k in v} if isinstance(v, Mapping) else set())
    return MappingProxyType({_rank(k, f"{path}.{k}"): _int(p, f"{path}.{k}") for k, p in m.items()})


def _categories(v: Any, path: str) -> Mapping[str, int]:
    m = _mapping(v, path, set(CATEGORIES))
    return MappingProxyType({str(k): _int(p, f"{path}.{k}") for k, p in m.items()})


_TOP = {
    "players", "point_cents", "first_position", "ties", "foul", "scoop", "bonus", "naturals", "fantasy_land",
    "placement", "pineapple", "note", "choice",
}  # fmt: skip


def parse_chinese(data: Any, path: str = "chinese") -> ChineseVariant:
    """The typed variant from a game file's ``chinese:`` mapping; raises :class:`ChineseDataError`."""
    d = _mapping(data, path, _TOP)
    kw: dict[str, Any] = {}
    if "players" in d:
        p = _mapping(d["players"], f"{path}.players", {"min", "max", "note"})
        kw["players_min"] = _int(p.get("min", 2), f"{path}.players.min", 2)
        kw["players_max"] = _int(p.get("max", 4), f"{path}.players.max", kw["players_min"])
        if kw["players_max"] > 4:
            raise ChineseDataError(f"{path}.players.max", "at most four hands of thirteen from one deck")
    kw["point_cents"] = _int(d.get("point_cents", 100), f"{path}.point_cents", 1)
    kw["first_position"] = _choice(
        d.get("first_position", "button"), f"{path}.first_position", ("button", "left_of_button")
    )
    kw["ties"] = _choice(d.get("ties", "push"), f"{path}.ties", ("push", "button_wins"))
    kw["placement"] = _choice(d.get("placement", "set"), f"{path}.placement", ("set", "open"))
    if "foul" in d:
        f = _mapping(d["foul"], f"{path}.foul", {"per_segment", "note", "choice"})
        kw["foul_per_segment"] = _int(f.get("per_segment", 1), f"{path}.foul.per_segment", 1)
    if "scoop" in d:
        s = _mapping(d["scoop"], f"{path}.scoop", {"points", "on_fouls", "note"})
        kw["scoop_points"] = _int(s.get("points", 0), f"{path}.scoop.points")
        on = s.get("on_fouls", False)
        if not isinstance(on, bool):
            raise ChineseDataError(f"{path}.scoop.on_fouls", "true or false")
        kw["scoop_on_fouls"] = on
    if "bonus" in d:
        b = _mapping(d["bonus"], f"{path}.bonus", {"front", "middle", "back", "note"})
        if "front" in b:
            fr = _mapping(b["front"], f"{path}.bonus.front", {"pairs", "trips"})
            kw["front_pairs"] = _ranks(fr.get("pairs", {}), f"{path}.bonus.front.pairs")
            kw["front_trips"] = _ranks(fr.get("trips", {}), f"{path}.bonus.front.trips")
        if "middle" in b:
            kw["middle_bonus"] = _categories(b["middle"], f"{path}.bonus.middle")
        if "back" in b:
            kw["back_bonus"] = _categories(b["back"], f"{path}.bonus.back")
    if "naturals" in d:
        nat = d["naturals"]
        if not isinstance(nat, list):
            raise ChineseDataError(f"{path}.naturals", "a list of {name, points}, best first")
        out = []
        for i, x in enumerate(nat):
            m = _mapping(x, f"{path}.naturals.{i}", {"name", "points", "note"})
            name = m.get("name")
            if name not in NATURALS:
                raise ChineseDataError(
                    f"{path}.naturals.{i}.name", f"one of {', '.join(NATURALS)}, not {name!r}"
                )
            out.append((str(name), _int(m.get("points"), f"{path}.naturals.{i}.points", 1)))
        kw["naturals"] = tuple(out)
    if "fantasy_land" in d:
        fl = _mapping(
            d["fantasy_land"], f"{path}.fantasy_land", {"enter_front_pair", "stay", "deal", "note", "choice"}
        )
        if "enter_front_pair" in fl:
            kw["fantasy_enter_pair"] = _rank(fl["enter_front_pair"], f"{path}.fantasy_land.enter_front_pair")
        if "stay" in fl:
            st = _mapping(fl["stay"], f"{path}.fantasy_land.stay", {"front", "middle", "back"})
            for seg, cat in st.items():
                if cat not in CATEGORY_CODE:
                    raise ChineseDataError(
                        f"{path}.fantasy_land.stay.{seg}", f"a category name ({', '.join(CATEGORY_CODE)})"
                    )
            kw["fantasy_stay"] = MappingProxyType({str(k): str(v) for k, v in st.items()})
        if "deal" in fl:
            fd = _mapping(
                fl["deal"], f"{path}.fantasy_land.deal", {"cards", "with_first", "discard", "lines"}
            )
            cards = _int(fd.get("cards", 13), f"{path}.fantasy_land.deal.cards", 13)
            first = _int(fd.get("with_first", 0), f"{path}.fantasy_land.deal.with_first")
            discard = _int(fd.get("discard", 0), f"{path}.fantasy_land.deal.discard")
            if cards - discard != 13 or first >= cards:
                raise ChineseDataError(
                    f"{path}.fantasy_land.deal",
                    "thirteen placed: cards less discard is 13, with_first under cards",
                )
            kw["fantasy_deal"] = (cards, first, discard)
    if "pineapple" in d:
        pp = _mapping(d["pineapple"], f"{path}.pineapple", {"first", "packet", "keep", "note"})
        first = _int(pp.get("first", 5), f"{path}.pineapple.first", 1)
        packet = _int(pp.get("packet", 3), f"{path}.pineapple.packet", 2)
        keep = _int(pp.get("keep", 2), f"{path}.pineapple.keep", 1)
        if keep >= packet or (13 - first) % keep:
            raise ChineseDataError(
                f"{path}.pineapple", "keep fewer than a packet, and fill thirteen after the first"
            )
        kw["pineapple"] = (first, packet, keep)
    return ChineseVariant(**kw)
