"""The Pai Gow Poker family's hooks for the round engine (``rules.round.family``), registered as ``paigow``.

A Pai Gow round as the engine follows it (the variant's ``deal:``)::

    phases:
      - {deal: piles, piles: 7, cards: 7, by: packet, face: down, name: piles}
      - {leftover: 4, name: leftover}
      - {dice: 3, name: dice}
      - {betting: "distribute the piles", close: confirm, name: distribute}

The engine checks every card of the piles and the leftovers and rules on exposed and boxed cards from the
variant's ``irregularities:``. This hook adds what only Pai Gow knows:

* which pile goes to which seat, from the dice (``rules.paigow.deal``), in the dealer's prompt while the
  piles are handed out (and :meth:`PaiGowFamily.hands_to_set` for the hands still to be set);
* findings on the events: a ``hand_set`` that is foul (FOUL_HAND), a hand that must be set the House Way
  and is not (HOUSE_WAY_MISSET: the player-dealer's where the room's dealer sets it, a player's hand with
  ``house_way: true``), a hand set from another seat's pile (OUT_OF_ORDER: the hand went to the wrong
  seat), the player-dealer's pile short or long once the dice name it (WRONG_CARD_COUNT, to the
  player-dealer), a wager changed (a ``decision`` ``bet``/``raise``) after the dice cup is opened
  (BETS_AFTER_CLOSE). The variant's ``irregularities:`` table gives each its ruling, remedy and cite;
* settlement once every hand with a wager is set: each wager's result (``rules.paigow.settlement``), then
  the banking engine pays and collects from the action seat until the player-dealer's bank is exhausted;
  the Envy Bonuses among them (a button that comes with a Fortune bet of the minimum, no stake of its own:
  a fixed amount the player-dealer pays in its turn while its bank holds money, listed under ``envy``).

The House Way chart is a separate data file; the terminal puts its mapping in the game's data under
``house_way_chart`` (see :func:`data_files`). Without it, House Way checks and resets are not made and the
settlement says so.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rules.banking import (
    Direction,
    Grouping,
    RoundResults,
    Settlement,
    SettlementOrder,
    Table,
    Wager,
    WagerKind,
    WagerResult,
    order_wagers,
    settle_results,
)
from rules.banking.errors import BankingError
from rules.banking.money import money
from rules.banking.wagers import SpotLimit
from rules.cards import ALL_CARDS, Card, format_cards
from rules.errors import RulesError
from rules.paigow.bonus import double_luck_hand, double_luck_row
from rules.paigow.deal import Assign, DealError, Distribution, distribute
from rules.paigow.hands import front_value
from rules.paigow.house_way import HouseWay, load_house_way, set_hand
from rules.paigow.report import PaiGowReport
from rules.paigow.schema import PaiGowFile
from rules.paigow.setting import check_setting
from rules.paigow.settlement import (
    Result,
    SetHand,
    ace_high_bonus,
    compare,
    compare_community,
    double_down,
    envy_hand,
    envy_payouts,
    settle_bonus,
)
from rules.paigow.twohands import PAIR_OF_THREES
from rules.paigow.variant import Bonus, PaiGowVariant, PayRow
from rules.round.alerts import AlertCode, Ruling
from rules.round.events import Action, CardRead, Decision, DiceResult, Event, HandSet, Target, TargetKind
from rules.round.events import Wager as EventWager
from rules.round.family import BaseFamily, PerGame, Progress, register_family
from rules.round.procedure import PhaseKind, Recipients
from rules.round.rulings import Finding

if TYPE_CHECKING:
    from rules.analysis import Analysis
    from rules.round.state import RoundState

#: Decisions that change a wager (a ``bet`` decision's amount is the seat's new base wager).
_WAGER_ACTIONS = (Action.BET, Action.RAISE, Action.CALL)
_BASE_SPOTS = ("main", "base")


def data_files(data: Mapping[str, Any]) -> dict[str, str]:
    """Other data files the round needs, by the key to put their mapping under in the game's data:
    the House Way chart, ``{"house_way_chart": "house_ways/<chart>.yaml"}`` (paths under ``config/``)."""
    hw = data.get("house_way")
    chart = hw.get("chart") if isinstance(hw, Mapping) else hw
    return {"house_way_chart": f"house_ways/{chart}.yaml"} if isinstance(chart, str) and chart else {}


@dataclass(frozen=True, slots=True)
class Setup:
    """What the hooks need of a variant, built once per game file."""

    variant: PaiGowVariant
    way: HouseWay | None
    assign: Assign
    piles: int
    cards: int
    banker_house_way: bool  # the room's house dealer always sets the player-dealer's hand the House Way


def _build_setup(state: RoundState) -> Setup:
    """The variant's model, chart and pile rules from the game file's mapping."""
    data = state.game.data
    variant = PaiGowVariant.from_data(data)
    chart = data.get("house_way_chart")
    way = load_house_way(chart, variant.hand_rules) if isinstance(chart, Mapping) else None
    piles, cards = 7, variant.hand_rules.hand_cards
    for ph in state.game.procedure.phases:
        if ph.kind is PhaseKind.DEAL and ph.to is Recipients.PILES:
            piles, cards = ph.count, ph.cards
            break
    deal = data.get("deal") or {}
    assign = Assign.from_data(deal.get("assign") if isinstance(deal, Mapping) else None, piles)
    required = (data.get("setting") or {}).get("house_way_required") or []
    banker_hw = any(
        isinstance(r, Mapping)
        and r.get("who") in ("banker", "both")
        and str(r.get("when", "")).startswith("always")
        for r in required
    )
    return Setup(variant, way, assign, piles, cards, banker_hw)


class PaiGowFamily(BaseFamily):
    """Pile distribution words, setting checks, wager changes after the dice, and settlement."""

    #: The strict schema of the family's game files (``rules.gamefile``).
    schema = PaiGowFile
    report_types = (PaiGowReport,)

    def parse_variant(self, data: Mapping[str, Any]) -> object:
        """The family's typed model of a game file (its parser's checks beyond the schema)."""
        return PaiGowVariant.from_data(data)

    def __init__(self) -> None:
        self._setups: PerGame[Setup] = PerGame(_build_setup)
        #: The last round state decided and its decision (:meth:`_decide`): the round's settlement and the
        #: table's wager results ask it of the same state one after the other. A round state is immutable,
        #: so it is found by identity; nothing of the decision is changed by either (``_bank`` copies).
        self._decided: tuple[RoundState, _Decided | Mapping[str, Any] | None] | None = None

    # --- the variant -----------------------------------------------------------------------------

    def setup(self, state: RoundState) -> Setup:
        """The variant's model, chart and pile rules, built once from the game file's mapping."""
        return self._setups(state)

    def distribution(self, state: RoundState) -> Distribution | None:
        """Where the piles go, once the dice (or the random number) are known; None before."""
        if not state.dice or state.start is None:
            return None
        su = self.setup(state)
        pd = state.start.player_dealer
        called = 1
        for d in state.decisions:
            if d.action is Action.BANK and d.seat == pd and d.count is not None:
                called = d.count
        try:
            return distribute(su.assign, su.piles, sum(state.dice), pd, called)
        except DealError:
            return None

    # --- the table's hooks (rules.round.family.Family) ---------------------------------------------

    #: The table's player-dealer bank settles the rounds (:meth:`wager_results`).
    settled_at_table = True
    #: Seven piles go out whatever the wagers; the dice pick the order.
    deals_every_seat = True

    def data_files(self, data: Mapping[str, Any]) -> dict[str, str]:
        """The House Way chart the round needs (:func:`data_files`)."""
        return data_files(data)

    def analysis_files(self, data: Mapping[str, Any]) -> dict[str, str]:
        """The exact two-hand table of the House Way chart (:func:`rules.paigow.analyze.data_files`)."""
        from rules.paigow.analyze import data_files as analysis_files

        return analysis_files(data)

    def analyze(
        self, data: Mapping[str, Any], decks: int | None, progress: Progress | None = None
    ) -> Analysis:
        """Exact category probabilities and every bonus bet's house edge (:mod:`rules.paigow.analyze`)."""
        from rules.paigow.analyze import analyze

        return analyze(data, decks, progress)

    def wager_spots(self, state: RoundState) -> list[str]:
        """The main wager and every bonus bet. An Envy Bonus is a button earned by a Fortune bet, not a
        wager (seed 004 L1510-1511, L3413); Ultimate has no main wager: its Player and Banker Bets are the
        base (seed 000 L1429)."""
        variant = self.setup(state).variant
        bets = [b.id for b in variant.bonuses if b.kind != "envy"]
        return bets if variant.community_hands else ["main", *bets]

    def base_spots(self, state: RoundState) -> frozenset[str]:
        """The main wager; Ultimate's Player and Banker Bets."""
        variant = self.setup(state).variant
        if variant.community_hands:
            return frozenset(b.id for b in variant.bonuses if b.side)
        return super().base_spots(state)

    def spot_limits(self, state: RoundState) -> dict[str, SpotLimit]:
        """Which bonus bets may stand alone (Triple Bonus: "bonus wagers only", seed 000 L3932, L3952; the
        Fortune Bonus needs a standard wager, seed 004 L1507-1508; Ultimate's Push and Tie Bets need a Player
        or Banker Bet, seed 000 L1484-1486, L1500-1502), and a bet's own filed limits (the Fortune Bonus: $1
        to $20 in increments of $1, seed 004 L1507-1509)."""
        base = self.base_spots(state)
        return {
            b.id: SpotLimit(
                minimum=b.min_cents,
                maximum=b.max_cents,
                needs_base=b.needs_base_wager,
                increment=b.step_cents,
            )
            for b in self.setup(state).variant.bonuses
            if b.id not in base
        }

    def house_way_sets(self, state: RoundState) -> list[HandSet] | str:
        """A HandSet, set the House Way, for every hand with a wager still to be set (the player-dealer
        last), from the cards of the pile each received; or why none can be set now."""
        start = state.start
        dist = self.distribution(state)
        if start is None or dist is None:
            return "the hands are set once the dice have named where the piles go"
        way = self.setup(state).way
        if way is None:
            return "this game has no House Way chart: the players set their own hands"
        out: list[HandSet] = []
        for name in self.hands_to_set(state):
            is_pd = name.startswith("the player-dealer")
            seat = start.player_dealer if is_pd else int(name.split()[-1])
            if seat is None:
                continue
            pile = dist.pile_of("player_dealer" if is_pd else f"seat {seat}")
            cards = state.hand(Target(TargetKind.PILE, pile)) if pile is not None else ()
            if not cards or None in cards:
                return f"{name}: the pile's cards are not all read"
            idx = [c.index for c in cards if c is not None]
            front_idx, _ = set_hand(idx, way)
            front = tuple(ALL_CARDS[i] for i in front_idx)
            back = tuple(ALL_CARDS[i] for i in idx if i not in front_idx)
            out.append(HandSet(seat, front, back, house_way=True, player_dealer=is_pd))
        return out or "no hand is waiting to be set"

    # --- words -----------------------------------------------------------------------------------

    def wait_words(self, state: RoundState, kind: str, words: str) -> str | None:
        """While the piles are handed out (the ``distribute`` step): which pile goes to which seat."""
        ph = state.current_phase
        if kind != "betting" or ph is None or ph.name != "distribute":
            return None
        dist = self.distribution(state)
        if dist is None or state.start is None:
            return None
        return f"distribute the piles: {dist.words(state.start.player_dealer)}; press confirm when every pile is out"

    def hands_to_set(self, state: RoundState) -> list[str]:
        """The hands with a wager still to be set (the player-dealer's last), for the dealer's screen; none
        before the dice have named where the piles go."""
        if state.start is None or self.setup(state).assign.community or self.distribution(state) is None:
            return []
        todo = [f"seat {s}" for s in self._wagered_seats(state) if self._hand_set(state, s) is None]
        if self._player_dealer_set(state) is None:
            todo.append(f"the player-dealer (seat {state.start.player_dealer})")
        return todo

    # --- checks ----------------------------------------------------------------------------------

    def check(self, state: RoundState, event: Event) -> Sequence[Finding]:
        """FOUL_HAND, HOUSE_WAY_MISSET, OUT_OF_ORDER on a hand set; WRONG_CARD_COUNT of the player-dealer's
        pile when the dice name it; BETS_AFTER_CLOSE for a wager changed after the dice."""
        if isinstance(event, HandSet):
            return self._check_hand(state, event)
        if isinstance(event, DiceResult):
            return self._check_player_dealer_pile(state)
        if isinstance(event, Decision) and event.action in _WAGER_ACTIONS and state.dice:
            return (
                Finding(
                    AlertCode.BETS_AFTER_CLOSE,
                    f"seat {event.seat} changed a wager after the dice cup was opened",
                    seat=event.seat,
                    target=Target(TargetKind.SEAT, event.seat),
                ),
            )
        return ()

    def _check_player_dealer_pile(self, state: RoundState) -> Sequence[Finding]:
        su = self.setup(state)
        dist = self.distribution(state)
        if dist is None or su.assign.community or not _piles_done(state):
            return ()
        pile = dist.pile_of("player_dealer")
        if pile is None:
            return ()
        n = len(state.hand(Target(TargetKind.PILE, pile)))
        if n == su.cards:
            return ()
        return (
            Finding(
                AlertCode.WRONG_CARD_COUNT,
                f"the player-dealer's hand (pile {pile}) has {n} cards, not {su.cards}",
                seat=state.start.player_dealer if state.start else None,
                target=Target(TargetKind.PLAYER_DEALER),
            ),
        )

    def _check_hand(self, state: RoundState, e: HandSet) -> Sequence[Finding]:
        su = self.setup(state)
        start = state.start
        if start is None:
            return ()
        is_pd = not su.assign.community and (e.player_dealer or e.seat == start.player_dealer)
        target = Target(TargetKind.PLAYER_DEALER) if is_pd else Target(TargetKind.SEAT, e.seat)
        dealt = self._dealt(state, e.seat, is_pd)
        cards = Counter(c.index for c in (*e.front, *e.back))
        if dealt is not None and cards != Counter(c.index for c in dealt):
            other = self._pile_holding(state, cards)
            if other is not None:
                who = "the player-dealer's hand" if is_pd else f"seat {e.seat}"
                return (
                    Finding(
                        AlertCode.OUT_OF_ORDER,
                        f"{who} holds pile {other[0]}, dealt to {other[1]}: the hand went to the wrong seat",
                        seat=start.player_dealer if is_pd else e.seat,
                        target=target,
                    ),
                )
        must = e.house_way or su.assign.community != () or (is_pd and su.banker_house_way)
        found = check_setting(
            e.front,
            e.back,
            su.variant,
            banker=is_pd,
            dealt=dealt,
            house_way=su.way if must else None,
        )
        return tuple(
            Finding(
                AlertCode(f.code),
                f"{'the player-dealer' if is_pd else f'seat {e.seat}'}: {f.reason}",
                seat=start.player_dealer if is_pd else e.seat,
                target=target,
            )
            for f in found
        )

    # --- the hands -------------------------------------------------------------------------------

    def _dealt(self, state: RoundState, seat: int, is_pd: bool) -> tuple[Card, ...] | None:
        """The cards of the pile the seat (or the player-dealer) received, when all were read."""
        dist = self.distribution(state)
        if dist is None:
            return None
        if self.setup(state).assign.community:
            names = self.setup(state).assign.community
            recipient = names[seat - 1] if 1 <= seat <= len(names) else ""
        else:
            recipient = "player_dealer" if is_pd else f"seat {seat}"
        pile = dist.pile_of(recipient)
        if pile is None:
            return None
        hand = state.hand(Target(TargetKind.PILE, pile))
        if None in hand:
            return None
        return tuple(c for c in hand if c is not None)

    def _pile_holding(self, state: RoundState, cards: Counter[int]) -> tuple[int, str] | None:
        dist = self.distribution(state)
        if dist is None:
            return None
        for pile, recipient in dist.hands.items():
            hand = state.hand(Target(TargetKind.PILE, pile))
            if None not in hand and Counter(c.index for c in hand if c is not None) == cards:
                return pile, recipient.replace("_", "-")
        return None

    @staticmethod
    def _hand_set(state: RoundState, seat: int) -> HandSet | None:
        pd = state.start.player_dealer if state.start else None
        for e in reversed(state.hand_sets):
            if e.seat == seat and not e.player_dealer and seat != pd:
                return e
        return None

    @staticmethod
    def _player_dealer_set(state: RoundState) -> HandSet | None:
        pd = state.start.player_dealer if state.start else None
        for e in reversed(state.hand_sets):
            if e.player_dealer or (pd is not None and e.seat == pd):
                return e
        return None

    @staticmethod
    def _wagered_seats(state: RoundState) -> list[int]:
        if state.start is None:
            return []
        pd = state.start.player_dealer
        seats = {w.seat for w in state.start.wagers if w.seat != pd and w.seat not in state.dead}
        return sorted(seats)

    def _effective(
        self, state: RoundState, e: HandSet, dealt: tuple[Card, ...] | None, *, is_pd: bool, must: bool
    ) -> tuple[SetHand, str] | str:
        """The hand as it plays: as set, or reset the House Way where the ruling says so; or why it cannot."""
        su = self.setup(state)
        set_as = SetHand.of([c.index for c in e.front], [c.index for c in e.back])
        found = check_setting(
            e.front, e.back, su.variant, banker=is_pd, dealt=dealt, house_way=su.way if must else None
        )
        if not found:
            return set_as, "as set"
        f = found[0]
        target = Target(TargetKind.PLAYER_DEALER) if is_pd else Target(TargetKind.SEAT, e.seat)
        ruling = state.game.rulings.rule(
            Finding(AlertCode(f.code), f.reason, seat=e.seat, target=target), {}
        ).ruling
        if ruling is Ruling.RESET_HOUSE_WAY:
            if su.way is None or dealt is None:
                return "the hand must be reset the House Way: the chart or the pile's cards are not known"
            idx = [c.index for c in dealt]
            front, rule = set_hand(idx, su.way)
            return SetHand.of(front, [i for i in idx if i not in front]), f"reset the House Way ({rule.name})"
        if ruling is Ruling.FOUL and not is_pd:
            return set_as, "foul"
        return f"{f.code}: {ruling.value} ({f.reason})"

    # --- settlement ------------------------------------------------------------------------------

    def settle(self, state: RoundState) -> PaiGowReport | None:
        """Each wager's result and the bank's payments once every hand with a wager is set; before that the
        distribution and the hands still to be set; None before the dice."""
        d = self._decide(state)
        if not isinstance(d, _Decided):
            return None if d is None else PaiGowReport.from_json(d)
        rr = self._ordered(state, d)
        return PaiGowReport.from_json(self._bank(state, rr, d))

    def wager_results(self, state: RoundState, table: Table) -> RoundResults | None:
        """Every wager's result and the Envy Bonus awards, in the order the player-dealer settles them
        (seat by seat from the action seat the dice named, base before bonuses); None before every hand
        with a wager is set. The table's own seats are the filed positions (``table`` is not needed)."""
        d = self._decide(state)
        if isinstance(d, _Decided):
            return self._ordered(state, d)
        if d is not None and "held" in d:
            return RoundResults.hold(f"held: {d['held']}")
        return None

    def _decide(self, state: RoundState) -> _Decided | Mapping[str, Any] | None:
        """Every wager decided (:class:`_Decided`), or the settlement so far (held, hands still to set);
        once per state."""
        last = self._decided
        if last is not None and last[0] is state:
            return last[1]
        decided = self._decide_now(state)
        self._decided = (state, decided)
        return decided

    def _decide_now(self, state: RoundState) -> _Decided | Mapping[str, Any] | None:
        start = state.start
        dist = self.distribution(state)
        if start is None or dist is None:
            return None
        su = self.setup(state)
        if su.assign.community:
            return self._settle_community(state, dist)
        pd_set = self._player_dealer_set(state)
        seats = self._wagered_seats(state)
        if pd_set is None or any(self._hand_set(state, s) is None for s in seats):
            # Not yet settled: which pile went where, and the hands still to be set.
            return {"distribution": dist.to_json(), "hands_to_set": self.hands_to_set(state)}
        pd_dealt = self._dealt(state, pd_set.seat, True)
        banker = self._effective(state, pd_set, pd_dealt, is_pd=True, must=su.banker_house_way)
        out: dict[str, Any] = {"distribution": dist.to_json()}
        if isinstance(banker, str):
            out["held"] = f"the player-dealer's hand: {banker}"
            return out
        banker_hand, how = banker
        out["player_dealer"] = {"front": _fmt(banker_hand.front), "back": _fmt(banker_hand.back), "as": how}
        hands: dict[str, Any] = {}
        results: list[WagerResult] = []
        unsettled: list[dict[str, Any]] = []
        envy = _envy_bonus(su.variant)
        fortune_cents: dict[int, int] = {}  # the seats that placed the bet the Envy Bonus rides on
        dealt_cards: dict[int, tuple[int, ...]] = {}
        shuffled = dealt_by_shuffler(state)
        for seat in seats:
            e = self._hand_set(state, seat)
            assert e is not None
            dealt = self._dealt(state, seat, False)
            eff = self._effective(state, e, dealt, is_pd=False, must=e.house_way)
            if isinstance(eff, str):
                out["held"] = f"seat {seat}: {eff}"
                return out
            hand, how = eff
            try:
                cmp = compare(hand, banker_hand, su.variant)
            except RulesError as exc:
                out["held"] = f"seat {seat}: {exc}"
                return out
            hands[f"seat {seat}"] = {
                "front": _fmt(hand.front),
                "back": _fmt(hand.back),
                "as": how,
                "result": cmp.result.value,
                "why": cmp.reason,
            }
            cards = dealt if dealt is not None else (*e.front, *e.back)
            dealt_cards[seat] = tuple(c.index for c in cards)
            for w in _seat_wagers(state, seat):
                if envy is not None and w.spot == envy.of:
                    fortune_cents[seat] = fortune_cents.get(seat, 0) + w.cents
                r = self._wager_result(
                    su, w.spot, w.cents, seat, cmp.result, cards, banker_hand, pd_dealt, shuffler=shuffled
                )
                if r is None:
                    unsettled.append({"seat": seat, "spot": w.spot, "cents": w.cents})
                else:
                    results.append(r)
        out["hands"] = hands
        due = _envy_due(envy, fortune_cents, dealt_cards, su.variant) if envy is not None else []
        return _Decided(dist, results, unsettled, out, False, tuple(due))

    def _wager_result(
        self,
        su: Setup,
        spot: str,
        cents: int,
        seat: int,
        result: Result,
        cards: Sequence[Card],
        banker: SetHand,
        banker_cards: Sequence[Card] | None,
        *,
        shuffler: bool = True,
    ) -> WagerResult | None:
        who = f"seat {seat}"
        if spot in _BASE_SPOTS:
            return _result(Wager.single(seat, spot, who, cents), result, su.variant.pays, "base wager")
        if spot == "double_down":
            dd = double_down(result, banker, su.variant)
            return _result(Wager.single(seat, spot, who, cents), dd, Fraction(1), "double-down")
        bonus = _bonus(su.variant, spot)
        if bonus is None:
            return None
        w = Wager.single(seat, spot, who, cents, WagerKind.BONUS)
        if bonus.kind == "hand":
            hand, net = settle_bonus([c.index for c in cards], bonus, cents, su.variant, shuffler=shuffler)
            if net > 0:
                return WagerResult.win(w, Fraction(net, cents), f"{bonus.name}: {hand}")
            return (
                WagerResult.push(w, bonus.name)
                if net == 0
                else WagerResult.lose(w, 1, f"{bonus.name}: {hand}")
            )
        if bonus.kind == "ace_high" and banker_cards is not None:
            hand, pays = ace_high_bonus([c.index for c in cards], [c.index for c in banker_cards], bonus)
            if pays > 0:
                return WagerResult.win(w, pays, f"{bonus.name}: {hand}")
            return WagerResult.lose(w, 1, f"{bonus.name}: {hand}")
        if (
            bonus.kind == "push"
            and su.way is not None
            and banker_cards is not None
            and len(cards) == su.cards
        ):
            # Ultimate Push (Triple Bonus): both hands are set the House Way for this bet (seed 000 L3930-3946).
            player_hw, banker_hw = _house_way(cards, su.way), _house_way(banker_cards, su.way)
            if compare(player_hw, banker_hw, su.variant).result is not Result.PUSH:
                return WagerResult.lose(w, 1, f"{bonus.name}: no push")
            rules = su.variant.hand_rules
            pair = any(front_value(h.front, rules) >= PAIR_OF_THREES for h in (player_hw, banker_hw))
            row = bonus.row("push_with_front_pair_3s_or_better" if pair else "push")
            return WagerResult.win(w, row.pays if row else 1, f"{bonus.name}: {row.hand if row else 'push'}")
        if bonus.kind == "contains" and len(cards) == 7:
            # Double Luck (Triple Bonus): the best hand the seven cards contain, +Pair beside it (seed 000
            # L3970-3989; the variant file's choice). The same function the tests hold against analyze.
            hand = double_luck_hand([c.index for c in cards], su.variant.hand_rules)
            paid_as, pays = double_luck_row(bonus, hand)
            if pays > 0:
                return WagerResult.win(w, pays, f"{bonus.name}: {paid_as}")
            return WagerResult.lose(w, 1, f"{bonus.name}: {hand}")
        if bonus.kind == "envy":
            # No filing has an Envy wager: the button comes with a Fortune Bonus bet of the minimum or more
            # (seed 002 L479, seed 004 L1510-1511, L3413, L3419). Money put on it is given back.
            return WagerResult.void(
                w, f"{bonus.name}: no Envy wager is filed; the button comes with the Fortune bet"
            )
        return None

    def _settle_community(self, state: RoundState, dist: Distribution) -> _Decided | Mapping[str, Any] | None:
        """Ultimate Pai Gow Poker: both community hands set the House Way; Player, Banker and Push bets."""
        su = self.setup(state)
        start = state.start
        assert start is not None
        names = su.assign.community
        if su.way is None or len(names) != 2:
            return {"distribution": dist.to_json(), "held": "the House Way chart is not loaded"}
        sides: list[SetHand] = []
        for name in names:
            pile = dist.pile_of(name)
            hand = state.hand(Target(TargetKind.PILE, pile)) if pile is not None else ()
            if len(hand) != su.cards or None in hand:
                return None
            idx = [c.index for c in hand if c is not None]
            front, _ = set_hand(idx, su.way)
            sides.append(SetHand.of(front, [i for i in idx if i not in front]))
        rules = su.variant.hand_rules
        p, b, cmp = compare_community(sides[0], sides[1], rules)
        pair3 = [front_value(s.front, rules) >= PAIR_OF_THREES for s in sides]
        out: dict[str, Any] = {
            "distribution": dist.to_json(),
            "hands": {
                n: {"front": _fmt(s.front), "back": _fmt(s.back), "as": "House Way"}
                for n, s in zip(names, sides, strict=True)
            },
            "comparison": cmp.reason,
        }
        results: list[WagerResult] = []
        unsettled: list[dict[str, Any]] = []
        for w in start.wagers:
            bonus = _bonus(su.variant, w.spot)
            wager = Wager.single(w.seat, w.spot, f"seat {w.seat}", w.cents)
            side_of = {"player": (p, pair3[0]), "banker": (b, pair3[1])}
            if bonus is not None and bonus.side in side_of:
                res, pair = side_of[bonus.side]
                if res is Result.WIN:
                    row = bonus.row("side_wins_with_front_pair_3s_or_better" if pair else "side_wins")
                    results.append(WagerResult.win(wager, row.pays if row else 1, bonus.name))
                elif res is Result.PUSH and bonus.on_push == "return":
                    results.append(WagerResult.push(wager, bonus.name))
                elif res is Result.PUSH:
                    results.append(WagerResult.lose(wager, 1, f"{bonus.name}: a push loses"))
                else:
                    results.append(WagerResult.lose(wager, 1, bonus.name))
            elif bonus is not None and bonus.id.endswith("tie"):
                tie = _tie_row(bonus, cmp.front, cmp.back)
                if tie is not None:
                    results.append(WagerResult.win(wager, tie.pays, f"{bonus.name}: {tie.hand}"))
                else:
                    results.append(WagerResult.lose(wager, 1, f"{bonus.name}: no copy"))
            elif bonus is not None and bonus.id.endswith("push"):
                if p is Result.PUSH or b is Result.PUSH:
                    row = bonus.row("push_with_front_pair_3s_or_better" if any(pair3) else "push")
                    results.append(WagerResult.win(wager, row.pays if row else 1, bonus.name))
                else:
                    results.append(WagerResult.lose(wager, 1, bonus.name))
            else:
                unsettled.append({"seat": w.seat, "spot": w.spot, "cents": w.cents})
        return _Decided(dist, results, unsettled, out, True, ())

    def _table(self, state: RoundState, community: bool) -> Table:
        """The filed positions (seven, or more where seats are), the player-dealer's seat (none for
        Ultimate's community hands)."""
        su = self.setup(state)
        start = state.start
        assert start is not None
        n = max([su.assign.positions, *start.seats])
        return Table(tuple(range(1, n + 1)), start.player_dealer if not community else None)

    def _ordered(self, state: RoundState, d: _Decided) -> RoundResults:
        """The decided wagers and the Envy Bonus awards in the order the player-dealer settles them."""
        su = self.setup(state)
        start = state.start
        assert start is not None
        spots = ["main", "base", "double_down", *(b.id for b in su.variant.bonuses)]
        for r in d.results:
            if r.wager.name not in spots:
                spots.append(r.wager.name)
        order = SettlementOrder(Direction.CLOCKWISE, tuple(spots), Grouping.SEAT)
        table = self._table(state, d.community)
        if d.community:
            # Ultimate: action starts left of the player-dealer (seed 000 L1416).
            action = _next_seat(table, start.player_dealer) if start.player_dealer else 1
        else:
            action = d.dist.action_seat or 1
        payouts = envy_results(d.envy)
        try:
            seq = settlement_sequence(d.results, payouts, order, table, action, envy_in_turn(su.variant))
        except BankingError as exc:
            return RoundResults.hold(f"banking: {exc}")
        return RoundResults(tuple(seq), order.mode, action)

    def _bank(self, state: RoundState, rr: RoundResults, d: _Decided) -> dict[str, Any]:
        """Pay and collect through the banking engine (:func:`rules.banking.settle_results`, as the table
        settles), in action order, until the bank is exhausted, the Envy Bonuses among them where the
        filing puts them (:func:`envy_results`)."""
        start = state.start
        assert start is not None
        out, envy, unsettled = dict(d.out), d.envy, d.unsettled  # a copy: the decision is kept (_decide)
        if rr.held:
            out["held"] = rr.held
            return out
        try:
            s = settle_results(start.bank, rr)
        except BankingError as exc:
            out["held"] = f"banking: {exc}"
            return out
        action = rr.action_seat
        assert action is not None
        table = self._table(state, d.community)
        payouts = [r for r in rr.results if r.award_cents is not None]
        envy_ids = {id(r.wager) for r in payouts}
        out["action_seat"] = action
        out["wagers"] = [
            {
                "seat": ln.wager.seat,
                "spot": ln.wager.name,
                "cents": ln.wager.amount,
                "result": ln.result.outcome.value,
                "pays": str(ln.result.pays),
                "paid": ln.paid,
                "collected": ln.collected,
                "returned": ln.returned,
                "coverage": ln.coverage.value,
                "net_cents": ln.paid - ln.collected,
                "rule": ln.result.note,
                "note": ln.result.note,
            }
            for ln in s.lines
            if id(ln.wager) not in envy_ids
        ]
        out["bank"] = start.bank
        out["bank_after"] = s.bank_after
        out["player_dealer_result"] = s.player_dealer_result
        out["exhausted"] = s.exhausted
        words = s.describe()
        if envy:
            out["envy"], said = _envy_lines(envy, s, envy_ids, table, action)
            # the dealer's words in the order paid; the buttons that won nothing after the wagers
            words = [
                said.pop(ln.wager.seat) if id(ln.wager) in envy_ids else w
                for ln, w in zip(s.lines, words[: len(s.lines)], strict=True)
            ]
            words += [*said.values(), s.describe()[-1]]
        out["lines"] = words
        if unsettled:
            out["unsettled"] = unsettled
        return out


@dataclass(frozen=True)
class _Decided:
    """A round whose every wager is decided: the results, the wagers left for the floor, the settlement's
    words so far, whether the hands are community hands (Ultimate), the Envy Bonuses due."""

    dist: Distribution
    results: list[WagerResult]
    unsettled: list[dict[str, Any]]
    out: dict[str, Any]
    community: bool
    envy: tuple[EnvyDue, ...]


def dealt_by_shuffler(state: RoundState) -> bool:
    """Whether this round's cards came from a shuffle machine: the last shuffle was the machine's, or a card
    came with a shuffler's packet number. A pay-table row offered only with a shuffle machine (Happy Pai Gow's
    one-colour 9-high, seed 000 L3960) pays only then; after a hand shuffle the hand is paid by the next row."""
    if not state.shoe.by_hand:
        return True
    return any(isinstance(e, CardRead) and e.packet is not None for _, e in state.segment)


def _seat_wagers(state: RoundState, seat: int) -> list[EventWager]:
    """The seat's wagers: those of the round's start (a ``bet`` decision before the dice changes the base
    wager), and a double-down placed after viewing the hand (Mini
    Pai Gow: "an extra wager equal to his original Mini Pai Gow wager", seed 000 L1088), once."""
    start = state.start
    assert start is not None
    out = [w for w in start.wagers if w.seat == seat]
    # A base wager changed before the dice cup is opened plays at its new amount; after, as placed.
    for _, e in state.segment:
        if isinstance(e, DiceResult):
            break
        if isinstance(e, Decision) and e.seat == seat and e.action in _WAGER_ACTIONS and e.amount:
            others = [w for w in out if w.spot not in _BASE_SPOTS]
            out = [EventWager(seat, e.amount, "main"), *others]
    base = sum(w.cents for w in out if w.spot in _BASE_SPOTS)
    doubled = any(d.seat == seat and d.action is Action.DOUBLE_DOWN for d in state.decisions)
    if doubled and base and not any(w.spot == "double_down" for w in out):
        out.append(EventWager(seat, base, "double_down"))
    return out


def _house_way(cards: Sequence[Card], way: HouseWay) -> SetHand:
    idx = [c.index for c in cards]
    front, _ = set_hand(idx, way)
    return SetHand.of(front, [i for i in idx if i not in front])


def _next_seat(table: Table, seat: int) -> int:
    ring = table.ring(seat, Direction.CLOCKWISE)
    return ring[1] if len(ring) > 1 else ring[0]


def _piles_done(state: RoundState) -> bool:
    """Whether the piles phase is over (passed, or the deal was declared done)."""
    if state.status.value != "dealing":
        return True
    for i, ph in enumerate(state.game.procedure.phases):
        if ph.kind is PhaseKind.DEAL and ph.to is Recipients.PILES:
            return state.phase > i
    return False


@dataclass(frozen=True, slots=True)
class EnvyDue:
    """One Envy-button holder's fixed payout in cents and the other players' hands it is paid for."""

    seat: int
    cents: int
    hands: tuple[str, ...]


def _envy_bonus(variant: PaiGowVariant) -> Bonus | None:
    for b in variant.bonuses:
        if b.kind == "envy":
            return b
    return None


def _envy_due(
    envy: Bonus,
    fortune_cents: Mapping[int, int],
    cards: Mapping[int, tuple[int, ...]],
    variant: PaiGowVariant,
) -> list[EnvyDue]:
    """Who holds an Envy button and what each is owed.

    A button: a Fortune Bonus bet (``envy.of``) of at least ``min_fortune_wager_cents`` (seed 002 L479,
    seed 004 L1510-1511, L3413, L3419). A hand that counts: the first seven cards dealt to a seat that placed a
    Fortune Bonus bet (variant choice); the player-dealer's hand never counts (it places none here, seed 004
    L1563, L3421) and a holder is never paid for their own (seed 002 L484, seed 004 L1563, L3421). Several
    winners as the variant's ``several_winners`` (:func:`rules.paigow.settlement.envy_payouts`).
    """
    holders = sorted(s for s, c in fortune_cents.items() if c >= envy.min_fortune_wager_cents)
    if not holders:
        return []
    qualifying: dict[str, str] = {}
    for seat in sorted(fortune_cents):
        if seat in cards and len(cards[seat]) == 7:
            h = envy_hand(cards[seat], envy, variant.hand_rules)
            if h is not None:
                qualifying[f"seat {seat}"] = h
    keys = [f"seat {s}" for s in holders]
    pays = envy_payouts(qualifying, keys, envy)
    out: list[EnvyDue] = []
    for seat, key in zip(holders, keys, strict=True):
        others = tuple(f"{k}: {h}" for k, h in qualifying.items() if k != key)
        if envy.several_winners.startswith("highest_hand_only") and pays[key]:
            # only the highest hand is recognised: name the hand whose row is the amount paid
            others = tuple(
                f"{k}: {h}" for k, h in qualifying.items() if k != key and _cents(envy, h) == pays[key]
            )
        out.append(EnvyDue(seat, pays[key], others if pays[key] else ()))
    return out


def _cents(bonus: Bonus, hand: str) -> int:
    r = bonus.row(hand)
    return (r.cents or 0) if r is not None else 0


def envy_results(due: Sequence[EnvyDue]) -> list[WagerResult]:
    """Each Envy payout as the banking engine's award, so the player-dealer pays it in its turn and only while
    its bank holds money (seed 002 L489; seed 004 L3432-3433 "to the extent of the player-dealer's wager").

    An Envy button has no stake: the award (:meth:`rules.banking.WagerResult.award`) rides on the button,
    whose one-cent mark is never a chip (nothing of it is collected or returned). Its line is taken out of
    ``wagers`` and reported under ``envy`` with what was paid (:func:`_envy_lines`)."""
    return [envy_award(d.seat, d.cents) for d in due if d.cents]


def envy_award(seat: int, cents: int) -> WagerResult:
    """One Envy payout owed to ``seat``'s button, as the banking engine settles it."""
    return WagerResult.award(
        Wager.single(seat, "envy", f"seat {seat}", 1, WagerKind.BONUS), cents, "Envy Bonus"
    )


def settlement_sequence(
    results: Sequence[WagerResult],
    payouts: Sequence[WagerResult],
    order: SettlementOrder,
    table: Table,
    action: int,
    in_turn: bool,
) -> list[WagerResult]:
    """The wagers in the order the player-dealer settles them, the Envy awards among them: in each holder's turn
    (``in_turn``, Face Up) or after every wager, from the action seat clockwise (Tres Lounge, Marysville
    Fortune). The terminal settles the table from the same sequence."""
    placed = [*results, *payouts] if in_turn else list(results)
    by_id = {id(r.wager): r for r in [*results, *payouts]}
    seq = [by_id[id(w)] for w in order_wagers(order, table, action, [r.wager for r in placed])]
    if not in_turn and payouts:
        ring = table.ring(action, Direction.CLOCKWISE)
        seq += sorted(payouts, key=lambda r: ring.index(r.wager.seat))
    return seq


def envy_in_turn(variant: PaiGowVariant) -> bool:
    """Whether the variant's Envy Bonus is paid in each holder's turn (``paid: in_turn``) rather than after
    every wager (see :attr:`rules.paigow.variant.Bonus.paid`)."""
    envy = _envy_bonus(variant)
    return envy is not None and envy.paid == "in_turn"


def _envy_lines(
    due: Sequence[EnvyDue], s: Settlement, envy_ids: set[int], table: Table, action: int
) -> tuple[list[dict[str, Any]], dict[int, str]]:
    """The ``envy`` rows (every holder, from the action seat clockwise) and the dealer's words, by seat."""
    paid = {ln.wager.seat: ln for ln in s.lines if id(ln.wager) in envy_ids}
    by_seat = {d.seat: d for d in due}
    rows: list[dict[str, Any]] = []
    words: dict[int, str] = {}
    for seat in table.ring(action, Direction.CLOCKWISE):
        d = by_seat.get(seat)
        if d is None:
            continue
        ln = paid.get(seat)
        got = ln.paid if ln is not None else 0
        coverage = ln.coverage.value if ln is not None else "full"
        rows.append(
            {
                "seat": seat,
                "spot": "envy",
                "result": "win" if d.cents else "lose",
                "due_cents": d.cents,
                "paid": got,
                "coverage": coverage,
                "for": list(d.hands),
            }
        )
        if d.cents:
            short = "" if coverage == "full" else f" of {money(d.cents)}, bank exhausted"
            words[seat] = f"seat {seat} Envy Bonus: paid {money(got)}{short} ({'; '.join(d.hands)})"
        else:
            words[seat] = f"seat {seat} Envy Bonus: no other qualifying hand, the button is picked up"
    return rows, words


def _tie_row(bonus: Bonus, front: str, back: str) -> PayRow | None:
    """The Ultimate Tie Bet's row (seed 000 L1496-1511): ``seven_card_tie`` both segments copy (the variant's
    choice), ``five_card_tie`` the back hands copy, ``two_card_tie`` the fronts copy; the highest that pays."""
    names = []
    if front == "copy" and back == "copy":
        names.append("seven_card_tie")
    if back == "copy":
        names.append("five_card_tie")
    if front == "copy":
        names.append("two_card_tie")
    rows = [r for n in names if (r := bonus.row(n)) is not None]
    return max(rows, key=lambda r: r.pays) if rows else None


def _bonus(variant: PaiGowVariant, spot: str) -> Bonus | None:
    for b in variant.bonuses:
        if b.id == spot:
            return b
    return None


def _result(w: Wager, result: Result, pays: Fraction, note: str) -> WagerResult:
    if result is Result.WIN:
        return WagerResult.win(w, pays, note)
    if result is Result.PUSH:
        return WagerResult.push(w, note)
    return WagerResult.lose(w, 1, note)


def _fmt(idx: Sequence[int]) -> str:
    return format_cards([ALL_CARDS[i] for i in idx])


FAMILY = PaiGowFamily()
register_family("paigow", FAMILY)
