"""Running an emulator: over any byte transport on an asyncio loop, or on a pty in a thread."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from pathlib import Path

from firmware_bridge.clock import Clock, MonotonicClock
from firmware_bridge.emulators import Emulator, build_emulator
from firmware_bridge.emulators.profile import Profile
from firmware_bridge.transport import ByteTransport, FdTransport, PtyPair, TransportClosed, open_pty

#: Longest the runner sleeps between timer checks (seconds); deadlines can move earlier meanwhile.
TICK = 0.05


class EmulatorRunner:
    """Drives one :class:`Emulator` over a transport until :meth:`stop`."""

    def __init__(self, emulator: Emulator, transport: ByteTransport, clock: Clock | None = None) -> None:
        self.emulator = emulator
        self.transport = transport
        self.clock = clock or MonotonicClock()
        self._tasks: list[asyncio.Task[None]] = []

    def _flush(self) -> None:
        data = self.emulator.data_to_send(self.clock.now())
        if data:
            with contextlib.suppress(TransportClosed):
                self.transport.write(data)

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
            self._flush()
            wait = min(self.emulator.next_deadline() - now, TICK)
            await self.clock.sleep(max(wait, 0.0005))

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
    end-to-end tests and the benchmark.
    """

    def __init__(self, emulator: Emulator) -> None:
        self.emulator = emulator
        self.pty: PtyPair = open_pty()
        self.path = self.pty.path
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"emulator {self.path}", daemon=True)

    def start(self) -> PtyEmulator:
        """Start the thread; returns once the emulator is serving."""
        self._thread.start()
        self._ready.wait(5.0)
        return self

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        runner = EmulatorRunner(self.emulator, FdTransport(self.pty.master, self.path, close_fd=False))
        await runner.start()
        self._ready.set()
        await self._stop.wait()
        await runner.stop()

    def call(self, fn: object, *args: object) -> None:
        """Run ``fn(*args)`` on the emulator's loop (thread-safe)."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(fn, *args)  # type: ignore[arg-type]

    def stop(self) -> None:
        """Stop the thread and close the pty."""
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(5.0)
        self.pty.close()

    def __enter__(self) -> PtyEmulator:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def start_pty_emulator(
    profile: Profile | str | Path, *, profile_dir: str | Path | None = None
) -> PtyEmulator:
    """Build the emulator for ``profile`` and serve it on a new pty; returns the started server."""
    return PtyEmulator(build_emulator(profile, profile_dir=profile_dir)).start()
