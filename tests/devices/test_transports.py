"""USB bulk through pyusb with a fake backend; GPIO buttons and lamps through gpiozero's mock pins."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from typing import Any

import pytest

from devices import DeviceSpec, open_device
from devices.errors import DeviceConfigError
from devices.events import ButtonPressed, CardRead, ShoeEmpty
from devices.gpio import GpioPanel
from devices.panel import PanelState
from devices.transports import TransportClosed, UsbAddress, UsbBulkTransport
from firmware_bridge.clock import ManualClock, settle_loop
from firmware_bridge.emulators import build_emulator
from tests.devices.conftest import PROFILE_DIR
from tests.devices.fake_usb import FakeUsbBackend


def test_usb_address_parse() -> None:
    assert UsbAddress.parse("usb://1d50:6018/SHOE-USB-1") == UsbAddress(0x1D50, 0x6018, "SHOE-USB-1")
    assert UsbAddress.parse("usb://1d50:6018") == UsbAddress(0x1D50, 0x6018, None)
    with pytest.raises(DeviceConfigError):
        UsbAddress.parse("usb://shoe")


async def test_usb_bulk_shoe_found_by_vendor_product_and_serial() -> None:
    backend = FakeUsbBackend(build_emulator("shoe-script", profile_dir=PROFILE_DIR))
    spec = DeviceSpec("shoe", "shoe", "usb://1d50:6018/SHOE-USB-1")
    async with open_device(spec, usb_backend=backend) as dev:
        assert dev.identity.serial == "EMU-SHOE-0002"
        assert backend.claimed == {0}
        events: list[Any] = []
        async for ev in dev.events():
            events.append(ev)
            if isinstance(ev, ShoeEmpty):
                break
    assert [str(e.card) if e.card else "??" for e in events if isinstance(e, CardRead)] == [
        "As", "Kd", "Th", "??", "Jk", "2c",
    ]  # fmt: skip
    assert backend.claimed == set()


async def test_usb_wrong_serial_is_not_opened() -> None:
    backend = FakeUsbBackend(build_emulator("shoe-script", profile_dir=PROFILE_DIR))
    t = UsbBulkTransport(UsbAddress(0x1D50, 0x6018, "OTHER"), backend=backend)
    with pytest.raises(TransportClosed, match="no such USB device"):
        await t.open()


@pytest.fixture
def mock_pins() -> Any:
    from gpiozero.pins.mock import MockFactory

    factory = MockFactory()
    yield factory
    factory.reset()


async def test_gpio_buttons_short_and_long_press(mock_pins: Any) -> None:
    clock = ManualClock()
    spec = DeviceSpec(
        "buttons", "panel", "gpio://",
        options={"button_pins": {"confirm": 17, "misdeal": 27}, "lamp_pins": {"game_open": 5, "seat3": 6}},
    )  # fmt: skip
    panel = GpioPanel(spec, clock=clock, pin_factory=mock_pins)
    await panel.start()
    confirm, misdeal = mock_pins.pin(17), mock_pins.pin(27)
    confirm.drive_low()
    await clock.advance(0.2)
    confirm.drive_high()
    misdeal.drive_low()
    await clock.advance(2.5)
    misdeal.drive_high()
    misdeal.drive_low()
    await clock.advance(0.3)
    misdeal.drive_high()
    await settle_loop()
    presses = [e for e in panel.pending_events() if isinstance(e, ButtonPressed)]
    assert [(p.button_id, p.long_press, p.acts) for p in presses] == [
        ("confirm", False, True),
        ("misdeal", True, True),
        ("misdeal", False, False),
    ]
    panel.show_state(PanelState(game="x", open=True, action_seat=3))
    assert panel.lamp_states() == {"game_open": True, "seat3": True}
    panel.show_state(PanelState())
    assert panel.lamp_states() == {"game_open": False, "seat3": False}
    await panel.close()


def test_importing_devices_touches_no_pi_library() -> None:
    code = (
        "import sys, devices, devices.gpio, devices.api, firmware_bridge.emulators;"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('gpiozero', 'RPi', 'lgpio', 'pigpio', 'usb')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr


async def test_memory_transport_reports_closure() -> None:
    from firmware_bridge.transport import memory_pair

    a, b = memory_pair()
    a.write(b"xyz")
    assert await b.read() == b"xyz"
    await b.close()
    with pytest.raises(TransportClosed):
        await asyncio.wait_for(b.read(), 1)


def test_firmware_bridge_imports_neither_devices_nor_terminal() -> None:
    code = (
        "import sys, firmware_bridge.emulators.runner, firmware_bridge.emulators.protocol_emu;"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('devices', 'terminal', 'textual')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
