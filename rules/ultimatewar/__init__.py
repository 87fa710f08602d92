"""Ultimate War (The 101 Casino): two one-card community hands, Player and Banker, ties going to war; the
even-money bets (a win with a 5 pushes), the War Bet and the Ultimate 5 bets as data
(``config/games/ultimatewar/``); settlement in the filed order through the bank; exact analysis
(:mod:`rules.ultimatewar.analyze`)."""

from __future__ import annotations

from rules.ultimatewar.model import UltimateWarDataError, Variant, from_data
from rules.ultimatewar.round import FAMILY, UltimateWarFamily
from rules.ultimatewar.settle import Showdown, WagerSettlement, settle_spot, showdown

__all__ = [
    "FAMILY",
    "Showdown",
    "UltimateWarDataError",
    "UltimateWarFamily",
    "Variant",
    "WagerSettlement",
    "from_data",
    "settle_spot",
    "showdown",
]
