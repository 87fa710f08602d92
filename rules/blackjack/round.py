"""The blackjack family's hooks for the round engine (``rules.round.family``).

A deal is static phases (players' cards, the player-dealer's up card and hole card as filed), then
``{hits: players}`` (each player hits or stands; :meth:`BlackjackFamily.may_draw` ends a hand that is a
natural, frozen, over, or must stand by the players' chart, and every hand when the player-dealer's peeked
natural or a joker up card stops play), then ``{rule_draws: player-dealer chart}``:
:meth:`BlackjackFamily.next_extra_card` names the player-dealer's next card ("player-dealer must hit: soft
17") from the variant's chart, or None where it must stand, so a card dealt then is DRAW_AGAINST_RULE; a
player-dealer's ``stand`` (or ``deal_done``) where the chart says hit is DRAW_AGAINST_RULE too (the
missing hit). Player decisions are checked against the filing's decision rules and chart. Settlement gives
each wager's result and, with a ``banking:`` block and a bank, the banking engine's settlement from the
action button.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rules.banking import RoundResults, Table, Wager, WagerKind, WagerResult, action_seat, settle_results
from rules.banking.errors import BankingError
from rules.banking.report_json import by_seat
from rules.blackjack.model import HIT, OPTION, STAND, Variant, from_data, matches_any
from rules.blackjack.report import BlackjackReport
from rules.blackjack.schema import BlackjackFile
from rules.blackjack.settle import (
    LOSE,
    PUSH,
    WIN,
    Result,
    insurance_result,
    settle_game_wager,
    settle_side_bet,
)
from rules.cards import Card, Rank, format_cards
from rules.decks import DeckRange, shoe_cite
from rules.errors import HandError
from rules.evaluators.points import Total, blackjack_total
from rules.round.alerts import AlertCode, Ruling
from rules.round.events import Action, Decision, Declare, DeclareKind, Event, Target, TargetKind
from rules.round.family import BaseFamily, PerGame, Progress, register_family
from rules.round.procedure import Face, Phase, PhaseKind, Slot
from rules.round.rulings import Finding

if TYPE_CHECKING:
    from rules.analysis import Analysis
    from rules.round.state import RoundState

PD = Target(TargetKind.PLAYER_DEALER)
_TEN_RANKS = frozenset({Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING})


def _known(cards: Sequence[Card | None]) -> tuple[Card, ...] | None:
    return None if None in cards else tuple(c for c in cards if c is not None)


def _total(v: Variant, cards: Sequence[Card], split: bool = False) -> Total | None:
    try:
        return blackjack_total(cards, v.totals, split=split)
    except HandError:
        return None


def seat_hands(state: RoundState, seat: int) -> list[Target]:
    """A seat's hands: the seat itself, or ``seat N hand 1``, ``hand 2`` … once it has split."""
    base = Target(TargetKind.SEAT, seat)
    hands = sorted(
        {p.target for p in state.placed if p.target.seat_target == base and p.target.hand and not p.void},
        key=lambda t: t.hand,
    )
    return hands or [base]


def first_two(state: RoundState, seat: int) -> tuple[Card, ...] | None:
    """The seat's first two cards as dealt (before any split), for the side bets that name them."""
    base = Target(TargetKind.SEAT, seat)
    cards = [p.card for p in state.placed if p.target.seat_target == base and not p.void][:2]
    return _known(cards) if len(cards) == 2 else None


class BlackjackFamily(BaseFamily):
    """The player-dealer's chart, players' decisions, the peek, and settlement of every wager."""

    #: The strict schema of the family's game files (``rules.gamefile``).
    schema = BlackjackFile
    report_types = (BlackjackReport,)

    def parse_variant(self, data: Mapping[str, Any]) -> object:
        """The family's typed model of a game file (its parser's checks beyond the schema)."""
        return from_data(data)

    def __init__(self) -> None:
        self._variants: PerGame[Variant] = PerGame(lambda state: from_data(state.game.data))

    def filed_decks(self, data: Mapping[str, Any]) -> DeckRange | None:
        """The decks the filing allows (``shoe: {min_decks, max_decks}``: one to eight, or two to eight at
        Marysville's No Bust, seed 004 L363, L395)."""
        shoe = data.get("shoe")
        if not isinstance(shoe, Mapping):
            return None
        return DeckRange(int(shoe.get("min_decks", 1)), int(shoe.get("max_decks", 8)), shoe_cite(data, shoe))

    def variant(self, state: RoundState) -> Variant:
        """The variant of the game being dealt, built once from the game file's mapping."""
        return self._variants(state)

    # --- the player-dealer -------------------------------------------------------------------------

    def analyze(
        self, data: Mapping[str, Any], decks: int | None, progress: Progress | None = None
    ) -> Analysis:
        """The variant's exact analysis (:mod:`rules.blackjack.analyze`)."""
        from rules.blackjack.analyze import analyze

        return analyze(data, decks, progress)

    def pd_due(self, state: RoundState) -> tuple[str, str]:
        """What the chart says of the player-dealer's hand now: (``hit``/``stand``/``option``, words)."""
        v = self.variant(state)
        cards = _known(state.hand(PD))
        if cards is None:
            return STAND, "an unread player-dealer card"
        if len(cards) < 2:
            return HIT, f"player-dealer: {'second' if cards else 'first'} card face up"
        total = _total(v, cards)
        if total is None:
            return STAND, "the player-dealer's hand takes no more cards"
        action = v.pd_chart_action(total)
        chart = v.player_dealer_chart
        row = chart.row(total) if chart is not None else None
        label = f" ({row.label})" if row is not None and row.label != total.category else ""
        if action == HIT:
            return HIT, f"player-dealer must hit: {total.category}{label}"
        if action == OPTION:
            return OPTION, f"player-dealer: option on {total.category}{label}: hit, or press stand"
        return STAND, f"player-dealer stands: {total.category}{label}"

    def _pd_stood(self, state: RoundState) -> bool:
        """Whether the player-dealer has declared stand since its last card (an option total)."""
        from rules.round.state import undone

        start = state.start
        if start is None or start.player_dealer is None:
            return False
        pd_seat = start.player_dealer
        off = undone(state.segment)
        journaled = [e for n, e in state.segment if isinstance(e, Decision) and n not in off]
        # The decision being applied is in ``state.decisions`` before it reaches the journal segment.
        if any(d.seat == pd_seat and d.action is Action.STAND for d in state.decisions[len(journaled) :]):
            return True
        last = max((p.seq for p in state.placed if p.target == PD and not p.void), default=0)
        return any(
            isinstance(e, Decision)
            and e.seat == pd_seat
            and e.action is Action.STAND
            and n > last
            and n not in off
            for n, e in state.segment
        )

    def next_extra_card(self, state: RoundState, phase: Phase) -> Slot | None:
        """The player-dealer's next card as its chart requires, or None (it stands)."""
        if state.start is None or state.start.player_dealer is None:
            return None
        action, words = self.pd_due(state)
        if action == STAND or (action == OPTION and self._pd_stood(state)):
            return None
        n = len(state.hand(PD)) + 1
        return Slot(PD, n, Face.UP, words, state.phase)

    # --- the players -------------------------------------------------------------------------------

    def _play_stopped(self, state: RoundState) -> str:
        """Why no player draws this round ('' when they may): a peeked natural or a freezing up card."""
        v = self.variant(state)
        pd = _known(state.hand(PD))
        if not pd:
            return ""
        if v.frozen_by_up and matches_any(v.frozen_by_up, pd[0]):
            return f"the player-dealer's up card is {pd[0]}: every hand is frozen"
        if len(pd) >= 2 and v.peek and matches_any(v.peek, pd[0]):
            t = _total(v, pd[:2])
            if t is not None and t.is_natural:
                return f"the player-dealer has {t.category}: no draw"
        return ""

    def may_draw(self, state: RoundState, target: Target) -> bool:
        """Whether a player's hand may still take a card (False moves the action on)."""
        if target.kind is not TargetKind.SEAT:
            return True
        v = self.variant(state)
        cards = _known(state.hand(target))
        if cards is None or len(cards) < 2:
            return True
        if self._play_stopped(state):
            return False
        if target.hand and cards[0].rank is Rank.ACE:
            return False  # every filing: split aces receive one card each
        t = _total(v, cards, split=bool(target.hand))
        if t is None or t.special is not None or t.frozen or t.busted_or_over:
            return False
        return not (v.player_chart is not None and v.player_chart.action(t) == STAND)

    # --- checks ------------------------------------------------------------------------------------

    def check(self, state: RoundState, event: Event) -> Sequence[Finding]:
        """DRAW_AGAINST_RULE for a decision the filing does not allow, or a missing hit."""
        start = state.start
        if start is None:
            return ()
        if isinstance(event, Declare) and event.what is DeclareKind.DEAL_DONE:
            return self._missing_pd_hit(state, "the deal was declared complete")
        if not isinstance(event, Decision):
            return ()
        ph = state.current_phase
        if start.player_dealer is not None and event.seat == start.player_dealer:
            if ph is not None and ph.kind is PhaseKind.RULE_DRAWS and event.action is Action.STAND:
                return self._missing_pd_hit(state, "the player-dealer stood")
            return ()
        return self._check_decision(state, event)

    @staticmethod
    def _doubled_hands(state: RoundState) -> set[Target]:
        """The hands that doubled: the hand that took the first card after each double (not undone)."""
        from rules.round.state import undone

        off = undone(state.segment)
        out: set[Target] = set()
        for n, e in state.segment:
            if n in off or not isinstance(e, Decision) or e.action not in (Action.DOUBLE, Action.DOUBLE_DOWN):
                continue
            base = Target(TargetKind.SEAT, e.seat)
            nxt = next(
                (p for p in state.placed if p.seq > n and p.target.seat_target == base and not p.void), None
            )
            if nxt is not None:
                out.add(nxt.target)
        return out

    @staticmethod
    def _acting_hand(state: RoundState, e: Decision) -> Target:
        """The hand a decision was made on: the actor's hand, or (after a stand) the seat's last hand passed."""
        seat_t = Target(TargetKind.SEAT, e.seat)
        ph = state.current_phase
        if ph is None or ph.kind is not PhaseKind.HITS:
            hands = seat_hands(state, e.seat)
            return hands[-1]
        order = state._order(ph)
        mine = [i for i, t in enumerate(order) if t.seat_target == seat_t]
        if not mine:
            return seat_t
        moved = e.action in (Action.STAND, Action.SURRENDER)
        before = [i for i in mine if (i < state.actor if moved else i <= state.actor)]
        return order[before[-1] if before else mine[0]]

    def _missing_pd_hit(self, state: RoundState, how: str) -> Sequence[Finding]:
        start = state.start
        assert start is not None
        if start.player_dealer is None:
            return ()
        if (
            any(p.kind is PhaseKind.RULE_DRAWS for p in state.game.procedure.phases)
            and self.pd_due(state)[0] == HIT
        ):
            _, words = self.pd_due(state)
            v = self.variant(state)
            cite = v.player_dealer_chart.cite if v.player_dealer_chart is not None else ""
            return (
                Finding(
                    AlertCode.DRAW_AGAINST_RULE,
                    f"{how}, but {words} (chart: {cite})",
                    seat=start.player_dealer,
                    target=PD,
                ),
            )
        return ()

    def _check_decision(self, state: RoundState, e: Decision) -> Sequence[Finding]:
        v = self.variant(state)
        seat_t = self._acting_hand(state, e)
        cards = _known(state.hand(seat_t)) or ()
        if e.action is Action.SPLIT:
            # the engine has split the pair already: the two cards are the first of the seat's newest hands
            hands = seat_hands(state, e.seat)
            if len(hands) >= 2:
                pair = [state.hand(seat_t)[:1], state.hand(hands[-1])[:1]]
                cards = _known([c for h in pair for c in h]) or ()
        pd = _known(state.hand(PD)) or ()
        act = e.action.value
        problems: list[str] = []
        if act in ("hit", "stand", "double", "split", "surrender", "insurance"):
            rule = v.decisions.get(act)
            if rule is None and act not in ("hit", "stand"):
                problems.append(f"{act} is not allowed in this game")
            t = _total(v, cards, split=bool(seat_t.hand)) if len(cards) >= 2 else None
            if act == "stand" and t is not None and v.player_chart is not None:
                row = v.player_chart.row(t)
                if row is not None and row.action == HIT:
                    problems.append(
                        f"the players' chart says must hit on {t.category} ({row.label}, {row.cite})"
                    )
            if rule is not None and act not in ("hit", "stand"):
                decided = [d for d in state.decisions[:-1] if d.seat == e.seat]
                if rule.first_two_only and len(cards) != 2:
                    problems.append(f"{act} only on the first two cards")
                if (
                    rule.totals
                    and t is not None
                    and int(t.hard) not in rule.totals
                    and int(t.best) not in rule.totals
                ):
                    problems.append(f"{act} only on {', '.join(map(str, rule.totals))}")
                if rule.max_total and t is not None and t.best > rule.max_total:
                    problems.append(f"{act} only on {rule.max_total} or less")
                if rule.not_on_natural and t is not None and t.is_natural:
                    problems.append(f"no {act} on a natural")
                if rule.not_with_joker and any(c.is_joker for c in cards):
                    problems.append(f"no {act} on a hand holding a joker")
                if pd and rule.not_when_up and matches_any(rule.not_when_up, pd[0]):
                    problems.append(f"no {act} when the player-dealer shows {pd[0]}")
                if rule.only_when_up and not (pd and matches_any(rule.only_when_up, pd[0])):
                    problems.append(
                        f"{act} only when the player-dealer shows {' or '.join(rule.only_when_up)}"
                    )
                if rule.before_hit and any(d.action is Action.HIT for d in decided):
                    problems.append(f"{act} only before taking a hit")
                if rule.not_after_split and any(d.action is Action.SPLIT for d in decided):
                    problems.append(f"no {act} after a split")
                if act == "split" and len(cards) == 2 and not _pair(cards):
                    problems.append("split only two cards of equal value")
                splits = sum(1 for d in state.decisions if d.seat == e.seat and d.action is Action.SPLIT)
                if act == "split" and rule.max_splits and splits > rule.max_splits:
                    problems.append(f"at most {rule.max_splits} split{'s' if rule.max_splits > 1 else ''}")
                if (
                    act == "split"
                    and rule.no_resplit_aces
                    and splits > 1
                    and cards
                    and cards[0].rank is Rank.ACE
                ):
                    problems.append("no re-splitting aces")
                if act == "insurance" and e.amount is not None:
                    main = _stake(state, e.seat, v.game_wager)
                    if main and e.amount > rule.max_fraction * main:
                        problems.append(f"insurance above {rule.max_fraction} of the wager")
        if not problems:
            return ()
        cite = v.decisions[act].cite if act in v.decisions else ""
        return (
            Finding(
                AlertCode.DRAW_AGAINST_RULE,
                f"seat {e.seat} {act}: " + "; ".join(problems) + (f" ({cite})" if cite else ""),
                seat=e.seat,
                target=seat_t,
            ),
        )

    # --- settlement --------------------------------------------------------------------------------

    def settle(self, state: RoundState) -> BlackjackReport | None:
        """Each wager's result, and the banking engine's settlement where the variant has a ``banking:`` block."""
        decided = self._decide(state)
        if decided is None:
            return None
        out, results, v, pd = decided
        bank = self._bank(state, v, pd, results)
        if bank is not None:
            out["bank"] = bank
        return BlackjackReport.from_json(out)

    def _decide(
        self, state: RoundState
    ) -> tuple[dict[str, Any], list[tuple[dict[str, Any], Result, int]], Variant, tuple[Card, ...]] | None:
        """The round report's rows and every decided wager (row, result, stake), or None while undecided."""
        start = state.start
        if start is None or start.player_dealer is None:
            return None
        v = self.variant(state)
        pd = _known(state.hand(PD))
        if pd is None or len(pd) < 2:
            return None
        pd_total = _total(v, pd)
        if pd_total is None:
            return None
        out: dict[str, Any] = {
            "player_dealer": format_cards(pd),
            "player_dealer_total": pd_total.category,
            "wagers": [],
        }
        rows: list[dict[str, Any]] = []
        results: list[tuple[dict[str, Any], Result, int]] = []
        doubled = self._doubled_hands(state)
        for w in sorted(start.wagers, key=lambda w: (w.seat, w.spot != v.game_wager, w.spot)):
            if w.seat in state.dead:
                continue
            two = first_two(state, w.seat)
            base: dict[str, Any] = {"seat": w.seat, "spot": w.spot, "cents": w.cents}
            if two is None:
                rows.append({**base, "result": "problem", "rule": "the seat's hand is not complete"})
                continue
            decided = [d.action for d in state.decisions if d.seat == w.seat]
            r: Result
            if w.spot != v.game_wager:
                bet = v.side_bet(w.spot)
                if bet is None:
                    rows.append(
                        {**base, "result": "unknown wager", "rule": f"no wager {w.spot!r} in this game"}
                    )
                    continue
                hand = _known(state.hand(seat_hands(state, w.seat)[0])) or two
                r = settle_side_bet(bet, v, two, pd, pd_total, _total(v, hand))
                row = {**base, "result": r.result, "pays": str(r.pays), "net_cents": r.net_cents(w.cents)}
                row.update(rule=r.rule, cite=r.cite)
                rows.append(row)
                results.append((row, r, w.cents))
                continue
            if any(a.ruling is Ruling.FOUL and a.seat == w.seat for a in state.alerts):
                r = Result(LOSE, Fraction(-1), "the hand was misplayed: it loses (the room's ruling)", "")
                row = {**base, "result": r.result, "pays": str(r.pays), "net_cents": r.net_cents(w.cents)}
                row["rule"] = r.rule
                rows.append(row)
                results.append((row, r, w.cents))
                continue
            hands = seat_hands(state, w.seat)
            for h in hands:
                cards = _known(state.hand(h))
                row = dict(base)
                if h.hand:
                    row["hand"] = h.hand
                if cards is None or len(cards) < 2:
                    rows.append({**row, "result": "problem", "rule": f"{h} is not complete"})
                    continue
                try:
                    r = settle_game_wager(
                        v,
                        cards,
                        pd,
                        doubled=h in doubled,
                        surrendered=Action.SURRENDER in decided and not h.hand,
                        split=bool(h.hand),
                    )
                except HandError as exc:
                    rows.append({**row, "result": "problem", "rule": str(exc)})
                    continue
                row.update(result=r.result, pays=str(r.pays), net_cents=r.net_cents(w.cents), rule=r.rule)
                row["cite"] = r.cite
                rows.append(row)
                results.append((row, r, w.cents))
        for d in state.decisions:
            if d.action is Action.INSURANCE:
                main = _stake(state, d.seat, v.game_wager)
                cents = d.amount if d.amount is not None else main // 2
                if cents <= 0:
                    continue
                r = insurance_result(v, pd)
                row = {"seat": d.seat, "spot": "insurance", "cents": cents}
                row.update(
                    result=r.result, pays=str(r.pays), net_cents=r.net_cents(cents), rule=r.rule, cite=r.cite
                )
                rows.append(row)
                results.append((row, r, cents))
        out["wagers"] = rows
        return out, results, v, tuple(pd)

    def _ordered(
        self,
        state: RoundState,
        v: Variant,
        pd: Sequence[Card],
        results: list[tuple[dict[str, Any], Result, int]],
    ) -> tuple[RoundResults, Card] | str | None:
        """Every decided wager's typed result in the variant's banking order from the action seat, with
        the card that placed the button; a string says why not; None without a button or a bank."""
        start = state.start
        assert start is not None
        if v.banking is None or v.button is None:
            return f"{v.id} files no banking and action button in its game file"
        if not start.bank or len(pd) < v.button.nth:
            return None
        wagers: list[WagerResult] = []
        for row, r, cents in results:
            kind = WagerKind.BASE if row["spot"] == v.game_wager else WagerKind.BONUS
            # The banking engine pays per unit of the stake on the table: a double is two units.
            w = Wager.single(row["seat"], row["spot"], f"seat {row['seat']}", int(cents * r.units), kind)
            if r.result == WIN:
                wagers.append(WagerResult.win(w, r.pays / r.units, r.rule))
            elif r.result == LOSE:
                wagers.append(WagerResult.lose(w, -r.pays / r.units, r.rule))
            elif r.result == PUSH:
                wagers.append(WagerResult.push(w, r.rule))
            else:
                wagers.append(WagerResult.void(w, r.rule))
        seats = tuple(sorted(set(start.seats) | {start.player_dealer or 0} - {0}))
        try:
            table = Table(seats, start.player_dealer, frozenset(start.seats))
            card = pd[v.button.nth - 1]
            action = action_seat(v.banking.action, table, v.button.count(card))
            return v.banking.ordered(start.bank, wagers, table, action), card
        except BankingError as exc:
            return str(exc)

    def _bank(
        self,
        state: RoundState,
        v: Variant,
        pd: Sequence[Card],
        results: list[tuple[dict[str, Any], Result, int]],
    ) -> dict[str, Any] | None:
        """The report's bank: the same typed results settled by :func:`rules.banking.settle_results`."""
        start = state.start
        assert start is not None
        ordered = self._ordered(state, v, pd, results)
        if ordered is None or (isinstance(ordered, str) and (v.banking is None or v.button is None)):
            return None
        if isinstance(ordered, str):
            return {"problem": ordered}
        rr, card = ordered
        try:
            settled = settle_results(start.bank, rr)
        except BankingError as exc:
            return {"problem": str(exc)}
        return {
            "action_seat": rr.action_seat,
            "button_card": str(card),
            "bank_before": settled.bank_before,
            "bank_after": settled.bank_after,
            "by_seat": by_seat(settled),
            "lines": settled.describe(),
        }

    # -- the table's hooks (rules.round.family.Family) --------------------------------------------------

    #: The table's player-dealer bank settles the rounds (:meth:`wager_results`), as the other banked games.
    settled_at_table = True

    def wager_results(self, state: RoundState, table: Table) -> RoundResults | None:
        """Every wager's result from the action seat, in the variant's banking order (the action button is
        counted on the family's own table of the seats in play, as the round's report counts it); held
        where a hand cannot be settled or the variant files no banking."""
        decided = self._decide(state)
        start = state.start
        if decided is None or start is None:
            return None
        out, results, v, pd = decided
        problems = [f"seat {r['seat']} {r['spot']}: {r.get('rule')}" for r in out["wagers"]
                    if r.get("result") not in (WIN, LOSE, PUSH, "void", "no-action")]  # fmt: skip
        if problems:
            return RoundResults.hold("; ".join(problems))
        ordered = self._ordered(state, v, pd, results)
        if ordered is None:
            return RoundResults.hold("no player-dealer bank this round") if not start.bank else None
        if isinstance(ordered, str):
            return RoundResults.hold(ordered)
        return ordered[0]


def _pair(cards: Sequence[Card]) -> bool:
    a, b = cards[0], cards[1]
    if a.is_joker or b.is_joker:
        return False
    return a.rank is b.rank or (a.rank in _TEN_RANKS and b.rank in _TEN_RANKS)


def _stake(state: RoundState, seat: int, spot: str) -> int:
    start = state.start
    if start is None:
        return 0
    return sum(w.cents for w in start.wagers if w.seat == seat and w.spot == spot)


FAMILY = BlackjackFamily()
register_family("blackjack", FAMILY)
