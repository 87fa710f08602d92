"""Byte transports shared by drivers and emulators: the interface, an in-memory pair, a raw fd (pty).

A transport moves bytes and nothing else. The serial and USB transports live in
``devices.transports``; these two need only the standard library, so emulators can use them too.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import tty
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol


class TransportClosed(ConnectionError):
    """The transport is closed or the other end went away."""


class ByteTransport(Protocol):
    """Bytes in and out. ``read`` waits for at least one byte; ``write`` never blocks."""

    name: str

    async def open(self) -> None: ...

    async def read(self) -> bytes: ...

    def write(self, data: bytes) -> None: ...

    async def close(self) -> None: ...


class _Inbox:
    """A byte buffer with a wake-up event, filled by a producer, drained by ``read``."""

    def __init__(self) -> None:
        self.buf = bytearray()
        self.event = asyncio.Event()
        self.closed = False

    def put(self, data: bytes) -> None:
        if data and not self.closed:
            self.buf += data
            self.event.set()

    def close(self) -> None:
        self.closed = True
        self.event.set()

    async def get(self) -> bytes:
        while not self.buf:
            if self.closed:
                raise TransportClosed("transport closed")
            self.event.clear()
            await self.event.wait()
        data = bytes(self.buf)
        self.buf.clear()
        return data


class MemoryTransport:
    """One end of an in-memory null modem (see :func:`memory_pair`).

    ``manipulator``, if set, sees every chunk written by this end and returns what the other end
    receives (to split, merge or damage bytes in tests).
    """

    def __init__(self, name: str = "mem") -> None:
        self.name = name
        self.peer: MemoryTransport | None = None
        self.manipulator: Callable[[bytes], bytes] | None = None
        self._inbox: _Inbox | None = None
        self.bytes_written = 0

    def _box(self) -> _Inbox:
        if self._inbox is None:
            self._inbox = _Inbox()
        return self._inbox

    async def open(self) -> None:
        """Re-open after :meth:`close` (a reconnect)."""
        if self._inbox is not None and self._inbox.closed:
            self._inbox = _Inbox()

    async def read(self) -> bytes:
        """Wait for bytes written by the other end."""
        return await self._box().get()

    def write(self, data: bytes) -> None:
        """Deliver ``data`` to the other end (through the manipulator, if any)."""
        if self._inbox is not None and self._inbox.closed:
            raise TransportClosed(f"{self.name} is closed")
        if self.manipulator is not None:
            data = self.manipulator(bytes(data))
        self.bytes_written += len(data)
        if self.peer is not None:
            self.peer._box().put(bytes(data))

    async def close(self) -> None:
        """Close this end; a pending ``read`` raises :class:`TransportClosed`."""
        self._box().close()


def memory_pair(a: str = "host", b: str = "device") -> tuple[MemoryTransport, MemoryTransport]:
    """Two connected in-memory transports: what one writes, the other reads."""
    x, y = MemoryTransport(a), MemoryTransport(b)
    x.peer, y.peer = y, x
    return x, y


class FdTransport:
    """A transport over a non-blocking file descriptor on the running loop (a pty master)."""

    def __init__(self, fd: int, name: str = "fd", *, close_fd: bool = True) -> None:
        self.name = name
        self.fd = fd
        self._close_fd = close_fd
        self._inbox = _Inbox()
        self._pending = bytearray()
        self._loop: asyncio.AbstractEventLoop | None = None

    async def open(self) -> None:
        """Start watching the fd."""
        os.set_blocking(self.fd, False)
        self._loop = asyncio.get_running_loop()
        self._loop.add_reader(self.fd, self._readable)

    def _readable(self) -> None:
        try:
            data = os.read(self.fd, 65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._shutdown()
            return
        self._inbox.put(data)

    def _writable(self) -> None:
        try:
            n = os.write(self.fd, self._pending)
        except BlockingIOError:
            return
        except OSError:
            self._shutdown()
            return
        del self._pending[:n]
        if not self._pending and self._loop is not None:
            self._loop.remove_writer(self.fd)

    async def read(self) -> bytes:
        """Wait for bytes from the fd."""
        return await self._inbox.get()

    def write(self, data: bytes) -> None:
        """Write now if the fd takes it, else buffer and finish when it is writable."""
        if self._inbox.closed:
            raise TransportClosed(f"{self.name} is closed")
        if self._pending:
            self._pending += data
            return
        try:
            n = os.write(self.fd, data)
        except BlockingIOError:
            n = 0
        except OSError as exc:
            self._shutdown()
            raise TransportClosed(f"{self.name}: {exc}") from None
        if n < len(data):
            self._pending += data[n:]
            if self._loop is not None:
                self._loop.add_writer(self.fd, self._writable)

    def _shutdown(self) -> None:
        if self._loop is not None and not self._inbox.closed:
            self._loop.remove_reader(self.fd)
            self._loop.remove_writer(self.fd)
        self._inbox.close()

    async def close(self) -> None:
        """Stop watching; close the fd if this transport owns it."""
        self._shutdown()
        if self._close_fd:
            with contextlib.suppress(OSError):
                os.close(self.fd)


@dataclass
class PtyPair:
    """A pseudo-terminal: the device side uses ``master``; the host opens ``path`` as a serial port.

    ``slave`` is held open for the pair's lifetime so the master never reads EIO while the host has
    not yet opened (or has closed and is reopening) the path.
    """

    master: int
    slave: int
    path: str

    def close(self) -> None:
        """Close both ends."""
        for fd in (self.master, self.slave):
            with contextlib.suppress(OSError):
                os.close(fd)


def open_pty() -> PtyPair:
    """A new pseudo-terminal, both ends in raw mode (no echo, no line editing)."""
    master, slave = os.openpty()
    tty.setraw(slave)
    tty.setraw(master)
    return PtyPair(master, slave, os.ttyname(slave))
