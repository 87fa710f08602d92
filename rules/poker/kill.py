"""Kill pots (Casino Marysville, seed 004 L1234-1265): a player who wins two pots in a row, each of at
least the filed size (uncalled bets not counted), kills the next pot; a full kill doubles the limits.
The kill button marks the winner of the last pot. Kill pots are used only if all players agree (the
variant's ``kill:`` data, off unless set)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.poker.variant import PokerVariant


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
