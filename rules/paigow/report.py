"""Pai Gow Poker's round report (the ``settle`` hook's answer, :mod:`rules.round.report`): where the piles
went, each hand as set and its result against the player-dealer's (or Ultimate's two community hands), each
wager as the bank settled it from the action seat, the Envy Bonuses, the dealer's words."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rules.round.report import ReportPart, RoundReport, WagerLine, key


@dataclass(frozen=True, kw_only=True)
class DistributionPart(ReportPart):
    """The dice's count: the total, the first-hand and action seats (null for community hands), the Action
    pile and each pile's recipient (``seat 4``, ``player_dealer``, ``banker``) in handing-out order."""

    json_nulls = frozenset({"first_seat", "action_seat"})

    dice_total: int
    first_seat: int | None
    action_seat: int | None
    action_pile: int
    piles: Mapping[int, str]


@dataclass(frozen=True, kw_only=True)
class SetHandPart(ReportPart):
    """A hand as set (its two-card front and five-card back), how (``as set``, ``House Way``, reset), and
    for a seat its result against the player-dealer's and why."""

    front: str
    back: str
    as_: str = field(metadata=key("as"))
    result: str | None = None
    why: str | None = None


@dataclass(frozen=True, kw_only=True)
class PaiGowWagerLine(WagerLine):
    """A wager as the bank settled it: its result and pays, the cents paid, collected and returned, how far
    the bank covered it, the net and the rule (``note``: the same words, as the bank's line has them)."""

    seat: int
    spot: str
    cents: int
    result: str
    pays: str
    paid: int
    collected: int
    returned: int
    coverage: str
    net_cents: int
    rule: str
    note: str


@dataclass(frozen=True, kw_only=True)
class EnvyLine(ReportPart):
    """An Envy Bonus button: what is due for the other seats' hands, what the bank paid, its coverage."""

    seat: int
    spot: str
    result: str
    due_cents: int
    paid: int
    coverage: str
    for_: tuple[str, ...] = field(metadata=key("for"))


@dataclass(frozen=True, kw_only=True)
class UnsettledWager(ReportPart):
    """A wager the variant has no rule for: left for the floor."""

    seat: int
    spot: str
    cents: int


@dataclass(frozen=True, kw_only=True)
class PaiGowReport(RoundReport):
    """The round so far: after the dice, the distribution and the hands still to set; once every hand with a
    wager is set, the hands, the wagers through the bank, its balance and the dealer's words; ``held`` says
    why a round cannot be settled."""

    distribution: DistributionPart
    hands_to_set: tuple[str, ...] | None = None
    player_dealer: SetHandPart | None = None
    hands: Mapping[str, SetHandPart] | None = None
    comparison: str | None = None
    held: str | None = None
    action_seat: int | None = None
    wagers: tuple[PaiGowWagerLine, ...] | None = None
    bank: int | None = None
    bank_after: int | None = None
    player_dealer_result: int | None = None
    exhausted: bool | None = None
    envy: tuple[EnvyLine, ...] | None = None
    lines: tuple[str, ...] | None = None
    unsettled: tuple[UnsettledWager, ...] | None = None
