"""A round as a pure fold over its events: ``apply(state, event) -> state`` and ``fold(events)``.

The state is immutable (frozen dataclasses and tuples), so the state after any prefix of the events is
a value that can be kept, compared and shown. Equality compares what the table shows — hands, stub,
expected step, alerts, outcome — not the bookkeeping (event count, journal segment).

Corrections: ``Correction(of=N)`` undoes event N of the current round (events are numbered from 1 in
the order applied). The engine re-folds the round from the state just before it began, skipping every
undone event; a correction of a correction restores the event it undid. A correction that reaches
before the current round is refused (noted in ``state.notes``), as the filings close a hand once the
next one has begun (e.g. Capitol Pai Gow rule 3).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, NamedTuple

from rules.cards import Card, format_cards
from rules.round.alerts import DEVICE_CODES, Alert, AlertCode, Ruling, Severity
from rules.round.events import (
    Action,
    AlertCleared,
    Burn,
    Button,
    ButtonPress,
    By,
    CardRead,
    Correction,
    CutCard,
    Decision,
    DeckCheck,
    Declare,
    DeclareKind,
    DeviceFault,
    DiceResult,
    Discard,
    Event,
    HandSet,
    Meld,
    RoundStart,
    Shuffle,
    Target,
    TargetKind,
    Wager,
)
from rules.round.family import family_rules
from rules.round.game import GameRules
from rules.round.procedure import (
    DealContext,
    Face,
    Phase,
    PhaseKind,
    Slot,
    Start,
    expand,
    fixed_order,
    recipient_words,
    seat_order,
)
from rules.round.report import RoundReport
from rules.round.rulings import Finding
from rules.round.shoe import ShoeSession
from rules.round.table_rules import (
    banked_after,
    button_finding,
    check_round_start,
    decks_finding,
    late_floor_decision,
    rotation_finding,
)


class Status(Enum):
    """Where the round is."""

    IDLE = "idle"  # no round started
    DEALING = "dealing"
    DEALT = "dealt"  # every phase done
    VOID = "void"  # misdeal: all hands void


@dataclass(frozen=True, slots=True)
class Placed:
    """A card on the table: where it went, how it came out, which event put it there."""

    card: Card | None
    target: Target
    face_up: bool
    seq: int
    phase: int
    void: bool = False
    replacement: bool = False


@dataclass(frozen=True, slots=True)
class Wait:
    """A step that is not a card: dice, a betting round to close, a player's decision, a shuffle."""

    kind: str
    words: str
    seat: int | None = None


Expected = Slot | Wait


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the round ended (so far): ``dealt`` or ``misdeal``, hands, returned wagers, family settlement."""

    status: str
    hands: tuple[tuple[str, tuple[Card | None, ...]], ...]
    board: tuple[Card | None, ...]
    stub: tuple[Card | None, ...]
    returned: tuple[Wager, ...]
    dead_seats: tuple[int, ...]
    no_action_rounds: tuple[int, ...]
    settlement: RoundReport | None = None

    def to_json(self) -> dict[str, Any]:
        """The ``outcome`` object of ``replay --json`` and scenario expectations."""
        out: dict[str, Any] = {
            "status": self.status,
            "hands": {k: format_cards(v) for k, v in self.hands},
            "board": format_cards(self.board),
            "stub": format_cards(self.stub),
            "returned": [{"seat": w.seat, "spot": w.spot, "cents": w.cents} for w in self.returned],
            "dead_seats": list(self.dead_seats),
            "no_action_rounds": list(self.no_action_rounds),
        }
        if self.settlement is not None:
            out["settlement"] = self.settlement.to_json()
        return out


class RoundState(NamedTuple):
    """The table's state for the current round, and the shoe it is dealt from. Build with :func:`initial`."""

    game: GameRules
    shoe: ShoeSession
    start: RoundStart | None = None
    status: Status = Status.IDLE
    phase: int = 0
    slots: tuple[Slot, ...] = ()
    pos: int = 0
    gate_passed: bool = False
    actor: int = 0
    cards_due: int = 0
    end_actor_after_card: bool = False
    placed: tuple[Placed, ...] = ()
    pending: tuple[Target, ...] = ()
    replaced: int = 0
    dice: tuple[int, ...] = ()
    decisions: tuple[Decision, ...] = ()
    hand_sets: tuple[HandSet, ...] = ()
    #: A turn-by-turn game's plays (Panguingue's melds and discards), each with its event number, for the
    #: family's hooks to fold in order with the cards placed.
    plays: tuple[tuple[int, Meld | Discard], ...] = ()
    #: What the family carried into this round from the last one, ``(seat, status)`` (Chinese Poker's Fantasy
    #: Land): its optional hook ``carry`` reads a dealt round (:func:`_carry`).
    carried: tuple[tuple[int, str], ...] = ()
    folded: frozenset[int] = frozenset()
    dead: frozenset[int] = frozenset()
    betting_round: int = 0
    no_action: frozenset[int] = frozenset()
    asked_down: frozenset[int] = frozenset()  # seats that asked for their next card face down (stud)
    stub_count: int | None = None
    alerts: tuple[Alert, ...] = ()
    active: tuple[int, ...] = ()
    notes: tuple[str, ...] = ()
    #: A betting round an early card ran through (PREMATURE_CARD): its confirm is asked again before the next
    #: card ("" when none is owed).
    owed_gate: str = ""
    #: Wagers (or their excess) the variant's limits gave no action when the round started (table_rules).
    refused: tuple[Wager, ...] = ()
    #: The player-dealer's seat and how many consecutive rounds it has banked (0, 0: no bank).
    banked: tuple[int, int] = (0, 0)
    #: The dealer button of the last hand started (0: none yet, or a round start that named none), and whether
    #: that hand was misdealt (it is dealt again with the button where it was: ``Family.next_button``).
    last_button: int = 0
    redeal: bool = False
    # Bookkeeping, not compared: the number of events applied, the round's journal segment, and the
    # state just before the round began (what a correction re-folds from). Keep these three last.
    seq: int = 0
    segment: tuple[tuple[int, Event], ...] = ()
    anchor: RoundState | None = None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RoundState):
            return NotImplemented
        return tuple.__eq__(self[:_COMPARED], other[:_COMPARED])

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash(tuple.__getitem__(self, slice(0, _COMPARED)))

    def __repr__(self) -> str:
        return f"RoundState(game={self.game.id!r}, status={self.status.value}, seq={self.seq}, prompt={self.prompt!r})"

    # --- what the table shows ------------------------------------------------------------------

    @property
    def current_phase(self) -> Phase | None:
        """The phase being dealt, or None outside a deal."""
        phases = self.game.procedure.phases
        if self.status is not Status.DEALING or self.phase >= len(phases):
            return None
        return phases[self.phase]

    @property
    def expected(self) -> Expected:
        """The next step: a card (:class:`Slot`) or something else (:class:`Wait`)."""
        e = self._expected()
        if isinstance(e, Wait) and self.start is not None:
            hook = getattr(family_rules(self.game.family), "wait_words", None)
            words = hook(self, e.kind, e.words) if hook is not None else None
            if words:
                return Wait(e.kind, words, e.seat)
        return e

    def _expected(self) -> Expected:
        if self.status is Status.IDLE:
            if self.shoe.cut_card_out or not self.shoe.shuffled:
                return Wait("shuffle", "shuffle the cards")
            return Wait("round_start", "take the wagers and start the round")
        if self.status is Status.VOID:
            return Wait("shuffle", "misdeal: collect every card, return the wagers, shuffle and deal again")
        if self.owed_gate and self.status is Status.DEALING:
            return Wait(
                "betting", f"{self.owed_gate}: a card came before it closed; press confirm when it is closed"
            )
        if self.status is Status.DEALT:
            if self.pending:  # a card set aside after the deal: its replacement comes from the stub
                t = self.pending[0]
                n = self.held().get(t, 0) + 1
                words = f"replacement card for {recipient_words(t)} (from the stub)"
                return Slot(t, n, Face.DOWN, words, self.phase, replacement=True)
            words = "deal complete"
            if self.shoe.cut_card_out:
                words += "; the cut card is out: shuffle before the next round"
            return Wait("done", words)
        slot = self._slot()
        if slot is not None:
            return slot
        return self._wait()

    @property
    def prompt(self) -> str:
        """The words for the next step."""
        return self.expected.words

    @property
    def active_alerts(self) -> tuple[Alert, ...]:
        """Alerts raised and not yet cleared."""
        return tuple(self.alerts[i] for i in self.active)

    @property
    def blocked(self) -> bool:
        """Whether an uncleared stop alert halts the game."""
        return any(self.alerts[i].severity is Severity.STOP for i in self.active)

    def hand(self, target: Target) -> tuple[Card | None, ...]:
        """The cards a recipient holds (set-aside cards excluded)."""
        return tuple(p.card for p in self.placed if p.target == target and not p.void)

    def held(self) -> dict[Target, int]:
        """How many live cards each recipient holds."""
        out: dict[Target, int] = {}
        for p in self.placed:
            if not p.void:
                out[p.target] = out.get(p.target, 0) + 1
        return out

    @property
    def live_players(self) -> tuple[int, ...]:
        """Players still in the hand (not folded, not dead)."""
        if self.start is None:
            return ()
        return tuple(s for s in self.start.players if s not in self.folded and s not in self.dead)

    @property
    def outcome(self) -> Outcome | None:
        """The outcome once the deal is complete or void; None while dealing."""
        if self.start is None or self.status in (Status.IDLE, Status.DEALING):
            return None
        targets: list[Target] = []
        for p in self.placed:
            if (
                p.target.kind not in (TargetKind.BOARD, TargetKind.BURN, TargetKind.STUB)
                and p.target not in targets
            ):
                targets.append(p.target)
        targets.sort(key=lambda t: t.sort_key)
        hands = tuple((str(t), self.hand(t)) for t in targets)
        board = tuple(p.card for p in self.placed if p.target.kind is TargetKind.BOARD and not p.void)
        stub = tuple(p.card for p in self.placed if p.target.kind is TargetKind.STUB and not p.void)
        void = self.status is Status.VOID
        fam = family_rules(self.game.family)
        dead = self.dead if getattr(fam, "dead_hand_returned", True) else frozenset()
        returned = self.refused + tuple(w for w in self.start.wagers if void or w.seat in dead)
        settlement = None if void else fam.settle(self)
        return Outcome(
            "misdeal" if void else "dealt",
            hands,
            board,
            stub,
            returned,
            tuple(sorted(self.dead)),
            tuple(sorted(self.no_action)),
            settlement,
        )

    # --- the next step ---------------------------------------------------------------------------

    def _slot(self) -> Slot | None:
        ph = self.current_phase
        if ph is None:
            return None
        if self.pos < len(self.slots):
            return self.slots[self.pos]
        if ph.kind is PhaseKind.RULE_DRAWS:
            return family_rules(self.game.family).next_extra_card(self, ph)
        if ph.kind in (PhaseKind.HITS, PhaseKind.DRAW) and self.cards_due > 0:
            t = self._actor_target(ph)
            if t is not None:
                n = self.held().get(t, 0) + 1
                face = Face.ANY if ph.kind is PhaseKind.HITS else Face.DOWN
                what = "hit" if ph.kind is PhaseKind.HITS else f"draw ({self.cards_due} to come)"
                return Slot(t, n, face, f"{recipient_words(t)}: {what}", self.phase)
        return None

    def _wait(self) -> Wait:
        ph = self.current_phase
        if ph is None:  # pragma: no cover - DEALING always has a phase
            return Wait("done", "deal complete")
        if ph.kind is PhaseKind.DICE:
            return Wait("dice", f"open the dice cup and read the {ph.count} dice")
        if ph.kind is PhaseKind.BETTING:
            how = "press confirm when it is closed" if ph.close_on_confirm else "deal on when it is closed"
            note = (
                " (no betting action this round: dealer error)"
                if self.betting_round + 1 in self.no_action
                else ""
            )
            return Wait("betting", f"{ph.title}{note}: {how}")
        if ph.kind in (PhaseKind.HITS, PhaseKind.DRAW):
            t = self._actor_target(ph)
            seat = self._seat_of(t)
            ask = (
                "hit or stand?"
                if ph.kind is PhaseKind.HITS
                else f"how many cards to draw (up to {ph.max_cards})?"
            )
            return Wait("decision", f"{recipient_words(t) if t else 'player'}: {ask}", seat)
        if ph.kind is PhaseKind.LEFTOVER:
            return Wait("stub", "count the leftover cards")
        return Wait("done", "deal complete")

    def _order(self, ph: Phase) -> tuple[Target, ...]:
        # piles and boxes need nothing of the round: no context built (a shuffler's every card asks this)
        fixed = fixed_order(ph)
        order = fixed if fixed is not None else seat_order(ph, self._context(ph))
        if ph.kind is PhaseKind.HITS:
            # A seat that split plays each of its hands in turn.
            hands: dict[Target, list[Target]] = {}
            for p in self.placed:
                if p.target.hand and not p.void:
                    seat_hands = hands.setdefault(p.target.seat_target, [])
                    if p.target not in seat_hands:
                        seat_hands.append(p.target)
            if hands:
                order = tuple(h for t in order for h in sorted(hands.get(t, [t]), key=lambda x: x.hand))
        return order

    def _actor_target(self, ph: Phase) -> Target | None:
        order = self._order(ph)
        return order[self.actor] if self.actor < len(order) else None

    def _seat_of(self, t: Target | None) -> int | None:
        if t is None:
            return None
        if t.kind is TargetKind.SEAT:
            return t.index
        if t.kind is TargetKind.PLAYER_DEALER and self.start is not None:
            return self.start.player_dealer
        return None

    def _context(self, ph: Phase | None = None) -> DealContext:
        st = self.start
        assert st is not None
        phases = self.game.procedure.phases
        nxt = phases[self.phase + 1] if self.phase + 1 < len(phases) else None
        return DealContext(
            players=self.live_players,
            player_dealer=st.player_dealer,
            button=st.button,
            held=self.held(),
            board_size=sum(1 for p in self.placed if p.target.kind is TargetKind.BOARD),
            new_shoe=self.shoe.rounds == 1,
            next_phase=nxt,
            by_hand=self.shoe.by_hand,
            action_seat=self._action_seat() if ph is not None and ph.start is Start.ACTION_SEAT else None,
        )

    def _action_seat(self) -> int | None:
        """The action seat the family names (optional hook ``action_seat``), for ``start: action_seat``."""
        hook = getattr(family_rules(self.game.family), "action_seat", None)
        return hook(self) if hook is not None else None


_COMPARED = len(RoundState._fields) - 3
_INDEX = {name: i for i, name in enumerate(RoundState._fields)}
_new_state = tuple.__new__


def _with(s: RoundState, **changes: Any) -> RoundState:
    """The state with some fields changed (the fold's hot path: a plain copy of the tuple)."""
    values = list(s)
    for k, v in changes.items():
        values[_INDEX[k]] = v
    return _new_state(RoundState, values)


def initial(game: GameRules) -> RoundState:
    """The state of a table before any event: no round, a shoe not yet shuffled."""
    return RoundState(game=game, shoe=ShoeSession(game.deck))


# --- the fold ------------------------------------------------------------------------------------


def fold(game: GameRules, events: Iterable[Event], state: RoundState | None = None) -> RoundState:
    """Apply every event in order, from ``state`` (default: :func:`initial`)."""
    s = initial(game) if state is None else state
    for e in events:
        s = apply(s, e)
    return s


def apply(state: RoundState, event: Event) -> RoundState:
    """The state after one more event. Pure: ``state`` is not changed."""
    seq = state.seq + 1
    if isinstance(event, Correction):
        return _correct(state, event, seq)
    if isinstance(event, RoundStart) and state.status is not Status.DEALING:
        anchor = _with(state, segment=(), anchor=None)
        s = _step(state, event, seq)
        return _with(s, seq=seq, segment=((seq, event),), anchor=anchor)
    s = _step(state, event, seq)
    return _with(s, seq=seq, segment=(*state.segment, (seq, event)), anchor=state.anchor)


def _correct(state: RoundState, event: Correction, seq: int) -> RoundState:
    segment = (*state.segment, (seq, event))
    numbers = {n for n, _ in state.segment}
    if event.of not in numbers:
        note = f"event {seq}: correction of event {event.of} refused: only events of the current round can be undone"
        s = _with(state, seq=seq, segment=segment, notes=(*state.notes, note))
        late = late_floor_decision(state, event)
        return s if late is None else _raise(s, late, seq)
    return refold(state.game, state.anchor, segment)


def undone(segment: Iterable[tuple[int, Event]]) -> frozenset[int]:
    """The event numbers a segment's corrections undo (a correction of a correction restores its target)."""
    seg = list(segment)
    off: set[int] = set()
    for n, e in reversed(seg):
        if isinstance(e, Correction) and n not in off:
            off.add(e.of)
    return frozenset(off)


def refold(game: GameRules, anchor: RoundState | None, segment: tuple[tuple[int, Event], ...]) -> RoundState:
    """Fold a round's segment from its anchor, skipping undone events and corrections."""
    off = undone(segment)
    s = initial(game) if anchor is None else anchor
    done: list[tuple[int, Event]] = []
    for n, e in segment:
        if not isinstance(e, Correction) and n not in off:
            # The hooks see the round's live events so far (what they see when it first applied, less
            # what the corrections undo).
            s = _step(_with(s, segment=tuple(done)), e, n)
            done.append((n, e))
    last = segment[-1][0] if segment else s.seq
    return _with(s, seq=last, segment=segment, anchor=anchor)


# --- one event -----------------------------------------------------------------------------------


def _step(s: RoundState, e: Event, seq: int) -> RoundState:
    if isinstance(e, CardRead):
        s = _card(s, e.card, e.face_up, e.to, seq, e.packet)
    elif isinstance(e, Burn):
        s = _card(s, e.card, False, Target(TargetKind.BURN), seq)
    elif isinstance(e, RoundStart) and s.status is Status.DEALING:
        return _unfinished(s, seq)
    elif isinstance(e, RoundStart):
        fam = family_rules(s.game.family)
        extra = fam.spot_limits(s)
        kept, refused, found = check_round_start(s.game.data, e, extra)
        banked = banked_after(s.banked, e)
        hook = getattr(fam, "next_button", None)
        moved = button_finding(hook(s, e.seats) if hook is not None else None, e)
        filed = getattr(fam, "filed_decks", None)
        decks = decks_finding(s.game, filed(s.game.data) if filed is not None else None)
        s = _with(_round_start(s, kept), refused=refused, banked=banked, last_button=e.button or 0)
        late = rotation_finding(s.game.data, banked)
        for f in [
            *([decks] if decks else []),
            *found,
            *([late] if late else []),
            *([moved] if moved else []),
        ]:
            s = _raise(s, f, seq)
    elif isinstance(e, Shuffle):
        by_hand = e.source == "dealer"
        s = _with(s, shoe=s.shoe.shuffle(e.deck_id, after_void=s.status is Status.VOID, by_hand=by_hand))
        if s.status is Status.VOID:
            s = _with(s, redeal=True)  # the misdealt hand is dealt again: the button stays
        if s.status is Status.VOID and s.banked[1] > 0:
            # a misdealt round is dealt again: it does not count toward the bank's rotation
            s = _with(s, banked=(s.banked[0], s.banked[1] - 1))
        if s.status in (Status.VOID, Status.DEALT):
            s = _with(s, carried=_carry(s))
            s = _with(s, status=Status.IDLE, start=None, placed=(), alerts=_keep_equipment(s), active=())
            s = _with(s, active=tuple(range(len(s.alerts))))
    elif isinstance(e, DeckCheck):
        s = _deck_check(s, e, seq)
    elif isinstance(e, DiceResult):
        s = _with(s, dice=e.dice)
        s = _advance(s)
    elif isinstance(e, CutCard):
        s = _with(s, shoe=s.shoe.cut_card())
    elif isinstance(e, Declare):
        s = _declare(s, e, seq)
    elif isinstance(e, HandSet):
        s = _with(s, hand_sets=(*s.hand_sets, e))
    elif isinstance(e, Meld | Discard):
        s = _with(s, plays=(*s.plays, (seq, e)))
        ph = s.current_phase
        if ph is not None and ph.kind is PhaseKind.RULE_DRAWS:
            s = _advance(s)  # the family's hook may end its phase on a play (a player going out)
    elif isinstance(e, Decision):
        s = _decision(s, e, seq)
    elif isinstance(e, ButtonPress):
        s = _button(s, e, seq)
    elif isinstance(e, DeviceFault):
        s = _raise(
            s, Finding(e.code, f"{e.device}: {e.detail or e.code.value}", by=By.DEVICE, where="deck"), seq
        )
    elif isinstance(e, AlertCleared):
        s = _clear(s, e, seq)
    if s.start is not None:
        for f in family_rules(s.game.family).check(s, e):
            s = _raise(s, f, seq)
    return s


def _unfinished(s: RoundState, seq: int) -> RoundState:
    """A round start while the round is still being dealt (cards, dice, a betting round or a rule's draw
    owed): refused. The round on the layout stays as it is (its cards, wagers and owed draw), the start does
    not count toward the bank's rotation, and ROUND_UNFINISHED (a warning: finish the deal or declare a
    misdeal) names what the round still owes. A round is never silently replaced."""
    note = f"event {seq}: new round refused: the round is still being dealt ({s.prompt})"
    s = _with(s, notes=(*s.notes, note))
    return _raise(
        s,
        Finding(AlertCode.ROUND_UNFINISHED, f"a new round was started while this one still owes: {s.prompt}"),
        seq,
    )


def _keep_equipment(s: RoundState) -> tuple[Alert, ...]:
    """Uncleared equipment alerts survive into the next round; the rest belong to the round that ended."""
    return tuple(
        s.alerts[i]
        for i in s.active
        if s.alerts[i].code in DEVICE_CODES or s.alerts[i].code is AlertCode.DECK_COUNT_MISMATCH
    )


def _carry(s: RoundState) -> tuple[tuple[int, str], ...]:
    """What the family carries from a dealt round into the next (its optional hook ``carry``: Chinese Poker's
    Fantasy Land); otherwise what was carried before (a misdeal replays the hand)."""
    if s.start is not None and s.status is Status.DEALT:
        hook = getattr(family_rules(s.game.family), "carry", None)
        if hook is not None:
            return tuple(hook(s))
    return s.carried


def _round_start(s: RoundState, e: RoundStart) -> RoundState:
    kept = _keep_equipment(s)
    carried = _carry(s)
    s = RoundState(
        game=s.game,
        shoe=s.shoe.start_round(),
        start=e,
        status=Status.DEALING,
        alerts=kept,
        active=tuple(range(len(kept))),
        banked=s.banked,
        carried=carried,
        seq=s.seq,
    )
    return _enter(s, 0)


def _enter(s: RoundState, index: int) -> RoundState:
    """Enter phase ``index`` (skipping phases that do not apply), or finish the deal."""
    phases = s.game.procedure.phases
    while index < len(phases):
        ph = phases[index]
        if ph.only_new_shoe and s.shoe.rounds != 1:
            index += 1
            continue
        s = _with(
            s,
            phase=index,
            slots=(),
            pos=0,
            gate_passed=False,
            actor=0,
            cards_due=0,
            end_actor_after_card=False,
        )
        if ph.kind in (PhaseKind.DEAL, PhaseKind.BURN, PhaseKind.BOARD, PhaseKind.LEFTOVER, PhaseKind.STREET):
            s = _with(s, slots=_phase_slots(s, index, ph))
        return _advance(s)
    return _with(s, status=Status.DEALT, phase=len(phases), slots=(), pos=0)


def _phase_slots(s: RoundState, index: int, ph: Phase, packets: bool = False) -> tuple[Slot, ...]:
    """The expected cards of static phase ``index``; ``packets``: as a shuffler's packets even after a
    hand shuffle."""
    count = ph.count - s.replaced if ph.kind is PhaseKind.LEFTOVER else ph.count
    ph2 = replace(ph, count=max(0, count)) if count != ph.count else ph
    ctx = s._context(ph2)
    slots = expand(ph2, index, replace(ctx, by_hand=False) if packets else ctx)
    hook = getattr(family_rules(s.game.family), "phase_slots", None)
    return tuple(hook(s, index, slots)) if hook is not None else slots


def _phase_done(s: RoundState) -> bool:
    ph = s.current_phase
    if ph is None:
        return False
    if s.pos < len(s.slots):
        return False
    k = ph.kind
    if k is PhaseKind.DICE:
        return bool(s.dice)
    if k is PhaseKind.BETTING:
        return s.gate_passed
    if k is PhaseKind.LEFTOVER:
        return True
    if k is PhaseKind.RULE_DRAWS:
        return family_rules(s.game.family).next_extra_card(s, ph) is None
    if k in (PhaseKind.HITS, PhaseKind.DRAW):
        return s.actor >= len(s._order(ph))
    return True


def _skip(s: RoundState, slot: Slot) -> bool:
    t = slot.target
    return t.kind is TargetKind.SEAT and (t.index in s.folded or t.index in s.dead)


def _advance(s: RoundState) -> RoundState:
    """Move past skipped slots, hands that may not draw, and completed phases; schedule replacements."""
    while s.status is Status.DEALING:
        while s.pos < len(s.slots) and _skip(s, s.slots[s.pos]):
            s = _with(s, pos=s.pos + 1)
        ph = s.current_phase
        if ph is None:
            break
        if ph.kind in (PhaseKind.HITS, PhaseKind.DRAW) and s.cards_due == 0:
            t = s._actor_target(ph)
            if t is not None and t.hand and len(s.hand(t)) == 1:
                s = _with(s, cards_due=1)  # a split hand first takes its second card
                continue
            if t is not None and (_skip_target(s, t) or not family_rules(s.game.family).may_draw(s, t)):
                s = _with(s, actor=s.actor + 1)
                continue
        if not _phase_done(s):
            break
        if s.pending:
            extra = tuple(
                Slot(
                    t,
                    s.held().get(t, 0) + 1,
                    Face.DOWN,
                    f"replacement card for {recipient_words(t)} (from the stub)",
                    s.phase,
                    replacement=True,
                )
                for t in s.pending
            )
            s = _with(s, slots=s.slots + extra, pending=(), replaced=s.replaced + len(extra))
            continue
        if ph.kind is PhaseKind.BETTING:
            s = _with(s, betting_round=s.betting_round + 1)
        s = _enter(s, s.phase + 1)
        break
    return s


def _skip_target(s: RoundState, t: Target) -> bool:
    return t.kind is TargetKind.SEAT and (t.index in s.folded or t.index in s.dead)


# --- cards ---------------------------------------------------------------------------------------


def _card(
    s: RoundState, card: Card | None, face_up: bool, to: Target | None, seq: int, packet: int | None = None
) -> RoundState:
    findings: list[Finding] = []
    if s.owed_gate:
        s = _with(s, owed_gate="")  # the dealer went on without the confirm asked again
    if card is None:
        findings.append(Finding(AlertCode.UNREADABLE_CARD, "a card came out unread (??)", target=to))
    elif s.shoe.is_foreign(card):
        findings.append(
            Finding(AlertCode.FOREIGN_CARD, f"{card} is not in this deck", card=card, target=to, where="deck")
        )
    elif s.shoe.would_duplicate(card):
        findings.append(
            Finding(
                AlertCode.DUPLICATE_CARD,
                f"{card} read more often than the shoe holds",
                card=card,
                target=to,
                where="deck",
            )
        )
    s = _with(s, shoe=s.shoe.read(card))
    if s.status is Status.DEALT and s.pending:
        placed = Placed(card, s.pending[0], face_up, seq, s.phase, replacement=True)
        s = _with(s, placed=(*s.placed, placed), pending=s.pending[1:])
        return _raise_all(s, findings, seq, placed_index=len(s.placed) - 1)
    if s.status is Status.DEALT and _past_the_leftover(s):
        findings.append(
            Finding(
                AlertCode.LEFTOVER_MISMATCH, f"{_name(card)}: a card beyond the filed leftover", card=card
            )
        )
        s = _with(s, placed=(*s.placed, Placed(card, Target(TargetKind.STUB), face_up, seq, s.phase)))
        return _raise_all(s, findings, seq)
    if s.status is not Status.DEALING:
        if s.status is Status.DEALT:
            ph_last = s.game.procedure.phases[-1] if s.game.procedure.phases else None
            code = AlertCode.EXTRA_CARD
            if ph_last is not None and ph_last.kind in (PhaseKind.RULE_DRAWS, PhaseKind.HITS):
                code = AlertCode.DRAW_AGAINST_RULE
            findings.append(
                Finding(code, f"{_name(card)} came out after the deal was complete", card=card, target=to)
            )
        else:
            why = (
                "before the round started"
                if s.status is Status.IDLE
                else "after the misdeal, before a shuffle"
            )
            findings.append(
                Finding(AlertCode.PREMATURE_CARD, f"{_name(card)} came out {why}", card=card, target=to)
            )
        return _raise_all(s, findings, seq)

    if _past_the_leftover(s):
        findings.append(
            Finding(
                AlertCode.LEFTOVER_MISMATCH,
                f"{_name(card)}: a card beyond the filed leftover",
                card=card,
                target=Target(TargetKind.STUB),
            )
        )
        s = _with(s, placed=(*s.placed, Placed(card, Target(TargetKind.STUB), face_up, seq, s.phase)))
        return _raise_all(s, findings, seq)

    # Pass gates (dice, betting rounds) that a card runs through; one PREMATURE_CARD at most per card.
    premature = False
    while s.status is Status.DEALING:
        ph = s.current_phase
        assert ph is not None
        if ph.kind is PhaseKind.BETTING:
            if ph.close_on_confirm and not premature:
                premature = True
                findings.append(
                    Finding(
                        AlertCode.PREMATURE_CARD,
                        f"{_name(card)} dealt before {ph.title} was closed",
                        card=card,
                        target=to,
                        phase=ph.name,
                    )
                )
                s = _with(s, owed_gate=ph.title)
            s = _advance(_with(s, gate_passed=True))
            continue
        if ph.kind is PhaseKind.DICE and not s.dice:
            if not premature:
                premature = True
                findings.append(
                    Finding(
                        AlertCode.PREMATURE_CARD,
                        f"{_name(card)} dealt before the dice",
                        card=card,
                        target=to,
                        phase=ph.name,
                    )
                )
            s = _enter(s, s.phase + 1)
            continue
        if ph.kind in (PhaseKind.HITS, PhaseKind.DRAW) and s.cards_due == 0 and s._slot() is None:
            t = s._actor_target(ph)
            if t is None:
                break
            # A card while a decision is awaited is taken as the hand asking for one (the dealer's hit).
            s = _with(s, cards_due=1)
            continue
        if ph.kind is PhaseKind.LEFTOVER and s.pos >= len(s.slots):
            findings.append(
                Finding(
                    AlertCode.LEFTOVER_MISMATCH,
                    f"more than {len(s.slots)} cards left over",
                    card=card,
                    target=Target(TargetKind.STUB),
                    phase=ph.name,
                )
            )
            s = _with(s, placed=(*s.placed, Placed(card, Target(TargetKind.STUB), face_up, seq, s.phase)))
            return _raise_all(s, findings, seq)
        break

    if s.status is not Status.DEALING:
        findings.append(
            Finding(
                AlertCode.EXTRA_CARD,
                f"{_name(card)} came out after the deal was complete",
                card=card,
                target=to,
            )
        )
        return _raise_all(s, findings, seq)
    ph = s.current_phase
    assert ph is not None
    if packet is not None and ph.kind is PhaseKind.DEAL and ph.hand_by_card and s.shoe.by_hand and s.pos == 0:
        # A packet number means a shuffler is dispensing the phase's packets, whatever the last shuffle
        # event said: expect its cards packet by packet, not one at a time around.
        s = _with(s, slots=_phase_slots(s, s.phase, ph, packets=True))
    if to is None and packet is not None and ph.kind is PhaseKind.DEAL and ph.by_packet:
        order = s._order(ph)
        if 1 <= packet <= len(order):
            to = order[packet - 1]  # the shuffler's packet k is the phase's k-th recipient
    slot = s._slot()
    if slot is None:
        code = AlertCode.DRAW_AGAINST_RULE if ph.kind is PhaseKind.RULE_DRAWS else AlertCode.EXTRA_CARD
        findings.append(
            Finding(code, f"{_name(card)}: no card is due ({s.prompt})", card=card, target=to, phase=ph.name)
        )
        return _raise_all(s, findings, seq)

    target = slot.target
    if to is not None and to != slot.target:
        later = [i for i in range(s.pos, len(s.slots)) if s.slots[i].target == to]
        if later and slot.target.kind in (TargetKind.SEAT, TargetKind.PLAYER_DEALER, TargetKind.PILE):
            missed = slot.target
            findings.append(
                Finding(
                    AlertCode.MISSED_SEAT,
                    f"{recipient_words(missed)} was skipped: {_name(card)} went to {recipient_words(to)}",
                    seat=s._seat_of(missed),
                    card=card,
                    target=missed,
                    phase=ph.name,
                )
            )
        else:
            findings.append(
                Finding(
                    AlertCode.OUT_OF_ORDER,
                    f"{_name(card)} went to {recipient_words(to)}; due: {slot.words}",
                    seat=s._seat_of(to),
                    card=card,
                    target=to,
                    phase=ph.name,
                )
            )
            target = to
    placed = Placed(
        card, target, face_up, seq, s.phase, replacement=slot.replacement and target == slot.target
    )
    if slot.face is Face.DOWN and face_up and target.kind is not TargetKind.BURN:
        findings.append(
            Finding(
                AlertCode.BOXED_CARD,
                f"{_name(card)} came out face up for {recipient_words(target)}",
                seat=s._seat_of(target),
                card=card,
                target=target,
                phase=ph.name,
            )
        )
    seat = s._seat_of(target)
    if seat is not None and seat in s.asked_down:
        if slot.face is Face.CHOICE and face_up:
            findings.append(
                Finding(
                    AlertCode.EXPOSED_CARD,
                    f"{_name(card)} dealt face up to {recipient_words(target)}, who asked for it face down",
                    seat=seat,
                    card=card,
                    target=target,
                    phase=ph.name,
                )
            )
        s = _with(s, asked_down=s.asked_down - {seat})
    s = _with(s, placed=(*s.placed, placed))
    review = getattr(family_rules(s.game.family), "review", None)
    if review is not None and findings:
        findings = list(review(s, findings))
    if target == slot.target:
        s = _with(s, pos=s.pos + 1) if s.pos < len(s.slots) else s
        if ph.kind in (PhaseKind.HITS, PhaseKind.DRAW) and s.pos >= len(s.slots):
            due = s.cards_due - 1
            if due <= 0 and (s.end_actor_after_card or ph.kind is PhaseKind.DRAW):
                s = _with(s, cards_due=0, actor=s.actor + 1, end_actor_after_card=False)
            else:
                s = _with(s, cards_due=max(0, due))
    s = _raise_all(s, findings, seq, placed_index=len(s.placed) - 1)
    return _advance(s)


_CARD_PHASES = frozenset(
    {
        PhaseKind.DEAL,
        PhaseKind.BURN,
        PhaseKind.BOARD,
        PhaseKind.LEFTOVER,
        PhaseKind.STREET,
        PhaseKind.HITS,
        PhaseKind.DRAW,
        PhaseKind.RULE_DRAWS,
    }
)


def _past_the_leftover(s: RoundState) -> bool:
    """Whether the filed leftover has been dealt out and no later phase takes cards (Pai Gow's four)."""
    phases = s.game.procedure.phases
    here = min(s.phase, len(phases))
    done = [i for i, p in enumerate(phases[:here]) if p.kind is PhaseKind.LEFTOVER]
    if not done:
        return False
    return not any(p.kind in _CARD_PHASES for p in phases[here:])


def _name(card: Card | None) -> str:
    return "??" if card is None else str(card)


# --- rulings -------------------------------------------------------------------------------------


def _raise_all(
    s: RoundState, findings: list[Finding], seq: int, placed_index: int | None = None
) -> RoundState:
    for f in findings:
        s = _raise(s, f, seq, placed_index)
    return s


def _raise(s: RoundState, f: Finding, seq: int, placed_index: int | None = None) -> RoundState:
    """Rule on a finding with the variant's table, record the alert, and carry out the ruling."""
    if s.status is Status.VOID and f.code not in DEVICE_CODES and f.code is not AlertCode.DECK_COUNT_MISMATCH:
        return s  # the round is already void: nothing more to rule on
    counts: dict[AlertCode, int] = {}
    for a in s.alerts:
        counts[a.code] = counts.get(a.code, 0) + 1
    counts[f.code] = counts.get(f.code, 0) + 1
    alert = s.game.rulings.rule(f, counts, seq)
    s = _with(s, alerts=(*s.alerts, alert), active=(*s.active, len(s.alerts)))
    return _carry_out(s, alert, f, placed_index)


def _carry_out(s: RoundState, alert: Alert, f: Finding, placed_index: int | None) -> RoundState:
    r = alert.ruling
    if r is Ruling.MISDEAL:
        return _with(s, status=Status.VOID, slots=(), pos=0, pending=())
    if s.start is None or s.status not in (Status.DEALING, Status.DEALT):
        return s
    if r is Ruling.REPLACE_FROM_STUB:
        i = placed_index if placed_index is not None else _find_placed(s, f)
        if i is None:
            return s
        p = s.placed[i]
        placed = s.placed[:i] + (replace(p, void=True),) + s.placed[i + 1 :]
        return _with(s, placed=placed, pending=(*s.pending, p.target))
    if s.status is not Status.DEALING:
        return s
    if r is Ruling.DEAD_HAND:
        seat = f.seat if f.seat is not None else (s._seat_of(f.target) if f.target else None)
        if seat is not None:
            s = _with(s, dead=s.dead | {seat})
            ended = _hand_over(s)  # a hand left with one live player ends (a pot game)
            return ended if ended is not None else s
    if r is Ruling.NO_ACTION_THIS_ROUND:
        return _with(s, no_action=s.no_action | {s.betting_round + 1})
    return s


def _find_placed(s: RoundState, f: Finding) -> int | None:
    """The card a declaration is about: the named card, else the last card to the named recipient, else the last card."""
    for i in range(len(s.placed) - 1, -1, -1):
        p = s.placed[i]
        if p.void or p.target.kind is TargetKind.BURN:
            continue
        if f.card is not None:
            if p.card is f.card:
                return i
            continue
        if f.target is not None and p.target != f.target:
            continue
        return i
    return None


# --- other events ----------------------------------------------------------------------------------


def _deck_check(s: RoundState, e: DeckCheck, seq: int) -> RoundState:
    size = s.game.deck.size
    problems = []
    if e.count != size:
        problems.append(f"{e.count} cards counted, the deck has {size}")
    if e.missing:
        problems.append("missing " + format_cards(e.missing))
    if e.extra:
        problems.append("extra " + format_cards(e.extra))
    if e.duplicates:
        problems.append("duplicated " + format_cards(e.duplicates))
    if not problems:
        return s
    card = (e.missing or e.extra or e.duplicates or (None,))[0]
    return _raise(
        s,
        Finding(AlertCode.DECK_COUNT_MISMATCH, "; ".join(problems), card=card, by=By.DEVICE, where="deck"),
        seq,
    )


_DECLARED = {
    DeclareKind.EXPOSED_CARD: AlertCode.EXPOSED_CARD,
    DeclareKind.BOXED_CARD: AlertCode.BOXED_CARD,
    DeclareKind.FACE_UP_IN_DECK: AlertCode.BOXED_CARD,
    DeclareKind.CARD_OFF_TABLE: AlertCode.CARD_OFF_TABLE,
    DeclareKind.MISSED_SEAT: AlertCode.MISSED_SEAT,
    DeclareKind.MISDEAL: AlertCode.MISDEAL_DECLARED,
}


def _declare(s: RoundState, e: Declare, seq: int) -> RoundState:
    ph = s.current_phase
    phase_name = ph.name if ph is not None else ""
    if e.what is DeclareKind.STUB_COUNT:
        return _stub_count(s, e, seq)
    if e.what is DeclareKind.DEAL_DONE:
        return _deal_done(s, seq)
    code = _DECLARED[e.what]
    target = e.to
    if target is None and e.seat is not None and s.start is not None:
        target = (
            Target(TargetKind.PLAYER_DEALER)
            if e.seat == s.start.player_dealer and e.what is not DeclareKind.MISSED_SEAT
            else Target(TargetKind.SEAT, e.seat)
        )
    card = e.card
    where = "deck" if e.what is DeclareKind.FACE_UP_IN_DECK else "hand"
    idx: int | None = None
    if e.what in (DeclareKind.EXPOSED_CARD, DeclareKind.BOXED_CARD):
        idx = _find_placed(s, Finding(code, "", card=card, target=target))
        if idx is not None:
            p = s.placed[idx]
            card = card or p.card
            target = target or p.target
            phase_name = (
                s.game.procedure.phases[p.phase].name
                if p.phase < len(s.game.procedure.phases)
                else phase_name
            )
    seat = e.seat if e.seat is not None else s._seat_of(target)
    words = {
        DeclareKind.EXPOSED_CARD: "exposed",
        DeclareKind.BOXED_CARD: "boxed (face up in the deck)",
        DeclareKind.FACE_UP_IN_DECK: "found face up in the deck or shuffler",
        DeclareKind.CARD_OFF_TABLE: "off the table",
        DeclareKind.MISSED_SEAT: "missed",
        DeclareKind.MISDEAL: "misdeal declared",
    }[e.what]
    subject = _name(card) if card is not None else (recipient_words(target) if target else "card")
    msg = (
        f"{subject} {words}"
        + (f" ({recipient_words(target)})" if target and card is not None else "")
        + f", by the {e.by.value}"
    )
    found: Sequence[Finding] = [
        Finding(code, msg, seat=seat, card=card, target=target, by=e.by, phase=phase_name, where=where)
    ]
    review = getattr(family_rules(s.game.family), "review", None)
    if review is not None:
        found = review(s, found)
    for f in found:
        s = _raise(s, f, seq, idx)
    return s


def _stub_count(s: RoundState, e: Declare, seq: int) -> RoundState:
    leftover = [p for p in s.game.procedure.phases if p.kind is PhaseKind.LEFTOVER]
    if not leftover or e.count is None:
        return _with(s, notes=(*s.notes, f"event {seq}: stub count ignored (the game files no leftover)"))
    # The stub as counted now: the filed leftover less the replacements already taken from it.
    due = max(0, leftover[0].count - sum(1 for p in s.placed if p.replacement))
    s = _with(s, stub_count=e.count)
    if e.count != due:
        s = _raise(
            s,
            Finding(
                AlertCode.LEFTOVER_MISMATCH,
                f"{e.count} cards left over, {due} due",
                target=Target(TargetKind.STUB),
            ),
            seq,
        )
    ph = s.current_phase
    if ph is not None and ph.kind is PhaseKind.LEFTOVER:
        s = _enter(s, s.phase + 1)
    return s


def _deal_done(s: RoundState, seq: int) -> RoundState:
    if s.status is not Status.DEALING:
        return s
    short: dict[Target, int] = {}
    for slot in s.slots[s.pos :]:
        if slot.target.kind in (
            TargetKind.SEAT,
            TargetKind.PLAYER_DEALER,
            TargetKind.PILE,
            TargetKind.BOX,
        ) and not _skip(s, slot):
            short[slot.target] = short.get(slot.target, 0) + 1
    for t, n in short.items():
        s = _raise(
            s,
            Finding(
                AlertCode.WRONG_CARD_COUNT,
                f"{recipient_words(t)} is {n} card{'s' if n != 1 else ''} short",
                seat=s._seat_of(t),
                target=t,
            ),
            seq,
        )
    if s.status is Status.DEALING:
        s = _with(s, status=Status.DEALT, slots=(), pos=0)
    return s


def _hand_over(s: RoundState) -> RoundState | None:
    """The round with its deal ended where the family says the hand is over (a pot game with one live
    player left after a fold or a dead hand): no more cards are owed, the round settles. None otherwise."""
    over = getattr(family_rules(s.game.family), "hand_over", None)
    if s.status is Status.DEALING and over is not None and over(s):
        return _with(s, status=Status.DEALT, phase=len(s.game.procedure.phases), slots=(), pos=0, pending=())
    return None


def _decision(s: RoundState, e: Decision, seq: int) -> RoundState:
    s = _with(s, decisions=(*s.decisions, e))
    if e.action is Action.FOLD:
        s = _with(s, folded=s.folded | {e.seat})
        ended = _hand_over(s)
        return ended if ended is not None else _advance(s)
    if e.action is Action.DOWN:
        return _with(s, asked_down=s.asked_down | {e.seat})
    if e.action is Action.UP:
        return _with(s, asked_down=s.asked_down - {e.seat})
    ph = s.current_phase
    if ph is None or ph.kind not in (PhaseKind.HITS, PhaseKind.DRAW):
        # A rule-driven phase may end on a declaration (a player-dealer standing on an option total).
        return _advance(s) if ph is not None and ph.kind is PhaseKind.RULE_DRAWS else s
    t = s._actor_target(ph)
    if t is None or s._seat_of(t) != e.seat:
        return _with(s, notes=(*s.notes, f"event {seq}: seat {e.seat} acted out of turn ({s.prompt})"))
    a = e.action
    if a is Action.HIT or (a is Action.DRAW and ph.kind is PhaseKind.HITS):
        s = _with(s, cards_due=1)
    elif a in (Action.DOUBLE, Action.DOUBLE_DOWN):
        s = _with(s, cards_due=1, end_actor_after_card=True)
    elif a is Action.DRAW:
        n = e.count if e.count is not None else 1
        if n > ph.max_cards:
            s = _raise(
                s,
                Finding(
                    AlertCode.DRAW_AGAINST_RULE,
                    f"seat {e.seat} asked for {n} cards; at most {ph.max_cards}",
                    seat=e.seat,
                ),
                seq,
            )
        s = _with(s, cards_due=n) if n > 0 else _with(s, actor=s.actor + 1)
    elif a in (Action.STAND, Action.STAND_PAT, Action.SURRENDER):
        s = _with(s, actor=s.actor + 1, cards_due=0)
    elif a is Action.SPLIT and ph.kind is PhaseKind.HITS:
        s = _split(s, t, seq)
    return _advance(s)


def _split(s: RoundState, t: Target, seq: int) -> RoundState:
    """Split a two-card hand into two hands of the seat (``seat 3 hand 1`` and ``hand 2``); whether the
    cards may be split is the family's rule (its ``check`` hook), the engine only follows the hands."""
    live = [i for i, p in enumerate(s.placed) if p.target == t and not p.void]
    if len(live) != 2:
        return _with(s, notes=(*s.notes, f"event {seq}: {recipient_words(t)} cannot split {len(live)} cards"))
    base = t.seat_target
    numbers = [p.target.hand for p in s.placed if p.target.seat_target == base and p.target.hand]
    first = t if t.hand else Target(base.kind, base.index, 1)
    second = Target(base.kind, base.index, max(numbers, default=1) + 1)
    placed = list(s.placed)
    placed[live[0]] = replace(placed[live[0]], target=first)
    placed[live[1]] = replace(placed[live[1]], target=second)
    return _with(s, placed=tuple(placed), cards_due=0)


def _button(s: RoundState, e: ButtonPress, seq: int) -> RoundState:
    ph = s.current_phase
    if e.button is Button.CONFIRM and s.owed_gate:
        return _with(s, owed_gate="")  # the betting round the early card ran through is closed now
    if e.button is Button.CONFIRM and ph is not None and ph.kind is PhaseKind.BETTING:
        return _advance(_with(s, gate_passed=True))
    if e.button is Button.CALL_FLOOR:
        return _with(s, notes=(*s.notes, f"event {seq}: floor called"))
    return s


def _clear(s: RoundState, e: AlertCleared, seq: int) -> RoundState:
    for k in range(len(s.active) - 1, -1, -1):
        a = s.alerts[s.active[k]]
        if a.code is e.code and (e.seat is None or a.seat == e.seat):
            if not e.role.may_clear(a.clear_role):
                note = (
                    f"event {seq}: {e.role.value} may not clear {a.code.value} (needs {a.clear_role.value})"
                )
                return _with(s, notes=(*s.notes, note))
            return _with(s, active=s.active[:k] + s.active[k + 1 :])
    return _with(s, notes=(*s.notes, f"event {seq}: no active {e.code.value} to clear"))
