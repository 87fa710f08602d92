"""Pairing a device: a new key of its own, given to it in pairing mode, kept in the keystore, checked.

The technician starts it (``dealer-terminal devices pair NAME`` or the technician screen) with the
device in pairing mode — the device's pairing button; an emulated device is put in pairing mode by the
same call, as the technician would press the button. The key is never shown: the result names its
fingerprint.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from devices.api import open_device
from devices.errors import PairingFailed
from devices.keystore import Keystore, new_key
from devices.spec import DeviceSpec
from devices.transports import emulator_control


@dataclass(frozen=True)
class PairingResult:
    """What may be shown of a pairing."""

    name: str
    port: str
    serial: str
    fingerprint: str


def _press_emulated_button(dev: Any) -> None:
    """For an emulated device: put it in pairing mode (its button), through its emulator-control port."""
    control = emulator_control(dev.transport)
    if control is not None:
        control.inject("pairing")


async def pair_device(
    spec: DeviceSpec,
    keystore: Keystore,
    *,
    emulator_dir: str | Path | None = None,
    emulator_keys: str | Path | None = None,
    timeout: float = 10.0,
) -> PairingResult:
    """Pair ``spec``'s device with a new key, store the key, and check the device proves it."""
    key = new_key()
    current = replace(spec, pairing_key=keystore.key_for(spec.name))
    kw: dict[str, Any] = {
        "emulator_dir": emulator_dir,
        "handshake_timeout": timeout,
        "ack_after_commit": False,
        "emulator_keys": emulator_keys,
    }
    async with open_device(current, **kw) as dev:
        _press_emulated_button(dev)
        fp = await dev.pair(key, timeout=timeout)
        serial = dev.identity.serial
        port = spec.url if spec.scheme == "emu" else dev.transport.name  # not the emulator's options
    keystore.store(spec.name, key, serial)
    async with open_device(replace(spec, pairing_key=key), **kw) as dev:
        if not dev.authenticated:
            raise PairingFailed(f"{spec.name}: the device did not prove the new key")
    return PairingResult(spec.name, port, serial, fp)
