"""Running an emulator: over any byte transport on an asyncio loop, or on a pty in a thread.

Event-driven: the reader waits on the transport; the timer sleeps until the emulator's next deadline
(heartbeat, retransmission, the next scripted read) and is woken early only when something moves that
deadline (bytes received, an injected fault). No fixed-rate polling.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from pathlib import Path
from typing import Any

from firmware_bridge import control
from firmware_bridge.clock import Clock, MonotonicClock
from firmware_bridge.emulators import Emulator, build_emulator
from firmware_bridge.emulators.profile import Profile
from firmware_bridge.transport import ByteTransport, FdTransport, PtyPair, TransportClosed, open_pty


class EmulatorRunner:
    """Drives one :class:`Emulator` over a transport until :meth:`stop`."""

    def __init__(self, emulator: Emulator, transport: ByteTransport, clock: Clock | None = None) -> None:
        self.emulator = emulator
        self.transport = transport
        self.clock = clock or MonotonicClock()
        self._tasks: list[asyncio.Task[None]] = []
        self._wake = asyncio.Event()
        self._sleep_until = float("inf")

    def _flush(self) -> None:
        data = self.emulator.data_to_send(self.clock.now())
        if data:
            with contextlib.suppress(TransportClosed):
                self.transport.write(data)
        if self.emulator.next_deadline() < self._sleep_until:
            self._wake.set()

    def inject(self, fault: str, **params: object) -> None:
        """Inject ``fault`` now (see :meth:`Emulator.inject`) and act on it at once."""
        self.emulator.inject(fault, self.clock.now(), **params)
        self.kick()

    def kick(self) -> None:
        """Run the emulator's timers now (after something changed it from outside)."""
        self._wake.set()

    async def _reader(self) -> None:
        while True:
            try:
                data = await self.transport.read()
            except TransportClosed:
                return
            self.emulator.receive(data, self.clock.now())
            self._flush()

    async def _timer(self) -> None:
        while True:
            now = self.clock.now()
            self.emulator.poll(now)
            self._sleep_until = float("inf")
            self._flush()
            self._wake.clear()
            self._sleep_until = self.emulator.next_deadline()
            await self.clock.wait(self._wake, self._sleep_until - now)

    async def start(self) -> None:
        """Open the transport and start serving."""
        await self.transport.open()
        self._tasks = [asyncio.create_task(self._reader()), asyncio.create_task(self._timer())]

    async def stop(self) -> None:
        """Stop serving and close the transport."""
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await t
        await self.transport.close()


class PtyEmulator:
    """An emulator serving the master side of a pty from its own thread and event loop.

    The host opens :attr:`path` like any serial port. Used by the ``emu://`` URL handler, the
    end-to-end tests and the benchmark. While it serves, it is the emulator-control port
    (:class:`firmware_bridge.control.EmulatorControl`) registered for :attr:`path`.
    """

    def __init__(self, emulator: Emulator) -> None:
        self.emulator = emulator
        self.pty: PtyPair = open_pty()
        self.path = self.pty.path
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self.runner: EmulatorRunner | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"emulator {self.path}", daemon=True)

    def start(self) -> PtyEmulator:
        """Start the thread; returns once the emulator is serving."""
        self._thread.start()
        self._ready.wait(5.0)
        control.register(self.path, self)
        return self

    @property
    def on_demand(self) -> bool:
        """Whether the emulated device reads only when asked (an on-demand shoe)."""
        reads = getattr(self.emulator.profile, "reads", None)
        return bool(getattr(reads, "on_demand", False))

    def inject(self, fault: str) -> None:
        """The emulator-control port: inject ``fault`` now, on the emulator's own loop (thread-safe);
        an unknown fault name does nothing."""

        def act() -> None:
            with contextlib.suppress(ValueError):
                self.emulator.inject(fault, time.monotonic())

        self.call(act)

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        runner = EmulatorRunner(self.emulator, FdTransport(self.pty.master, self.path, close_fd=False))
        self.runner = runner
        await runner.start()
        self._ready.set()
        await self._stop.wait()
        await runner.stop()

    def call(self, fn: object, *args: object) -> None:
        """Run ``fn(*args)`` on the emulator's loop (thread-safe), then let the emulator act on it."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._call, fn, args)

    def _call(self, fn: Any, args: tuple[object, ...]) -> None:
        try:
            fn(*args)
        finally:
            if self.runner is not None:
                self.runner.kick()

    def stop(self) -> None:
        """Stop the thread and close the pty."""
        control.unregister(self.path, self)
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(5.0)
        self.pty.close()

    def __enter__(self) -> PtyEmulator:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def start_pty_emulator(
    profile: Profile | str | Path,
    *,
    profile_dir: str | Path | None = None,
    key_file: str | Path | None = None,
    nvram_file: str | Path | None = None,
) -> PtyEmulator:
    """Build the emulator for ``profile`` and serve it on a new pty; returns the started server."""
    emulator = build_emulator(
        profile, profile_dir=profile_dir, now=time.monotonic(), key_file=key_file, nvram_file=nvram_file
    )
    return PtyEmulator(emulator).start()
