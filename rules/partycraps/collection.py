"""Party Craps' collection: the fees of one flip, taken only on the wagers first placed before it.

The filing (seed 000 L4162-4207; ``config/fees/the101.yaml`` ``game: party-craps``): a fee is taken "when the
wager is initially placed, prior to each flip" (L4164). The player-dealer pays per section, looked up by the
action in the section: the initial fee on Pass, Don't Pass, Come and Don't Come (no fee on odds, L4172), the
additional fee on Big 6, Big 8, Field, Hard Ways, Any 7, Any Craps, C, E, Horn and Hop (L4191). The player
pays per spot on Place, Lay and Buy (L4202, L4204-4207). A bet that pushes stays without a new fee; when the
player-dealer position rotates and no new wagers are placed nobody pays again (L4168-4170, L4187-4189, L4202);
a winning wager re-bet pays again and nothing is refunded when the game closes (L4202).

Which wagers are new is the round's to say (the report's ``new_wagers``: a bet placed this flip, a re-bet
after a win, the added cents of a press); a standing bet that already paid is never in it. This module maps
those to the filed fee sections and lets :func:`rules.fees.assess` apply the posted schedule, so
``rules/fees`` stays the one place a rate is read. :func:`rules.fees.assess` alone cannot do it: given every
wager on the layout it would charge the standing ones again, and its per-spot player fee counts one spot per
betting circle of a seat, where a seat's Place 6 and Place 8 are two spots.

choices (each recorded here because the filing is silent):
- the player-dealer's section fee is looked up on the new wagers' action in that section only ("taken on bets
  when initially placed", L4168), not on the section's standing bets that already paid;
- Craps Two, Craps Three and Craps Twelve (L4104-4107) are counted in the C section and Eleven (L4108) in the
  E section: the additional list (L4191) names no section for them, and C and E are the craps and eleven bets;
- the Hard Ways are one section, as are the Hops; a Come or Don't Come bet is charged in its box when placed
  (it is never new once moved to its number).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.banking.wagers import Wager
from rules.fees import Collection, Schedule, assess
from rules.partycraps.deck import PartyCrapsError

#: The fee section of each one-word spot (``config/fees/the101.yaml`` names).
_SECTIONS = {
    "pass": "pass-line",
    "dont-pass": "dont-pass",
    "come": "come",
    "dont-come": "dont-come",
    "field": "field",
    "big-6": "big-6",
    "big-8": "big-8",
    "any-seven": "any-7",
    "any-craps": "any-craps",
    "c": "c",
    "e": "e",
    "craps-2": "c",
    "craps-3": "c",
    "craps-12": "c",
    "eleven": "e",
    "horn": "horn",
}
_POINTS = ("4", "5", "6", "8", "9", "10")


@dataclass(frozen=True, slots=True)
class NewWager:
    """A wager first placed before this flip: its seat, spot (``place-6``, ``hop-3-4``, ``pass-odds``; a
    ``/on`` or ``/off`` suffix is ignored), amount in cents and the player who placed it."""

    seat: int
    spot: str
    cents: int
    player: str = ""


def fee_section(spot: str) -> str | None:
    """The filed fee section of a Party Craps spot; None for odds, which carry no fee (L4172)."""
    s = spot.split("/", 1)[0]
    if s.endswith("-odds"):
        return None
    if s in _SECTIONS:
        return _SECTIONS[s]
    head, _, rest = s.partition("-")
    if head in ("place", "buy", "lay") and rest in _POINTS:
        return head
    if head == "hard" and rest in ("4", "6", "8", "10"):
        return "hard-ways"
    if head == "hop":
        return "hop"
    for box in ("come", "dont-come"):  # established on its number: come-6, dont-come-10
        if s.startswith(f"{box}-") and s.removeprefix(f"{box}-") in _POINTS:
            return box
    raise PartyCrapsError(f"{spot!r} is not a Party Craps betting spot the collection knows")


def fee_wagers(new: Sequence[NewWager]) -> list[Wager]:
    """The new wagers as the fee schedule counts them: named by section, each Place/Buy/Lay number its own
    spot (a circle of its own in the seat's square); odds left out."""
    out: list[Wager] = []
    circles: dict[tuple[int, str], int] = {}
    for w in new:
        section = fee_section(w.spot)
        if section is None or w.cents <= 0:
            continue
        spot = w.spot.split("/", 1)[0]
        circle = circles.setdefault((w.seat, spot), len(circles))
        out.append(Wager.single(w.seat, section, w.player or f"seat {w.seat}", w.cents, circle=circle))
    return out


def collect(schedule: Schedule, new: Sequence[NewWager]) -> Collection:
    """The collection of one flip: the posted Party Craps ``schedule`` applied to the wagers first placed
    before it (``new``); an empty list (nothing new, e.g. after a rotation) collects nothing."""
    if schedule.game != "party-craps":
        raise PartyCrapsError(f"the {schedule.game} schedule is not Party Craps'")
    return assess(schedule, fee_wagers(new))
