"""sd_notify: READY, STATUS and WATCHDOG over a real datagram socket, pinged only from a live loop."""

from __future__ import annotations

import asyncio
import socket
import time
from pathlib import Path

import pytest

from terminal.sdnotify import SdNotifier, supervised, watchdog_loop


@pytest.fixture
def notify_socket(tmp_path: Path):
    path = tmp_path / "notify.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(5)
    yield path, sock
    sock.close()


def _drain(sock: socket.socket) -> list[str]:
    out = []
    sock.setblocking(False)
    try:
        while True:
            out.append(sock.recv(4096).decode())
    except BlockingIOError:
        pass
    finally:
        sock.setblocking(True)
    return out


def test_no_socket_means_no_op() -> None:
    n = SdNotifier(environ={})
    assert not n.enabled and n.ready() is False and n.watchdog_usec is None


def test_ready_and_status_arrive(notify_socket) -> None:
    path, sock = notify_socket
    n = SdNotifier(environ={"NOTIFY_SOCKET": str(path)})
    assert n.ready("table open") and n.status("dealing")
    assert sock.recv(4096).decode() == "READY=1\nSTATUS=table open"
    assert sock.recv(4096).decode() == "STATUS=dealing"


def test_watchdog_pid_for_another_process_is_ignored(notify_socket) -> None:
    path, _ = notify_socket
    n = SdNotifier(environ={"NOTIFY_SOCKET": str(path), "WATCHDOG_USEC": "1000000", "WATCHDOG_PID": "1"})
    assert n.watchdog_usec is None


async def test_watchdog_pings_from_the_loop_and_never_while_it_is_blocked(notify_socket) -> None:
    path, sock = notify_socket
    n = SdNotifier(environ={"NOTIFY_SOCKET": str(path), "WATCHDOG_USEC": "20000"})  # ping every 10 ms
    async with supervised(n):
        # let it ping a few times
        got: list[str] = []
        while got.count("WATCHDOG=1") < 3:
            await asyncio.sleep(0.01)
            got += _drain(sock)
        # block the loop: a marker before and after; nothing may be sent in between
        n.status("loop blocked")
        time.sleep(0.3)  # the event loop is stuck here, as a hung handler would be
        n.status("loop free")
        await asyncio.sleep(0.05)
    msgs = got + _drain(sock)
    start, end = msgs.index("STATUS=loop blocked"), msgs.index("STATUS=loop free")
    assert end == start + 1, msgs[start : end + 1]
    assert "WATCHDOG=1" in msgs[end + 1 :], "pings did not resume after the loop was freed"
    assert msgs[-1] == "STOPPING=1"


async def test_unhealthy_table_stops_pinging(notify_socket) -> None:
    path, sock = notify_socket
    n = SdNotifier(environ={"NOTIFY_SOCKET": str(path), "WATCHDOG_USEC": "20000"})
    healthy = True
    task = asyncio.create_task(watchdog_loop(n, lambda: healthy))
    while "WATCHDOG=1" not in _drain(sock):
        await asyncio.sleep(0.01)
    healthy = False
    await asyncio.sleep(0.03)
    _drain(sock)  # anything sent before the flag was seen
    n.status("marker")
    await asyncio.sleep(0.1)  # ten intervals
    task.cancel()
    after = _drain(sock)
    assert after[0] == "STATUS=marker" and "WATCHDOG=1" not in after
