"""Cal Quick Draw Poker's settlement of one seat; nothing here moves money.

The Play wager wins 1 to 1 when the player's final hand beats or copies the player-dealer's (000 L2135,
L2167-2170), else loses; in both cases a final hand of a straight or better is also paid by the Play table
on the Play wager's amount (the hand bonus). The Quick Draw Bonus Bet is paid on the first five cards dealt
(L2176-2179); a seat dealt more than five at first is not eligible (L2176): its Bonus Bet gets no action.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from rules.quickdraw.hands import QuickHand
from rules.quickdraw.model import Variant

Result = Literal["win", "lose", "no-action"]


@dataclass(frozen=True, slots=True)
class WagerSettlement:
    """One wager's result: ``pays`` to one of a win (the hand bonus: what it pays on the Play's amount)."""

    spot: str
    result: Result
    pays: Fraction
    rule: str
    cite: str


def settle_play(v: Variant, final: QuickHand, dealer: QuickHand) -> list[WagerSettlement]:
    """The Play wager against the player-dealer, and its hand bonus where the final hand earns one."""
    p = v.play
    words = f"{final.name} against the player-dealer's {dealer.name}"
    if final.value >= dealer.value:
        tie = " (a copy: the player wins)" if final.value == dealer.value else ""
        out = [WagerSettlement(p.key, "win", p.pays, f"{words}: wins{tie}", p.cite)]
    else:
        out = [WagerSettlement(p.key, "lose", Fraction(0), f"{words}: loses", p.cite)]
    bonus = p.hand_bonus.pays_for(final.name)
    if bonus is not None:
        out.append(
            WagerSettlement(
                f"{p.key}-hand-bonus",
                "win",
                bonus,
                f"{final.name}: the Play table pays {bonus} to 1",
                p.hand_bonus.cite,
            )
        )
    return out


def settle_bonus(v: Variant, first: QuickHand | None, why_not: str = "") -> WagerSettlement:
    """The Quick Draw Bonus Bet on the first five cards (None: the seat is not eligible, ``why_not``)."""
    b = v.bonus_bet
    if first is None:
        return WagerSettlement(b.key, "no-action", Fraction(0), why_not, b.extra_cite)
    pays = b.pays_for(first.name)
    if pays is None:
        return WagerSettlement(
            b.key, "lose", Fraction(0), f"first five cards: {first.name}, below {b.lowest}", b.cite
        )
    return WagerSettlement(b.key, "win", pays, f"first five cards: {first.name}, {pays} to 1", b.cite)
