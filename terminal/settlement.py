"""The table's settlement: the family's typed wager results through the bank, with the posted fee.

When a round's outcome is reached, the family decides every wager and puts them in the order the
player-dealer settles them (:meth:`rules.round.family.Family.wager_results`, a
:class:`rules.banking.RoundResults`); :func:`rules.banking.settle_results` then pays and collects from the
action seat until the bank is exhausted, uncovered wagers go back (docs/banking.md), and the collection
follows the table's posted schedule (``table.fee_schedule``), taken at the moment the schedule names.
The family's own round report (``outcome.settlement``, a typed :class:`rules.round.report.RoundReport`)
settles through the same function, so ``replay``, the journal and the screen show one settlement.

A family whose money is not the table's player-dealer bank (a pot game, a points game) returns
None from ``wager_results``; :func:`settle_table` returns None for it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from rules.banking import Settlement, Table, settle_results
from rules.banking.errors import BankingError
from rules.banking.money import money
from rules.errors import RulesError
from rules.families import family
from rules.fees import Collection
from rules.fees.schedule import Schedule
from rules.round import RoundState
from rules.round.state import Outcome

T = TypeVar("T")


class LastFew(Generic[T]):
    """``fn``'s last few results, found by the identity of the arguments they were computed of. For
    immutable arguments (a round state, a schedule): the same objects give the same result, and no
    argument is hashed or compared field by field (a round state is a tuple of every card dealt)."""

    def __init__(self, fn: Callable[..., T], size: int = 4) -> None:
        self.fn, self.size = fn, size
        self.items: list[tuple[tuple[Any, ...], T]] = []

    def __call__(self, *args: Any) -> T:
        """``fn(*args)``, computed once for the same objects while they are among the last few."""
        for key, value in self.items:
            if len(key) == len(args):
                for a, b in zip(key, args, strict=True):
                    if a is not b:
                        break
                else:
                    return value
        value = self.fn(*args)
        self.items = [(args, value), *self.items[: self.size - 1]]
        return value


def _outcome(state: RoundState) -> Outcome | None:
    return state.outcome


#: A round state's outcome (``RoundState.outcome``: the family's settlement of the cards, computed anew at
#: every read), computed once per state: the table's settlement and every view of the state share it.
outcome_of: LastFew[Outcome | None] = LastFew(_outcome)


@dataclass(frozen=True)
class TableSettlement:
    """A round settled at the table: the banking engine's settlement (with the collection) or why not."""

    settlement: Settlement | None
    action_seat: int | None = None
    order: str = ""  # the action order in words: "clockwise from seat 3, seat by seat"
    collection: Collection | None = None
    fee_words: str = ""  # "no collection schedule posted" / the moment it is taken
    problem: str = ""
    stakes: int = 0  # every stake settled, in cents (for the chip count)

    def chips_before(self) -> int:
        """The bank and every stake in the circles, before settling (fees apart)."""
        return (self.settlement.bank_before if self.settlement else 0) + self.stakes

    def chips_after(self) -> int:
        """The bank after, plus everything pushed back to the circles."""
        if self.settlement is None:
            return self.stakes
        return self.settlement.bank_after + sum(self.settlement.receipts().values())

    def to_json(self) -> dict[str, Any]:
        """What the journal records of the settlement (``settlement`` entries)."""
        s = self.settlement
        out: dict[str, Any] = {"action_seat": self.action_seat, "order": self.order}
        if self.problem:
            out["problem"] = self.problem
        if s is not None:
            out.update(
                {
                    "bank_before": s.bank_before,
                    "bank_after": s.bank_after,
                    "player_dealer_result": s.player_dealer_result,
                    "exhausted": s.exhausted,
                    "wagers": [
                        {
                            "seat": ln.wager.seat,
                            "spot": ln.wager.name,
                            "cents": ln.wager.amount if ln.result.award_cents is None else 0,
                            "result": ln.result.outcome.value,
                            "paid": ln.paid,
                            "collected": ln.collected,
                            "returned": ln.returned,
                            "coverage": ln.coverage.value,
                        }
                        for ln in s.lines
                    ],
                    "by_seat": {
                        str(k): {"paid": t.paid, "collected": t.collected, "returned": t.returned}
                        for k, t in sorted(s.by_seat().items())
                    },
                    "lines": s.describe(),
                }
            )
        if self.collection is not None:
            out["fees"] = [
                {
                    "payer": ln.payer.value,
                    "cents": ln.amount,
                    "seat": ln.seat,
                    "wager": ln.wager,
                    "taken": ln.taken.value,
                    "line": ln.describe(),
                }
                for ln in self.collection.lines
            ]
            out["fee_cents"] = self.collection.total
        out["fee_words"] = self.fee_words
        return out


def settles_at_table(state: RoundState) -> bool:
    """Whether the table's bank settles this game's rounds (``Family.settled_at_table``)."""
    return family(state.game.family).settled_at_table


def settle_table(state: RoundState, schedule: Schedule | None, seats: int) -> TableSettlement | None:
    """The settlement of the round in ``state`` (None while it is not decided, or for a family the table's
    bank does not settle). ``schedule`` is the posted collection schedule; ``seats`` the table's."""
    outcome = outcome_of(state)
    start = state.start
    if outcome is None or start is None or outcome.status != "dealt" or outcome.settlement is None:
        return None
    pd = start.player_dealer
    table = Table(tuple(range(1, max(seats, *start.seats) + 1)), pd, frozenset(start.seats))
    try:
        rr = family(state.game.family).wager_results(state, table)
    except (RulesError, BankingError, KeyError, ValueError) as exc:
        return TableSettlement(None, problem=f"cannot settle: {exc}")
    if rr is None:
        return None
    if rr.held:
        return TableSettlement(None, problem=rr.held)
    if pd is None or not start.bank:
        return TableSettlement(
            None,
            problem="no player-dealer bank this round: every wager stands until the floor rules "
            "(California games are banked by a player, never by the house)",
            stakes=rr.stakes,
        )
    collection = None
    fee_words = "no collection schedule is posted at this table"
    if schedule is not None:
        try:
            collection = family(state.game.family).collection(state, schedule, rr)
        except (RulesError, ValueError) as exc:
            return TableSettlement(None, problem=f"collection: {exc}", stakes=rr.stakes)
        fee_words = f"{schedule.room} {schedule.game} option {schedule.option}: taken {schedule.taken.words}"
    try:
        settlement = settle_results(start.bank, rr, collection)
    except BankingError as exc:
        return TableSettlement(None, problem=f"banking: {exc}", stakes=rr.stakes)
    action = rr.action_seat
    first = settlement.lines[0].wager.seat if settlement.lines else action
    order = f"from seat {first}" + (f" (action seat {action})" if action and first != action else "")
    return TableSettlement(
        settlement,
        action_seat=action,
        order=order,
        collection=collection,
        fee_words=fee_words,
        stakes=rr.stakes,
    )


def settlement_words(ts: TableSettlement) -> list[str]:
    """The settlement for the dealer, line by line (what the screen's foot and the journal show)."""
    if ts.settlement is None:
        return [ts.problem] if ts.problem else []
    out = [f"action {ts.order}" if ts.order else "action order as filed"]
    out.extend(ts.settlement.describe())
    if ts.collection is None:
        out.append(ts.fee_words)
    else:
        out.append(f"collection {money(ts.collection.total)} ({ts.fee_words})")
    return out
