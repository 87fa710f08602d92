"""Shared pieces of the floor pages' tests, benchmark and screenshot script (not a test module): a room
with real servers (PostgreSQL, Mosquitto, ``dealer-floor run`` serving the pages on loopback), tables
journaling realistic entries, a supervisor made with the real CLI, and a logged-in HTTP client."""

from __future__ import annotations

import http.cookiejar
import itertools
import os
import re
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import psycopg

from tests.floor.harness import ROOM, FloorProcess, Table, archived_seq, keys_dir, wait_for
from tests.floor.servers import Mosquitto, Postgres, free_port

SUPERVISOR = "sam.floor"
PASSWORD = "correct horse battery"

ALERT = {
    "code": "exposed_card",
    "severity": "stop",
    "ruling": "Misdeal: the round is void, wagers returned",
    "remedy": "call the floor; reshuffle",
    "cite": "seeds/capitol-paigow.md, Rule 33, L1180-1184",
    "clear_role": "floor",
    "message": "a card of the player-dealer's hand was exposed",
    "seat": 5,
}


def journal_round(
    t: Table, *, game: str, fee_cents: int, bank: int, corrected_from: int | None = None
) -> None:
    """One round at table ``t`` as the controller journals it: its start (player-dealer, bank), a card,
    and its settlement (twice when ``corrected_from`` says the first one had another fee)."""
    assert t.journal is not None
    if t.rounds == 0:
        t.journal.append("config", {"game": game, "fee_schedule": "five-percent", "seats": 7})
    t.rounds += 1
    t.journal.append_many(
        [
            ("round", {"type": "round_start", "player_dealer": 5, "bank": bank, "seats": [1, 5], "v": 1}),
            ("round", {"type": "card", "card": "As", "face_up": True, "v": 1}),
        ]
    )
    for fee in ([corrected_from] if corrected_from is not None else []) + [fee_cents]:
        t.journal.append("settlement", {"round": t.rounds, "fee_cents": fee, "bank_after": bank + 100})


class Room:
    """A room: PostgreSQL, a broker, ``dealer-floor run`` serving on ``self.url``, tables, a supervisor."""

    _dbs = itertools.count(1)

    def __init__(
        self, directory: Path, table_names: tuple[str, ...] = ("t1", "t2"), poll: float = 0.1
    ) -> None:
        self.dir = directory
        self.pg = Postgres()
        self.broker = Mosquitto()
        self.names = table_names
        self.poll = poll
        self.tables: list[Table] = []
        self.floor: FloorProcess | None = None
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.dsn = ""

    def __enter__(self) -> Room:
        self.pg.start()
        self.broker.start()
        name = f"pages_{next(self._dbs)}"
        with psycopg.connect(self.pg.dsn, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        self.dsn = self.pg.dsn.replace("dbname=postgres", f"dbname={name}")
        self.tables = [Table(self.dir, n, self.broker.port).open() for n in self.names]
        self.floor = FloorProcess(
            self.dsn, self.broker.port, keys_dir(self.dir, self.tables), self.dir / "floor.log",
            listen=f"127.0.0.1:{self.port}", extra=("--page-poll-seconds", str(self.poll)),
        )  # fmt: skip
        self.floor.start()
        wait_for("the floor's pages answer", lambda: _answers(self.url + "/login"))
        self.dealer_floor("add-supervisor", SUPERVISOR, "--password-stdin", stdin=PASSWORD + "\n")
        return self

    def __exit__(self, *exc: object) -> None:
        for t in self.tables:
            t.close()
        if self.floor is not None:
            self.floor.stop()
        self.broker.cleanup()
        self.pg.cleanup()

    def dealer_floor(self, *argv: str, stdin: str = "", ok: bool = True) -> subprocess.CompletedProcess[str]:
        """Run ``dealer-floor ARGV --dsn … --room …`` (the real CLI); with ``ok``, fails on a non-zero exit."""
        cmd, rest = argv[0], argv[1:]
        done = subprocess.run(
            [sys.executable, "-m", "floor.cli", cmd, "--dsn", self.dsn, "--room", ROOM, *rest],
            input=stdin, capture_output=True, text=True, timeout=300, env={**os.environ}, check=False,
        )  # fmt: skip
        assert done.returncode == 0 or not ok, done.stderr
        return done

    def table(self, name: str) -> Table:
        return next(t for t in self.tables if t.table == name)

    def wait_archived(self) -> None:
        """Until the floor archived every table's head."""
        for t in self.tables:
            wait_for(f"{t.table} archived", lambda t=t: archived_seq(self.dsn, t.table) >= t.head())  # type: ignore[misc]


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=10):
            return True
    except (urllib.error.URLError, OSError):
        return False


class Client:
    """An HTTP client with its own cookies (urllib), for what a browser is not needed for."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect())

    def request(
        self, path: str, form: dict[str, str] | None = None, headers: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        data = urllib.parse.urlencode(form).encode() if form is not None else None
        req = urllib.request.Request(self.base + path, data=data, headers=headers or {})
        try:
            with self.opener.open(req, timeout=120) as r:
                return r.status, dict(r.headers), r.read()
        except urllib.error.HTTPError as e:
            return e.code, dict(e.headers), e.read()

    def login(self, username: str = SUPERVISOR, password: str = PASSWORD) -> int:
        _, _, body = self.request("/login")
        token = re.search(rb'name="csrf" value="([^"]+)"', body)
        assert token is not None
        status, _, _ = self.request(
            "/login", {"csrf": token.group(1).decode(), "username": username, "password": password}
        )
        return status

    def csrf(self) -> str:
        """The session's CSRF token, as its pages carry it."""
        _, _, body = self.request("/")
        m = re.search(rb'name="csrf" value="([^"]+)"', body)
        assert m is not None
        return m.group(1).decode()

    def page(self, path: str) -> str:
        status, _, body = self.request(path)
        assert status == 200, (path, status, body[:300])
        return body.decode()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kw: Any) -> None:
        return None
