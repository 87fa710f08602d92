"""A fake pyusb backend (``usb.backend.IBackend``) whose one device is an emulator on bulk endpoints.

pyusb's own tests use the same seam (``tests/test_find.py``'s ``_MyBackend``); this one also answers
string descriptors (for the serial number), configuration, claim and bulk transfers.
"""

from __future__ import annotations

import threading
import time
from types import SimpleNamespace
from typing import Any

import usb.backend
import usb.core

from firmware_bridge.emulators import Emulator

EP_OUT = 0x01
EP_IN = 0x81


def _desc(**kw: Any) -> SimpleNamespace:
    return SimpleNamespace(extra_descriptors=[], **kw)


class FakeUsbBackend(usb.backend.IBackend):  # type: ignore[misc]
    """One USB device (vendor, product, serial) with an emulator behind bulk EP 0x01 / 0x81."""

    def __init__(
        self, emulator: Emulator, vendor: int = 0x1D50, product: int = 0x6018, serial: str = "SHOE-USB-1"
    ) -> None:
        self.emulator = emulator
        self.vendor, self.product, self.serial = vendor, product, serial
        self.lock = threading.Lock()
        self.claimed: set[int] = set()
        self.configuration = 0
        self.released = False
        self._pending = bytearray()

    # -- enumeration and descriptors ----------------------------------------------------------
    def enumerate_devices(self) -> Any:
        yield "dev0"

    def get_device_descriptor(self, dev: Any) -> Any:
        return _desc(
            bLength=18, bDescriptorType=1, bcdUSB=0x0200, bDeviceClass=0xFF, bDeviceSubClass=0, bDeviceProtocol=0,
            bMaxPacketSize0=64, idVendor=self.vendor, idProduct=self.product, bcdDevice=0x0100, iManufacturer=0,
            iProduct=0, iSerialNumber=3, bNumConfigurations=1, address=5, bus=1, port_number=2, port_numbers=(2,),
            speed=3,
        )  # fmt: skip

    def get_configuration_descriptor(self, dev: Any, config: int) -> Any:
        return _desc(
            bLength=9, bDescriptorType=2, wTotalLength=32, bNumInterfaces=1, bConfigurationValue=1,
            iConfiguration=0, bmAttributes=0x80, bMaxPower=50,
        )  # fmt: skip

    def get_interface_descriptor(self, dev: Any, intf: int, alt: int, config: int) -> Any:
        return _desc(
            bLength=9, bDescriptorType=4, bInterfaceNumber=0, bAlternateSetting=0, bNumEndpoints=2,
            bInterfaceClass=0xFF, bInterfaceSubClass=0, bInterfaceProtocol=0, iInterface=0,
        )  # fmt: skip

    def get_endpoint_descriptor(self, dev: Any, ep: int, intf: int, alt: int, config: int) -> Any:
        addr = (EP_OUT, EP_IN)[ep]
        return _desc(
            bLength=7, bDescriptorType=5, bEndpointAddress=addr, bmAttributes=0x02, wMaxPacketSize=64, bInterval=0,
            bRefresh=0, bSynchAddress=0,
        )  # fmt: skip

    # -- handles and configuration ------------------------------------------------------------
    def open_device(self, dev: Any) -> Any:
        return "handle0"

    def close_device(self, handle: Any) -> None:
        self.released = True

    def set_configuration(self, handle: Any, value: int) -> None:
        self.configuration = value

    def get_configuration(self, handle: Any) -> int:
        return self.configuration or 1

    def claim_interface(self, handle: Any, intf: int) -> None:
        self.claimed.add(intf)

    def release_interface(self, handle: Any, intf: int) -> None:
        self.claimed.discard(intf)

    def ctrl_transfer(
        self,
        handle: Any,
        bmRequestType: int,
        bRequest: int,
        wValue: int,
        wIndex: int,
        data: Any,
        timeout: int,
    ) -> int:  # noqa: N803
        if bRequest == 0x06 and wValue >> 8 == 3:  # GET_DESCRIPTOR(STRING)
            if wValue & 0xFF == 0:
                raw = bytes([4, 3, 0x09, 0x04])
            else:
                text = self.serial.encode("utf-16-le")
                raw = bytes([2 + len(text), 3]) + text
            n = min(len(raw), len(data))
            data[:n] = type(data)(data.typecode, raw[:n])
            return n
        raise usb.core.USBError("unsupported control request")

    # -- bulk ---------------------------------------------------------------------------------
    def bulk_write(self, handle: Any, ep: int, intf: int, data: Any, timeout: int) -> int:
        assert ep == EP_OUT and intf in self.claimed
        with self.lock:
            self.emulator.receive(bytes(data), time.monotonic())
        return len(data)

    def bulk_read(self, handle: Any, ep: int, intf: int, buff: Any, timeout: int) -> int:
        assert ep == EP_IN and intf in self.claimed
        deadline = time.monotonic() + timeout / 1000
        while True:
            with self.lock:
                now = time.monotonic()
                self.emulator.poll(now)
                self._pending += self.emulator.data_to_send(now)
                if self._pending:
                    n = min(len(buff), len(self._pending))
                    buff[:n] = type(buff)(buff.typecode, bytes(self._pending[:n]))
                    del self._pending[:n]
                    return n
            if time.monotonic() >= deadline:
                raise usb.core.USBTimeoutError("timeout", 110, 110)
            time.sleep(0.001)
