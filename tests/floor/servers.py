"""Throwaway Mosquitto and PostgreSQL servers for the floor tests: each in a temporary directory, on a
free loopback port, started and stopped (or killed) by the test.

PostgreSQL is created with ``initdb`` and run with ``pg_ctl`` (as pytest-postgresql does). Neither
server should run as root — PostgreSQL refuses to — so under root (CI) the directory is given to an
unprivileged account (``postgres``/``mosquitto`` from the OS packages, else ``nobody``) and the servers
run as it. ``tools/os-packages.sh`` (called by ``make test``) installs both packages when missing.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

_SBIN = ("/usr/sbin", "/usr/local/sbin", "/sbin")


def free_port() -> int:
    """A TCP port nobody listens on at the moment, on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def find_program(name: str) -> str | None:
    """``name`` on PATH, in an sbin folder, or in PostgreSQL's versioned bin folder."""
    found = shutil.which(name) or shutil.which(name, path=os.pathsep.join(_SBIN))
    if found:
        return found
    versioned = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return versioned[-1] if versioned else None


def _account(preferred: str) -> pwd.struct_passwd | None:
    """The unprivileged account to run a server as under root; None when not root."""
    if os.geteuid() != 0:
        return None
    for name in (preferred, "nobody"):
        with contextlib.suppress(KeyError):
            return pwd.getpwnam(name)
    raise RuntimeError(f"running as root and neither {preferred!r} nor 'nobody' exists to run the server as")


def _own_dir(prefix: str, account: pwd.struct_passwd | None) -> Path:
    path = Path(tempfile.mkdtemp(prefix=prefix))
    if account is not None:
        os.chown(path, account.pw_uid, account.pw_gid)
    return path


def _wait_port(
    port: int, proc: subprocess.Popen[bytes] | None, what: str, log: Path, bound: float = 60
) -> None:
    """Until something accepts on ``port`` (generous bound: a loaded machine is slow, never a failure)."""
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(
                f"{what} exited with {proc.returncode}: {log.read_text(errors='replace')[-2000:]}"
            )
        with socket.socket() as s:
            s.settimeout(1)
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(
        f"{what} did not listen on port {port} within {bound}s: {log.read_text(errors='replace')[-2000:]}"
    )


class Mosquitto:
    """A Mosquitto broker with persistence, on a loopback port. ``conf_extra`` adds config lines (the
    security tests give it a password file and ACLs)."""

    def __init__(self, conf_extra: str = "", files: dict[str, str] | None = None) -> None:
        exe = find_program("mosquitto")
        if exe is None:
            raise RuntimeError("mosquitto is not installed (make test installs it: tools/os-packages.sh)")
        self.exe = exe
        self.account = _account("mosquitto")
        self.dir = _own_dir("mosq-", self.account)
        self.port = free_port()
        for name, text in (files or {}).items():
            p = self.dir / name
            p.write_text(text)
            p.chmod(0o600)
            if self.account is not None:
                os.chown(p, self.account.pw_uid, self.account.pw_gid)
        if "passwd" in (files or {}):  # plain "user:password" lines, hashed in place as the docs say
            passwd = find_program("mosquitto_passwd") or "mosquitto_passwd"
            subprocess.run([passwd, "-U", str(self.dir / "passwd")], check=True, capture_output=True)
            if self.account is not None:
                os.chown(self.dir / "passwd", self.account.pw_uid, self.account.pw_gid)
        lines = [
            f"listener {self.port} 127.0.0.1",
            "persistence true",
            f"persistence_location {self.dir}/",
            # Saved every second, as deploy/mosquitto/mosquitto-floor.conf: a killed broker loses at most
            # that second (the floor's archived mark makes the tables resend it).
            "autosave_interval 1",
            "max_queued_messages 0",
            "max_inflight_messages 100",
            "log_dest stderr",
            "log_type error",
            "log_type warning",
        ]
        if self.account is not None:
            lines.append(f"user {self.account.pw_name}")
        if "allow_anonymous" not in conf_extra:
            lines.append("allow_anonymous true")
        self.conf = self.dir / "mosquitto.conf"
        self.conf.write_text("\n".join(lines) + "\n" + conf_extra.replace("{dir}", str(self.dir)))
        self.log = self.dir / "mosquitto.log"
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    def start(self) -> None:
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen([self.exe, "-c", str(self.conf)], stdout=log, stderr=log)
        _wait_port(self.port, self.proc, "mosquitto", self.log)

    def kill(self) -> None:
        """SIGKILL: the broker dies mid-flight, as on a power cut."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=30)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=30)
        self.proc = None

    def cleanup(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


class Postgres:
    """A PostgreSQL cluster made with ``initdb`` and run with ``pg_ctl`` on a loopback port (trust auth:
    it listens on 127.0.0.1 only, for the test's lifetime)."""

    def __init__(self) -> None:
        initdb, pg_ctl = find_program("initdb"), find_program("pg_ctl")
        if initdb is None or pg_ctl is None:
            raise RuntimeError("PostgreSQL is not installed (make test installs it: tools/os-packages.sh)")
        self.pg_ctl = pg_ctl
        self.account = _account("postgres")
        self.dir = _own_dir("pg-", self.account)
        self.data = self.dir / "data"
        self.port = free_port()
        self.log = self.dir / "postgres.log"
        self.user = "floor"
        self._run([initdb, "-D", str(self.data), "-U", self.user, "-A", "trust", "-E", "UTF8", "--no-sync"])

    def _run(self, argv: list[str]) -> None:
        kwargs: dict[str, object] = {}
        if self.account is not None:
            kwargs = {"user": self.account.pw_uid, "group": self.account.pw_gid, "extra_groups": []}
        out = subprocess.run(argv, capture_output=True, cwd=self.dir, check=False, **kwargs)  # type: ignore[call-overload]
        if out.returncode != 0:
            raise RuntimeError(f"{' '.join(argv)} failed: {out.stderr.decode(errors='replace')[-2000:]}")

    @property
    def dsn(self) -> str:
        return f"host=127.0.0.1 port={self.port} user={self.user} dbname=postgres"

    def start(self) -> None:
        opts = (
            f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.dir} -c fsync=off -c max_connections=40"
        )
        self._run(
            [self.pg_ctl, "-D", str(self.data), "-l", str(self.log), "-o", opts, "-w", "-t", "120", "start"]
        )
        _wait_port(self.port, None, "postgres", self.log)

    def stop(self) -> None:
        with contextlib.suppress(RuntimeError):
            self._run([self.pg_ctl, "-D", str(self.data), "-m", "fast", "-w", "-t", "120", "stop"])

    def cleanup(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)
