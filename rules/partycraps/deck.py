"""Party Craps' deck: a standard deck with the 7s to kings removed, aces to sixes, four of each (24 cards a
deck), one to eighteen decks, aces count one (seed 000 L4146-4148, L4692). Two cards are dealt without
replacement, so a total's probability differs from dice and with the number of decks (catalog 000b §6.2:
one deck P(7) = 4/23)."""

from __future__ import annotations

from fractions import Fraction

from rules.errors import RulesError

#: The card values of the augmented deck (ace = 1).
VALUES = (1, 2, 3, 4, 5, 6)
#: The filed range of decks (L4148).
MIN_DECKS, MAX_DECKS = 1, 18


class PartyCrapsError(RulesError, ValueError):
    """A Party Craps deal or setting that does not fit the filing."""


def _per_value(decks: int) -> int:
    if not MIN_DECKS <= decks <= MAX_DECKS:
        raise PartyCrapsError(f"Party Craps is dealt from {MIN_DECKS} to {MAX_DECKS} decks, not {decks}")
    return 4 * decks


def combination_probability(a: int, b: int, decks: int) -> Fraction:
    """The exact probability that the two cards dealt are ``a`` and ``b`` (in either order) from a full shoe."""
    if a not in VALUES or b not in VALUES:
        raise PartyCrapsError(f"the cards are aces (1) to sixes, not {a} and {b}")
    n = _per_value(decks)
    total = 6 * n
    pairs = total * (total - 1)
    if a == b:
        return Fraction(n * (n - 1), pairs)
    return Fraction(2 * n * n, pairs)


def total_probabilities(decks: int) -> dict[int, Fraction]:
    """The exact probability of each two-card total, 2 to 12, from a full shoe of ``decks`` decks."""
    out: dict[int, Fraction] = {}
    for a in VALUES:
        for b in VALUES:
            if a <= b:
                t = a + b
                out[t] = out.get(t, Fraction(0)) + combination_probability(a, b, decks)
    return dict(sorted(out.items()))


def card_value(rank_char: str) -> int:
    """A card's value: ace 1, 2-6 their pips; any other rank is not in the augmented deck."""
    values = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6}
    if rank_char not in values:
        raise PartyCrapsError(f"a {rank_char} is not in the Party Craps deck (aces to sixes, L4148)")
    return values[rank_char]
