"""An emulated device in its own process on a pty: ``python -m firmware_bridge.emulators PROFILE --link PATH``.

The emulator serves a fresh pseudo-terminal and points the symbolic link ``PATH`` at it (as udev points
``/dev/serial/by-id/…`` at a real device), so the host opens ``PATH`` like any serial port and finds the
device again after the process restarts. ``--state FILE`` is the device's non-volatile memory (message
counter, unacknowledged events, behaviour position): a restarted process resends what the host never
acknowledged and carries on where it stopped. Each start is a new boot with a fresh boot id, unless
``--boot-id`` gives one (to emulate firmware that repeats it). It prints ``ready PATH -> PTY`` once
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
from firmware_bridge.emulators.base import Nvram
from firmware_bridge.emulators.profile import ProfileError, load_profile
from firmware_bridge.emulators.runner import EmulatorRunner
from firmware_bridge.transport import FdTransport, open_pty


def _point(link: Path, target: str) -> None:
    tmp = link.with_name(f".{link.name}.{os.getpid()}")
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()
    tmp.symlink_to(target)
    os.replace(tmp, link)


async def serve(args: argparse.Namespace) -> int:
    """Run the emulator until SIGTERM or SIGINT."""
    profile = load_profile(args.profile, args.dir)
    emulator = EMULATORS[profile.kind](
        profile, now=time.monotonic(), boot_id=args.boot_id, nvram=Nvram(args.state)
    )
    pty = open_pty()
    runner = EmulatorRunner(emulator, FdTransport(pty.master, pty.path, close_fd=False))
    await runner.start()
    link = Path(args.link)
    _point(link, pty.path)
    print(f"ready {link} -> {pty.path} boot {emulator.link.boot_id:08x}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await runner.stop()
    pty.close()
    with contextlib.suppress(OSError):
        if os.readlink(link) == pty.path:
            link.unlink()
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
    p.add_argument("--boot-id", type=lambda s: int(s, 0), default=None, help="fixed boot id (default: fresh)")
    args = p.parse_args(argv)
    try:
        return asyncio.run(serve(args))
    except ProfileError as exc:
        print(f"emulator: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
