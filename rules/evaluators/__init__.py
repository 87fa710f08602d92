"""Hand evaluators: high hands (5 of N, joker modes), low hands, three-card, two-card Pai Gow, points.

Every evaluator returns a :class:`HandRank`: a totally ordered value (larger is better), a category
name and the cards used.

The high-hand names (``evaluate_high``, ``evaluate_omaha``, ``HighRules``, ``JokerMode``, ...) are
re-exported lazily (:mod:`rules.evaluators.high` itself builds its lookup tables, about 0.2 s, only on
first use).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from rules.evaluators.handrank import HandRank

if TYPE_CHECKING:
    from rules.evaluators.high import (
        FastRankers,
        HighRules,
        JokerMode,
        category_of,
        evaluate_high,
        evaluate_omaha,
        fast_rankers,
        rank5_fast,
        rank6_fast,
        rank7_fast,
    )

__all__ = [
    "FastRankers",
    "HandRank",
    "HighRules",
    "JokerMode",
    "category_of",
    "evaluate_high",
    "evaluate_omaha",
    "fast_rankers",
    "rank5_fast",
    "rank6_fast",
    "rank7_fast",
]
_HIGH = frozenset(__all__) - {"HandRank"}


def __getattr__(name: str) -> Any:
    if name in _HIGH:
        return getattr(importlib.import_module("rules.evaluators.high"), name)
    raise AttributeError(f"module 'rules.evaluators' has no attribute {name!r}")
