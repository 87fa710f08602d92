"""Opening devices: ``async with open_device(spec) as dev: async for event in dev.events(): …``."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

from devices.dicecup import DiceCupDriver
from devices.driver import Device
from devices.errors import DeviceConfigError, DeviceRefused
from devices.events import DeviceRefused as DeviceRefusedEvent
from devices.gpio import GpioPanel
from devices.panel import PanelDriver
from devices.shoe import ShoeDriver
from devices.shuffler import ShufflerDriver
from devices.spec import DeviceSpec
from devices.tilereader import TileReaderDriver
from devices.transports import SerialTransport, UsbAddress, UsbBulkTransport
from firmware_bridge.clock import Clock
from firmware_bridge.link import LinkConfig
from firmware_bridge.transport import ByteTransport

DRIVERS: dict[str, type[Device]] = {
    "shuffler": ShufflerDriver,
    "shoe": ShoeDriver,
    "dice_cup": DiceCupDriver,
    "panel": PanelDriver,
    "tile_reader": TileReaderDriver,
}


def transport_for(
    spec: DeviceSpec,
    *,
    emulator_dir: str | Path | None = None,
    usb_backend: Any = None,
    emulator_keys: str | Path | None = None,
) -> ByteTransport:
    """The transport that ``spec.url`` names. ``emulator_keys``: where ``emu://`` devices keep their
    pairing keys (their flash; the terminal passes its state directory's ``emulator-keys``)."""
    scheme = spec.scheme
    if scheme == "serial":
        return SerialTransport(spec.url, spec.baudrate)
    if scheme == "pty":
        return SerialTransport(spec.url.split("://", 1)[1], spec.baudrate)
    if scheme == "emu":
        url = spec.url
        if emulator_dir is not None and "dir=" not in url:
            url += ("&" if "?" in url else "?") + "dir=" + quote(str(emulator_dir))
        if emulator_keys is not None and "keys=" not in url:
            url += ("&" if "?" in url else "?") + "keys=" + quote(str(emulator_keys))
        return SerialTransport(url, spec.baudrate)
    if scheme in ("socket", "rfc2217"):
        return SerialTransport(spec.url, spec.baudrate, exclusive=False)
    if scheme == "usb":
        return UsbBulkTransport(UsbAddress.parse(spec.url), backend=usb_backend)
    raise DeviceConfigError(f"device {spec.name!r}: no transport for {spec.url!r} (pass one for mem://)")


def make_device(
    spec: DeviceSpec,
    transport: ByteTransport | None = None,
    *,
    clock: Clock | None = None,
    link_config: LinkConfig | None = None,
    emulator_dir: str | Path | None = None,
    usb_backend: Any = None,
    pin_factory: Any = None,
    ack_after_commit: bool = True,
    emulator_keys: str | Path | None = None,
) -> Device | GpioPanel:
    """Build (without starting) the driver for ``spec``.

    ``ack_after_commit`` (the default): the device's frames are acknowledged only once the reader of
    ``events()`` has handled them (see :mod:`devices.driver`); pass False for a diagnostic session that
    does not read events (frames are then acknowledged on arrival).
    """
    if spec.scheme == "gpio":
        if spec.kind != "panel":
            raise DeviceConfigError(f"device {spec.name!r}: only a panel can be on gpio://")
        return GpioPanel(spec, clock=clock, pin_factory=pin_factory)
    if transport is None:
        transport = transport_for(
            spec, emulator_dir=emulator_dir, usb_backend=usb_backend, emulator_keys=emulator_keys
        )
    return DRIVERS[spec.kind](
        spec, transport, clock=clock, link_config=link_config, ack_after_commit=ack_after_commit
    )


@asynccontextmanager
async def open_device(
    spec: DeviceSpec,
    transport: ByteTransport | None = None,
    *,
    clock: Clock | None = None,
    link_config: LinkConfig | None = None,
    emulator_dir: str | Path | None = None,
    usb_backend: Any = None,
    pin_factory: Any = None,
    handshake_timeout: float = 5.0,
    ack_after_commit: bool = True,
    emulator_keys: str | Path | None = None,
    resume: Mapping[int, int] | None = None,
    require_pairing: bool = False,
) -> AsyncIterator[Any]:
    """Open, handshake, yield the started driver, close on exit.

    ``require_pairing``: a device on a link with no pairing key (never paired) is refused before its port
    is opened — :class:`devices.errors.DeviceRefused` naming the device and its port.

    ``resume``: the numbers already journaled (message type -> highest number), given to the driver
    before the handshake (``Device.resume_numbers``), so reads the device resends at once are copies.

    Raises :class:`devices.errors.HandshakeTimeout` if the device does not identify itself, or
    ``TransportClosed`` if the port cannot be opened.
    """
    if require_pairing and spec.pairing_key is None and spec.scheme != "gpio":
        port = spec.url  # the configured port (a transport's own name may carry an emulator's options)
        raise DeviceRefused(
            f"{spec.name} on {port} is not paired, and this table requires pairing",
            DeviceRefusedEvent(port, "not paired", device=spec.name),
        )
    dev = make_device(
        spec,
        transport,
        clock=clock,
        link_config=link_config,
        emulator_dir=emulator_dir,
        usb_backend=usb_backend,
        pin_factory=pin_factory,
        ack_after_commit=ack_after_commit,
        emulator_keys=emulator_keys,
    )
    if resume and hasattr(dev, "resume_numbers"):
        dev.resume_numbers(dict(resume))
    await dev.start(handshake_timeout=handshake_timeout)
    try:
        yield dev
    finally:
        await dev.close()
