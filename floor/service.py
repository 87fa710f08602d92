"""The floor service's subscriber: the room's messages from the broker into the archive.

It connects with a persistent session (client id ``floor-<room>``, ``clean_session`` off), subscribes
to every table of the room at QoS 1, and acknowledges each message only **after** its transaction
committed (paho-mqtt's manual acknowledgement): a service killed between the two gets the message again
from the broker, never loses it. After an entry advances a table's archive it publishes, retained, the
table's ``archived`` mark — the table then drops those entries from its outbox. It publishes nothing
else to a table, and nothing that changes one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import aiomqtt
import psycopg

from floor.archive import Archive, BadEntry, parse_entry
from floor.migrate import migrate
from terminal.floorlink.link import BrokerAddress
from terminal.floorlink.topics import ARCHIVED, parse_table_topic, room_filter, table_topic

log = logging.getLogger("dealer-floor")
GAP_CHECK_EVERY = 1.0
MARK_EVERY = 0.2
GROUP = 200
"""At most this many queued messages archived in one transaction."""


@dataclass
class Counters:
    """What the service has done since it started (the API's ``/api/health``)."""

    messages: int = 0
    stored: int = 0
    duplicates: int = 0
    refused: int = 0
    alerts: int = 0
    sessions: int = 0
    state: str = "starting"
    detail: str = ""
    refusals: list[str] = field(default_factory=list)


class FloorService:
    """Subscribe to ``room`` on ``broker`` and archive into the database at ``dsn``."""

    def __init__(
        self,
        broker: BrokerAddress,
        dsn: str,
        room: str,
        *,
        keys: dict[str, bytes] | None = None,
        gap_bound: float = 60.0,
        client_id: str | None = None,
        retry_min: float = 0.5,
        retry_max: float = 30.0,
        jitter: Callable[[], float] = random.random,
    ) -> None:
        self.broker = broker
        self.dsn = dsn
        self.room = room
        self.keys = dict(keys or {})
        self.gap_bound = gap_bound
        self.client_id = client_id or f"floor-{room}"
        self.retry_min, self.retry_max = retry_min, retry_max
        self._jitter = jitter
        self.counters = Counters()
        self._marks: dict[str, int] = {}
        self._stopping = asyncio.Event()

    def stop(self) -> None:
        """Ask :meth:`run` to return (from the service's loop)."""
        self._stopping.set()

    async def run(self) -> None:
        """Migrate, then archive until :meth:`stop`; reconnects to the broker and the database with
        exponential backoff and jitter."""
        delay = self.retry_min
        while not self._stopping.is_set():
            try:
                async with await psycopg.AsyncConnection.connect(self.dsn, autocommit=True) as conn:
                    applied = await migrate(conn)
                    if applied:
                        log.info("applied migrations: %s", ", ".join(applied))
                    archive = Archive(conn, self.room, keys=self.keys, gap_bound=self.gap_bound)
                    await self._session(archive)
                    delay = self.retry_min
            except aiomqtt.MqttError as exc:
                self.counters.state, self.counters.detail = "broker down", str(exc)
            except (psycopg.OperationalError, OSError) as exc:
                self.counters.state, self.counters.detail = "database down", str(exc).strip()
            if self._stopping.is_set():
                break
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), delay * (0.5 + self._jitter()))
            delay = min(delay * 2, self.retry_max)
        self.counters.state = "stopped"

    def _client(self) -> aiomqtt.Client:
        b = self.broker
        tls = (
            aiomqtt.TLSParameters(ca_certs=b.ca_file, certfile=b.cert_file, keyfile=b.key_file)
            if b.tls
            else None
        )
        client = aiomqtt.Client(
            b.host,
            b.port,
            identifier=self.client_id,
            clean_session=False,
            username=b.username,
            password=b.password,
            tls_params=tls,
            keepalive=30,
            timeout=30,
        )
        # Acknowledge only once archived. aiomqtt has no public switch for paho's manual_ack yet
        # (empicano/aiomqtt#345); this is paho-mqtt 2.x's documented Client.manual_ack_set / ack.
        client._client.manual_ack_set(True)
        return client

    async def _session(self, archive: Archive) -> None:
        async with self._client() as client:
            self.counters.sessions += 1
            self.counters.state, self.counters.detail = "connected", ""
            await client.subscribe(room_filter(self.room), qos=1)
            # Every table's mark again on each connection (one published just before a drop is not lost).
            async with archive.lock:
                cur = await archive.conn.execute(
                    "SELECT table_id, archived_seq FROM floor_table WHERE room = %s AND archived_seq > 0",
                    (self.room,),
                )
                self._marks.update({str(t): int(n) for t, n in await cur.fetchall()})
            tasks = [
                asyncio.create_task(self._consume(client, archive)),
                asyncio.create_task(self._gaps(archive)),
                asyncio.create_task(self._publish_marks(client)),
                asyncio.create_task(self._stopping.wait()),
            ]
            try:
                done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for t in tasks:
                    t.cancel()
                for t in tasks:
                    with contextlib.suppress(asyncio.CancelledError, aiomqtt.MqttError):
                        await t
            for t in done:
                exc = t.exception()
                if exc is not None:
                    raise exc

    async def _consume(self, client: aiomqtt.Client, archive: Archive) -> None:
        """Archive what arrives; what is already queued when a message arrives goes in the same
        transaction (group commit, at most ``GROUP`` messages); each is acknowledged after it."""
        messages = client.messages
        while True:
            batch = [await messages.__anext__()]
            while len(messages) and len(batch) < GROUP:
                batch.append(await messages.__anext__())
            await self.handle_many(archive, [(str(m.topic), bytes(m.payload)) for m in batch])  # type: ignore[arg-type]
            for m in batch:
                client._client.ack(m.mid, m.qos)  # after the commit (see _client)

    async def handle_many(self, archive: Archive, messages: list[tuple[str, bytes]]) -> None:
        """Archive messages (``(topic, body)``, in arrival order); every transaction has committed when
        this returns. Entries go in one transaction; status, state and anchor messages after them."""
        entries = []
        others = []
        for topic, body in messages:
            self.counters.messages += 1
            where = parse_table_topic(topic)
            if where is None or where[0] != self.room:
                continue
            _, table, leaf = where
            if leaf == "events":
                try:
                    entries.append(parse_entry(self.room, table, body))
                except BadEntry as exc:
                    self._refuse(f"{topic}: {exc}")
            elif leaf in ("status", "state", "anchor"):
                others.append((table, leaf, body))
        if entries:
            for table, done in (await archive.store_many(entries)).items():
                self.counters.alerts += done.alerts
                self.counters.duplicates += done.duplicates
                self.counters.stored += done.stored
                if done.advanced:
                    self._marks[table] = done.archived_seq
        for table, leaf, body in others:
            await archive.set_status(table, leaf, body)

    def _refuse(self, why: str) -> None:
        self.counters.refused += 1
        self.counters.refusals = [*self.counters.refusals[-19:], why]
        log.warning("refused: %s", why)

    async def _gaps(self, archive: Archive) -> None:
        while True:
            await asyncio.sleep(GAP_CHECK_EVERY)
            self.counters.alerts += await archive.check_gaps()

    async def _publish_marks(self, client: aiomqtt.Client) -> None:
        """Each table's ``archived`` mark (retained), when it moved; coalesced."""
        while True:
            await asyncio.sleep(MARK_EVERY)
            marks, self._marks = self._marks, {}
            for table, seq in marks.items():
                body = json.dumps({"seq": seq, "room": self.room, "table": table}).encode()
                await client.publish(table_topic(self.room, table, ARCHIVED), body, qos=1, retain=True)


def load_keys(directory: str | None) -> dict[str, bytes]:
    """The tables' journal keys from ``<directory>/<table>.key`` (for the MAC check)."""
    from pathlib import Path

    from terminal.journal.keys import KeyError_, load_key

    keys: dict[str, bytes] = {}
    if not directory:
        return keys
    for path in sorted(Path(directory).glob("*.key")):
        try:
            keys[path.stem] = load_key(path)
        except KeyError_ as exc:
            raise SystemExit(f"dealer-floor: {exc}") from None
    return keys
