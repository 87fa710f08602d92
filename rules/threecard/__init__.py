"""The Three Card Poker family: Three Card Poker (Pair Plus, 6 Card Bonus, Pair & Up, Bonus 6, Bonus) and
3 Card Texas Hold'em (Flush Or Pair, Straight Or Up), as data; qualification, settlement, the two
alternating decks, and exact analysis (:mod:`rules.threecard.analyze`).
"""

from __future__ import annotations

from rules.threecard.decks import AlternatingDecks
from rules.threecard.hands import (
    Arrangement,
    arrange_player_dealer,
    best_line,
    bonus_line,
    hand_value,
    hole_card_lines,
    qualifies,
    six_card_lines,
    straight_or_up_lines,
    three_card_lines,
)
from rules.threecard.model import (
    Bonus,
    Cite,
    PayLine,
    Raise,
    Showdown,
    ThreeCardDataError,
    Variant,
    describe_value,
    from_data,
    parse_qualifier,
)
from rules.threecard.round import FAMILY, ThreeCardFamily  # registers the round engine's hooks
from rules.threecard.settle import PlayerHand, WagerSettlement, compare, settle_hand, wager_problems

__all__ = [
    "FAMILY",
    "AlternatingDecks",
    "Arrangement",
    "Bonus",
    "Cite",
    "PayLine",
    "PlayerHand",
    "Raise",
    "Showdown",
    "ThreeCardDataError",
    "ThreeCardFamily",
    "Variant",
    "WagerSettlement",
    "arrange_player_dealer",
    "best_line",
    "bonus_line",
    "compare",
    "describe_value",
    "from_data",
    "hand_value",
    "hole_card_lines",
    "parse_qualifier",
    "qualifies",
    "settle_hand",
    "six_card_lines",
    "straight_or_up_lines",
    "three_card_lines",
    "wager_problems",
]
