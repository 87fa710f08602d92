"""Typed errors of banking and fees. Each names the field or input that is wrong."""

from __future__ import annotations

from rules.errors import RulesError


class BankingError(RulesError, ValueError):
    """Bad input to banking: a wager, a bank, a seat, an order, a rotation step."""


class MoneyError(BankingError):
    """An amount of money that is not a flat, whole number of cents."""

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason
        super().__init__(f"{field}: {reason}")


class DataError(BankingError):
    """A mapping (parsed YAML) that does not describe what it should; names the field."""

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason
        super().__init__(f"{field}: {reason}")


class RotationError(BankingError):
    """A rotation step that the state machine cannot take in its current state."""


class WagerError(BankingError):
    """A wager that cannot be placed, changed or settled as asked."""
