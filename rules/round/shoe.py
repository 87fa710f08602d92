"""A shoe session: the cards seen since the last shuffle, the cut card, and the rounds dealt from it.

The session lives across rounds (a round never resets it; only a ``shuffle`` event does). It is what
DUPLICATE_CARD and FOREIGN_CARD are checked against, and it tells the procedure whether this round is
the first of a new shoe (for burns filed only on a new shoe).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.cards import ALL_CARDS, Card
from rules.decks import DeckSpec

_EMPTY = (0,) * len(ALL_CARDS)


@dataclass(frozen=True, slots=True)
class ShoeSession:
    """Cards seen (by card index) since the last shuffle; ``shuffled`` is False until the first shuffle."""

    deck: DeckSpec
    seen: tuple[int, ...] = _EMPTY
    total: int = 0
    unread: int = 0
    rounds: int = 0
    cut_card_out: bool = False
    shuffled: bool = False
    deck_id: str = ""
    limits: tuple[int, ...] = ()
    #: The deck named by the shuffle before this one (two alternating decks: the deck dealt last time).
    previous_deck_id: str = ""
    #: Shuffled by hand (a ``shuffle`` whose source is the dealer), not by a shuffler.
    by_hand: bool = False

    def __post_init__(self) -> None:
        if not self.limits:
            comp = self.deck.composition()
            object.__setattr__(self, "limits", tuple(comp[c] for c in ALL_CARDS))

    def copies_seen(self, card: Card) -> int:
        """How many times ``card`` was read since the last shuffle."""
        return self.seen[card.index]

    def is_foreign(self, card: Card) -> bool:
        """Whether this deck has no such card at all."""
        return self.limits[card.index] == 0

    def would_duplicate(self, card: Card) -> bool:
        """Whether one more ``card`` is more copies than the shoe holds."""
        lim = self.limits[card.index]
        return lim > 0 and self.seen[card.index] + 1 > lim

    def read(self, card: Card | None) -> ShoeSession:
        """The session after one more card came out of the shoe."""
        if card is None:
            return _replace(self, total=self.total + 1, unread=self.unread + 1)
        i = card.index
        seen = self.seen[:i] + (self.seen[i] + 1,) + self.seen[i + 1 :]
        return _replace(self, seen=seen, total=self.total + 1)

    def unread_card(self, card: Card | None) -> ShoeSession:
        """The session with one read taken back (a corrected read is re-counted by the refold, not here)."""
        if card is None:
            return _replace(self, total=self.total - 1, unread=self.unread - 1)
        i = card.index
        seen = self.seen[:i] + (max(0, self.seen[i] - 1),) + self.seen[i + 1 :]
        return _replace(self, seen=seen, total=self.total - 1)

    def shuffle(self, deck_id: str = "", after_void: bool = False, by_hand: bool = False) -> ShoeSession:
        """A new shoe: nothing seen, no rounds dealt, the cut card back in.

        ``previous_deck_id`` keeps the deck dealt before; a reshuffle after a voided round (a misdeal)
        keeps the one before that, since the voided deck was not played.
        """
        previous = self.previous_deck_id if after_void else self.deck_id
        return ShoeSession(
            self.deck,
            deck_id=deck_id,
            shuffled=True,
            limits=self.limits,
            previous_deck_id=previous,
            by_hand=by_hand,
        )

    def start_round(self) -> ShoeSession:
        """One more round dealt from this shoe."""
        return _replace(self, rounds=self.rounds + 1)

    def cut_card(self) -> ShoeSession:
        """The cut card came out: shuffle after this round."""
        return _replace(self, cut_card_out=True)

    @property
    def remaining(self) -> int:
        """Cards left in the shoe by count (never below zero)."""
        return max(0, self.deck.size - self.total)


def _replace(s: ShoeSession, **kw: object) -> ShoeSession:
    d = {
        "deck": s.deck,
        "seen": s.seen,
        "total": s.total,
        "unread": s.unread,
        "rounds": s.rounds,
        "cut_card_out": s.cut_card_out,
        "shuffled": s.shuffled,
        "deck_id": s.deck_id,
        "limits": s.limits,
        "previous_deck_id": s.previous_deck_id,
        "by_hand": s.by_hand,
    }
    d.update(kw)
    return ShoeSession(**d)  # type: ignore[arg-type]
