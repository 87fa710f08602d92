"""Ultimate Texas Hold'em (The 101 Casino): each player's Ante, Blind and Trips against the player-dealer,
one Play wager whose size depends on when it is made; the pay tables and the settlement order as data
(``config/games/ultimateholdem/``); the Trips and the hand categories counted exactly
(:mod:`rules.ultimateholdem.analyze`)."""

from __future__ import annotations

from rules.ultimateholdem.model import UltimateHoldemDataError, Variant, from_data
from rules.ultimateholdem.round import FAMILY, UltimateHoldemFamily
from rules.ultimateholdem.settle import SeatHand, WagerSettlement, settle_seat

__all__ = [
    "FAMILY",
    "SeatHand",
    "UltimateHoldemDataError",
    "UltimateHoldemFamily",
    "Variant",
    "WagerSettlement",
    "from_data",
    "settle_seat",
]
