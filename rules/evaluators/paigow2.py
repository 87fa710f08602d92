"""The Pai Gow Poker front hand: two cards (one in Mini Pai Gow).

Two-card ranking, as the Pai Gow filings print or imply it: a pair beats any two unpaired cards, pairs
rank by their rank (A-A high, 2-2 low), and unpaired cards rank by the higher card, then the lower
(seed 000a §13 Ultimate Pai Gow Poker: "A-A, K-K … 2-2, High Card"; seed 002 §4: "pairs, then high
cards"; seeds 000b §5 and §9: the highest two-card hand is a pair of aces). Suits never count; there
are no two-card straights or flushes in Pai Gow.

The joker, by room:

* ``FrontJoker.BUG`` (every Pai Gow Poker and Double Hand Poker filing: seed 002 §4–5, seed 003 §2 rule
  15, seed 004 S3, seed 000a §3, seed 001 G08, seed 000b §5, §9, §11): "used as an ace or to complete a
  straight or flush". Two cards cannot make a straight or flush, so in the front the joker **is an
  ace**: Jk-A is a pair of aces (Capitol's House Way sets "A JOKR" in front as the pair of aces, seed 003
  §3, and seed 004 S3 "A♠+Joker"), Jk-K ranks as A-K and ties it (a copy). No room differs here.
* ``FrontJoker.WILD`` (seed 003 §2 rule 15: "Pai Gow Poker Joker Wild … may be used as any card"): the
  joker pairs the other card (Jk-9 is a pair of nines); alone it is an ace.
* ``joker_above_ace`` (Mini Pai Gow, seed 000 L1019, catalog 000a §11): "joker, ace, king, …" and "the
  joker is considered the highest possible ranking ace", so the one-card hand Jk beats A. With two
  cards the option makes Jk-K beat A-K (no filing has a two-card hand with this rule; it is data).
* ``FrontJoker.NONE``: a joker is an error (a deck without one).

Values: a pair is ``1 << 8 | r << 4 | r``; two unpaired cards ``hi << 4 | lo``; one card ``r``; ranks
2..14, 15 for a joker above the ace. Larger is better within each hand size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from rules.cards import JOKER_INDEX, Card
from rules.errors import HandError
from rules.evaluators.handrank import HandRank

PAIR: Final = "Pair"
HIGH_CARD: Final = "High Card"

_ACE: Final = 14
_ABOVE_ACE: Final = 15


class FrontJoker(Enum):
    """What the joker is in the front hand."""

    NONE = "none"
    BUG = "bug"
    WILD = "wild"


@dataclass(frozen=True, slots=True)
class FrontRules:
    """A room's front-hand options (see the module notes for the filings behind each)."""

    joker: FrontJoker = FrontJoker.BUG
    joker_above_ace: bool = False


def _joker_rank(rules: FrontRules) -> int:
    return _ABOVE_ACE if rules.joker_above_ace else _ACE


def front_value(i: int, j: int, rules: FrontRules = FrontRules()) -> int:
    """The value of a two-card front hand given by card index (0..52, 52 the joker); larger is better.

    The fast path: no count checks, and a joker under ``FrontJoker.NONE`` is still an error.
    """
    ri = -1 if i == JOKER_INDEX else (i >> 2) + 2
    rj = -1 if j == JOKER_INDEX else (j >> 2) + 2
    if ri < 0 or rj < 0:
        if rules.joker is FrontJoker.NONE:
            raise HandError("this game's deck has no joker")
        other = rj if ri < 0 else ri
        if other < 0:
            raise HandError("a front hand cannot hold two jokers")
        if rules.joker is FrontJoker.WILD or other == _ACE:
            return 1 << 8 | other << 4 | other
        jr = _joker_rank(rules)
        return jr << 4 | other
    if ri == rj:
        return 1 << 8 | ri << 4 | ri
    return (ri << 4 | rj) if ri > rj else (rj << 4 | ri)


def one_card_value(i: int, rules: FrontRules = FrontRules()) -> int:
    """The value of a one-card front hand (Mini Pai Gow) given by card index; larger is better."""
    if i == JOKER_INDEX:
        if rules.joker is FrontJoker.NONE:
            raise HandError("this game's deck has no joker")
        # A wild joker's best single card is an ace; Mini Pai Gow ranks it above the ace.
        return _joker_rank(rules)
    return (i >> 2) + 2


def evaluate_front(cards: Sequence[Card], rules: FrontRules = FrontRules()) -> HandRank:
    """Rank a Pai Gow front hand of two cards (Pai Gow Poker) or one card (Mini Pai Gow).

    Category "Pair" or "High Card"; the cards come back pair or higher card first. Raises
    :class:`~rules.errors.HandError` for another count, two jokers, or a joker where the deck has none.
    """
    for c in cards:
        if not isinstance(c, Card):
            raise HandError(f"not a card: {c!r}")
    if len(cards) == 1:
        return HandRank(one_card_value(cards[0].index, rules), HIGH_CARD, (cards[0],))
    if len(cards) != 2:
        raise HandError(f"a front hand has 2 cards (1 in Mini Pai Gow), not {len(cards)}")
    a, b = cards
    value = front_value(a.index, b.index, rules)

    def order(c: Card) -> int:
        # The joker reads as the card it stands for; ties break by index for a stable display.
        if c.index == JOKER_INDEX:
            return 100 * _joker_rank(rules) + 99
        return 100 * ((c.index >> 2) + 2) + c.index

    shown = (a, b) if order(a) >= order(b) else (b, a)
    return HandRank(value, PAIR if value >> 8 else HIGH_CARD, shown)
