"""Live fault injection (demo and training mode): each fault gives its event, and no read is lost."""

from __future__ import annotations

from typing import Any

import pytest

from devices.events import (
    ButtonPressed,
    CardDispensed,
    CardRead,
    CommsLost,
    CommsRestored,
    CupOpenedEarly,
    DeviceRestarted,
    DiceRejected,
    DoorOpen,
    InsufficientShake,
    PacketDispensed,
    SequenceGap,
    ShufflerJam,
    UnreadableCard,
)
from devices.shuffler import ShufflerConfig
from firmware_bridge.messages import CardOut, Read
from tests.devices.conftest import profile_from

SLOW_SHOE = profile_from("shoe-script", reads={"source": "random", "count": 40, "interval": 0.1})


def reads_match(rig: Any) -> bool:
    return [e.card for e in rig.of(CardRead)] == [m.card for m in rig.sent if isinstance(m, Read)]


async def test_inject_disconnect_drop_and_garble(rig_factory: Any) -> None:
    rig = await rig_factory(SLOW_SHOE)
    await rig.run_until(lambda r: len(r.of(CardRead)) >= 5)
    now = rig.clock.now()
    rig.emulator.inject("drop_next", now)
    await rig.run_until(lambda r: len(r.of(CardRead)) >= 10)
    rig.emulator.inject("garble_next", rig.clock.now(), count=2)
    await rig.run_until(lambda r: len(r.of(CardRead)) >= 15)
    rig.emulator.inject("disconnect", rig.clock.now(), duration=4.0)
    await rig.run_until(lambda r: bool(r.of(CommsRestored)) and len(r.of(CardRead)) == 40)
    assert rig.of(CommsLost) and rig.emulator.frames_dropped >= 1 and rig.emulator.frames_garbled == 2
    assert rig.of(SequenceGap)
    assert reads_match(rig)


async def test_inject_reboot_and_misread(rig_factory: Any) -> None:
    rig = await rig_factory(SLOW_SHOE)
    await rig.run_until(lambda r: len(r.of(CardRead)) >= 5)
    rig.emulator.inject("misread_next", rig.clock.now())
    await rig.run_until(lambda r: bool(r.of(UnreadableCard)))
    rig.emulator.inject("reboot", rig.clock.now())
    await rig.run_until(lambda r: bool(r.of(DeviceRestarted)))
    await rig.run_until(lambda r: len(r.of(CardRead)) >= 30)
    # A power cut loses what the shoe had not had acknowledged; every read the host got is in order,
    # none twice, and every read made after the reboot arrives.
    got = [e.card for e in rig.of(CardRead)]
    sent = [m.card for m in rig.sent if isinstance(m, Read)]
    it = iter(sent)
    assert all(any(c == s for s in it) for c in got)


async def test_inject_shuffler_jam_and_door(rig_factory: Any) -> None:
    rig = await rig_factory("shuffler-basic")
    rig.device.configure(ShufflerConfig(decks=1, jokers=1, mode="hands", packet_size=5, packets=2))
    rig.device.shuffle()
    rig.emulator.inject("jam", rig.clock.now())
    rig.device.dispense()
    await rig.run_until(lambda r: bool(r.of(ShufflerJam)))
    assert rig.of(ShufflerJam)[0].dispensed == 1
    rig.device.clear_fault()
    await rig.run_until(lambda r: bool(r.of(PacketDispensed)))
    rig.emulator.inject("door", rig.clock.now())
    await rig.run_until(lambda r: bool(r.of(DoorOpen)))
    assert [d.card for d in rig.of(CardDispensed)] == [m.card for m in rig.sent if isinstance(m, CardOut)]
    assert len(rig.of(CardDispensed)) == 5


async def test_inject_dice_faults(rig_factory: Any) -> None:
    rig = await rig_factory("dice-cup-basic")
    rig.emulator.inject("open_early_next", rig.clock.now())
    rig.device.arm(1)
    await rig.run_until(lambda r: bool(r.of(DiceRejected)))
    assert rig.of(CupOpenedEarly)
    rig.emulator.inject("weak_shake_next", rig.clock.now())
    rig.device.arm(2)
    await rig.run_until(lambda r: len(r.of(DiceRejected)) == 2)
    assert rig.of(InsufficientShake)[0].quality == 10


async def test_inject_button_press_and_unknown_fault(rig_factory: Any) -> None:
    rig = await rig_factory(profile_from("panel-basic", buttons=[]))
    rig.emulator.inject("press", rig.clock.now(), button=3, held_ms=2100)
    await rig.run_until(lambda r: bool(r.of(ButtonPressed)))
    b = rig.of(ButtonPressed)[0]
    assert (b.button_id, b.long_press, b.acts) == ("undo", True, True)
    with pytest.raises(ValueError, match="unknown fault 'jam'.*press"):
        rig.emulator.inject("jam", rig.clock.now())
