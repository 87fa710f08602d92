"""Two alternating decks with different backs (every single-deck Three Card Poker filing, and 3 Card Texas
Hold'em with a shuffler): one deck is dealt while the other is in the shuffler, the decks alternate every
round, and only one deck's cards may be in the discard rack at a time.

A card whose back is the deck not in play is the WRONG_DECK condition; these functions return the round
engine's :class:`~rules.round.rulings.Finding` so the variant's ruling table rules on it like any other.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.cards import Card
from rules.round.alerts import AlertCode
from rules.round.rulings import Finding
from rules.threecard.model import AlternatingDecksSpec, Cite, ThreeCardDataError


@dataclass(frozen=True, slots=True)
class AlternatingDecks:
    """The two decks of a table, by back colour (``red``, ``blue``), and the filing's cite."""

    backs: tuple[str, str]
    cite: Cite

    @classmethod
    def from_spec(cls, spec: AlternatingDecksSpec) -> AlternatingDecks:
        """From the variant's ``decks:`` data."""
        return cls(spec.backs, spec.cite)

    def _norm(self, back: str, where: str = "back") -> str:
        if not isinstance(back, str):
            raise ThreeCardDataError(where, f"a back colour is text, not {back!r}")
        for b in self.backs:
            if b.lower() == back.strip().lower():
                return b
        raise ThreeCardDataError(
            where, f"{back!r} is neither of this table's decks ({' or '.join(self.backs)})"
        )

    def other(self, back: str) -> str:
        """The other deck."""
        b = self._norm(back)
        return self.backs[1] if b == self.backs[0] else self.backs[0]

    def in_play(self, round_number: int, first: str | None = None) -> str:
        """The deck dealt in round ``round_number`` (1, 2, …) when round 1 used ``first`` (default the
        first back listed): each deck every other round."""
        if not isinstance(round_number, int) or isinstance(round_number, bool) or round_number < 1:
            raise ThreeCardDataError("round", f"rounds are numbered from 1, not {round_number!r}")
        start = self._norm(first, "first") if first is not None else self.backs[0]
        return start if round_number % 2 == 1 else self.other(start)

    def in_shuffler(self, round_number: int, first: str | None = None) -> str:
        """The deck being shuffled while round ``round_number`` is dealt."""
        return self.other(self.in_play(round_number, first))

    def is_wrong_deck(self, back: str, in_play: str) -> bool:
        """Whether a card with ``back`` does not belong to the deck in play."""
        return self._norm(back) != self._norm(in_play, "in_play")

    def wrong_deck(
        self, back: str, in_play: str, card: Card | None = None, seat: int | None = None
    ) -> Finding | None:
        """WRONG_DECK when a card read with ``back`` is not from the deck in play, else None."""
        if not self.is_wrong_deck(back, in_play):
            return None
        what = f"{card} " if card is not None else "a card "
        return Finding(
            AlertCode.WRONG_DECK,
            f"{what}has a {self._norm(back)} back, but the {self._norm(in_play)} deck is in play ({self.cite})",
            seat=seat,
            card=card,
            where="deck",
        )

    def not_alternated(self, previous: str, now: str) -> Finding | None:
        """WRONG_DECK when the same deck is dealt two rounds running (the decks alternate every round)."""
        if self._norm(previous, "previous") != self._norm(now, "now"):
            return None
        return Finding(
            AlertCode.WRONG_DECK,
            f"the {self._norm(now)} deck was dealt last round too: the decks alternate every round ({self.cite})",
            where="deck",
        )

    def discard_rack(self, backs: Iterable[str]) -> Finding | None:
        """WRONG_DECK when cards of both decks are in the discard rack (only one deck's cards at a time)."""
        present = {self._norm(b) for b in backs}
        if len(present) < 2:
            return None
        return Finding(
            AlertCode.WRONG_DECK,
            f"cards of both decks ({' and '.join(self.backs)}) are in the discard rack ({self.cite})",
            where="deck",
        )
