"""A device's typed events, in order, for every reader until the device is closed.

The queue also carries the link's commit marks: after the events of each sequenced frame the driver
puts a mark, and the mark is released (the frame acknowledged to the device) only once the reader has
handled every event before it — that is, when the reader comes back for more. A reader that journals
each event before asking for the next therefore acknowledges exactly what is durable. The queue is
bounded by the link window: the device sends nothing new until its frames are acknowledged.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

from devices.events import DeviceEvent
from firmware_bridge.transport import TransportClosed

_CLOSED = object()


class _Mark:
    __slots__ = ("token",)

    def __init__(self, token: Any) -> None:
        self.token = token


class EventQueue:
    """The queue behind ``events()``, ``next_event()`` and ``pending_events()`` of every device kind.

    Closing puts an end marker that stays in the queue, so every reader (and every later read) sees
    the end rather than waiting forever. ``on_commit(token)`` is called for each mark once the events
    before it have been handled.
    """

    def __init__(self, name: str, on_commit: Callable[[Any], None] | None = None) -> None:
        self.name = name
        self._queue: asyncio.Queue[Any] = asyncio.Queue()
        self._on_commit = on_commit
        self._held: list[Any] = []
        self._events = 0
        self._busy = False  # the reader holds an event it has not yet finished with
        self.high_water = 0
        """The most events that were ever waiting at once (the bound the link window keeps)."""

    @property
    def depth(self) -> int:
        """Events waiting for the reader now."""
        return self._events

    def put(self, *events: DeviceEvent) -> None:
        """Queue events in order."""
        for ev in events:
            self._queue.put_nowait(ev)
        self._events += len(events)
        self.high_water = max(self.high_water, self._events)

    def mark(self, token: Any) -> None:
        """Commit ``token`` once the reader has handled every event queued so far."""
        if self._queue.empty() and not self._held and not self._busy:
            self._commit(token)  # nothing before it is waiting: the reader has handled it all
        else:
            self._queue.put_nowait(_Mark(token))

    def close(self) -> None:
        """No more events."""
        self._queue.put_nowait(_CLOSED)

    def _commit(self, token: Any) -> None:
        if self._on_commit is not None:
            self._on_commit(token)

    def _release(self) -> None:
        self._busy = False
        held, self._held = self._held, []
        for token in held:
            self._commit(token)

    async def _take(self) -> Any:
        """The next event or the end marker; marks on the way are committed (the reader came back)."""
        self._release()
        while True:
            item = await self._queue.get()
            if isinstance(item, _Mark):
                self._commit(item.token)
                continue
            if item is not _CLOSED:
                self._events -= 1
                self._busy = True
            return item

    async def stream(self) -> AsyncIterator[DeviceEvent]:
        """Every event, in order, until the queue is closed."""
        while True:
            ev = await self._take()
            if ev is _CLOSED:
                self._queue.put_nowait(_CLOSED)
                return
            yield ev

    async def next(self) -> DeviceEvent:
        """The next event; :class:`TransportClosed` once the queue is closed."""
        ev = await self._take()
        if ev is _CLOSED:
            self._queue.put_nowait(_CLOSED)
            raise TransportClosed(f"{self.name} is closed")
        return ev  # type: ignore[no-any-return]

    async def batch(self) -> list[DeviceEvent]:
        """Wait for at least one event, then take every event already queued (for a group commit: one
        journal transaction for the reads that arrived together). All count as handled at the next call;
        :class:`TransportClosed` once the queue is closed and empty."""
        first = await self._take()
        if first is _CLOSED:
            self._queue.put_nowait(_CLOSED)
            raise TransportClosed(f"{self.name} is closed")
        out: list[DeviceEvent] = [first]
        while not self._queue.empty():
            item = self._queue.get_nowait()
            if isinstance(item, _Mark):
                self._held.append(item.token)
                continue
            if item is _CLOSED:
                self._queue.put_nowait(_CLOSED)
                break
            self._events -= 1
            out.append(item)
        return out

    def pending(self) -> list[DeviceEvent]:
        """Every event queued so far, without waiting; they count as handled at the next call."""
        self._release()
        out: list[DeviceEvent] = []
        while not self._queue.empty():
            ev = self._queue.get_nowait()
            if isinstance(ev, _Mark):
                if out:
                    self._held.append(ev.token)
                else:
                    self._commit(ev.token)  # everything before it was handled before this call
                continue
            if ev is _CLOSED:
                self._queue.put_nowait(_CLOSED)
                break
            self._events -= 1
            out.append(ev)
        self._busy = bool(out)
        return out
