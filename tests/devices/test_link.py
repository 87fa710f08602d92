"""The sans-IO link: exactly-once in-order delivery over a lossy line, window, heartbeat, restarts."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge.framer import Frame, FrameDecoder, encode_frame
from firmware_bridge.link import (
    DeviceIdentityTemplate,
    DeviceLink,
    DuplicateDropped,
    GapDetected,
    HostLink,
    LinkConfig,
    PeerBack,
    PeerSilent,
    Received,
    SessionUp,
)
from firmware_bridge.messages import Dispense, Heartbeat, Read, Shuffle, decode_payload
from rules.cards import ALL_CARDS

CFG = LinkConfig(window=8, rto=0.25, heartbeat_interval=0.5, comms_timeout=2.0, hello_interval=0.5)


def pair(now: float = 0.0) -> tuple[HostLink, DeviceLink]:
    host = HostLink(CFG, now=now, session=0x1234)
    dev = DeviceLink(DeviceIdentityTemplate(2, "m", "s", "v"), CFG, now=now, boot_id=77)
    dev.boot(now)
    host.connect(now)
    return host, dev


class Wire:
    """Moves bytes both ways; ``filter`` may drop/duplicate/damage each device->host frame."""

    def __init__(self, host: HostLink, dev: DeviceLink) -> None:
        self.host, self.dev = host, dev
        self.host_events: list[object] = []
        self.dev_events: list[object] = []
        self.filter = lambda frame: [frame]
        self.up_filter = lambda frame: [frame]

    def pump(self, now: float, rounds: int = 50) -> None:
        for _ in range(rounds):
            a = self.host.frames_to_send()
            b = self.dev.frames_to_send()
            if not a and not b:
                return
            for f in a:
                for g in self.up_filter(f):
                    self.dev_events += self.dev.receive(g, now)
            for f in b:
                for g in self.filter(f):
                    self.host_events += self.host.receive(g, now)

    def delivered(self) -> list[object]:
        return [e.message for e in self.host_events if isinstance(e, Received) and e.seq is not None]


def connected(now: float = 0.0) -> Wire:
    host, dev = pair(now)
    w = Wire(host, dev)
    w.pump(now)
    assert host.established and dev.established
    assert any(isinstance(e, SessionUp) and not e.restarted for e in w.host_events)
    return w


def reads(n: int, seed: int = 1) -> list[Read]:
    rng = random.Random(seed)
    return [Read(ALL_CARDS[rng.randrange(53)], rng.randrange(2), rng.randrange(101)) for _ in range(n)]


def test_in_order_delivery_and_window_bound() -> None:
    w = connected()
    msgs = reads(30)
    for m in msgs:
        w.dev.send(m, 0.0)
    assert w.dev.in_flight == CFG.window
    assert w.dev.queued == 30 - CFG.window
    w.pump(0.0)
    assert w.delivered() == msgs
    assert w.dev.idle


def test_duplicate_frames_are_dropped() -> None:
    w = connected()
    w.filter = lambda f: [f, f]
    msgs = reads(10)
    for m in msgs:
        w.dev.send(m, 0.0)
    w.pump(0.0)
    assert w.delivered() == msgs
    assert sum(isinstance(e, DuplicateDropped) for e in w.host_events) >= 10


def test_gap_is_resynchronised_by_nak() -> None:
    w = connected()
    dropped = []

    def drop_third(frame: bytes) -> list[bytes]:
        (f,) = FrameDecoder().feed(frame)
        if getattr(f, "sequenced", False) and f.seq == 2 and not dropped:  # type: ignore[union-attr]
            dropped.append(f)
            return []
        return [frame]

    w.filter = drop_third
    msgs = reads(6)
    for m in msgs:
        w.dev.send(m, 0.0)
    w.pump(0.0)
    assert dropped
    gaps = [e for e in w.host_events if isinstance(e, GapDetected)]
    assert gaps and gaps[0].expected == 2 and gaps[0].received == 3
    assert w.delivered() == msgs  # nothing lost, nothing twice, order kept


def test_lost_tail_is_recovered_by_the_retransmission_timer() -> None:
    w = connected()
    w.filter = lambda f: []
    w.dev.send(Read(ALL_CARDS[5], 0, 90), 0.0)
    w.pump(0.0)
    assert w.delivered() == []
    w.filter = lambda f: [f]
    w.dev.poll(0.1)
    w.pump(0.1)
    assert w.delivered() == []  # not yet due
    w.dev.poll(0.3)
    w.pump(0.3)
    assert w.delivered() == [Read(ALL_CARDS[5], 0, 90)]
    assert w.dev.counters.retransmits == 1


def test_heartbeat_and_silence() -> None:
    w = connected()
    w.dev.poll(0.6)
    frames = w.dev.frames_to_send()
    (f,) = FrameDecoder().feed(frames[0])
    assert isinstance(decode_payload(f.type, f.payload), Heartbeat)  # type: ignore[union-attr]
    for f in frames:
        w.host.receive(f, 0.6)
    assert w.host.poll(2.0) == []
    events = w.host.poll(2.7)
    assert any(isinstance(e, PeerSilent) for e in events)
    assert w.host.peer_silent
    w.dev.poll(3.0)
    back = []
    for f in w.dev.frames_to_send():
        back += w.host.receive(f, 3.0)
    assert any(isinstance(e, PeerBack) for e in back)


def test_device_reboot_is_reported_and_unconfirmed_commands_dropped() -> None:
    w = connected()
    w.up_filter = lambda f: []  # the device never hears these commands
    w.host.send(Shuffle(), 0.0)
    w.host.send(Dispense(), 0.0)
    w.pump(0.0)
    w.up_filter = lambda f: [f]
    w.dev.reboot(1.0, boot_id=78)
    w.pump(1.0)
    ups = [e for e in w.host_events if isinstance(e, SessionUp)]
    assert ups[-1].restarted and ups[-1].identity.boot_id == 78 and ups[-1].dropped_commands == 2
    msgs = reads(12)
    for m in msgs:
        w.dev.send(m, 1.0)
    w.pump(1.0)
    assert w.delivered() == msgs
    assert not any(isinstance(e, Received) and isinstance(e.message, Shuffle) for e in w.dev_events)


def test_reconnect_opens_a_new_session_and_keeps_pending_events() -> None:
    w = connected()
    w.filter = lambda f: []  # cable pulled: the device's frames go nowhere
    msgs = reads(5)
    for m in msgs:
        w.dev.send(m, 0.0)
    w.pump(0.0)
    w.filter = lambda f: [f]
    old = w.host.session
    w.host.connect(1.0)  # the host reopened the port: a new session, the device renumbers what it kept
    w.pump(1.0)
    w.dev.poll(1.5)
    w.pump(1.5)
    assert w.host.session != old and w.dev.session == w.host.session
    assert w.delivered() == msgs
    ups = [e for e in w.host_events if isinstance(e, SessionUp)]
    assert len(ups) == 2 and not ups[-1].restarted


def _commit_all(w: Wire, now: float) -> None:
    for e in w.host_events:
        if isinstance(e, Received) and e.seq is not None:
            w.host.commit(e.epoch, e.seq, now)


@pytest.mark.parametrize("same_boot_id", [True, False])
def test_a_reboot_is_a_restart_whatever_the_boot_id(same_boot_id: bool) -> None:
    """The device's "no session" announcement after any reboot re-opens the session as a restart."""
    w = connected()
    w.dev.send(Read(ALL_CARDS[1], 0, 90, 1), 0.0)
    w.pump(0.0)
    w.dev.reboot(0.3, boot_id=77 if same_boot_id else 78)
    w.pump(0.3)
    ups = [e for e in w.host_events if isinstance(e, SessionUp)]
    assert len(ups) == 2 and ups[-1].restarted and "no session" in ups[-1].why
    assert w.host.established and w.dev.established and w.dev.session == w.host.session
    w.dev.send(Read(ALL_CARDS[2], 0, 90, 2), 0.3)
    w.pump(0.3)
    assert [m.number for m in w.delivered()] == [1, 2]  # type: ignore[attr-defined]


def test_a_reboot_seen_only_through_the_answer_is_a_restart() -> None:
    """The host missed the announcement (port closed): the answer's smaller uptime gives the reboot away."""
    w = connected()
    w.dev.poll(5.0)  # a heartbeat: the device has been up 5 s
    w.pump(5.0)
    w.filter = lambda f: []
    w.dev.reboot(6.0, boot_id=77)  # same boot id; its announcements go nowhere
    w.pump(6.0)
    w.filter = lambda f: [f]
    w.host.connect(7.0)
    w.pump(7.0)
    ups = [e for e in w.host_events if isinstance(e, SessionUp)]
    assert ups[-1].restarted and "uptime" in ups[-1].why


def test_hello_is_retried_with_a_capped_backoff() -> None:
    cfg = LinkConfig(hello_interval=0.5, hello_max_interval=2.0)
    host = HostLink(cfg, now=0.0, session=5)
    host.connect(0.0)
    sent = [0.0]
    t = 0.0
    while t < 12.0:
        t = host.next_deadline()
        host.poll(t)
        if any(
            decode_payload(f.type, f.payload).__class__.__name__ == "Hello"  # type: ignore[union-attr]
            for f in FrameDecoder().feed(host.data_to_send())
        ):
            sent.append(t)
    gaps = [round(b - a, 3) for a, b in zip(sent, sent[1:], strict=False)]
    assert gaps[:4] == [0.5, 1.0, 2.0, 2.0] and max(gaps) == 2.0


def test_acknowledgement_waits_for_commit_and_the_window_bounds_what_is_uncommitted() -> None:
    host = HostLink(CFG, now=0.0, session=0x1234, defer_ack=True)
    dev = DeviceLink(DeviceIdentityTemplate(2, "m", "s", "v"), CFG, now=0.0, boot_id=77)
    dev.boot(0.0)
    host.connect(0.0)
    w = Wire(host, dev)
    w.pump(0.0)
    msgs = reads(20)
    for m in msgs:
        dev.send(m, 0.0)
    w.pump(0.0)
    assert len(w.delivered()) == CFG.window and host.uncommitted == CFG.window
    assert dev.in_flight == CFG.window  # nothing acknowledged: the device keeps all of them
    for t in (0.3, 0.6):  # retransmissions of uncommitted frames are dropped as copies
        dev.poll(t)
        w.pump(t)
    assert len(w.delivered()) == CFG.window
    _commit_all(w, 0.7)
    w.pump(0.7)
    assert dev.in_flight == CFG.window and len(w.delivered()) == 2 * CFG.window
    _commit_all(w, 0.8)
    w.pump(0.8)
    _commit_all(w, 0.9)
    w.pump(0.9)
    assert w.delivered() == msgs and dev.idle


@given(
    st.lists(st.sampled_from(["ok", "ok", "ok", "drop", "dup", "garble"]), min_size=1, max_size=400),
    st.lists(st.sampled_from(["ok", "ok", "ok", "drop", "dup", "garble"]), min_size=1, max_size=400),
    st.integers(1, 60),
    st.integers(0, 2**32 - 1),
)
@settings(max_examples=150, deadline=None)
def test_exactly_once_in_order_over_any_lossy_line(down: list[str], up: list[str], n: int, seed: int) -> None:
    """Whatever the line does to frames in either direction, every message arrives once, in order."""
    w = connected()
    rng = random.Random(seed)

    def make_filter(plan: list[str]):  # noqa: ANN202
        it = iter(plan)

        def f(frame: bytes) -> list[bytes]:
            act = next(it, "ok")
            if act == "drop":
                return []
            if act == "dup":
                return [frame, frame]
            if act == "garble":
                b = bytearray(frame)
                b[rng.randrange(len(b))] ^= rng.randrange(1, 256)
                return [bytes(b)]
            return [frame]

        return f

    w.filter = make_filter(down)
    w.up_filter = make_filter(up)
    msgs = reads(n, seed)
    t = 0.0
    for m in msgs:
        w.dev.send(m, t)
    w.pump(t)
    for _ in range(400):
        if len(w.delivered()) == n and w.dev.idle:
            break
        t += 0.1
        w.dev.poll(t)
        w.host.poll(t)
        w.pump(t)
    assert w.delivered() == msgs


@given(
    st.lists(
        st.one_of(
            st.binary(max_size=60),
            st.builds(
                lambda f: encode_frame(f),
                st.builds(
                    Frame,
                    type=st.integers(0, 255),
                    flags=st.integers(0, 7),
                    seq=st.integers(0, 255),
                    ack=st.integers(0, 255),
                    payload=st.binary(max_size=40),
                ),
            ),
        ),
        max_size=30,
    )
)
@settings(max_examples=300, deadline=None)
def test_any_bytes_into_either_end_never_raise(chunks: list[bytes]) -> None:
    """Noise and well-framed nonsense (any type, flags, seq, ack, payload) are reported, never raised."""
    w = connected()
    t = 0.0
    for c in chunks:
        t += 0.01
        w.host.receive(c, t)
        w.dev.receive(c, t)
        w.host.poll(t)
        w.dev.poll(t)
    # And the link still works afterwards if the peers re-handshake.
    assert isinstance(w.host.frames_to_send(), list)


def test_a_watchdog_clock_decides_silence_and_only_silence() -> None:
    """With a watchdog clock (a test's manual clock), the silence verdict waits for that clock: any
    amount of real time without frames (a starved process) is not COMMS_LOST, while heartbeats keep
    going out on the real time; moving the watchdog clock past comms_timeout is."""
    watch = [100.0]
    cfg = dataclasses.replace(CFG, watchdog=lambda: watch[0])
    host = HostLink(cfg, now=0.0, session=0x1234)
    dev = DeviceLink(DeviceIdentityTemplate(2, "m", "s", "v"), CFG, now=0.0, boot_id=77)
    dev.boot(0.0)
    host.connect(0.0)
    w = Wire(host, dev)
    w.pump(0.0)
    assert host.established
    host.frames_to_send()
    assert host.poll(60.0) == [] and not host.peer_silent  # a minute of real time, no frame: not silent
    assert host.frames_to_send()  # ... but the heartbeat went out on real time
    assert host.next_deadline() <= 60.0 + CFG.heartbeat_interval
    watch[0] += CFG.comms_timeout
    (silent,) = host.poll(60.1)
    assert isinstance(silent, PeerSilent) and silent.silent_for == CFG.comms_timeout
