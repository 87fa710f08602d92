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

The section is checked by the family's schema (:mod:`rules.chinese.schema`; a
:class:`rules.gamefile.GameFileError` names the field, ``chinese.bonus.middle.Flsh``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from rules.chinese.schema import CATEGORY_CODE, Chinese, rank_of
from rules.gamefile import validated

__all__ = ["CATEGORY_CODE", "ChineseVariant", "from_section", "parse_chinese"]


@dataclass(frozen=True, slots=True)
class ChineseVariant:
    """A Chinese Poker variant (see the module docstring for the keys)."""

    players_min: int = 2
    players_max: int = 4
    point_cents: int = 100
    first_position: str = "button"
    ties: str = "push"
    #: The buttons move clockwise one player after each hand; a new game gives them to the player left of the
    #: house dealer (seed 000 L3109, L3683).
    button_rotates: bool = False
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


def parse_chinese(data: Any, path: str = "chinese") -> ChineseVariant:
    """The typed variant from a game file's ``chinese:`` mapping, validated by the family's schema
    (:class:`rules.chinese.schema.Chinese`); a :class:`rules.gamefile.GameFileError` names the field."""
    return from_section(validated(Chinese, data, (path,)))


def from_section(c: Chinese) -> ChineseVariant:
    """The engine's model of a validated ``chinese:`` section."""
    bonus = c.bonus
    front = None if bonus is None else bonus.front
    stay = None if c.fantasy_land is None else c.fantasy_land.stay
    enter = None if c.fantasy_land is None else c.fantasy_land.enter_front_pair
    deal = None if c.fantasy_land is None else c.fantasy_land.deal
    return ChineseVariant(
        players_min=c.players.min,
        players_max=c.players.max,
        point_cents=c.point_cents,
        first_position=c.first_position,
        ties=c.ties,
        button_rotates=c.button_rotates,
        foul_per_segment=c.foul.per_segment,
        scoop_points=0 if c.scoop is None else c.scoop.points,
        scoop_on_fouls=c.scoop is not None and c.scoop.on_fouls,
        front_pairs=MappingProxyType({} if front is None else {rank_of(k): p for k, p in front.pairs.items()}),
        front_trips=MappingProxyType({} if front is None else {rank_of(k): p for k, p in front.trips.items()}),
        middle_bonus=MappingProxyType(dict(bonus.middle or {}) if bonus else {}),
        back_bonus=MappingProxyType(dict(bonus.back or {}) if bonus else {}),
        naturals=tuple((n.name, n.points) for n in c.naturals or ()),
        fantasy_enter_pair=None if enter is None else rank_of(enter),
        fantasy_stay=MappingProxyType({} if stay is None else stay.model_dump(exclude_none=True)),
        fantasy_deal=None if deal is None else (deal.cards, deal.with_first, deal.discard),
        placement=c.placement,
        pineapple=None if c.pineapple is None else (c.pineapple.first, c.pineapple.packet, c.pineapple.keep),
    )
