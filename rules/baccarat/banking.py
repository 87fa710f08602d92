"""The Baccarat family's bridge to the banking engine (``rules.banking``).

The variant's ``action:`` and ``settlement:`` data become the banking engine's :class:`ActionRule` and
:class:`SettlementOrder`; a finished coup turns each wager into a :class:`WagerResult` that
:func:`rules.banking.settle` pays and collects, in order, until the player-dealer's bank is exhausted.

Seat counting: the baccarat filings number the player-dealer's seat zero and count clockwise from it
(21st Century, Supreme, ZooBac), which is the banking engine's count "from the seat after the
player-dealer" with the player-dealer last; the Dragon Bonus counts from the house dealer's left without
the player-dealer. The baccarat filings settle wager by wager ("all Player line wagers, then all Banker
line wagers, ..."), which is :attr:`Grouping.WAGER`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.baccarat.coup import Coup, CoupResult
from rules.baccarat.model import BaccaratDataError, Variant
from rules.baccarat.settle import settle
from rules.banking import (
    ActionRule,
    CountFrom,
    Direction,
    Grouping,
    SettlementOrder,
    SettleMode,
    Table,
    Wager,
    WagerKind,
    WagerResult,
)
from rules.cards import Card


def action_rule(variant: Variant) -> ActionRule | None:
    """The banking engine's rule for the action button, or None where the filing has no button."""
    a = variant.action
    if a is None:
        return None
    values = {
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
    for rank, v in a.values.items():
        values[rank.char] = v
    if a.origin == "player-dealer":
        # Player-dealer = 0: seat after it is 1, ..., the player-dealer itself is reached again at n.
        return ActionRule(
            "card",
            CountFrom.AFTER_PLAYER_DEALER,
            Direction.CLOCKWISE,
            True,
            True,
            "next_occupied",
            values,
            str(a.cite),
        )
    return ActionRule(
        "card", CountFrom.DEALER_LEFT, Direction.CLOCKWISE, False, True, "next_occupied", values, str(a.cite)
    )


def button_count(variant: Variant, dealt: Sequence[Card]) -> int | None:
    """The count the button card gives (for :func:`rules.banking.action_seat`), or None without a button."""
    a = variant.action
    if a is None:
        return None
    state = variant.follow(dealt)
    hand = state.player if a.hand == "player" else state.banker
    if len(hand) < a.nth:
        raise BaccaratDataError(
            "action", f"the button is read from the {a.hand}'s card {a.nth}, not dealt yet"
        )
    return a.count(hand[a.nth - 1])


def settlement_order(variant: Variant, *, bank_covers: bool = False) -> SettlementOrder:
    """The banking engine's settlement order: the filed direction and wager order, wager by wager.

    With ``bank_covers`` and a filing that settles differently then (ZooBac: counter-clockwise, every
    loser collected before any winner is paid; Supreme: clockwise from the house dealer's left).
    """
    s = variant.settlement
    direction = s.direction
    mode = SettleMode.IN_ORDER
    if bank_covers and s.when_bank_covers is not None:
        direction = s.when_bank_covers.direction
        if s.when_bank_covers.collect_first:
            mode = SettleMode.COLLECT_THEN_PAY
    return SettlementOrder(Direction(direction), s.order, Grouping.WAGER, mode, str(s.cite))


def first_seat(variant: Variant, table: Table, dealt: Sequence[Card], *, bank_covers: bool = False) -> int:
    """The seat settlement starts from, by the filing's rule (the action button, or a fixed place)."""
    from rules.banking import action_seat

    s = variant.settlement
    start = s.start
    if bank_covers and s.when_bank_covers is not None:
        start = s.when_bank_covers.start
    if start == "action-button":
        rule = action_rule(variant)
        count = button_count(variant, dealt)
        if rule is None or count is None:
            raise BaccaratDataError(
                "settlement.start", f"{variant.id} settles from an action button it does not have"
            )
        return action_seat(rule, table, count)
    if start == "left-of-house-dealer":
        return table.seats[0]
    if start == "right-of-house-dealer":
        return table.seats[-1]
    # left of the player-dealer: the next seat clockwise
    if table.player_dealer is None:
        raise BaccaratDataError("settlement.start", "settling from the player-dealer's left needs its seat")
    ring = table.ring(table.player_dealer, Direction.CLOCKWISE)
    return ring[1] if len(ring) > 1 else ring[0]


def wager_results(variant: Variant, coup: Coup | CoupResult, wagers: Sequence[Wager]) -> list[WagerResult]:
    """Each wager's result on the coup, for :func:`rules.banking.settle` (``Wager.name`` is the wager key)."""
    out: list[WagerResult] = []
    for w in wagers:
        s = settle(variant, w.name, coup)
        note = f"{s.rule} ({s.cite})"
        if s.result == "win":
            out.append(WagerResult.win(w, s.pays * (1 - s.commission), note))
        elif s.result == "lose":
            out.append(WagerResult.lose(w, 1, note))
        elif s.result == "push":
            out.append(WagerResult.push(w, note))
        else:
            out.append(WagerResult.void(w, note))  # no action: the wager stays up / goes back
    return out


def wager_kind(variant: Variant, key: str) -> WagerKind:
    """Base (the line bets) or bonus (Tie and every side bet), for the banking engine's wager checks."""
    return WagerKind.BASE if variant.wager(key).kind == "line" else WagerKind.BONUS
