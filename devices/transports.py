"""Transports for real devices: serial (pyserial-asyncio-fast, exclusive open) and USB bulk (pyusb).

The in-memory pair and the raw-fd (pty master) transport come from :mod:`firmware_bridge.transport`
and are re-exported here. Serial ports should be named by their stable ``/dev/serial/by-id/…`` path;
``emu://PROFILE`` URLs work too, through the emulator's pyserial URL handler.
"""

from __future__ import annotations

import asyncio
import contextlib
import urllib.parse
from dataclasses import dataclass
from typing import Any

from devices.errors import DeviceConfigError
from firmware_bridge.control import EmulatorControl, control_for
from firmware_bridge.transport import (
    ByteTransport,
    FdTransport,
    MemoryTransport,
    TransportClosed,
    memory_pair,
    open_pty,
)

__all__ = [
    "ByteTransport",
    "FdTransport",
    "MemoryTransport",
    "SerialTransport",
    "TransportClosed",
    "UsbBulkTransport",
    "UsbAddress",
    "emulator_control",
    "memory_pair",
    "open_pty",
]


class _SerialProtocol(asyncio.Protocol):
    def __init__(self) -> None:
        self.buf = bytearray()
        self.event = asyncio.Event()
        self.closed: BaseException | None = None
        self.transport: asyncio.Transport | None = None
        self.lost = asyncio.Event()  # connection_lost has run: the port is closed

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        self.buf += data
        self.event.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = exc or TransportClosed("serial port closed")
        self.event.set()
        self.lost.set()


#: The longest a serial port's close is waited for (a flush to a device that never reads).
CLOSE_LIMIT = 10.0


class SerialTransport:
    """A serial port (or pty, or ``emu://`` URL) through pyserial-asyncio-fast, opened exclusively."""

    def __init__(self, url: str, baudrate: int = 115200, *, exclusive: bool = True) -> None:
        self.name = url
        self.url = url
        self.baudrate = baudrate
        self.exclusive = exclusive
        self._proto: _SerialProtocol | None = None
        self.serial: Any = None

    async def open(self) -> None:
        """Open the port; raises :class:`TransportClosed` if it cannot be opened."""
        import serial  # type: ignore[import-untyped]
        import serial_asyncio_fast

        _register_emulator_urls(serial)
        loop = asyncio.get_running_loop()
        kwargs: dict[str, Any] = {"baudrate": self.baudrate}
        if "://" not in self.url or self.url.startswith("emu://"):
            kwargs["exclusive"] = self.exclusive
        try:
            transport, proto = await serial_asyncio_fast.create_serial_connection(
                loop, _SerialProtocol, self.url, **kwargs
            )
        except (serial.SerialException, OSError, ValueError) as exc:
            raise TransportClosed(f"{self.url}: {exc}") from None
        self._proto = proto  # type: ignore[assignment]
        self.serial = getattr(transport, "serial", None)

    async def read(self) -> bytes:
        """Wait for bytes from the port."""
        p = self._proto
        if p is None:
            raise TransportClosed(f"{self.url} is not open")
        while not p.buf:
            if p.closed is not None:
                raise TransportClosed(f"{self.url}: {p.closed}")
            p.event.clear()
            await p.event.wait()
        data = bytes(p.buf)
        p.buf.clear()
        return data

    def write(self, data: bytes) -> None:
        """Queue bytes for the port (never blocks)."""
        p = self._proto
        if p is None or p.transport is None or p.closed is not None:
            raise TransportClosed(f"{self.url} is not open")
        p.transport.write(data)

    async def close(self) -> None:
        """Close the port; returns once it is closed (pyserial-asyncio-fast closes it in a task of its
        own, which must not outlive the device). Bounded: a port that never finishes closing is left."""
        p = self._proto
        self._proto = None
        if p is not None and p.transport is not None:
            p.transport.close()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(p.lost.wait()), CLOSE_LIMIT)


#: The package pyserial looks in for an ``emu://`` URL's handler: the emulators are reached only through this
#: registry (pyserial's URL handlers), never imported by the production code.
EMULATOR_URL_PACKAGE = "firmware_bridge.emulators"


def emulator_control(transport: Any) -> EmulatorControl | None:
    """The emulator-control port of the device behind ``transport`` (the registry of
    :mod:`firmware_bridge.control`, by the port the transport has open), or None for a real device."""
    serial = getattr(transport, "serial", None)
    port = (
        getattr(serial, "port", None) or getattr(transport, "url", None) or getattr(transport, "name", None)
    )
    return control_for(port) if isinstance(port, str) and "://" not in port else None


def _register_emulator_urls(serial: Any) -> None:
    """Make pyserial's ``serial_for_url`` understand ``emu://`` (idempotent)."""
    if EMULATOR_URL_PACKAGE not in serial.protocol_handler_packages:
        serial.protocol_handler_packages.append(EMULATOR_URL_PACKAGE)


@dataclass(frozen=True)
class UsbAddress:
    """A USB device by vendor id, product id and (optionally) serial number."""

    vendor: int
    product: int
    serial: str | None = None

    @classmethod
    def parse(cls, url: str) -> UsbAddress:
        """Parse ``usb://VVVV:PPPP[/SERIAL]`` (hex ids)."""
        parts = urllib.parse.urlsplit(url)
        if parts.scheme != "usb":
            raise DeviceConfigError(f"{url!r}: not a usb:// address")
        try:
            v, p = parts.netloc.split(":")
            vendor, product = int(v, 16), int(p, 16)
        except ValueError:
            raise DeviceConfigError(f"{url!r}: expected usb://VVVV:PPPP[/SERIAL] with hex ids") from None
        serial = parts.path.strip("/") or None
        return cls(vendor, product, serial)


class UsbBulkTransport:
    """A USB device's first bulk IN/OUT endpoint pair through pyusb.

    pyusb is blocking, so reads and writes run in the default executor with a short timeout.
    ``backend`` is passed to ``usb.core.find`` (tests pass a fake ``usb.backend.IBackend``).
    """

    READ_SIZE = 512
    TIMEOUT_MS = 50

    def __init__(self, address: UsbAddress, *, backend: Any = None, interface: int = 0) -> None:
        self.address = address
        self.name = f"usb://{address.vendor:04x}:{address.product:04x}" + (
            f"/{address.serial}" if address.serial else ""
        )
        self.backend = backend
        self.interface = interface
        self._dev: Any = None
        self._ep_in: Any = None
        self._ep_out: Any = None
        self._closed = False
        self._writes: asyncio.Queue[bytes] | None = None
        self._writer: asyncio.Task[None] | None = None

    def _find(self) -> Any:
        import usb.core  # type: ignore[import-untyped]

        want = self.address

        def match(dev: Any) -> bool:
            if want.serial is None:
                return True
            try:
                return bool(dev.serial_number == want.serial)
            except (usb.core.USBError, ValueError):
                return False

        dev = usb.core.find(
            idVendor=want.vendor, idProduct=want.product, custom_match=match, backend=self.backend
        )
        if dev is None:
            raise TransportClosed(f"{self.name}: no such USB device")
        return dev

    async def open(self) -> None:
        """Find the device, claim its interface and locate the bulk endpoints."""
        import usb.core
        import usb.util  # type: ignore[import-untyped]

        loop = asyncio.get_running_loop()
        try:
            dev = await loop.run_in_executor(None, self._find)
            with contextlib.suppress(usb.core.USBError, NotImplementedError):
                dev.set_configuration()
            cfg = dev.get_active_configuration()
            intf = cfg[(self.interface, 0)]
            usb.util.claim_interface(dev, self.interface)
        except usb.core.USBError as exc:
            raise TransportClosed(f"{self.name}: {exc}") from None

        def ep(direction: int) -> Any:
            return usb.util.find_descriptor(
                intf,
                custom_match=lambda e: (
                    usb.util.endpoint_direction(e.bEndpointAddress) == direction
                    and usb.util.endpoint_type(e.bmAttributes) == usb.util.ENDPOINT_TYPE_BULK
                ),
            )

        self._ep_in, self._ep_out = ep(usb.util.ENDPOINT_IN), ep(usb.util.ENDPOINT_OUT)
        if self._ep_in is None or self._ep_out is None:
            raise TransportClosed(f"{self.name}: no bulk IN/OUT endpoint pair on interface {self.interface}")
        self._dev = dev
        self._closed = False
        self._writes = asyncio.Queue()
        self._writer = asyncio.create_task(self._write_loop())

    def _read_blocking(self) -> bytes:
        import usb.core

        try:
            return bytes(self._ep_in.read(self.READ_SIZE, timeout=self.TIMEOUT_MS))
        except usb.core.USBTimeoutError:
            return b""
        except usb.core.USBError as exc:
            raise TransportClosed(f"{self.name}: {exc}") from None

    async def read(self) -> bytes:
        """Wait for bytes from the bulk IN endpoint."""
        loop = asyncio.get_running_loop()
        while True:
            if self._closed or self._dev is None:
                raise TransportClosed(f"{self.name} is closed")
            data = await loop.run_in_executor(None, self._read_blocking)
            if data:
                return data

    async def _write_loop(self) -> None:
        import usb.core

        assert self._writes is not None
        loop = asyncio.get_running_loop()
        while True:
            data = await self._writes.get()
            try:
                await loop.run_in_executor(None, self._ep_out.write, data, 1000)
            except usb.core.USBError:
                self._closed = True
                return

    def write(self, data: bytes) -> None:
        """Queue bytes for the bulk OUT endpoint."""
        if self._closed or self._writes is None:
            raise TransportClosed(f"{self.name} is closed")
        self._writes.put_nowait(bytes(data))

    async def close(self) -> None:
        """Release the interface and free the device."""
        import usb.util

        self._closed = True
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer
        if self._dev is not None:
            with contextlib.suppress(Exception):
                usb.util.release_interface(self._dev, self.interface)
                usb.util.dispose_resources(self._dev)
        self._dev = None
