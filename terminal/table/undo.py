"""The dealer's undo: which round event it takes back, or why none.

Undo is a journaled :class:`rules.round.events.Correction` of one event of the current round. It takes
back what the dealer (or a device reading for the dealer) entered: a card, a burn, the dice, a player's
decision, a hand set, the dealer's confirm or declaration. It never takes back a ruling: an alert's
clearing (a STOP cleared by the floor or the technician with a PIN stays cleared, and the journal keeps who
cleared it), anything a staff role entered, or the round's start; and it never reaches past one, since
taking back an earlier event would refold the round under a ruling made on it. A device's own report
(a fault, the shuffle, the deck check, the cut card) is a fact, not an entry: undo steps over it.
"""

from __future__ import annotations

from rules.round import RoundState
from rules.round.alerts import Role
from rules.round.events import (
    AlertCleared,
    ButtonPress,
    Correction,
    CutCard,
    DeckCheck,
    Declare,
    DeclareKind,
    DeviceFault,
    Event,
    RoundStart,
    Shuffle,
)
from rules.round.state import undone

#: Reports of the devices: undo steps over them (they stay as reported).
_FACTS = (DeviceFault, Shuffle, DeckCheck, CutCard)


def _ruling(e: Event) -> str | None:
    """Why ``e`` stands against an undo (a ruling, a staff role's entry, the round's start), or None."""
    if isinstance(e, AlertCleared):
        return f"the clearing of {e.code.value} by the {e.role.value}"
    if isinstance(e, ButtonPress) and e.role is not Role.DEALER:
        return f"the {e.role.value}'s {e.button.value.replace('_', ' ')}"
    if isinstance(e, RoundStart):
        return "the round's start"
    return None


def undo_target(state: RoundState, role: Role = Role.DEALER) -> Correction | str:
    """The correction the dealer's undo makes now, or why there is nothing it may take back."""
    off = undone(state.segment)
    for n, e in reversed(state.segment):
        # a correction and what it undid are skipped; facts stay as the device reported them
        if isinstance(e, Correction) or n in off or isinstance(e, _FACTS):
            continue
        why = _ruling(e)
        if why is not None:
            if isinstance(e, RoundStart):
                return "nothing to undo in this round"
            return f"nothing to undo: {why} stands (undo never takes back a ruling or what was before it)"
        if isinstance(e, Declare) and e.what is DeclareKind.MISDEAL:
            return "a declared misdeal is the floor's ruling: undo does not take it back"
        return Correction(of=n, reason="dealer undo", role=role)
    return "nothing to undo in this round"
