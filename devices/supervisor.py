"""The device supervisor: one :class:`asyncio.TaskGroup` per table, one task per device, restarts with
backoff, and nothing left running once it stops.

Every driver implements :class:`Driver` (the serial drivers of :mod:`devices.driver` and the GPIO
panel). The supervisor opens each configured device through ``connect`` (an async context manager that
yields a started driver), takes the events that arrived together (``next_events``) and hands them to the
table's :class:`Intake`, which commits them before it returns — so the device's frames are acknowledged
only once they are durable (``devices.eventqueue``). A device whose driver raises, whose port cannot be
opened or whose events end is closed, reported to the intake (an alert naming the device) and opened
again after a backoff; the other devices and the console never notice. Cancelling :meth:`run` cancels
every device task and returns only once each has closed its port.

A technician's action on one device (pairing, moving it to another port) goes through :meth:`paused`
and :meth:`restart`, which stop and start that device's task inside the same group.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from devices.events import DeviceEvent, DeviceIdentity
from firmware_bridge.transport import TransportClosed

log = logging.getLogger("devices")


@runtime_checkable
class Driver(Protocol):
    """What every device driver offers the terminal, whatever its kind and wire."""

    name: str

    async def start(self, *, handshake_timeout: float = 5.0) -> DeviceIdentity:
        """Open the port and handshake."""
        ...

    async def close(self) -> None:
        """Stop, close the port, end the events."""
        ...

    def events(self) -> AsyncIterator[DeviceEvent]:
        """Every event in order until closed (each acknowledged when the reader comes back)."""
        ...

    async def next_events(self) -> list[DeviceEvent]:
        """Every event that arrived together (at least one); acknowledged at the next call."""
        ...

    def acknowledge_restart(self) -> None:
        """The terminal has dealt with a DEVICE_RESTARTED; commands are accepted again."""
        ...


class Intake(Protocol):
    """The table side of the supervisor (the controller's device intake)."""

    async def device_opened(self, name: str, driver: Driver) -> None:
        """``driver`` is started and is ``name``'s until it closes."""
        ...

    async def device_events(self, name: str, events: list[DeviceEvent]) -> None:
        """Commit ``events`` (they arrived together); the device is acknowledged once this returns."""
        ...

    async def device_failed(
        self, name: str, error: BaseException, retry_in: float, *, was_open: bool
    ) -> None:
        """``name`` stopped with ``error`` (``was_open``: after it had been opened, else while opening)
        and is opened again in ``retry_in`` seconds (an alert)."""
        ...


@dataclass(frozen=True)
class Backoff:
    """Seconds before the n-th consecutive retry: ``first * factor**n``, at most ``cap``."""

    first: float = 1.0
    factor: float = 2.0
    cap: float = 30.0

    def delay(self, attempt: int) -> float:
        """The wait before retry number ``attempt`` (0 = the first)."""
        return float(min(self.cap, self.first * self.factor ** min(attempt, 32)))


Connect = Callable[[str], AbstractAsyncContextManager[Driver]]


class DeviceSupervisor:
    """Runs each named device in its own task of one task group, until cancelled."""

    def __init__(
        self,
        names: Iterable[str],
        connect: Connect,
        intake: Intake,
        *,
        backoff: Backoff | None = None,
        sleep: Callable[[float], Any] = asyncio.sleep,
    ) -> None:
        self.names = list(names)
        self.connect = connect
        self.intake = intake
        self.backoff = backoff or Backoff()
        self._sleep = sleep
        self.drivers: dict[str, Driver] = {}
        #: Per device: how many times it was opened and how many times it failed (diagnostics, tests).
        self.opened: dict[str, int] = dict.fromkeys(self.names, 0)
        self.failures: dict[str, int] = dict.fromkeys(self.names, 0)
        self._group: asyncio.TaskGroup | None = None
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._served: dict[str, bool] = {}  # it handled events since it was last opened
        self._open: dict[str, bool] = {}  # it was opened (the last failure came after that)

    @property
    def running(self) -> bool:
        """Whether :meth:`run` is under way."""
        return self._group is not None

    def task_of(self, name: str) -> asyncio.Task[None] | None:
        """The task running ``name`` now, if any."""
        return self._tasks.get(name)

    async def run(self) -> None:
        """Run every device until cancelled; returns (by raising CancelledError) only once every device
        task has finished and closed its port."""
        try:
            async with asyncio.TaskGroup() as group:
                self._group = group
                for name in self.names:
                    self._start(name)
                await asyncio.Future()  # until cancelled
        finally:
            self._group = None
            self._tasks.clear()

    def _start(self, name: str) -> None:
        assert self._group is not None
        if name not in self.names:
            self.names.append(name)
            self.opened.setdefault(name, 0)
            self.failures.setdefault(name, 0)
        self._tasks[name] = self._group.create_task(self._keep(name), name=f"device-{name}")

    async def _stop(self, name: str) -> bool:
        task = self._tasks.pop(name, None)
        if task is None:
            return False
        task.cancel()
        await asyncio.wait({task})  # never re-raises here: only this device's task was cancelled
        return True

    async def restart(self, name: str) -> None:
        """Close ``name`` and open it again now (its configuration changed, or a technician's retry); nothing
        if not running. Two restarts at once leave one task for the device, never two on one port."""
        await self._stop(name)
        if self._group is not None and name not in self._tasks:
            self._start(name)

    @contextlib.asynccontextmanager
    async def paused(self, name: str) -> AsyncIterator[bool]:
        """Close ``name`` (its port is free) for the body, then open it again; yields whether it was
        running."""
        was = await self._stop(name)
        try:
            yield was
        finally:
            if was and self._group is not None:
                self._start(name)

    async def _keep(self, name: str) -> None:
        attempt = 0
        while True:
            try:
                await self._serve(name)
                error: BaseException = TransportClosed(f"{name}: the device closed")
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - a device that fails is restarted, never fatal
                error = exc
            self.failures[name] = self.failures.get(name, 0) + 1
            if self._served.get(name):
                attempt = 0  # it ran: the next failure starts the backoff again
            delay = self.backoff.delay(attempt)
            attempt += 1
            log.warning("device %s stopped (%s); opening again in %.1f s", name, error, delay)
            try:
                await self.intake.device_failed(name, error, delay, was_open=self._open.get(name, False))
            except Exception:  # noqa: BLE001 - reporting a failure must not end the group
                log.exception("device %s: its failure could not be reported", name)
            await self._sleep(delay)

    async def _serve(self, name: str) -> None:
        self._served[name] = self._open[name] = False
        async with self.connect(name) as driver:
            self._open[name] = True
            self.opened[name] = self.opened.get(name, 0) + 1
            self.drivers[name] = driver
            try:
                await self.intake.device_opened(name, driver)
                while True:
                    try:
                        batch = await driver.next_events()
                    except TransportClosed:
                        return
                    await self.intake.device_events(name, batch)
                    self._served[name] = True
            finally:
                if self.drivers.get(name) is driver:
                    del self.drivers[name]
