"""The frame fan-out: every frame each way to every listening listener, decoded once; a listener that
raises never stops the others; nothing is decoded while nobody listens."""

from __future__ import annotations

from devices.fanout import FrameCounter, FrameFanout
from firmware_bridge.framer import Frame, FrameError, encode_frame
from firmware_bridge.transport import memory_pair


class Broken:
    def on_frame(self, device, direction, item) -> None:
        raise RuntimeError("listener bug")


class Paused:
    listening = False

    def __init__(self) -> None:
        self.heard: list = []

    def on_frame(self, device, direction, item) -> None:
        self.heard.append(item)


async def test_frames_each_way_reach_every_listener_through_a_tapped_transport() -> None:
    counter, paused = FrameCounter(), Paused()
    fanout = FrameFanout(Broken(), counter, paused)
    host, device = memory_pair()
    tapped = fanout.tap("shoe", host)
    await tapped.open()
    await device.open()
    frame = Frame(type=0x02, seq=1, ack=0, flags=1, payload=b"\x01\x02")
    wire = encode_frame(frame)
    device.write(wire[:3])  # a frame split across reads is decoded once it is whole
    assert await tapped.read() == wire[:3]
    device.write(wire[3:] + b"\x05\x00")  # then a damaged one
    assert await tapped.read() == wire[3:] + b"\x05\x00"
    tapped.write(wire)
    assert counter.frames == {("shoe", "in"): 1, ("shoe", "out"): 1}
    assert counter.errors == {("shoe", "in"): 1}
    assert paused.heard == []  # not listening: skipped
    assert tapped.name == host.name


def test_nothing_is_decoded_while_nobody_listens() -> None:
    paused = Paused()
    fanout = FrameFanout(paused)
    fanout.feed("shoe", "in", b"\x05\x01\x02")  # half a frame, unheard
    paused.listening = True
    fanout.feed("shoe", "in", b"\x00")
    assert paused.heard == []  # the unheard half was never buffered, so no damaged frame appears
    wire = encode_frame(Frame(type=0x02, seq=1, ack=0, flags=1, payload=b"\x01"))
    fanout.feed("shoe", "in", wire + b"\x05\x00")
    assert [type(x) for x in paused.heard] == [Frame, FrameError]
