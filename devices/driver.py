"""The driver base: runs the host end of the link over a transport and turns messages into events.

One :class:`Device` per physical device. It owns two tasks: a reader (bytes -> link -> events) that
waits on the transport, and a timer (retransmission, heartbeat, silence watchdog) that sleeps until the
link's next deadline and is woken early only when a send moves that deadline — no fixed-rate polling.
Events are queued for :meth:`Device.events`; commands go out through the link, reliably and in order.
Per-kind drivers (``devices.shuffler`` …) subclass it and implement :meth:`Device._on_message`.

Acknowledge after durable: by default (``ack_after_commit``) a frame from the device is acknowledged
only when the reader of :meth:`Device.events` comes back for the next event after handling the frame's
events — the controller journals each event before it asks for the next, so the device keeps (and
resends) every read the journal does not yet hold. The device's window (8 frames) bounds the queue.

Numbered messages (READ, CARD_OUT, DICE, BUTTON carry the device's own counter) that arrive again — a
device resending after a reboot or a reconnect what it never saw acknowledged — are dropped as copies.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import ClassVar, TypeVar

from devices.errors import (
    DeviceDisabled,
    HandshakeTimeout,
    PairingFailed,
    RestartNotAcknowledged,
)
from devices.errors import DeviceRefused as DeviceRefusedError
from devices.eventqueue import EventQueue
from devices.events import (
    CommandRejected,
    CommsLost,
    CommsRestored,
    DeviceEvent,
    DeviceFault,
    DeviceIdentity,
    DeviceRefused,
    DeviceRestarted,
    ProgramIntegrityFailed,
    SequenceGap,
)
from devices.spec import DeviceSpec
from firmware_bridge.auth import fingerprint
from firmware_bridge.clock import Clock, MonotonicClock
from firmware_bridge.link import (
    AuthFailed,
    BadMessage,
    GapDetected,
    HostLink,
    LinkConfig,
    LinkCounters,
    LinkEvent,
    PeerBack,
    PeerSilent,
    Received,
    SessionUp,
)
from firmware_bridge.messages import (
    MESSAGE_TYPES,
    PROTOCOL_VERSION,
    Button,
    CardOut,
    Counters,
    CountersRequest,
    DeviceKind,
    Dice,
    EchoReply,
    EchoRequest,
    Fault,
    Identity,
    Message,
    Pair,
    Paired,
    Read,
    Rejected,
    RejectReason,
)
from firmware_bridge.transport import ByteTransport, TransportClosed

log = logging.getLogger("devices")

#: How far back a numbered message counts as a copy of one already delivered. A copy is a message the host
#: delivered whose acknowledgement the device never got, so it was in flight: at most a window of them,
#: and no link's window exceeds 127 (``firmware_bridge.link.LinkConfig``). Anything further back is a
#: device whose counter started again (a replaced unit, an emulator without non-volatile memory): a new
#: message, delivered — never a read dropped as a copy of one it is not.
COPY_SPAN = 128
_T = TypeVar("_T")

#: The device events that carry a device's own counter (``number``), by the message type it counts.
NUMBERED_EVENTS: dict[str, int] = {
    "CardRead": Read.TYPE,
    "UnreadableCard": Read.TYPE,
    "CardDispensed": CardOut.TYPE,
    "DiceRolled": Dice.TYPE,
    "DiceRejected": Dice.TYPE,
    "ButtonPressed": Button.TYPE,
}


def delivered_number(event: object) -> tuple[int, int] | None:
    """``(message type, number)`` for an event that carries its device's counter, else None: what a
    journal records so that :meth:`Device.resume_numbers` can drop the device's resends after a restart."""
    type_ = NUMBERED_EVENTS.get(type(event).__name__)
    number = getattr(event, "number", 0)
    if type_ is None or not isinstance(number, int) or number <= 0:
        return None
    return type_, number


def identity_event(identity: Identity, device: str) -> DeviceIdentity:
    """The :class:`DeviceIdentity` event for an IDENTITY message."""
    try:
        kind = DeviceKind(identity.kind).label
    except ValueError:
        kind = f"unknown-{identity.kind}"
    return DeviceIdentity(
        kind,
        identity.model,
        identity.serial,
        identity.firmware_version,
        identity.firmware_hash.hex(),
        identity.protocol_version,
        identity.boot_id,
        device=device,
    )


class Device:
    """A connected device: ``async with open_device(spec) as dev: async for ev in dev.events(): …``."""

    KIND: ClassVar[DeviceKind | None] = None

    def __init__(
        self,
        spec: DeviceSpec,
        transport: ByteTransport,
        *,
        clock: Clock | None = None,
        link_config: LinkConfig | None = None,
        session: int | None = None,
        ack_after_commit: bool = True,
    ) -> None:
        self.spec = spec
        self.name = spec.name
        self.transport = transport
        self.clock = clock or MonotonicClock()
        self.link = HostLink(
            link_config,
            now=self.clock.now(),
            session=session,
            defer_ack=ack_after_commit,
            key=spec.pairing_key,
        )
        self.refused: str | None = None
        self._refused_event: DeviceRefused | None = None
        self.identity: DeviceIdentity | None = None
        self.disabled: str | None = None
        self.restart_pending = False
        self.comms_lost = False
        self.copies_dropped = 0
        self._last_number: dict[int, int] = {}  # message type -> the highest number delivered
        self._queue = EventQueue(self.name, self._commit)
        self._tasks: list[asyncio.Task[None]] = []
        self._wake = asyncio.Event()
        self._sleep_until = float("inf")
        self._up = asyncio.Event()
        self._echo: list[asyncio.Future[bytes]] = []
        self._counters: list[asyncio.Future[Counters]] = []
        self._pairing: list[asyncio.Future[int | None]] = []
        self._closing = False

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} via {self.transport.name}>"

    # -- lifecycle ---------------------------------------------------------------------------

    async def start(self, *, handshake_timeout: float = 5.0) -> DeviceIdentity:
        """Open the transport, say HELLO and wait for IDENTITY (raises :class:`HandshakeTimeout`)."""
        await self.transport.open()
        self.link.connect(self.clock.now())
        self._flush()
        self._tasks = [
            asyncio.create_task(self._reader(), name=f"{self.name} reader"),
            asyncio.create_task(self._timer(), name=f"{self.name} timer"),
        ]
        try:
            await self._await_up(handshake_timeout)
        except TimeoutError:
            await self.close()
            raise HandshakeTimeout(f"{self.name}: no IDENTITY from {self.transport.name}") from None
        except BaseException:
            # cancelled mid-handshake (the device's task restarted or stopped): the port is closed — an
            # emulated device's emulator with it — never left open behind a task that is gone
            await asyncio.shield(self.close())
            raise
        if self.identity is None and self.refused is not None:
            await self.close()
            raise DeviceRefusedError(
                f"{self.name} on {self.transport.name} refused: {self.refused}", self._refused_event
            )
        assert self.identity is not None
        return self.identity

    async def _await_up(self, timeout: float) -> None:
        """Wait for the handshake; the timeout is the link's watchdog clock's when it has one (a test's
        manual clock: a slow, starved process never times a live device out), else real time."""
        watchdog = self.link.config.watchdog
        if watchdog is None:
            await asyncio.wait_for(self._up.wait(), timeout)
            return
        began = watchdog()
        while not self._up.is_set():
            if watchdog() - began >= timeout:
                raise TimeoutError
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._up.wait(), self.link.config.hello_interval)

    async def close(self) -> None:
        """Stop the tasks, close the transport, end :meth:`events`."""
        if self._closing:
            return
        self._closing = True
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await t
        with contextlib.suppress(TransportClosed, OSError):
            await self.transport.close()
        self._queue.close()

    async def __aenter__(self) -> Device:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # -- events ------------------------------------------------------------------------------

    def events(self) -> AsyncIterator[DeviceEvent]:
        """Every event, in order, until the device is closed."""
        return self._queue.stream()

    async def next_event(self) -> DeviceEvent:
        """The next event (raises :class:`TransportClosed` if the device was closed)."""
        return await self._queue.next()

    async def next_events(self) -> list[DeviceEvent]:
        """Every event that has arrived (waiting for at least one): a reader that journals them in one
        group commit (``Journal.append_many``) before it calls again acknowledges them all at once."""
        return await self._queue.batch()

    def pending_events(self) -> list[DeviceEvent]:
        """Take every event queued so far without waiting."""
        return self._queue.pending()

    def _publish(self, *events: DeviceEvent) -> None:
        self._queue.put(*events)

    # -- commands ----------------------------------------------------------------------------

    def acknowledge_restart(self) -> None:
        """The controller has dealt with :class:`DeviceRestarted`; commands are accepted again."""
        self.restart_pending = False

    def _command(self, msg: Message) -> None:
        if self.disabled is not None:
            raise DeviceDisabled(f"{self.name} is disabled: {self.disabled}")
        if self.restart_pending:
            raise RestartNotAcknowledged(f"{self.name} restarted; acknowledge the restart first")
        self.link.send(msg, self.clock.now())
        self._flush()

    async def echo(self, data: bytes = b"dealer-terminal", *, timeout: float = 2.0) -> bytes:
        """Round-trip ``data`` through the device (diagnostics)."""
        fut: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._echo.append(fut)
        self.link.send(EchoRequest(data), self.clock.now())
        self._flush()
        return await self._reply(fut, timeout)

    @property
    def authenticated(self) -> bool:
        """True while the device proved its pairing key and every frame carries its tag."""
        return self.link.authenticated

    async def pair(self, key: bytes, *, timeout: float = 10.0) -> str:
        """Give the device ``key`` as its pairing key (it must be in pairing mode: the technician's
        button). Returns the key's fingerprint once the device confirms it; :class:`PairingFailed` if it
        refuses or does not answer within ``timeout`` seconds (of the link's watchdog clock when it has one,
        as :meth:`echo`). The caller stores the key (``devices.keystore``) and reconnects."""
        fut: asyncio.Future[int | None] = asyncio.get_running_loop().create_future()
        self._pairing.append(fut)
        self.link.send(Pair(key), self.clock.now())
        self._flush()
        try:
            got = await self._reply(fut, timeout)
        except TimeoutError:
            raise PairingFailed(f"{self.name}: no answer to PAIR from {self.transport.name}") from None
        if got is None:
            raise PairingFailed(f"{self.name}: the device is not in pairing mode (hold its pairing button)")
        if f"{got:08x}" != fingerprint(key):
            raise PairingFailed(f"{self.name}: the device confirmed another key")
        return fingerprint(key)

    async def device_counters(self, *, timeout: float = 2.0) -> Counters:
        """The device's own link counters (diagnostics)."""
        fut: asyncio.Future[Counters] = asyncio.get_running_loop().create_future()
        self._counters.append(fut)
        self.link.send(CountersRequest(), self.clock.now())
        self._flush()
        return await self._reply(fut, timeout)

    async def _reply(self, fut: asyncio.Future[_T], timeout: float) -> _T:
        """The device's reply to a diagnostic request, or TimeoutError after ``timeout`` seconds of the
        link's watchdog clock when it has one (a test's manual clock: only moving it times a request out,
        never a slow machine), else of real time."""
        watchdog = self.link.config.watchdog
        if watchdog is None:
            return await asyncio.wait_for(fut, timeout)
        began = watchdog()
        while not fut.done():
            if watchdog() - began >= timeout:
                fut.cancel()
                raise TimeoutError
            await asyncio.wait({fut}, timeout=self.link.config.hello_interval)
        return fut.result()

    @property
    def counters(self) -> LinkCounters:
        """This end's link counters."""
        return self.link.counters

    # -- the two tasks -----------------------------------------------------------------------

    def _flush(self) -> None:
        data = self.link.data_to_send()
        if data:
            # On failure the reader notices and reports; the link retransmits later.
            with contextlib.suppress(TransportClosed):
                self.transport.write(data)
        if self.link.next_deadline() < self._sleep_until:
            self._wake.set()  # a send moved a deadline earlier than the timer's sleep

    def _commit(self, token: tuple[int, int]) -> None:
        epoch, seq = token
        self.link.commit(epoch, seq, self.clock.now())
        self._flush()

    @property
    def queue_depth(self) -> int:
        """Events waiting for the reader now (bounded by the link window)."""
        return self._queue.depth

    @property
    def queue_high_water(self) -> int:
        """The most events ever waiting for the reader at once (bounded by the link window)."""
        return self._queue.high_water

    async def _reader(self) -> None:
        while True:
            try:
                data = await self.transport.read()
            except TransportClosed as exc:
                if self._closing:
                    return
                await self._reconnect(str(exc))
                continue
            before = self.link.counters.frames_in
            self._handle(self.link.receive(data, self.clock.now()))
            if self.comms_lost and self.link.counters.frames_in > before and not self.link.peer_silent:
                self.comms_lost = False  # valid frames again after the port came back
                self._publish(CommsRestored(device=self.name))
            self._flush()

    async def _reconnect(self, why: str) -> None:
        if not self.comms_lost:
            self.comms_lost = True
            log.warning("%s: transport lost (%s)", self.name, why)
            self._publish(CommsLost(0.0, device=self.name))
        while not self._closing:
            await self.clock.sleep(1.0)
            try:
                await self.transport.open()
            except (TransportClosed, OSError):
                continue
            self.link.connect(self.clock.now())
            self._flush()
            return

    async def _timer(self) -> None:
        while True:
            now = self.clock.now()
            self._handle(self.link.poll(now))
            self._sleep_until = float("inf")
            self._flush()
            self._wake.clear()
            self._sleep_until = self.link.next_deadline()
            await self.clock.wait(self._wake, self._sleep_until - now)

    # -- link events -> device events --------------------------------------------------------

    def _handle(self, link_events: list[LinkEvent]) -> None:
        for lev in link_events:
            if isinstance(lev, Received):
                self._received(lev.message)
                if lev.seq is not None:
                    self._queue.mark((lev.epoch, lev.seq))
            elif isinstance(lev, SessionUp):
                self._session_up(lev)
            elif isinstance(lev, PeerSilent):
                if not self.comms_lost:
                    self.comms_lost = True
                    self._publish(CommsLost(lev.silent_for, device=self.name))
            elif isinstance(lev, PeerBack):
                if self.comms_lost:
                    self.comms_lost = False
                    self._publish(CommsRestored(device=self.name))
            elif isinstance(lev, GapDetected):
                self._publish(SequenceGap(lev.expected, lev.received, device=self.name))
            elif isinstance(lev, AuthFailed):
                self._refuse(lev.reason)
            elif isinstance(lev, BadMessage):
                self._publish(DeviceFault(0xFF, f"bad message: {lev.reason}", device=self.name))
                if lev.seq is not None:
                    self._queue.mark((lev.epoch, lev.seq))

    def _refuse(self, reason: str) -> None:
        """The device is not who it says: no command goes to it, the controller gets an alert naming the
        port, and a handshake in progress ends (``start`` raises)."""
        first = self.refused != reason
        self.refused = reason
        self.disabled = f"refused: {reason}"
        if first:
            log.warning("%s on %s refused: %s", self.name, self.transport.name, reason)
            self._refused_event = DeviceRefused(self.transport.name, reason, device=self.name)
            self._publish(self._refused_event)
        self._up.set()

    def _session_up(self, up: SessionUp) -> None:
        ident = identity_event(up.identity, self.name)
        self.identity = ident
        if self.comms_lost:
            self.comms_lost = False
            self._publish(CommsRestored(device=self.name))
        self._publish(ident)
        expected = self.spec.expected_firmware_hash
        if expected and expected.lower() != ident.firmware_hash:
            self.disabled = "firmware hash differs from the configuration (PROGRAM_INTEGRITY)"
            self._publish(
                ProgramIntegrityFailed(
                    expected.lower(), ident.firmware_hash, ident.firmware_version, device=self.name
                )
            )
        if self.KIND is not None and up.identity.kind != int(self.KIND):
            self.disabled = f"device reports kind {ident.kind}, configured as {self.KIND.label}"
            self._publish(DeviceFault(0xFE, self.disabled, device=self.name))
        if up.identity.protocol_version != PROTOCOL_VERSION:
            self.disabled = (
                f"device speaks protocol {up.identity.protocol_version}, this terminal {PROTOCOL_VERSION}"
            )
            self._publish(DeviceFault(0xFC, self.disabled, device=self.name))
        if up.restarted:
            self.restart_pending = True
            self._publish(DeviceRestarted(up.identity.boot_id, up.dropped_commands, up.why, device=self.name))
            self._on_restart()
        self._up.set()

    def resume_numbers(self, last: dict[int, int]) -> None:
        """Numbers already journaled (message type -> highest number delivered), read back from the journal
        at start-up: the device resending them after a host restart is then recognised as copies."""
        for type_, number in last.items():
            if number > self._last_number.get(type_, 0):
                self._last_number[type_] = number

    def _copy(self, msg: Message) -> bool:
        """True if ``msg`` carries a number already delivered (a resend after a reboot or reconnect)."""
        number = getattr(msg, "number", 0)
        if not number:
            return False
        last = self._last_number.get(msg.TYPE)
        if last is not None and 0 <= last - number < COPY_SPAN:
            self.copies_dropped += 1
            return True
        self._last_number[msg.TYPE] = number
        return False

    def _received(self, msg: Message) -> None:
        if self._copy(msg):
            return
        if isinstance(msg, Paired) or (isinstance(msg, Rejected) and msg.command_type == Pair.TYPE):
            if self._pairing:
                pfut = self._pairing.pop(0)
                if not pfut.done():
                    pfut.set_result(msg.fingerprint if isinstance(msg, Paired) else None)
            return
        if isinstance(msg, EchoReply):
            if self._echo:
                fut = self._echo.pop(0)
                if not fut.done():
                    fut.set_result(msg.data)
            return
        if isinstance(msg, Counters):
            if self._counters:
                cfut = self._counters.pop(0)
                if not cfut.done():
                    cfut.set_result(msg)
            return
        if isinstance(msg, Rejected):
            cmd = MESSAGE_TYPES.get(msg.command_type)
            try:
                reason = RejectReason(msg.reason).name.lower()
            except ValueError:
                reason = f"reason {msg.reason}"
            self._publish(
                CommandRejected(
                    cmd.__name__ if cmd else f"0x{msg.command_type:02x}", reason, device=self.name
                )
            )
            return
        if isinstance(msg, Fault):
            self._publish(DeviceFault(msg.code, msg.detail, device=self.name))
            return
        events = self._on_message(msg)
        if events is None:
            self._publish(
                DeviceFault(
                    0xFD, f"unexpected {type(msg).__name__} from a {self.spec.kind}", device=self.name
                )
            )
        else:
            self._publish(*events)

    def _on_message(self, msg: Message) -> list[DeviceEvent] | None:
        """Per-kind: the events for ``msg``, or None if this kind never sends it."""
        return None

    def _on_restart(self) -> None:
        """Per-kind: forget state the device lost in its reboot."""
