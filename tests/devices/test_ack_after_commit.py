"""Issue 24 item 2 at the driver: a device's frame is acknowledged only once the reader has handled
its events, and the link window bounds what waits (backpressure). Manual clock, in-memory line."""

from __future__ import annotations

from typing import Any

from devices.events import CardRead
from firmware_bridge.messages import Read


def _pending_numbers(rig: Any) -> set[int]:
    from firmware_bridge.messages import decode_payload

    return {
        decode_payload(t, p).number  # type: ignore[attr-defined]
        for t, p in rig.emulator.link.pending_messages()
        if t == Read.TYPE
    }


async def _read_in_hand(rig: Any) -> CardRead:
    while True:
        ev = await rig.device.next_event()
        if isinstance(ev, CardRead):
            return ev


async def test_a_read_is_acknowledged_only_after_the_reader_comes_back(rig_factory: Any) -> None:
    rig = await rig_factory("shoe-basic")
    window = rig.emulator.link.config.window
    held = await _read_in_hand(rig)  # taken, "being journaled": the reader has not come back
    await rig.clock.advance(3.0)  # the shoe would read 416 cards at line speed
    assert held.number in _pending_numbers(rig)  # not acknowledged: the shoe keeps it
    assert rig.emulator.link.in_flight == window and rig.emulator.drawn <= window + 1
    assert rig.device.queue_high_water <= window + 2  # bounded by the window, not by the shoe
    nxt = await _read_in_hand(rig)  # the reader comes back: the held read is handled
    await rig.clock.advance(0.5)
    assert held.number not in _pending_numbers(rig) and nxt.number in _pending_numbers(rig)
    assert nxt.number == held.number + 1


async def test_a_batch_is_acknowledged_together_on_the_next_call(rig_factory: Any) -> None:
    rig = await rig_factory("shoe-basic")
    await rig.clock.advance(1.0)
    batch = [e for e in await rig.device.next_events() if isinstance(e, CardRead)]
    await rig.clock.advance(1.0)
    assert batch and {e.number for e in batch} <= _pending_numbers(rig)
    more = await rig.device.next_events()
    await rig.clock.advance(0.5)
    assert not {e.number for e in batch} & _pending_numbers(rig)
    assert more  # the shoe went on once the batch was acknowledged
