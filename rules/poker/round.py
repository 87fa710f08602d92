"""The pot poker families' hook for the round engine (``rules.round.family``).

The generic engine deals the hole cards, the burns and the board, the stud streets and the draws from
the variant's ``deal:`` data, and rules on the irregularities its ``irregularities:`` table names. This
hook adds the showdown: once the deal is complete it evaluates every live hand under the variant's
``poker:`` data and divides the pot (the round's wagers: each seat's contribution, in cents). Where a
player keeps fewer cards than he was dealt (the draw's discards, Pineapple's discard), a ``hand_set``
event names the cards he keeps (its ``back``).

Registered for the families ``holdem``, ``omaha``, ``stud`` and ``draw``; a game file names this
engine with ``engine: poker`` so that the terminal imports it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules.cards import Card
from rules.errors import RulesError
from rules.fees import Schedule, assess
from rules.poker.betting import BettingError, BettingRound, TurnError
from rules.poker.deal import DealError, bring_in_seat, first_to_act_stud, next_button
from rules.poker.irregular import Remedy, premature_board, substantial_action, wrong_hole_cards
from rules.poker.kill import KILL_BUTTON, carried_button, kill_seat, killed_betting, next_kill
from rules.poker.report import ShowdownReport
from rules.poker.schema import PokerFile
from rules.poker.showdown import PotAward, SeatHand, award_pots, clockwise_from, side_pots
from rules.poker.variant import GameKind, PokerVariant, Structure, parse_poker
from rules.round.alerts import AlertCode, Ruling
from rules.round.events import (
    Action,
    Burn,
    Button,
    ButtonPress,
    CardRead,
    Decision,
    Discard,
    Event,
    Target,
    TargetKind,
)
from rules.round.family import BaseFamily, PerGame, register_family
from rules.round.procedure import Face, PhaseKind, Slot
from rules.round.rulings import Finding
from rules.round.state import undone

if TYPE_CHECKING:
    from rules.round.state import RoundState

#: The families whose hooks this module provides.
FAMILIES = ("holdem", "omaha", "stud", "draw")


class PokerFamily(BaseFamily):
    """Showdown settlement for the pot games; everything else is the generic engine's."""

    #: The strict schema of the family's game files (``rules.gamefile``).
    schema = PokerFile
    report_types = (ShowdownReport,)
    #: A dead hand's antes, blinds and bets stay in the pot (the settlement's ``forfeited``).
    dead_hand_returned = False

    def parse_variant(self, data: Mapping[str, Any]) -> object:
        """The family's typed model of a game file (its parser's checks beyond the schema)."""
        return parse_poker(data["poker"]) if "poker" in data else None

    def __init__(self) -> None:
        self._variants: PerGame[PokerVariant | None] = PerGame(
            lambda state: parse_poker(state.game.data["poker"]) if "poker" in state.game.data else None
        )

    def variant(self, state: RoundState) -> PokerVariant | None:
        """The variant of the game being dealt (None where the game file has no ``poker:`` section)."""
        return self._variants(state)

    def check(self, state: RoundState, event: Event) -> Sequence[Finding]:
        """A flop with too many cards where no betting gate caught it (:meth:`review` rules on it where the
        engine also saw the card come before the betting closed): a card read face up right after the third
        flop card, where the burn before the turn is due (seed 004 S13 dealing rule 4, S8). The generic
        engine rules on the rest (exposed, boxed, premature cards, missed seats)."""
        v = self.variant(state)
        if v is not None and isinstance(event, Decision) and event.action in _ACTED:
            return _betting_finding(state, event)
        if v is not None and v.one_down_at_a_time and isinstance(event, CardRead) and not event.face_up:
            return _second_down_card(state)
        if v is None or v.game is not GameKind.BOARD or not isinstance(event, CardRead) or not event.face_up:
            return ()
        if not state.placed or state.placed[-1].card is not event.card:
            return ()
        if any(a.seq == state.placed[-1].seq and a.code is AlertCode.EXTRA_CARD for a in state.alerts):
            return ()  # already ruled on through review()
        f = _fourth_flop_card(state)
        return () if f is None else (f,)

    def review(self, state: RoundState, findings: Sequence[Finding]) -> Sequence[Finding]:
        """The filed name for what the engine found on the card just placed or a declaration.

        * A fourth card turned with the flop lands where the burn before the turn is due, after the flop's
          betting gate: it is one EXTRA_CARD (S13 dealing rule 4, S8), not also a premature turn.
        * A wrong number of hole cards (a skipped seat, a declared missed seat, an extra hole card read to a
          seat that holds its cards) is ruled by the filed window, :func:`~rules.poker.irregular.wrong_hole_cards`
          with the players who have acted: inside the window it stays MISSED_SEAT (Hold'em S8: misdeal;
          Omaha with a joker, S13 rule 3: the card given in place) or becomes EXTRA_CARD in ``hole cards``
          (S13 rule 3: the extra card goes on top of the deck as the burn); outside it, WRONG_CARD_COUNT
          (the player forfeits his antes and blinds).
        """
        v = self.variant(state)
        if v is None or v.game is not GameKind.BOARD:
            return findings
        out = list(findings)
        if any(f.code is AlertCode.PREMATURE_CARD for f in out):
            extra = _fourth_flop_card(state)
            if extra is not None:
                return [
                    extra,
                    *(f for f in out if f.code not in (AlertCode.PREMATURE_CARD, AlertCode.EXTRA_CARD)),
                ]
        if v.wrong_hole_cards == "none":
            return out
        extra_hole = _extra_hole_card(state, v, out)
        if extra_hole is not None:
            out = [
                extra_hole,
                *(f for f in out if f.code not in (AlertCode.PREMATURE_CARD, AlertCode.OUT_OF_ORDER)),
            ]
        return [_hole_card_window(state, v, f) for f in out]

    def carry(self, state: RoundState) -> tuple[tuple[int, str], ...]:
        """The kill button into the next hand (``kill:`` data): the hand's one winner, with the qualifying
        pots he has won in a row (:func:`~rules.poker.kill.next_kill`); the next hand's killer posts the kill
        blind and it plays at the killed limits (Winner Lowball: the winner of the previous hand posts the
        winner's blind, seed 001 L99-113). A split pot, a hand not settled, or a pot below the filed size
        carries nothing: the blinds return to normal (L113)."""
        v = self.variant(state)
        if v is None or v.kill.kind == "none" or state.start is None:
            return ()
        report = self.settle(state)
        sd = report.showdown if report is not None else None
        if sd is None:
            return ()
        winners = {*sd.high_winners, *sd.low_winners}
        winner = next(iter(winners)) if len(winners) == 1 else None
        button = next_kill(carried_button(state.carried), winner, sd.pot, v)
        return () if button is None else ((button.seat, f"{KILL_BUTTON} {button.legs}"),)

    def phase_slots(self, state: RoundState, index: int, slots: tuple[Slot, ...]) -> tuple[Slot, ...]:
        """Omaha with a joker, a premature turn (seed 004 S13 dealing rule 6, ``premature_turn:
        river_in_turns_place``): once the burn before the turn came before the flop's betting closed, the
        turn is preceded by a second burn (the fourth card is not in play; the card that would have been
        the river is dealt in its place), and after the reshuffle the river comes with no burn."""
        v = self.variant(state)
        if v is None or v.premature_turn != "river_in_turns_place":
            return slots
        layout = _board_layout(state)
        if layout is None or not _premature_turn(state, layout):
            return slots
        _, turn, river_burn = layout
        if index == turn:
            burns = sum(1 for p in state.placed if p.target.kind is TargetKind.BURN and not p.void)
            words = "burn again (the premature fourth card is not in play), then the turn"
            return (Slot(Target(TargetKind.BURN, 0), burns + 1, Face.DOWN, words, index), *slots)
        if index == river_burn:
            return ()  # the river after the reshuffle, without a burn
        return slots

    def next_button(self, state: RoundState, seats: Sequence[int]) -> int | None:
        """The dealer button moves clockwise to the next seat in play after each hand (``poker.button.rotates``,
        :func:`~rules.poker.deal.next_button`); None at a new game or where the button does not rotate."""
        v = self.variant(state)
        if v is None or not v.button_rotates:
            return None
        return next_button(state.last_button or None, seats, state.redeal)

    def first_button(self, state: RoundState, seats: Sequence[int]) -> int | None:
        """A new game's first hand, where nobody placed the button from the high-card draw: the last seat in
        play, so the deal and the blinds begin at the lowest seat (choice: the terminal does not read the
        draw; seat order from seat one as the filings deal a game without a button, seed 000 L17)."""
        v = self.variant(state)
        if v is None or not v.button_rotates or not seats:
            return None
        return max(seats)

    def hand_over(self, state: RoundState) -> bool:
        """Every player but one has folded: the hand is over, no more cards are dealt (no burn, no board,
        no street) and the last player takes the pot without a showdown."""
        return self.variant(state) is not None and folded_out(state) is not None

    def wait_words(self, state: RoundState, kind: str, words: str) -> str | None:
        """A hand folded to one player: who takes the pot. While a fourth flop card stands (seed 004 S13
        dealing rule 4), the betting prompt says what the dealer does with it by the substantial action so
        far (:func:`standing_extra_flop_card`): take the flop back, or the card the players acted on stands."""
        if kind == "betting" and self.variant(state) is not None:
            standing = standing_extra_flop_card(state)
            if standing is not None:
                return f"{words} — the flop's fourth card: {standing.words} ({standing.rule})"
        winner = folded_out(state) if kind == "done" and self.variant(state) is not None else None
        if winner is None:
            return None
        return f"{_out_words(state)}: seat {winner} takes the pot without a showdown"

    def table_data(self, data: Mapping[str, Any], posted: Any) -> Mapping[str, Any]:
        """The game data with the table's posted collection schedule (:data:`POSTED_SCHEDULE`): the round
        hook takes the collection from the pot."""
        return data if posted is None else {**data, POSTED_SCHEDULE: posted}

    def settle(self, state: RoundState) -> ShowdownReport | None:
        """The showdown and the collection, typed (:meth:`_showdown`)."""
        out = self._showdown(state)
        return None if out is None else ShowdownReport.from_json(out)

    def _showdown(self, state: RoundState) -> Mapping[str, Any] | None:
        """The showdown of the live hands, once every card is dealt; None where a card was not read. A hand
        folded to one player (:func:`folded_out`) settles without a showdown."""
        v = self.variant(state)
        if v is None or state.start is None:
            return None
        winner = folded_out(state)
        if winner is not None:
            return _uncontested(state, v, winner)
        live = state.live_players
        board_cards = [p.card for p in state.placed if p.target.kind is TargetKind.BOARD and not p.void]
        hands: list[SeatHand] = []
        shown = {h.seat: h.back for h in state.hand_sets}
        thrown = discards(state)
        for s in live:
            t = Target(TargetKind.SEAT, s)
            cards = state.hand(t)
            if s not in shown and s in thrown:
                # a draw keyed with the cards thrown in: he keeps the rest and his replacements
                kept_cards = list(cards)
                for c in thrown[s]:
                    if c not in kept_cards:
                        return {"showdown": None, "why": f"seat {s} threw in {c}, a card he was not dealt"}
                    kept_cards.remove(c)
                cards = tuple(kept_cards)
            if s in shown:
                # The cards the player keeps (draw: the five after the discards; Pineapple: the two after
                # the discard), entered as a hand_set; they must be among the cards he was dealt.
                kept = shown[s]
                if not set(kept) <= {c for c in cards if c is not None}:
                    return {"showdown": None, "why": f"seat {s} shows cards he was not dealt"}
                cards = kept
            elif len(cards) > (v.keeps or v.hole_cards) or (v.game is GameKind.DRAW and len(cards) != 5):
                return {"showdown": None, "why": f"seat {s}: enter the cards he keeps (hand_set)"}
            if any(c is None for c in cards) or any(c is None for c in board_cards):
                return {"showdown": None, "why": "a card was not read: enter it before the showdown"}
            wild = v.wild_face_down_joker and any(
                p.card is not None and p.card.is_joker and not p.face_up
                for p in state.placed
                if p.target == t and not p.void
            )
            hands.append(SeatHand(s, tuple(c for c in cards if c is not None), wild))
        if not hands:
            return None
        board: tuple[Card, ...] = tuple(c for c in board_cards if c is not None)
        chips = chips_in(state, v)
        contributions = dict(chips.seats)
        for h in hands:
            contributions.setdefault(h.seat, 0)
        out: dict[str, Any] = {}
        collected = 0
        schedule = posted_schedule(state)
        if isinstance(schedule, str):
            out["collection"] = {"cents": 0, "why": schedule}
        else:
            # "No flop, no drop": a flop game that ended before its flop pays no collection; stud and draw
            # are taken at the schedule's own point, which a dealt hand has passed.
            flop_seen = v.game is not GameKind.BOARD or len(board) >= 3
            collection = assess(schedule, (), players=len(state.start.players), flop_seen=flop_seen)
            collected = collection.pot
            out["collection"] = {
                "cents": collected,
                "schedule": f"{schedule.room} {schedule.game} option {schedule.option}",
                "lines": [{"cents": ln.amount, "why": ln.reason} for ln in collection.lines if ln.amount],
            }
        try:
            pots = side_pots(contributions, [h.seat for h in hands])
            collected = min(collected, pots[0].cents)
            out["collection"]["cents"] = collected
            award = award_pots(
                v,
                contributions,
                hands,
                board if v.game is GameKind.BOARD else (),
                state.start.button,
                collected=collected,
            )
        except RulesError as exc:
            return {"showdown": None, "why": str(exc)}
        sd = award.to_json()
        sd["after_collection"] = award.total - collected
        _chips_json(sd, state, chips, contributions, {s: award.share(s) for s in contributions})
        return {"showdown": sd, **out}


def _chips_json(
    sd: dict[str, Any],
    state: RoundState,
    chips: ChipsIn,
    contributions: Mapping[int, int],
    shares: Mapping[int, int],
) -> None:
    """The settlement's chips: what each seat put in, its net, what was not counted, what the dead forfeit
    (a dead hand's chips stay in the pot: they are not returned)."""
    sd["contributions"] = {str(s): c for s, c in sorted(contributions.items())}
    sd["nets"] = {str(s): n for s, n in nets(contributions, shares).items()}
    if chips.uncounted:
        sd["uncounted"] = list(chips.uncounted)
    if state.dead:
        sd["forfeited"] = sorted(state.dead)  # their antes, blinds and bets stay in the pot
        sd["forfeited_cents"] = {str(s): contributions.get(s, 0) for s in sorted(state.dead)}


def discards(state: RoundState) -> dict[int, list[Card]]:
    """The cards each seat threw in to draw (``discard`` events keyed with a draw game's draw, corrections
    applied): the seat's hand at the showdown is the rest of its cards and its replacements."""
    off = undone(state.segment)
    out: dict[int, list[Card]] = {}
    for n, e in state.plays:
        if isinstance(e, Discard) and n not in off:
            out.setdefault(e.seat, []).append(e.card)
    return out


def _out_words(state: RoundState) -> str:
    return "every other player folded or was ruled dead" if state.dead else "every other player folded"


def folded_out(state: RoundState) -> int | None:
    """The one seat left in a hand every other player folded (a ``decision`` with ``fold``) or was ruled
    dead (DEAD_HAND: the hand ends, the last live player takes the pot without a showdown), or None."""
    live = state.live_players
    return live[0] if len(live) == 1 and (state.folded or state.dead) else None


def _uncontested(state: RoundState, v: PokerVariant, winner: int) -> Mapping[str, Any]:
    """The pot of a hand folded to one player: every chip to him, no hand shown, less the posted
    collection where the hand reached its collection point. "No flop, no drop" (seed 004 L2092-2104,
    ``rules.fees``): a flop game folded out before the flop pays none, nor an after-the-river fee one
    folded out before the river. choice: stud and draw keep the showdown's rule (the schedule's point is
    taken as passed), as the filings name only the flop."""
    assert state.start is not None
    chips = chips_in(state, v)
    pot = chips.pot
    board = sum(1 for p in state.placed if p.target.kind is TargetKind.BOARD and not p.void)
    flop_seen = v.game is not GameKind.BOARD or board >= 3
    river_seen = v.game is not GameKind.BOARD or board >= 5
    out: dict[str, Any] = {}
    schedule = posted_schedule(state)
    if isinstance(schedule, str):
        collected = 0
        out["collection"] = {"cents": 0, "why": schedule}
    else:
        collection = assess(
            schedule, (), players=len(state.start.players), flop_seen=flop_seen, river_seen=river_seen
        )
        collected = min(collection.pot, pot)
        out["collection"] = {
            "cents": collected,
            "schedule": f"{schedule.room} {schedule.game} option {schedule.option}",
            "lines": [{"cents": ln.amount, "why": ln.reason} for ln in collection.lines if ln.amount],
        }
        if not flop_seen:
            out["collection"]["why"] = "no flop, no drop: the hand ended before the flop"
    award = PotAward(pot, ((winner, pot - collected),), (winner,), (), (), (), (), collected)
    sd = award.to_json()
    sd["after_collection"] = pot - collected
    sd["uncontested"] = f"{_out_words(state)}: seat {winner} takes the pot without a showdown"
    _chips_json(sd, state, chips, chips.seats, {winner: pot - collected})
    return {"showdown": sd, **out}


# --- the collection --------------------------------------------------------------------------------------

#: The game data key under which the terminal puts the table's posted collection schedule (a
#: :class:`rules.fees.Schedule`, from the table's ``fee_schedule``): the schedule is a table setting.
POSTED_SCHEDULE = "posted_fee_schedule"


def fees_game(data: Mapping[str, Any]) -> str | None:
    """The game's name in the room's fee file (``banking: {fees: {game: ...}}``, as the banked games)."""
    banking = data.get("banking")
    fees = banking.get("fees") if isinstance(banking, Mapping) else None
    game = fees.get("game") if isinstance(fees, Mapping) else None
    return game if isinstance(game, str) else None


def posted_schedule(state: RoundState) -> Schedule | str:
    """The posted collection schedule for this hand, or why there is none (then nothing is collected).

    The schedule is the table's (``state.game.data[POSTED_SCHEDULE]``); it must be one the room filed for
    this game (the game file's ``banking.fees.game``)."""
    sched = state.game.data.get(POSTED_SCHEDULE)
    if sched is None:
        return "no collection schedule is posted at this table"
    if not isinstance(sched, Schedule):
        return f"{POSTED_SCHEDULE} is not a fee schedule"
    game = fees_game(state.game.data)
    if game is None:
        return "the game file names no fee game (banking: {fees: {game: ...}}): nothing collected"
    if game != sched.game:
        return f"the posted schedule is for {sched.game}, not {game}: nothing collected"
    return sched


# --- the filed irregularities the hook names -----------------------------------------------------------


def _board_layout(state: RoundState) -> tuple[int, int, int] | None:
    """(the turn's burn phase, the turn's board phase, the river's burn phase) of a flop game's deal."""
    phases = state.game.procedure.phases
    boards = [i for i, p in enumerate(phases) if p.kind is PhaseKind.BOARD]
    if len(boards) < 3:
        return None
    turn, river = boards[1], boards[2]
    if phases[turn - 1].kind is not PhaseKind.BURN or phases[river - 1].kind is not PhaseKind.BURN:
        return None
    return turn - 1, turn, river - 1


def _premature_turn(state: RoundState, layout: tuple[int, int, int]) -> bool:
    """Whether the burn before the turn came before the flop's betting closed (a PREMATURE_CARD on it)."""
    turn_burn = layout[0]
    burns = {
        p.seq
        for p in state.placed
        if p.target.kind is TargetKind.BURN and p.phase == turn_burn and not p.void and not p.face_up
    }
    return any(a.code is AlertCode.PREMATURE_CARD and a.seq in burns for a in state.alerts)


def _fourth_flop_card(state: RoundState) -> Finding | None:
    """EXTRA_CARD for a card just read face up right after the third flop card, where the burn before the
    turn is due (seed 004 S13 dealing rule 4, S8)."""
    if len(state.placed) < 2:
        return None
    last, before = state.placed[-1], state.placed[-2]
    if last.target.kind is not TargetKind.BURN or not last.face_up:
        return None
    board = [p for p in state.placed if p.target.kind is TargetKind.BOARD and not p.void]
    if before.target.kind is not TargetKind.BOARD or len(board) != 3:
        return None
    phases = state.game.procedure.phases
    flop = phases[before.phase].name if before.phase < len(phases) else "the flop"
    return Finding(
        AlertCode.EXTRA_CARD,
        f"{_card_name(last.card)} turned up with the flop: the flop has too many cards",
        card=last.card,
        target=Target(TargetKind.BOARD, 4),
        phase=flop,
    )


def standing_extra_flop_card(state: RoundState) -> Remedy | None:
    """Seed 004 S13 dealing rule 4 while a flop's fourth card stands (not taken back): before substantial
    action on it (:func:`~rules.poker.irregular.substantial_action`, from the decisions entered since), take
    the flop back; after it, the card the players acted on stands and no card is burned before the next
    round (the engine already has the fourth card in the burn's place). None when no such card stands."""
    extra = [
        p
        for p in state.placed
        if p.target.kind is TargetKind.BURN
        and p.face_up
        and not p.void
        and any(a.code is AlertCode.EXTRA_CARD and a.seq == p.seq for a in state.alerts)
    ]
    if not extra:
        return None
    since = extra[-1].seq
    actions = [(e.seat, e.action) for n, e in state.segment if n > since and isinstance(e, Decision)]
    return premature_board("flop", too_many=True, substantial=substantial_action(actions))


def _card_name(card: Card | None) -> str:
    return "??" if card is None else str(card)


def _hole_phase(state: RoundState) -> tuple[int, str] | None:
    """The hole-card phase: its index and name."""
    for i, p in enumerate(state.game.procedure.phases):
        if p.kind is PhaseKind.DEAL:
            return i, p.name
    return None


_ACTED = frozenset({Action.BET, Action.CALL, Action.RAISE, Action.CHECK, Action.FOLD})


def _acted(state: RoundState) -> list[int]:
    """The seats that have acted on their hands (a betting decision), in order, each once."""
    seen: list[int] = []
    for d in state.decisions:
        if d.action in _ACTED and d.seat not in seen:
            seen.append(d.seat)
    return seen


def _extra_hole_card(state: RoundState, v: PokerVariant, findings: Sequence[Finding]) -> Finding | None:
    """A card read face down to a seat that already holds its hole cards, before the flop (the engine sees
    a card past the first betting gate going to someone other than the burn)."""
    if not state.placed or not any(f.code is AlertCode.OUT_OF_ORDER for f in findings):
        return None
    last = state.placed[-1]
    hole = _hole_phase(state)
    if hole is None or last.face_up or last.target.kind is not TargetKind.SEAT:
        return None
    if any(p.target.kind is TargetKind.BOARD and not p.void for p in state.placed):
        return None
    held = len(state.hand(last.target))
    if held != v.hole_cards + 1:
        return None
    return Finding(
        AlertCode.EXTRA_CARD,
        f"{_card_name(last.card)}: seat {last.target.index} was dealt {held} hole cards",
        seat=last.target.index,
        card=last.card,
        target=last.target,
        phase=hole[1],
    )


def _hole_card_window(state: RoundState, v: PokerVariant, f: Finding) -> Finding:
    """A wrong hole-card count ruled by the filed window (``poker.wrong_hole_cards``)."""
    hole = _hole_phase(state)
    if hole is None or f.code not in (
        AlertCode.MISSED_SEAT,
        AlertCode.WRONG_CARD_COUNT,
        AlertCode.EXTRA_CARD,
    ):
        return f
    seat = (
        f.seat
        if f.seat is not None
        else (f.target.index if f.target and f.target.kind is TargetKind.SEAT else None)
    )
    if seat is None or (f.code is AlertCode.EXTRA_CARD and f.phase != hole[1]):
        return f
    t = Target(TargetKind.SEAT, seat)
    held = len(state.hand(t))
    if f.code is AlertCode.MISSED_SEAT:
        held = v.hole_cards - 1  # a skipped seat is one card short when the deal ends
    acted = _acted(state)
    remedy = wrong_hole_cards(v.wrong_hole_cards, held, v.hole_cards, len(acted), seat in acted)
    if remedy.ruling is Ruling.DEAD_HAND:
        return Finding(
            AlertCode.WRONG_CARD_COUNT,
            f"seat {seat}: {remedy.words} ({', '.join(map(str, acted))} acted)",
            seat=seat,
            card=f.card,
            target=t,
            by=f.by,
            phase=hole[1],
            where=f.where,
        )
    return Finding(f.code, f"{f.message}: {remedy.words}", f.seat, f.card, f.target, f.by, hole[1], f.where)


# --- Mexican Stud: only one card face down at a time -------------------------------------------------


def _second_down_card(state: RoundState) -> Sequence[Finding]:
    """Mexican Stud (seed 000 L144, 002 §9): a player who asks for his card face down turns his other down
    card up, "so that at any one time, only one card per player is face down". A card dealt face down on a
    choice street to a player who did not ask for it down leaves him two down cards: DRAW_AGAINST_RULE."""
    if not state.placed:
        return ()
    last = state.placed[-1]
    phases = state.game.procedure.phases
    if last.face_up or last.target.kind is not TargetKind.SEAT or last.phase >= len(phases):
        return ()
    ph = phases[last.phase]
    if ph.kind is not PhaseKind.STREET or Face.CHOICE not in ph.face:
        return ()
    seat = last.target.index
    before = [p for p in state.placed[:-1] if p.target == last.target and not p.void]
    if not any(not p.face_up for p in before):
        return ()
    since = before[-1].seq if before else 0
    asked = [
        e.action
        for n, e in state.segment
        if n > since and isinstance(e, Decision) and e.seat == seat and e.action in (Action.UP, Action.DOWN)
    ]
    if asked and asked[-1] is Action.DOWN:
        return ()  # he asked for it down: his other down card is turned up
    return (
        Finding(
            AlertCode.DRAW_AGAINST_RULE,
            f"{_card_name(last.card)} dealt face down to seat {seat}, who did not ask for it down: only one "
            "card per player is face down at a time",
            seat=seat,
            card=last.card,
            target=last.target,
            phase=ph.name,
        ),
    )


def showing(state: RoundState, seat: int, v: PokerVariant) -> tuple[Card, ...]:
    """The seat's cards face up: the cards dealt up and, in Mexican Stud, every down card but the latest
    (the player turned it up when he asked for a card down, seed 000 L144)."""
    mine = [p for p in state.placed if p.target == Target(TargetKind.SEAT, seat) and not p.void and p.card]
    down = [p for p in mine if not p.face_up]
    keep_down = {down[-1].seq} if (v.one_down_at_a_time and down) else {p.seq for p in down}
    return tuple(p.card for p in mine if p.card is not None and (p.face_up or p.seq not in keep_down))


# --- the betting round the dealer enters --------------------------------------------------------------


def acting_order(
    v: PokerVariant,
    live: Sequence[int],
    button: int | None,
    upcards: Mapping[int, Sequence[Card]],
    first_round: bool,
) -> tuple[tuple[int, ...], dict[int, int]]:
    """The seats in acting order for the current betting round, and what is posted before it (blinds on
    the first round, the stud bring-in).

    Board and draw games: on the first round the blinds are posted by the seats left of the button and the
    first seat after the last blind acts first (seed 004 L1187-1189, 002 §10-14); heads-up the button posts
    the small blind and acts first. Later rounds begin with the first live seat left of the button. Stud:
    the bring-in (:func:`~rules.poker.deal.bring_in_seat`) posts and the seat to its left acts first; later
    rounds the best hand showing (:func:`~rules.poker.deal.first_to_act_stud`).
    """
    live = list(live)
    if v.game is GameKind.STUD:
        showing = {s: tuple(upcards.get(s, ())) for s in live}
        if first_round and v.bring_in is not None:
            deal_order = clockwise_from(live, button)
            ups = {s: cards[0] for s, cards in showing.items() if cards}
            bi = bring_in_seat(ups, v, deal_order)
            order = clockwise_from(live, bi)
            return tuple(order), {bi: v.bring_in.cents}
        first = first_to_act_stud({s: c for s, c in showing.items()}, v, button)
        i = live.index(first)
        return tuple(live[i:] + live[:i]), {}
    if button is None and live:
        # No button named: the deal runs from the lowest seat, so the last seat holds it in effect (and
        # heads-up it posts the small blind, as a named button does).
        button = max(live)
    seats = clockwise_from(live, button)
    if first_round and v.blinds:
        if len(seats) == 2 and len(v.blinds) == 2 and button in seats:
            other = seats[0]
            return (button, other), {button: v.blinds[0].cents, other: v.blinds[1].cents}
        n = min(len(v.blinds), len(seats) - 1)
        posted = {seats[i]: v.blinds[i].cents for i in range(n)}
        return tuple(seats[n:] + seats[:n]), posted
    return tuple(seats), {}


def _betting_finding(state: RoundState, event: Decision) -> Sequence[Finding]:
    """BET_AGAINST_RULE for a betting decision the filed betting rules do not allow (:func:`betting_round`:
    a bet or raise over the limit or the pot, a killed hand's limits, a check that owes chips). A decision out
    of turn is not raised: the dealer enters a seat's action to record that it acted (the filed windows). The
    engine has applied the decision; the hook sees the segment before it, so it is added here."""
    if state.current_phase is None or state.current_phase.kind is not PhaseKind.BETTING:
        return ()
    if any(state.alerts[i].code is AlertCode.BET_AGAINST_RULE for i in state.active):
        return ()  # the round is already off its rules until the floor's correction
    try:
        betting_round(state._replace(segment=(*state.segment, (state.seq + 1, event))))
    except TurnError:
        return ()  # a decision entered out of turn records that the seat acted (the filed windows)
    except BettingError as exc:
        return (
            Finding(
                AlertCode.BET_AGAINST_RULE, f"seat {event.seat} {event.action.value}: {exc}", seat=event.seat
            ),
        )
    return ()


def betting_round(state: RoundState) -> BettingRound | None:
    """The betting round in progress, from the decisions the dealer entered since it began (a
    :class:`Decision` with ``bet``, ``raise`` — ``amount`` the seat's total on this round —, ``call``,
    ``check`` or ``fold``): who acts next and whether it is complete. None outside a betting round.

    Read from the round's events (``state.segment``, corrections applied), so call it on a state that
    :func:`rules.round.apply` returned. Raises :class:`BettingError` naming the first action the filed
    rules do not allow.
    """
    v = FAMILY.variant(state)
    ph = state.current_phase
    if v is None or ph is None or ph.kind is not PhaseKind.BETTING or state.start is None:
        return None
    groups = _decision_groups(state)
    since = [d for d in groups[-1] if d.action in _ACTED]  # a draw's decisions (draw, stand pat) are not bets
    earlier = [g for g in ([d for d in g if d.action in _ACTED] for g in groups[:-1]) if g]
    earlier = earlier[: state.betting_round]
    pot = v.ante_cents * len(state.start.players)  # the antes are in the pot before the first round
    if v.betting.structure is Structure.POT_LIMIT:  # the pot before this round limits its raises
        for i, g in enumerate(earlier):
            later = {d.seat for h in (*earlier[i + 1 :], since) for d in h if d.action is Action.FOLD}
            pot += sum(_round_from(state, v, i, g, pot, later).committed.values())  # each on the pot before it
    return _round_from(state, v, state.betting_round, since, pot, frozenset())


def _decision_groups(state: RoundState) -> list[list[Decision]]:
    """The decisions entered (corrections applied) between cards, burns and confirm presses, in order;
    the last group is the current one (possibly empty)."""
    off = undone(state.segment)
    groups: list[list[Decision]] = [[]]
    for n, e in state.segment:
        if n in off:
            continue
        if isinstance(e, CardRead | Burn) or (isinstance(e, ButtonPress) and e.button is Button.CONFIRM):
            if groups[-1]:
                groups.append([])
        elif isinstance(e, Decision):
            groups[-1].append(e)
    return groups


def _round_from(
    state: RoundState,
    v: PokerVariant,
    index: int,
    decisions: Sequence[Decision],
    pot: int,
    folded_later: Set[int],
) -> BettingRound:
    """Betting round ``index`` (0-based) replayed from its decisions, ``pot`` in the middle before it;
    ``folded_later``: seats that fold on a later round (live on this one)."""
    r = _round_start(state, v, index, decisions, pot, folded_later)
    for d in decisions:
        r = r.act(d.seat, d.action, d.amount)
    return r


def _round_start(
    state: RoundState,
    v: PokerVariant,
    index: int,
    decisions: Sequence[Decision],
    pot: int,
    folded_later: Set[int],
) -> BettingRound:
    """Betting round ``index`` (0-based) before its first decision: the acting order of the seats live on
    it (``decisions``: its own folds), the blinds, bring-in or kill blind it posts. A killed hand
    (:func:`~rules.poker.kill.kill_seat`) plays at the killed limits; its killer posts the kill blind and
    acts last on the first round (choice in the Winner Lowball game file)."""
    assert state.start is not None
    folded_now = {d.seat for d in decisions if d.action is Action.FOLD}
    # seats that folded on this round (or later) are still in its acting order; so are seats ruled dead
    # later (``folded_later`` names them where the caller knows it)
    live_before = [
        s
        for s in state.start.players
        if (s not in state.dead or s in folded_later)
        and (s not in state.folded or s in folded_now or s in folded_later)
    ]
    upcards = {s: showing(state, s, v) for s in live_before}
    try:
        order, posted = acting_order(v, live_before, state.start.button, upcards, index == 0)
    except DealError as exc:
        raise BettingError(f"cannot tell who acts first: {exc}") from None
    rules = v.betting
    killer = kill_seat(state.start.wagers, v, state.carried)
    if killer is not None and killer in live_before and v.kill.blind is not None:
        rules = killed_betting(v)
        if index == 0:
            posted = {**posted, killer: posted.get(killer, 0) + v.kill.blind.cents}
            order = (*(s for s in order if s != killer), killer)
    return BettingRound.start(order, rules, index + 1, posted, pot)


# --- the pot: every chip the hand put in -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChipsIn:
    """What each seat put in the pot over the hand, in cents (:func:`chips_in`), and the keyed decisions
    whose chips could not be counted (each with the reason the filed betting rules refuse it)."""

    seats: Mapping[int, int]
    uncounted: tuple[str, ...] = ()

    @property
    def pot(self) -> int:
        """The whole pot."""
        return sum(self.seats.values())


def keyed_chips(state: RoundState, v: PokerVariant) -> ChipsIn | None:
    """Each seat's chips from the betting the dealer keyed, every round of the hand replayed in order:
    each dealt seat's ante (``ante_cents``), the blinds, the bring-in and the kill blind each round posts,
    and every bet, call and raise (a ``decision``; corrections applied). A decision the filed rules refuse
    (entered out of turn to record that a seat acted, or let stand by the floor) moves no chips; it is
    listed in ``uncounted``. None where no betting decision was keyed."""
    assert state.start is not None
    groups = [g for g in ([d for d in g if d.action in _ACTED] for g in _decision_groups(state)) if g]
    if not groups:
        return None
    seats: dict[int, int] = {s: v.ante_cents for s in state.start.players if v.ante_cents}
    uncounted: list[str] = []
    pot = sum(seats.values())
    for i, g in enumerate(groups):
        later = {d.seat for h in groups[i + 1 :] for d in h if d.action is Action.FOLD}
        # a seat ruled dead was in the hand until then: in the first round (its blind) and every round
        # it keyed a decision in, or a later one
        later |= {s for s in state.dead if i == 0 or any(d.seat == s for h in groups[i:] for d in h)}
        try:
            r = _round_start(state, v, i, g, pot, later)
        except BettingError as exc:
            uncounted.extend(f"seat {d.seat} {d.action.value}: {exc}" for d in g)
            continue
        for d in g:
            try:
                r = r.act(d.seat, d.action, d.amount)
            except BettingError as exc:
                uncounted.append(f"seat {d.seat} {d.action.value} on betting round {i + 1}: {exc}")
        for s, c in r.committed.items():
            seats[s] = seats.get(s, 0) + c
        pot += sum(r.committed.values())
    return ChipsIn(seats, tuple(uncounted))


def chips_in(state: RoundState, v: PokerVariant) -> ChipsIn:
    """Each seat's contribution to the pot over the whole hand (folded and dead seats too).

    choice: where the dealer keys the betting (any bet, call, raise, check or fold on the bet picker or in
    the journal), the pot is what the hand put in (:func:`keyed_chips`): the antes, the blinds, the
    bring-in, the winner's blind and every bet, call and raise; the round start's wagers then say only who
    is dealt in (the chips in a seat's circle on the layout) and who posted the winner's blind. Where no
    betting is keyed (a scenario that enters each seat's whole contribution as its wager), the wagers are
    the contributions. Where some keyed decisions are not a betting record the filed rules can replay
    (entered out of turn only to note that a seat acted: ``uncounted``), a seat's contribution is the
    larger of its wagers and its counted chips, and the settlement lists what was not counted. Chips are
    conserved: the pot is the sum of the contributions and is divided whole."""
    assert state.start is not None
    keyed = keyed_chips(state, v)
    if keyed is not None and not keyed.uncounted:
        return keyed
    wagered: dict[int, int] = {}
    for w in state.start.wagers:
        wagered[w.seat] = wagered.get(w.seat, 0) + w.cents
    if keyed is None:
        return ChipsIn(wagered)
    both = {s: max(wagered.get(s, 0), keyed.seats.get(s, 0)) for s in {*wagered, *keyed.seats}}
    return ChipsIn(both, keyed.uncounted)


def nets(contributions: Mapping[int, int], shares: Mapping[int, int]) -> dict[int, int]:
    """Each seat's net over the hand: what it takes from the pot less what it put in, in cents."""
    return {s: shares.get(s, 0) - contributions.get(s, 0) for s in sorted({*contributions, *shares})}


FAMILY = PokerFamily()
for _name in FAMILIES:
    register_family(_name, FAMILY)
