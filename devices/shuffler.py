"""The shuffler driver: technician configuration, shuffle, deck verification, dispensing, faults.

The driver never learns the card order before a card is dealt: the protocol has no message for it,
and :class:`CardDispensed` is emitted only for a card that has left the shuffler.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from devices.driver import Device
from devices.errors import DeviceConfigError
from devices.events import (
    CardDispensed,
    DeckVerified,
    DeviceEvent,
    DoorClosed,
    DoorOpen,
    FaceUpCardInShuffler,
    PacketDispensed,
    ShortDispense,
    ShuffleComplete,
    ShufflerConfigured,
    ShufflerJam,
)
from firmware_bridge import messages as m
from firmware_bridge.messages import DeviceKind, Message, PacketMode


@dataclass(frozen=True)
class ShufflerConfig:
    """A technician's shuffler configuration."""

    decks: int = 1
    jokers: int = 0
    mode: str = "hands"  # single | hands | piles
    packet_size: int = 7
    packets: int = 7

    def validate(self) -> PacketMode:
        """Check every field; return the packet mode. Raises :class:`DeviceConfigError` naming the field."""
        if not 1 <= self.decks <= 8:
            raise DeviceConfigError(f"shuffler decks: {self.decks} is not 1-8")
        if not 0 <= self.jokers <= 2 * self.decks:
            raise DeviceConfigError(f"shuffler jokers: {self.jokers} is not 0-{2 * self.decks}")
        try:
            mode = PacketMode[self.mode.upper()]
        except KeyError:
            raise DeviceConfigError(f"shuffler mode: {self.mode!r} is not single, hands or piles") from None
        if not 1 <= self.packet_size <= 52:
            raise DeviceConfigError(f"shuffler packet_size: {self.packet_size} is not 1-52")
        if not 1 <= self.packets <= 20:
            raise DeviceConfigError(f"shuffler packets: {self.packets} is not 1-20")
        if mode is not PacketMode.SINGLE and self.packet_size * self.packets > 52 * self.decks + self.jokers:
            raise DeviceConfigError(
                f"shuffler packets: {self.packets} x {self.packet_size} cards exceed the deck"
            )
        return mode


def shuffler_config_from_options(options: Mapping[str, Any]) -> ShufflerConfig:
    """The configuration a table file gives a shuffler: ``decks``, ``jokers``, ``packet`` (cards per
    packet; 0 = single cards), ``hands`` (packets per round), and optionally ``mode`` (``hands`` or
    ``piles``; default hands)."""
    known = {"decks", "jokers", "packet", "hands", "mode"}
    unknown = sorted(set(options) - known)
    if unknown:
        raise DeviceConfigError(
            f"shuffler options: unknown key {unknown[0]!r} (known: {', '.join(sorted(known))})"
        )
    packet = int(options.get("packet", 7))
    mode = "single" if packet == 0 else str(options.get("mode", "hands"))
    cfg = ShufflerConfig(
        decks=int(options.get("decks", 1)),
        jokers=int(options.get("jokers", 0)),
        mode=mode,
        packet_size=max(packet, 1),
        packets=int(options.get("hands", 1 if packet == 0 else 7)),
    )
    cfg.validate()
    return cfg


class ShufflerDriver(Device):
    """An automatic shuffler with card recognition."""

    KIND: ClassVar[DeviceKind | None] = DeviceKind.SHUFFLER

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.config: ShufflerConfig | None = None
        self.jammed = False
        self.door_open = False
        self.dispensed_this_shuffle = 0

    def configure(self, config: ShufflerConfig) -> None:
        """Send the technician's configuration (decks, jokers, packet mode and size, packets)."""
        mode = config.validate()
        self._command(
            m.ConfigureShuffler(config.decks, config.jokers, int(mode), config.packet_size, config.packets)
        )
        self.config = config
        self._publish(
            ShufflerConfigured(
                config.decks,
                config.jokers,
                mode.name.lower(),
                config.packet_size,
                config.packets,
                device=self.name,
            )
        )

    def shuffle(self) -> None:
        """Shuffle and verify the deck; a :class:`DeckVerified` report and :class:`ShuffleComplete` follow."""
        self._command(m.Shuffle())

    def dispense(self) -> None:
        """Hand out the next packet (or card in single mode)."""
        self._command(m.Dispense())

    def clear_fault(self) -> None:
        """The dealer cleared the jam or closed the door: resume the interrupted packet."""
        self._command(m.ClearFault())

    def _on_message(self, msg: Message) -> list[DeviceEvent] | None:
        n = self.name
        if isinstance(msg, m.CardOut):
            self.dispensed_this_shuffle += 1
            return [CardDispensed(msg.card, bool(msg.face_up), msg.pile, msg.position, msg.number, device=n)]
        if isinstance(msg, m.PacketComplete):
            return [PacketDispensed(msg.pile, msg.count, device=n)]
        if isinstance(msg, m.DeckReport):
            return [DeckVerified(msg.count, msg.expected, msg.missing, msg.extra, msg.duplicates, device=n)]
        if isinstance(msg, m.ShuffleComplete):
            self.dispensed_this_shuffle = 0
            return [ShuffleComplete(msg.shuffle_id, msg.count, device=n)]
        if isinstance(msg, m.Jam):
            self.jammed = True
            return [ShufflerJam(msg.dispensed, msg.location, device=n)]
        if isinstance(msg, m.ShortPacket):
            return [ShortDispense(msg.pile, msg.expected, msg.delivered, device=n)]
        if isinstance(msg, m.Door):
            self.door_open = bool(msg.open)
            if not msg.open:
                self.jammed = False
            return [DoorOpen(device=n) if msg.open else DoorClosed(device=n)]
        if isinstance(msg, m.FaceUpInside):
            return [FaceUpCardInShuffler(msg.card, device=n)]
        return None

    def _on_restart(self) -> None:
        self.jammed = False
        self.door_open = False
