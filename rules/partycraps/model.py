"""Party Craps' variant model (``config/games/partycraps/*.yaml``), validated strictly.

The pay tables of the line, odds, Place, Buy and Lay bets per number, the Buy/Lay vig bands, the bets'
working status on the come-out and the dealer's on/off calls, each bet's limits, the Action tile's count and
the table's positions are data; nothing here names a room. The one-deal and standing bets' pays and the
filed settlement order are in ``config/partycraps/<room>-settlement-order.yaml`` (``settlement_order:``),
which the round loads beside the game file. Bad data raises a :class:`rules.gamefile.GameFileError`
naming the field (``place.pays.6``).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from rules.banking.wagers import SpotLimit
from rules.gamefile import AsTuple, FeesRef, GameFileBase, Ratio, Strict, validated
from rules.partycraps.cycle import POINTS
from rules.partycraps.spots import Spot

#: The working groups the ``working:`` block names (:func:`group`).
GROUPS = (
    "pass", "dont-pass", "pass-odds", "dont-pass-odds", "come", "come-odds", "dont-come", "dont-come-odds",
    "place", "buy", "lay", "big", "hard",
)  # fmt: skip


class _Strict(Strict):
    """A block of the game file (strict: unknown keys and wrong types are errors)."""


class Cite(_Strict):
    """A rule the round enforces, with its lines."""

    cite: str


class PerNumber(_Strict):
    """What a bet on a point number pays to one, per number (4, 5, 6, 8, 9, 10)."""

    pays: dict[int, Ratio]
    cite: str
    choice: str | None = None

    @model_validator(mode="after")
    def _every_number(self) -> PerNumber:
        if sorted(self.pays) != list(POINTS):
            raise ValueError(f"pays: one figure for each of {list(POINTS)}, not {sorted(self.pays)}")
        return self


class Flat(_Strict):
    """A bet paying one figure (the line and Come bets, 1 to 1)."""

    pays: Ratio
    cite: str


class VigBand(_Strict):
    """One band of the Buy/Lay fee: a win up to ``up_to_cents`` pays ``cents``."""

    up_to_cents: int = Field(gt=0)
    cents: int = Field(ge=0)


class VigAbove(_Strict):
    """The fee above the last band: ``cents`` more for every ``every_cents`` (or part of it) of the win."""

    every_cents: int = Field(gt=0)
    cents: int = Field(ge=0)
    choice: str


class Vig(_Strict):
    """The Buy and Lay fee, deducted from the payout by the winning amount (L4117-4118)."""

    bands: Annotated[tuple[VigBand, ...], AsTuple] = Field(min_length=1)
    above: VigAbove
    cite: str

    def on(self, win: int) -> int:
        """The fee in cents on a win of ``win`` cents."""
        for band in self.bands:
            if win <= band.up_to_cents:
                return band.cents
        last = self.bands[-1]
        over = win - last.up_to_cents
        steps = -(-over // self.above.every_cents)
        return last.cents + steps * self.above.cents


class Working(_Strict):
    """Which bets work on the come-out unless the dealer calls them (``come_out``), which take no call
    (``fixed``: the flat line and Come bets), and the groups where one bet called on turns the seat's others
    on (``one_on_all_on``, L4113-4114). With a point on every bet works unless called off (the glossary,
    L4703-4705)."""

    come_out: dict[str, bool]
    fixed: Annotated[tuple[str, ...], AsTuple]
    one_on_all_on: list[list[str]]
    cite: str

    @model_validator(mode="after")
    def _known(self) -> Working:
        names = [*self.come_out, *self.fixed, *(g for grp in self.one_on_all_on for g in grp)]
        unknown = sorted({n for n in names if n not in GROUPS})
        if unknown:
            raise ValueError(f"unknown working group(s) {unknown} (one of {list(GROUPS)})")
        return self


class Limit(_Strict):
    """One bet's limits in cents: minimum, maximum, and the multiple it is taken in (a payout in whole
    chips: Place 6/8 in $6, Lay 4/10 in $2)."""

    min_cents: int = Field(ge=0)
    max_cents: int = Field(gt=0)
    increment_cents: int | None = Field(default=None, gt=0)


class Limits(_Strict):
    """The bets' limits at the posted table limits ``option`` (the filed table, L4265-4273), by limit key
    (:func:`limit_key`)."""

    option: str
    bets: dict[str, Limit]
    cite: str


class ActionTile(_Strict):
    """How the Action tile is placed: count the two cards' total from the player-dealer's left, clockwise,
    empty positions counted or skipped; on an empty position, on to the next occupied one (L4142)."""

    count_from: Literal["left_of_player_dealer"]
    direction: Literal["clockwise"]
    empty_seats: Literal["counted", "skipped"]
    cite: str


class ComeOutOnly(_Strict):
    """The bets a player makes only on the come-out (a new Pass or Don't Pass once a point is on is
    refused)."""

    bets: Annotated[tuple[str, ...], AsTuple]
    cite: str


class SettlementOrderRef(_Strict):
    """The filed order and the one-deal/standing bets' pays (a data file under ``config/``)."""

    file: str
    cite: str


class Variant(GameFileBase):
    """A Party Craps variant (the family's keys of its game file)."""

    family: Literal["partycraps"]

    positions: int = Field(ge=2, le=12)
    shoe: dict[str, Any]
    settlement_order: SettlementOrderRef
    line: Flat
    odds: PerNumber
    lay_odds: PerNumber
    place: PerNumber
    buy: PerNumber
    lay: PerNumber
    vig: Vig
    working: Working
    limits: Limits
    action_tile: ActionTile
    come_out_only: ComeOutOnly
    propositions_need: Cite
    player_dealer_bets: Cite
    #: Each flip is dealt from the whole shoe: a flip started from a shoe already dealt from is NOT_SHUFFLED.
    shuffle_every_flip: Cite | None = None
    fees: FeesRef | None = None

    def pays(self, spot: Spot, on: int | None = None) -> Fraction:
        """What a winning bet on ``spot`` pays to one before any fee (line, odds, Place, Buy, Lay); ``on``:
        the point a line bet's odds are behind."""
        n = spot.number if spot.number is not None else on
        if spot.odds:
            table = self.lay_odds if spot.kind in ("dont-pass", "dont-come") else self.odds
            assert n is not None
            return table.pays[n]
        if spot.kind in ("place", "buy", "lay"):
            assert n is not None
            return getattr(self, spot.kind).pays[n]  # type: ignore[no-any-return]
        return self.line.pays

    def limit(self, spot: Spot) -> SpotLimit | None:
        """The spot's limits (None where the file sets none)."""
        got = self.limits.bets.get(limit_key(spot))
        if got is None:
            return None
        return SpotLimit(
            minimum=got.min_cents, maximum=got.max_cents, increment=got.increment_cents, needs_base=False
        )


def group(spot: Spot) -> str | None:
    """The working group of a standing bet (None: a one-deal bet, which always works)."""
    if spot.kind in ("pass", "dont-pass", "come", "dont-come"):
        return f"{spot.kind}-odds" if spot.odds else spot.kind
    if spot.kind in ("place", "buy", "lay", "big", "hard"):
        return spot.kind
    return None


def limit_key(spot: Spot) -> str:
    """The key of a spot's limits: ``pass``, ``come`` (in the box or on a number), ``odds``, ``place-6``,
    ``big-6``, ``hard-4``, ``hop``, ``horn`` …"""
    if spot.odds:
        return "odds"
    if spot.kind in ("come", "dont-come"):
        return spot.kind
    if spot.kind == "hop":
        return "hop"
    return spot.name


def from_data(data: Mapping[str, Any]) -> Variant:
    """The variant of a game file's mapping (strict; a :class:`rules.gamefile.GameFileError` names the
    field)."""
    return validated(Variant, data)
