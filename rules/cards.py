"""The card model, as the rules engine names it: the shared kernel's :mod:`kernel.cards` (every layer may
import the kernel; ``docs/architecture.md``)."""

from kernel.cards import (
    ALL_CARDS,
    JOKER,
    JOKER_INDEX,
    STANDARD_CARDS,
    UNREAD_TOKEN,
    Card,
    Rank,
    Suit,
    card,
    format_cards,
    parse_card,
    parse_cards,
    parse_read,
)

__all__ = [
    "ALL_CARDS",
    "JOKER",
    "JOKER_INDEX",
    "STANDARD_CARDS",
    "UNREAD_TOKEN",
    "Card",
    "Rank",
    "Suit",
    "card",
    "format_cards",
    "parse_card",
    "parse_cards",
    "parse_read",
]
