"""Roles and PINs: who may do what at the table, and the lockout after repeated wrong PINs.

Roles (docs/architecture.md §1, §7): the **dealer** (plays the table; clears dealer-level alerts), the **floor**
supervisor (rulings; clears floor alerts), the **technician** (devices and table setup) and
**maintenance** (diagnostics; the table is not live). PINs are stored only as scrypt hashes with a
per-PIN salt, in the form ``scrypt$N$r$p$<salt b64>$<hash b64>``; make one with :func:`hash_pin`
(``dealer-terminal config hash-pin`` prints one for a config file).

Five wrong PINs in a row, for any role, lock PIN entry at this terminal for ``lockout_seconds``
(someone guessing would try every role). Logins, failures, lockouts and mode changes are journaled —
never the PIN itself.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from terminal.errors import UserError
from terminal.journal import JournalSink


class Role(StrEnum):
    """A role at the table."""

    DEALER = "dealer"
    FLOOR = "floor"
    TECHNICIAN = "technician"
    MAINTENANCE = "maintenance"

    @classmethod
    def parse(cls, value: str) -> Role:
        """A role from its name; an unknown name is a UserError listing the known ones."""
        try:
            return cls(value)
        except ValueError:
            raise UserError(f"unknown role {value!r}; roles: {', '.join(r.value for r in cls)}") from None


class Mode(StrEnum):
    """A console mode (docs/architecture.md §6) and the roles that may enter it."""

    DEALER = "dealer"
    TECHNICIAN = "technician"
    MAINTENANCE = "maintenance"


# Who may enter each mode. The dealer screen needs no PIN (it is the table's default state).
MODE_ROLES: dict[Mode, frozenset[Role]] = {
    Mode.DEALER: frozenset(Role),
    Mode.TECHNICIAN: frozenset({Role.TECHNICIAN}),
    Mode.MAINTENANCE: frozenset({Role.MAINTENANCE, Role.TECHNICIAN}),
}

# Which roles may clear an alert that names ``clear_role``: the named role, or one above it.
# choice: a floor supervisor outranks the dealer at the table, so floor may clear dealer alerts; device
# faults name the technician, and only a technician (or maintenance) clears those.
CLEARS: dict[Role, frozenset[Role]] = {
    Role.DEALER: frozenset({Role.DEALER, Role.FLOOR}),
    Role.FLOOR: frozenset({Role.FLOOR}),
    Role.TECHNICIAN: frozenset({Role.TECHNICIAN, Role.MAINTENANCE}),
    Role.MAINTENANCE: frozenset({Role.MAINTENANCE}),
}

SCRYPT_N = 2**14
SCRYPT_R = 8
SCRYPT_P = 1
MAX_FAILURES = 5
LOCKOUT_SECONDS = 300.0
MIN_PIN_DIGITS = 4


class AccessDenied(UserError):
    """A wrong PIN, a role without a PIN configured, or a role not allowed to do this."""


class LockedOut(AccessDenied):
    """PIN entry is locked after too many failures; ``remaining`` seconds until it opens."""

    def __init__(self, remaining: float) -> None:
        super().__init__(f"PIN entry locked for {int(remaining + 0.999)} s after {MAX_FAILURES} wrong PINs")
        self.remaining = remaining


def hash_pin(
    pin: str, *, salt: bytes | None = None, n: int = SCRYPT_N, r: int = SCRYPT_R, p: int = SCRYPT_P
) -> str:
    """The stored form of ``pin``: ``scrypt$N$r$p$salt$hash`` with a fresh 16-byte salt."""
    check_pin_format(pin)
    salt = os.urandom(16) if salt is None else salt
    digest = hashlib.scrypt(pin.encode(), salt=salt, n=n, r=r, p=p, dklen=32, maxmem=64 * 1024 * 1024)
    b64 = base64.b64encode
    return f"scrypt${n}${r}${p}${b64(salt).decode()}${b64(digest).decode()}"


def check_pin_format(pin: str) -> None:
    """A PIN is 4 to 12 digits (entered on a keypad)."""
    if not (pin.isdigit() and pin.isascii() and MIN_PIN_DIGITS <= len(pin) <= 12):
        raise UserError(f"a PIN is {MIN_PIN_DIGITS} to 12 digits")


def parse_pin_hash(stored: str) -> tuple[int, int, int, bytes, bytes]:
    """The parts of a stored PIN hash; a malformed one is a ValueError saying what is wrong."""
    parts = stored.split("$")
    if len(parts) != 6 or parts[0] != "scrypt":
        raise ValueError("a PIN hash looks like scrypt$N$r$p$salt$hash (make one with `config hash-pin`)")
    try:
        n, r, p = int(parts[1]), int(parts[2]), int(parts[3])
        salt = base64.b64decode(parts[4], validate=True)
        digest = base64.b64decode(parts[5], validate=True)
    except ValueError:
        raise ValueError("a PIN hash has integer N, r, p and base64 salt and hash") from None
    if n < 2 or n & (n - 1) or r < 1 or p < 1:
        raise ValueError("scrypt N must be a power of two, r and p at least 1")
    if len(salt) < 8 or len(digest) < 16:
        raise ValueError("PIN hash salt or digest too short")
    return n, r, p, salt, digest


def verify_pin(pin: str, stored: str) -> bool:
    """True if ``pin`` matches the stored hash (constant-time comparison)."""
    n, r, p, salt, digest = parse_pin_hash(stored)
    got = hashlib.scrypt(pin.encode(), salt=salt, n=n, r=r, p=p, dklen=len(digest), maxmem=64 * 1024 * 1024)
    return hmac.compare_digest(got, digest)


@dataclass(frozen=True)
class Session:
    """Who is logged in at the console, and since when (monotonic seconds)."""

    role: Role
    since: float


class _NullJournal:
    def append(self, kind: str, payload: Mapping[str, Any]) -> Any:
        return None


class Access:
    """The terminal's PIN gate: logins, the lockout, the current mode, all journaled.

    ``pins`` maps each role to its stored hash (roles without one cannot log in). ``clock`` is a
    monotonic clock in seconds (injectable for tests); ``journal`` anything with ``append``.
    """

    def __init__(
        self,
        pins: Mapping[Role, str] | Mapping[str, str],
        *,
        journal: JournalSink | None = None,
        clock: Callable[[], float] = time.monotonic,
        max_failures: int = MAX_FAILURES,
        lockout_seconds: float = LOCKOUT_SECONDS,
    ) -> None:
        self._pins = {Role(k): v for k, v in pins.items()}
        for role, stored in self._pins.items():
            try:
                parse_pin_hash(stored)
            except ValueError as exc:
                raise UserError(f"roles.{role.value}.pin_hash: {exc}") from None
        self._journal: JournalSink = journal if journal is not None else _NullJournal()
        self._clock = clock
        self.max_failures = max_failures
        self.lockout_seconds = lockout_seconds
        self.failures = 0
        self.locked_until: float | None = None
        self.session: Session | None = None
        self.mode = Mode.DEALER

    def roles_with_pins(self) -> tuple[Role, ...]:
        """The roles that can log in here."""
        return tuple(r for r in Role if r in self._pins)

    def lock_remaining(self) -> float:
        """Seconds until PIN entry opens again (0 if it is open)."""
        if self.locked_until is None:
            return 0.0
        left = self.locked_until - self._clock()
        if left <= 0:
            self.locked_until = None
            self.failures = 0
            return 0.0
        return left

    def login(self, role: Role | str, pin: str) -> Session:
        """Check ``pin`` for ``role``; on success the role is logged in. Raises AccessDenied/LockedOut.

        While locked, no PIN is even checked (so a correct guess during the lockout teaches nothing).
        """
        role = Role.parse(role) if isinstance(role, str) else role
        remaining = self.lock_remaining()
        if remaining > 0:
            self._journal.append(
                "auth.refused", {"role": role.value, "reason": "locked", "remaining_s": round(remaining, 1)}
            )
            raise LockedOut(remaining)
        stored = self._pins.get(role)
        if stored is not None and verify_pin(pin, stored):
            self.failures = 0
            self.session = Session(role, self._clock())
            self._journal.append("auth.login", {"role": role.value})
            return self.session
        self.failures += 1
        reason = "wrong PIN" if stored is not None else "no PIN configured for this role"
        self._journal.append(
            "auth.failure", {"role": role.value, "failures": self.failures, "reason": reason}
        )
        if self.failures >= self.max_failures:
            self.locked_until = self._clock() + self.lockout_seconds
            self._journal.append(
                "auth.lockout", {"failures": self.failures, "lockout_s": self.lockout_seconds}
            )
            raise LockedOut(self.lockout_seconds)
        left = self.max_failures - self.failures
        raise AccessDenied(f"{reason} for {role.value} ({left} tries left before the lockout)")

    def logout(self) -> None:
        """End the session (back to the dealer screen)."""
        if self.session is not None:
            self._journal.append("auth.logout", {"role": self.session.role.value})
        self.session = None
        if self.mode is not Mode.DEALER:
            self.enter_mode(Mode.DEALER)

    def may_enter(self, mode: Mode | str) -> bool:
        """True if the logged-in role (if any) may enter ``mode``."""
        mode = Mode(mode)
        if mode is Mode.DEALER:
            return True
        return self.session is not None and self.session.role in MODE_ROLES[mode]

    def enter_mode(self, mode: Mode | str) -> None:
        """Switch mode if the session allows it (journaled); AccessDenied otherwise."""
        mode = Mode(mode)
        if not self.may_enter(mode):
            who = self.session.role.value if self.session else "nobody"
            self._journal.append("mode.refused", {"mode": mode.value, "role": who})
            raise AccessDenied(
                f"{mode.value} mode needs a {' or '.join(sorted(r.value for r in MODE_ROLES[mode]))} PIN"
            )
        if mode is not self.mode:
            role = self.session.role.value if self.session else None
            self._journal.append("mode.change", {"from": self.mode.value, "to": mode.value, "role": role})
            self.mode = mode

    @staticmethod
    def may_clear(clear_role: Role | str, by: Role | str) -> bool:
        """True if ``by`` may clear an alert whose ``clear_role`` is ``clear_role``."""
        return Role(by) in CLEARS[Role(clear_role)]
