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

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rules.cards import Card
from rules.errors import RulesError
from rules.poker.showdown import SeatHand, award_pot
from rules.poker.variant import GameKind, PokerVariant, parse_poker
from rules.round.events import Event, Target, TargetKind
from rules.round.family import BaseFamily, register_family
from rules.round.rulings import Finding

if TYPE_CHECKING:
    from rules.round.state import RoundState

#: The families whose hooks this module provides.
FAMILIES = ("holdem", "omaha", "stud", "draw")


class PokerFamily(BaseFamily):
    """Showdown settlement for the pot games; everything else is the generic engine's."""

    def __init__(self) -> None:
        self._cache: dict[int, tuple[Mapping[str, Any], PokerVariant]] = {}

    def variant(self, state: RoundState) -> PokerVariant | None:
        """The variant of the game being dealt (None where the game file has no ``poker:`` section)."""
        data = state.game.data
        hit = self._cache.get(id(data))
        if hit is not None and hit[0] is data:
            return hit[1]
        if "poker" not in data:
            return None
        v = parse_poker(data["poker"])
        self._cache[id(data)] = (data, v)
        return v

    def check(self, state: RoundState, event: Event) -> Sequence[Finding]:
        """No findings beyond the generic engine's (its table rules on exposed, boxed, premature cards)."""
        del state, event
        return ()

    def settle(self, state: RoundState) -> Mapping[str, Any] | None:
        """The showdown of the live hands, once every card is dealt; None where a card was not read."""
        v = self.variant(state)
        if v is None or state.start is None:
            return None
        live = state.live_players
        board_cards = [p.card for p in state.placed if p.target.kind is TargetKind.BOARD and not p.void]
        hands: list[SeatHand] = []
        shown = {h.seat: h.back for h in state.hand_sets}
        for s in live:
            t = Target(TargetKind.SEAT, s)
            cards = state.hand(t)
            if s in shown:
                # The cards the player keeps (draw: the five after the discards; Pineapple: the two after
                # the discard), entered as a hand_set; they must be among the cards he was dealt.
                kept = shown[s]
                if not set(kept) <= {c for c in cards if c is not None}:
                    return {"showdown": None, "why": f"seat {s} shows cards he was not dealt"}
                cards = kept
            elif len(cards) > v.hole_cards or (v.game is GameKind.DRAW and len(cards) != 5):
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
        pot = sum(w.cents for w in state.start.wagers)
        try:
            award = award_pot(v, pot, hands, board if v.game is GameKind.BOARD else (), state.start.button)
        except RulesError as exc:
            return {"showdown": None, "why": str(exc)}
        return {"showdown": award.to_json()}


FAMILY = PokerFamily()
for _name in FAMILIES:
    register_family(_name, FAMILY)
