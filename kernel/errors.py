"""The typed errors the kernel raises. :class:`RulesError` is the base of every typed error on bad input, from
the kernel up (``rules.errors`` re-exports it and adds the rules engine's own)."""

from __future__ import annotations


class RulesError(Exception):
    """Base class of every error the rules engine (and the card kernel) raises on bad input."""


class CardParseError(RulesError, ValueError):
    """A card token that is not a card."""

    def __init__(self, token: str, reason: str) -> None:
        self.token = token
        self.reason = reason
        super().__init__(f"bad card {token!r}: {reason}")
