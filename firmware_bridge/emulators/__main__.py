"""An emulated device in its own process on a pty: ``python -m firmware_bridge.emulators PROFILE --link PATH``.

The emulator serves a fresh pseudo-terminal and points the symbolic link ``PATH`` at it (as udev points
``/dev/serial/by-id/…`` at a real device), so the host opens ``PATH`` like any serial port and finds the
device again after the process restarts. ``--state FILE`` is the device's non-volatile memory (message
counter, unacknowledged events, behaviour position): a restarted process resends what the host never
acknowledged and carries on where it stopped. Each start is a new boot with a fresh boot id, unless
``--boot-id`` gives one (to emulate firmware that repeats it). ``--control FIFO`` takes lines
``inject FAULT [key=value …]`` (any fault of ``Emulator.inject``) and ``unplug SECONDS`` (the pty goes
away and a new one comes, as a pulled and replugged cable). It prints ``ready PATH -> PTY`` once
serving and stops on SIGTERM or SIGINT. Exit status 2 with one line naming the file for a bad profile.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import sys
import time
from pathlib import Path

from firmware_bridge.emulators import EMULATORS
from firmware_bridge.emulators.base import Emulator, Nvram
from firmware_bridge.emulators.profile import ProfileError, load_profile
from firmware_bridge.emulators.runner import EmulatorRunner
from firmware_bridge.transport import FdTransport, PtyPair, open_pty


def _point(link: Path, target: str) -> None:
    tmp = link.with_name(f".{link.name}.{os.getpid()}")
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()
    tmp.symlink_to(target)
    os.replace(tmp, link)


def _value(text: str) -> object:
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.lower(), text)


class Server:
    """The emulator on a pty behind the link; ``unplug`` takes the pty away and brings a new one."""

    def __init__(self, emulator: Emulator, link: Path) -> None:
        self.emulator = emulator
        self.link = link
        self.runner: EmulatorRunner | None = None
        self.pty: PtyPair | None = None

    async def plug(self) -> None:
        """Serve a fresh pty and point the link at it."""
        self.pty = open_pty()
        self.runner = EmulatorRunner(
            self.emulator, FdTransport(self.pty.master, self.pty.path, close_fd=False)
        )
        await self.runner.start()
        _point(self.link, self.pty.path)

    async def unplug(self) -> None:
        """Close the pty (the host's port vanishes, as a pulled cable does)."""
        if self.runner is not None:
            await self.runner.stop()
            self.runner = None
        if self.pty is not None:
            self.pty.close()
            with contextlib.suppress(OSError):
                if os.readlink(self.link) == self.pty.path:
                    self.link.unlink()
            self.pty = None

    async def command(self, line: str) -> None:
        """One control line: ``inject FAULT [key=value …]`` or ``unplug SECONDS``."""
        words = line.split()
        if not words:
            return
        if words[0] == "inject" and len(words) >= 2 and self.runner is not None:
            params = dict(w.split("=", 1) for w in words[2:] if "=" in w)
            try:
                self.runner.inject(words[1], **{k: _value(v) for k, v in params.items()})
            except ValueError as exc:
                print(f"emulator: {exc}", file=sys.stderr, flush=True)
        elif words[0] == "unplug" and len(words) == 2:
            await self.unplug()
            await asyncio.sleep(float(words[1]))
            await self.plug()
        else:
            print(f"emulator: unknown control line {line!r}", file=sys.stderr, flush=True)


def _control(path: Path, server: Server) -> None:
    """Read control lines from the FIFO ``path`` (created if missing) on the running loop."""
    if not path.exists():
        os.mkfifo(path)
    fd = os.open(path, os.O_RDWR | os.O_NONBLOCK)  # read-write: never EOF when a writer closes
    loop = asyncio.get_running_loop()
    buf = bytearray()

    def readable() -> None:
        with contextlib.suppress(BlockingIOError):
            buf.extend(os.read(fd, 4096))
        while b"\n" in buf:
            line, _, rest = bytes(buf).partition(b"\n")
            buf[:] = rest
            asyncio.ensure_future(server.command(line.decode("utf-8", "replace")))

    loop.add_reader(fd, readable)


async def serve(args: argparse.Namespace) -> int:
    """Run the emulator until SIGTERM or SIGINT."""
    profile = load_profile(args.profile, args.dir)
    emulator = EMULATORS[profile.kind](
        profile,
        now=time.monotonic(),
        boot_id=args.boot_id,
        nvram=Nvram(args.state),
        key_file=args.key_file,
    )
    if args.pairing:
        emulator.inject("pairing", time.monotonic())
    server = Server(emulator, Path(args.link))
    await server.plug()
    if args.control:
        _control(Path(args.control), server)
    assert server.pty is not None
    print(f"ready {server.link} -> {server.pty.path} boot {emulator.link.boot_id:08x}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await server.unplug()
    return 0


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    p = argparse.ArgumentParser(
        prog="python -m firmware_bridge.emulators", description=__doc__.split("\n")[0]
    )
    p.add_argument("profile", help="profile name (looked up in --dir) or path to a profile YAML file")
    p.add_argument("--link", required=True, help="symbolic link to point at the emulator's pty")
    p.add_argument("--dir", default=None, help="directory of profiles (config/emulators)")
    p.add_argument("--state", default=None, help="the device's non-volatile memory (a JSON file)")
    p.add_argument("--key-file", default=None, help="where the device keeps its pairing key (0600)")
    p.add_argument("--pairing", action="store_true", help="boot in pairing mode (120 s)")
    p.add_argument("--control", default=None, help="FIFO of control lines (inject FAULT k=v; unplug S)")
    p.add_argument("--boot-id", type=lambda s: int(s, 0), default=None, help="fixed boot id (default: fresh)")
    args = p.parse_args(argv)
    try:
        return asyncio.run(serve(args))
    except ProfileError as exc:
        print(f"emulator: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
