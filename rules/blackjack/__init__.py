"""The blackjack family: No Bust 21st Century (21.5 and 22), Pure 21.5, California Aces, Cal Blackjack and
the Blackjack X play-to-31 games, with every filed side bet.

Public API (see docs/blackjack.md):

- the variant: :func:`from_data` -> :class:`Variant` (charts, decisions, payouts, side bets, the button);
- settlement: :func:`compare`, :func:`settle_game_wager`, :func:`settle_side_bet`, :func:`side_bet_row`;
- the round engine's hooks: :data:`FAMILY` (registered as ``blackjack``);
- analysis: :func:`rules.blackjack.analyze.analyze`.

Counting is :mod:`rules.evaluators.points` (``blackjack_total`` and the filed presets).
"""

from __future__ import annotations

from rules.blackjack.model import (
    Chart,
    ChartRow,
    DecisionRule,
    PayRow,
    SideBet,
    Variant,
    from_data,
)
from rules.blackjack.round import FAMILY, BlackjackFamily  # registers the round engine's hooks
from rules.blackjack.settle import Result, compare, settle_game_wager, settle_side_bet, side_bet_row

__all__ = [
    "FAMILY",
    "BlackjackFamily",
    "Chart",
    "ChartRow",
    "DecisionRule",
    "PayRow",
    "Result",
    "SideBet",
    "Variant",
    "compare",
    "from_data",
    "settle_game_wager",
    "settle_side_bet",
    "side_bet_row",
]
