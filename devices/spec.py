"""What the configuration says about one device: name, kind, where it is, what firmware to expect."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from devices.errors import DeviceConfigError

KINDS = ("shuffler", "shoe", "dice_cup", "panel", "tile_reader")


@dataclass(frozen=True)
class DeviceSpec:
    """One device of the table.

    ``url`` is where it is attached: a serial path (``/dev/serial/by-id/…``, a pty ``/dev/pts/N``),
    ``emu://PROFILE`` (an emulator), ``usb://VVVV:PPPP[/SERIAL]`` (USB bulk), ``gpio://`` (buttons and
    lamps on GPIO pins; panel only), ``socket://host:port`` or ``mem://`` (a transport passed in).
    ``expected_firmware_hash`` (64 hex digits), if set, must match the device's handshake or the
    device is disabled with PROGRAM_INTEGRITY. ``options`` are per kind: ``shake_threshold`` (dice
    cup), ``buttons`` / ``lamps`` / ``long_press_ms`` / pins (panel). ``pairing_key`` (32 bytes, from
    the device keystore; never shown) makes the device prove it holds the key at every handshake and
    tag every frame; a device that does not is refused.
    """

    name: str
    kind: str
    url: str
    expected_firmware_hash: str | None = None
    baudrate: int = 115200
    options: Mapping[str, Any] = field(default_factory=dict)
    pairing_key: bytes | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise DeviceConfigError(
                f"device {self.name!r}: kind {self.kind!r} is not one of {', '.join(KINDS)}"
            )
        if not self.url:
            raise DeviceConfigError(f"device {self.name!r}: url is empty")
        h = self.expected_firmware_hash
        if h is not None:
            try:
                ok = len(bytes.fromhex(h)) == 32
            except ValueError:
                ok = False
            if not ok:
                raise DeviceConfigError(f"device {self.name!r}: expected_firmware_hash must be 64 hex digits")
        if self.pairing_key is not None and len(self.pairing_key) != 32:
            raise DeviceConfigError(f"device {self.name!r}: a pairing key is 32 bytes")

    @property
    def scheme(self) -> str:
        """``serial`` for a path, else the URL scheme."""
        return self.url.split("://", 1)[0] if "://" in self.url else "serial"
