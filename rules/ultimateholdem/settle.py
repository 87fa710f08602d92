"""Ultimate Texas Hold'em's settlement of one seat, wager by wager in the filed order; nothing here moves
money.

The player's best five of seven (two hole cards and the five community cards) against the
player-dealer's (000 L2900-2903, L2925-2934): a win pays the Ante and Play 1 to 1 and the Blind by its
table on a straight or better (a lesser win pushes the Blind); a loss collects, in order, the Play, Ante
and Blind; a tie pushes them. Where the player-dealer has less than a pair the Ante pushes and the rest is
resolved as usual (L2905-2911). The Trips pays on three of a kind or better whatever the hand's result,
even when the player folds (L2949-2953); a fold loses the Ante and Blind (L2894-2897).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from rules.cards import Card
from rules.evaluators.handrank import HandRank
from rules.evaluators.high import evaluate_high
from rules.ultimateholdem.model import HANDS, UltimateHoldemDataError, Variant

Result = Literal["win", "lose", "push"]
Verdict = Literal["fold", "win", "lose", "push"]


@dataclass(frozen=True, slots=True)
class WagerSettlement:
    """One wager's result: ``pays`` is the ratio to one of a win."""

    spot: str
    result: Result
    pays: Fraction
    rule: str
    cite: str


@dataclass(frozen=True, slots=True)
class SeatHand:
    """One seat at the showdown: its hole cards, its wagers in cents by spot (``play`` where made), and
    whether it folded."""

    hole: tuple[Card, ...]
    wagers: Mapping[str, int]
    folded: bool = False


def best(v: Variant, hole: Sequence[Card], board: Sequence[Card]) -> HandRank:
    """The best five-card hand of the hole cards and the community cards."""
    if len(hole) != v.hands.hole or len(board) != v.hands.board:
        raise UltimateHoldemDataError(
            "hands",
            f"{v.hands.hole} hole cards and {v.hands.board} community cards, not {len(hole)} and {len(board)}",
        )
    return evaluate_high((*hole, *board))


def at_least(category: str, floor: str) -> bool:
    """Whether a hand of ``category`` is ``floor`` or better."""
    return HANDS.index(category) <= HANDS.index(floor)


def qualifies(v: Variant, dealer: HandRank) -> bool:
    """Whether the player-dealer's hand plays (a pair or better, L2905)."""
    return at_least(dealer.category, v.qualify.at_least)


def verdict(player: HandRank, dealer: HandRank) -> Result:
    """The hand against the player-dealer's: higher wins, lower loses, equal pushes (L2925-2933)."""
    if player.value > dealer.value:
        return "win"
    if player.value < dealer.value:
        return "lose"
    return "push"


def settle_seat(v: Variant, seat: SeatHand, board: Sequence[Card], dealer: HandRank) -> list[WagerSettlement]:
    """Every wager of the seat, in the filed order for its result (``order.fold/lose/win/push``)."""
    hand = best(v, seat.hole, board)
    qualified = qualifies(v, dealer)
    s = v.showdown
    out: dict[str, WagerSettlement] = {}
    trips_pays = v.trips.pays_for(hand.category)
    if "trips" in seat.wagers:
        if trips_pays is not None:
            why = f"{hand.category}: Trips pays {trips_pays} to 1" + (
                " (the hand folded)" if seat.folded else ""
            )
            out["trips"] = WagerSettlement("trips", "win", trips_pays, why, v.trips.cite)
        else:
            out["trips"] = WagerSettlement(
                "trips", "lose", Fraction(0), f"{hand.category}: below {v.trips.lowest}", v.trips.cite
            )
    if seat.folded:
        for spot in ("ante", "blind"):
            if spot in seat.wagers:
                out[spot] = WagerSettlement(spot, "lose", Fraction(0), "folded", v.plays[-1].cite)
        order: tuple[str, ...] = v.order.fold
        result: Verdict = "fold"
    else:
        result = verdict(hand, dealer)
        words = f"{hand.category} against the player-dealer's {dealer.category}"
        words += {"win": ": wins", "lose": ": loses", "push": ": a tie pushes"}[result]
        pays = s.ante_and_play_pay if result == "win" else Fraction(0)
        for spot in ("ante", "play"):
            out[spot] = WagerSettlement(spot, result, pays, words, s.cite)
        if not qualified:  # L2911: the Ante pushes; the Play, Blind and Trips are resolved normally
            why = f"{words}; the player-dealer does not qualify: the Ante pushes"
            out["ante"] = WagerSettlement("ante", "push", Fraction(0), why, s.cite)
        blind = v.blind.pays_for(hand.category) if result == "win" else None
        if blind is not None:
            why = f"{words}; Blind pays {blind} to 1"
            out["blind"] = WagerSettlement("blind", "win", blind, why, v.blind.cite)
        elif result == "win":
            why = f"{words} with less than a {v.blind.lowest}: the Blind pushes"
            out["blind"] = WagerSettlement("blind", "push", Fraction(0), why, v.blind.cite)
        else:
            out["blind"] = WagerSettlement("blind", result, Fraction(0), words, s.cite)
        order = getattr(v.order, result)
    return [out[spot] for spot in order if spot in seat.wagers and spot in out]
