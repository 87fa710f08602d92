"""Floor staff logins: passwords stored only as scrypt hashes (the same ``scrypt$N$r$p$salt$hash`` form
and parameters as the tables' PINs, :mod:`terminal.roles`), sessions held by a random token whose SHA-256
alone is stored, a CSRF token per session that every form carries back, and a lockout after
``MAX_FAILURES`` wrong passwords in a row for a name.

Accounts are made by ``dealer-floor add-supervisor`` only: there is no default account or password.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from terminal.roles import DIGEST_BYTES, SALT_BYTES, SCRYPT_MAXMEM, SCRYPT_N, SCRYPT_P, SCRYPT_R, verify_pin

MIN_PASSWORD = 12
"""Characters a floor password needs at least (the page is reached over the room's network)."""
MAX_PASSWORD = 1024
MAX_FAILURES = 5
LOCKOUT = timedelta(minutes=5)
SESSION_LIFE = timedelta(hours=12)
"""A session lasts a long shift, then the supervisor logs in again."""
USERNAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789._-")

Query = Callable[[str, tuple[Any, ...]], Awaitable[list[dict[str, Any]]]]


class BadPassword(ValueError):
    """A password (or user name) that may not be set; the message says why."""


def check_username(name: str) -> None:
    """A user name is 1–64 lower-case letters, digits, ``.``, ``_`` or ``-``."""
    if not (1 <= len(name) <= 64 and set(name) <= USERNAME_CHARS):
        raise BadPassword("a user name is 1 to 64 of a-z 0-9 . _ -")


def hash_password(password: str, *, salt: bytes | None = None) -> str:
    """The stored form of ``password``: ``scrypt$N$r$p$salt$hash`` with a fresh salt."""
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise BadPassword(f"a floor password is {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    salt = os.urandom(SALT_BYTES) if salt is None else salt
    digest = hashlib.scrypt(
        password.encode(),
        salt=salt,
        n=SCRYPT_N,
        r=SCRYPT_R,
        p=SCRYPT_P,
        dklen=DIGEST_BYTES,
        maxmem=SCRYPT_MAXMEM,
    )
    b64 = base64.b64encode
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${b64(salt).decode()}${b64(digest).decode()}"


def verify_password(password: str, stored: str) -> bool:
    """True if ``password`` matches ``stored`` (constant time; never raises)."""
    return len(password) <= MAX_PASSWORD and verify_pin(password, stored)


def _sha(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


#: A hash no password matches, checked when the name is unknown so that a wrong name costs the same
#: scrypt as a wrong password (the answer's time does not say which names exist).
_NOBODY = hash_password("x" * MIN_PASSWORD, salt=b"\0" * SALT_BYTES)


@dataclass(frozen=True)
class Session:
    """A logged-in supervisor: who, and the CSRF token the session's forms carry."""

    username: str
    csrf: str
    token: str = ""


async def add_staff(query: Query, username: str, password: str, *, replace: bool = False) -> None:
    """Create (or, with ``replace``, reset the password of) a supervisor account."""
    check_username(username)
    stored = hash_password(password)
    if replace:
        await query(
            "INSERT INTO floor_staff (username, password_hash) VALUES (%s, %s) ON CONFLICT (username) DO UPDATE "
            "SET password_hash = EXCLUDED.password_hash, failures = 0, locked_until = NULL RETURNING username",
            (username, stored),
        )
        await query("DELETE FROM floor_session WHERE username = %s RETURNING username", (username,))
        return
    rows = await query(
        "INSERT INTO floor_staff (username, password_hash) VALUES (%s, %s) ON CONFLICT DO NOTHING RETURNING username",
        (username, stored),
    )
    if not rows:
        raise BadPassword(f"{username} already exists (use --replace to set a new password)")


async def login(query: Query, username: str, password: str, now: datetime) -> Session | str:
    """A new session if the password is right, else why not (one sentence that does not say whether
    the name exists)."""
    rows = await query(
        "SELECT password_hash, failures, locked_until FROM floor_staff WHERE username = %s", (username,)
    )
    row = rows[0] if rows else None
    ok = verify_password(password, row["password_hash"] if row else _NOBODY)
    if row is None:
        return "wrong user name or password"
    if row["locked_until"] is not None and row["locked_until"] > now:
        return f"too many wrong passwords: try again after {row['locked_until']:%H:%M:%S} UTC"
    if not ok:
        failures = int(row["failures"]) + 1
        locked = now + LOCKOUT if failures >= MAX_FAILURES else None
        await query(
            "UPDATE floor_staff SET failures = %s, locked_until = %s WHERE username = %s RETURNING username",
            (0 if locked else failures, locked, username),
        )
        return "wrong user name or password"
    await query(
        "UPDATE floor_staff SET failures = 0, locked_until = NULL WHERE username = %s RETURNING username",
        (username,),
    )
    token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    await query(
        "INSERT INTO floor_session (token_sha256, username, csrf, expires_at) VALUES (%s, %s, %s, %s) "
        "RETURNING username",
        (_sha(token), username, csrf, now + SESSION_LIFE),
    )
    return Session(username, csrf, token)


async def session_of(query: Query, token: str | None, now: datetime) -> Session | None:
    """The live session a cookie's token opens, or None."""
    if not token or len(token) > 100:
        return None
    rows = await query(
        "SELECT username, csrf FROM floor_session WHERE token_sha256 = %s AND expires_at > %s",
        (_sha(token), now),
    )
    return Session(rows[0]["username"], rows[0]["csrf"], token) if rows else None


async def logout(query: Query, token: str) -> None:
    """End the session (the token opens nothing any more)."""
    await query("DELETE FROM floor_session WHERE token_sha256 = %s RETURNING username", (_sha(token),))


def csrf_ok(expected: str, given: str | None) -> bool:
    """Whether a form's CSRF token is the session's (constant time)."""
    return bool(given) and hmac.compare_digest(expected.encode(), (given or "").encode())
