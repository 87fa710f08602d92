"""The tile reader's part of an emulator profile (``tiles:``): the trays it reads, in order, and how fast."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, field_validator


class TraySet(BaseModel):
    """One tray read: a position and its four tiles by face (``"6-6 6-6 1-1 1-1"``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    position: int
    tiles: str

    @field_validator("tiles")
    @classmethod
    def _four(cls, v: str) -> str:
        parts = v.split()
        for p in parts:
            a, _, b = p.partition("-")
            if not (a.isdigit() and b.isdigit() and 1 <= int(a) <= 6 and 1 <= int(b) <= 6):
                raise ValueError(f"{p!r} is not a tile (pips 1-6 at each end, like 6-6 or 4-2)")
        if len(parts) > 4:
            raise ValueError(f"a tray holds four tiles, not {len(parts)}")
        return v


class TilesProfile(BaseModel):
    """The trays the emulated reader reports, one each ``interval`` seconds from the start; or, with
    ``on_demand``, a tray only when the terminal asks for a position (``read`` with ``position`` and
    ``round``): the scripted ``sets`` first, then positions of a set of 32 tiles washed for each round
    (seeded by the profile's ``seed``), as an RFID tray reads the tiles placed on it."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    sets: list[TraySet] = []
    interval: float = 0.5
    on_demand: bool = False
