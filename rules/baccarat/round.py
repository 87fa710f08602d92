"""The Baccarat family's hooks for the round engine (``rules.round.family``).

A punto banco deal is ``{deal: boxes, boxes: [Player, Banker], cards: 2, face: up}`` then
``{rule_draws: tableau}``: the engine asks :meth:`BaccaratFamily.next_extra_card` which hand the tableau
owes a card; ``None`` ends the deal, so a card read after that is DRAW_AGAINST_RULE. The variant comes
from the game file's mapping the engine carries (``GameRules.data``). Settlement returns the coup and
every wager's result for the banking engine, which pays in the filed order until the bank is exhausted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rules.baccarat.banking import (
    first_seat,
    pan9_first_seat,
    pan9_order,
    pan9_wager_results,
    settlement_order,
    wager_kind,
    wager_results,
)
from rules.baccarat.coup import due_from_hands, result_of
from rules.baccarat.model import BaccaratDataError, Hand, Variant
from rules.baccarat.pan9 import Pan9Variant
from rules.baccarat.report import CoupReport, CoupWagerLine, Pan9Report
from rules.baccarat.schema import BaccaratFile
from rules.baccarat.settle import settle_rule
from rules.banking import RoundResults, Table, Wager, WagerKind, covers_all, order_wagers, settle_results
from rules.banking.errors import BankingError
from rules.cards import Card, format_cards
from rules.decks import DeckRange, shoe_cite
from rules.round.alerts import AlertCode
from rules.round.events import (
    Action,
    Button,
    ButtonPress,
    Decision,
    Declare,
    DeclareKind,
    Event,
    Shuffle,
    Target,
    TargetKind,
)
from rules.round.family import BaseFamily, PerGame, Progress, register_family
from rules.round.procedure import Face, Phase, PhaseKind, Recipients, Slot, ordinal
from rules.round.rulings import Finding

if TYPE_CHECKING:
    from rules.analysis import Analysis
    from rules.round.state import RoundState

_WORDS: dict[Hand, str] = {"player": "Player draws", "banker": "Banker draws"}

#: The ``rule_draws`` hook of the new-shoe burn (Cash-In, 000b §8): the first card exposed, then as many
#: cards burned as its burn value. Any other hook name is the tableau's third cards.
NEW_SHOE_BURN = "new-shoe-burn"
#: The ``rule_draws`` hook of a Pan 9 player-dealer's fourth card (``pan9:`` ``player_dealer`` chart).
PAN9_PLAYER_DEALER = "pan9-player-dealer"
_PD = Target(TargetKind.PLAYER_DEALER, 0)
_BURN = Target(TargetKind.BURN)


def _build_variant(state: RoundState) -> Variant | Pan9Variant:
    data = state.game.data
    if not data:
        raise BaccaratDataError("game", f"{state.game.id}: the round engine was given no game data")
    from rules.baccarat import from_data

    return from_data(data)


class BaccaratFamily(BaseFamily):
    """Rule-driven third cards from the variant's tableau; Pan 9 draw limits; the coup's settlement."""

    #: The strict schema of the family's game files (``rules.gamefile``).
    schema = BaccaratFile
    report_types = (CoupReport, Pan9Report)

    def parse_variant(self, data: Mapping[str, Any]) -> object:
        """The family's typed model of a game file (its parser's checks beyond the schema)."""
        from rules.baccarat import from_data

        return from_data(data)

    def __init__(self) -> None:
        self._variants: PerGame[Variant | Pan9Variant] = PerGame(_build_variant)

    def filed_decks(self, data: Mapping[str, Any]) -> DeckRange | None:
        """The decks the filing allows (``shoe.decks``: a number, or ``{min, max, default}``; 21st Century
        Baccarat's three to eight, seed 002 L125)."""
        shoe = data.get("shoe")
        if not isinstance(shoe, Mapping):
            return None
        decks = shoe.get("decks")
        if isinstance(decks, int) and not isinstance(decks, bool):
            return DeckRange(decks, decks, shoe_cite(data, shoe))
        if (
            isinstance(decks, Mapping)
            and isinstance(decks.get("min"), int)
            and isinstance(decks.get("max"), int)
        ):
            return DeckRange(decks["min"], decks["max"], shoe_cite(data, shoe))
        return None

    def variant(self, state: RoundState) -> Variant | Pan9Variant:
        """The variant of the game being dealt, built once from the game file's mapping."""
        return self._variants(state)

    @staticmethod
    def boxes(state: RoundState) -> tuple[Target, Target]:
        """The Player and Banker boxes, by the names of the deal's boxes (Player first if unnamed)."""
        for ph in state.game.procedure.phases:
            if ph.kind is PhaseKind.DEAL and ph.to is Recipients.BOXES:
                names = [b.strip().lower() for b in ph.boxes]
                if "player" in names and "banker" in names:
                    return (
                        Target(TargetKind.BOX, names.index("player") + 1),
                        Target(TargetKind.BOX, names.index("banker") + 1),
                    )
        return Target(TargetKind.BOX, 1), Target(TargetKind.BOX, 2)

    def hands(self, state: RoundState) -> tuple[tuple[Card | None, ...], tuple[Card | None, ...]]:
        """The Player and Banker hands as dealt so far."""
        p, b = self.boxes(state)
        return state.hand(p), state.hand(b)

    def next_extra_card(self, state: RoundState, phase: Phase) -> Slot | None:
        """The next third card the tableau calls for, or None (the coup is complete); in a
        ``new-shoe-burn`` phase, the next burn card."""
        v = self.variant(state)
        if isinstance(v, Pan9Variant):
            return self._pan9_player_dealer(state, v) if phase.hook == PAN9_PLAYER_DEALER else None
        if phase.hook == NEW_SHOE_BURN:
            return self._next_burn(state, v)
        player, banker = self.hands(state)
        if None in player or None in banker:
            return None  # an unread card: the engine's UNREADABLE_CARD ruling comes first
        due = due_from_hands(v.tableau, _cards(player), _cards(banker))
        if due is None:
            return None
        p, b = self.boxes(state)
        target = p if due == "player" else b
        nth = len(player if due == "player" else banker) + 1
        return Slot(target, nth, phase.face_at(0), f"{_WORDS[due]} ({ordinal(nth)} card)", state.phase)

    @staticmethod
    def _next_burn(state: RoundState, v: Variant) -> Slot | None:
        """The new-shoe burn: the first card of the shoe face up, then its burn value in cards (their face is not checked)."""
        burned = [p.card for p in state.placed if p.target == _BURN and p.phase == state.phase and not p.void]
        burn = v.shoe.burn
        if burn.kind == "none":
            return None
        if burn.kind == "fixed":
            due = burn.count
            if len(burned) >= due:
                return None
            n = len(burned) + 1
            return Slot(_BURN, n, Face.ANY, f"new shoe: burn card {n} of {due}", state.phase)
        if not burned:
            return Slot(
                _BURN,
                1,
                Face.UP,
                "new shoe: turn the first card face up (it says how many to burn)",
                state.phase,
            )
        first = burned[0]
        if first is None or first.rank is None:
            return None  # unread or a joker: the engine's UNREADABLE_CARD / FOREIGN_CARD rule first
        due = burn.cards_to_burn(first)
        if len(burned) - 1 >= due:
            return None
        n = len(burned)
        return Slot(_BURN, n + 1, Face.ANY, f"new shoe: burn {n} of {due} (the exposed {first})", state.phase)

    @staticmethod
    def _pan9_player_dealer(state: RoundState, v: Pan9Variant) -> Slot | None:
        """The player-dealer's fourth card where its chart says draw, or where it chose to on an option
        total (a ``decision`` hit/draw from its seat; stand/stand_pat ends the deal); None otherwise."""
        hand = state.hand(_PD)
        if None in hand or len(hand) != v.hand_cards:
            return None
        cards = _cards(hand)
        total = v.total(cards)
        action = v.player_dealer_action(cards)
        if action == "stand":
            return None
        nth = v.hand_cards + 1
        words = f"player-dealer draws ({ordinal(nth)} card): {total}"
        if action == "option":
            pd_seat = state.start.player_dealer if state.start else None
            chosen = [d.action.value for d in state.decisions if d.seat == pd_seat]
            if chosen and chosen[-1] in ("stand", "stand_pat"):
                return None
            if not chosen or chosen[-1] not in ("hit", "draw"):
                words = f"player-dealer's option on {total}: hit or stand?"
        return Slot(_PD, nth, Face.ANY, words, state.phase)

    def action_seat(self, state: RoundState) -> int | None:
        """Pan 9: the seat the dice name, by the counting rule in ``deal.assign.action`` (banking's
        ``ActionRule``); None before the dice or for punto banco (whose action card comes later)."""
        data = state.game.data
        deal = data.get("deal") if isinstance(data, Mapping) else None
        assign = deal.get("assign") if isinstance(deal, Mapping) else None
        rule_data = assign.get("action") if isinstance(assign, Mapping) else None
        start = state.start
        if rule_data is None or not state.dice or start is None:
            return None
        from rules.banking.action import ActionRule, Table, action_seat

        rule = ActionRule.from_data(rule_data, "deal.assign.action")
        table = Table(tuple(sorted(start.seats)), start.player_dealer)
        return action_seat(rule, table, sum(state.dice))

    def check(self, state: RoundState, event: Event) -> list[Finding]:
        """DRAW_AGAINST_RULE for a third card the tableau called for and that was not dealt: the dealer
        pressed confirm, declared the deal done, or shuffled while it was due. (A new round started
        while it was due is the round engine's own check, through :meth:`next_extra_card`.)"""
        if isinstance(event, Decision) and event.action in (Action.BET, Action.RAISE) and state.placed:
            # Every wager, bonus bets included, closes when the first card is dealt (Supreme seed 003 L1097;
            # Commission-Free seed 000 L774): the variant's irregularities: table rules on it.
            return [
                Finding(
                    AlertCode.BETS_AFTER_CLOSE,
                    f"seat {event.seat} placed or changed a wager after the first card was dealt",
                    seat=event.seat,
                )
            ]
        why = ""
        dealing = state.status.value == "dealing"
        if isinstance(event, ButtonPress) and event.button is Button.CONFIRM and dealing:
            why = "confirm pressed"
        elif isinstance(event, Declare) and event.what is DeclareKind.DEAL_DONE:
            why = "the deal was declared complete"
        elif isinstance(event, Shuffle) and dealing:
            why = "the cards were shuffled"
        if not why:
            return []
        missing = self.missing_draw(state)
        if missing is None:
            return []
        return [Finding(AlertCode.DRAW_AGAINST_RULE, f"{why}: {missing}", phase=_phase_name(state))]

    def missing_draw(self, state: RoundState) -> str | None:
        """The third card owed by the tableau and not dealt, in words, or None (the coup is complete,
        or the two-card deal is not over: that is the engine's WRONG_CARD_COUNT)."""
        if state.start is None:
            return None
        v = self.variant(state)
        if isinstance(v, Pan9Variant):
            ph = state.current_phase
            if ph is None or ph.hook != PAN9_PLAYER_DEALER:
                return None
            cards = state.hand(_PD)
            if None in cards or len(cards) != v.hand_cards or v.player_dealer_action(_cards(cards)) != "draw":
                return None
            total = v.total(_cards(cards))
            return f"the player-dealer's fourth card was due on {total} and not dealt"
        player, banker = self.hands(state)
        if None in player or None in banker or len(player) < 2 or len(banker) < 2:
            return None
        pc, bc = _cards(player), _cards(banker)
        due = due_from_hands(v.tableau, pc, bc)
        if due is None:
            return None
        r = result_of(v.tableau, pc, bc)
        hands = f"Player {format_cards(pc)} ({r.player_total}), Banker {format_cards(bc)} ({r.banker_total})"
        return f"the {due.capitalize()}'s third card was due and not dealt ({hands})"

    def _settle_pan9(self, state: RoundState, v: Pan9Variant) -> Mapping[str, Any] | None:
        """Each hand against the player-dealer's, then through the player-dealer's bank (rules.banking)
        from the action seat the dice named, in the filed direction, until the bank is exhausted."""
        start = state.start
        pd = state.hand(_PD)
        if start is None or None in pd or len(pd) < v.hand_cards:
            return None
        if self._pan9_player_dealer(state, v) is not None:
            return None  # the player-dealer's draw is still owed
        pdc = _cards(pd)
        out: dict[str, Any] = {
            "player_dealer": format_cards(pdc),
            "player_dealer_total": v.total(pdc),
            "wagers": [],
        }
        hands = self._pan9_hands(state, v)
        rr = self._pan9_results(state, v)
        if rr.held:
            out["held"] = rr.held
            return out
        try:
            s = settle_results(start.bank, rr)
        except BankingError as exc:
            out["held"] = f"banking: {exc}"
            return out
        action = rr.action_seat
        out["action_seat"] = action
        for ln in s.lines:
            w = ln.wager
            row: dict[str, Any] = {"seat": w.seat, "spot": w.name, "cents": w.amount}
            cards = hands.get(w.seat)
            if cards is None:
                row["result"] = "no hand"
            else:
                st = v.settle(cards, pdc)
                row.update(
                    {
                        "hand": format_cards(cards),
                        "total": v.total(cards),
                        "result": st.result,
                        "pays": str(st.pays),
                        "due_cents": st.net_cents(w.amount),
                        "rule": st.rule,
                        "cite": str(st.cite),
                    }
                )
            row.update(
                {
                    "paid": ln.paid,
                    "collected": ln.collected,
                    "returned": ln.returned,
                    "coverage": ln.coverage.value,
                    "net_cents": ln.paid - ln.collected,
                }
            )
            out["wagers"].append(row)
        out["bank"] = start.bank
        out["bank_after"] = s.bank_after
        out["player_dealer_result"] = s.player_dealer_result
        out["exhausted"] = s.exhausted
        out["lines"] = s.describe()
        return out

    @staticmethod
    def _pan9_hands(state: RoundState, v: Pan9Variant) -> dict[int, list[Card]]:
        """Each wagering seat's finished hand."""
        start = state.start
        assert start is not None
        hands: dict[int, list[Card]] = {}
        for seat in {w.seat for w in start.wagers}:
            hand = state.hand(Target(TargetKind.SEAT, seat))
            if seat != start.player_dealer and None not in hand and len(hand) >= v.hand_cards:
                hands[seat] = _cards(hand)
        return hands

    def _pan9_results(self, state: RoundState, v: Pan9Variant) -> RoundResults:
        """Each hand against the player-dealer's, in the filed direction from the action seat the dice
        named (:func:`rules.baccarat.banking.pan9_wager_results`); held while the action seat is unknown."""
        start = state.start
        assert start is not None
        wagers = [
            Wager.single(w.seat, w.spot, f"seat {w.seat}", w.cents, WagerKind.BASE)
            for w in start.wagers
            if w.cents > 0 and w.seat != start.player_dealer
        ]
        results = pan9_wager_results(v, _cards(state.hand(_PD)), self._pan9_hands(state, v), wagers)
        action = self.action_seat(state)
        table = Table(tuple(sorted(start.seats)), start.player_dealer)
        try:
            first = pan9_first_seat(v, action, table)
        except BaccaratDataError as exc:
            return RoundResults.hold(f"banking: {exc}")
        order = pan9_order(v, [r.wager.name for r in results])
        by_id = {id(r.wager): r for r in results}
        ordered = tuple(by_id[id(w)] for w in order_wagers(order, table, first, [r.wager for r in results]))
        return RoundResults(ordered, order.mode, action)

    # -- the table's hooks (rules.round.family.Family) --------------------------------------------------

    #: The table's player-dealer bank settles the rounds (:meth:`wager_results`).
    settled_at_table = True

    def wager_spots(self, state: RoundState) -> list[str]:
        """The variant's wager keys (Pan 9: one bet per hand)."""
        v = self.variant(state)
        return [w.key for w in v.wagers] if isinstance(v, Variant) else ["main"]

    def base_spots(self, state: RoundState) -> frozenset[str]:
        """The line bets (Player, Banker); Pan 9's one bet."""
        v = self.variant(state)
        if isinstance(v, Variant):
            return frozenset(w.key for w in v.wagers if wager_kind(v, w.key) is WagerKind.BASE)
        return frozenset({"main"})

    def demo_spots(self, spots: Sequence[str], index: int) -> list[str]:
        """The demo layout: Player and Banker on alternate seats."""
        if "banker" in spots and "player" in spots:
            return ["banker" if index % 2 else "player"]
        return super().demo_spots(spots, index)

    def analyze(
        self, data: Mapping[str, Any], decks: int | None, progress: Progress | None = None
    ) -> Analysis:
        """Exact probabilities and house edges (:mod:`rules.baccarat.analyze`)."""
        from rules.baccarat.analyze import analyze

        return analyze(data, decks, progress)

    def wager_results(self, state: RoundState, table: Table) -> RoundResults | None:
        """Punto banco: each wager's result on the coup (commission included), in the filed settlement
        order from the filed first seat; Pan 9: :meth:`_pan9_results`. None until the coup is decided."""
        start = state.start
        if start is None or self.settle(state) is None:
            return None
        v = self.variant(state)
        if not isinstance(v, Variant):
            return self._pan9_results(state, v)
        player, banker = self.hands(state)
        coup = result_of(v.tableau, _cards(player), _cards(banker))
        p_box, b_box = self.boxes(state)
        dealt = [
            p.card for p in state.placed if not p.void and p.target in (p_box, b_box) and p.card is not None
        ]
        wagers = [
            Wager.single(w.seat, w.spot, f"seat {w.seat}", w.cents, wager_kind(v, w.spot))
            for w in start.wagers
            if w.seat not in state.dead and w.seat != start.player_dealer
        ]
        try:
            results = wager_results(v, coup, wagers)
            covers = covers_all(start.bank, results)
            order = settlement_order(v, bank_covers=covers)
            action = first_seat(v, table, dealt, bank_covers=covers)
        except (BaccaratDataError, BankingError) as exc:
            return RoundResults.hold(f"cannot settle: {exc}")
        by_id = {id(r.wager): r for r in results}
        ordered = tuple(by_id[id(w)] for w in order_wagers(order, table, action, [r.wager for r in results]))
        return RoundResults(ordered, order.mode, action)

    def may_draw(self, state: RoundState, target: Target) -> bool:
        """Pan 9: a hand takes at most one card past three; the player-dealer only as its rule allows."""
        v = self.variant(state)
        if not isinstance(v, Pan9Variant):
            return True
        hand = state.hand(target)
        if len(hand) >= v.hand_cards + v.draw_cards:
            return False
        if target.kind is TargetKind.PLAYER_DEALER and None not in hand and len(hand) == v.hand_cards:
            return v.player_dealer_action(_cards(hand)) != "stand"
        return True

    def settle(self, state: RoundState) -> CoupReport | Pan9Report | None:
        """The coup and each wager's result (``spot`` is the wager key, e.g. ``banker``, ``dragon-7``);
        Pan 9: each seat's hand against the player-dealer's, from the action seat clockwise."""
        v = self.variant(state)
        if isinstance(v, Pan9Variant):
            pan9 = self._settle_pan9(state, v)
            return None if pan9 is None else Pan9Report.from_json(pan9)
        player, banker = self.hands(state)
        if None in player or None in banker or len(player) < 2 or len(banker) < 2:
            return None
        pc, bc = _cards(player), _cards(banker)
        if due_from_hands(v.tableau, pc, bc) is not None:
            return None  # a third card is still owed: no coup to settle (DRAW_AGAINST_RULE was raised)
        r = result_of(v.tableau, pc, bc)
        specials = v.specials
        keys = {w.key: w for w in v.wagers}
        order = {k: i for i, k in enumerate(v.settlement.order)}
        start = state.start
        lines: list[CoupWagerLine] = []
        for w in sorted(start.wagers if start else (), key=lambda w: (order.get(w.spot, 99), w.seat)):
            rule = keys.get(w.spot)
            if rule is None:
                lines.append(CoupWagerLine(seat=w.seat, spot=w.spot, cents=w.cents, result="unknown wager"))
                continue
            st = settle_rule(rule, r, specials, v.settings)
            lines.append(
                CoupWagerLine(
                    seat=w.seat,
                    spot=w.spot,
                    cents=w.cents,
                    result=st.result,
                    pays=str(st.pays),
                    net_cents=st.net_cents(w.cents),
                    rule=st.rule,
                    cite=str(st.cite),
                )
            )
        return CoupReport(
            player=format_cards(pc),
            banker=format_cards(bc),
            player_total=r.player_total,
            banker_total=r.banker_total,
            winner=r.winner,
            specials=tuple(o.key for o in v.outcomes if o.when.holds(r, specials)),
            order=tuple(v.settlement.order),
            wagers=tuple(lines),
        )


def _phase_name(state: RoundState) -> str:
    phases = state.game.procedure.phases
    return phases[state.phase].name if state.phase < len(phases) else ""


def _cards(hand: Sequence[Card | None]) -> list[Card]:
    return [c for c in hand if c is not None]


FAMILY = BaccaratFamily()
register_family("baccarat", FAMILY)
