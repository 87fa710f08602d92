"""A device's typed events, in order, for every reader until the device is closed."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

from devices.events import DeviceEvent
from firmware_bridge.transport import TransportClosed

_CLOSED = object()


class EventQueue:
    """The queue behind ``events()``, ``next_event()`` and ``pending_events()`` of every device kind.

    Closing puts an end marker that stays in the queue, so every reader (and every later read) sees
    the end rather than waiting forever.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self._queue: asyncio.Queue[Any] = asyncio.Queue()

    def put(self, *events: DeviceEvent) -> None:
        """Queue events in order."""
        for ev in events:
            self._queue.put_nowait(ev)

    def close(self) -> None:
        """No more events."""
        self._queue.put_nowait(_CLOSED)

    async def stream(self) -> AsyncIterator[DeviceEvent]:
        """Every event, in order, until the queue is closed."""
        while True:
            ev = await self._queue.get()
            if ev is _CLOSED:
                self._queue.put_nowait(_CLOSED)
                return
            yield ev

    async def next(self) -> DeviceEvent:
        """The next event; :class:`TransportClosed` once the queue is closed."""
        ev = await self._queue.get()
        if ev is _CLOSED:
            self._queue.put_nowait(_CLOSED)
            raise TransportClosed(f"{self.name} is closed")
        return ev  # type: ignore[no-any-return]

    def pending(self) -> list[DeviceEvent]:
        """Every event queued so far, without waiting."""
        out: list[DeviceEvent] = []
        while not self._queue.empty():
            ev = self._queue.get_nowait()
            if ev is _CLOSED:
                self._queue.put_nowait(_CLOSED)
                break
            out.append(ev)
        return out
