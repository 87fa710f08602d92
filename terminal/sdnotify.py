"""systemd readiness and watchdog (sd_notify(3)) in a few lines, with no extra dependency.

The terminal runs as a ``Type=notify`` service with ``WatchdogSec=``. It sends ``READY=1`` once the
table is up, ``STATUS=…`` lines an operator sees in ``systemctl status``, and ``WATCHDOG=1`` from the
asyncio event loop itself: if the loop hangs, the pings stop and systemd restarts the service.
Outside systemd (no ``NOTIFY_SOCKET``) every call is a no-op.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
from collections.abc import AsyncIterator, Callable, Mapping


class SdNotifier:
    """Sends notifications to the socket named in ``NOTIFY_SOCKET`` (``@`` = abstract namespace)."""

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        env = os.environ if environ is None else environ
        self._address = env.get("NOTIFY_SOCKET") or None
        self._sock: socket.socket | None = None
        self.watchdog_usec = _watchdog_usec(env)

    @property
    def enabled(self) -> bool:
        """True when running under systemd with a notification socket."""
        return self._address is not None

    def send(self, *fields: str) -> bool:
        """Send ``KEY=VALUE`` fields in one datagram. Returns False (never raises) if it could not be sent.

        A lost notification must never take the table down: systemd will notice on its own if we are
        really gone.
        """
        if self._address is None:
            return False
        addr = "\0" + self._address[1:] if self._address.startswith("@") else self._address
        try:
            if self._sock is None:
                self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
            self._sock.sendto("\n".join(fields).encode(), addr)
        except OSError:
            return False
        return True

    def ready(self, status: str = "") -> bool:
        """Tell systemd start-up is complete."""
        return self.send("READY=1", *([f"STATUS={status}"] if status else []))

    def status(self, text: str) -> bool:
        """A one-line status for ``systemctl status``."""
        return self.send(f"STATUS={text}")

    def watchdog(self) -> bool:
        """One keep-alive ping."""
        return self.send("WATCHDOG=1")

    def stopping(self) -> bool:
        """Tell systemd we are shutting down on purpose."""
        return self.send("STOPPING=1")

    def close(self) -> None:
        """Close the socket."""
        if self._sock is not None:
            self._sock.close()
            self._sock = None


def _watchdog_usec(env: Mapping[str, str]) -> int | None:
    """``WATCHDOG_USEC`` if it is meant for this process (``WATCHDOG_PID`` absent or ours)."""
    raw = env.get("WATCHDOG_USEC")
    if not raw:
        return None
    pid = env.get("WATCHDOG_PID")
    if pid and pid.isdigit() and int(pid) != os.getpid():
        return None
    try:
        usec = int(raw)
    except ValueError:
        return None
    return usec if usec > 0 else None


async def watchdog_loop(notifier: SdNotifier, healthy: Callable[[], bool] = lambda: True) -> None:
    """Ping the watchdog at half its interval, from the event loop, while ``healthy()`` holds.

    Because the ping is a coroutine on the loop, a blocked loop sends nothing; an unhealthy table
    (``healthy()`` false, e.g. the journal cannot be written) stops pinging too, and systemd restarts us.
    """
    if notifier.watchdog_usec is None:
        return
    interval = notifier.watchdog_usec / 2 / 1_000_000
    while True:
        if healthy():
            notifier.watchdog()
        await asyncio.sleep(interval)


@contextlib.asynccontextmanager
async def supervised(
    notifier: SdNotifier | None = None, healthy: Callable[[], bool] = lambda: True
) -> AsyncIterator[SdNotifier]:
    """Run the watchdog task for the duration of the block; send STOPPING=1 when leaving it."""
    n = notifier or SdNotifier()
    task = asyncio.create_task(watchdog_loop(n, healthy), name="sd-watchdog")
    try:
        yield n
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        n.stopping()
        n.close()
