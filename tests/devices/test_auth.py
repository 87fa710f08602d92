"""Issue 24 item 7: devices prove who they are. Pairing keys per device, the handshake proof, a tag on
every frame, and refusal (with the port named) of a device that cannot prove its key."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import pytest

from devices import DeviceSpec, make_device
from devices.errors import DeviceConfigError, PairingFailed
from devices.errors import DeviceRefused as DeviceRefusedError
from devices.events import CardRead, DeviceRefused
from devices.keystore import Keystore, new_key
from devices.pairing import pair_device
from firmware_bridge.auth import fingerprint
from firmware_bridge.clock import ManualClock
from firmware_bridge.emulators import build_emulator
from firmware_bridge.emulators.runner import EmulatorRunner
from firmware_bridge.framer import FLAG_MAC, Frame, FrameDecoder, encode_frame
from firmware_bridge.link import AuthFailed, DeviceIdentityTemplate, DeviceLink, HostLink, SessionUp
from firmware_bridge.messages import Heartbeat, Read, encode_payload
from firmware_bridge.transport import memory_pair
from rules.cards import ALL_CARDS
from tests.devices.conftest import PROFILE_DIR
from tests.devices.test_link import CFG, Wire


def _pair(key_host: bytes | None, key_dev: bytes | None) -> Wire:
    host = HostLink(CFG, now=0.0, session=7, key=key_host)
    dev = DeviceLink(DeviceIdentityTemplate(2, "m", "s", "v"), CFG, now=0.0, boot_id=5)
    dev.key = key_dev
    dev.boot(0.0)
    host.connect(0.0)
    w = Wire(host, dev)
    w.pump(0.0)
    return w


def test_a_paired_device_proves_its_key_and_tags_every_frame() -> None:
    key = new_key()
    w = _pair(key, key)
    assert w.host.established and w.host.authenticated and w.dev.authenticated
    tagged = []
    w.filter = lambda f: tagged.append(f) or [f]
    w.dev.send(Read(ALL_CARDS[3], 0, 90, 1), 0.0)
    w.pump(0.0)
    assert [m.number for m in w.delivered()] == [1]  # type: ignore[attr-defined]
    frames = [x for f in tagged for x in FrameDecoder().feed(f)]
    assert frames and all(fr.flags & FLAG_MAC and len(fr.tag) == 8 for fr in frames)  # type: ignore[union-attr]


@pytest.mark.parametrize(("dev_key", "why"), [(None, "not paired"), (b"x" * 32, "does not match")])
def test_a_device_without_the_key_is_refused(dev_key: bytes | None, why: str) -> None:
    w = _pair(new_key(), dev_key)
    refused = [e for e in w.host_events if isinstance(e, AuthFailed)]
    assert refused and why in refused[0].reason
    assert not w.host.established and not any(isinstance(e, SessionUp) for e in w.host_events)


def test_a_forged_frame_in_an_authenticated_session_is_refused() -> None:
    key = new_key()
    w = _pair(key, key)
    # A frame with a perfect CRC and no tag, or a tag made without the session key.
    forged = encode_frame(Frame(Read.TYPE, 0x03, 0, 0xFF, encode_payload(Read(ALL_CARDS[0], 0, 99, 9))))
    events = w.host.receive(forged, 0.1)
    assert any(isinstance(e, AuthFailed) for e in events)
    assert w.delivered() == [] and w.host.counters.auth_failures == 1
    hb = encode_frame(
        Frame(Heartbeat.TYPE, FLAG_MAC | 0x02, 0, 0xFF, encode_payload(Heartbeat(1)), os.urandom(8))
    )
    assert any(isinstance(e, AuthFailed) for e in w.host.receive(hb, 0.1))


def test_keystore_keeps_keys_apart_and_never_shows_them(tmp_path: Path) -> None:
    ks = Keystore(tmp_path / "device-keys.json")
    a, b = new_key(), new_key()
    assert ks.store("shoe", a, "S-1") == fingerprint(a)
    ks.store("shuffler", b, "F-1")
    assert ks.key_for("shoe") == a and ks.key_for("panel") is None
    assert (tmp_path / "device-keys.json").stat().st_mode & 0o777 == 0o600
    assert a.hex() not in repr(ks.paired()) and ks.paired()["shoe"]["fingerprint"] == fingerprint(a)
    with pytest.raises(DeviceConfigError, match="never shared"):
        ks.store("panel", a, "P-1")
    assert "pairing_key" not in repr(DeviceSpec("shoe", "shoe", "mem://", pairing_key=a))


async def _rig(key_host: bytes | None, emulator: Any, clock: ManualClock) -> tuple[Any, EmulatorRunner]:
    host, dev_end = memory_pair()
    runner = EmulatorRunner(emulator, dev_end, clock)
    await runner.start()
    spec = DeviceSpec("shoe", "shoe", "mem://", pairing_key=key_host)
    device = make_device(spec, host, clock=clock, ack_after_commit=False)  # as pairing opens it
    return device, runner


async def test_an_impostor_on_a_paired_port_is_refused_with_the_port_named() -> None:
    clock = ManualClock()
    impostor = build_emulator("shoe-basic", profile_dir=PROFILE_DIR, now=clock.now())  # knows no key
    device, runner = await _rig(new_key(), impostor, clock)
    try:
        with pytest.raises(DeviceRefusedError, match="on host refused: the device is not paired") as err:
            await device.start(handshake_timeout=5.0)
        ev = err.value.event
        assert isinstance(ev, DeviceRefused) and ev.port == "host" and ev.alert_code == "DEVICE_FAULT"
        assert not any(isinstance(e, CardRead) for e in device.pending_events())  # nothing believed
    finally:
        await runner.stop()


async def test_pairing_in_pairing_mode_only(tmp_path: Path) -> None:
    clock = ManualClock()
    emu = build_emulator("shoe-basic", profile_dir=PROFILE_DIR, now=clock.now(), key_file=tmp_path / "k")
    device, runner = await _rig(None, emu, clock)
    try:
        await device.start(handshake_timeout=5.0)
        key = new_key()
        task = asyncio.ensure_future(device.pair(key, timeout=5.0))
        await clock.advance(0.5)
        with pytest.raises(PairingFailed, match="not in pairing mode"):
            await task
        runner.inject("pairing")
        task = asyncio.ensure_future(device.pair(key, timeout=5.0))
        await clock.advance(0.5)
        assert await task == fingerprint(key)
        assert (tmp_path / "k").read_text() == key.hex() and emu.link.key == key
    finally:
        await device.close()
        await runner.stop()
    # The same emulator, reconnected by a host holding the key: authenticated.
    device, runner = await _rig(key, emu, clock)
    try:
        await device.start(handshake_timeout=5.0)
        assert device.authenticated
    finally:
        await device.close()
        await runner.stop()


async def test_pair_device_over_emu_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """End to end over a pty: the emulated shoe is paired like a real device, then proves its key."""
    monkeypatch.setenv("DEALER_TERMINAL_STATE_DIR", str(tmp_path))
    ks = Keystore(tmp_path / "device-keys.json")
    spec = DeviceSpec("shoe", "shoe", "emu://shoe-script")
    result = await pair_device(spec, ks, emulator_dir=PROFILE_DIR, timeout=30.0)
    assert result.serial and result.fingerprint == fingerprint(ks.key_for("shoe") or b"")
    assert (tmp_path / "emulator-keys" / "shoe-script.key").exists()
