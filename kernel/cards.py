"""Playing cards: ranks, suits, the joker, and the card-room notation.

Notation (docs/architecture.md §4): ``As Kh Qd Jc Ts 9h … 2c``; the joker ``Jk``; an unread card ``??``.
Input also accepts lower case and ``10`` for the ten. Every ``Card`` is interned, so cards compare
and hash by identity as cheaply as small integers, and ``card.index`` (0..51, the joker 52) is the
compact form the evaluators use.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import Enum, IntEnum
from typing import Final

from kernel.errors import CardParseError


class Rank(IntEnum):
    """A card's rank; the value is its high-hand order (ace high = 14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        """The one-character symbol: ``2``…``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_CHARS[self.value - 2]

    @property
    def low_value(self) -> int:
        """The rank counted with the ace low (A = 1), as in A-5 lowball and baccarat."""
        return 1 if self is Rank.ACE else self.value


class Suit(Enum):
    """A suit. The order of members is the bridge order (clubs lowest), used where a filing names none."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def symbol(self) -> str:
        """The suit symbol for display."""
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def order(self) -> int:
        """0 for clubs up to 3 for spades."""
        return _SUIT_ORDER[self]


_RANK_CHARS: Final = "23456789TJQKA"
_SUIT_SYMBOLS: Final = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_ORDER: Final = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}
JOKER_INDEX: Final = 52


class Card:
    """One card. Build cards with :func:`parse_card` or :func:`card`; instances are interned."""

    __slots__ = ("rank", "suit", "index", "_text")

    rank: Rank | None
    suit: Suit | None
    index: int
    _text: str

    def __new__(cls, rank: Rank | None, suit: Suit | None) -> Card:
        if (rank is None) != (suit is None):
            raise CardParseError(
                f"{rank!r}/{suit!r}", "a card has both a rank and a suit, or neither (the joker)"
            )
        key = JOKER_INDEX if rank is None or suit is None else (rank.value - 2) * 4 + suit.order
        existing = _INTERNED.get(key)
        if existing is not None:
            return existing
        obj = object.__new__(cls)
        object.__setattr__(obj, "rank", rank)
        object.__setattr__(obj, "suit", suit)
        object.__setattr__(obj, "index", key)
        object.__setattr__(obj, "_text", "Jk" if rank is None or suit is None else rank.char + suit.value)
        _INTERNED[key] = obj
        return obj

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[object, tuple[Rank | None, Suit | None]]:
        return (Card, (self.rank, self.suit))

    @property
    def is_joker(self) -> bool:
        """True for the joker."""
        return self.index == JOKER_INDEX

    @property
    def pretty(self) -> str:
        """Display form with a suit symbol, e.g. ``A♠``, ``10♥``, ``JOKER``."""
        if self.rank is None or self.suit is None:
            return "JOKER"
        r = "10" if self.rank is Rank.TEN else self.rank.char
        return r + self.suit.symbol

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other


_INTERNED: dict[int, Card] = {}

#: The 52 standard cards, ordered by index (2c 2d 2h 2s 3c … As).
STANDARD_CARDS: Final[tuple[Card, ...]] = tuple(
    Card(r, s) for r in Rank for s in sorted(Suit, key=lambda s: s.order)
)
JOKER: Final[Card] = Card(None, None)
#: All 53 cards by index; ``ALL_CARDS[card.index] is card``.
ALL_CARDS: Final[tuple[Card, ...]] = (*STANDARD_CARDS, JOKER)

_RANK_BY_CHAR: Final = {r.char: r for r in Rank}
_SUIT_BY_CHAR: Final = {s.value: s for s in Suit}
UNREAD_TOKEN: Final = "??"


def parse_card(token: str) -> Card:
    """Parse one card token (``As``, ``th``, ``10c``, ``Jk``). Raises :class:`CardParseError` naming it."""
    if not isinstance(token, str):
        raise CardParseError(repr(token), "a card is written as text, e.g. 'As' or 'Jk'")
    t = token.strip()
    low = t.lower()
    if low in ("jk", "joker"):
        return JOKER
    if low == UNREAD_TOKEN:
        raise CardParseError(
            token, "'??' is an unread card, not a card (use parse_read where unread is allowed)"
        )
    if len(t) == 3 and t[:2] == "10":
        t = "T" + t[2]
    if len(t) != 2:
        raise CardParseError(token, "expected a rank (2-9, T or 10, J, Q, K, A) then a suit (c, d, h, s)")
    rank = _RANK_BY_CHAR.get(t[0].upper())
    if rank is None:
        raise CardParseError(token, f"unknown rank {t[0]!r} (ranks are 2-9, T or 10, J, Q, K, A)")
    suit = _SUIT_BY_CHAR.get(t[1].lower())
    if suit is None:
        raise CardParseError(token, f"unknown suit {t[1]!r} (suits are c, d, h, s)")
    return Card(rank, suit)


def parse_read(token: str) -> Card | None:
    """Parse a card as read by a device or typed by a dealer: ``??`` (unread) gives ``None``."""
    if isinstance(token, str) and token.strip() == UNREAD_TOKEN:
        return None
    return parse_card(token)


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas (``"As Kd 10h"``), or an iterable of tokens.

    Compact runs without separators are accepted too (``"AsKdTh"``).
    """
    tokens: list[str]
    if isinstance(text, str):
        tokens = []
        for chunk in text.replace(",", " ").split():
            tokens.extend(_split_compact(chunk))
    else:
        tokens = list(text)
    return tuple(parse_card(t) for t in tokens)


def _split_compact(chunk: str) -> Iterator[str]:
    i = 0
    while i < len(chunk):
        step = 3 if chunk.startswith("10", i) else 2
        piece = chunk[i : i + step]
        if len(piece) < 2:
            raise CardParseError(chunk, "incomplete card at the end")
        yield piece
        i += step


def format_cards(cards: Iterable[Card | None]) -> str:
    """Format cards in the notation, ``??`` for an unread card."""
    return " ".join(UNREAD_TOKEN if c is None else str(c) for c in cards)


def card(token: str) -> Card:
    """Shorthand for :func:`parse_card`."""
    return parse_card(token)
