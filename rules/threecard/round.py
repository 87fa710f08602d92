"""The Three Card Poker family's hook for the round engine (``rules.round.family``).

The generic engine deals the stacks of three (or the hole cards and communal cards) from the variant's
``deal:`` data and rules on irregularities from its ``irregularities:`` table. This hook adds the family's
own finding: a card read with the back of the deck that is not in play (WRONG_DECK). The deck in play is the
one named by the round's Shuffle event (``deck_id``); a read reports its back where the device can see it
(``CardRead.back``). Reads without a back, or a shuffle that names no deck, are not checked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules.round.events import CardRead, Event
from rules.round.family import BaseFamily, register_family
from rules.round.rulings import Finding
from rules.threecard.decks import AlternatingDecks
from rules.threecard.model import ThreeCardDataError, Variant, from_data

if TYPE_CHECKING:
    from rules.round.state import RoundState


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


FAMILY = ThreeCardFamily()
register_family("threecard", FAMILY)
