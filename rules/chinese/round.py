"""The Chinese Poker family's hook for the round engine (``rules.round.family``).

The generic engine deals the cards from the game file's ``deal:`` (13 Card Poker: thirteen each; The 101: five
face up each, then one at a time; Parkwest: five, then three at a time of which one is discarded). The dealer
enters each hand as set with a ``hand_set`` event (``front``, ``middle``, ``back``); in an open-face game
(``placement: open``) he may enter it after every placement, and each entry is checked against the last:

* a card set face up in a segment and later found elsewhere is CARD_MOVED ("Once the card lays face-up on the
  table in any of the segments, it will be set and cannot be altered", seed 000 L3097);
* a segment over its size (more than three cards in the top, L3097) or a complete hand that is foul (seed 000
  L3125, 001 L735-737) is FOUL_HAND; so is a hand holding a card not dealt to the seat.

Once every player's thirteen cards are set, :meth:`ChineseFamily.settle` scores the deal
(:mod:`rules.chinese.scoring`); the round's wagers are the players' table stakes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rules.cards import Card
from rules.chinese.hands import SEGMENTS, SIZES, SetHand, foul_reason
from rules.chinese.report import ChineseReport, FantasyLandPart, ScoringPart
from rules.chinese.schema import ChinesePokerFile
from rules.chinese.scoring import fantasy_land, score_hand, settle
from rules.chinese.setter import propose
from rules.chinese.variant import ChineseVariant, parse_chinese
from rules.poker.deal import next_button
from rules.round.alerts import AlertCode
from rules.round.events import Event, HandSet, Target, TargetKind
from rules.round.family import BaseFamily, PerGame, Progress, register_family
from rules.round.procedure import Face, PhaseKind, Slot
from rules.round.rulings import Finding
from rules.round.state import undone

if TYPE_CHECKING:
    from rules.analysis import Analysis
    from rules.round.state import RoundState

#: The families whose hooks this module provides.
FAMILIES = ("chinese",)


def _segments(e: HandSet) -> dict[str, tuple[Card, ...]]:
    return {"front": e.front, "middle": e.middle, "back": e.back}


class ChineseFamily(BaseFamily):
    """Hand checks and the deal's settlement for Chinese Poker, Pineapple and 13 Card Poker."""

    #: The strict schema of the family's game files (``rules.gamefile``).
    schema = ChinesePokerFile
    report_types = (ChineseReport,)

    def __init__(self) -> None:
        self._variants: PerGame[ChineseVariant] = PerGame(
            lambda state: parse_chinese(state.game.data.get("chinese", {}))
        )

    def variant(self, state: RoundState) -> ChineseVariant:
        """The variant of the game being dealt."""
        return self._variants(state)

    def next_button(self, state: RoundState, seats: Sequence[int]) -> int | None:
        """The action and dealer buttons move together clockwise to the next player after each round of play
        (seed 000 L3109, L3683; ``chinese.button_rotates``); None where not filed or at a new game."""
        if not self.variant(state).button_rotates:
            return None
        return next_button(state.last_button or None, seats, state.redeal)

    def first_button(self, state: RoundState, seats: Sequence[int]) -> int | None:
        """A new game: the player to the left of the house dealer receives both buttons (seed 000 L3109,
        L3683): the lowest seat in play."""
        return min(seats) if seats and self.variant(state).button_rotates else None

    def dealt(self, state: RoundState, seat: int) -> tuple[Card, ...]:
        """The cards read to ``seat`` (unread cards left out)."""
        return tuple(c for c in state.hand(Target(TargetKind.SEAT, seat)) if c is not None)

    def check(self, state: RoundState, event: Event) -> Sequence[Finding]:
        """CARD_MOVED and FOUL_HAND on a ``hand_set`` (see the module docstring)."""
        if not isinstance(event, HandSet) or state.start is None:
            return ()
        v = self.variant(state)
        seat = event.seat
        target = Target(TargetKind.SEAT, seat)
        segs = _segments(event)
        dealt = {c.index for c in self.dealt(state, seat)}
        stray = [c for s in segs.values() for c in s if c.index not in dealt]
        if stray:
            return (
                Finding(
                    AlertCode.FOUL_HAND,
                    f"seat {seat} set {stray[0]}, a card not dealt to it",
                    seat=seat,
                    card=stray[0],
                    target=target,
                ),
            )
        if v.pineapple is not None and seat not in self.fantasy_seats(state):
            kept = _pineapple_finding(state, event, v.pineapple)
            if kept is not None:
                return (kept,)
        if v.placement == "open":
            before = [h for h in state.hand_sets[:-1] if h.seat == seat]
            if before:
                now = {c.index: s for s, cs in segs.items() for c in cs}
                for s, cs in _segments(before[-1]).items():
                    for c in cs:
                        if now.get(c.index) != s:
                            where = f"the {now[c.index]}" if c.index in now else "no segment"
                            return (
                                Finding(
                                    AlertCode.CARD_MOVED,
                                    f"seat {seat}: {c}, set face up in the {s}, is now in {where}",
                                    seat=seat,
                                    card=c,
                                    target=target,
                                ),
                            )
        over = [s for s in SEGMENTS if len(segs[s]) > SIZES[s]]
        if over:
            s = over[0]
            return (
                Finding(
                    AlertCode.FOUL_HAND,
                    f"seat {seat}: {len(segs[s])} cards in the {s} (at most {SIZES[s]})",
                    seat=seat,
                    target=target,
                ),
            )
        hand = SetHand(event.front, event.middle, event.back)
        if sum(len(x) for x in segs.values()) == 13:
            why = foul_reason(hand)
            if why is not None:
                return (Finding(AlertCode.FOUL_HAND, f"seat {seat}: {why}", seat=seat, target=target),)
        return ()

    # -- Fantasy Land, carried from one hand to the next ------------------------------------------

    #: The status :meth:`carry` gives a seat in Fantasy Land (``RoundState.carried``).
    FANTASY_LAND = "fantasy_land"

    def fantasy_seats(self, state: RoundState) -> tuple[int, ...]:
        """The players this hand deals as in Fantasy Land (carried from the last hand)."""
        if state.start is None:
            return ()
        return tuple(
            s
            for s, w in state.carried
            if w == self.FANTASY_LAND and s in state.start.players and s not in state.dead
        )

    def carry(self, state: RoundState) -> tuple[tuple[int, str], ...]:
        """The players in Fantasy Land next hand: one not in it enters with the filed front pair or better
        without a foul; one in it stays only on a stay condition (seed 000 L3210, L3773). Nothing for a game
        whose Fantasy Land deal the terminal does not deal (``fantasy_land.deal``)."""
        v = self.variant(state)
        if v.fantasy_deal is None or state.start is None:
            return ()
        inside = set(self.fantasy_seats(state))
        hands = self.set_hands(state)
        out: list[tuple[int, str]] = []
        for seat in state.start.players:
            h = hands.get(seat)
            if seat in state.dead or h is None or len(h.cards) != 13:
                continue
            words = fantasy_land(score_hand(seat, h, self.dealt(state, seat), v), v) or ""
            if ("stays" if seat in inside else "enters") in words:
                out.append((seat, self.FANTASY_LAND))
        return tuple(out)

    def phase_slots(self, state: RoundState, index: int, slots: tuple[Slot, ...]) -> tuple[Slot, ...]:
        """A player in Fantasy Land gets his cards face down in one go (The 101: all thirteen before the others,
        L3210; Parkwest: the first five with the others, then the other nine at once, L3773) and no more."""
        v = self.variant(state)
        fl = self.fantasy_seats(state)
        if v.fantasy_deal is None or not fl:
            return slots
        cards, first, _ = v.fantasy_deal
        deals = [i for i, p in enumerate(state.game.procedure.phases) if p.kind is PhaseKind.DEAL]
        if first and index == deals[0]:
            return slots  # his first cards with the others
        mine = {Target(TargetKind.SEAT, s) for s in fl}
        rest = tuple(x for x in slots if x.target not in mine)
        if index != (deals[1] if first and len(deals) > 1 else deals[0]):
            return rest
        held = state.held()
        extra: list[Slot] = []
        for seat in fl:
            t = Target(TargetKind.SEAT, seat)
            for n in range(held.get(t, 0) + 1, cards + 1):
                words = f"seat {seat}: Fantasy Land, card {n} of {cards} face down"
                extra.append(Slot(t, n, Face.DOWN, words, index))
        return (*extra, *rest)

    def set_hands(self, state: RoundState) -> dict[int, SetHand]:
        """Each seat's latest hand as set."""
        out: dict[int, SetHand] = {}
        for h in state.hand_sets:
            out[h.seat] = SetHand(h.front, h.middle, h.back)
        return out

    def hands_to_set(self, state: RoundState) -> list[str]:
        """The players whose thirteen cards are not yet entered as set, for the dealer's screen."""
        if state.start is None:
            return []
        done = {h.seat for h in state.hand_sets if len(h.front) + len(h.middle) + len(h.back) == 13}
        return [f"seat {s}" for s in state.start.players if s not in done and s not in state.dead]

    def to_place(self, state: RoundState, seat: int) -> tuple[Card, ...]:
        """The seat's read cards the setter places (see :meth:`proposal`)."""
        v = self.variant(state)
        cards = self.dealt(state, seat)
        if v.fantasy_deal is not None and seat in self.fantasy_seats(state):
            return cards[: v.fantasy_deal[0] - v.fantasy_deal[2]]
        if v.pineapple is None:
            return cards
        first, size, keep = v.pineapple
        return cards[:first] + tuple(c for i in range(first, len(cards), size) for c in cards[i : i + keep])

    def proposal(self, state: RoundState, seat: int) -> SetHand | None:
        """Advice for the dealer: a legal setting of the seat's thirteen cards (:func:`rules.chinese.setter.propose`),
        or None until the seat holds thirteen read cards to place. In the Pineapple the cards to place are the
        first five and the first two of each packet of three (the third is the one discarded), and a Fantasy Land
        hand of fourteen places its first thirteen: advice for the dealer's demo, never a ruling."""
        cards = self.to_place(state, seat)
        if len(cards) != 13:
            return None
        return propose(cards, self.variant(state)).hand

    def house_way_sets(self, state: RoundState) -> list[HandSet] | str:
        """No House Way is filed: the setter's advice (:meth:`proposal`) entered for every player still to set,
        for a player who asks the dealer to set his hand (the console's ``h``; never a ruling, ``house_way``
        false). Refused until every card is read."""
        if state.start is None or state.status.value != "dealt":
            return "the hands are set once every card is dealt"
        done = {h.seat for h in state.hand_sets if len(h.front) + len(h.middle) + len(h.back) == 13}
        out: list[HandSet] = []
        for seat in state.start.players:
            if seat in done or seat in state.dead:
                continue
            p = self.proposal(state, seat)
            if p is None:
                return f"seat {seat} does not hold thirteen read cards"
            out.append(HandSet(seat, p.front, p.back, p.middle))
        return out or "every hand is set"

    def analyze(
        self, data: Mapping[str, Any], decks: int | None, progress: Progress | None = None
    ) -> Analysis:
        """Exact probabilities of the bonus and Clean Sweep classes (:mod:`rules.chinese.analyze`)."""
        from rules.chinese.analyze import analyze

        return analyze(data, decks, progress)

    def settle(self, state: RoundState) -> ChineseReport | None:
        """The deal's settlement once every player's hand is set, else why not yet."""
        if state.start is None:
            return None
        v = self.variant(state)
        players = [s for s in state.start.players if s not in state.dead]
        if not v.players_min <= len(players) <= v.players_max:
            return ChineseReport(
                chinese=None, why=f"{len(players)} hands: this game deals {v.players_min} to {v.players_max}"
            )
        hands = self.set_hands(state)
        todo = [s for s in players if s not in hands or len(hands[s].cards) != 13]
        if todo:
            return ChineseReport(
                chinese=None, why="enter the hand as set (hand_set) for seat " + ", ".join(map(str, todo))
            )
        scores = [score_hand(s, hands[s], self.dealt(state, s), v) for s in players]
        stakes: dict[int, int] = {}
        for w in state.start.wagers:
            stakes[w.seat] = stakes.get(w.seat, 0) + w.cents
        result = settle(scores, state.start.button, v, stakes or None)
        fantasy = None
        if v.fantasy_deal is not None:
            fantasy = FantasyLandPart(
                this_hand=self.fantasy_seats(state), next_hand=tuple(s for s, _ in self.carry(state))
            )
        # the scoring's own JSON form (rules.chinese.scoring.Settlement.to_json), read as its typed part
        return ChineseReport(chinese=ScoringPart.from_json(result.to_json(), "chinese"), fantasy_land=fantasy)


def _pineapple_finding(state: RoundState, e: HandSet, rule: tuple[int, int, int]) -> Finding | None:
    """Parkwest's Pineapple (seed 000 L3671-3673): of each three cards dealt together a player places two "and
    must discard the third". DRAW_AGAINST_RULE for a hand holding all three of a packet, or a card he had
    discarded: a packet's card missing from his entry made after that packet was dealt (each entry is taken as
    the placement of every card received so far). The filing gives no ruling: the floor is called."""
    first, size, keep = rule
    target = Target(TargetKind.SEAT, e.seat)
    mine = [p for p in state.placed if p.target == target and not p.void and p.card is not None]
    packets = [mine[i : i + size] for i in range(first, len(mine), size)]
    now = {c.index for c in (*e.front, *e.middle, *e.back)}
    for k, pk in enumerate(packets, 1):
        held = [p.card for p in pk if p.card is not None and p.card.index in now]
        if len(held) > keep:
            return Finding(
                AlertCode.DRAW_AGAINST_RULE,
                f"seat {e.seat} placed {len(held)} of the {size} cards of packet {k}: "
                f"{size - keep} must be discarded",
                seat=e.seat,
                card=held[-1],
                target=target,
            )
    off = undone(state.segment)
    entries = [
        (n, x) for n, x in state.segment if n not in off and isinstance(x, HandSet) and x.seat == e.seat
    ]
    if len(entries) < 2:
        return None
    prev_seq, prev = entries[-2]
    placed_then = {c.index for c in (*prev.front, *prev.middle, *prev.back)}
    for pk in packets:
        if len(pk) < size or pk[-1].seq > prev_seq:
            continue  # not yet all dealt when the last entry was made
        for p in pk:
            if p.card is not None and p.card.index in now and p.card.index not in placed_then:
                return Finding(
                    AlertCode.DRAW_AGAINST_RULE,
                    f"seat {e.seat} placed {p.card}, a card he had discarded",
                    seat=e.seat,
                    card=p.card,
                    target=target,
                )
    return None


FAMILY = ChineseFamily()
for _name in FAMILIES:
    register_family(_name, FAMILY)
