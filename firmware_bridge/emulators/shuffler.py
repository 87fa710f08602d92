"""The emulated shuffler with card recognition: configure, shuffle and verify, dispense packets.

The shuffled order lives only inside :class:`_SealedStack`, which has no accessor for the order and
whose repr shows the count alone: neither this API nor any log shows a card before it is dealt.
"""

from __future__ import annotations

import logging
import random
from collections import Counter
from typing import Any, ClassVar

from firmware_bridge.emulators.base import Emulator
from firmware_bridge.emulators.profile import Profile
from firmware_bridge.framer import MAX_PAYLOAD
from firmware_bridge.messages import (
    CardOut,
    ClearFault,
    ConfigureShuffler,
    DeckReport,
    DeviceKind,
    Dispense,
    Door,
    FaceUpInside,
    Jam,
    Message,
    PacketComplete,
    PacketMode,
    Rejected,
    RejectReason,
    ShortPacket,
    Shuffle,
    ShuffleComplete,
)
from kernel.cards import Card, parse_card, parse_read

log = logging.getLogger("firmware_bridge.emulator")

#: Cards a DeckReport can name: the 240-byte payload less two u16 counts and three list-length bytes.
_REPORT_CARDS = MAX_PAYLOAD - 4 - 3


class _SealedStack:
    """The shuffled cards. Only :meth:`draw` takes the next one out; nothing shows what is left."""

    __slots__ = ("__cards",)

    def __init__(self, cards: list[Card], rng: random.Random) -> None:
        stack = list(cards)
        rng.shuffle(stack)
        stack.reverse()
        self.__cards = stack

    def draw(self) -> Card | None:
        return self.__cards.pop() if self.__cards else None

    def __len__(self) -> int:
        return len(self.__cards)

    def __repr__(self) -> str:
        return f"<sealed stack of {len(self.__cards)} cards>"


class ShufflerEmulator(Emulator):
    """Shuffles, verifies the deck, and hands out cards in the configured packets."""

    KIND: ClassVar[DeviceKind] = DeviceKind.SHUFFLER
    KIND_FAULTS: ClassVar[tuple[str, ...]] = ("jam", "door")

    def __init__(self, profile: Profile, *, now: float = 0.0, **kw: Any) -> None:
        super().__init__(profile, now=now, **kw)
        f = profile.faults
        loaded = profile.deck.cards()  # stripped decks too (its ranks_removed: Party Craps' A-6)
        for c in f.deck_missing:
            loaded.remove(parse_card(c))
        loaded += [parse_card(c) for c in f.deck_extra]
        loaded += [parse_card(c) for c in f.deck_duplicates]
        self._loaded = loaded
        self.decks = profile.deck.decks
        self.jokers = profile.deck.jokers
        self.mode = PacketMode.HANDS
        self.packet_size = 7
        self.packets = 7
        self._stack: _SealedStack | None = None
        self._shuffles = 0
        self._pile = 0
        self._position = 0
        self._dispensed = 0
        self._fault: str | None = None
        self._jam_done = False
        self._door_done = False
        self._face_up_done = False
        self._pending_packet = 0  # cards still owed to the current packet (after a jam)
        self._jam_next = False

    @property
    def dispensed(self) -> int:
        """Cards handed out this round."""
        return self._dispensed

    @property
    def remaining(self) -> int:
        """How many cards are still inside (the count only)."""
        return 0 if self._stack is None else len(self._stack)

    def on_command(self, msg: Message, now: float) -> None:
        if isinstance(msg, ConfigureShuffler):
            if msg.mode not in tuple(PacketMode) or not 1 <= msg.decks <= 8 or msg.packet_size < 1:
                self.emit(Rejected(msg.TYPE, RejectReason.BAD_ARGUMENT), now)
                return
            self.decks, self.jokers = msg.decks, msg.jokers
            self.mode, self.packet_size, self.packets = PacketMode(msg.mode), msg.packet_size, msg.packets
            self._stack = None
        elif isinstance(msg, Shuffle):
            self._shuffle(now)
        elif isinstance(msg, Dispense):
            if self._fault is not None:
                self.emit(Rejected(msg.TYPE, RejectReason.FAULT_ACTIVE), now)
            elif self._stack is None or self.mode is not PacketMode.SINGLE and self._pile >= self.packets:
                self.emit(Rejected(msg.TYPE, RejectReason.NOT_SHUFFLED), now)
            else:
                size = 1 if self.mode is PacketMode.SINGLE else self.packet_size
                self._pending_packet = size
                self._position = 0
                self._run_packet(now)
        elif isinstance(msg, ClearFault):
            if self._fault == "door":
                self.emit(Door(0), now)
            self._fault = None
            if self._pending_packet:
                self._run_packet(now)
        else:
            super().on_command(msg, now)

    def _shuffle(self, now: float) -> None:
        # the deck type the shuffler is set up for (its profile's composition), in the decks configured
        expected_cards = self.profile.deck.shoe(self.decks, self.jokers)
        want, have = Counter(expected_cards), Counter(self._loaded)
        missing = tuple(sorted((want - have).elements()))
        over = have - want
        extra = tuple(sorted(c for c in over.elements() if c not in want))
        dups = tuple(sorted(c for c in over.elements() if c in want))
        f = self.profile.faults
        if f.face_up_in_shuffle is not None and not self._face_up_done:
            self._face_up_done = True
            self.emit(FaceUpInside(parse_read(f.face_up_in_shuffle)), now)
        # A report fits one frame: a deck far off its configuration (eight decks configured, one loaded)
        # names only the first cards of each list; the counts always tell the whole truth, so the host
        # still raises DECK_COUNT_MISMATCH instead of the frame failing to encode.
        room = _REPORT_CARDS
        missing, room = missing[:room], room - min(room, len(missing))
        extra, room = extra[:room], room - min(room, len(extra))
        dups = dups[:room]
        self.emit(DeckReport(len(self._loaded), len(expected_cards), missing, extra, dups), now)
        self._stack = _SealedStack(self._loaded, self.rng)
        self._shuffles += 1
        self._pile = 0
        self._dispensed = 0
        self.emit(ShuffleComplete(self._shuffles, len(self._stack)), now)

    def _run_packet(self, now: float) -> None:
        f = self.profile.faults
        assert self._stack is not None
        short = (
            self.mode is not PacketMode.SINGLE
            and f.short_dispense_packet is not None
            and f.short_dispense_packet == self._pile + 1
        )
        size = 1 if self.mode is PacketMode.SINGLE else self.packet_size
        while self._pending_packet:
            if short and self._pending_packet == 1:
                # The last card of this packet stays stuck inside: reported, never lost silently.
                self._pending_packet = 0
                self.emit(ShortPacket(self._pile, size, self._position), now)
                break
            card = self._stack.draw()
            if card is None:
                self._pending_packet = 0
                self.emit(ShortPacket(self._pile, size, self._position), now)
                break
            self.emit(CardOut(card, 0, self._pile, self._position), now)
            self._position += 1
            self._dispensed += 1
            self._pending_packet -= 1
            scheduled = (
                f.jam_after_cards is not None and self._dispensed >= f.jam_after_cards and not self._jam_done
            )
            if (scheduled or self._jam_next) and self._pending_packet:
                self._jam_done = self._jam_done or scheduled
                self._jam_next = False
                self._fault = "jam"
                self.emit(Jam(self._dispensed, 1), now)
                return
            if (
                f.door_open_after_cards is not None
                and self._dispensed >= f.door_open_after_cards
                and not self._door_done
                and self._pending_packet
            ):
                self._door_done = True
                self._fault = "door"
                self.emit(Door(1), now)
                return
        self.emit(PacketComplete(self._pile, self._position), now)
        if self.mode is not PacketMode.SINGLE:
            self._pile += 1

    def inject_kind(self, fault: str, now: float, params: dict[str, Any]) -> bool:
        if fault == "jam":
            self._jam_next = True  # the next card out of a packet jams the one after it
            return True
        if fault == "door" and self._fault is None:
            self._fault = "door"
            self.emit(Door(1), now)
            return True
        return False

    def on_reboot(self, now: float) -> None:
        # Cards already out stay out; a reboot loses the shuffle, so the next round reshuffles.
        self._stack = None
        self._fault = None
        self._pending_packet = 0
