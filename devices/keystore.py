"""The device keystore: each paired device's own pairing key, kept apart from the configuration.

One JSON file (``device-keys.json`` in the state directory), written atomically with mode 0600 so only
the service user reads it — as the PIN hashes are kept out of reach. A key is made by
:func:`new_key` when a technician pairs a device, stored here and in the device, and never shown again:
everything the terminal prints, logs or journals names a key by its :func:`~firmware_bridge.auth.
fingerprint`. No two devices share a key (the weakness of one key in every device of a model).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from devices.errors import DeviceConfigError
from firmware_bridge.auth import KEY_SIZE, fingerprint

FILE_NAME = "device-keys.json"


def new_key() -> bytes:
    """A fresh random pairing key."""
    return os.urandom(KEY_SIZE)


class Keystore:
    """The pairing keys of one table's devices, by device name."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    def _read(self) -> dict[str, Any]:
        if not self.path.exists():
            return {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise DeviceConfigError(f"{self.path}: not a device keystore ({exc})") from None
        if not isinstance(data, dict):
            raise DeviceConfigError(f"{self.path}: not a device keystore")
        return data

    def key_for(self, name: str) -> bytes | None:
        """The pairing key of device ``name``, or None if it is not paired."""
        entry = self._read().get(name)
        if not isinstance(entry, dict) or not isinstance(entry.get("key"), str):
            return None
        key = bytes.fromhex(entry["key"])
        if len(key) != KEY_SIZE:
            raise DeviceConfigError(f"{self.path}: the key of {name!r} is not {KEY_SIZE} bytes")
        return key

    def paired(self) -> dict[str, dict[str, str]]:
        """Device name -> what may be shown of its pairing (serial, fingerprint, when): never the key."""
        return {
            name: {k: str(v) for k, v in entry.items() if k != "key"}
            for name, entry in self._read().items()
            if isinstance(entry, dict)
        }

    def store(self, name: str, key: bytes, serial: str) -> str:
        """Keep ``key`` for device ``name``; returns its fingerprint. Refuses a key another device has."""
        if len(key) != KEY_SIZE:
            raise DeviceConfigError(f"a pairing key is {KEY_SIZE} bytes")
        data = self._read()
        for other, entry in data.items():
            if other != name and isinstance(entry, dict) and entry.get("key") == key.hex():
                raise DeviceConfigError(
                    f"device {name!r}: that key is already {other!r}'s; keys are never shared"
                )
        fp = fingerprint(key)
        data[name] = {
            "key": key.hex(),
            "serial": serial,
            "fingerprint": fp,
            "paired_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        }
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(self.path.name + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, sort_keys=True)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.path)
        return fp
