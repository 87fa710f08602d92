"""Panguingue's round report (the ``settle`` hook's answer, :mod:`rules.round.report`): who went out, the
conditions paid, the going-out payment, the tops and each seat's net, and the collection; or why not yet."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.round.report import Collection, ReportPart, RoundReport


@dataclass(frozen=True, kw_only=True)
class ConditionPaid(ReportPart):
    """A condition a seat was paid for by every other player: how many chips and what."""

    seat: int
    chips: int
    what: str


@dataclass(frozen=True, kw_only=True)
class ChipLine(ReportPart):
    """One line of the going-out payment."""

    what: str
    chips: int


@dataclass(frozen=True, kw_only=True)
class GoingOut(ReportPart):
    """What each player pays the one who went out, in chips, whether doubled, line by line."""

    chips: int
    doubles: bool
    lines: tuple[ChipLine, ...]


@dataclass(frozen=True, kw_only=True)
class Tops(ReportPart):
    """The tops (every ante) and what is left after the collection."""

    cents: int
    after_collection: int


@dataclass(frozen=True, kw_only=True)
class PanPart(ReportPart):
    """The hand's money: who went out, the chip's value, the conditions, the going-out payment, the tops,
    each seat's melds, the retired seats, each seat's net."""

    out: int
    chip_cents: int
    conditions: tuple[ConditionPaid, ...]
    going_out: GoingOut
    tops: Tops
    melds: Mapping[int, tuple[str, ...]]
    retired: tuple[int, ...]
    net: Mapping[int, int]


@dataclass(frozen=True, kw_only=True)
class PanReport(RoundReport):
    """The hand's money and the collection, or (``pan`` null) why it cannot be settled."""

    json_nulls = frozenset({"pan"})

    pan: PanPart | None
    why: str | None = None
    collection: Collection | None = None
