"""A backline bettor: a wager placed behind a seat by someone who is not its seated player (the filings'
"back-line betting", e.g. Ultimate War seed 000 L1163, Cal Quick Draw Poker L2123). Where the family settles
such a wager on its own stake, its bettor is named apart from the seat's player: ``seat 3 backline``, so the
bank pays and returns to each bettor apart (:meth:`rules.banking.settlement.Settlement.receipts`)."""

from __future__ import annotations

#: How a backline bettor is named after the seat (``seat 3 backline``); the wager panel names the spot
#: behind a seat the same way (``war backline``).
BACKLINE = " backline"


def bettor(seat: int, backline: bool) -> str:
    """The bettor's name in the settlement: the seat's player (``seat 3``) or its backline bettor."""
    return f"seat {seat}{BACKLINE if backline else ''}"


def is_backline(name: str) -> bool:
    """Whether ``name`` (a bettor, or a spot on the wager panel) is behind the seat."""
    return name.endswith(BACKLINE)


def behind(spot: str) -> tuple[str, bool]:
    """A wager panel spot as the wager's spot and whether it is a backline wager (``war backline``:
    ``("war", True)``)."""
    return (spot.removesuffix(BACKLINE), True) if is_backline(spot) else (spot, False)
