"""Kill pots (Casino Marysville, seed 004 L1234-1265): a player who wins two pots in a row, each of at
least the filed size (uncalled bets not counted), kills the next pot; a full kill doubles the limits.
The kill button marks the winner of the last pot. Kill pots are used only if all players agree (the
variant's ``kill:`` data, off unless set)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.poker.variant import Betting, PokerVariant
from rules.round.events import Wager


@dataclass(frozen=True, slots=True)
class KillButton:
    """Who holds the kill button and how many qualifying pots in a row they have won."""

    seat: int
    legs: int

    def kills_next(self, v: PokerVariant) -> bool:
        """Whether the holder must kill the next pot."""
        return v.kill.kind != "none" and self.legs >= v.kill.legs


def next_kill(
    button: KillButton | None, winner: int | None, pot_cents: int, v: PokerVariant
) -> KillButton | None:
    """The kill button after a pot. ``winner`` None for a split pot; ``pot_cents`` without uncalled bets.

    A pot below the filed size, or split, is no leg: the button comes off (the filing counts only
    qualifying pots; a split is nobody's win — recorded as a choice in the Marysville Hold'em file).
    """
    if v.kill.kind == "none" or winner is None or pot_cents < v.kill.min_pot_cents:
        return None
    if button is not None and button.seat == winner:
        return KillButton(winner, button.legs + 1)
    return KillButton(winner, 1)


def killed_limits(small_bet: int, big_bet: int, v: PokerVariant) -> tuple[int, int]:
    """The limits of a killed pot: 3-6 becomes 6-12 on a full kill (seed 004 L1250), 4-8 becomes 6-12
    on a half kill (seed 000 L125)."""
    num, den = v.kill.factor
    return small_bet * num // den, big_bet * num // den


#: The status a hand's winner carries into the next hand (``RoundState.carried``): ``"kill button N"``, N
#: the qualifying pots he has won in a row (:func:`carried_button`).
KILL_BUTTON = "kill button"


def carried_button(carried: Sequence[tuple[int, str]]) -> KillButton | None:
    """The kill button carried from the last hand (``RoundState.carried``), or None."""
    for seat, status in carried:
        if status.startswith(KILL_BUTTON):
            legs = status.removeprefix(KILL_BUTTON).strip()
            return KillButton(seat, int(legs) if legs.isdigit() else 1)
    return None


def kill_seat(
    wagers: Sequence[Wager], v: PokerVariant, carried: Sequence[tuple[int, str]] = ()
) -> int | None:
    """The seat that posts the kill blind this hand: its round_start wager on the spot the variant names
    (``kill.blind.name``; Winner Lowball's "winner blind", posted by the winner of the last hand, seed 001
    L99-102), or else the holder of the kill button carried from the last hand once it kills (the table
    tracks the winner: the dealer does not enter the blind). None where the variant files no kill blind or
    nobody kills this hand."""
    blind = v.kill.blind
    if v.kill.kind == "none" or blind is None:
        return None
    seats = {w.seat for w in wagers if w.spot == blind.name}
    if seats:
        return min(seats) if len(seats) == 1 else None
    button = carried_button(carried)
    return button.seat if button is not None and button.kills_next(v) else None


def killed_betting(v: PokerVariant) -> Betting:
    """The betting rules of a killed hand: the variant's, its limits raised by :func:`killed_limits`."""
    small, big = killed_limits(v.betting.small_bet, v.betting.big_bet, v)
    num, den = v.kill.factor
    return replace(
        v.betting,
        small_bet=small,
        big_bet=big,
        min_bet=v.betting.min_bet * num // den,
        max_bet=v.betting.max_bet * num // den,
    )
