"""Checking a hand as set: FOUL_HAND and HOUSE_WAY_MISSET, with the room's ruling.

A hand is foul when the front does not hold exactly two cards (one in Mini Pai Gow), the back exactly
five, or the front outranks the back (seed 003 L79-82 rule 31; seed 004 L174-186; seed 000 L46). Cards
that are not the ones dealt ("switching, passing and/or holding out of cards will foul a hand", seed 003
rule 28) are a foul too. A hand that must be set the House Way (the player-dealer's at most rooms; a
player's extra spots) and is set otherwise is HOUSE_WAY_MISSET. What follows from each is the variant's
data (``setting:`` in the variant file): the same foul is a lost wager for a player and a reset for the
player-dealer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from rules.cards import Card
from rules.paigow.hands import front_beats_back, front_value, value5
from rules.paigow.house_way import HouseWay, set_hand
from rules.paigow.variant import PaiGowVariant, Ruling

FOUL_HAND = "FOUL_HAND"
HOUSE_WAY_MISSET = "HOUSE_WAY_MISSET"


@dataclass(frozen=True, slots=True)
class SettingFinding:
    """A condition found on a set hand, with the room's ruling, remedy and cite."""

    code: str
    ruling: str
    remedy: str
    cite: str
    reason: str


def _finding(code: str, ruling: Ruling | None, reason: str) -> SettingFinding:
    if ruling is None:
        return SettingFinding(code, "CALL_FLOOR", "The filing names no remedy: call the floor.", "", reason)
    return SettingFinding(code, ruling.ruling, ruling.remedy, ruling.cite, reason)


def check_setting(
    front: Sequence[Card],
    back: Sequence[Card],
    variant: PaiGowVariant,
    *,
    banker: bool = False,
    dealt: Sequence[Card] | None = None,
    house_way: HouseWay | None = None,
) -> tuple[SettingFinding, ...]:
    """Findings for a hand as set (empty: the setting stands).

    ``banker``: the player-dealer's hand (its foul ruling differs). ``dealt``: the cards dealt to the hand,
    when known. ``house_way``: the chart the hand must follow (None: free setting); a setting that differs
    from the chart's in value — either hand ranking otherwise — is HOUSE_WAY_MISSET.
    """
    rules = variant.hand_rules
    foul_ruling = variant.foul_banker if banker else variant.foul_player
    found: list[SettingFinding] = []
    f = [c.index for c in front]
    b = [c.index for c in back]
    if len(f) != rules.front_cards or len(b) != 5:
        found.append(
            _finding(
                FOUL_HAND,
                foul_ruling,
                f"the front holds {len(f)} card(s) and the back {len(b)}; they must hold {rules.front_cards} and 5",
            )
        )
        return tuple(found)
    if dealt is not None and Counter(c.index for c in dealt) != Counter(f + b):
        found.append(_finding(FOUL_HAND, foul_ruling, "the hand set is not the cards dealt to it"))
        return tuple(found)
    bv = value5(b, rules)
    if front_beats_back(f, bv, b, rules):
        found.append(_finding(FOUL_HAND, foul_ruling, "the front hand outranks the back hand"))
        return tuple(found)
    if house_way is not None:
        hw_front, rule = set_hand(f + b, house_way)
        hw_back = [i for i in f + b if i not in hw_front]
        if front_value(hw_front, rules) != front_value(f, rules) or value5(hw_back, rules) != bv:
            found.append(
                _finding(
                    HOUSE_WAY_MISSET,
                    variant.house_way_misset,
                    f"the House Way ({rule.name}, {rule.cite}) sets it otherwise",
                )
            )
    return tuple(found)
