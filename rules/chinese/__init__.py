"""Chinese Poker: The 101's Chinese Poker, Parkwest's Face-Up Pineapple Chinese Poker, the Oaks' 13 Card Poker.

Public API (see ``docs/chinese-poker.md``):

- the variant: :func:`parse_chinese` -> :class:`ChineseVariant` (a game file's ``chinese:`` section)
- the hands: :class:`SetHand`, :func:`foul_reason`, :func:`front_value`, :func:`five_value`
- Clean Sweeps: :func:`naturals_of`
- scoring: :func:`score_hand`, :func:`compare`, :func:`settle` (table stakes, the filed order)
- advice: :func:`propose` (a legal setting; no House Way is filed)
- the round engine's hook: registered for the family ``chinese`` (:mod:`rules.chinese.round`)
"""

from rules.chinese.hands import SetHand, five_value, foul_reason, front_value
from rules.chinese.naturals import naturals_of
from rules.chinese.round import FAMILIES, ChineseFamily
from rules.chinese.scoring import Comparison, HandScore, Settlement, compare, score_hand, settle
from rules.chinese.setter import Proposal, propose
from rules.chinese.variant import ChineseVariant, parse_chinese

__all__ = [
    "FAMILIES",
    "ChineseFamily",
    "ChineseVariant",
    "Comparison",
    "HandScore",
    "Proposal",
    "SetHand",
    "Settlement",
    "compare",
    "five_value",
    "foul_reason",
    "front_value",
    "naturals_of",
    "parse_chinese",
    "propose",
    "score_hand",
    "settle",
]
