"""Two Card Peek's hook for the round engine (``rules.round.family``), and its bank settlement.

The generic engine deals the five sets of three from the game file's ``deal:`` (rows A, B and C are boxes
1-3), waits for the Peek Bonus betting round the dealer closes, and rules on irregularities from the
``irregularities:`` table. This hook:

- records the Peek Bonus: a ``decision`` with ``action: bet``, ``amount`` in cents and ``count`` the row
  (1 A, 2 B, 3 C); one made outside the Peek betting round (before the two-card hands are out, or after the
  dealer closed it or the third set began) is BETS_AFTER_CLOSE (000 L885-887) and gets no action;
- words the dealer's steps: after the two-card hands, the Pick Row verdict and the 2 Card Poker hands to
  settle, then "call for Peek Bonus bets"; after the fifth set, where settlement starts;
- settles (:func:`rules.twocardpeek.settle.settle_round`) and, with a bank, runs the banking engine in the
  filed order: every Pick Row and 2 Card Poker wager from the house dealer's left, then every Peek Bonus and
  Super Bet (L930, L939), the player-dealer never paying beyond its bank.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rules.banking import (
    Direction,
    RoundResults,
    SettleMode,
    Table,
    Wager,
    WagerKind,
    WagerResult,
    seat_order,
    settle_results,
)
from rules.banking.errors import BankingError
from rules.cards import Card, format_cards
from rules.errors import RulesError
from rules.round.alerts import AlertCode
from rules.round.events import Action, Button, ButtonPress, Decision, Event, Target, TargetKind
from rules.round.family import BaseFamily, PerGame, register_family
from rules.round.procedure import PhaseKind
from rules.round.report import BankPart, BankProblem, SeatMoney
from rules.round.rulings import Finding
from rules.round.state import undone
from rules.round.table_rules import table_limits
from rules.twocardpeek.model import TwoCardPeekDataError, Variant, from_data
from rules.twocardpeek.report import PeekWagerLine, TwoCardPeekReport
from rules.twocardpeek.schema import TwoCardPeekFile
from rules.twocardpeek.settle import Bet, WagerSettlement, settle_round, settlement_order

if TYPE_CHECKING:
    from rules.analysis import Analysis
    from rules.round.family import Progress
    from rules.round.state import RoundState


def _build(state: RoundState) -> Variant:
    if not state.game.data:
        raise TwoCardPeekDataError("", f"{state.game.id}: the round engine was given no game data")
    return from_data(state.game.data)


def _peek_phase(state: RoundState) -> int | None:
    for i, ph in enumerate(state.game.procedure.phases):
        if ph.kind is PhaseKind.BETTING:
            return i
    return None


def peek_window(state: RoundState) -> tuple[int, int] | None:
    """The event numbers between which a Peek Bonus may be placed: after the last card of the two-card
    hands, before the dealer closed the Peek betting round (or the next card); None before the hands are
    out. The upper bound is exclusive (a large number while the round is still open)."""
    betting = _peek_phase(state)
    if betting is None:
        return None
    first = [p.seq for p in state.placed if p.phase < betting]
    later = [p.seq for p in state.placed if p.phase > betting]
    needed = sum(
        ph.cards * len(ph.boxes or ())
        for ph in state.game.procedure.phases[:betting]
        if ph.kind is PhaseKind.DEAL
    )
    if len(first) < needed:
        return None
    opened = max(first)
    off = undone(state.segment)
    closes = [
        n
        for n, e in state.segment
        if n not in off and n > opened and isinstance(e, ButtonPress) and e.button is Button.CONFIRM
    ]
    end = min([*closes, *later], default=1 << 62)
    return opened, end


def _peek_decisions(state: RoundState) -> list[tuple[int, Decision]]:
    off = undone(state.segment)
    return [
        (n, e)
        for n, e in state.segment
        if n not in off and isinstance(e, Decision) and e.action is Action.BET
    ]


class TwoCardPeekFamily(BaseFamily):
    """Peek Bonus timing, the dealer's words between the stages, and the settlement with the bank."""

    #: The strict schema of the family's game files (``rules.gamefile``).
    schema = TwoCardPeekFile
    report_types = (TwoCardPeekReport,)

    def __init__(self) -> None:
        self._variants: PerGame[Variant] = PerGame(_build)

    def variant(self, state: RoundState) -> Variant:
        """The variant of the game being dealt, built once from the game file's mapping."""
        return self._variants(state)

    def rows(self, state: RoundState) -> dict[str, tuple[Card, ...]]:
        """Each row's cards so far (A, B, C = boxes 1-3), unread cards left out."""
        v = self.variant(state)
        return {
            r: tuple(c for c in state.hand(Target(TargetKind.BOX, i + 1)) if c is not None)
            for i, r in enumerate(v.rows.names)
        }

    def check(self, state: RoundState, event: Event) -> Sequence[Finding]:
        """BETS_AFTER_CLOSE for a Peek Bonus placed outside its betting round (000 L885-887)."""
        if not isinstance(event, Decision) or event.action is not Action.BET:
            return ()
        window = peek_window(state)
        ph = state.current_phase
        if window is not None and ph is not None and ph.kind is PhaseKind.BETTING:
            return ()
        v = self.variant(state)
        when = "before the two-card hands are out" if window is None else "after no more bets"
        return (
            Finding(
                AlertCode.BETS_AFTER_CLOSE,
                f"seat {event.seat}: a Peek Bonus {when}; it is placed after the Pick Row and 2 Card Poker "
                f"are settled and before the third set ({v.peek.cite}); it gets no action",
                seat=event.seat,
                target=Target(TargetKind.SEAT, event.seat),
            ),
        )

    def bets(self, state: RoundState) -> tuple[list[Bet], dict[int, str]]:
        """The round's wagers (the pre-deal ones, then each Peek Bonus in the order placed), and the Peeks
        placed outside their betting round or under the table minimum (by position in the list) with why."""
        start = state.start
        assert start is not None
        v = self.variant(state)
        out = [Bet(w.seat, w.spot, w.cents) for w in start.wagers if w.seat not in state.dead]
        late: dict[int, str] = {}
        window = peek_window(state)
        minimum, _ = table_limits(state.game.data)  # the table's posted limits (L889: the minimum to $50)
        for n, d in _peek_decisions(state):
            if d.seat in state.dead:
                continue
            row = v.rows.names[d.count - 1] if d.count is not None and 1 <= d.count <= 3 else f"row-{d.count}"
            if window is None or not window[0] < n < window[1]:
                late[len(out)] = f"placed outside the Peek Bonus betting round (event {n})"
            elif minimum is not None and (d.amount or 0) < minimum:
                late[len(out)] = (
                    f"a Peek Bonus is at least the table minimum, {minimum} cents, not {d.amount or 0}"
                )
            out.append(Bet(d.seat, v.peek_spot(row), d.amount or 0))
        return out, late

    def results(self, state: RoundState) -> tuple[list[WagerSettlement], Any] | None:
        """Every wager's result so far (the first stage once the two-card hands are out, both once the
        five-card hands are), and the Pick Row verdict; None before the two-card hands are out."""
        if state.start is None:
            return None
        v = self.variant(state)
        rows = self.rows(state)
        if any(len(c) < 2 for c in rows.values()):
            return None
        bets, late = self.bets(state)
        judged, results = settle_round(v, rows, bets, {i: (why, v.peek.cite) for i, why in late.items()})
        return list(results), judged

    def wait_words(self, state: RoundState, kind: str, words: str) -> str | None:
        """At the Peek betting round: the Pick Row verdict and what to settle; after the deal: where
        settlement starts."""
        got = self.results(state)
        if got is None:
            return None
        results, judged = got
        if kind == "betting":
            first = [r for r in results if r.stage == 1 and r.result != "no-action"]
            return (
                f"{judged.words()}; settle the Pick Row and 2 Card Poker ({len(first)} wager"
                f"{'s' if len(first) != 1 else ''}) from the house dealer's left, then call for Peek Bonus bets "
                f"and press confirm after 'No more bets'"
            )
        if kind == "done":
            return f"{words}; announce the five-card hands, then settle the Peek Bonus and Super Bet from the house dealer's left"
        return None

    def settle(self, state: RoundState) -> TwoCardPeekReport | None:
        """Every wager's result once the five-card hands are out, in the filed order; with a bank, the
        banking engine's settlement (``bank``)."""
        start = state.start
        if start is None:
            return None
        v = self.variant(state)
        rows = self.rows(state)
        if any(len(c) != 5 for c in rows.values()):
            return None
        got = self.results(state)
        assert got is not None
        results, judged = got
        table = _table(start.seats, start.player_dealer)
        ordered = settlement_order(v, results, seat_order(table, _first_seat(table), Direction.CLOCKWISE))
        lines = tuple(
            PeekWagerLine(
                seat=r.seat,
                spot=r.spot,
                cents=r.cents,
                result=r.result,
                pays=str(r.pays),
                net_cents=r.net_cents(),
                stage=r.stage,
                rule=r.rule,
                cite=r.cite,
            )
            for r in ordered
        )
        bank: BankPart | BankProblem | None = None
        if start.bank and start.player_dealer is not None:
            try:
                rr = bank_order(v, to_wager_results(ordered), table)
                done = settle_results(start.bank, rr)
            except (BankingError, RulesError) as exc:
                bank = BankProblem(problem=str(exc))
            else:
                bank = BankPart(
                    action_seat=rr.action_seat,
                    bank_before=done.bank_before,
                    bank_after=done.bank_after,
                    by_seat={
                        k: SeatMoney(paid=t.paid, collected=t.collected, returned=t.returned)
                        for k, t in sorted(done.by_seat().items())
                    },
                    lines=tuple(done.describe()),
                )
        return TwoCardPeekReport(
            rows={r: format_cards(c) for r, c in rows.items()},
            pick_row=judged.words(),
            qualified=judged.qualified,
            highest=tuple(judged.highest),
            wagers=lines,
            bank=bank,
        )

    # -- the table's hooks (rules.round.family.Family) --------------------------------------------------

    #: The table's player-dealer bank settles the rounds (:meth:`wager_results`).
    settled_at_table = True

    def wager_spots(self, state: RoundState) -> list[str]:
        """The wagers taken before the deal, Pick Row first (the Peek Bonus is a decision mid-round)."""
        return list(self.variant(state).pre_deal_spots())

    def base_spots(self, state: RoundState) -> frozenset[str]:
        """The Pick Row spots: every bonus bet needs one (000 L845, L866, L886)."""
        return frozenset(self.variant(state).pick_row.spots)

    def analyze(
        self, data: Mapping[str, Any], decks: int | None, progress: Progress | None = None
    ) -> Analysis:
        """Exact probabilities and house edges (:mod:`rules.twocardpeek.analyze`)."""
        from rules.twocardpeek.analyze import analyze

        return analyze(data, decks, progress)

    def wager_results(self, state: RoundState, table: Table) -> RoundResults | None:
        """Every wager's result in the filed two-stage order, once the five-card rows are out."""
        if self.settle(state) is None:
            return None
        got = self.results(state)
        assert got is not None and state.start is not None
        return bank_order(self.variant(state), to_wager_results(got[0]), table)


def _table(seats: Sequence[int], player_dealer: int | None, positions: int = 0) -> Table:
    return Table(tuple(range(1, max(positions, *seats) + 1)), player_dealer, frozenset(seats))


def _first_seat(table: Table) -> int:
    """The first occupied seat from the house dealer's left (seat 1), clockwise, the player-dealer last."""
    return next((s for s in table.seats if table.is_occupied(s) and s != table.player_dealer), table.seats[0])


def to_wager_results(results: Sequence[WagerSettlement]) -> list[WagerResult]:
    """The banking engine's results for the family's, in the same order (a no-action wager goes back)."""
    out: list[WagerResult] = []
    for r in results:
        kind = WagerKind.BASE if r.stage == 1 and r.spot.startswith("pick") else WagerKind.BONUS
        w = Wager.single(r.seat, r.spot, f"seat {r.seat}", r.cents, kind)
        out.append(WagerResult.decided(w, r.result, r.pays, f"{r.rule} ({r.cite})"))
    return out


def bank_order(v: Variant, results: Sequence[WagerResult], table: Table) -> RoundResults:
    """The results in the order the player-dealer settles them (000 L930, L939): the first stage (Pick
    Row, 2 Card Poker) seat by seat from the house dealer's left, the player-dealer's seat last, then the
    second (Peek Bonus, Super Bet); each wager paid or collected in turn while the bank holds
    (``in_order``). The action seat is the first seat."""
    first = _first_seat(table)
    seats = seat_order(table, first, Direction.CLOCKWISE)
    place = {s: i for i, s in enumerate(seats)}
    spots = (*v.order.first, *v.order.then)
    for r in results:
        if r.wager.name not in spots:
            raise BankingError(
                f"{r.wager.describe()}: {r.wager.name!r} is not in the settlement order {list(spots)}"
            )
        if r.wager.seat not in place:
            raise BankingError(f"{r.wager.describe()}: seat {r.wager.seat} is not at this table")

    def key(r: WagerResult) -> tuple[int, int, int]:
        stage = 0 if r.wager.name in v.order.first else 1
        return (stage, place[r.wager.seat], spots.index(r.wager.name))

    return RoundResults(tuple(sorted(results, key=key)), SettleMode.IN_ORDER, first)


FAMILY = TwoCardPeekFamily()
register_family("twocardpeek", FAMILY)
