"""The collection by pot, through the fee engine (``rules.fees``), then the showdown.

The pot games' schedules take their fee from the pot, by the number of players dealt in, at the flop:
"No flop, no drop" (seed 004 L2092-2104; the rooms' poker rate documents in ``config/fees/``). The
terminal chooses the table's posted schedule (``RoomFees.schedule(game, option)``); this module assesses
it for the hand and divides what is left.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.cards import Card
from rules.fees import Collection, Schedule, assess
from rules.poker.showdown import PotAward, SeatHand, award_pot
from rules.poker.variant import PokerVariant


def collect_and_award(
    v: PokerVariant,
    schedule: Schedule,
    pot_cents: int,
    hands: Sequence[SeatHand],
    board: Sequence[Card] = (),
    button: int | None = None,
    *,
    players: int,
    flop_seen: bool = True,
) -> tuple[Collection, PotAward]:
    """The collection the schedule takes from this pot (``players`` dealt in; ``flop_seen`` False for a
    hand that ended before the collection point), then the division of the rest."""
    collection = assess(schedule, (), players=players, flop_seen=flop_seen)
    taken = min(collection.pot, pot_cents)
    return collection, award_pot(v, pot_cents, hands, board, button, collected=taken)
