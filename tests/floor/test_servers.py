"""The throwaway servers themselves: they start, answer, and a killed broker comes back on its port."""

from __future__ import annotations

import asyncio
import time

import aiomqtt
import psycopg

from tests.floor.servers import Mosquitto


def test_postgres_answers(database: str) -> None:
    with psycopg.connect(database) as conn:
        assert conn.execute("SELECT 1 + 1").fetchone() == (2,)


def test_broker_survives_a_kill_with_a_retained_message(broker: Mosquitto) -> None:
    async def publish() -> None:
        async with aiomqtt.Client("127.0.0.1", broker.port, identifier="t1") as c:
            await c.publish("room/r/x", b"kept", qos=1, retain=True)

    async def read() -> bytes:
        async with aiomqtt.Client("127.0.0.1", broker.port, identifier="t2") as c:
            await c.subscribe("room/r/x", qos=1)
            async for message in c.messages:
                return bytes(message.payload)  # type: ignore[arg-type]
        raise AssertionError("no message")

    asyncio.run(publish())
    # Mosquitto saves its persistence file about once a second, not at each PUBACK (why the table
    # resends whatever the floor has not archived): wait for the save, then kill.
    deadline = time.monotonic() + 60
    while not (broker.dir / "mosquitto.db").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    broker.kill()
    broker.start()
    assert asyncio.run(asyncio.wait_for(read(), 60)) == b"kept"
