"""The emulated tile reader: reports each scripted tray (``tiles.sets``) one ``tiles.interval`` apart; or,
with ``tiles.on_demand``, a position's tray when the terminal asks (``read``), from the washed set."""

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


#: The 32 tiles by face: the 11 matched pairs twice, the ten tiles of the mixed kinds once
#: (docs/paigow-tiles.md; the same set as ``rules.paigowtiles.tiles.ALL_TILES``).
WASHED_SET: tuple[str, ...] = (
    *("6-6", "1-1", "4-4", "3-1", "5-5", "3-3", "2-2", "6-5", "6-4", "6-1", "5-1") * 2,
    *("6-3", "5-4", "6-2", "5-3", "5-2", "4-3", "4-1", "3-2", "4-2", "2-1"),
)


class TileReaderEmulator(Emulator):
    """Reads the profile's trays in order (or, on demand, the position asked); ``misread_next`` blanks the
    next tray's first tile (UNREADABLE_CARD), ``wrong_tile_next`` reads the next tray's first tile as a tile
    already read this round (a tile the set does not hold: DUPLICATE_CARD), ``read`` reads a position now
    (``position``, ``round``: a new round washes the tiles)."""

    KIND: ClassVar[DeviceKind] = DeviceKind.TILE_READER
    KIND_FAULTS: ClassVar[tuple[str, ...]] = ("misread_next", "wrong_tile_next", "read")

    def __init__(self, profile: Profile, *, now: float = 0.0, **kw: Any) -> None:
        super().__init__(profile, now=now, **kw)
        self.sent = 0
        self._next_at = now + profile.tiles.interval
        self._misread_next = 0
        self._wrong_next = 0
        self._asked: list[int] = []  # positions asked for (on demand), oldest first
        self._round: int | None = None
        self._washed: list[str] = []
        self._read: list[str] = []  # faces read this round

    def _tray(self, position: int | None) -> tuple[int, list[str]] | None:
        """The next tray: the scripted sets first, then (on demand) four tiles of the washed set."""
        sets = self.profile.tiles.sets
        if self.sent < len(sets):
            tray = sets[self.sent]
            return tray.position, tray.tiles.split()
        if position is None or len(self._washed) < 4:
            return None
        faces, self._washed = self._washed[:4], self._washed[4:]
        return position, faces

    def step(self, now: float) -> None:
        on_demand = self.profile.tiles.on_demand
        while self.room() > 0 and now >= self._next_at:
            if on_demand and not self._asked:
                return  # a tray reads only the tiles placed on it
            tray = self._tray(self._asked.pop(0) if on_demand else None)
            if tray is None:
                return
            position, faces = tray
            spent = [f for f in dict.fromkeys(self._read) if self._read.count(f) == WASHED_SET.count(f)]
            if self._wrong_next and spent:  # a face the set holds no more of: one too many
                self._wrong_next -= 1
                faces = [spent[0], *faces[1:]]
            self._read += faces
            raw = [tile_byte(f) for f in faces]
            raw += [0] * (4 - len(raw))  # an empty slot reads as nothing
            if self._misread_next:
                self._misread_next -= 1
                raw[0] = 0
            self.sent += 1
            self.emit(TileTray(position, *raw, number=self.sent), now)
            self._next_at = now + self.profile.tiles.interval

    def inject_kind(self, fault: str, now: float, params: dict[str, Any]) -> bool:
        if fault == "read":
            rnd = params.get("round")
            if rnd != self._round:  # a new round: the tiles are washed and stacked again
                self._round = rnd
                self._washed = list(WASHED_SET)
                self.rng.shuffle(self._washed)
                self._read = []
            self._asked.append(int(params.get("position", 1)))
            self._next_at = min(self._next_at, now)
        elif fault == "wrong_tile_next":
            self._wrong_next += int(params.get("count", 1))
        else:
            self._misread_next += int(params.get("count", 1))
        return True

    def behaviour_deadline(self) -> float | None:
        if self.profile.tiles.on_demand:
            return self._next_at if self._asked else None
        return self._next_at if self.sent < len(self.profile.tiles.sets) else None

    def nv_state(self) -> dict[str, Any]:
        return {"sent": self.sent}

    def nv_restore(self, state: dict[str, Any]) -> None:
        self.sent = int(state.get("sent", 0))
