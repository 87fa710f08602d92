"""Typed errors of the rules engine. Each names what was wrong, never a traceback for the user."""

from __future__ import annotations

from kernel.errors import CardParseError, RulesError

__all__ = ["CardParseError", "DeckError", "HandError", "RulesError"]


class DeckError(RulesError, ValueError):
    """A deck specification, or a set of cards, that does not fit the deck."""


class HandError(RulesError, ValueError):
    """A set of cards an evaluator cannot rank: the wrong number of cards, or a card the game does not use."""
