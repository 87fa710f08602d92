"""Fixtures for device tests: an emulator and a driver joined by an in-memory null modem."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from devices import DeviceSpec, make_device
from devices.driver import Device
from devices.events import DeviceEvent
from firmware_bridge.clock import ManualClock
from firmware_bridge.emulators import Emulator, build_emulator
from firmware_bridge.emulators.profile import Profile, load_profile, parse_profile
from firmware_bridge.emulators.runner import EmulatorRunner
from firmware_bridge.messages import Message
from firmware_bridge.transport import memory_pair

PROFILE_DIR = Path(__file__).resolve().parents[2] / "config" / "emulators"


@dataclass
class Rig:
    """A driver talking to an emulator over memory, on a manual clock."""

    clock: ManualClock
    emulator: Emulator
    device: Any
    runner: EmulatorRunner
    sent: list[Message] = field(default_factory=list)  # every event the emulator emitted, in order
    events: list[DeviceEvent] = field(default_factory=list)

    def collect(self) -> list[DeviceEvent]:
        """Move queued driver events into :attr:`events`; return the new ones."""
        new = self.device.pending_events()
        self.events.extend(new)
        return new

    async def run_until(
        self, done: Callable[[Rig], bool], *, step: float = 0.05, limit: float = 120.0
    ) -> None:
        """Advance the manual clock until ``done(self)`` (fails the test after ``limit`` manual seconds)."""
        waited = 0.0
        self.collect()
        while not done(self):
            assert waited < limit, (
                f"condition not reached after {limit} manual seconds; events: {self.events[-5:]}"
            )
            await self.clock.advance(step)
            waited += step
            self.collect()

    def of(self, cls: type) -> list[Any]:
        """Collected events of one class."""
        return [e for e in self.events if isinstance(e, cls)]


def profile_from(name: str, **overrides: Any) -> Profile:
    """A profile from config/emulators with some top-level sections replaced (for one test)."""
    base = load_profile(name, PROFILE_DIR).model_dump(mode="python")
    base.update(overrides)
    return parse_profile(base, f"{name}+overrides")


@pytest.fixture
async def rig_factory() -> AsyncIterator[Callable[..., Any]]:
    """``await rig_factory(profile, **spec_fields)``: a started rig, torn down after the test."""
    made: list[Rig] = []

    async def make(
        profile: str | Profile, *, options: dict[str, Any] | None = None, expected_hash: str | None = None
    ) -> Rig:
        clock = ManualClock()
        host, dev_end = memory_pair()
        prof = profile if isinstance(profile, Profile) else load_profile(profile, PROFILE_DIR)
        emu = build_emulator(prof, now=clock.now())
        sent: list[Message] = []
        original = emu.emit

        def recording_emit(msg: Message, now: float) -> None:
            sent.append(msg)
            original(msg, now)

        emu.emit = recording_emit  # type: ignore[method-assign]
        runner = EmulatorRunner(emu, dev_end, clock)
        await runner.start()
        spec = DeviceSpec(
            prof.kind, prof.kind, "mem://", expected_firmware_hash=expected_hash, options=options or {}
        )
        device = make_device(spec, host, clock=clock)
        assert isinstance(device, Device)
        await device.start(handshake_timeout=5.0)
        rig = Rig(clock, emu, device, runner, sent)
        made.append(rig)
        return rig

    yield make
    for r in made:
        await r.device.close()
        await r.runner.stop()
