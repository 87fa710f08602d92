"""The pot poker family: Hold'em, Omaha, Big O, Pineapple, 7 Card Stud, Razz, Mexican Stud, Draw, Lowball.

Public API (see ``docs/poker.md``):

- the variant: :func:`parse_poker` -> :class:`PokerVariant` (a game file's ``poker:`` section)
- the collection by pot (through ``rules.fees``) and the showdown: :func:`collect_and_award`, :func:`award_pot`, :class:`SeatHand`, :class:`PotAward`, :func:`high_hand`, :func:`low_hand`
- the deal: :func:`button_by_high_card`, :func:`bring_in_seat`, :func:`first_to_act_stud`,
  :func:`stud_short_deck`, :func:`lowball_joker`
- betting: :class:`BettingRound` (who acts next, when the round is complete); :func:`betting_round` reads
  the one in progress from a round's events, :func:`acting_order` says who acts first
- kill pots: :func:`next_kill`
- misdeal windows: :func:`substantial_action`, :func:`wrong_hole_cards`, :func:`premature_board`
- the round engine's hook: registered for the families ``holdem``, ``omaha``, ``stud`` and ``draw``
  (:mod:`rules.poker.round`)
"""

from rules.poker.betting import BettingError, BettingRound
from rules.poker.collect import collect_and_award
from rules.poker.deal import (
    bring_in_seat,
    button_by_high_card,
    first_to_act_stud,
    lowball_joker,
    stud_short_deck,
)
from rules.poker.irregular import premature_board, substantial_action, wrong_hole_cards
from rules.poker.kill import KillButton, next_kill
from rules.poker.round import FAMILIES, PokerFamily, acting_order, betting_round
from rules.poker.showdown import PotAward, SeatHand, award_pot, high_hand, low_hand
from rules.poker.variant import PokerVariant, parse_poker

__all__ = [
    "FAMILIES",
    "BettingError",
    "BettingRound",
    "KillButton",
    "PokerFamily",
    "PokerVariant",
    "PotAward",
    "SeatHand",
    "acting_order",
    "award_pot",
    "betting_round",
    "bring_in_seat",
    "button_by_high_card",
    "collect_and_award",
    "first_to_act_stud",
    "high_hand",
    "low_hand",
    "lowball_joker",
    "next_kill",
    "parse_poker",
    "premature_board",
    "stud_short_deck",
    "substantial_action",
    "wrong_hole_cards",
]
