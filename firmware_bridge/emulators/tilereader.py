"""The emulated tile reader: reports each scripted tray (``tiles.sets``) one ``tiles.interval`` apart."""

from __future__ import annotations

from typing import Any, ClassVar

from firmware_bridge.emulators.base import Emulator
from firmware_bridge.emulators.profile import Profile
from firmware_bridge.messages import DeviceKind, TileTray


def tile_byte(face: str) -> int:
    """``"6-6"`` -> 0x66, ``"4-2"`` -> 0x42."""
    a, _, b = face.partition("-")
    hi, lo = max(int(a), int(b)), min(int(a), int(b))
    return hi << 4 | lo


class TileReaderEmulator(Emulator):
    """Reads the profile's trays in order; ``misread_next`` blanks the next tray's first tile."""

    KIND: ClassVar[DeviceKind] = DeviceKind.TILE_READER
    KIND_FAULTS: ClassVar[tuple[str, ...]] = ("misread_next",)

    def __init__(self, profile: Profile, *, now: float = 0.0, **kw: Any) -> None:
        super().__init__(profile, now=now, **kw)
        self.sent = 0
        self._next_at = now + profile.tiles.interval
        self._misread_next = 0

    def step(self, now: float) -> None:
        sets = self.profile.tiles.sets
        while self.room() > 0 and self.sent < len(sets) and now >= self._next_at:
            tray = sets[self.sent]
            raw = [tile_byte(f) for f in tray.tiles.split()]
            raw += [0] * (4 - len(raw))  # an empty slot reads as nothing
            if self._misread_next:
                self._misread_next -= 1
                raw[0] = 0
            self.sent += 1
            self.emit(TileTray(tray.position, *raw, number=self.sent), now)
            self._next_at = now + self.profile.tiles.interval

    def inject_kind(self, fault: str, now: float, params: dict[str, Any]) -> bool:
        self._misread_next += int(params.get("count", 1))
        return True

    def behaviour_deadline(self) -> float | None:
        return self._next_at if self.sent < len(self.profile.tiles.sets) else None

    def nv_state(self) -> dict[str, Any]:
        return {"sent": self.sent}

    def nv_restore(self, state: dict[str, Any]) -> None:
        self.sent = int(state.get("sent", 0))
