"""Emulators in their own process on a pty (``python -m firmware_bridge.emulators``), for tests and
benchmarks: start, kill and restart one, with its non-volatile state kept in a file."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from firmware_bridge import control

ROOT = Path(__file__).resolve().parents[2]  # the checkout (python -m firmware_bridge.emulators runs from it)


class EmulatorProcess:
    """One emulated device in a child process, reachable at ``link`` (a symlink to its pty)."""

    def __init__(self, profile: str | Path, workdir: Path, *, profile_dir: Path | None = None) -> None:
        self.profile = str(profile)
        self.profile_dir = profile_dir
        self.link = workdir / "device"
        self.state = workdir / "nvram.json"
        self.control = workdir / "control.fifo"
        self.proc: subprocess.Popen[str] | None = None
        self.starts = 0

    def start(self, *, boot_id: int | None = None, timeout: float = 60.0) -> str:
        """Start the process; returns its ``ready`` line once it serves (bounded wait, generous)."""
        cmd = [sys.executable, "-m", "firmware_bridge.emulators", self.profile, "--link", str(self.link)]
        cmd += ["--state", str(self.state), "--control", str(self.control)]
        if self.profile_dir is not None:
            cmd += ["--dir", str(self.profile_dir)]
        if boot_id is not None:
            cmd += ["--boot-id", str(boot_id)]
        self.proc = subprocess.Popen(
            cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}
        )
        self.starts += 1
        deadline = time.monotonic() + timeout
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line.startswith("ready") or time.monotonic() > deadline:
            raise RuntimeError(f"emulator did not start: {line!r}")
        control.register(self.link, control.FifoControl(self.control))  # the host reaches it by its port
        return line.strip()

    def send(self, line: str) -> None:
        """A control line (``inject FAULT k=v …`` or ``unplug SECONDS``) to the running emulator."""
        fd = os.open(self.control, os.O_WRONLY | os.O_NONBLOCK)
        try:
            os.write(fd, (line.strip() + "\n").encode())
        finally:
            os.close(fd)

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """Kill the process (SIGKILL by default: a power cut) and wait for it."""
        control.unregister(self.link)
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(60)
        if self.proc is not None and self.proc.stdout is not None:
            self.proc.stdout.close()
        self.proc = None

    def __enter__(self) -> EmulatorProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        with contextlib.suppress(Exception):
            self.kill(signal.SIGTERM)


def acknowledged_numbers(state_file: Path) -> tuple[set[int], int]:
    """From an emulator's non-volatile state: the numbers of the events the host acknowledged (every
    number given out that is no longer waiting for an acknowledgement), and how many were given out."""
    import json

    from firmware_bridge.messages import decode_payload

    if not state_file.exists():
        return set(), 0
    data = json.loads(state_file.read_text(encoding="utf-8"))
    issued = int(data.get("number", 0))
    waiting = set()
    for type_, payload in data.get("pending", []):
        n = getattr(decode_payload(int(type_), bytes.fromhex(payload)), "number", 0)
        if n:
            waiting.add(n)
    return set(range(1, issued + 1)) - waiting, issued
