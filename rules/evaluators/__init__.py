"""Hand evaluators: high hands (5 of N, joker modes), low hands, three-card, two-card Pai Gow, points.

Every evaluator returns a :class:`HandRank`: a totally ordered value (larger is better), a category
name and the cards used.
"""

from rules.evaluators.handrank import HandRank

__all__ = ["HandRank"]
