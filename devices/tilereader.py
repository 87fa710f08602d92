"""The tile reader (an RFID tray at each position) for Pai Gow Tiles: a position's four tiles, read by face.

Each TILE_TRAY gives a position and four bytes, ``high << 4 | low`` pips (docs/protocol.md §6.7). A byte that
is not a tile (0, the tray could not read it, or pips outside 1-6) is an :class:`UnreadableTile` event
(UNREADABLE_CARD) beside the :class:`TilesRead`, never dropped. The reads are the same faces the dealer's
tile picker gives, and the round takes them the same way (``rules.paigowtiles.table_round.TilesRound.place``).
"""

from __future__ import annotations

from typing import ClassVar

from devices.driver import Device
from devices.events import DeviceEvent, TilesRead, UnreadableTile
from firmware_bridge.messages import DeviceKind, Message, TileTray


def tile_face(byte: int) -> str | None:
    """``"6-6"`` for 0x66, ``"4-2"`` for 0x42 (either end first on the wire: 0x24 is also 4-2); None if not a tile."""
    hi, lo = byte >> 4, byte & 0x0F
    if not (1 <= hi <= 6 and 1 <= lo <= 6):
        return None
    return f"{max(hi, lo)}-{min(hi, lo)}"


class TileReaderDriver(Device):
    """An RFID tile tray. It takes no commands; it only reports."""

    KIND: ClassVar[DeviceKind | None] = DeviceKind.TILE_READER

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.reads = 0

    def _on_message(self, msg: Message) -> list[DeviceEvent] | None:
        if not isinstance(msg, TileTray):
            return None
        self.reads += 1
        raw = (msg.t1, msg.t2, msg.t3, msg.t4)
        faces = [tile_face(b) for b in raw]
        events: list[DeviceEvent] = [
            UnreadableTile(position=msg.position, slot=i + 1, raw=b, device=self.name)
            for i, (b, f) in enumerate(zip(raw, faces, strict=True))
            if f is None
        ]
        read = TilesRead(
            position=msg.position, tiles=tuple(f for f in faces if f), number=msg.number, device=self.name
        )
        return [read, *events]
