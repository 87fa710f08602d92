"""The Three Card Poker family's hook for the round engine (``rules.round.family``).

The generic engine deals the stacks of three (or the hole cards and communal cards) from the variant's
``deal:`` data and rules on irregularities from its ``irregularities:`` table. This hook adds the family's
own finding: a card read with the back of the deck that is not in play (WRONG_DECK). The deck in play is the
one named by the round's Shuffle event (``deck_id``); a read reports its back where the device can see it
(``CardRead.back``). Reads without a back, or a shuffle that names no deck, are not checked.

Two decks: a ``round_start`` dealt with the same deck as the round before (the ``shuffle`` events'
``deck_id``) is WRONG_DECK (the decks alternate every round); where the shuffle names no deck, reads of both
backs in one round are WRONG_DECK too (both decks' cards would go to the discard rack). Wagers: a Play or Bet
(``decision`` ``amount``) that is not the Ante is DRAW_AGAINST_RULE (the filings require it equal; 3 Card Texas
Hold'em's (e)(5) settles it on the smaller bet); a ``surrender`` is a player who cannot match the Ante and
forfeits (3 Card Texas Hold'em (e)(4)), DRAW_AGAINST_RULE where no filing gives that option.

Settlement: once every seat with an Ante has decided (a ``decision`` event: ``fold``, or ``bet``/``call``/
``raise`` for the first step, with its ``amount`` in cents or the Ante's; ``bet`` or ``check`` for 3 Card
Texas Hold'em's second step), each wager's result from :func:`rules.threecard.settle.settle_hand`, in the
filed order; with a ``banking:`` block and a bank, the banking engine's settlement from the action seat
(the player-dealer's card the filing names, counted as its ``banking.action`` says; the first player left of
the player-dealer; or the button the dealer places, the round's ``button``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rules.banking import (
    RoundResults,
    SettledWager,
    Table,
    Wager,
    WagerKind,
    WagerResult,
    action_seat,
    settle_results,
)
from rules.banking.errors import BankingError
from rules.banking.report_json import by_seat
from rules.banking.wagers import SpotLimit
from rules.cards import Card, format_cards
from rules.errors import RulesError
from rules.round.alerts import AlertCode
from rules.round.events import Action, CardRead, Decision, Event, RoundStart, Target, TargetKind
from rules.round.family import BaseFamily, PerGame, Progress, register_family
from rules.round.procedure import Face, PhaseKind, Recipients
from rules.round.rulings import Finding
from rules.round.state import undone
from rules.threecard.decks import AlternatingDecks
from rules.threecard.hands import arrange_player_dealer, hand_value, qualifies
from rules.threecard.model import ThreeCardDataError, Variant, describe_value, from_data
from rules.threecard.report import ThreeCardBank, ThreeCardReport
from rules.threecard.schema import ThreeCardFile
from rules.threecard.settle import PlayerHand, WagerSettlement, settle_hand

if TYPE_CHECKING:
    from rules.analysis import Analysis
    from rules.round.state import RoundState

_RAISE = (Action.BET, Action.CALL, Action.RAISE, Action.UP)


def _build_variant(state: RoundState) -> Variant:
    if not state.game.data:
        raise ThreeCardDataError("game", f"{state.game.id}: the round engine was given no game data")
    return from_data(state.game.data)


class ThreeCardFamily(BaseFamily):
    """Two-deck and wager checks, the prompt after the deal, and the settlement with the bank."""

    #: The strict schema of the family's game files (``rules.gamefile``).
    schema = ThreeCardFile
    report_types = (ThreeCardReport,)

    def parse_variant(self, data: Mapping[str, Any]) -> object:
        """The family's typed model of a game file (its parser's checks beyond the schema)."""
        return from_data(data)

    def __init__(self) -> None:
        self._variants: PerGame[Variant] = PerGame(_build_variant)

    def variant(self, state: RoundState) -> Variant:
        """The variant of the game being dealt, built once from the game file's mapping."""
        return self._variants(state)

    def check(self, state: RoundState, event: Event) -> Sequence[Finding]:
        """WRONG_DECK (a read of the other deck, decks not alternated, both decks in one round's cards);
        DRAW_AGAINST_RULE for a raise that is not the Ante or a forfeit no filing allows."""
        v = self.variant(state)
        if isinstance(event, CardRead):
            return self._check_read(state, v, event)
        if isinstance(event, RoundStart):
            return self._check_alternation(state, v)
        if isinstance(event, Decision):
            return self._check_decision(state, v, event)
        return ()

    def _check_read(self, state: RoundState, v: Variant, event: CardRead) -> Sequence[Finding]:
        if not event.back or v.alternating is None:
            return ()
        decks = AlternatingDecks.from_spec(v.alternating)
        in_play = state.shoe.deck_id
        try:
            if in_play:
                finding = decks.wrong_deck(event.back, in_play, card=event.card)
                return (finding,) if finding is not None else ()
            # No deck named: the round's cards all go to the discard rack, which holds one deck at a time;
            # the first read of a second back this round means both decks' cards would be in it.
            off = undone(state.segment)
            backs = {
                e.back.strip().lower()
                for n, e in state.segment
                if n not in off and isinstance(e, CardRead) and e.back
            }
            if len(backs) != 1 or event.back.strip().lower() in backs:
                return ()
            finding = decks.discard_rack([*backs, event.back])
        except ThreeCardDataError:
            return ()
        if finding is None:
            return ()
        return (Finding(finding.code, finding.message, card=event.card, where="deck"),)

    def _check_alternation(self, state: RoundState, v: Variant) -> Sequence[Finding]:
        prev, now = state.shoe.previous_deck_id, state.shoe.deck_id
        if v.alternating is None or not prev or not now:
            return ()
        try:
            finding = AlternatingDecks.from_spec(v.alternating).not_alternated(prev, now)
        except ThreeCardDataError:
            return ()
        return (finding,) if finding is not None else ()

    def _check_decision(self, state: RoundState, v: Variant, e: Decision) -> Sequence[Finding]:
        start = state.start
        if start is None:
            return ()
        ante = sum(w.cents for w in start.wagers if w.seat == e.seat and w.spot == "ante")
        seat_t = Target(TargetKind.SEAT, e.seat)
        if e.action is Action.SURRENDER and v.insufficient_funds_cite is None:
            return (
                Finding(
                    AlertCode.DRAW_AGAINST_RULE,
                    f"seat {e.seat} forfeits for want of funds: {v.name}'s filing has no such option",
                    seat=e.seat,
                    target=seat_t,
                ),
            )
        if e.action not in _RAISE or e.amount is None or not ante or e.amount == ante:
            return ()
        step = len([d for d in state.decisions if d.seat == e.seat and d.action in _RAISE])
        r = v.raises[min(step, len(v.raises)) - 1] if step else v.raises[0]
        if v.unequal_bets:
            what = "paid on the smaller bet, the difference refunded"
            cite = v.unequal_bets_cite or r.cite
        else:
            what = f"the {r.name} must equal the Ante"
            cite = r.cite
        return (
            Finding(
                AlertCode.DRAW_AGAINST_RULE,
                f"seat {e.seat} {r.name} of {e.amount} cents does not equal the Ante of {ante} cents: {what} ({cite})",
                seat=e.seat,
                target=seat_t,
            ),
        )

    def wait_words(self, state: RoundState, kind: str, words: str) -> str | None:
        """After the deal: whose Play (or Bet) or fold is next, then where settlement starts."""
        start = state.start
        if kind != "done" or start is None or start.player_dealer is None:
            return None
        v = self.variant(state)
        antes = {w.seat for w in start.wagers if w.spot == "ante" and w.seat not in state.dead}
        decided = {d.seat for d in state.decisions}
        pd = start.player_dealer
        ring = sorted(start.players, key=lambda x: (x < pd, x))  # clockwise from the player-dealer's left
        todo = [x for x in ring if x in antes and x not in decided]
        if todo and any(p.kind is PhaseKind.BETTING for p in state.game.procedure.phases):
            return None  # 3 Card Hold'em decides in its betting rounds, which the dealer has closed
        if todo:
            name = v.raises[0].name
            ask = name if "fold" in name.lower() else f"{name} or fold"
            more = (
                f" (then seat{'s' if len(todo) > 2 else ''} {', '.join(map(str, todo[1:]))})"
                if todo[1:]
                else ""
            )
            return f"{words}; {ask}: seat {todo[0]}{more}"
        out = self.settle(state)
        if out is None or not out.wagers:
            return None
        where = f" from seat {out.bank.action_seat}" if isinstance(out.bank, ThreeCardBank) else ""
        return f"{words}; reveal the player-dealer's hand and settle{where}"

    def settle(self, state: RoundState) -> ThreeCardReport | None:
        """Each wager's result once the hands are out and every Ante has decided; None until then. With a
        ``banking:`` block and a bank, also the banking engine's settlement (``bank``)."""
        start = state.start
        if start is None:
            return None
        v = self.variant(state)
        pd = state.hand(Target(TargetKind.PLAYER_DEALER))
        board = tuple(p.card for p in state.placed if p.target.kind is TargetKind.BOARD and not p.void)
        if len(pd) != v.hole_cards or len(board) != v.board_cards or None in pd or None in board:
            return None
        pd_cards = _known(pd)
        board_cards = _known(board)
        seats: dict[int, dict[str, int]] = {}
        for w in start.wagers:
            if w.seat in state.dead:
                continue  # a dead hand's wagers go back (the outcome's ``returned``)
            spot = seats.setdefault(w.seat, {})
            spot[w.spot] = spot.get(w.spot, 0) + w.cents
        dv = hand_value(v, pd_cards, board_cards)
        out: dict[str, Any] = {
            "player_dealer": format_cards(pd_cards),
            "board": format_cards(board_cards),
            "player_dealer_qualifies": qualifies(v, dv),
            "order": list(v.order),
            "wagers": [],
        }
        out["player_dealer_hand"] = describe_value(dv)
        if v.board_cards:
            # 3 Card Hold'em: how the house dealer lays out the player-dealer's best three (000a L332-371).
            arr = arrange_player_dealer(v, pd_cards, board_cards)
            out["arrangement"] = {"case": arr.case, "steps": list(arr.steps), "cite": str(arr.cite)}
        up = _up_cards(state, pd_cards)
        if up:
            out["player_dealer_up"] = format_cards(up)
        rows: list[tuple[int, int, dict[str, Any]]] = []
        settled: list[tuple[int, WagerSettlement, int]] = []
        for seat, wagers in sorted(seats.items()):
            ante = wagers.get("ante")
            decided = [d for d in state.decisions if d.seat == seat]
            forfeits = any(d.action is Action.SURRENDER for d in decided)
            if ante is not None:
                if not decided:
                    return None  # the decisions are not all in
                raised = [d for d in decided if d.action in _RAISE]
                if decided[0].action in _RAISE:
                    for step, d in zip(v.raises, raised, strict=False):
                        wagers[step.key] = d.amount or ante
            cards = state.hand(Target(TargetKind.SEAT, seat))
            if len(cards) != v.hole_cards or None in cards:
                return None
            try:
                if forfeits and v.insufficient_funds_cite is None:
                    raise ThreeCardDataError(
                        "decision", f"no filed rule lets a player forfeit for want of funds in {v.name}"
                    )
                results = settle_hand(
                    v, PlayerHand(_known(cards), wagers, forfeits=forfeits), pd_cards, board_cards
                )
            except RulesError as exc:
                rows.append((0, seat, {"seat": seat, "result": "problem", "rule": str(exc)}))
                continue
            for r in results:
                stake = wagers["ante"] if r.wager == "ante-bonus" else wagers[r.wager]
                rank = v.order.index(r.wager) if r.wager in v.order else 0
                row: dict[str, Any] = {
                    "seat": seat,
                    "spot": r.wager,
                    "cents": stake,
                    "result": r.result,
                    "pays": str(r.pays),
                    "net_cents": r.net_cents(stake),
                    "rule": r.rule,
                    "cite": str(r.cite),
                }
                if r.refund_cents:
                    row["refund_cents"] = r.refund_cents
                rows.append((rank, seat, row))
                settled.append((seat, r, stake))
        out["wagers"] = [row for _, _, row in sorted(rows, key=lambda x: (x[1], x[0]))]
        bank, lines = self._bank(state, v, pd_cards, settled)
        if bank is not None:
            out["bank"] = bank
        for row in out["wagers"]:
            # Through the bank, a wager's net is what the bank paid or collected on it (a bank that runs
            # out pays part or nothing, in the filed order); ``due_cents`` is what the rule pays in full.
            line = lines.get((row["seat"], row.get("spot", "")))
            if line is not None:
                row["due_cents"] = row["net_cents"]
                row["net_cents"] = line.paid - line.collected
        return ThreeCardReport.from_json(out)

    # -- the table's hooks (rules.round.family.Family) --------------------------------------------------

    #: The table's player-dealer bank settles the rounds (:meth:`wager_results`).
    settled_at_table = True

    def spot_limits(self, state: RoundState) -> dict[str, SpotLimit]:
        """The bonus bets that are placed only with an Ante (``bonuses[].needs_ante``: Pair Plus, seed 004
        L2401-2402, seed 002 L852; the 6 Card Bonus of some rooms stands alone): one without an Ante on its
        seat is refused at round start (SIDE_BET_WITHOUT_WAGER) and by the wager panel."""
        return {b.key: SpotLimit(needs_base=b.needs_ante) for b in self.variant(state).bonuses}

    def wager_spots(self, state: RoundState) -> list[str]:
        """The Ante and the bonus bets in the filed order (the Play and Bet wagers are decisions)."""
        v = self.variant(state)
        raises = {r.key for r in v.raises}
        return [k for k in v.order if k not in raises]

    def next_to_decide(self, state: RoundState) -> int | None:
        """The next seat with an Ante that has not played or folded, from the player-dealer's left."""
        start = state.start
        if start is None or state.status.value != "dealt":
            return None
        decided = {d.seat for d in state.decisions}
        with_ante = {w.seat for w in start.wagers if w.spot == "ante"}
        pd = start.player_dealer or 0
        ring = sorted(start.players, key=lambda s: (s <= pd, s))
        return next((s for s in ring if s in with_ante and s not in decided and s not in state.dead), None)

    def analyze(
        self, data: Mapping[str, Any], decks: int | None, progress: Progress | None = None
    ) -> Analysis:
        """Exact probabilities and house edges of every wager (:mod:`rules.threecard.analyze`)."""
        from rules.threecard.analyze import analyze

        return analyze(data, decks, progress)

    def wager_results(self, state: RoundState, table: Table) -> RoundResults | None:
        """Every wager's result from the action seat, in the variant's banking order; held where a hand
        cannot be settled or the variant files no banking."""
        out = self.settle(state)
        if out is None or state.start is None:
            return None
        problems = [r.rule for r in out.wagers if r.result == "problem"]
        if problems:
            return RoundResults.hold("; ".join(problems))
        v = self.variant(state)
        if v.banking is None:
            return RoundResults.hold(f"{v.name} has no banking data in its game file")
        decided = self._decided(state, v)
        if decided is None:
            return None
        pd_cards, settled = decided
        own = self._table(state, v)
        action = self._action(state, v, pd_cards, own or table)
        if isinstance(action, str):
            return RoundResults.hold(action)
        return v.banking.ordered(state.start.bank, self._results(v, settled), own or table, action)

    def _decided(
        self, state: RoundState, v: Variant
    ) -> tuple[tuple[Card, ...], list[tuple[int, WagerSettlement, int]]] | None:
        """The player-dealer's cards and every decided wager (seat, settlement, stake), as :meth:`settle`."""
        start = state.start
        assert start is not None
        pd_cards = _known(state.hand(Target(TargetKind.PLAYER_DEALER)))
        board = _known(
            tuple(p.card for p in state.placed if p.target.kind is TargetKind.BOARD and not p.void)
        )
        seats: dict[int, dict[str, int]] = {}
        for w in start.wagers:
            if w.seat not in state.dead:
                spot = seats.setdefault(w.seat, {})
                spot[w.spot] = spot.get(w.spot, 0) + w.cents
        settled: list[tuple[int, WagerSettlement, int]] = []
        for seat, wagers in sorted(seats.items()):
            ante = wagers.get("ante")
            decided = [d for d in state.decisions if d.seat == seat]
            forfeits = any(d.action is Action.SURRENDER for d in decided)
            if ante is not None:
                if not decided:
                    return None
                raised = [d for d in decided if d.action in _RAISE]
                if decided[0].action in _RAISE:
                    for step, d in zip(v.raises, raised, strict=False):
                        wagers[step.key] = d.amount or ante
            cards = _known(state.hand(Target(TargetKind.SEAT, seat)))
            for r in settle_hand(v, PlayerHand(cards, wagers, forfeits=forfeits), pd_cards, board):
                settled.append((seat, r, wagers["ante"] if r.wager == "ante-bonus" else wagers[r.wager]))
        return pd_cards, settled

    @staticmethod
    def _results(v: Variant, settled: Sequence[tuple[int, WagerSettlement, int]]) -> list[WagerResult]:
        """The typed results: the part of each stake that gets action (an unequal 3 Card Hold'em bet is
        cut, the rest refunded before settling)."""
        results: list[WagerResult] = []
        base = ("ante", *(x.key for x in v.raises))
        for seat, r, stake in settled:
            amount = stake if r.action_cents is None else r.action_cents
            if amount <= 0:
                continue
            kind = WagerKind.BASE if r.wager in base else WagerKind.BONUS
            w = Wager.single(seat, r.wager, f"seat {seat}", amount, kind)
            note = f"{r.rule} ({r.cite})"
            if r.result == "win":
                results.append(WagerResult.win(w, r.pays, note))
            elif r.result == "lose":
                results.append(WagerResult.lose(w, 1, note))
            elif r.result == "push":
                results.append(WagerResult.push(w, note))
            else:
                results.append(WagerResult.void(w, note))
        return results

    @staticmethod
    def _table(state: RoundState, v: Variant) -> Table | None:
        """The table the action button counts on (its filed positions), or None without a button."""
        start = state.start
        if v.button is None or start is None:
            return None
        positions = max(v.button.positions, *start.seats)
        return Table(tuple(range(1, positions + 1)), start.player_dealer, frozenset(start.seats))

    @staticmethod
    def _action(state: RoundState, v: Variant, pd: Sequence[Card], table: Table) -> int | str:
        """The action seat (a counted card, the first player left of the player-dealer, or the dealer's
        button), or why it is not known."""
        start = state.start
        assert start is not None and v.banking is not None
        b = v.button
        if b is not None and b.how == "card":
            card = pd[b.nth - 1]
            if card.rank is None:
                return f"{card} has no rank to count"
            return action_seat(v.banking.action, table, v.banking.action.card_value(card.rank.char))
        if b is None or b.how == "left_of_player_dealer":
            assert table.player_dealer is not None
            ring = table.ring(table.player_dealer, v.banking.order.direction)
            return next((x for x in ring[1:] if table.is_occupied(x)), table.player_dealer)
        if start.button is None:
            return (
                "the filing does not say where the action button goes: the dealer "
                f"places it (round_start button) ({b.cite})"
            )
        return start.button

    def _bank(
        self,
        state: RoundState,
        v: Variant,
        pd: Sequence[Card],
        settled: Sequence[tuple[int, WagerSettlement, int]],
    ) -> tuple[dict[str, Any] | None, dict[tuple[int, str], SettledWager]]:
        """The round's settlement through the bank (:func:`rules.banking.settle_results`, as the table
        settles it), or None without a bank or banking data; and each wager's settled line by seat and
        spot."""
        start = state.start
        assert start is not None
        if v.banking is None or v.button is None or not start.bank or start.player_dealer is None:
            return None, {}
        refunds: dict[int, int] = {}
        for seat, r, _ in settled:
            if r.refund_cents:
                refunds[seat] = refunds.get(seat, 0) + r.refund_cents
        out: dict[str, Any] = {}
        try:
            table = self._table(state, v)
            assert table is not None
            action = self._action(state, v, pd, table)
            if isinstance(action, str):
                return {"problem": action}, {}
            if v.button.how == "card":
                out["button_card"] = str(pd[v.button.nth - 1])
            done = settle_results(
                start.bank, v.banking.ordered(start.bank, self._results(v, settled), table, action)
            )
        except BankingError as exc:
            return {"problem": str(exc)}, {}
        out.update(
            {
                "action_seat": action,
                "action_cite": str(v.button.cite),
                "bank_before": done.bank_before,
                "bank_after": done.bank_after,
                "by_seat": {
                    k: {
                        **seat_money,
                        # 3 Card Hold'em (e)(5): the part of an unequal bet without action, back first
                        **({"refunded": refunds[int(k)]} if refunds.get(int(k)) else {}),
                    }
                    for k, seat_money in by_seat(done).items()
                },
                "lines": done.describe(),
            }
        )
        return out, {(ln.wager.seat, ln.wager.name): ln for ln in done.lines}


def _up_cards(state: RoundState, pd: Sequence[Card]) -> tuple[Card, ...]:
    """The player-dealer's cards its deal phase says end up face up (the card turned up where filed)."""
    for ph in state.game.procedure.phases:
        if ph.kind is PhaseKind.DEAL and ph.to is Recipients.PLAYER_DEALER:
            return tuple(c for i, c in enumerate(pd) if ph.face_at(i) is Face.UP)
    return ()


def _known(cards: Sequence[Card | None]) -> tuple[Card, ...]:
    return tuple(c for c in cards if c is not None)


FAMILY = ThreeCardFamily()
register_family("threecard", FAMILY)
