"""What the table makes of each device event, matched on the event's type (never on its class name).

The drivers speak :data:`devices.events.AnyDeviceEvent`, a closed union of frozen dataclasses. Each
function here matches every member of it, and ends in :func:`typing.assert_never`, so a new device event
is a type error (``mypy``, run on this module by ``make lint``) until the table says what it does with it:

- :func:`round_event_for`: the round event it stands for (a card, the dice, a shuffle, a deck check, the
  cut card, a device fault), or None (identity, link and information events);
- :func:`counted_as`: the device counter it adds one to (reads, misreads, jams …), or None;
- :func:`health_of`: the device's state and detail after it, for the status bar.
"""

from __future__ import annotations

import contextlib
from typing import assert_never

from devices import events as dev
from devices.events import AnyDeviceEvent
from rules.round.alerts import AlertCode
from rules.round.events import CardRead, CutCard, DeckCheck, DeviceFault, DiceResult, Event, Shuffle

#: Alert codes a device reports that are the round's own findings, not device faults: the round raises
#: them itself from the card or the deck check.
_ROUND_FINDINGS = frozenset({"UNREADABLE_CARD", "DUPLICATE_CARD", "FOREIGN_CARD", "DECK_COUNT_MISMATCH"})


def _fault(src: str, ev: AnyDeviceEvent) -> Event | None:
    """The DeviceFault round event of an alerting device event (None if its code is not a device code)."""
    code = ev.alert_code
    if code is None or code in _ROUND_FINDINGS or code not in AlertCode._value2member_map_:
        return None
    with contextlib.suppress(ValueError):  # a code the round does not take from a device
        return DeviceFault(src, AlertCode(code), detail=type(ev).__name__)
    return None


def round_event_for(ev: AnyDeviceEvent) -> Event | None:
    """The round event a device event stands for, or None (identity, link and information events)."""
    src = ev.device or "device"
    match ev:
        case dev.CardDispensed():
            # The wire's pile counts from 0 (the shuffler's first packet is pile 0); the round engine's
            # packet number counts from 1 (packet k goes to the phase's k-th recipient).
            return CardRead(ev.card, face_up=ev.face_up, source=src, packet=ev.pile + 1)
        case dev.UnreadableCard() | dev.CardRead():
            return CardRead(ev.card, face_up=ev.face_up, source=src)
        case dev.DiceRolled():
            return DiceResult((ev.d1, ev.d2, ev.d3), source=src)
        case dev.ShuffleComplete():
            return Shuffle(deck_id=str(ev.shuffle_id), source=src)
        case dev.DeckVerified():
            return DeckCheck(ev.count, tuple(ev.missing), tuple(ev.extra), tuple(ev.duplicates), source=src)
        case dev.CutCardReached():
            return CutCard(source=src)
        case (
            dev.ProgramIntegrityFailed()
            | dev.CommsLost()
            | dev.DeviceRestarted()
            | dev.DeviceRefused()
            | dev.DeviceFault()
            | dev.ShufflerJam()
            | dev.ShortDispense()
            | dev.DoorOpen()
            | dev.FaceUpCardInShuffler()
            | dev.CupOpenedEarly()
            | dev.InsufficientShake()
            | dev.DiceRejected()
        ):
            return _fault(src, ev)
        case (
            dev.DeviceIdentity()
            | dev.CommsRestored()
            | dev.SequenceGap()
            | dev.CommandRejected()
            | dev.ShufflerConfigured()
            | dev.PacketDispensed()
            | dev.DoorClosed()
            | dev.ShoeEmpty()
            | dev.CupClosed()
            | dev.CupOpened()
            | dev.ShakeReported()
            | dev.ButtonPressed()
            | dev.TilesRead()
            | dev.UnreadableTile()
        ):
            return None
        case _:
            assert_never(ev)


def counted_as(ev: AnyDeviceEvent) -> str | None:
    """The device counter ``ev`` adds one to (the maintenance screen's), or None."""
    match ev:
        case dev.CardDispensed():
            return "reads" if ev.card is not None else "misreads"
        case dev.UnreadableCard():
            return "misreads"
        case dev.CardRead():
            return "reads"
        case dev.ShufflerJam():
            return "jams"
        case dev.ShortDispense():
            return "short_dispenses"
        case dev.CommsLost():
            return "comms_lost"
        case dev.CommsRestored():
            return "reconnects"
        case dev.DeviceRestarted():
            return "restarts"
        case (
            dev.DeviceIdentity()
            | dev.ProgramIntegrityFailed()
            | dev.SequenceGap()
            | dev.DeviceRefused()
            | dev.DeviceFault()
            | dev.CommandRejected()
            | dev.ShufflerConfigured()
            | dev.DeckVerified()
            | dev.ShuffleComplete()
            | dev.PacketDispensed()
            | dev.DoorOpen()
            | dev.DoorClosed()
            | dev.FaceUpCardInShuffler()
            | dev.ShoeEmpty()
            | dev.CutCardReached()
            | dev.CupClosed()
            | dev.CupOpened()
            | dev.CupOpenedEarly()
            | dev.ShakeReported()
            | dev.InsufficientShake()
            | dev.DiceRolled()
            | dev.DiceRejected()
            | dev.ButtonPressed()
            | dev.TilesRead()
            | dev.UnreadableTile()
        ):
            return None
        case _:
            assert_never(ev)


def health_of(state: str, detail: str, ev: AnyDeviceEvent) -> tuple[str, str]:
    """The device's ``(state, detail)`` on the status bar after ``ev`` (ok, warning, fault, offline,
    disabled)."""
    match ev:
        case dev.DeviceIdentity():
            return "ok", ""
        case dev.CommsLost():
            return "offline", "CommsLost"
        case dev.ShoeEmpty():
            return "warning", "ShoeEmpty"
        case dev.ProgramIntegrityFailed():
            return "disabled", "firmware hash mismatch"
        case dev.CommsRestored() | dev.DoorClosed() | dev.ShuffleComplete():
            return "ok", ""
        case dev.CardRead() | dev.CardDispensed() if detail == "UNREADABLE_CARD" and ev.card is not None:
            return "ok", ""  # it reads again: the misread was the card's, not a fault that stays
        case (
            dev.DeviceRestarted()
            | dev.DeviceRefused()
            | dev.DeviceFault()
            | dev.DeckVerified()
            | dev.ShufflerJam()
            | dev.ShortDispense()
            | dev.DoorOpen()
            | dev.FaceUpCardInShuffler()
            | dev.UnreadableCard()
            | dev.CupOpenedEarly()
            | dev.InsufficientShake()
            | dev.DiceRejected()
            | dev.UnreadableTile()
        ):
            code = ev.alert_code
            return ("fault", str(code)) if code else (state, detail)
        case (
            dev.SequenceGap()
            | dev.CommandRejected()
            | dev.ShufflerConfigured()
            | dev.CardDispensed()
            | dev.PacketDispensed()
            | dev.CardRead()
            | dev.CutCardReached()
            | dev.CupClosed()
            | dev.CupOpened()
            | dev.ShakeReported()
            | dev.DiceRolled()
            | dev.ButtonPressed()
            | dev.TilesRead()
        ):
            return state, detail
        case _:
            assert_never(ev)
