"""Party Craps (The 101 Casino, GEGA-004251; seed 000 L4072-4705): craps decided by two cards from an augmented
deck of aces to sixes, every player against the player-dealer's bank. The deck and the exact two-card totals
(:mod:`rules.partycraps.deck`), the come-out and point cycle (:mod:`rules.partycraps.cycle`), the betting spots
(:mod:`rules.partycraps.spots`), the game file (:mod:`rules.partycraps.model`), one flip decided
(:mod:`rules.partycraps.flip`), the filed settlement order (:mod:`rules.partycraps.order`, its data in
``config/partycraps/the101-settlement-order.yaml``), the round's hooks and report (:mod:`rules.partycraps.round`,
:mod:`rules.partycraps.report`)."""

from __future__ import annotations

from rules.partycraps.model import Variant, from_data
from rules.partycraps.round import FAMILY, PartyCrapsFamily

__all__ = ["FAMILY", "PartyCrapsFamily", "Variant", "from_data"]
