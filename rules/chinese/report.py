"""Chinese Poker's round report (the ``settle`` hook's answer, :mod:`rules.round.report`): the scoring of
every pair of hands in the filed order and each seat's points and cents, Fantasy Land; or why not yet."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.round.report import ReportPart, RoundReport


@dataclass(frozen=True, kw_only=True)
class ScoredHand(ReportPart):
    """A seat's hand: foul (why) or a Clean Sweep (which), its segments' names and bonuses."""

    json_nulls = frozenset({"foul", "clean_sweep"})

    foul: str | None
    clean_sweep: str | None
    segments: Mapping[str, str]
    bonus: Mapping[str, int]


@dataclass(frozen=True, kw_only=True)
class ComparisonPart(ReportPart):
    """Two hands compared: the points the second pays the first, why, and at which stage."""

    first: int
    second: int
    points: int
    why: str
    stage: str


@dataclass(frozen=True, kw_only=True)
class ScoringPart(ReportPart):
    """The seats in the filed order, each hand, every comparison, each seat's points and cents, the table
    stakes that fell short, and who enters or stays in Fantasy Land."""

    order: tuple[int, ...]
    hands: Mapping[int, ScoredHand]
    comparisons: tuple[ComparisonPart, ...]
    points: Mapping[int, int]
    cents: Mapping[int, int]
    short: tuple[str, ...]
    fantasy_land: Mapping[int, str]


@dataclass(frozen=True, kw_only=True)
class FantasyLandPart(ReportPart):
    """The seats in Fantasy Land this hand and the next."""

    this_hand: tuple[int, ...]
    next_hand: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class ChineseReport(RoundReport):
    """The scoring (``chinese``) or (null) why the hand cannot be scored yet; Fantasy Land where dealt."""

    json_nulls = frozenset({"chinese"})

    chinese: ScoringPart | None
    why: str | None = None
    fantasy_land: FantasyLandPart | None = None
