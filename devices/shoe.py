"""The card-reading shoe driver: card reads (card, face up, quality), unreadable cards, empty, cut card."""

from __future__ import annotations

from typing import ClassVar

from devices.driver import Device
from devices.events import CardRead, CutCardReached, DeviceEvent, ShoeEmpty, UnreadableCard
from firmware_bridge.messages import CutCardMsg, DeviceKind, Message, Read, ShoeEmptyMsg


class ShoeDriver(Device):
    """A reading shoe. It takes no commands; it only reports."""

    KIND: ClassVar[DeviceKind | None] = DeviceKind.SHOE

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.reads = 0

    def _on_message(self, msg: Message) -> list[DeviceEvent] | None:
        if isinstance(msg, Read):
            self.reads += 1
            if msg.card is None:
                return [
                    UnreadableCard(
                        face_up=bool(msg.face_up), quality=msg.quality, number=msg.number, device=self.name
                    )
                ]
            return [CardRead(msg.card, bool(msg.face_up), msg.quality, msg.number, device=self.name)]
        if isinstance(msg, ShoeEmptyMsg):
            return [ShoeEmpty(device=self.name)]
        if isinstance(msg, CutCardMsg):
            return [CutCardReached(device=self.name)]
        return None
