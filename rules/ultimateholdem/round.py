"""Ultimate Texas Hold'em's hook for the round engine (``rules.round.family``), and its typed results for
the bank.

The generic engine deals from the game file's ``deal:`` (two hole cards to each player, two to the
player-dealer, five community cards, all face down) and waits for the three betting rounds the dealer
closes with confirm: before the flop, on the flop, at the river. The Play wager is a ``decision``: ``bet``
(or ``raise``/``call``) with its ``amount`` in cents, ``check``, or ``fold``. This hook:

- checks each decision against the game's ``plays:`` (000 L2880-2892): a Play of a size the round does not
  allow (3x or 4x the Ante before the flop, 2x on the flop, 1x at the river), a second Play, a check at the
  river or a fold before it is BET_AGAINST_RULE; a decision after the last round is closed is
  BETS_AFTER_CLOSE;
- checks the wagers at the round start: the Ante and Blind equal, the Trips with them (L2830-2842);
- words the dealer's steps (which cards to turn, who still decides, where settlement starts);
- settles every seat (:func:`rules.ultimateholdem.settle.settle_seat`) and orders the results for the bank:
  the folds first, then seat by seat from the player-dealer's left, each seat's wagers in the filed order
  for its result (L2894-2897, L2905-2946); the player-dealer never pays beyond its wager (L2955-2957).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rules.banking import RoundResults, SettleMode, Table, Wager, WagerKind, WagerResult
from rules.banking.report_json import bank_part, wager_lines
from rules.cards import Card, format_cards
from rules.round.alerts import AlertCode
from rules.round.events import Action, Button, ButtonPress, Decision, Event, RoundStart, Target, TargetKind
from rules.round.family import BaseFamily, PerGame, register_family
from rules.round.procedure import PhaseKind
from rules.round.rulings import Finding
from rules.round.state import Status, undone
from rules.ultimateholdem.model import UltimateHoldemDataError, Variant, from_data
from rules.ultimateholdem.report import UltimateHoldemReport
from rules.ultimateholdem.schema import UltimateHoldemFile
from rules.ultimateholdem.settle import SeatHand, WagerSettlement, best, qualifies, settle_seat

if TYPE_CHECKING:
    from rules.analysis import Analysis
    from rules.round.family import Progress
    from rules.round.state import RoundState

#: The decisions that make the Play wager.
PLAY = (Action.BET, Action.RAISE, Action.CALL)


def _build(state: RoundState) -> Variant:
    if not state.game.data:
        raise UltimateHoldemDataError("", f"{state.game.id}: the round engine was given no game data")
    return from_data(state.game.data)


def _known(cards: Sequence[Card | None]) -> tuple[Card, ...]:
    return tuple(c for c in cards if c is not None)


def _betting_index(state: RoundState) -> int | None:
    """Which betting round is open (0: before the flop), or None outside them."""
    ph = state.current_phase
    if ph is None or ph.kind is not PhaseKind.BETTING:
        return None
    return state.betting_round


def _decisions(state: RoundState) -> list[Decision]:
    off = undone(state.segment)
    return [e for n, e in state.segment if n not in off and isinstance(e, Decision)]


def _timed(state: RoundState) -> list[tuple[int, Decision]]:
    """Each decision with the betting round it was made in (0: before the flop), counted by the dealer's
    confirms; one made after the last round closed has an index past the game's rounds."""
    off = undone(state.segment)
    out: list[tuple[int, Decision]] = []
    closed = 0
    for n, e in state.segment:
        if n in off:
            continue
        if isinstance(e, Decision):
            out.append((closed, e))
        elif isinstance(e, ButtonPress) and e.button is Button.CONFIRM:
            closed += 1
    return out


class UltimateHoldemFamily(BaseFamily):
    """The Play wager's sizes and timing, the Ante/Blind rule, and each seat's settlement in the filed order."""

    settled_at_table = True
    #: The strict schema of the family's game files (``rules.gamefile``).
    schema = UltimateHoldemFile
    report_types = (UltimateHoldemReport,)

    def __init__(self) -> None:
        self._variants: PerGame[Variant] = PerGame(_build)

    def parse_variant(self, data: Mapping[str, Any]) -> object:
        """The family's typed model of a game file."""
        return from_data(data)

    def variant(self, state: RoundState) -> Variant:
        """The variant of the game being dealt, built once from the game file's mapping."""
        return self._variants(state)

    # -- checks ---------------------------------------------------------------------------------------

    def check(self, state: RoundState, event: Event) -> Sequence[Finding]:
        """BET_AGAINST_RULE / BETS_AFTER_CLOSE for a Play decision the filing does not allow; the Ante,
        Blind and Trips rules at the round start."""
        if isinstance(event, RoundStart):
            return self._check_start(state, event)
        if isinstance(event, Decision):
            return self._check_decision(state, event)
        return ()

    def _check_start(self, state: RoundState, e: RoundStart) -> Sequence[Finding]:
        v = self.variant(state)
        out: list[Finding] = []
        by_seat: dict[int, dict[str, int]] = {}
        for w in e.wagers:
            spots = by_seat.setdefault(w.seat, {})
            spots[w.spot] = spots.get(w.spot, 0) + w.cents
        for seat, spots in sorted(by_seat.items()):
            ante, blind = spots.get("ante", 0), spots.get("blind", 0)
            problem = ""
            if "play" in spots:
                problem = "a Play wager is made during the round, not before the deal"
            elif not ante or ante != blind:
                problem = (
                    f"the Ante ({ante} cents) and the Blind ({blind} cents) are equal wagers, both required"
                )
            if problem:
                out.append(
                    Finding(
                        AlertCode.BET_AGAINST_RULE,
                        f"seat {seat}: {problem} ({v.ante_blind.cite})",
                        seat=seat,
                        target=Target(TargetKind.SEAT, seat),
                    )
                )
        return out

    def _check_decision(self, state: RoundState, e: Decision) -> Sequence[Finding]:
        v = self.variant(state)
        start = state.start
        assert start is not None
        seat_t = Target(TargetKind.SEAT, e.seat)

        def found(code: AlertCode, why: str, cite: str) -> Sequence[Finding]:
            return (Finding(code, f"seat {e.seat}: {why} ({cite})", seat=e.seat, target=seat_t),)

        ante = sum(w.cents for w in start.wagers if w.seat == e.seat and w.spot == "ante")
        if not ante:
            return found(
                AlertCode.BET_AGAINST_RULE, "no Ante: this seat has no hand to play", v.ante_blind.cite
            )
        index = _betting_index(state)
        if index is None:
            if state.status is Status.DEALT:
                return found(
                    AlertCode.BETS_AFTER_CLOSE, "a decision after the last betting round", v.plays[-1].cite
                )
            return found(AlertCode.BET_AGAINST_RULE, "a decision before the cards are dealt", v.plays[0].cite)
        step = v.play_step(index)
        if step is None:
            return ()
        earlier = [
            d
            for d in _decisions(state)[:-1]
            if d.seat == e.seat and (d.action in PLAY or d.action is Action.FOLD)
        ]
        if earlier:
            did = "played" if earlier[0].action in PLAY else "folded"
            return found(
                AlertCode.BET_AGAINST_RULE,
                f"already {did}: once a player bets, it cannot bet again or change it",
                v.one_play.cite,
            )
        if e.action in PLAY:
            allowed = [t * ante for t in step.times]
            if e.amount not in allowed:
                sizes = " or ".join(f"{t}x" for t in step.times)
                return found(
                    AlertCode.BET_AGAINST_RULE,
                    f"a Play of {e.amount} cents in the {step.name} round; it is {sizes} the Ante ({', '.join(map(str, allowed))} cents)",
                    step.cite,
                )
            return ()
        if e.action is Action.CHECK and step.otherwise != "check":
            return found(
                AlertCode.BET_AGAINST_RULE, f"no check in the {step.name} round: play or fold", step.cite
            )
        if e.action is Action.FOLD and step.otherwise != "fold":
            return found(
                AlertCode.BET_AGAINST_RULE, f"no fold in the {step.name} round: check or play", step.cite
            )
        if e.action not in (Action.CHECK, Action.FOLD, *PLAY):
            return found(
                AlertCode.BET_AGAINST_RULE, f"{e.action.value} is not a decision of this game", step.cite
            )
        return ()

    # -- the hands --------------------------------------------------------------------------------------

    def board(self, state: RoundState) -> tuple[Card | None, ...]:
        """The community cards as dealt so far."""
        return tuple(p.card for p in state.placed if p.target.kind is TargetKind.BOARD and not p.void)

    def plays(self, state: RoundState) -> dict[int, int]:
        """Each seat's Play wager in cents: the first one made in a betting round (a second, or one after the
        last round closed, gets no action; the check raised its alert for the floor)."""
        v = self.variant(state)
        out: dict[int, int] = {}
        folded: set[int] = set()
        for index, d in _timed(state):
            if d.seat in out or d.seat in folded or index >= len(v.plays):
                continue
            if d.action is Action.FOLD:
                folded.add(d.seat)
            elif d.action in PLAY and d.amount:
                out[d.seat] = d.amount
        return out

    def seats(self, state: RoundState) -> dict[int, SeatHand] | None:
        """Every seat with an Ante, its cards and wagers (a seat that has not played when the last betting
        round closes has folded, L2892); None while a card is missing."""
        start = state.start
        if start is None:
            return None
        plays = self.plays(state)
        out: dict[int, SeatHand] = {}
        wagers: dict[int, dict[str, int]] = {}
        for w in start.wagers:
            if w.seat in state.dead or w.seat == start.player_dealer:
                continue
            spots = wagers.setdefault(w.seat, {})
            spots[w.spot] = spots.get(w.spot, 0) + w.cents
        for seat, spots in sorted(wagers.items()):
            if "ante" not in spots:
                continue
            cards = state.hand(Target(TargetKind.SEAT, seat))
            if None in cards:
                return None
            if seat in plays:
                spots["play"] = plays[seat]
            out[seat] = SeatHand(_known(cards), spots, folded=seat not in plays)
        return out

    def _settled(
        self, state: RoundState
    ) -> tuple[list[tuple[int, int, WagerSettlement]], dict[str, Any]] | None:
        """Every wager's settlement (seat, stake, result) in the filed order, and the hands; None until the
        last betting round is closed."""
        start = state.start
        if start is None or state.status is not Status.DEALT or start.player_dealer is None:
            return None
        v = self.variant(state)
        pd = state.hand(Target(TargetKind.PLAYER_DEALER))
        board = self.board(state)
        seats = self.seats(state)
        if seats is None or None in pd or None in board:
            return None
        dealer = best(v, _known(pd), _known(board))
        ring = _ring(start.seats, start.player_dealer)
        rows: list[tuple[int, int, WagerSettlement]] = []
        for fold_pass in (True, False):
            for seat in ring:
                hand = seats.get(seat)
                if hand is None or hand.folded is not fold_pass:
                    continue
                for r in settle_seat(v, hand, _known(board), dealer):
                    rows.append((seat, hand.wagers[r.spot], r))
        info = {
            "player_dealer": format_cards(pd),
            "board": format_cards(board),
            "player_dealer_hand": dealer.category,
            "player_dealer_qualifies": qualifies(v, dealer),
            "hands": {
                str(s): {
                    "cards": format_cards(h.hole),
                    "best": best(v, h.hole, _known(board)).category,
                    "folded": h.folded,
                }
                for s, h in seats.items()
            },
        }
        return rows, info

    # -- the dealer's words -------------------------------------------------------------------------------

    def wait_words(self, state: RoundState, kind: str, words: str) -> str | None:
        """At each betting round: what to turn and who still decides; after the last: where settlement starts."""
        start = state.start
        if start is None or start.player_dealer is None:
            return None
        v = self.variant(state)
        if kind == "betting":
            index = _betting_index(state)
            step = v.play_step(index if index is not None else -1)
            if step is None:
                return None
            plays = self.plays(state)
            decided = {d.seat for d in _decisions(state) if d.action is Action.FOLD} | set(plays)
            this_round = self._this_round(state)
            todo = [
                s
                for s in _ring(start.seats, start.player_dealer)
                if s in self._antes(state) and s not in decided and s not in this_round
            ]
            turn = ("", "turn the flop; ", "turn the turn and the river; ")[min(index or 0, 2)]
            ask = (
                f"{step.name}: "
                + " or ".join(f"{t}x" for t in step.times)
                + f" the Ante, or {step.otherwise}"
            )
            who = (
                f"; still to decide: seat{'s' if len(todo) > 1 else ''} {', '.join(map(str, todo))}"
                if todo
                else "; everyone has decided"
            )
            return f"{turn}{ask}{who}; press confirm to close"
        if kind == "done":
            got = self._settled(state)
            if got is None:
                return None
            _, info = got
            q = "qualifies" if info["player_dealer_qualifies"] else "does not qualify: every Ante pushes"
            return (
                f"{words}; collect the folded hands, turn the player-dealer's cards ({info['player_dealer_hand']}, {q}); "
                "settle from the player-dealer's left"
            )
        return None

    def _antes(self, state: RoundState) -> set[int]:
        start = state.start
        assert start is not None
        return {w.seat for w in start.wagers if w.spot == "ante" and w.seat not in state.dead}

    def _this_round(self, state: RoundState) -> set[int]:
        """Seats that checked in the open betting round."""
        return {d.seat for i, d in _timed(state) if d.action is Action.CHECK and i == state.betting_round}

    # -- settlement ---------------------------------------------------------------------------------------

    def settle(self, state: RoundState) -> UltimateHoldemReport | None:
        """Every wager's result once the last betting round is closed, in the filed order; with a bank, the
        banking engine's settlement (``bank``)."""
        start = state.start
        got = self._settled(state)
        if start is None or got is None:
            return None
        rows, info = got
        out: dict[str, Any] = dict(info)
        out["wagers"] = wager_lines(rows)
        if start.bank and start.player_dealer is not None:
            out["bank"] = bank_part(start.bank, self._ordered(state, rows))
        return UltimateHoldemReport.from_json(out)

    def _ordered(self, state: RoundState, rows: Sequence[tuple[int, int, WagerSettlement]]) -> RoundResults:
        start = state.start
        assert start is not None and start.player_dealer is not None
        results = []
        for seat, cents, r in rows:
            kind = WagerKind.BONUS if r.spot == "trips" else WagerKind.BASE
            w = Wager.single(seat, r.spot, f"seat {seat}", cents, kind)
            results.append(WagerResult.decided(w, r.result, r.pays, f"{r.rule} ({r.cite})"))
        ring = _ring(start.seats, start.player_dealer)
        return RoundResults(tuple(results), SettleMode.IN_ORDER, ring[0] if ring else None)

    # -- the table's hooks (rules.round.family.Family) --------------------------------------------------

    def wager_spots(self, state: RoundState) -> list[str]:
        """The wagers made before the deal: Ante, Blind, Trips (the Play is a decision)."""
        return ["ante", "blind", "trips"]

    def base_spots(self, state: RoundState) -> frozenset[str]:
        """The Ante and Blind: the Trips is made with them (L2838-2842)."""
        return frozenset({"ante", "blind"})

    def demo_spots(self, spots: Sequence[str], index: int) -> list[str]:
        """The demo layout: Ante and Blind on every seat, the Trips on every other seat."""
        return ["ante", "blind", *(["trips"] if index % 2 == 0 else [])]

    def next_to_decide(self, state: RoundState) -> int | None:
        """The next seat, from the player-dealer's left, that has not played, folded or checked this round."""
        start = state.start
        if start is None or start.player_dealer is None or _betting_index(state) is None:
            return None
        done = (
            set(self.plays(state))
            | {d.seat for d in _decisions(state) if d.action is Action.FOLD}
            | self._this_round(state)
        )
        antes = self._antes(state)
        return next(
            (s for s in _ring(start.seats, start.player_dealer) if s in antes and s not in done), None
        )

    def analysis_files(self, data: Mapping[str, Any]) -> dict[str, str]:
        """The stored count the analysis shows beside its exact figures, where it exists."""
        from rules.ultimateholdem.analyze import analysis_files

        return analysis_files(data)

    def analyze(
        self, data: Mapping[str, Any], decks: int | None, progress: Progress | None = None
    ) -> Analysis:
        """The Trips and the hands' categories exactly, and the stored optimal-play count (:mod:`rules.ultimateholdem.analyze`)."""
        from rules.ultimateholdem.analyze import analyze

        return analyze(data, decks, progress)

    def wager_results(self, state: RoundState, table: Table) -> RoundResults | None:
        """Every wager's result in the filed order, once the last betting round is closed."""
        got = self._settled(state)
        if got is None:
            return None
        return self._ordered(state, got[0])


def _ring(seats: Sequence[int], player_dealer: int) -> list[int]:
    """The seats clockwise (ascending, wrapping) from the player-dealer's left, the player-dealer left out."""
    return [s for s in sorted(seats, key=lambda x: (x < player_dealer, x)) if s != player_dealer]


FAMILY = UltimateHoldemFamily()
register_family("ultimateholdem", FAMILY)
