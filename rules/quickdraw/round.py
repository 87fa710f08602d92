"""Cal Quick Draw Poker's hook for the round engine (``rules.round.family``), and its typed results for the
bank.

The generic engine deals from the game file's ``deal:``: the shuffler's stacks of five from the player left
of the player-dealer, clockwise, the player-dealer last (000 L2151); the draw, each player in turn asking
for 0-5 replacement cards (a ``decision`` ``draw`` with its ``count``, or ``stand_pat``; more than five is
the engine's DRAW_AGAINST_RULE); then the player-dealer's two Draw Cards (L2159). The cards a player throws
in are ``discard`` events keyed with its draw (the bet picker, as in the draw games); where they were not
keyed, the player shows the five it plays when the dealer exposes the hand (L2161): a ``hand_set`` whose
``back`` is those five, every replacement card among them. This hook:

- builds each hand (:mod:`rules.quickdraw.hands`): the player's final five, the first five for the Bonus Bet,
  the player-dealer's best five of seven;
- settles (:mod:`rules.quickdraw.settle`) and orders the results for the bank: from the player left of the
  player-dealer, clockwise, every Play wager (each followed by its hand bonus, paid on the Play's amount
  with no stake of its own), then every Quick Draw Bonus Bet (L2127, L2180), while the bank holds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rules.banking import RoundResults, SettleMode, Table, Wager, WagerKind, WagerResult
from rules.banking.backline import bettor
from rules.banking.report_json import bank_part, wager_lines
from rules.cards import Card, format_cards
from rules.poker.round import discards
from rules.quickdraw.hands import QuickHand, hand_of
from rules.quickdraw.model import QuickDrawDataError, Variant, from_data
from rules.quickdraw.report import QuickDrawReport, QuickDrawWaiting
from rules.quickdraw.schema import QuickDrawFile
from rules.quickdraw.settle import WagerSettlement, settle_bonus, settle_play
from rules.round.alerts import AlertCode
from rules.round.events import Target, TargetKind
from rules.round.family import BaseFamily, PerGame, register_family
from rules.round.state import Status, Wait

if TYPE_CHECKING:
    from rules.analysis import Analysis
    from rules.round.family import Progress
    from rules.round.state import RoundState

#: A decided wager: seat, cents, result, and whether a backline bettor placed it (L2123, L2181).
Row = tuple[int, int, WagerSettlement, bool]

#: The engine's findings that mean a seat was dealt more than its five at first (L2176).
EXTRA = (AlertCode.EXTRA_CARD, AlertCode.OUT_OF_ORDER)


def _build(state: RoundState) -> Variant:
    if not state.game.data:
        raise QuickDrawDataError("", f"{state.game.id}: the round engine was given no game data")
    return from_data(state.game.data)


def _ring(seats: Sequence[int], player_dealer: int) -> list[int]:
    """The seats clockwise (ascending, wrapping) from the player-dealer's left, the player-dealer left out."""
    return [s for s in sorted(seats, key=lambda x: (x < player_dealer, x)) if s != player_dealer]


class QuickDrawFamily(BaseFamily):
    """The hands after the draw, the Play and its hand bonus, the Bonus Bet, the bank in the filed order."""

    settled_at_table = True
    #: The strict schema of the family's game files (``rules.gamefile``).
    schema = QuickDrawFile
    report_types = (QuickDrawReport, QuickDrawWaiting)

    def __init__(self) -> None:
        self._variants: PerGame[Variant] = PerGame(_build)

    def parse_variant(self, data: Mapping[str, Any]) -> object:
        """The family's typed model of a game file."""
        return from_data(data)

    def variant(self, state: RoundState) -> Variant:
        """The variant of the game being dealt, built once from the game file's mapping."""
        return self._variants(state)

    # -- the hands --------------------------------------------------------------------------------------

    def first_five(self, state: RoundState, seat: int) -> tuple[Card | None, ...]:
        """The cards of the seat's first stack (the deal's first phase)."""
        t = Target(TargetKind.SEAT, seat)
        return tuple(p.card for p in state.placed if p.target == t and not p.void and p.phase == 0)

    def final(self, state: RoundState, seat: int) -> tuple[Card, ...] | str:
        """The five cards the seat plays after the draw: its cards less those it threw in (the bet picker's
        ``discard`` events), or the five it shows (a ``hand_set``); or what is missing."""
        cards = state.hand(Target(TargetKind.SEAT, seat))
        if None in cards:
            return f"seat {seat}: a card was not read"
        known = [c for c in cards if c is not None]
        gone = discards(state).get(seat, [])
        for c in gone:
            if c in known:
                known.remove(c)
        if len(known) == 5:
            return tuple(known)
        shown = [h for h in state.hand_sets if h.seat == seat]
        if not shown:
            return f"seat {seat} holds {len(known)} cards: enter the five it plays (hand_set)"
        kept = shown[-1].back
        drawn = tuple(c for c in cards if c is not None)[len(self.first_five(state, seat)) :]
        if len(kept) != 5 or not set(kept) <= set(known) or not set(drawn) <= set(kept):
            return f"seat {seat} shows {format_cards(kept)}: five of its cards, every replacement among them"
        return kept

    def _rows(self, state: RoundState) -> tuple[list[Row], dict[str, Any]] | str | None:
        start = state.start
        if start is None or start.player_dealer is None or state.status is not Status.DEALT:
            return None
        v = self.variant(state)
        pd = state.hand(Target(TargetKind.PLAYER_DEALER))
        if None in pd or len(pd) != 5 + v.draw.player_dealer_draw_cards:
            return "the player-dealer's hand is not complete"
        dealer = hand_of(tuple(c for c in pd if c is not None))
        # each seat's wagers by spot: the seated player's, and apart from them its backline bettor's (False, True)
        wagers: dict[tuple[int, bool], dict[str, int]] = {}
        for w in start.wagers:
            if w.seat in state.dead or w.seat == start.player_dealer:
                continue
            spots = wagers.setdefault((w.seat, w.backline), {})
            spots[w.spot] = spots.get(w.spot, 0) + w.cents
        extra = {a.seat for a in state.alerts if a.code in EXTRA and a.seat is not None}
        plays: list[Row] = []
        bonuses: list[Row] = []
        hands: dict[str, Any] = {}
        for seat in _ring(start.seats, start.player_dealer):
            own, back = wagers.get((seat, False), {}), wagers.get((seat, True), {})
            if v.play.key in own or v.play.key in back:
                final = self.final(state, seat)
                if isinstance(final, str):
                    return final
                mine = hand_of(final)
                hands[str(seat)] = {"final": format_cards(final), "hand": mine.name}
                # the seat's own Play and its hand bonus, then its backline bettor's on the same hand
                plays.extend(
                    (seat, s[v.play.key], r, b)
                    for b, s in ((False, own), (True, back))
                    if v.play.key in s
                    for r in settle_play(v, mine, dealer)
                )
            if v.bonus_bet.key in own or v.bonus_bet.key in back:
                first = self.first_five(state, seat)
                first_hand: QuickHand | None = None
                why = ""
                if seat in extra or len(first) != v.bonus_bet.first_cards or None in first:
                    why = f"seat {seat} was dealt other than five cards at first: not eligible"
                else:
                    first_hand = hand_of(tuple(c for c in first if c is not None))
                    hands.setdefault(str(seat), {})["first_five"] = first_hand.name
                r = settle_bonus(v, first_hand, why)
                bonuses.extend(
                    (seat, s[v.bonus_bet.key], r, b)
                    for b, s in ((False, own), (True, back))
                    if v.bonus_bet.key in s
                )
        info = {
            "player_dealer": format_cards(pd),
            "player_dealer_hand": dealer.name,
            "player_dealer_five": format_cards(dealer.cards),
            "hands": hands,
        }
        return plays + bonuses, info

    # -- settlement ---------------------------------------------------------------------------------------

    def _ordered(self, state: RoundState, rows: Sequence[Row]) -> RoundResults:
        start = state.start
        assert start is not None and start.player_dealer is not None
        v = self.variant(state)
        results: list[WagerResult] = []
        for seat, cents, r, backline in rows:
            note = f"{r.rule} ({r.cite})"
            kind = WagerKind.BASE if r.spot == v.play.key else WagerKind.BONUS
            # a backline bettor is not the seat's player: its own stake, paid and returned apart
            w = Wager.single(seat, r.spot, bettor(seat, backline), cents, kind)
            if r.spot == f"{v.play.key}-hand-bonus":
                results.append(WagerResult.award(w, int(cents * r.pays), note))
            else:
                results.append(WagerResult.decided(w, r.result, r.pays, note))
        ring = _ring(start.seats, start.player_dealer)
        return RoundResults(tuple(results), SettleMode.IN_ORDER, ring[0] if ring else None)

    def settle(self, state: RoundState) -> QuickDrawReport | QuickDrawWaiting | None:
        """Every wager's result once the Draw Cards are out and every drawer's hand is shown; with a bank, the
        banking engine's settlement (``bank``)."""
        start = state.start
        got = self._rows(state)
        if start is None or got is None:
            return None
        if isinstance(got, str):
            return QuickDrawWaiting(wagers=(), waiting=got)
        rows, info = got
        out: dict[str, Any] = dict(info)
        out["wagers"] = [
            {**line, **({"backline": True} if backline else {})}
            for line, (*_, backline) in zip(wager_lines(r[:3] for r in rows), rows, strict=True)
        ]
        if start.bank and start.player_dealer is not None:
            out["bank"] = bank_part(start.bank, self._ordered(state, rows))
        return QuickDrawReport.from_json(out)

    def wait_words(self, state: RoundState, kind: str, words: str) -> str | None:
        """After the deal: a drawer's hand to show, or where settlement starts."""
        if kind != "done":
            return None
        got = self._rows(state)
        if got is None:
            return None
        if isinstance(got, str):
            return f"{words}; expose the hands: {got}"
        info = got[1]
        return f"{words}; the player-dealer has {info['player_dealer_hand']}: settle every Play from its left, then every Bonus Bet"

    # -- the table's hooks (rules.round.family.Family) --------------------------------------------------

    def wager_spots(self, state: RoundState) -> list[str]:
        """The Play wager and the Quick Draw Bonus Bet (L2123)."""
        v = self.variant(state)
        return [v.play.key, v.bonus_bet.key]

    def backline_spots(self, state: RoundState) -> list[str]:
        """Both spots: "Back-line betting is permitted on all wagers" (L2123, and on the Bonus Bet L2181), each
        settled apart from the seat's own."""
        return self.wager_spots(state)

    def base_spots(self, state: RoundState) -> frozenset[str]:
        """Both stand alone: the Bonus Bet needs no Play wager (L2176)."""
        v = self.variant(state)
        return frozenset({v.play.key, v.bonus_bet.key})

    def hands_to_set(self, state: RoundState) -> list[str]:
        """The seats with a Play wager that drew and have not shown the five they keep (``seat 3``)."""
        start = state.start
        if start is None or start.player_dealer is None or state.status is not Status.DEALT:
            return []
        v = self.variant(state)
        plays = {w.seat for w in start.wagers if w.spot == v.play.key and w.seat not in state.dead}
        return [
            f"seat {s}"
            for s in _ring(start.seats, start.player_dealer)
            if s in plays and isinstance(self.final(state, s), str)
        ]

    def next_to_decide(self, state: RoundState) -> int | None:
        """The seat whose draw the round waits for (the engine's draw phase)."""
        e = state.expected
        return e.seat if isinstance(e, Wait) and e.kind == "decision" else None

    def analysis_files(self, data: Mapping[str, Any]) -> dict[str, str]:
        """The stored count the analysis shows beside its exact figures, where it exists."""
        from rules.quickdraw.analyze import analysis_files

        return analysis_files(data)

    def analyze(
        self, data: Mapping[str, Any], decks: int | None, progress: Progress | None = None
    ) -> Analysis:
        """The Bonus Bet exactly, and the stored estimate of the Play (:mod:`rules.quickdraw.analyze`)."""
        from rules.quickdraw.analyze import analyze

        return analyze(data, decks, progress)

    def wager_results(self, state: RoundState, table: Table) -> RoundResults | None:
        """Every wager's result in the filed order, once the hands are complete and shown."""
        got = self._rows(state)
        if got is None:
            return None
        if isinstance(got, str):
            return RoundResults.hold(got)
        return self._ordered(state, got[0])


FAMILY = QuickDrawFamily()
register_family("quickdraw", FAMILY)
