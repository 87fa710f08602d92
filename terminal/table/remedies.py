"""What the technician or dealer does about each device fault, by device kind and fault.

The round engine rules on a device fault by its alert code (``rules.round.rulings``: take the device
out of use); the remedy the screen shows comes from here, from the device's kind and the fault the
device reported (its event), so a jam does not read like an unplugged cable. Each remedy cites the
section of ``docs/technician-guide.md`` that explains it ("Device faults and their remedies").
"""

from __future__ import annotations

CITE = "docs/technician-guide.md, Device faults and their remedies"

#: (device kind or "*", fault) -> remedy. The fault is the device event's name (``devices.events``),
#: or the terminal's own: ``CommandRejected:<reason>``, ``OpenFailed``, ``NotConnected``, ``Reconnecting``.
REMEDIES: dict[tuple[str, str], str] = {
    ("shuffler", "ShufflerJam"): (
        "Open the shuffler's cover, take out the jammed card and close the cover; a technician clears "
        "the alert. The cards of this round are dead: declare a misdeal (m) once it is cleared."
    ),
    ("shuffler", "ShortDispense"): (
        "The shuffler handed out fewer cards than the packet (a card stuck inside, or no card left): count "
        "the packet by eye; a technician clears the alert, which declares the misdeal while the round is "
        "being dealt (the floor clears it, every wager goes back); then new round (n) shuffles again."
    ),
    ("shuffler", "DoorOpen"): (
        "The shuffler's cover was opened during play: close it; a technician checks the deck and clears "
        "the alert; the round is void (m) and the deck is shuffled and checked again."
    ),
    ("shuffler", "FaceUpCardInShuffler"): (
        "A card is face up in the shuffler: a technician takes the deck out, turns the card, and clears "
        "the alert; shuffle and check the deck again before the next round."
    ),
    ("shuffler", "DeckVerified"): (
        "The shuffler's deck check failed (missing, extra or duplicated cards): take the deck off the "
        "table; the floor checks it before play resumes."
    ),
    ("shuffler", "CommandRejected:not_shuffled"): (
        "The shuffler holds no shuffled deck (it lost it when it rebooted or lost power), so no card of "
        "this round can come: a technician clears the alert, which declares the misdeal (the floor clears "
        "it, every wager goes back); then new round (n) shuffles and checks the deck."
    ),
    ("dice_cup", "CupOpenedEarly"): (
        "The cup was opened before the shake was complete: the dice do not count. A technician clears "
        "the alert; close the cup, press confirm (c) to arm it again, and shake again."
    ),
    ("dice_cup", "DiceRejected"): (
        "The cup rejected the roll (opened early): the dice do not count. A technician clears the alert; "
        "press confirm (c) to arm the cup again and shake again."
    ),
    ("dice_cup", "InsufficientShake"): (
        "The shake was too weak to count: the dice do not count. A technician clears the alert; press "
        "confirm (c) to arm the cup again and shake harder."
    ),
    ("shoe", "ShoeEmpty"): "The shoe is empty: load the next shuffled shoe and record the shuffle (n).",
    ("*", "CommsLost"): (
        "The device stopped answering: check its cable and power at the address on the technician "
        "screen (F2), then a technician clears the alert: clearing reconnects every device that is "
        "offline at once (the port is opened again). If its chip stays offline, the alert comes back: "
        "replace the cable or the unit."
    ),
    ("*", "DeviceRestarted"): (
        "The device rebooted: commands it had not confirmed were dropped. A technician checks it on the "
        "technician screen (F2) and clears the alert; declare a misdeal (m) if cards were in flight."
    ),
    ("*", "ProgramIntegrityFailed"): (
        "The device's firmware is not the approved build: it is disabled. Replace it with an approved "
        "unit (the technician screen shows the expected hash); only the technician clears the alert."
    ),
    (
        "*",
        "DoorOpen",
    ): "The device's cover is open: close it; a technician checks the device and clears the alert.",
    ("*", "DeviceFault"): (
        "The device reported a fault: a technician reads its code on the maintenance screen (F3), fixes "
        "it and clears the alert."
    ),
    ("*", "OpenFailed"): (
        "The device cannot be opened at its address: check the cable, the address and its permissions; "
        "a technician sets the address (F2, Assign) if it moved and clears the alert: clearing opens it "
        "again at once, and the alert comes back while it still cannot be opened."
    ),
    ("*", "Reconnecting"): (
        "Its alert was cleared and the terminal is opening the device again; it has not answered yet. "
        "Wait: the alert goes by itself once the device answers, or becomes the reason it cannot be "
        "opened. Clearing it again does not start another attempt; if it stays, check the cable and power "
        "at the address on the technician screen (F2)."
    ),
    ("*", "DriverFailed"): (
        "The device's driver stopped on an error: the terminal reopens it by itself, waiting longer after "
        "each failure; if it keeps failing, a technician reads the error on the maintenance screen (F3) "
        "and clears the alert."
    ),
    ("*", "Unpaired"): (
        "The device on this port was never paired and the table requires pairing: a technician puts the "
        "device in pairing mode, pairs it (F2, Pair) and clears the alert (docs/technician-guide.md, "
        "Pairing devices)."
    ),
    ("*", "NotConnected"): (
        "The device is not connected: check its cable and power; a technician clears the alert, which "
        "reconnects every device that is offline at once (or sets its address: F2, Assign)."
    ),
    ("*", "CommandRejected"): (
        "The device refused a command: a technician reads why on the maintenance screen (F3) and clears "
        "the alert; declare a misdeal (m) if a round was being dealt."
    ),
}


def remedy_for(kind: str, fault: str) -> str:
    """The remedy for ``fault`` on a device of ``kind``: the kind's own, else the fault's, else the
    general device-fault remedy."""
    for key in ((kind, fault), ("*", fault), (kind, fault.split(":")[0]), ("*", fault.split(":")[0])):
        if key in REMEDIES:
            return REMEDIES[key]
    return REMEDIES[("*", "DeviceFault")]
