"""Money in integer cents: parsing the amounts filings print, and showing them the way a dealer says them."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from fractions import Fraction

from rules.banking.errors import MoneyError


def dollars(value: object, field: str = "amount") -> int:
    """Cents from a dollar amount as data writes it: an int (``5`` = $5), or a string (``"0.50"``, ``"$1,000"``).

    Floats are refused: ``0.1`` has no exact binary form, and money must not drift by a cent. A percentage
    (``"5%"``) is refused too, because no filing allows a fee or a wager to be a share of anything.
    """
    if isinstance(value, bool):
        raise MoneyError(field, f"{value!r} is not an amount of money")
    if isinstance(value, int):
        return value * 100
    if isinstance(value, float):
        raise MoneyError(field, f'{value!r}: write fractional dollars as a string, e.g. "0.50"')
    if not isinstance(value, str):
        raise MoneyError(field, f"{value!r} is not an amount of money")
    text = value.strip().replace(",", "").removeprefix("$").strip()
    if text.endswith("%"):
        raise MoneyError(field, f"{value!r} is a percentage; collections and wagers are flat amounts")
    try:
        amount = Decimal(text)
    except InvalidOperation:
        raise MoneyError(field, f"{value!r} is not an amount of money") from None
    cents = amount * 100
    if cents != cents.to_integral_value():
        raise MoneyError(field, f"{value!r} is not a whole number of cents")
    return int(cents)


def cents_of(value: object, field: str = "amount") -> int:
    """A non-negative integer number of cents, as an API argument; anything else is a MoneyError."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise MoneyError(field, f"{value!r} is not an integer number of cents")
    if value < 0:
        raise MoneyError(field, f"{value} cents is negative")
    return value


def money(cents: int) -> str:
    """``4000`` -> ``"$40.00"``; negative amounts get a leading minus: ``"-$2.50"``."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}${whole:,}.{part:02d}"


def pay(amount: int, ratio: Fraction) -> int:
    """What a winning wager of ``amount`` cents is paid at ``ratio`` to 1, rounded down to the cent.

    choice: the filings never say how to round a payout to a fraction of a cent (3 to 2 on $0.25). The bank
    pays whole cents and never more than the ratio, so the fraction of a cent is dropped.
    """
    return (amount * ratio.numerator) // ratio.denominator
