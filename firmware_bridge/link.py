"""The link layer (sans-IO): sequence numbers, acknowledgement, retransmission, heartbeat, handshake.

No I/O and no clock of its own: the caller feeds received bytes with :meth:`Link.receive`, calls
:meth:`Link.poll` when :meth:`Link.next_deadline` is reached, and writes whatever
:meth:`Link.data_to_send` returns. The same classes run in the host drivers and in the emulated
firmware, so both ends of every test speak one implementation of docs/protocol.md.

Reliability, in short (details in docs/protocol.md §4):

- sequenced frames carry ``seq`` (mod 256); every frame carries ``ack``, the last in-order ``seq``
  received, so acknowledgements ride on traffic in the other direction;
- at most ``window`` sequenced frames are unacknowledged; later sends wait in a backlog;
- the receiver drops duplicates (``seq`` behind) and out-of-order frames (``seq`` ahead: a gap). On a
  gap it sends one NAK, and the sender goes back and resends everything unacknowledged; a
  retransmission timer (``rto``) covers a lost NAK;
- either side sends HEARTBEAT after ``heartbeat_interval`` of silence; hearing nothing for
  ``comms_timeout`` makes :class:`PeerSilent`;
- the host opens a session with HELLO(session), a fresh session at every (re)connect, retried with a
  capped backoff; the device answers IDENTITY and both restart their sequence numbers. A device that
  boots announces IDENTITY(session 0) ("no session") until a HELLO arrives; the host answers it with
  HELLO at once and, if it had a session with that device, reports a restart whatever the boot id;
- the host may acknowledge on commit (``defer_ack``): a frame is acknowledged only once the
  application calls :meth:`HostLink.commit` for it, so the device keeps (and resends) what the host
  has not yet made durable, and the window is the backpressure.
"""

from __future__ import annotations

import dataclasses
import hmac
import os
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from firmware_bridge.auth import (
    DEVICE,
    HOST,
    NO_NONCE,
    frame_tag,
    identity_proof,
    session_key,
)
from firmware_bridge.framer import (
    FLAG_ACK,
    FLAG_MAC,
    FLAG_NAK,
    FLAG_SEQ,
    Frame,
    FrameDecoder,
    FrameError,
    encode_frame,
)
from firmware_bridge.messages import (
    NO_PROOF,
    PROTOCOL_VERSION,
    Ack,
    CodecError,
    Heartbeat,
    Hello,
    Identity,
    Message,
    decode_payload,
    encode_payload,
)


@dataclass(frozen=True)
class LinkConfig:
    """Timing and window of one link end (seconds)."""

    window: int = 8
    rto: float = 0.25
    heartbeat_interval: float = 0.5
    comms_timeout: float = 2.0
    hello_interval: float = 0.5
    hello_max_interval: float = 4.0
    #: The clock the silence watchdog reads (``firmware_bridge.clock.Clock.now``); None: the time the
    #: caller passes in, as every other timer. A test gives a manual clock's ``now`` here, so only the
    #: *decision* that the peer fell silent waits for the test to move time; heartbeats, acks and
    #: retransmissions keep running on the real time the caller passes (they are I/O, not verdicts), and a
    #: starved process can never time a live peer out.
    watchdog: Callable[[], float] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if not 1 <= self.window <= 127:
            raise ValueError(f"window must be 1..127, not {self.window}")
        if self.rto <= 0 or self.heartbeat_interval <= 0 or self.comms_timeout <= self.heartbeat_interval:
            raise ValueError("rto and heartbeat_interval must be positive, comms_timeout above the heartbeat")
        if not 0 < self.hello_interval <= self.hello_max_interval:
            raise ValueError("hello_interval must be positive and at most hello_max_interval")


# --- what the link reports -------------------------------------------------------------------


@dataclass(frozen=True)
class Received:
    """A message delivered by the link (sequenced ones exactly once and in order).

    ``epoch`` counts the sessions of this link end; with ``seq`` it names the frame to
    :meth:`HostLink.commit`.
    """

    message: Message
    seq: int | None = None
    epoch: int = 0


@dataclass(frozen=True)
class BadFrame:
    """Bytes that were not a valid frame (noise, damage, truncation); they were dropped."""

    reason: str


@dataclass(frozen=True)
class BadMessage:
    """A frame with a good CRC whose payload is not a valid message (a firmware bug)."""

    reason: str
    seq: int | None = None
    epoch: int = 0


@dataclass(frozen=True)
class DuplicateDropped:
    """A sequenced frame received twice; the copy was dropped."""

    seq: int


@dataclass(frozen=True)
class GapDetected:
    """A sequenced frame arrived ahead of the expected one; the link asked for a resend."""

    expected: int
    received: int


@dataclass(frozen=True)
class AuthFailed:
    """The device did not prove its pairing key, or a frame's tag was wrong: it is not believed."""

    reason: str


@dataclass(frozen=True)
class PeerSilent:
    """Nothing valid heard for ``comms_timeout`` seconds."""

    silent_for: float


@dataclass(frozen=True)
class PeerBack:
    """Valid frames are arriving again after :class:`PeerSilent`."""


@dataclass(frozen=True)
class SessionUp:
    """Host side: the device answered HELLO. ``restarted``: it booted since the last session."""

    identity: Identity
    restarted: bool
    dropped_commands: int = 0
    why: str = ""


LinkEvent = (
    Received
    | BadFrame
    | BadMessage
    | DuplicateDropped
    | GapDetected
    | PeerSilent
    | PeerBack
    | SessionUp
    | AuthFailed
)

_HANDSHAKE = (Hello.TYPE, Identity.TYPE)


@dataclass
class LinkCounters:
    """What the link has seen since it was created (for diagnostics)."""

    frames_in: int = 0
    frames_out: int = 0
    bad_frames: int = 0
    bad_messages: int = 0
    retransmits: int = 0
    duplicates: int = 0
    gaps: int = 0
    delivered: int = 0
    auth_failures: int = 0


@dataclass
class _Pending:
    seq: int
    type: int
    payload: bytes


class Link:
    """One end of a link; see the module docstring. Subclassed by :class:`HostLink` and :class:`DeviceLink`."""

    def __init__(self, config: LinkConfig | None = None, *, now: float = 0.0) -> None:
        self.config = config or LinkConfig()
        self.counters = LinkCounters()
        self._decoder = FrameDecoder()
        self._out: list[bytes] = []
        self._tx_seq = 0
        self._rx_expected = 0
        self._unacked: deque[_Pending] = deque()
        self._backlog: deque[tuple[int, bytes]] = deque()
        self._front_sent_at = now
        self._last_tx = now
        self._last_rx = now
        self._heard_at = self._silence_clock(now)
        self._ack_due = False
        self._nak_sent_for: int | None = None
        self._defer_ack = False
        self._rx_committed = 0xFF
        self.epoch = 0
        self.established = False
        self.peer_silent = False
        self._skey: bytes | None = None  # this session's frame-tag key (authenticated sessions)
        self._tx_dir, self._rx_dir = HOST, DEVICE

    @property
    def authenticated(self) -> bool:
        """True while the session's frames carry tags made with the pairing key."""
        return self._skey is not None

    # -- public ------------------------------------------------------------------------------

    def send(self, message: Message, now: float) -> None:
        """Queue ``message``: sequenced ones are delivered reliably once the session is up."""
        payload = encode_payload(message)
        if message.SEQUENCED:
            self._backlog.append((message.TYPE, payload))
            self._fill_window(now)
        else:
            self._emit(message.TYPE, 0, 0, payload, now)

    def receive(self, data: bytes | bytearray | memoryview, now: float) -> list[LinkEvent]:
        """Feed received bytes; return what they delivered or revealed, in order. Never raises."""
        events: list[LinkEvent] = []
        for item in self._decoder.feed(data):
            if isinstance(item, FrameError):
                self.counters.bad_frames += 1
                events.append(BadFrame(item.reason))
            else:
                self.counters.frames_in += 1
                self._on_frame(item, now, events)
        self._send_due_ack(now)
        return events

    def _send_due_ack(self, now: float) -> None:
        if self._ack_due:
            self._fill_window(now)
            if self._ack_due:
                self._emit(Ack.TYPE, 0, 0, b"", now)

    def poll(self, now: float) -> list[LinkEvent]:
        """Run the timers: retransmission, heartbeat, silence watchdog, session retries."""
        events: list[LinkEvent] = []
        if self.established and self._unacked and now - self._front_sent_at >= self.config.rto:
            self._retransmit(now)
        self._poll_session(now, events)
        if now - self._last_tx >= self.config.heartbeat_interval:
            self._emit(Heartbeat.TYPE, 0, 0, encode_payload(self.heartbeat(now)), now)
        silent_for = self._silence_clock(now) - self._heard_at
        if not self.peer_silent and silent_for >= self.config.comms_timeout:
            self.peer_silent = True
            events.append(PeerSilent(silent_for))
        return events

    def _silence_clock(self, now: float) -> float:
        w = self.config.watchdog
        return now if w is None else w()

    def _heard(self, now: float) -> None:
        """Something valid arrived (or a fresh start): the silence watchdog starts again."""
        self._last_rx = now
        self._heard_at = self._silence_clock(now)

    def next_deadline(self) -> float:
        """When :meth:`poll` next has something to do."""
        cfg = self.config
        t = self._last_tx + cfg.heartbeat_interval
        if self.established and self._unacked:
            t = min(t, self._front_sent_at + cfg.rto)
        if not self.peer_silent and cfg.watchdog is None:  # a watchdog clock is read on every poll
            t = min(t, self._last_rx + cfg.comms_timeout)
        s = self._session_deadline()
        return t if s is None else min(t, s)

    def frames_to_send(self) -> list[bytes]:
        """Encoded frames waiting to be written, one per item (emulators use this to inject faults)."""
        out, self._out = self._out, []
        return out

    def data_to_send(self) -> bytes:
        """All bytes waiting to be written."""
        return b"".join(self.frames_to_send())

    @property
    def in_flight(self) -> int:
        """Sequenced frames sent and not yet acknowledged."""
        return len(self._unacked)

    @property
    def queued(self) -> int:
        """Sequenced messages waiting for room in the window."""
        return len(self._backlog)

    @property
    def idle(self) -> bool:
        """Nothing unacknowledged and nothing queued."""
        return not self._unacked and not self._backlog

    # -- internals ---------------------------------------------------------------------------

    def _emit(self, type_: int, flags: int, seq: int, payload: bytes, now: float) -> None:
        if self.established:
            flags |= FLAG_ACK
        ack = self._rx_committed if self._defer_ack else (self._rx_expected - 1) & 0xFF
        tag = b""
        if self._skey is not None and type_ not in _HANDSHAKE:
            flags |= FLAG_MAC
            tag = frame_tag(
                self._skey, self._tx_dir, Frame(type_, flags, seq, ack, payload).header(), payload
            )
        self._out.append(encode_frame(Frame(type_, flags, seq, ack, payload, tag)))
        self.counters.frames_out += 1
        self._last_tx = now
        self._ack_due = False

    def _fill_window(self, now: float) -> None:
        if not self.established:
            return
        while self._backlog and len(self._unacked) < self.config.window:
            type_, payload = self._backlog.popleft()
            p = _Pending(self._tx_seq, type_, payload)
            self._tx_seq = (self._tx_seq + 1) & 0xFF
            if not self._unacked:
                self._front_sent_at = now
            self._unacked.append(p)
            self._emit(p.type, FLAG_SEQ, p.seq, p.payload, now)

    def _retransmit(self, now: float) -> None:
        for p in self._unacked:
            self._emit(p.type, FLAG_SEQ, p.seq, p.payload, now)
            self.counters.retransmits += 1
        self._front_sent_at = now

    def _on_ack(self, ack: int, nak: bool, now: float) -> None:
        if self._unacked:
            base = (self._unacked[0].seq - 1) & 0xFF
            n = (ack - base) & 0xFF
            if n <= len(self._unacked):  # otherwise a stale ack from before a reset: ignore
                for _ in range(n):
                    self._unacked.popleft()
                if n:
                    self._front_sent_at = now
            if nak and self._unacked:
                self._retransmit(now)
        self._fill_window(now)

    def _authentic(self, f: Frame, events: list[LinkEvent]) -> bool:
        if f.type in _HANDSHAKE:
            return True
        if self._skey is None:
            return not f.flags & FLAG_MAC  # tagged frames of a session this end does not hold
        want = frame_tag(self._skey, self._rx_dir, f.header(), f.payload)
        if f.flags & FLAG_MAC and hmac.compare_digest(f.tag, want):
            return True
        self.counters.auth_failures += 1
        events.append(AuthFailed("a frame without a valid tag (not from the paired device)"))
        return False

    def _on_frame(self, f: Frame, now: float, events: list[LinkEvent]) -> None:
        if not self._authentic(f, events):
            return
        self._heard(now)
        if self.peer_silent:
            self.peer_silent = False
            events.append(PeerBack())
        if not f.sequenced:
            try:
                msg = decode_payload(f.type, f.payload)
            except CodecError as exc:
                self.counters.bad_messages += 1
                events.append(BadMessage(str(exc)))
                return
            if msg.SEQUENCED:
                self.counters.bad_messages += 1
                events.append(BadMessage(f"{type(msg).__name__} must be sequenced"))
                return
            if self._on_unsequenced(msg, now, events):
                return
            if self.established and f.flags & FLAG_ACK:
                self._on_ack(f.ack, bool(f.flags & FLAG_NAK), now)
            if not isinstance(msg, Ack | Heartbeat):
                events.append(Received(msg))
            return
        if not self.established:
            return  # sequenced traffic before the handshake belongs to an older session
        if f.flags & FLAG_ACK:
            self._on_ack(f.ack, False, now)
        diff = (f.seq - self._rx_expected) & 0xFF
        if diff == 0:
            self._rx_expected = (self._rx_expected + 1) & 0xFF
            self._nak_sent_for = None
            self._ack_due = not self._defer_ack
            try:
                msg = decode_payload(f.type, f.payload)
            except CodecError as exc:
                self.counters.bad_messages += 1
                events.append(BadMessage(str(exc), f.seq, self.epoch))
                return
            self.counters.delivered += 1
            events.append(Received(msg, f.seq, self.epoch))
        elif diff < 128:
            self.counters.gaps += 1
            events.append(GapDetected(self._rx_expected, f.seq))
            if self._nak_sent_for != self._rx_expected:
                self._nak_sent_for = self._rx_expected
                self._emit(Ack.TYPE, FLAG_NAK, 0, b"", now)
        else:
            self.counters.duplicates += 1
            self._ack_due = True
            events.append(DuplicateDropped(f.seq))

    def pending_messages(self) -> list[tuple[int, bytes]]:
        """(type, payload) of every sequenced message not yet acknowledged, in order."""
        return [(p.type, p.payload) for p in self._unacked] + list(self._backlog)

    def requeue(self, pending: list[tuple[int, bytes]]) -> None:
        """Queue (type, payload) messages kept from before a reboot; they go out in the next session."""
        self._backlog.extend(pending)

    def _reset_sequences(self, *, keep_unsent: bool, now: float) -> int:
        """Restart numbering at 0. Keeps unacknowledged and queued messages (renumbered) if asked.

        Returns how many messages were dropped.
        """
        pending = [(p.type, p.payload) for p in self._unacked] + list(self._backlog)
        self._unacked.clear()
        self._backlog.clear()
        self._tx_seq = 0
        self._rx_expected = 0
        self._rx_committed = 0xFF
        self._nak_sent_for = None
        self._skey = None
        self.epoch += 1
        if keep_unsent:
            self._backlog.extend(pending)
            return 0
        return len(pending)

    # -- session hooks -----------------------------------------------------------------------

    def heartbeat(self, now: float) -> Heartbeat:
        """The HEARTBEAT this end sends when idle (the device reports its uptime)."""
        return Heartbeat(int(now * 1000) & 0xFFFFFFFF)

    def _on_unsequenced(self, msg: Message, now: float, events: list[LinkEvent]) -> bool:
        return False

    def _poll_session(self, now: float, events: list[LinkEvent]) -> None:
        return None

    def _session_deadline(self) -> float | None:
        return None


def _new_session(old: int | None = None) -> int:
    """A random non-zero 32-bit session number, different from ``old``."""
    while True:
        s = int.from_bytes(os.urandom(4), "big")
        if s and s != old:
            return s


class HostLink(Link):
    """The host (terminal) end: opens a session and watches for device restarts.

    ``defer_ack``: acknowledge a sequenced frame only when :meth:`commit` is called for it (the host
    made it durable). ``session``: the first session number (tests); each later connect takes a new one.
    """

    def __init__(
        self,
        config: LinkConfig | None = None,
        *,
        now: float = 0.0,
        session: int | None = None,
        defer_ack: bool = False,
        key: bytes | None = None,
    ) -> None:
        super().__init__(config, now=now)
        self.key = key
        self._nonce = NO_NONCE
        self.session = session if session is not None else _new_session()
        self._fixed_session = session is not None
        self.identity: Identity | None = None
        self._defer_ack = defer_ack
        self._hello_at = now
        self._hello_gap = self.config.hello_interval
        self._connecting = False
        self._dropped = 0
        self._lost_session: str | None = None  # why the device no longer has our session, if it lost it
        self._hello_for: int | None = None  # the session the current nonce belongs to
        self._uptime_ms: int | None = None  # the device's uptime as last heard

    def connect(self, now: float) -> None:
        """Open a new session: HELLO now, then again with a capped backoff until IDENTITY answers.

        Every connect (the first and each reconnect of the port) takes a fresh session number, so the
        device always restarts its numbering with the host's: neither end can be left waiting on a
        sequence number the other has forgotten. What the device has not had acknowledged is kept and
        sent again in the new session.
        """
        self._heard(now)
        if self.established or self.identity is not None:
            self.session = self.session + 1 if self._fixed_session else _new_session(self.session)
            self.established = False
        self._connecting = True
        self._hello_gap = self.config.hello_interval
        self._send_hello(now)

    def _new_nonce(self) -> None:
        self._nonce = os.urandom(16) if self.key is not None else NO_NONCE

    def commit(self, epoch: int, seq: int, now: float) -> None:
        """The application made the frame ``seq`` of session ``epoch`` durable: acknowledge up to it.

        Commits come in delivery order; a commit from an older session is ignored (the device sends
        such frames again in the new session).
        """
        if not self._defer_ack or epoch != self.epoch or not self.established:
            return
        ahead = (seq - self._rx_committed) & 0xFF
        delivered = (self._rx_expected - 1 - self._rx_committed) & 0xFF
        if 0 < ahead <= delivered:
            self._rx_committed = seq
            self._ack_due = True
            self._send_due_ack(now)

    @property
    def uncommitted(self) -> int:
        """Frames delivered to the application and not yet committed (at most the window)."""
        return (self._rx_expected - 1 - self._rx_committed) & 0xFF if self._defer_ack else 0

    def _send_hello(self, now: float) -> None:
        if self._hello_for != self.session:
            self._hello_for = self.session
            self._new_nonce()  # one challenge per session: retries repeat it
        self._hello_at = now
        self.send(Hello(PROTOCOL_VERSION, self.session, self._nonce), now)

    def _proof_ok(self, msg: Identity) -> str:
        """'' if ``msg`` proves the pairing key (or none is required), else why not."""
        if self.key is None:
            return ""
        if msg.proof == NO_PROOF:
            return "the device is not paired (no proof of a key)"
        payload = encode_payload(msg)[: -len(msg.proof)]
        if not hmac.compare_digest(msg.proof, identity_proof(self.key, self._nonce, msg.nonce, payload)):
            return "the device's proof does not match its pairing key"
        return ""

    def _restarted(self, msg: Identity) -> str:
        """Why ``msg`` (answering our HELLO) shows a device that rebooted since we last heard it, or ''."""
        known = self.identity
        if self._lost_session:
            return self._lost_session
        if known is None:
            return ""
        if known.boot_id != msg.boot_id:
            return f"boot id {known.boot_id:08x} -> {msg.boot_id:08x}"
        last = self._uptime_ms
        if last is not None and msg.uptime_ms < last and last - msg.uptime_ms < 1 << 31:
            return f"uptime went back from {last} ms to {msg.uptime_ms} ms"
        return ""

    def _on_unsequenced(self, msg: Message, now: float, events: list[LinkEvent]) -> bool:
        if isinstance(msg, Heartbeat):
            self._uptime_ms = msg.uptime_ms
            return False
        if not isinstance(msg, Identity):
            return False
        if msg.session == self.session:
            if not self._connecting:
                return True  # a repeated answer to a HELLO already answered
            refused = self._proof_ok(msg)
            if refused:
                self.counters.auth_failures += 1
                events.append(AuthFailed(refused))
                return True
            why = self._restarted(msg)
            if why:
                self._dropped += self._reset_sequences(keep_unsent=False, now=now)
            else:
                self._reset_sequences(keep_unsent=True, now=now)
            self.identity = msg
            self._uptime_ms = msg.uptime_ms
            self._connecting = False
            self._lost_session = None
            self.established = True
            if self.key is not None:
                self._skey = session_key(self.key, self._nonce, msg.nonce, self.session)
            dropped, self._dropped = self._dropped, 0
            events.append(SessionUp(msg, bool(why), dropped, why))
            self._fill_window(now)
            return True
        if msg.session != 0:
            return True  # an answer to a HELLO of an older session of ours: stale
        # "No session": a boot announcement. If we had a session with this device, it restarted,
        # whatever its boot id says; either way, open a session now.
        if self.identity is not None and self._lost_session is None:
            self._lost_session = "the device announced a boot (no session)"
        if self.established:
            self._dropped += self._reset_sequences(keep_unsent=False, now=now)
            self.established = False
            self.session = self.session + 1 if self._fixed_session else _new_session(self.session)
        if not self._connecting:
            self._connecting = True
            self._hello_gap = self.config.hello_interval
            self._send_hello(now)
        elif now - self._hello_at >= self.config.hello_interval / 2:
            self._send_hello(now)  # answer the announcement at once (at most twice per hello_interval)
        return True

    def _poll_session(self, now: float, events: list[LinkEvent]) -> None:
        if self._connecting and now - self._hello_at >= self._hello_gap:
            self._hello_gap = min(self._hello_gap * 2, self.config.hello_max_interval)
            self._send_hello(now)

    def _session_deadline(self) -> float | None:
        return self._hello_at + self._hello_gap if self._connecting else None


@dataclass
class DeviceIdentityTemplate:
    """What a device reports about itself, less the per-boot and per-session numbers."""

    kind: int
    model: str
    serial: str
    firmware_version: str
    firmware_hash: bytes = field(default=b"\x00" * 32)
    protocol_version: int = PROTOCOL_VERSION


class DeviceLink(Link):
    """The device (firmware) end: announces itself at boot and answers HELLO."""

    def __init__(
        self,
        identity: DeviceIdentityTemplate,
        config: LinkConfig | None = None,
        *,
        now: float = 0.0,
        boot_id: int = 1,
    ) -> None:
        super().__init__(config, now=now)
        self.template = identity
        self.boot_id = boot_id
        self.session = 0
        self.key: bytes | None = None  # the pairing key, once a technician paired the device
        self._host_nonce = NO_NONCE
        self._nonce = NO_NONCE
        self._announce_at = now
        self._booted_at = now
        self._tx_dir, self._rx_dir = DEVICE, HOST

    def uptime_ms(self, now: float) -> int:
        """Milliseconds since this boot (wraps at 2**32)."""
        return int((now - self._booted_at) * 1000) & 0xFFFFFFFF

    def identity(self, session: int, now: float = 0.0) -> Identity:
        """The IDENTITY message for ``session`` (with the proof of the pairing key when asked for one)."""
        t = self.template
        ident = Identity(
            t.protocol_version,
            t.kind,
            self.boot_id,
            session,
            t.firmware_hash,
            t.model,
            t.serial,
            t.firmware_version,
            self.uptime_ms(now),
            self._nonce if session else NO_NONCE,
        )
        if not session or self.key is None or self._host_nonce == NO_NONCE:
            return ident
        payload = encode_payload(ident)[: -len(NO_PROOF)]
        proof = identity_proof(self.key, self._host_nonce, self._nonce, payload)
        return dataclasses.replace(ident, proof=proof)

    def heartbeat(self, now: float) -> Heartbeat:
        return Heartbeat(self.uptime_ms(now))

    def boot(self, now: float) -> None:
        """Announce the boot (IDENTITY with session 0), repeated until a HELLO arrives."""
        self._announce_at = now
        self._heard(now)
        self.send(self.identity(0, now), now)

    def reboot(self, now: float, boot_id: int) -> None:
        """Lose everything volatile, as a power cycle would, and announce the new boot."""
        self._reset_sequences(keep_unsent=False, now=now)
        self.boot_id = boot_id
        self.session = 0
        self.established = False
        self._booted_at = now
        self.boot(now)

    def _on_unsequenced(self, msg: Message, now: float, events: list[LinkEvent]) -> bool:
        if not isinstance(msg, Hello):
            return False
        if msg.session != self.session or not self.established:
            self._reset_sequences(keep_unsent=True, now=now)
            self.session = msg.session
            self.established = True
            self._host_nonce = msg.nonce
            self._nonce = os.urandom(16)
            if self.key is not None and msg.nonce != NO_NONCE:
                self._skey = session_key(self.key, msg.nonce, self._nonce, msg.session)
        self.send(self.identity(msg.session, now), now)
        self._fill_window(now)
        events.append(Received(msg))
        return True

    def _poll_session(self, now: float, events: list[LinkEvent]) -> None:
        if not self.established and now - self._announce_at >= self.config.hello_interval:
            self.boot(now)

    def _session_deadline(self) -> float | None:
        return None if self.established else self._announce_at + self.config.hello_interval
