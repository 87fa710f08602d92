"""The service's entry point under systemd's notification protocol, over a real datagram socket.

`dealer-terminal run` (the console on a terminal, as the unit runs it on tty1) and
`dealer-terminal run --headless` both say READY=1 once the table is up and then ping WATCHDOG=1 from
their event loop. (That a blocked loop sends no ping is shown in tests/test_sdnotify.py.)
"""

from __future__ import annotations

import os
import pty
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

SCRIPT = Path(sys.executable).with_name("dealer-terminal")


def _messages(sock: socket.socket, until: str, count: int = 1, limit: int = 500) -> list[str]:
    """Read datagrams until ``until`` has been seen ``count`` times (socket timeout guards a hang)."""
    got: list[str] = []
    while got.count(until) < count and len(got) < limit:
        got.append(sock.recv(4096).decode())
    return got


@pytest.fixture
def notify(tmp_path: Path):
    path = tmp_path / "notify.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(60)
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("NOTIFY_", "WATCHDOG_", "DEALER_TERMINAL_", "TEXTUAL"))
    }
    env.update(
        NOTIFY_SOCKET=str(path),
        WATCHDOG_USEC="200000",  # ping every 0.1 s
        DEALER_TERMINAL_STATE_DIR=str(tmp_path / "state"),
    )
    yield sock, env
    sock.close()


def _stop(proc: subprocess.Popen[bytes]) -> int:
    proc.send_signal(signal.SIGTERM)
    try:
        return proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        return proc.wait()


def test_headless_entry_point_is_ready_then_pings_and_stops_cleanly(notify, tmp_path: Path) -> None:
    sock, env = notify
    proc = subprocess.Popen(
        [str(SCRIPT), "run", "--headless"],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        got = []
        while not any(m.startswith("READY=1") for m in got):
            got.append(sock.recv(4096).decode())
        assert not any(m == "WATCHDOG=1" for m in got), "pinged before it was ready"
        pings = _messages(sock, "WATCHDOG=1", 3)
        assert pings.count("WATCHDOG=1") == 3
    finally:
        rc = _stop(proc)
    err = proc.stderr.read().decode() if proc.stderr else ""
    assert rc == 0, err
    rest = []
    sock.settimeout(5)
    try:
        while "STOPPING=1" not in rest:
            rest.append(sock.recv(4096).decode())
    except TimeoutError:
        pass
    assert "STOPPING=1" in rest
    # what it journaled is intact
    journal = tmp_path / "state" / "demo-journal.sqlite3"  # config/tables/paigow.yaml, the demo table
    assert journal.exists()
    check = subprocess.run(
        [str(SCRIPT), "journal", "verify", str(journal)], capture_output=True, text=True, env=env
    )
    assert check.returncode == 0, check.stdout + check.stderr
    # the stop is journaled, with the signal that asked for it (issue 24 item 5)
    from terminal.journal import Journal

    with Journal(journal) as j:
        stops = [e.payload for e in j.entries(kind="console.stop")]
    assert stops[-1] == {"how": "signal", "signal": "SIGTERM", "by": "system"}


def test_console_entry_point_on_a_terminal_is_ready_then_pings(notify) -> None:
    sock, env = notify
    env.update(TERM="xterm-256color", COLUMNS="120", LINES="40")
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [str(SCRIPT), "run"], env=env, stdin=slave, stdout=slave, stderr=slave, start_new_session=True
    )
    os.close(slave)

    def drain() -> None:  # the console's screen output must go somewhere
        try:
            while os.read(master, 65536):
                pass
        except OSError:
            pass

    threading.Thread(target=drain, daemon=True).start()
    try:
        got: list[str] = []
        while not any(m.startswith("READY=1") for m in got):
            got.append(sock.recv(4096).decode())
        pings = _messages(sock, "WATCHDOG=1", 3)
        assert pings.count("WATCHDOG=1") == 3
        assert proc.poll() is None, "the console exited"
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        os.close(master)
