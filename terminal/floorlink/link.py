"""The table's publisher: sends the journal's outbox to the room's MQTT broker, on a thread of its own.

The table never waits on the broker: appends only queue the entry in the journal's ``outbox`` (same
transaction) and set an event; this thread — its own asyncio loop, its own connection — does the rest.
A broker that is down, slow or unreachable costs the dealer nothing; the maintenance screen shows the
link's state and how many entries wait (:meth:`FloorLink.status_line`).

Delivery (docs/install.md, "The floor"): MQTT 3.1.1, QoS 1, a persistent session (``clean_session``
off) whose client id is the table's id, a last will that marks the table ``offline`` (retained). Each
entry is marked *sent* when the broker acknowledges it (PUBACK) and leaves the outbox when the floor
service says it is *archived* (the retained ``archived`` topic): a broker can acknowledge and still lose
a message (Mosquitto saves its store about once a second), so on every (re)connect — and when the floor's mark has not moved for ``resend_after`` seconds while
entries wait (a floor that subscribed after they went out) — the link publishes the whole outbox
again, oldest first — what the floor already has it ignores (same table and seq, same
hash). Reconnects back off exponentially (``retry_min_seconds`` doubling to ``retry_max_seconds``) with
jitter (each wait drawn from half to one and a half times the step), so a room of tables coming back
after a broker restart does not reconnect in step.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from terminal.floorlink.topics import ARCHIVED, table_topic
from terminal.floorlink.wire import wire_entry
from terminal.journal.chain import Entry
from terminal.journal.store import CHECKPOINT_KIND, Journal

if TYPE_CHECKING:
    import aiomqtt

    from terminal.config import TerminalConfig

ALERT_KIND = "alert"
BATCH = 200
"""Entries read from the outbox at a time (and published concurrently, PUBACKs awaited together)."""
STATE_EVERY = 1.0
"""Seconds between two publications of the retained ``state`` while entries flow."""


@dataclass(frozen=True)
class LinkStatus:
    """What the maintenance screen shows of the link."""

    state: str  # off | connecting | connected | down | stopped
    detail: str
    unsent: int
    unarchived: int
    archived_seq: int


@dataclass(frozen=True)
class BrokerAddress:
    """Where and how to reach the broker."""

    host: str
    port: int
    tls: bool
    ca_file: str | None = None
    cert_file: str | None = None
    key_file: str | None = None
    username: str | None = None
    password: str | None = None


def broker_address(url: str, **more: Any) -> BrokerAddress:
    """``mqtt://host[:port]`` / ``mqtts://host[:port]`` (validated by the config) as an address."""
    parts = urlsplit(url)
    tls = parts.scheme == "mqtts"
    return BrokerAddress(parts.hostname or "", parts.port or (8883 if tls else 1883), tls, **more)


class FloorLink:
    """The publisher of one table's journal. :meth:`start` it once the journal is open; :meth:`stop`
    it before the journal closes."""

    def __init__(
        self,
        journal: Journal,
        broker: BrokerAddress,
        *,
        room: str,
        table: str,
        keepalive: int = 30,
        retry_min: float = 0.5,
        retry_max: float = 30.0,
        resend_after: float = 30.0,
        jitter: Callable[[], float] = random.random,
    ) -> None:
        if not journal.outbox:
            raise ValueError("the journal was opened without its outbox (Journal(..., outbox=True))")
        self.journal = journal
        self.broker = broker
        self.room = room
        self.table = table
        self.keepalive = keepalive
        self.retry_min = retry_min
        self.retry_max = retry_max
        self.resend_after = resend_after
        self._jitter = jitter
        self._state = "off"
        self._detail = ""
        self._archived = 0
        self._progress = 0.0
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: asyncio.Event | None = None
        self._stopping: asyncio.Event | None = None
        self._ready = threading.Event()
        self.sessions = 0
        """Connections made so far (tests wait on it)."""

    @classmethod
    def from_config(cls, config: TerminalConfig, journal: Journal) -> FloorLink | None:
        """The link the configuration asks for, or None when no broker is configured."""
        f = config.floor
        if f.broker is None or not journal.outbox:  # journal_for opens the outbox when a broker is set
            return None
        password = None
        if f.password_file:
            password = Path(f.password_file).expanduser().read_text(encoding="utf-8").strip()
        address = broker_address(
            f.broker,
            ca_file=f.ca_file,
            cert_file=f.cert_file,
            key_file=f.key_file,
            username=f.username or (config.table.id if password else None),
            password=password,
        )
        return cls(
            journal,
            address,
            room=f.room,
            table=config.table.id,
            keepalive=f.keepalive_seconds,
            retry_min=f.retry_min_seconds,
            retry_max=f.retry_max_seconds,
        )

    # -- control (any thread) ---------------------------------------------------------------------

    def start(self) -> None:
        """Start the link's thread; returns at once."""
        if self._thread is not None:
            return
        self.journal.add_listener(self._appended)
        self._thread = threading.Thread(
            target=asyncio.run, args=(self._main(),), name="floor-link", daemon=True
        )
        self._thread.start()
        self._ready.wait(timeout=10)

    def stop(self, timeout: float = 60.0) -> None:
        """Stop the link (a clean disconnect publishes ``offline``); the journal stays open."""
        loop, stopping = self._loop, self._stopping
        if loop is not None and stopping is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stopping.set)
        if self._thread is not None:
            self._thread.join(timeout)
        self._thread = None
        self._state = "stopped"

    def _appended(self, entries: list[Entry]) -> None:
        loop, wake = self._loop, self._wake
        if loop is not None and wake is not None:
            with contextlib.suppress(RuntimeError):  # the loop closed (stopping)
                loop.call_soon_threadsafe(wake.set)

    def status(self) -> LinkStatus:
        """The link's state and how many entries wait (read from the journal)."""
        try:
            unsent, unarchived = self.journal.outbox_counts()
        except Exception:  # the journal is closing: the counts are not worth a crash
            unsent = unarchived = -1
        return LinkStatus(self._state, self._detail, unsent, unarchived, self._archived)

    def status_line(self) -> str:
        """One line for the maintenance screen."""
        s = self.status()
        where = f"{'mqtts' if self.broker.tls else 'mqtt'}://{self.broker.host}:{self.broker.port}"
        what = s.state + (f" ({s.detail})" if s.detail and s.state != "connected" else "")
        return (
            f"floor link {where} room {self.room}: {what}; {s.unsent} waiting for the broker, "
            f"{s.unarchived} not yet archived by the floor (archived to seq {s.archived_seq})"
        )

    # -- the link's thread ------------------------------------------------------------------------

    async def _main(self) -> None:
        import aiomqtt  # on the link's thread: a table without a broker never loads the MQTT client

        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        self._stopping = asyncio.Event()
        self._ready.set()
        self._delay = self.retry_min
        while not self._stopping.is_set():
            self._state = "connecting"
            try:
                await self._session()
            except aiomqtt.MqttError as exc:
                self._state, self._detail = "down", str(exc) or type(exc).__name__
            except OSError as exc:
                self._state, self._detail = "down", exc.strerror or str(exc)
            except Exception as exc:  # never let the link's thread die: say why, and try again
                if self._stopping.is_set():
                    break  # the journal closed while the link was stopping
                self._state, self._detail = "down", f"{type(exc).__name__}: {exc}"
            if self._stopping.is_set():
                break
            wait = self._delay * (0.5 + self._jitter())
            self._delay = min(self._delay * 2, self.retry_max)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), wait)
        self._state = "stopped"

    def _client(self) -> aiomqtt.Client:
        import aiomqtt

        b = self.broker
        tls = (
            aiomqtt.TLSParameters(ca_certs=b.ca_file, certfile=b.cert_file, keyfile=b.key_file)
            if b.tls
            else None
        )
        will = aiomqtt.Will(self._topic("status"), _json({"status": "offline", "table": self.table}), 1, True)
        client = aiomqtt.Client(
            b.host,
            b.port,
            identifier=self.table,
            clean_session=False,
            username=b.username,
            password=b.password,
            tls_params=tls,
            keepalive=self.keepalive,
            will=will,
            timeout=30,
        )
        client.pending_calls_threshold = 2 * BATCH + 10  # a batch in flight is expected, not a warning
        return client

    def _topic(self, leaf: str) -> str:
        return table_topic(self.room, self.table, leaf)

    async def _session(self) -> None:
        import aiomqtt

        assert self._stopping is not None
        async with self._client() as client:
            self.sessions += 1
            self._state, self._detail, self._delay = "connected", "", self.retry_min
            await client.subscribe(self._topic(ARCHIVED), qos=1)
            await client.publish(
                self._topic("status"), _json({"status": "online", "table": self.table}), 1, True
            )
            await self._publish_anchor(client)
            tasks = [asyncio.create_task(self._send(client)), asyncio.create_task(self._read(client))]
            stop = asyncio.create_task(self._stopping.wait())
            try:
                done, _ = await asyncio.wait([*tasks, stop], return_when=asyncio.FIRST_COMPLETED)
            finally:
                for t in (*tasks, stop):
                    t.cancel()
                for t in (*tasks, stop):
                    with contextlib.suppress(asyncio.CancelledError, aiomqtt.MqttError):
                        await t
            for t in done:
                if t is not stop and t.exception() is not None:
                    raise t.exception()  # type: ignore[misc]
            if self._stopping.is_set():  # a clean goodbye: the will is for a table that vanished
                with contextlib.suppress(aiomqtt.MqttError):
                    await client.publish(
                        self._topic("status"),
                        _json({"status": "offline", "table": self.table}),
                        1,
                        True,
                        timeout=5,
                    )

    async def _send(self, client: aiomqtt.Client) -> None:
        """Publish the outbox, oldest first, for as long as the connection lasts."""
        assert self._wake is not None
        cursor = 0  # each connection starts again from the first entry the floor has not archived
        loop = asyncio.get_running_loop()
        last_state = 0.0
        self._progress = loop.time()
        while True:
            self._wake.clear()
            batch = await asyncio.to_thread(self.journal.outbox_entries, cursor, BATCH)
            if batch:
                await asyncio.gather(*(self._publish_entry(client, e) for e, _ in batch))
                fresh = [e.seq for e, sent in batch if not sent]
                await asyncio.to_thread(self.journal.outbox_sent, fresh)
                cursor = batch[-1][0].seq
                if any(e.kind == CHECKPOINT_KIND for e, _ in batch):
                    await self._publish_anchor(client)
            if not batch or loop.time() - last_state >= STATE_EVERY:
                await self._publish_state(client)
                last_state = loop.time()
            if not batch:
                # Sent, but the floor has not archived them for a while (it was not subscribed yet, or
                # the broker lost them): publish the outbox again from its start.
                if cursor and loop.time() - self._progress >= self.resend_after:
                    if (await asyncio.to_thread(self.journal.outbox_counts))[1]:
                        cursor = 0
                    self._progress = loop.time()
                    continue
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), min(5.0, self.resend_after))

    async def _publish_entry(self, client: aiomqtt.Client, entry: Entry) -> None:
        body = _json(wire_entry(self.room, self.table, entry))
        await client.publish(self._topic("events"), body, qos=1)
        if entry.kind == ALERT_KIND:
            await client.publish(self._topic("alerts"), body, qos=1)

    async def _publish_state(self, client: aiomqtt.Client) -> None:
        seq, digest = await asyncio.to_thread(self.journal.head)
        unsent, unarchived = await asyncio.to_thread(self.journal.outbox_counts)
        state = {
            "table": self.table,
            "room": self.room,
            "head_seq": seq,
            "head_hash": digest,
            "unsent": unsent,
            "unarchived": unarchived,
        }
        await client.publish(self._topic("state"), _json(state), qos=1, retain=True)

    async def _publish_anchor(self, client: aiomqtt.Client) -> None:
        """The journal's MAC'd head anchor (issue 24: published to the floor), retained."""
        doc = await asyncio.to_thread(self.journal.anchor_document)
        if doc is not None:
            await client.publish(
                self._topic("anchor"), _json({**doc, "table": self.table}), qos=1, retain=True
            )

    async def _read(self, client: aiomqtt.Client) -> None:
        """The floor's ``archived`` marks: archived entries leave the outbox."""
        async for message in client.messages:
            try:
                doc = json.loads(bytes(message.payload))  # type: ignore[arg-type]
                upto = int(doc["seq"])
            except (ValueError, TypeError, KeyError):
                continue  # not the floor's form: nothing to do with it
            if upto > self._archived:
                self._archived = upto
                self._progress = asyncio.get_running_loop().time()
                await asyncio.to_thread(self.journal.outbox_archived, upto)


def _json(doc: dict[str, Any]) -> bytes:
    return json.dumps(doc, sort_keys=True, separators=(",", ":")).encode()
