"""A pot game's round report (the ``settle`` hook's answer, :mod:`rules.round.report`): the showdown (how
the pot is divided, each live hand, the odd chips) and the collection taken from the pot, or why there is
no showdown yet."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.round.report import Collection, ReportPart, RoundReport


@dataclass(frozen=True, kw_only=True)
class ShownHand(ReportPart):
    """A live hand's high (and low, where it has one) and the five cards that make it."""

    high: str | None = None
    high_cards: str | None = None
    low: str | None = None
    low_cards: str | None = None


@dataclass(frozen=True, kw_only=True)
class OddChip(ReportPart):
    """An odd chip of a split pot: to whom and why."""

    seat: int
    cents: int
    why: str


@dataclass(frozen=True, kw_only=True)
class PotPart(ReportPart):
    """One pot of a hand with all-in players (the main pot, a side pot): who may win it and its division."""

    name: str
    eligible: tuple[int, ...]
    pot: int
    collected: int
    shares: Mapping[int, int]
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...]
    odd_chips: tuple[OddChip, ...]


@dataclass(frozen=True, kw_only=True)
class ShowdownPart(ReportPart):
    """The pot, the collection taken from it, each winner's share, the high and low winners, the hands, the
    odd chips and what went to the winners; ``pots``: each pot's own division where players were all in;
    ``uncontested``: the hand was folded to one player; what each seat put in and its net; ``uncounted``: the
    betting decisions that could not be counted; ``forfeited``: the seats ruled dead and their chips (they
    stay in the pot)."""

    pot: int
    collected: int
    shares: Mapping[int, int]
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...]
    hands: Mapping[int, ShownHand]
    odd_chips: tuple[OddChip, ...]
    pots: tuple[PotPart, ...] | None = None
    after_collection: int
    uncontested: str | None = None
    contributions: Mapping[int, int]
    nets: Mapping[int, int]
    uncounted: tuple[str, ...] | None = None
    forfeited: tuple[int, ...] | None = None
    forfeited_cents: Mapping[int, int] | None = None


@dataclass(frozen=True, kw_only=True)
class ShowdownReport(RoundReport):
    """The showdown and the collection, or (``showdown`` null) why the pot cannot be divided yet."""

    json_nulls = frozenset({"showdown"})

    showdown: ShowdownPart | None
    why: str | None = None
    collection: Collection | None = None
