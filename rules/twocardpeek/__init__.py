"""Two Card Peek (The 101 Casino, GEGA-003048): three rows of two cards, then five; Pick Row, 2 Card
Poker, Super Bet and Peek Bonus, as data (``config/games/twocardpeek/``); settlement in the filed order
through the banking engine; exact analysis (:mod:`rules.twocardpeek.analyze`)."""

from __future__ import annotations

from rules.twocardpeek.hands import (
    describe_two,
    five_card_line,
    qualifies_ten_high,
    two_card_line,
    two_card_value,
)
from rules.twocardpeek.model import TwoCardPeekDataError, Variant, from_data
from rules.twocardpeek.round import FAMILY, TwoCardPeekFamily, bank_order, to_wager_results
from rules.twocardpeek.settle import (
    Bet,
    PickResult,
    WagerSettlement,
    judge_rows,
    settle_round,
    settlement_order,
)

__all__ = [
    "FAMILY",
    "Bet",
    "PickResult",
    "TwoCardPeekDataError",
    "TwoCardPeekFamily",
    "Variant",
    "WagerSettlement",
    "bank_order",
    "describe_two",
    "five_card_line",
    "from_data",
    "judge_rows",
    "qualifies_ten_high",
    "settle_round",
    "settlement_order",
    "to_wager_results",
    "two_card_line",
    "two_card_value",
]
