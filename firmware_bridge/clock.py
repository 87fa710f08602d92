"""Injectable clocks: the link and the drivers never read the wall clock directly.

:class:`MonotonicClock` is the real one. :class:`ManualClock` only moves when a test advances it, so
heartbeat, retransmit and long-press logic is tested without sleeping and without timing assertions.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import time
from typing import Protocol


class Clock(Protocol):
    """What the link, the drivers and the emulators need from a clock (seconds, monotonic)."""

    def now(self) -> float: ...

    async def sleep(self, seconds: float) -> None: ...

    async def wait(self, event: asyncio.Event, seconds: float) -> bool: ...


class MonotonicClock:
    """The process's monotonic clock and asyncio's sleep."""

    def now(self) -> float:
        """Seconds from an arbitrary start; never goes backwards."""
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        """Sleep on the event loop."""
        await asyncio.sleep(max(0.0, seconds))

    async def wait(self, event: asyncio.Event, seconds: float) -> bool:
        """Wait until ``event`` is set or ``seconds`` pass (one timer, no polling); True if set."""
        if not event.is_set():
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(max(0.0, seconds)):
                    await event.wait()
        return event.is_set()


class ManualClock:
    """A clock that stands still until :meth:`advance` moves it (for tests and replays)."""

    def __init__(self, start: float = 1000.0) -> None:
        self._now = start
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._ids = itertools.count()

    def now(self) -> float:
        """The current manual time."""
        return self._now

    async def sleep(self, seconds: float) -> None:
        """Wait until the clock has been advanced by ``seconds``."""
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self._now + max(0.0, seconds), next(self._ids), fut))
        await fut

    async def wait(self, event: asyncio.Event, seconds: float) -> bool:
        """Wait until ``event`` is set or the clock has been advanced by ``seconds``; True if set."""
        if event.is_set():
            return True
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self._now + max(0.0, seconds), next(self._ids), fut))
        waiter = asyncio.ensure_future(event.wait())
        try:
            await asyncio.wait({fut, waiter}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            waiter.cancel()
            if not fut.done():
                fut.cancel()
        return event.is_set()

    async def advance(self, seconds: float, *, step: float = 0.05, settle: int = 30) -> None:
        """Move time forward in steps of ``step``, waking due sleepers and letting the loop run."""
        target = self._now + seconds
        while True:
            self._now = min(target, self._now + step)
            while self._sleepers and self._sleepers[0][0] <= self._now:
                _, _, fut = heapq.heappop(self._sleepers)
                if not fut.done():
                    fut.set_result(None)
            await settle_loop(settle)
            if self._now >= target:
                return


async def settle_loop(rounds: int = 30) -> None:
    """Let the event loop run ``rounds`` times so queued callbacks and data flow complete."""
    for _ in range(rounds):
        await asyncio.sleep(0)
