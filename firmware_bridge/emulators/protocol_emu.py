"""pyserial URL handler for ``emu://PROFILE[?dir=PROFILE_DIR]``: an emulated device on a pty.

Register with ``serial.protocol_handler_packages.append("firmware_bridge.emulators")`` (done by
:func:`register_url_handler`). ``serial.serial_for_url("emu://shoe-basic?dir=config/emulators")`` then
starts the emulator on a fresh pty in a background thread and opens the pty like any serial port, so
the same code path (including pyserial-asyncio-fast) serves real and emulated devices. The emulator
stops when the port is closed. Without ``dir=``, the directory registered with
:func:`set_profile_dir` (or the ``DEALER_TERMINAL_EMULATORS`` environment variable) is used.
"""

from __future__ import annotations

import os
import urllib.parse
from pathlib import Path
from typing import Any

import serial  # type: ignore[import-untyped]

from firmware_bridge.emulators.profile import ProfileError
from firmware_bridge.emulators.runner import PtyEmulator, start_pty_emulator

_profile_dir: Path | None = None


def set_profile_dir(path: str | Path | None) -> None:
    """Where ``emu://NAME`` looks for ``NAME.yaml`` when the URL has no ``dir=``."""
    global _profile_dir
    _profile_dir = None if path is None else Path(path)


def register_url_handler() -> None:
    """Make pyserial's ``serial_for_url`` understand ``emu://``."""
    if "firmware_bridge.emulators" not in serial.protocol_handler_packages:
        serial.protocol_handler_packages.append("firmware_bridge.emulators")


def key_file_for(url: str, name: str) -> Path | None:
    """Where the emulator of ``url`` keeps its pairing key: ``?keys=DIR``, else
    ``$DEALER_TERMINAL_STATE_DIR/emulator-keys`` (so a paired emulated device stays paired across
    reconnects and restarts, as a real device's flash does); None if neither is set."""
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)
    d = query.get("keys", [None])[0] or (
        str(Path(os.environ["DEALER_TERMINAL_STATE_DIR"]) / "emulator-keys")
        if os.environ.get("DEALER_TERMINAL_STATE_DIR")
        else None
    )
    return None if d is None else Path(d) / f"{Path(name).stem}.key"


def nvram_file_for(url: str, name: str) -> Path | None:
    """Where the emulator of ``url`` keeps its non-volatile memory (its message counter, the events the
    host has not acknowledged, how far its shoe has read): ``?state=DIR``, else
    ``$DEALER_TERMINAL_STATE_DIR/emulator-nvram``; None if neither is set. As the reference firmware's
    flash does, it outlives the port: an emulated device opened again (a reconnect, a terminal restart)
    never numbers a read with a number it used before, so the host never drops a new read as a copy
    (docs/protocol.md §3.1, "What survives a reboot")."""
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)
    d = query.get("state", [None])[0] or (
        str(Path(os.environ["DEALER_TERMINAL_STATE_DIR"]) / "emulator-nvram")
        if os.environ.get("DEALER_TERMINAL_STATE_DIR")
        else None
    )
    if d is None:
        return None
    Path(d).mkdir(parents=True, exist_ok=True)
    return Path(d) / f"{Path(name).stem}.json"


def parse_emu_url(url: str) -> tuple[str, Path | None]:
    """``(profile name or path, profile dir)`` from an ``emu://`` URL."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "emu":
        raise ValueError(f"not an emu:// URL: {url!r}")
    name = (parts.netloc + parts.path).strip()
    if not name:
        raise ValueError(f"{url!r}: no profile named (emu://PROFILE)")
    query = urllib.parse.parse_qs(parts.query)
    d = query.get("dir", [None])[0]
    env = os.environ.get("DEALER_TERMINAL_EMULATORS")
    folder = Path(d) if d else _profile_dir if _profile_dir is not None else Path(env) if env else None
    return name, folder


class Serial(serial.Serial):  # type: ignore[misc]
    """A pty-backed serial port whose far end is an emulator started when the port opens."""

    _emulator: PtyEmulator | None = None

    def open(self) -> None:
        url: object = self._port  # type: ignore[has-type]
        if isinstance(url, str) and url.startswith("emu://"):
            name, folder = parse_emu_url(url)
            try:
                self._emulator = start_pty_emulator(
                    name,
                    profile_dir=folder,
                    key_file=key_file_for(url, name),
                    nvram_file=nvram_file_for(url, name),
                )
            except ProfileError as exc:
                raise serial.SerialException(str(exc)) from None
            self._port = self.portstr = self._emulator.path
        super().open()

    @property
    def emulator(self) -> Any:
        """The emulator behind this port (tests and the demo's fault injector use it)."""
        return None if self._emulator is None else self._emulator.emulator

    def close(self) -> None:
        super().close()
        if self._emulator is not None:
            self._emulator.stop()
            self._emulator = None
