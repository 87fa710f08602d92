"""Emulated firmware of every device kind, driven by YAML profiles (config/emulators/).

Emulators speak the reference protocol over the same transports as real devices. Reach one as
``emu://PROFILE`` through pyserial (see :mod:`firmware_bridge.emulators.protocol_emu`) or over a pty
with :func:`firmware_bridge.emulators.runner.start_pty_emulator`.
"""

from __future__ import annotations

from pathlib import Path

from firmware_bridge.emulators.base import Emulator, Nvram
from firmware_bridge.emulators.dicecup import DiceCupEmulator
from firmware_bridge.emulators.panel import PanelEmulator
from firmware_bridge.emulators.profile import Profile, ProfileError, load_profile, parse_profile
from firmware_bridge.emulators.shoe import ShoeEmulator
from firmware_bridge.emulators.shuffler import ShufflerEmulator
from firmware_bridge.emulators.tilereader import TileReaderEmulator

EMULATORS: dict[str, type[Emulator]] = {
    "shuffler": ShufflerEmulator,
    "shoe": ShoeEmulator,
    "dice_cup": DiceCupEmulator,
    "panel": PanelEmulator,
    "tile_reader": TileReaderEmulator,
}


def build_emulator(
    profile: Profile | str | Path,
    *,
    profile_dir: str | Path | None = None,
    now: float = 0.0,
    key_file: str | Path | None = None,
    nvram_file: str | Path | None = None,
) -> Emulator:
    """The emulator for ``profile`` (a :class:`Profile`, a path, or a name looked up in ``profile_dir``);
    ``key_file`` is where it keeps its pairing key, ``nvram_file`` its non-volatile memory (message
    counter, unacknowledged events, behaviour position; none: lost when it stops)."""
    if not isinstance(profile, Profile):
        profile = load_profile(profile, profile_dir)
    nvram = None if nvram_file is None else Nvram(nvram_file)
    return EMULATORS[profile.kind](profile, now=now, key_file=key_file, nvram=nvram)


__all__ = [
    "EMULATORS",
    "DiceCupEmulator",
    "Emulator",
    "PanelEmulator",
    "Profile",
    "ProfileError",
    "ShoeEmulator",
    "ShufflerEmulator",
    "build_emulator",
    "load_profile",
    "parse_profile",
]
