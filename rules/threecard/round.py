"""The Three Card Poker family's hook for the round engine (``rules.round.family``).

The generic engine deals the stacks of three (or the hole cards and communal cards) from the variant's
``deal:`` data and rules on irregularities from its ``irregularities:`` table. This hook adds the family's
own finding: a card read with the back of the deck that is not in play (WRONG_DECK). The deck in play is the
one named by the round's Shuffle event (``deck_id``); a read reports its back where the device can see it
(``CardRead.back``). Reads without a back, or a shuffle that names no deck, are not checked.

Settlement: once every seat with an Ante has decided (a ``decision`` event: ``fold``, or ``bet``/``call``/
``raise`` for the first step, with its ``amount`` in cents or the Ante's; ``bet`` or ``check`` for 3 Card
Texas Hold'em's second step), each wager's result from :func:`rules.threecard.settle.settle_hand`, in the
filed order, for the banking engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rules.cards import Card, format_cards
from rules.errors import RulesError
from rules.round.events import Action, CardRead, Event, Target, TargetKind
from rules.round.family import BaseFamily, register_family
from rules.round.rulings import Finding
from rules.threecard.decks import AlternatingDecks
from rules.threecard.hands import hand_value, qualifies
from rules.threecard.model import ThreeCardDataError, Variant, from_data
from rules.threecard.settle import PlayerHand, settle_hand

if TYPE_CHECKING:
    from rules.round.state import RoundState

_RAISE = (Action.BET, Action.CALL, Action.RAISE, Action.UP)


class ThreeCardFamily(BaseFamily):
    """WRONG_DECK on two-deck tables; everything else is the generic engine's."""

    def __init__(self) -> None:
        self._cache: dict[int, Variant] = {}

    def variant(self, state: RoundState) -> Variant:
        """The variant of the game being dealt, built once from the game file's mapping."""
        data = state.game.data
        v = self._cache.get(id(data))
        if v is None:
            if not data:
                raise ThreeCardDataError("game", f"{state.game.id}: the round engine was given no game data")
            v = from_data(data)
            self._cache[id(data)] = v
        return v

    def check(self, state: RoundState, event: Event) -> Sequence[Finding]:
        """WRONG_DECK for a read whose back is not the deck in play."""
        if not isinstance(event, CardRead) or not event.back:
            return ()
        back = event.back
        v = self.variant(state)
        in_play = state.shoe.deck_id
        if v.alternating is None or not in_play:
            return ()
        decks = AlternatingDecks.from_spec(v.alternating)
        try:
            finding = decks.wrong_deck(back, in_play, card=event.card)
        except ThreeCardDataError:
            return ()
        return (finding,) if finding is not None else ()

    def settle(self, state: RoundState) -> Mapping[str, Any] | None:
        """Each wager's result once the hands are out and every Ante has decided; None until then."""
        start = state.start
        if start is None:
            return None
        v = self.variant(state)
        pd = state.hand(Target(TargetKind.PLAYER_DEALER))
        board = tuple(p.card for p in state.placed if p.target.kind is TargetKind.BOARD and not p.void)
        if len(pd) != v.hole_cards or len(board) != v.board_cards or None in pd or None in board:
            return None
        pd_cards = _known(pd)
        board_cards = _known(board)
        seats: dict[int, dict[str, int]] = {}
        for w in start.wagers:
            spot = seats.setdefault(w.seat, {})
            spot[w.spot] = spot.get(w.spot, 0) + w.cents
        dv = hand_value(v, pd_cards, board_cards)
        out: dict[str, Any] = {
            "player_dealer": format_cards(pd_cards),
            "board": format_cards(board_cards),
            "player_dealer_qualifies": qualifies(v, dv),
            "order": list(v.order),
            "wagers": [],
        }
        rows: list[tuple[int, int, dict[str, Any]]] = []
        for seat, wagers in sorted(seats.items()):
            ante = wagers.get("ante")
            if ante is not None:
                decided = [d for d in state.decisions if d.seat == seat]
                if not decided:
                    return None  # the decisions are not all in
                if decided[0].action in _RAISE:
                    wagers[v.raises[0].key] = decided[0].amount or ante
                    later = [d for d in decided[1:] if d.action in _RAISE]
                    for step, d in zip(v.raises[1:], later, strict=False):
                        wagers[step.key] = d.amount or ante
            cards = state.hand(Target(TargetKind.SEAT, seat))
            if len(cards) != v.hole_cards or None in cards:
                return None
            try:
                results = settle_hand(v, PlayerHand(_known(cards), wagers), pd_cards, board_cards)
            except RulesError as exc:
                rows.append((0, seat, {"seat": seat, "result": "problem", "rule": str(exc)}))
                continue
            for r in results:
                stake = wagers["ante"] if r.wager == "ante-bonus" else wagers[r.wager]
                rank = v.order.index(r.wager) if r.wager in v.order else 0
                row: dict[str, Any] = {
                    "seat": seat,
                    "spot": r.wager,
                    "cents": stake,
                    "result": r.result,
                    "pays": str(r.pays),
                    "net_cents": r.net_cents(stake),
                    "rule": r.rule,
                    "cite": str(r.cite),
                }
                if r.refund_cents:
                    row["refund_cents"] = r.refund_cents
                rows.append((rank, seat, row))
        out["wagers"] = [row for _, _, row in sorted(rows, key=lambda x: (x[1], x[0]))]
        return out


def _known(cards: Sequence[Card | None]) -> tuple[Card, ...]:
    return tuple(c for c in cards if c is not None)


FAMILY = ThreeCardFamily()
register_family("threecard", FAMILY)
