"""Cal Quick Draw Poker (The 101 Casino): five cards, a draw of 0-5, against the player-dealer's best five of
seven; the Play wager with its hand bonus and the Quick Draw Bonus Bet on the first five cards, with a fully
wild joker; the pay tables and the settlement order as data (``config/games/quickdraw/``)."""

from __future__ import annotations

from rules.quickdraw.hands import QuickHand, hand_of
from rules.quickdraw.model import QuickDrawDataError, Variant, from_data
from rules.quickdraw.round import FAMILY, QuickDrawFamily
from rules.quickdraw.settle import WagerSettlement, settle_bonus, settle_play

__all__ = [
    "FAMILY",
    "QuickDrawDataError",
    "QuickDrawFamily",
    "QuickHand",
    "Variant",
    "WagerSettlement",
    "from_data",
    "hand_of",
    "settle_bonus",
    "settle_play",
]
