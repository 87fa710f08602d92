"""The emulator-control port: how the terminal (demo fault keys, a technician's pairing, an on-demand
shoe's draws) acts on an emulated device, without reaching into a transport's internals.

An emulator registers its control under the port it serves (the pty path, or the stable symlink of an
emulator in its own process) when it starts, and removes it when it stops. The terminal asks the
transport registry (:func:`devices.transports.emulator_control`) for the control of the port a driver
has open; a real device has none. Production code never imports the emulators: this module is the only
thing both sides know.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Protocol, runtime_checkable


@runtime_checkable
class EmulatorControl(Protocol):
    """What can be done to an emulated device from outside (the technician's hands on a real one)."""

    @property
    def on_demand(self) -> bool:
        """Whether the device reads a card only when asked (``draw``), as a dealer draws from a shoe."""
        ...

    def inject(self, fault: str) -> None:
        """Make the device misbehave now (a fault of ``Emulator.inject``: ``jam``, ``pairing``, ``draw`` …).
        Thread-safe; an unknown fault name does nothing."""
        ...


_lock = threading.Lock()
_controls: dict[str, EmulatorControl] = {}


def _key(port: str | os.PathLike[str]) -> str:
    return os.path.abspath(os.fspath(port))


def register(port: str | os.PathLike[str], control: EmulatorControl) -> None:
    """The emulator serving ``port`` is controlled through ``control`` (until :func:`unregister`)."""
    with _lock:
        _controls[_key(port)] = control


def unregister(port: str | os.PathLike[str], control: EmulatorControl | None = None) -> None:
    """Forget the control of ``port`` (only if it is still ``control``, when given)."""
    with _lock:
        key = _key(port)
        if control is None or _controls.get(key) is control:
            _controls.pop(key, None)


def control_for(port: str | os.PathLike[str] | None) -> EmulatorControl | None:
    """The control of the emulator serving ``port``; None for a real device (or no port)."""
    if not port:
        return None
    with _lock:
        return _controls.get(_key(port))


class FifoControl:
    """The control of an emulator in its own process (``python -m firmware_bridge.emulators --control
    FIFO``): each fault is one ``inject FAULT`` line on its control FIFO."""

    def __init__(self, fifo: str | os.PathLike[str], *, on_demand: bool = False) -> None:
        self.fifo = Path(fifo)
        self._on_demand = on_demand

    @property
    def on_demand(self) -> bool:
        """As the profile says (given by whoever started the process)."""
        return self._on_demand

    def inject(self, fault: str) -> None:
        """Write ``inject FAULT`` to the FIFO (non-blocking; nothing if the emulator is not reading)."""
        try:
            fd = os.open(self.fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError:
            return
        try:
            os.write(fd, f"inject {fault}\n".encode())
        finally:
            os.close(fd)
