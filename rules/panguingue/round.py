"""The Panguingue family's hooks for the round engine (``rules.round.family``); seed 001 L282-354.

The game file's ``deal:`` gives the deal (two rounds of five to each player, by the packet) and then two steps:
a gate at which each player stays or retires (a ``fold`` decision retires him, L303-309; the dealer closes it
with confirm) and a ``rule_draws`` phase, the play, which this family runs (:mod:`rules.panguingue.play`): its
:meth:`PanFamily.next_extra_card` is the stock card the player in turn may draw, and the phase ends when a
player goes out.

* The deal goes to the right (counter-clockwise: down the seat numbers), beginning with the winner of the last
  hand, who is the round's ``button`` (L294-299). On a table's first hand there is no winner (no button): the
  deal begins at the dealer's right (the highest seat) and the filed card of each first five is dealt face up;
  the lowest of them is the eldest hand (L295-297).
* The play goes to the right from the eldest hand, among the players who stayed.
* :meth:`PanFamily.settle`: the antes ("tops") less the collection (the posted schedule takes it from the
  antes, fees 001 §3.6) go to the player who went out, last; every condition and the going out are paid in
  chips of one ante (L304-305, L292-293, L333, L350-351).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rules.cards import Card
from rules.fees import assess
from rules.panguingue.melds import PanRules
from rules.panguingue.play import PanPlay, shown
from rules.panguingue.report import PanReport
from rules.panguingue.schema import Pan, PanguingueFile
from rules.poker.round import POSTED_SCHEDULE, posted_schedule
from rules.round.alerts import AlertCode
from rules.round.events import (
    Action,
    CardRead,
    Decision,
    Discard,
    Event,
    Meld,
    RoundStart,
    Target,
    TargetKind,
)
from rules.round.family import BaseFamily, PerGame, Progress, register_family
from rules.round.procedure import Face, Phase, PhaseKind, Slot, card_words
from rules.round.rulings import Finding
from rules.round.state import undone

if TYPE_CHECKING:
    from rules.analysis import Analysis
    from rules.round.state import RoundState

#: The families whose hooks this module provides.
FAMILIES = ("panguingue",)


def to_the_right(seats: Sequence[int], first: int) -> tuple[int, ...]:
    """``seats`` counter-clockwise (down the seat numbers, wrapping) from ``first`` (or the next seat to its
    right when ``first`` is not among them)."""
    down = sorted(seats, reverse=True)
    return tuple([s for s in down if s <= first] + [s for s in down if s > first])


def _phase_index(state: RoundState, kind: PhaseKind) -> int | None:
    for i, p in enumerate(state.game.procedure.phases):
        if p.kind is kind:
            return i
    return None


class PanFamily(BaseFamily):
    """Panguingue: the deal to the right, stay or retire, the play, conditions and going out."""

    schema = PanguingueFile
    report_types = (PanReport,)

    def __init__(self) -> None:
        self._rules: PerGame[PanRules] = PerGame(
            lambda state: PanRules.of(Pan.model_validate(state.game.data.get("pan", {})))
        )
        self._last: tuple[tuple[object, ...], PanPlay | None] | None = None

    def rules(self, state: RoundState) -> PanRules:
        """The variant of the game being dealt."""
        return self._rules(state)

    def parse_variant(self, data: Mapping[str, Any]) -> object:
        """The ``pan:`` section, validated, with its ranks read."""
        return PanRules.of(Pan.model_validate(data.get("pan", {})))

    def table_data(self, data: Mapping[str, Any], posted: Any) -> Mapping[str, Any]:
        """The game data with the table's posted collection schedule: the settlement takes it from the antes."""
        return data if posted is None else {**data, POSTED_SCHEDULE: posted}

    def wager_spots(self, state: RoundState) -> list[str]:
        """Each player's ante (the "tops", L303-305)."""
        return ["ante"]

    # -- the deal ------------------------------------------------------------------------------

    def first_to_deal(self, state: RoundState) -> int:
        """The seat dealt to first: the last hand's winner (the button), else the dealer's right."""
        assert state.start is not None
        players = state.start.players
        b = state.start.button
        return b if b is not None and b in players else max(players)

    def phase_slots(self, state: RoundState, index: int, slots: tuple[Slot, ...]) -> tuple[Slot, ...]:
        """A deal phase's packets in the order of the deal (to the right from :meth:`first_to_deal`); on a
        table's first hand, the filed card of each first five face up (L295-296)."""
        phase = state.game.procedure.phases[index]
        if phase.kind is not PhaseKind.DEAL or state.start is None:
            return slots
        by_target: dict[Target, list[Slot]] = {}
        for s in slots:
            by_target.setdefault(s.target, []).append(s)
        order = to_the_right([t.index for t in by_target], self.first_to_deal(state))
        first_hand = state.start.button is None and index == _phase_index(state, PhaseKind.DEAL)
        up = self.rules(state).pan.first_deal.face_up
        out: list[Slot] = []
        for seat in order:
            packet = by_target[Target(TargetKind.SEAT, seat)]
            for k, s in enumerate(packet, 1):
                if first_hand and k == up:
                    words = card_words(s.target, s.nth, Face.UP, phase, len(packet))
                    s = Slot(s.target, s.nth, Face.UP, words + " (the lowest up is the eldest hand)", s.phase)
                out.append(s)
        return tuple(out)

    def eldest(self, state: RoundState) -> int | None:
        """The eldest hand: the button (the last winner), else the lowest card dealt face up in the first five
        (A lowest, L284; of equal cards the one dealt first); None while those cards are not all read."""
        assert state.start is not None
        b = state.start.button
        players = state.start.players
        if b is not None and b in players:
            return b
        first = _phase_index(state, PhaseKind.DEAL)
        rules = self.rules(state)
        up = rules.pan.first_deal.face_up
        best: tuple[int, int, int] | None = None
        for n, seat in enumerate(to_the_right(players, self.first_to_deal(state))):
            cards = [
                p.card for p in state.placed if p.phase == first and p.target == Target(TargetKind.SEAT, seat)
            ]
            if len(cards) < up:
                return None
            c = cards[up - 1]
            if c is None or c.rank not in rules.order:
                return None
            key = (rules.order.index(c.rank), n, seat)
            best = key if best is None or key < best else best
        return None if best is None else best[2]

    # -- the play ------------------------------------------------------------------------------

    def table(self, state: RoundState) -> PanPlay | None:
        """The play folded from the round's cards and plays; None before the play begins. (The last fold is
        kept: the engine asks several times about the same state.)"""
        key = (state.game.data, state.start, state.placed, state.plays, state.folded, state.dead, state.phase)
        last = self._last
        if (
            last is not None
            and len(last[0]) == len(key)
            and all(a is b for a, b in zip(last[0], key, strict=True))
        ):
            return last[1]
        t = self._table(state)
        self._last = (key, t)
        return t

    def _table(self, state: RoundState) -> PanPlay | None:
        play = _phase_index(state, PhaseKind.RULE_DRAWS)
        if state.start is None or play is None or state.phase < play:
            return None
        eldest = self.eldest(state)
        if eldest is None:
            return None
        active = [s for s in state.start.players if s not in state.folded and s not in state.dead]
        hands: dict[int, list[Card]] = {s: [] for s in active}
        items: list[tuple[int, Any]] = []
        for p in state.placed:
            if p.void or p.target.kind is not TargetKind.SEAT:
                continue
            if p.phase < play:
                if p.target.index in hands and p.card is not None:
                    hands[p.target.index].append(p.card)
            else:
                items.append((p.seq, p))
        items.extend(state.plays)
        t = PanPlay(self.rules(state), to_the_right(active, eldest), hands)
        if len(t.order) < 2:
            return t
        for seq, x in sorted(items, key=lambda i: i[0]):
            if isinstance(x, Meld):
                t.meld(seq, x)
            elif isinstance(x, Discard):
                t.discard(seq, x)
            else:
                t.draw(seq, x.target, x.card)
        return t

    def card_wanted(self, state: RoundState) -> bool:
        """Whether a shoe or shuffler that deals on demand should deal the card the round expects now. In the
        play a card comes from the stock only when the player in turn asks for it (a ``draw`` decision since
        his turn began, which the dealer keys): he may take the discard instead (L313-318). The deal is dealt
        as it comes."""
        t = self.table(state)
        if t is None or t.out is not None or t.drew:
            return t is None
        off = undone(state.segment)
        for n, e in reversed(state.segment):
            if n in off:
                continue
            if isinstance(e, Decision) and e.action is Action.DRAW:
                return e.seat == t.seat
            if isinstance(e, CardRead | Meld | Discard):
                return False
        return False

    def next_extra_card(self, state: RoundState, phase: Phase) -> Slot | None:
        """The stock card the player in turn may draw (the prompt says what is due); None once a player has
        gone out, or fewer than two stayed."""
        t = self.table(state)
        if t is None or t.out is not None or len(t.order) < 2:
            return None
        target = Target(TargetKind.SEAT, t.seat)
        n = state.held().get(target, 0) + 1
        return Slot(target, n, Face.ANY, t.words(), state.phase)

    def check(self, state: RoundState, event: Event) -> Sequence[Finding]:
        """What the play made irregular (:mod:`rules.panguingue.play`): a draw against the discard rule or
        the stock rule, an invalid meld, a play out of turn."""
        if isinstance(event, RoundStart):
            return self._shoe_finding(state)
        if not isinstance(event, CardRead | Meld | Discard) or state.start is None:
            return ()
        t = self.table(state)
        if isinstance(event, CardRead):
            last = state.placed[-1] if state.placed else None
            if t is None or last is None:
                return ()
            return t.findings.get(last.seq, ())
        if t is None:
            return (
                Finding(
                    AlertCode.OUT_OF_ORDER,
                    f"seat {event.seat} played before the play began ({state.prompt})",
                    seat=event.seat,
                ),
            )
        return t.findings.get(state.plays[-1][0], ())

    def _shoe_finding(self, state: RoundState) -> Sequence[Finding]:
        """A shoe of other than the filed six to twelve decks (L283), or fewer or more players than two to
        seven (L285): DECK_COUNT_MISMATCH and WRONG_CARD_COUNT, for the floor."""
        pan = self.rules(state).pan
        out: list[Finding] = []
        decks = state.game.deck.decks
        if not pan.decks.min <= decks <= pan.decks.max:
            out.append(
                Finding(
                    AlertCode.DECK_COUNT_MISMATCH,
                    f"{decks} decks in the shoe: Pan is played with {pan.decks.min} to {pan.decks.max} (L283)",
                    where="deck",
                )
            )
        n = len(state.start.players) if state.start is not None else 0
        if not pan.players.min <= n <= pan.players.max:
            out.append(
                Finding(
                    AlertCode.WRONG_CARD_COUNT,
                    f"{n} players: Pan is played by {pan.players.min} to {pan.players.max} (L285)",
                )
            )
        return tuple(out)

    # -- the money -----------------------------------------------------------------------------

    def settle(self, state: RoundState) -> PanReport | None:
        """The chips and the tops once a player has gone out, typed (:meth:`_money`)."""
        out = self._money(state)
        return None if out is None else PanReport.from_json(out)

    def _money(self, state: RoundState) -> Mapping[str, Any] | None:
        """The chips and the tops once a player has gone out (see the module docstring)."""
        if state.start is None:
            return None
        t = self.table(state)
        if t is None:
            return None
        if len(t.order) < 2:
            return {
                "pan": None,
                "why": "fewer than two players stayed: the filing does not say who takes the tops",
            }
        if t.out is None:
            return {"pan": None, "why": "no player has gone out"}
        antes: dict[int, int] = {}
        for w in state.start.wagers:
            antes[w.seat] = antes.get(w.seat, 0) + w.cents
        chip = min((c for c in antes.values() if c > 0), default=0)
        tops = sum(antes.values())
        net = {s: -antes.get(s, 0) for s in state.start.players}
        collected, collection = _collection(state, tops)
        conditions = []
        for p in t.payments:
            for other in t.order:
                if other != p.seat:
                    net[other] -= p.chips * chip
                    net[p.seat] += p.chips * chip
            conditions.append({"seat": p.seat, "chips": p.chips, "what": p.what})
        chips, lines = t.going_out()
        doubles = 2 if chip and antes.get(t.out, 0) == 2 * chip else 1
        for other in t.order:
            if other != t.out:
                net[other] -= chips * chip * doubles
                net[t.out] += chips * chip * doubles
        net[t.out] += tops - collected  # the tops, given last (L293)
        return {
            "pan": {
                "out": t.out,
                "chip_cents": chip,
                "conditions": conditions,
                "going_out": {
                    "chips": chips,
                    "doubles": doubles == 2,
                    "lines": [{"what": w, "chips": c} for w, c in lines],
                },
                "tops": {"cents": tops, "after_collection": tops - collected},
                "melds": {str(s): [shown(m, t.rules) for m in t.melds[s]] for s in t.order if t.melds[s]},
                "retired": sorted(s for s in state.start.players if s in state.folded),
                "net": {str(s): c for s, c in sorted(net.items())},
            },
            "collection": collection,
        }

    def analyze(
        self, data: Mapping[str, Any], decks: int | None, progress: Progress | None = None
    ) -> Analysis:
        """Exact probabilities that a dealt hand holds each condition (:mod:`rules.panguingue.analyze`)."""
        from rules.panguingue.analyze import analyze

        return analyze(data, decks)


def _collection(state: RoundState, tops: int) -> tuple[int, dict[str, Any]]:
    """The collection the posted schedule takes from the antes (options 1-4: by the players dealt in)."""
    schedule = posted_schedule(state)
    if isinstance(schedule, str):
        return 0, {"cents": 0, "why": schedule}
    assert state.start is not None
    c = assess(schedule, (), players=len(state.start.players))
    taken = min(c.pot, tops)
    return taken, {
        "cents": taken,
        "schedule": f"{schedule.room} {schedule.game} option {schedule.option}",
        "lines": [{"cents": ln.amount, "why": ln.reason} for ln in c.lines if ln.amount],
    }


FAMILY = PanFamily()
for _name in FAMILIES:
    register_family(_name, FAMILY)
