"""The frame fan-out: every frame each device sends or is sent goes, once, to every listener.

Like python-can's ``Notifier`` and its ``Listener``s: the transport of each device is wrapped once
(:class:`TappedTransport`) and hands the bytes it reads and writes to one :class:`FrameFanout`, which
decodes them into frames per device and direction and calls every listener in turn — the maintenance
screen's frame monitor, diagnostics counters, a capture for a support bundle. A listener that raises is
logged and dropped from nothing else: the device keeps running and the other listeners keep hearing.
Nothing is monkey-patched onto a transport.
"""

from __future__ import annotations

import logging
from collections import Counter
from typing import Any, Protocol

from firmware_bridge.framer import Frame, FrameDecoder, FrameError
from firmware_bridge.transport import ByteTransport

log = logging.getLogger("devices")

#: ``"in"``: from the device; ``"out"``: to the device.
Direction = str


class FrameListener(Protocol):
    """Hears every frame of every device: a decoded :class:`Frame`, or the :class:`FrameError` of
    bytes that are not one. A listener may have a ``listening`` attribute: while it is False the
    listener is skipped (and, if no listener is listening, the bytes are not even decoded)."""

    def on_frame(self, device: str, direction: Direction, item: Frame | FrameError) -> None: ...


class FrameFanout:
    """One fan-out per table: decoders per device and direction, and the listeners."""

    def __init__(self, *listeners: FrameListener) -> None:
        self.listeners: list[FrameListener] = list(listeners)
        self._decoders: dict[tuple[str, Direction], FrameDecoder] = {}

    def add(self, listener: FrameListener) -> None:
        """Start telling ``listener`` every frame."""
        self.listeners.append(listener)

    def remove(self, listener: FrameListener) -> None:
        """Stop telling ``listener``."""
        if listener in self.listeners:
            self.listeners.remove(listener)

    def reset(self, device: str) -> None:
        """Forget half-received bytes of ``device`` (its port was reopened)."""
        for direction in ("in", "out"):
            self._decoders.pop((device, direction), None)

    def feed(self, device: str, direction: Direction, data: bytes) -> None:
        """Bytes seen on ``device``'s port: decode and tell every listener each frame."""
        listening = [x for x in self.listeners if getattr(x, "listening", True)]
        if not data or not listening:
            self._decoders.pop((device, direction), None)  # a listener joining later starts afresh
            return
        decoder = self._decoders.setdefault((device, direction), FrameDecoder())
        for item in decoder.feed(data):
            for listener in listening:
                try:
                    listener.on_frame(device, direction, item)
                except Exception:  # noqa: BLE001 - a listener never stops a device
                    log.exception("frame listener %r failed on %s", listener, device)

    def tap(self, device: str, transport: ByteTransport) -> TappedTransport:
        """``transport`` with its traffic fed to this fan-out as ``device``'s."""
        self.reset(device)
        return TappedTransport(transport, device, self)


class TappedTransport:
    """A byte transport that tells a :class:`FrameFanout` what it reads and writes; everything else is
    the wrapped transport's (its name, its port, its emulator-control port)."""

    def __init__(self, inner: ByteTransport, device: str, fanout: FrameFanout) -> None:
        self.inner = inner
        self.device = device
        self.fanout = fanout
        self.name = inner.name

    def __getattr__(self, attr: str) -> Any:
        return getattr(self.inner, attr)  # serial, url … of the wrapped transport

    async def open(self) -> None:
        """Open the wrapped transport."""
        self.fanout.reset(self.device)
        await self.inner.open()

    async def read(self) -> bytes:
        """Bytes from the device (told to the listeners)."""
        data = await self.inner.read()
        self.fanout.feed(self.device, "in", data)
        return data

    def write(self, data: bytes) -> None:
        """Bytes to the device (told to the listeners once written)."""
        self.inner.write(data)
        self.fanout.feed(self.device, "out", data)

    async def close(self) -> None:
        """Close the wrapped transport."""
        await self.inner.close()


class FrameCounter:
    """A diagnostics listener: frames and framing errors per device and direction."""

    def __init__(self) -> None:
        self.frames: Counter[tuple[str, Direction]] = Counter()
        self.errors: Counter[tuple[str, Direction]] = Counter()

    def on_frame(self, device: str, direction: Direction, item: Frame | FrameError) -> None:
        """Count ``item``."""
        (self.errors if isinstance(item, FrameError) else self.frames)[(device, direction)] += 1
