"""Wagers on a banked California game: who bet what where, table limits, and the betting lock.

A *wager* sits in one betting circle of one seat's square (``seat``, ``circle``) and has a name from the
variant's layout (``Ante``, ``Pair Plus``, ``Player``, ``Banker``, ``Tie``) and a kind: the base game or a
bonus. Money is integer cents. A pooled (kum-kum) wager has several stakes and is settled as one bet.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from rules.banking.errors import DataError, MoneyError, WagerError
from rules.banking.money import cents_of, dollars, money


class WagerKind(StrEnum):
    """Base game or bonus; bonuses need a base wager beside them where the variant says so."""

    BASE = "base"
    BONUS = "bonus"


@dataclass(frozen=True)
class Stake:
    """One player's money in a wager."""

    player: str
    amount: int


@dataclass(frozen=True)
class Wager:
    """A wager in a betting circle: seat square, circle, name, kind, and its stakes (one, or a kum-kum pool)."""

    seat: int
    name: str
    stakes: tuple[Stake, ...]
    kind: WagerKind = WagerKind.BASE
    circle: int = 0  # which circle of the seat's square, when a square has several (8 in Double Hand)

    def __post_init__(self) -> None:
        if not self.stakes:
            raise WagerError(f"seat {self.seat} {self.name}: a wager needs at least one stake")
        for st in self.stakes:
            if not st.player:
                raise WagerError(f"seat {self.seat} {self.name}: a stake needs a player")
            try:
                cents_of(st.amount, f"seat {self.seat} {self.name} stake of {st.player}")
            except MoneyError as exc:
                raise WagerError(str(exc)) from None
        if self.amount == 0:
            raise WagerError(f"seat {self.seat} {self.name}: a wager of $0.00 is no wager")

    @classmethod
    def single(
        cls, seat: int, name: str, player: str, amount: int, kind: WagerKind = WagerKind.BASE, circle: int = 0
    ) -> Wager:
        """One player's wager."""
        return cls(seat, name, (Stake(player, amount),), kind, circle)

    @property
    def amount(self) -> int:
        """The whole wager in cents (a pool's stakes together)."""
        return sum(s.amount for s in self.stakes)

    @property
    def player(self) -> str:
        """The first stake's player: the one who placed it, or who fronts a pool."""
        return self.stakes[0].player

    @property
    def pooled(self) -> bool:
        """A kum-kum bet: more than one player's money in one circle, paid as one bet."""
        return len(self.stakes) > 1

    @property
    def spot(self) -> tuple[int, int]:
        """The betting spot: ``(seat, circle)``."""
        return (self.seat, self.circle)

    def describe(self) -> str:
        """``seat 3 Pair Plus``."""
        return f"seat {self.seat} {self.name}"


class Verdict(StrEnum):
    """What a wager gets when it is checked against the table limits."""

    ACTION = "action"
    BELOW_MINIMUM = "below_minimum"  # not accepted, unless it was already acted on (then action, once)
    BELOW_MINIMUM_ACTED_ON = "below_minimum_acted_on"  # 003 §2 rule 6: action this time, not again
    OVER_MAXIMUM = "over_maximum"  # 003 §2 rule 7: no action
    BONUS_WITHOUT_BASE = "bonus_without_base"
    BONUS_OVER_BASE = "bonus_over_base"
    NOT_FIXED_AMOUNT = "not_fixed_amount"  # Two Card Peek's $1 Super Bet
    NOT_AN_INCREMENT = "not_an_increment"  # Fortune Bonus: $1 to $20 in increments of $1
    BACKLINE_NOT_ALLOWED = "backline_not_allowed"
    SEAT_OVER_MAXIMUM = "seat_over_maximum"


@dataclass(frozen=True)
class SpotLimit:
    """Limits of one wager name: minimum, maximum, a fixed amount, or at most the base wager."""

    minimum: int | None = None
    maximum: int | None = None
    fixed: int | None = None
    at_most_base: bool = False
    needs_base: bool = True
    #: Whole multiples of this many cents only ("in increments of $1", seed 004 L1508-1509).
    increment: int | None = None


@dataclass(frozen=True)
class TableLimits:
    """A table's posted limits: per spot, per seat, per wager name; backline betting; bonus rules.

    ``over_maximum`` says what "over the table maximum" takes away: the whole wager (Capitol 003 §2
    rule 7, "Bet amounts over the table maximum will receive no action") or only the excess.
    """

    minimum: int
    maximum: int
    seat_maximum: int | None = None
    by_name: Mapping[str, SpotLimit] | None = None
    backline: bool = True
    over_maximum: str = "whole"  # "whole" | "excess"

    @classmethod
    def from_data(cls, data: object, where: str = "limits") -> TableLimits:
        """From ``{minimum, maximum, seat_maximum?, backline?, over_maximum?, wagers?: {Name: {minimum?,
        maximum?, fixed?, at_most_base?, needs_base?}}}``; amounts in dollars (int, or a string for cents)."""
        if not isinstance(data, Mapping):
            raise DataError(where, "expected a mapping")
        allowed = {"minimum", "maximum", "seat_maximum", "backline", "over_maximum", "wagers"}
        for k in data:
            if k not in allowed:
                raise DataError(f"{where}.{k}", "unknown key")
        lo = _amount(data, "minimum", where)
        hi = _amount(data, "maximum", where)
        if lo is None or hi is None:
            raise DataError(f"{where}.{'minimum' if lo is None else 'maximum'}", "is required")
        if hi < lo:
            raise DataError(f"{where}.maximum", "is below the minimum")
        over = data.get("over_maximum", "whole")
        if over not in ("whole", "excess"):
            raise DataError(f"{where}.over_maximum", "must be 'whole' or 'excess'")
        backline = data.get("backline", True)
        if not isinstance(backline, bool):
            raise DataError(f"{where}.backline", "must be true or false")
        by_name: dict[str, SpotLimit] = {}
        raw = data.get("wagers", {}) or {}
        if not isinstance(raw, Mapping):
            raise DataError(f"{where}.wagers", "expected a mapping of wager name to limits")
        for name, spec in raw.items():
            w = f"{where}.wagers.{name}"
            if not isinstance(spec, Mapping):
                raise DataError(w, "expected a mapping")
            for k in spec:
                if k not in {"minimum", "maximum", "fixed", "at_most_base", "needs_base"}:
                    raise DataError(f"{w}.{k}", "unknown key")
            by_name[str(name)] = SpotLimit(
                _amount(spec, "minimum", w),
                _amount(spec, "maximum", w),
                _amount(spec, "fixed", w),
                bool(spec.get("at_most_base", False)),
                bool(spec.get("needs_base", True)),
            )
        return cls(lo, hi, _amount(data, "seat_maximum", where), by_name, backline, str(over))


def _amount(m: Mapping[str, Any], key: str, where: str) -> int | None:
    if m.get(key) is None:
        return None
    try:
        return dollars(m[key], f"{where}.{key}")
    except MoneyError as exc:
        raise DataError(exc.field, exc.reason) from None


@dataclass(frozen=True)
class Checked:
    """A wager with its verdict and the amount that has action (the rest goes back)."""

    wager: Wager
    verdict: Verdict
    in_action: int
    reason: str

    @property
    def returned(self) -> int:
        """The part of the wager that gets no action and goes back to the player."""
        return self.wager.amount - self.in_action


def check_wagers(
    limits: TableLimits,
    wagers: Sequence[Wager],
    seated: Mapping[int, str] | None = None,
    acted_on: Iterable[Wager] = (),
) -> list[Checked]:
    """Check every wager against the table's limits; each gets a verdict and the amount in action.

    ``seated`` maps a seat to its seated player, for the backline rule; ``acted_on`` lists wagers the dealer
    already acted on (cards dealt to them), so a below-minimum one gets action this once (003 §2 rule 6).
    """
    acted = set(acted_on)
    base_by_spot: dict[tuple[int, int], int] = {}
    for w in wagers:
        if w.kind is WagerKind.BASE:
            base_by_spot[w.spot] = base_by_spot.get(w.spot, 0) + w.amount
    out: list[Checked] = []
    seat_totals: dict[int, int] = {}
    for w in wagers:
        spec = (limits.by_name or {}).get(w.name, SpotLimit())
        lo = spec.minimum if spec.minimum is not None else limits.minimum
        hi = spec.maximum if spec.maximum is not None else limits.maximum
        a = w.amount
        if (
            seated is not None
            and not limits.backline
            and any(st.player != seated.get(w.seat) for st in w.stakes)
        ):
            out.append(Checked(w, Verdict.BACKLINE_NOT_ALLOWED, 0, "no backline betting at this game"))
            continue
        if w.kind is WagerKind.BONUS and spec.needs_base:
            base = base_by_spot.get(w.spot, 0)
            if base == 0:
                out.append(
                    Checked(w, Verdict.BONUS_WITHOUT_BASE, 0, "a bonus bet needs a base wager beside it")
                )
                continue
            if spec.at_most_base and a > base:
                out.append(
                    Checked(w, Verdict.BONUS_OVER_BASE, 0, f"may not exceed the base wager {money(base)}")
                )
                continue
        if spec.increment and a % spec.increment:
            out.append(
                Checked(w, Verdict.NOT_AN_INCREMENT, 0, f"this bet goes in steps of {money(spec.increment)}")
            )
            continue
        if spec.fixed is not None:
            if a != spec.fixed:
                out.append(
                    Checked(w, Verdict.NOT_FIXED_AMOUNT, 0, f"this bet is exactly {money(spec.fixed)}")
                )
                continue
        elif a > hi:
            if limits.over_maximum == "excess":
                out.append(
                    Checked(
                        w, Verdict.OVER_MAXIMUM, hi, f"over the {money(hi)} maximum: the excess goes back"
                    )
                )
            else:
                out.append(Checked(w, Verdict.OVER_MAXIMUM, 0, f"over the {money(hi)} maximum: no action"))
            continue
        elif a < lo:
            if w in acted:
                out.append(
                    Checked(
                        w,
                        Verdict.BELOW_MINIMUM_ACTED_ON,
                        a,
                        f"below the {money(lo)} minimum but acted on: action this time, not again",
                    )
                )
            else:
                out.append(Checked(w, Verdict.BELOW_MINIMUM, 0, f"below the {money(lo)} minimum"))
            continue
        if limits.seat_maximum is not None:
            total = seat_totals.get(w.seat, 0) + a
            if total > limits.seat_maximum:
                out.append(
                    Checked(
                        w, Verdict.SEAT_OVER_MAXIMUM, 0, f"seat over its {money(limits.seat_maximum)} maximum"
                    )
                )
                continue
            seat_totals[w.seat] = total
        out.append(Checked(w, Verdict.ACTION, a, "in action"))
    return out


class BettingPhase(StrEnum):
    """Open for bets, or closed ("no more bets", or the dice cup opened)."""

    OPEN = "open"
    CLOSED = "closed"


@dataclass(frozen=True)
class BetsAfterClose:
    """The BETS_AFTER_CLOSE condition: a wager placed, changed or taken back after betting closed."""

    code: str
    seat: int
    name: str
    before: int
    after: int
    closed_by: str
    cite: str
    severity: str = "stop"
    remedy: str = "the wager stays as it was when betting closed; call the floor if the player disputes it"

    def describe(self) -> str:
        """One line for the dealer."""
        return (
            f"{self.code}: seat {self.seat} {self.name} changed {money(self.before)} -> {money(self.after)} "
            f"after {self.closed_by}"
        )


@dataclass(frozen=True)
class BettingBoard:
    """The wagers in the circles and whether betting is still open. Immutable: every step returns a new board.

    After betting closes ("no more bets", or the house dealer opens the dice cup; 003 §2 rules 23 and 25,
    000a §3 rule 14) no wager may be placed, raised, lowered or withdrawn: :meth:`place` then leaves the
    board unchanged and reports BETS_AFTER_CLOSE.
    """

    wagers: Mapping[tuple[int, int, str], int]
    phase: BettingPhase = BettingPhase.OPEN
    closed_by: str = ""

    @classmethod
    def empty(cls) -> BettingBoard:
        """An open board with no wagers."""
        return cls({})

    def place(
        self, seat: int, name: str, amount: int, circle: int = 0, cite: str = ""
    ) -> tuple[BettingBoard, BetsAfterClose | None]:
        """Set the wager in ``(seat, circle, name)`` to ``amount`` cents (0 takes it back)."""
        cents_of(amount, f"seat {seat} {name}")
        key = (seat, circle, name)
        before = self.wagers.get(key, 0)
        if self.phase is BettingPhase.CLOSED:
            if before == amount:
                return self, None
            return self, BetsAfterClose("BETS_AFTER_CLOSE", seat, name, before, amount, self.closed_by, cite)
        new = dict(self.wagers)
        if amount:
            new[key] = amount
        else:
            new.pop(key, None)
        return BettingBoard(new, self.phase, self.closed_by), None

    def close(self, by: str = "no more bets") -> BettingBoard:
        """Close betting (``by``: "no more bets", "dice cup opened", "first card dealt")."""
        return BettingBoard(self.wagers, BettingPhase.CLOSED, by)

    def reopen(self) -> BettingBoard:
        """A new round: betting opens again with the circles as they are."""
        return BettingBoard(self.wagers, BettingPhase.OPEN, "")


# --- a variant's own limits, with the table's --------------------------------------------------------

#: The key under which the terminal (or a scenario's ``table: {limits: …}``) puts the table's posted limits
#: into a game's data for the round engine: ``{"min_cents": int, "max_cents": int}``.
TABLE_LIMITS = "_table_limits"

_SPOT_KEYS = {
    "side_bet",
    "needs_base",
    "at_most_base",
    "minimum_cents",
    "maximum_cents",
    "fixed_cents",
    "step_cents",
    "cite",
}
_BLOCK_KEYS = {
    "below_minimum",
    "over_maximum",
    "minimum_cents",
    "maximum_cents",
    "spots",
    "bets",
    "backline",
    "cite",
}


@dataclass(frozen=True)
class VariantLimits:
    """A variant's filed wager limits (the game file's ``wager_limits:``), before the table's are added.

    ``below_minimum``: ``action_once`` (Capitol rule 6: a bet under the minimum that was acted on gets action
    this once) or ``refuse``. ``over_maximum``: ``whole`` (Capitol rule 7: no action) or ``excess``. ``spots``:
    per-bet limits by wager name; a spot with ``side_bet`` is a bonus (needs a game wager beside it unless
    ``needs_base: false``; ``at_most_base`` caps it at that wager)."""

    below_minimum: str = "action_once"
    over_maximum: str = "whole"
    minimum: int | None = None
    maximum: int | None = None
    spots: Mapping[str, SpotLimit] | None = None
    side_bets: frozenset[str] = frozenset()
    cite: str = ""
    #: The only bets the variant takes, where its filing says so (Capitol rule 26: no side bets); empty: any.
    bets: tuple[str, ...] = ()
    #: False where the filing forbids backline betting (3 Card Texas Hold'em, seed 000 L193; Tres Lounge
    #: Three Card Poker, seed 002 L812): a backline wager gets no action.
    backline: bool = True
    #: Where the filing allows backline betting on some wagers only (Tres Lounge Fortune Pai Gow, seed 002
    #: L378: "on the base game wager only"), those wagers; a backline wager on any other gets no action.
    backline_bets: tuple[str, ...] = ()

    def takes_backline(self, bet: str) -> bool:
        """Whether a backline wager on ``bet`` gets action in this variant."""
        return self.backline and (not self.backline_bets or bet in self.backline_bets)

    @classmethod
    def from_data(cls, data: object, where: str = "wager_limits") -> VariantLimits:
        """From ``{below_minimum?, over_maximum?, minimum_cents?, maximum_cents?, bets?, backline? (true, false or
        the wagers that take backline bets), spots?: {name: {side_bet?,
        needs_base?, at_most_base?, minimum_cents?, maximum_cents?, fixed_cents?, step_cents?, cite?}}, cite?}``."""
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise DataError(where, "expected a mapping")
        for k in data:
            if k not in _BLOCK_KEYS:
                raise DataError(f"{where}.{k}", f"unknown key (one of {', '.join(sorted(_BLOCK_KEYS))})")
        below = data.get("below_minimum", "action_once")
        if below not in ("action_once", "refuse"):
            raise DataError(f"{where}.below_minimum", "must be 'action_once' or 'refuse'")
        over = data.get("over_maximum", "whole")
        if over not in ("whole", "excess"):
            raise DataError(f"{where}.over_maximum", "must be 'whole' or 'excess'")
        backline = data.get("backline", True)
        backline_bets: tuple[str, ...] = ()
        if isinstance(backline, list):
            backline_bets, backline = _names(backline, f"{where}.backline"), True
        elif not isinstance(backline, bool):
            raise DataError(f"{where}.backline", "true, false, or a list of the wagers that take backline bets")
        raw = data.get("spots") or {}
        if not isinstance(raw, Mapping):
            raise DataError(f"{where}.spots", "expected a mapping of wager name to limits")
        spots: dict[str, SpotLimit] = {}
        sides: set[str] = set()
        for name, spec in raw.items():
            w = f"{where}.spots.{name}"
            if not isinstance(spec, Mapping):
                raise DataError(w, "expected a mapping")
            for k in spec:
                if k not in _SPOT_KEYS:
                    raise DataError(f"{w}.{k}", f"unknown key (one of {', '.join(sorted(_SPOT_KEYS))})")
            for k in ("side_bet", "needs_base", "at_most_base"):
                if k in spec and not isinstance(spec[k], bool):
                    raise DataError(f"{w}.{k}", "must be true or false")
            if spec.get("side_bet", False):
                sides.add(str(name))
            spots[str(name)] = SpotLimit(
                _cents(spec, "minimum_cents", w),
                _cents(spec, "maximum_cents", w),
                _cents(spec, "fixed_cents", w),
                bool(spec.get("at_most_base", False)),
                bool(spec.get("needs_base", True)),
                _cents(spec, "step_cents", w),
            )
        return cls(
            str(below),
            str(over),
            _cents(data, "minimum_cents", where),
            _cents(data, "maximum_cents", where),
            spots,
            frozenset(sides),
            str(data.get("cite", "")),
            _names(data.get("bets"), f"{where}.bets"),
            backline,
            backline_bets,
        )

    def with_table(
        self, minimum: int | None, maximum: int | None, extra: Mapping[str, SpotLimit] | None = None
    ) -> TableLimits:
        """The limits a wager is checked against: the table's posted minimum and maximum (None: not posted,
        the variant's own or none), the variant's per-spot limits, and ``extra`` per-spot limits a family
        model carries (Pai Gow bonus bets); the variant's own spot entries win over ``extra``."""
        lo = minimum if minimum is not None else (self.minimum if self.minimum is not None else 1)
        hi = maximum if maximum is not None else (self.maximum if self.maximum is not None else _NO_LIMIT)
        by_name = {**(extra or {}), **(self.spots or {})}
        return TableLimits(max(lo, 1), max(hi, lo), None, by_name, True, self.over_maximum)


def _names(value: object, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise DataError(where, "a list of wager names")
    return tuple(value)


_NO_LIMIT = 10**12  # no posted maximum (a scenario without table limits)


def _cents(m: Mapping[str, Any], key: str, where: str) -> int | None:
    v = m.get(key)
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise DataError(f"{where}.{key}", "a whole number of cents, 0 or more")
    return v


def placement_problem(
    limits: TableLimits, wagers: Sequence[Wager], seat: int, name: str, circle: int = 0
) -> str | None:
    """Why the wager at ``seat``/``name`` cannot be placed with the others on the layout, or None: checked
    when the wager is placed (wager panel, panel buttons), per variant and per spot, side-bet caps relative to
    the game wager included. The words say why, e.g. ``seat 3 buster: may not exceed the base wager $10.00``."""
    for c in check_wagers(limits, wagers):
        w = c.wager
        if w.seat == seat and w.name == name and w.circle == circle and c.verdict is not Verdict.ACTION:
            return f"seat {seat} {name}: {c.reason or c.verdict.value}"
    return None
