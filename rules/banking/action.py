"""Where action starts and the order in which the bank pays and collects.

Seats are numbered clockwise from the house dealer's left (seat 1 is "first base"). A variant says, as data
(:class:`ActionRule`), how the action seat is found: from the dice (Pai Gow: the player-dealer's position
counts 1, so it is always 1, 8 or 15 with seven positions), from a card's value counted from a seat (Three
Card Poker: the player-dealer's face-down card, counted from the dealer's left, the player-dealer not
counted), or from an action button the dealer places; and (:class:`SettlementOrder`) the direction, the
order of wagers within a seat, and whether losers are collected before winners are paid.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from rules.banking.errors import BankingError, DataError
from rules.banking.wagers import Wager, WagerKind


class Direction(StrEnum):
    """Around the table, seen from above with the house dealer at the bottom: clockwise runs from the
    dealer's left (seat 1) to the dealer's right."""

    CLOCKWISE = "clockwise"
    COUNTERCLOCKWISE = "counterclockwise"


class CountFrom(StrEnum):
    """Which position counts as 1."""

    PLAYER_DEALER = "player_dealer"  # Pai Gow: "counting from the Player/Dealer as number 1"
    AFTER_PLAYER_DEALER = "after_player_dealer"  # Party Craps: "beginning from the left of the player dealer"
    DEALER_LEFT = (
        "dealer_left"  # TCP, Dragon Bonus: "starting with the player to the left of the house dealer"
    )
    DEALER_RIGHT = "dealer_right"


class SettleMode(StrEnum):
    """Pay and collect wager by wager in action order, or collect every loser first and then pay winners
    (003 §14: "The PD will first collect all losing wagers and then pay all winning wagers")."""

    IN_ORDER = "in_order"
    COLLECT_THEN_PAY = "collect_then_pay"


class Grouping(StrEnum):
    """Seat by seat (each seat's wagers in wager order), or wager by wager (every seat's Player line, then
    every seat's Banker line, ...; 003 §16 Dragon Bonus)."""

    SEAT = "seat"
    WAGER = "wager"


#: A card's count for the action button where a filing gives no other: A = 1 … K = 13.
CARD_VALUES: Final[Mapping[str, int]] = {
    "A": 1,
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
    "6": 6,
    "7": 7,
    "8": 8,
    "9": 9,
    "T": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
}


@dataclass(frozen=True)
class Table:
    """The seats of the table, clockwise from the dealer's left, which are occupied, and the player-dealer's."""

    seats: tuple[int, ...]
    player_dealer: int | None = None
    occupied: frozenset[int] | None = None  # None: every seat

    def __post_init__(self) -> None:
        if not self.seats or len(set(self.seats)) != len(self.seats):
            raise BankingError(f"table seats {self.seats!r}: need distinct seat numbers")
        if self.player_dealer is not None and self.player_dealer not in self.seats:
            raise BankingError(f"player-dealer seat {self.player_dealer} is not at this table")

    def ring(self, start: int, direction: Direction) -> list[int]:
        """Every seat once, beginning at ``start`` and going ``direction``."""
        if start not in self.seats:
            raise BankingError(f"seat {start} is not at this table")
        order = list(self.seats) if direction is Direction.CLOCKWISE else list(reversed(self.seats))
        i = order.index(start)
        return order[i:] + order[:i]

    def is_occupied(self, seat: int) -> bool:
        """Whether ``seat`` has a player (or wagers) in it."""
        return self.occupied is None or seat in self.occupied


@dataclass(frozen=True)
class ActionRule:
    """How a variant finds the action seat: the source of the count and how it is counted (as data)."""

    source: str  # "dice" | "card" | "button"
    count_from: CountFrom = CountFrom.PLAYER_DEALER
    count_direction: Direction = Direction.CLOCKWISE
    count_player_dealer: bool = True
    count_empty_seats: bool = True
    empty_landing: str = "next_occupied"  # "next_occupied" | "stays"
    card_values: Mapping[str, int] = field(default_factory=lambda: dict(CARD_VALUES))
    cite: str = ""

    @classmethod
    def from_data(cls, data: object, where: str = "action") -> ActionRule:
        """From ``{source, count_from?, count_direction?, count_player_dealer?, count_empty_seats?,
        empty_landing?, card_values?: {A: 1, ...}, cite?}``."""
        m = _mapping(data, where)
        allowed = {
            "source",
            "count_from",
            "count_direction",
            "count_player_dealer",
            "count_empty_seats",
            "empty_landing",
            "card_values",
            "cite",
        }
        _only(m, allowed, where)
        source = m.get("source")
        if source not in ("dice", "card", "button"):
            raise DataError(f"{where}.source", "must be dice, card or button")
        values = dict(CARD_VALUES)
        if "card_values" in m:
            cv = _mapping(m["card_values"], f"{where}.card_values")
            for k, v in cv.items():
                key = "T" if str(k) == "10" else str(k).upper()
                if key not in CARD_VALUES:
                    raise DataError(f"{where}.card_values.{k}", "not a rank (A 2-9 T J Q K)")
                if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                    raise DataError(f"{where}.card_values.{k}", "must be a whole number, 0 or more")
                values[key] = v
        landing = m.get("empty_landing", "next_occupied")
        if landing not in ("next_occupied", "stays"):
            raise DataError(f"{where}.empty_landing", "must be next_occupied or stays")
        return cls(
            str(source),
            _enum(CountFrom, m.get("count_from", "player_dealer"), f"{where}.count_from"),
            _enum(Direction, m.get("count_direction", "clockwise"), f"{where}.count_direction"),
            _bool(m, "count_player_dealer", True, where),
            _bool(m, "count_empty_seats", True, where),
            str(landing),
            values,
            str(m.get("cite", "")),
        )

    def card_value(self, rank: str) -> int:
        """The count a card of ``rank`` (``A``, ``2``..``9``, ``T``/``10``, ``J``, ``Q``, ``K``) gives."""
        key = "T" if rank in ("10", "t") else rank.upper()
        if key not in self.card_values:
            raise BankingError(f"{rank!r} is not a card rank")
        return self.card_values[key]


def action_seat(rule: ActionRule, table: Table, count: int) -> int:
    """The seat (or player-dealer position) that ``count`` lands on under ``rule``.

    ``count`` is the dice total, or the card value (:meth:`ActionRule.card_value`), or for a button the seat
    itself. The count wraps around the positions counted. choice: a count of 0 (J, Q, K in 003 §14's chart)
    lands on the position before the first counted one, i.e. the last counted position, the same modular
    count that sends dice totals 8 and 15 back to the player-dealer; a landing on an empty seat moves on in
    the count's direction to the next occupied seat when the rule says ``next_occupied`` (000b §6, Party Craps).
    """
    if rule.source == "button":
        if count not in table.seats:
            raise BankingError(f"action button on seat {count}: not a seat at this table")
        return count
    if count < 0:
        raise BankingError(f"a count of {count} cannot place the action")
    pd = table.player_dealer
    if rule.count_from in (CountFrom.PLAYER_DEALER, CountFrom.AFTER_PLAYER_DEALER) and pd is None:
        raise BankingError("counting from the player-dealer needs the player-dealer's seat")
    if rule.count_from is CountFrom.PLAYER_DEALER:
        assert pd is not None
        ring = table.ring(pd, rule.count_direction)
    elif rule.count_from is CountFrom.AFTER_PLAYER_DEALER:
        assert pd is not None
        ring = table.ring(pd, rule.count_direction)
        ring = ring[1:] + ring[:1]
    elif rule.count_from is CountFrom.DEALER_LEFT:
        ring = table.ring(table.seats[0], rule.count_direction)
    else:
        ring = table.ring(table.seats[-1], rule.count_direction)
    positions = [
        s
        for s in ring
        if (rule.count_player_dealer or s != pd)
        and (rule.count_empty_seats or table.is_occupied(s) or s == pd)
    ]
    if not positions:
        raise BankingError("no position to count")
    landed = positions[(count - 1) % len(positions)]
    if rule.empty_landing == "next_occupied" and not table.is_occupied(landed) and landed != pd:
        for s in table.ring(landed, rule.count_direction)[1:]:
            if table.is_occupied(s) and s != pd:
                return s
    return landed


@dataclass(frozen=True)
class SettlementOrder:
    """A variant's settlement: direction from the action seat, wager order, grouping, and mode."""

    direction: Direction = Direction.CLOCKWISE
    wager_order: tuple[str, ...] = ()  # names in order within a seat; empty: base wagers before bonuses
    grouping: Grouping = Grouping.SEAT
    mode: SettleMode = SettleMode.IN_ORDER
    cite: str = ""

    @classmethod
    def from_data(cls, data: object, where: str = "settlement") -> SettlementOrder:
        """From ``{direction?, wager_order?: [names], grouping?: seat|wager, mode?: in_order|collect_then_pay,
        cite?}``."""
        m = _mapping(data, where)
        _only(m, {"direction", "wager_order", "grouping", "mode", "cite"}, where)
        order = m.get("wager_order", [])
        if not isinstance(order, list) or not all(isinstance(x, str) and x for x in order):
            raise DataError(f"{where}.wager_order", "must be a list of wager names")
        if len(set(order)) != len(order):
            raise DataError(f"{where}.wager_order", "names a wager twice")
        return cls(
            _enum(Direction, m.get("direction", "clockwise"), f"{where}.direction"),
            tuple(order),
            _enum(Grouping, m.get("grouping", "seat"), f"{where}.grouping"),
            _enum(SettleMode, m.get("mode", "in_order"), f"{where}.mode"),
            cite=str(m.get("cite", "")),
        )

    def rank(self, wager: Wager) -> int:
        """The wager's place in the per-seat order; a wager the order does not name is a BankingError."""
        if not self.wager_order:
            return 0 if wager.kind is WagerKind.BASE else 1
        try:
            return self.wager_order.index(wager.name)
        except ValueError:
            raise BankingError(
                f"{wager.describe()}: {wager.name!r} is not in the settlement order {list(self.wager_order)}"
            ) from None


def seat_order(table: Table, action: int, direction: Direction) -> list[int]:
    """Seats in settlement order from the action seat; the player-dealer's own seat is left out (its square's
    other bettors, if any, settle last)."""
    ring = table.ring(action, direction)
    pd = table.player_dealer
    if pd is not None and pd in ring:
        ring.remove(pd)
        ring.append(pd)
    return ring


def order_wagers(order: SettlementOrder, table: Table, action: int, wagers: Sequence[Wager]) -> list[Wager]:
    """The wagers in the order the bank meets them: from ``action`` in ``order.direction``; within a seat by
    circle (front position first) and the variant's wager order; grouped by seat or by wager name."""
    seats = seat_order(table, action, order.direction)
    place = {s: i for i, s in enumerate(seats)}
    for w in wagers:
        if w.seat not in place:
            raise BankingError(f"{w.describe()}: seat {w.seat} is not at this table")
    indexed = list(enumerate(wagers))
    if order.grouping is Grouping.SEAT:
        indexed.sort(key=lambda iw: (place[iw[1].seat], iw[1].circle, order.rank(iw[1]), iw[0]))
    else:
        indexed.sort(key=lambda iw: (order.rank(iw[1]), place[iw[1].seat], iw[1].circle, iw[0]))
    return [w for _, w in indexed]


@dataclass(frozen=True)
class SquareBettor:
    """One bettor's money on a square, for deciding who plays the hand."""

    player: str
    amount: int
    position: int  # 0 = the front betting position
    collection_paid: int = 0


def plays_the_hand(seated: str | None, bettors: Sequence[SquareBettor]) -> str:
    """Who decides how a square's hand is played (000a §3 rule 16; 003 §2 rules 17, 19, 22).

    The player with the most money in action decides. Among equal largest: the seated player; if the seated
    player is not among them, whoever paid the collection (the most of it); if that is split equally too, the
    one in the front betting position.
    """
    if not bettors:
        if seated is None:
            raise BankingError("nobody has money on this square")
        return seated
    top = max(b.amount for b in bettors)
    tied = [b for b in bettors if b.amount == top]
    if len(tied) == 1:
        return tied[0].player
    if seated is not None and any(b.player == seated for b in tied):
        return seated
    most_fee = max(b.collection_paid for b in tied)
    payers = [b for b in tied if b.collection_paid == most_fee]
    return min(payers, key=lambda b: b.position).player


def _mapping(data: object, where: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise DataError(where, "expected a mapping")
    return data


def _only(m: Mapping[str, Any], allowed: set[str], where: str) -> None:
    for k in m:
        if k not in allowed:
            raise DataError(f"{where}.{k}", "unknown key")


def _bool(m: Mapping[str, Any], key: str, default: bool, where: str) -> bool:
    v = m.get(key, default)
    if not isinstance(v, bool):
        raise DataError(f"{where}.{key}", "must be true or false")
    return v


def _enum(kind: type[Any], value: object, where: str) -> Any:
    try:
        return kind(str(value))
    except ValueError:
        raise DataError(where, f"{value!r} is not one of: {', '.join(e.value for e in kind)}") from None
