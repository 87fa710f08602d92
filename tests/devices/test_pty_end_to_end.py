"""End to end over a real pty: the emulated firmware on the master, the production serial transport
(pyserial-asyncio-fast) on the slave, real clock. No timing assertions."""

from __future__ import annotations

import asyncio
from typing import Any

import serial

from devices import DeviceSpec, open_device
from devices.events import CardRead, DeviceIdentity, ShoeEmpty
from firmware_bridge.emulators import build_emulator
from firmware_bridge.emulators.protocol_emu import register_url_handler
from firmware_bridge.emulators.runner import PtyEmulator
from firmware_bridge.messages import Message, Read
from rules.cards import parse_read
from tests.devices.conftest import PROFILE_DIR


def recording(profile: str) -> tuple[Any, list[Message]]:
    emu = build_emulator(profile, profile_dir=PROFILE_DIR)
    sent: list[Message] = []
    original = emu.emit

    def emit(msg: Message, now: float) -> None:
        sent.append(msg)
        original(msg, now)

    emu.emit = emit  # type: ignore[method-assign]
    return emu, sent


async def collect_until_empty(dev: Any) -> list[Any]:
    out = []
    async for ev in dev.events():
        out.append(ev)
        if isinstance(ev, ShoeEmpty):
            return out
    raise AssertionError("events ended before the shoe was empty")


async def test_ten_thousand_reads_over_a_pty() -> None:
    emu, sent = recording("shoe-10k")
    with PtyEmulator(emu) as server:
        spec = DeviceSpec("shoe", "shoe", server.path)
        async with open_device(spec) as dev:
            events = await asyncio.wait_for(collect_until_empty(dev), 120)
    reads = [(e.card, e.face_up, e.quality) for e in events if isinstance(e, CardRead)]
    expected = [(m.card, bool(m.face_up), m.quality) for m in sent if isinstance(m, Read)]
    assert len(expected) == 10_000
    assert reads == expected  # none lost, none duplicated, in order
    assert isinstance(events[0], DeviceIdentity) and events[0].serial == "EMU-SHOE-0010"


async def test_emu_url_through_pyserial_and_diagnostics() -> None:
    spec = DeviceSpec("shoe", "shoe", "emu://shoe-script")
    # Diagnostics before reading events: frames acknowledged on arrival (with the default, acknowledge
    # after the reader handled them, the shoe's reads would fill its window ahead of the echo reply).
    async with open_device(spec, emulator_dir=PROFILE_DIR, ack_after_commit=False) as dev:
        assert dev.identity.model == "DT-Shoe emulated"
        assert await dev.echo(b"ping\x00pong") == b"ping\x00pong"
        counters = await dev.device_counters()
        assert counters.frames_in >= 2
        events = await asyncio.wait_for(collect_until_empty(dev), 30)
    assert [e.card for e in events if isinstance(e, CardRead)] == [
        parse_read(c) for c in ["As", "Kd", "Th", "??", "Jk", "2c"]
    ]


def test_emu_url_with_plain_pyserial() -> None:
    """A synchronous tool can open emu:// with serial_for_url and speak the protocol."""
    from firmware_bridge.framer import Frame, FrameDecoder, encode_frame
    from firmware_bridge.messages import Hello, Identity, decode_payload, encode_payload

    register_url_handler()
    port = serial.serial_for_url(f"emu://panel-basic?dir={PROFILE_DIR}", timeout=2)
    try:
        port.write(encode_frame(Frame(Hello.TYPE, 0, 0, 0, encode_payload(Hello(2, 99)))))
        dec = FrameDecoder()
        ident = None
        for _ in range(50):
            for f in dec.feed(port.read(64)):
                if isinstance(f, Frame) and f.type == Identity.TYPE:
                    msg = decode_payload(f.type, f.payload)
                    assert isinstance(msg, Identity)
                    if msg.session == 99:
                        ident = msg
            if ident:
                break
        assert ident is not None and ident.serial == "EMU-PNL-0001"
        assert port.emulator is not None
    finally:
        port.close()


def test_emu_url_names_a_missing_profile() -> None:
    register_url_handler()
    try:
        serial.serial_for_url(f"emu://no-such-device?dir={PROFILE_DIR}")
    except serial.SerialException as exc:
        assert "no-such-device" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("expected SerialException")
