"""Errors the device layer raises to its callers (the controller, the CLI)."""

from __future__ import annotations


class DeviceError(Exception):
    """Base of every device-layer error; the message names the device and what went wrong."""


class DeviceConfigError(DeviceError, ValueError):
    """A device specification or command argument that cannot be used (names the field)."""


class HandshakeTimeout(DeviceError, TimeoutError):
    """The device did not answer HELLO with IDENTITY in time."""


class DeviceDisabled(DeviceError):
    """A command to a device that is disabled (e.g. its firmware failed the integrity check)."""


class RestartNotAcknowledged(DeviceError):
    """A command to a device whose restart has not been acknowledged yet."""


class DeviceRefused(DeviceError):
    """The device on a port did not prove its pairing key (or a frame's tag was wrong). ``event`` is the
    :class:`devices.events.DeviceRefused` to raise as an alert; the message names the port."""

    def __init__(self, message: str, event: object) -> None:
        super().__init__(message)
        self.event = event


class PairingFailed(DeviceError):
    """Pairing did not happen (the device is not in pairing mode, or did not answer)."""
