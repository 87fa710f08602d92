"""Stopping the console (issue 24 item 5): Ctrl+\\ and Ctrl+C ask for the maintenance PIN from any
screen and journal the stop; SIGTERM is a journaled clean stop that gives the terminal back; no PIN or
PIN hash reaches stderr, the journal or the screen.

The pty tests run the real ``dealer-terminal run`` as the systemd unit does: stdin and stdout a terminal
(here a pseudo-terminal), stderr a file (there, the system journal).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import select
import signal
import sqlite3
import struct
import subprocess
import sys
import termios
import textwrap
import time
from pathlib import Path

import pytest
from rich.traceback import Traceback

from terminal.commands.run import build_app
from terminal.config import load_config
from terminal.console.app import MAINTENANCE_STOP_EXIT, STOP_PURPOSE, DealerConsole, PinScreen
from terminal.journal import Journal
from terminal.roles import Access, Role, hash_pin

REPO = Path(__file__).resolve().parents[2]
ENTER_ALT, LEAVE_ALT, SHOW_CURSOR = b"\x1b[?1049h", b"\x1b[?1049l", b"\x1b[?25h"
F2, F3, ESC, CTRL_C, CTRL_BACKSLASH = b"\x1bOQ", b"\x1bOR", b"\x1b", b"\x03", b"\x1c"
#: Generous: only a guard against a hung child, never a measure of speed.
PATIENCE = 120.0


def write_config(tmp_path: Path, roles: dict[str, str], *, demo: bool) -> Path:
    f = tmp_path / "table.yaml"
    f.write_text(
        textwrap.dedent(
            f"""\
            table: {{game: paigow/capitol, seats: 7, limits: {{min_cents: 500, max_cents: 100000}}}}
            journal: {{path: {tmp_path / "j.sqlite3"}}}
            security: {{demo: {str(demo).lower()}}}
            """
        )
        + "roles:\n"
        + "".join(f"  {r}: {{pin_hash: '{h}'}}\n" for r, h in roles.items())
    )
    return f


def screen_text(data: bytes) -> str:
    """The text in terminal output, escape sequences removed (for failure messages)."""
    import re

    return re.sub(r"\x1b\[[0-9;?<>=]*[A-Za-z~]|\x1b[()][A-Z0-9]|\x1b[=>]", "", data.decode(errors="replace"))


_RUNNING: list[PtyRun] = []


@pytest.fixture(autouse=True)
def _no_console_outlives_its_test():
    """A test that fails half-way leaves its console running: stop it (and its session) at teardown."""
    yield
    while _RUNNING:
        run = _RUNNING.pop()
        if run.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(run.proc.pid, signal.SIGKILL)
            run.proc.wait(timeout=PATIENCE)
        if run.master >= 0:
            os.close(run.master)


class PtyRun:
    """``dealer-terminal run`` on a pseudo-terminal (stdin, stdout), stderr to a file."""

    def __init__(self, tmp_path: Path, *args: str) -> None:
        self.stderr_path = tmp_path / "stderr.txt"
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        env = {
            "PATH": os.environ.get("PATH", ""),
            "TERM": "xterm-256color",
            "PYTHONPATH": str(REPO),
            "DEALER_TERMINAL_STATE_DIR": str(tmp_path),
        }
        with self.stderr_path.open("wb") as err:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "terminal.cli", "run", *args],
                stdin=slave,
                stdout=slave,
                stderr=err,
                env=env,
                start_new_session=True,
            )
        os.close(slave)
        self.master = master
        self.out = b""
        _RUNNING.append(self)

    def read_until(self, needle: bytes, since: int = 0) -> int:
        """Read the screen until ``needle`` appears after offset ``since``; its offset."""
        deadline = time.monotonic() + PATIENCE
        while needle not in self.out[since:]:
            assert time.monotonic() < deadline, (
                f"no {needle!r} on the screen: {screen_text(self.out[since:])[-600:]}"
            )
            ready, _, _ = select.select([self.master], [], [], PATIENCE)
            assert ready, f"no {needle!r} on the screen; stderr: {self.stderr_path.read_text()[-500:]}"
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                chunk = b""
            assert chunk, (
                f"the console ended before {needle!r}; stderr: {self.stderr_path.read_text()[-800:]}"
            )
            self.out += chunk
        return self.out.index(needle, since)

    def send(self, data: bytes) -> None:
        os.write(self.master, data)

    def finish(self) -> int:
        """Read to the end of the output; the exit status."""
        while True:
            ready, _, _ = select.select([self.master], [], [], PATIENCE)
            if not ready:
                break
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                break
            if not chunk:
                break
            self.out += chunk
        code = self.proc.wait(timeout=PATIENCE)
        os.close(self.master)
        self.master = -1  # closed: teardown must not close the number again (another file may hold it)
        return code


def journal_payloads(path: Path, kind: str) -> list[dict]:
    j = Journal(path)
    try:
        return [e.payload for e in j.entries(kind=kind)]
    finally:
        j.close()


def test_sigterm_restores_the_terminal_and_is_journaled_as_a_stop(tmp_path):
    cfg = write_config(tmp_path, {"maintenance": hash_pin("86420975", n=2**8)}, demo=True)
    run = PtyRun(tmp_path, "--config", str(cfg))
    run.read_until(ENTER_ALT)
    run.read_until(b"Capitol")  # the dealer screen is drawn: the app is mounted, its handlers in place
    mark = len(run.out)
    run.proc.send_signal(signal.SIGTERM)
    assert run.finish() == 0
    after = run.out[mark:]
    assert LEAVE_ALT in after and SHOW_CURSOR in after.split(LEAVE_ALT, 1)[1]
    assert journal_payloads(tmp_path / "j.sqlite3", "console.stop") == [
        {"how": "signal", "signal": "SIGTERM", "by": "system"}
    ]
    assert run.stderr_path.read_bytes() == b""  # the screen went to the terminal, not to stderr


def journal_kinds(path: Path) -> list[str]:
    """The kinds in the running console's journal, read through a read-only connection."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return [k for (k,) in db.execute("SELECT kind FROM journal ORDER BY seq")]
    finally:
        db.close()


def wait_journal(path: Path, kind: str, count: int) -> None:
    """Until the running console has journaled ``count`` entries of ``kind`` (a step taken)."""
    deadline = time.monotonic() + PATIENCE
    while journal_kinds(path).count(kind) < count:
        assert time.monotonic() < deadline, f"{kind} x{count} never journaled: {journal_kinds(path)[-12:]}"
        time.sleep(0.05)


def test_no_pin_or_hash_reaches_stderr_the_journal_or_the_screen(tmp_path):
    """Right, wrong and locked-out PINs typed into the real console: none of them, and none of the stored
    hashes, is in stderr (the system journal under systemd), the table's journal files or the screen."""
    pins = {"technician": "57319864", "maintenance": "86420975"}
    hashes = {r: hash_pin(p) for r, p in pins.items()}  # a real table's hashes: the fixed parameters
    wrong = ["11235813", "31415926", "27182818", "14142135", "17320508", "22360679"]
    cfg = write_config(tmp_path, hashes, demo=False)
    jpath = tmp_path / "j.sqlite3"
    run = PtyRun(tmp_path, "--config", str(cfg))
    run.read_until(b"Capitol")
    # Maintenance: one wrong PIN, then the right one; back to the dealer screen.
    run.send(F3)
    run.read_until(b"MAINTENANCE PIN")
    run.send(wrong[0].encode() + b"\r")
    wait_journal(jpath, "auth.failure", 1)
    run.send(pins["maintenance"].encode() + b"\r")
    wait_journal(jpath, "mode.change", 1)
    run.send(ESC)
    wait_journal(jpath, "auth.logout", 1)
    # Technician: five wrong PINs in a row (the login reset the count) lock; then the right one, refused.
    run.send(F2)
    run.read_until(b"TECHNICIAN PIN")
    for n, pin in enumerate(wrong[1:], start=2):
        run.send(pin.encode() + b"\r")
        wait_journal(jpath, "auth.failure", n)
    wait_journal(jpath, "auth.lockout", 1)
    run.send(pins["technician"].encode() + b"\r")
    wait_journal(jpath, "auth.refused", 1)
    run.send(ESC)
    run.read_until(b"technician mode not entered")
    # Ctrl+\ asks for the maintenance PIN even now; PIN entry is locked, so the console stays.
    run.send(CTRL_BACKSLASH)
    run.read_until(b"to stop the console")
    run.send(pins["maintenance"].encode() + b"\r")
    wait_journal(jpath, "auth.refused", 2)
    run.proc.send_signal(signal.SIGTERM)
    assert run.finish() == 0

    journal_path = tmp_path / "j.sqlite3"
    kinds = [e.kind for e in _entries(journal_path)]
    assert kinds.count("auth.failure") == 6 and kinds.count("auth.lockout") == 1
    assert kinds.count("auth.login") == 1 and kinds.count("auth.refused") == 2
    secrets = [*pins.values(), *wrong]
    for h in hashes.values():
        secrets += [h, *h.split("$")[4:]]  # the hash, and its salt and digest on their own
    places = {"stderr": run.stderr_path.read_bytes(), "screen": run.out}
    for f in sorted(tmp_path.iterdir()):
        if f.name.startswith("j.sqlite3") and f.is_file():
            places[f.name] = f.read_bytes()
    assert {"j.sqlite3", "j.sqlite3.anchor"} <= set(places)
    for where, data in places.items():
        for secret in secrets:
            assert secret.encode() not in data, f"{where} holds a PIN or a PIN hash"


def _entries(path: Path) -> list:
    j = Journal(path)
    try:
        return list(j.entries())
    finally:
        j.close()


def test_a_costly_pin_hash_is_refused_at_start_up_in_one_line(tmp_path):
    costly = "scrypt$1048576$8$1$c2FsdHNhbHRzYWx0c2FsdA==$" + "A" * 43 + "="
    cfg = write_config(tmp_path, {"floor": costly}, demo=True)
    run = PtyRun(tmp_path, "--config", str(cfg))
    assert run.finish() == 2
    err = run.stderr_path.read_text()
    assert err.count("\n") == 1 and "roles.floor.pin_hash" in err and "Traceback" not in err
    assert "c2FsdHNhbHRzYWx0c2FsdA" not in err + run.out.decode(errors="replace")


# -- the keys, driven by Pilot ---------------------------------------------------------------------------

PINS = {"floor": "1357", "technician": "8642", "maintenance": "9753"}


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_TERMINAL_STATE_DIR", str(tmp_path))
    roles = {r: hash_pin(p, n=2**8) for r, p in PINS.items()}
    return build_app(load_config(write_config(tmp_path, roles, demo=True), env={}))


def stop_dialog_open(app) -> bool:
    return isinstance(app.screen, PinScreen) and app.screen.purpose == STOP_PURPOSE


async def test_ctrl_q_does_nothing_and_ctrl_c_and_ctrl_backslash_ask_the_maintenance_pin(app):
    c = app.controller
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.is_running and not isinstance(app.screen, PinScreen)
        # From the dealer screen, the wager panel, the technician screen with an input focused, from
        # inside another PIN dialog and from the maintenance screen: each key opens the stop dialog, whose role is maintenance.
        for key, setup in (
            ("ctrl+backslash", ()),
            ("ctrl+c", ("w",)),
            ("ctrl+c", ("f2", *PINS["technician"], "enter", "click:#tech-decks")),
            ("ctrl+backslash", ("f3",)),
            ("ctrl+c", ("f3", *PINS["maintenance"], "enter", "wait:MaintenanceScreen")),
        ):
            for k in setup:
                if k.startswith("wait:"):
                    for _ in range(200):
                        if type(app.screen).__name__ == k.removeprefix("wait:"):
                            break
                        await pilot.pause(0.05)
                    assert type(app.screen).__name__ == k.removeprefix("wait:")
                elif k.startswith("click:"):
                    await pilot.click(k.removeprefix("click:"))
                else:
                    await pilot.press(k)
                await pilot.pause()
            await pilot.press(key)
            await pilot.pause()
            assert stop_dialog_open(app), (key, setup)
            assert app.screen.role is Role.MAINTENANCE
            await pilot.press(*PINS["technician"], "enter")  # the technician's PIN does not stop it
            await pilot.pause(0.2)
            assert stop_dialog_open(app) and app.is_running
            await pilot.press("escape")
            await pilot.pause()
            while len(app.screen_stack) > 1 or type(app.screen).__name__ != "DealerScreen":
                await pilot.press("escape")
                await pilot.pause()
        refused = [e.payload for e in c.journal.journal.entries(kind="console.stop.refused")]
        assert refused == [{"reason": "cancelled"}] * 5
        await pilot.press("ctrl+c")
        await pilot.pause()
        await pilot.press(*PINS["maintenance"], "enter")
        for _ in range(100):
            if not app.is_running:
                break
            await pilot.pause(0.05)
    assert app.return_code == MAINTENANCE_STOP_EXIT
    stops = [e.payload for e in c.journal.journal.entries(kind="console.stop")]
    assert stops == [{"how": "key", "by": "maintenance"}]
    c.close()


async def test_without_a_maintenance_pin_the_console_cannot_be_stopped_from_the_keyboard(tmp_path):
    class Quiet:
        def attach(self, publish):
            pass

        async def submit(self, inp):
            return None

    journal = Journal(tmp_path / "j.sqlite3")
    access = Access({"floor": hash_pin("1357", n=2**8)}, journal=journal)
    app = DealerConsole(Quiet(), access)
    async with app.run_test() as pilot:
        await pilot.press("ctrl+backslash")
        await pilot.pause()
        assert app.is_running and not isinstance(app.screen, PinScreen)
        assert "none is configured" in app.last_result
    assert [e.payload for e in journal.entries(kind="console.stop.refused")] == [
        {"reason": "no maintenance PIN configured"}
    ]
    journal.close()


async def test_a_crash_traceback_shows_no_local_variables():
    """Textual's own traceback lists each frame's locals; the console's does not (a PIN, a PIN hash or
    the journal key can be one)."""

    class Quiet:
        def attach(self, publish):
            pass

        async def submit(self, inp):
            return None

    app = DealerConsole(Quiet(), Access({}))
    async with app.run_test():
        secret_pin = "".join(reversed("57902468"))  # not in the source, which the traceback quotes
        try:
            raise RuntimeError("a bug")
        except RuntimeError:
            app._fatal_error()
            with_locals = _render(app, Traceback(show_locals=True))
        assert secret_pin  # a local of the failing frame
        text = "".join(seg.text for r in app._exit_renderables for seg in r.segments)
        app._exit_renderables.clear()  # printed by the test run otherwise
    assert "RuntimeError" in text and "a bug" in text
    assert "86420975" in with_locals  # what Textual's own traceback (show_locals=True) would print
    assert "86420975" not in text


def _render(app, renderable) -> str:
    return "".join(seg.text for seg in app.console.render(renderable, app.console.options))
