"""The table's settlement: the family's per-wager results through the bank, the action order and the fee.

When a round's outcome is reached, each family engine has decided every wager (``outcome.settlement``:
won, lost, pushed, no action, at what odds). This module turns those results into the California
settlement (docs/banking.md): the player-dealer's bank pays and collects in the variant's action order
from the action seat until it is exhausted, uncovered wagers go back, and the collection follows the
table's posted schedule (``table.fee_schedule``), taken at the moment the schedule names.

It reads the family engines' public results and their banking data; it decides nothing a family did not:

- baccarat: :func:`rules.baccarat.banking.wager_results` on the coup (commission included), the
  filed settlement order and first seat (:func:`~rules.baccarat.banking.first_seat`); Super Pan 9 and
  Fast Nine: the family's hand-against-the-player-dealer rows from the action seat the dice named
  (:func:`~rules.baccarat.banking.pan9_settle`);
- three card: the family's rows (the part of a stake that has action), the variant's ``banking:`` block
  and the action seat the family found (a card, left of the player-dealer, or the dealer's button);
- pai gow: the family's rows and action seat (the dice), seat by seat, base before bonuses; the Envy Bonus
  awards (buttons with no stake) where the filing pays them (:func:`rules.paigow.round.settlement_sequence`).

Other families (blackjack, poker) settle in their own engines; :func:`settle_table` returns None for them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules.banking import (
    Direction,
    Grouping,
    Settlement,
    SettlementOrder,
    Table,
    Wager,
    WagerKind,
    WagerResult,
    covers_all,
    settle,
    settle_round,
)
from rules.banking.errors import BankingError
from rules.banking.money import money
from rules.errors import RulesError
from rules.fees import Collection, assess
from rules.fees.schedule import Schedule
from rules.round import RoundState

#: The families whose rounds this module settles (the others settle in their own engines).
SETTLED_HERE = frozenset({"baccarat", "threecard", "paigow", "twocardpeek"})


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


def settle_table(state: RoundState, schedule: Schedule | None, seats: int) -> TableSettlement | None:
    """The settlement of the round in ``state`` (None while it is not decided, or for a family that
    settles in its own engine). ``schedule`` is the posted collection schedule; ``seats`` the table's."""
    outcome = state.outcome
    start = state.start
    if outcome is None or start is None or outcome.status != "dealt" or not outcome.settlement:
        return None
    family = state.game.family
    fam = outcome.settlement
    try:
        if family == "baccarat":
            built = _baccarat(state)
        elif family == "threecard":
            built = _threecard(state, fam)
        elif family == "paigow":
            built = _paigow(state, fam)
        elif family == "twocardpeek":
            built = _twocardpeek(state, fam)
        else:
            return None
    except (RulesError, BankingError, KeyError, ValueError) as exc:
        return TableSettlement(None, problem=f"cannot settle: {exc}")
    if isinstance(built, str):
        return None if not built else TableSettlement(None, problem=built)
    results, how = built
    stakes = sum(r.wager.amount for r in results)
    pd = start.player_dealer
    if pd is None or not start.bank:
        return TableSettlement(
            None,
            problem="no player-dealer bank this round: every wager stands until the floor rules "
            "(California games are banked by a player, never by the house)",
            stakes=stakes,
        )
    wagers = [r.wager for r in results]
    collection = None
    fee_words = "no collection schedule is posted at this table"
    if schedule is not None:
        collection = assess(schedule, wagers, players=len(start.players), bank=start.bank)
        fee_words = f"{schedule.room} {schedule.game} option {schedule.option}: taken {schedule.taken.words}"
    table = Table(tuple(range(1, max(seats, *start.seats) + 1)), pd, frozenset(start.seats))
    try:
        settlement, action = how(start.bank, results, table, collection)
    except BankingError as exc:
        return TableSettlement(None, problem=f"banking: {exc}", stakes=stakes)
    first = settlement.lines[0].wager.seat if settlement.lines else action
    order = f"from seat {first}" + (f" (action seat {action})" if action and first != action else "")
    return TableSettlement(
        settlement,
        action_seat=action,
        order=order,
        collection=collection,
        fee_words=fee_words,
        stakes=stakes,
    )


Settler = Any  # (bank, results, table, collection) -> (Settlement, action seat)


def _result(w: Wager, result: str, pays: str, note: str) -> WagerResult | None:
    if result == "win":
        return WagerResult.win(w, Fraction(pays or "1"), note)
    if result in ("lose", "foul"):
        return WagerResult.lose(w, 1, note)
    if result == "push":
        return WagerResult.push(w, note)
    return WagerResult.void(w, note)  # no action: the wager goes back


def _baccarat(state: RoundState) -> tuple[list[WagerResult], Settler] | str:
    from rules.baccarat.banking import first_seat, settlement_order, wager_kind, wager_results
    from rules.baccarat.coup import result_of
    from rules.baccarat.model import Variant
    from rules.baccarat.round import FAMILY

    v = FAMILY.variant(state)
    if not isinstance(v, Variant):
        return _pan9(state, v)
    start = state.start
    assert start is not None
    player, banker = FAMILY.hands(state)
    pc = [c for c in player if c is not None]
    bc = [c for c in banker if c is not None]
    coup = result_of(v.tableau, pc, bc)
    p_box, b_box = FAMILY.boxes(state)
    dealt = [p.card for p in state.placed if not p.void and p.target in (p_box, b_box) and p.card is not None]
    wagers = [
        Wager.single(w.seat, w.spot, f"seat {w.seat}", w.cents, wager_kind(v, w.spot))
        for w in start.wagers
        if w.seat not in state.dead and w.seat != start.player_dealer
    ]
    results = wager_results(v, coup, wagers)

    def how(bank: int, rs: Sequence[WagerResult], table: Table, coll: Collection | None) -> Any:
        covers = covers_all(bank, rs)
        order = settlement_order(v, bank_covers=covers)
        action = first_seat(v, table, dealt, bank_covers=covers)
        return settle_round(bank, rs, order, table, action, coll), action

    return results, how


def _pan9(state: RoundState, v: Any) -> tuple[list[WagerResult], Settler] | str:
    """Super Pan 9 / Fast Nine: the family's rows (each hand against the player-dealer's) through the bank
    from the action seat the dice named (:func:`rules.baccarat.banking.pan9_settle`)."""
    from rules.baccarat.banking import pan9_settle

    fam = state.outcome.settlement if state.outcome is not None else None
    if not isinstance(fam, Mapping) or "held" in fam:
        return f"held: {fam['held']}" if isinstance(fam, Mapping) else ""
    rows = [{**r, "result": "void"} if r.get("result") == "no hand" else r for r in fam.get("wagers", ())]
    results = _rows(state, rows, tuple(str(r.get("spot", "main")) for r in rows))
    action = fam.get("action_seat")

    def how(bank: int, rs: Sequence[WagerResult], table: Table, coll: Collection | None) -> Any:
        return pan9_settle(v, bank, rs, table, action, coll), action

    return results, how


def _rows(state: RoundState, rows: Sequence[Mapping[str, Any]], base: Sequence[str]) -> list[WagerResult]:
    start = state.start
    assert start is not None
    out: list[WagerResult] = []
    for row in rows:
        seat = row.get("seat")
        if not isinstance(seat, int) or seat == start.player_dealer or "cents" not in row:
            continue
        amount = int(row["cents"]) - int(row.get("refund_cents", 0) or 0)
        if amount <= 0:
            continue
        spot = str(row.get("spot", "main"))
        kind = WagerKind.BASE if spot in base else WagerKind.BONUS
        w = Wager.single(seat, spot, f"seat {seat}", amount, kind)
        note = str(row.get("rule", ""))
        r = _result(w, str(row.get("result", "")), str(row.get("pays", "1")), note)
        if r is not None:
            out.append(r)
    return out


def _threecard(state: RoundState, fam: Mapping[str, Any]) -> tuple[list[WagerResult], Settler] | str:
    from rules.threecard.round import FAMILY

    v = FAMILY.variant(state)
    if any(r.get("result") == "problem" for r in fam.get("wagers", ())):
        return "; ".join(str(r.get("rule")) for r in fam["wagers"] if r.get("result") == "problem")
    bank_out = fam.get("bank")
    if isinstance(bank_out, Mapping) and bank_out.get("problem"):
        return str(bank_out["problem"])
    base = ("ante", *(x.key for x in v.raises))
    results = _rows(state, fam.get("wagers", ()), base)
    action_seat = bank_out.get("action_seat") if isinstance(bank_out, Mapping) else None

    def how(bank: int, rs: Sequence[WagerResult], table: Table, coll: Collection | None) -> Any:
        if v.banking is None:
            raise BankingError(f"{v.name} has no banking data in its game file")
        action = action_seat
        if action is None:  # no bank in the family's view: the seat left of the player-dealer
            assert table.player_dealer is not None
            ring = table.ring(table.player_dealer, v.banking.order.direction)
            action = next((x for x in ring[1:] if table.is_occupied(x)), table.player_dealer)
        return v.banking.settle(bank, rs, table, int(action), coll), int(action)

    return results, how


def _paigow(state: RoundState, fam: Mapping[str, Any]) -> tuple[list[WagerResult], Settler] | str:
    from rules.paigow.round import FAMILY, envy_award, envy_in_turn, settlement_sequence

    if "held" in fam:
        return f"held: {fam['held']}"
    if "wagers" not in fam:
        return ""  # hands still to be set: not decided yet
    rows = list(fam["wagers"]) + list(fam.get("unsettled", ()))
    results = _rows(state, [r for r in rows if "result" in r], ("main", "base", "double_down"))
    spots: list[str] = ["main", "base", "double_down"]
    for r in results:
        if r.wager.name not in spots:
            spots.append(r.wager.name)
    action = int(fam.get("action_seat") or 1)
    # Envy Bonus buttons have no stake: their awards are paid in the family's order, never assessed a fee
    # and never counted as chips in the circles (they are not among ``results``).
    awards = [
        envy_award(int(e["seat"]), int(e["due_cents"])) for e in fam.get("envy", ()) if e.get("due_cents")
    ]
    in_turn = envy_in_turn(FAMILY.setup(state).variant)

    def how(bank: int, rs: Sequence[WagerResult], table: Table, coll: Collection | None) -> Any:
        order = SettlementOrder(Direction.CLOCKWISE, tuple(spots), Grouping.SEAT)
        if not awards:
            return settle_round(bank, rs, order, table, action, coll), action
        seq = settlement_sequence(rs, awards, order, table, action, in_turn)
        return settle(bank, seq, order.mode, coll), action

    return results, how


def _twocardpeek(state: RoundState, fam: Mapping[str, Any]) -> tuple[list[WagerResult], Settler] | str:
    """Two Card Peek: the family's rows through the bank in its filed two-stage order
    (:func:`rules.twocardpeek.round.bank_settle`)."""
    from rules.twocardpeek.round import FAMILY, bank_settle

    v = FAMILY.variant(state)
    results = _rows(state, fam.get("wagers", ()), tuple(v.pick_row.spots))

    def how(bank: int, rs: Sequence[WagerResult], table: Table, coll: Collection | None) -> Any:
        return bank_settle(v, bank, rs, table, coll)

    return results, how


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
