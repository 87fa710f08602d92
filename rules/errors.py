"""Typed errors of the rules engine. Each names what was wrong, never a traceback for the user."""

from __future__ import annotations


class RulesError(Exception):
    """Base class of every error the rules engine raises on bad input."""


class CardParseError(RulesError, ValueError):
    """A card token that is not a card."""

    def __init__(self, token: str, reason: str) -> None:
        self.token = token
        self.reason = reason
        super().__init__(f"bad card {token!r}: {reason}")


class DeckError(RulesError, ValueError):
    """A deck specification, or a set of cards, that does not fit the deck."""


class HandError(RulesError, ValueError):
    """A set of cards an evaluator cannot rank: the wrong number of cards, or a card the game does not use."""
