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

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from rules.baccarat.coup import Coup, CoupResult, follow
from rules.baccarat.model import BaccaratDataError, Variant
from rules.baccarat.pan9 import Pan9Variant
from rules.baccarat.settle import settle
from rules.banking import (
    ActionRule,
    CountFrom,
    Direction,
    Grouping,
    Settlement,
    SettlementOrder,
    SettleMode,
    Table,
    Wager,
    WagerKind,
    WagerResult,
    settle_round,
)
from rules.banking.action import CARD_VALUES
from rules.cards import Card

if TYPE_CHECKING:
    from rules.fees.assess import Collection


def action_rule(variant: Variant) -> ActionRule | None:
    """The banking engine's rule for the action button, or None where the filing has no button."""
    a = variant.action
    if a is None:
        return None
    values = dict(CARD_VALUES)
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
    state = follow(variant.tableau, dealt)
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


# --- Super Pan 9 and Fast Nine -------------------------------------------------------------------------
#
# A Pan 9 game settles each player's hand against the player-dealer's (rules.baccarat.pan9), then the
# player-dealer's bank pays and collects hand by hand from the action seat the dice named, in the filed
# direction (Super Pan 9, 001 L501-503: "starting from the Action Button and moving clockwise ... Player
# Dealer will win or lose wagers to the extent that his wager covers"; Fast Nine, 003 L203: "The settlement
# starts with the action button and moves clockwise ... No player may win or lose more money than was
# actually wagered"). When the bank is exhausted the later hands go back untouched.

#: The wager name a Pan 9 hand's bet carries when the round names none.
PAN9_WAGER = "main"


def pan9_order(variant: Pan9Variant, spots: Sequence[str] = (PAN9_WAGER,)) -> SettlementOrder:
    """The banking engine's order for a Pan 9 game: the filed direction, seat by seat, one bet per hand.

    ``spots`` are the wager names in play (a Pan 9 square has one bet, its hand; other names are kept in the
    order given so the banking engine never meets a name it was not told)."""
    names: list[str] = []
    for s in (PAN9_WAGER, *spots):
        if s not in names:
            names.append(s)
    return SettlementOrder(
        Direction(variant.settlement_direction), tuple(names), Grouping.SEAT, SettleMode.IN_ORDER,
        str(variant.settlement_cite),
    )  # fmt: skip


def pan9_first_seat(variant: Pan9Variant, action: int | None, table: Table) -> int:
    """The seat settlement starts from: the action seat (the dice) where the filing says so."""
    if variant.settlement_start != "action-button":
        raise BaccaratDataError(
            "pan9.settlement.start",
            f"{variant.id}: only action-button is supported, not {variant.settlement_start!r}",
        )
    if action is None:
        raise BaccaratDataError(
            "pan9.settlement.start", f"{variant.id} settles from the action seat: roll the dice first"
        )
    if action not in table.seats:
        raise BaccaratDataError("pan9.settlement.start", f"the action seat {action} is not at this table")
    return action


def pan9_wager_results(
    variant: Pan9Variant,
    player_dealer: Sequence[Card],
    hands: Mapping[int, Sequence[Card]],
    wagers: Sequence[Wager],
) -> list[WagerResult]:
    """Each Pan 9 wager's result: its seat's hand against the player-dealer's (``hands`` by seat).

    A wager whose seat has no finished three-card hand has no action (void, returned)."""
    out: list[WagerResult] = []
    for w in wagers:
        hand = hands.get(w.seat)
        if hand is None or len(hand) < variant.hand_cards:
            out.append(WagerResult.void(w, "no hand"))
            continue
        s = variant.settle(hand, player_dealer)
        note = f"{s.rule} ({s.cite})"
        if s.result == "win":
            out.append(WagerResult.win(w, s.pays, note))
        elif s.result == "lose":
            out.append(WagerResult.lose(w, 1, note))
        else:
            out.append(WagerResult.push(w, note))
    return out


def pan9_settle(
    variant: Pan9Variant,
    bank: int,
    results: Sequence[WagerResult],
    table: Table,
    action: int | None,
    collection: Collection | None = None,
) -> Settlement:
    """Pay and collect the Pan 9 results through the player-dealer's bank, from the action seat in the filed
    direction, until the bank is exhausted (uncovered hands go back; chips are conserved)."""
    first = pan9_first_seat(variant, action, table)
    order = pan9_order(variant, [r.wager.name for r in results])
    return settle_round(bank, results, order, table, first, collection)


def button_seat(variant: Variant, dealt: Sequence[Card], seats: int) -> int | None:
    """The seat the action button goes to, counting as filed; ``None`` if the variant has no button.

    Seats are numbered clockwise from the filing's origin (0 = the player-dealer, or, where the
    player-dealer is not counted, 1 = the first seat left of the house dealer); a count beyond the
    last seat wraps around (catalog 001 §5.1: no filing says; wrap-around is the catalog's reading).
    """
    if variant.action is None:
        return None
    if seats < 1:
        raise BaccaratDataError("seats", f"a table has at least one seat, not {seats}")
    v = button_count(variant, dealt)
    assert v is not None
    if variant.action.origin == "player-dealer":
        return v % seats
    return (v - 1) % seats + 1
