"""Roles and PINs: who may do what at the table, and the lockout after repeated wrong PINs.

Roles (docs/architecture.md §1, §7): the **dealer** (plays the table; clears dealer-level alerts), the **floor**
supervisor (rulings; clears floor alerts), the **technician** (devices and table setup) and
**maintenance** (diagnostics; the table is not live). PINs are stored only as scrypt hashes with a
per-PIN salt, in the form ``scrypt$N$r$p$<salt b64>$<hash b64>``; make one with :func:`hash_pin`
(``dealer-terminal config hash-pin`` prints one for a config file).

Five wrong PINs in a row, for any role, lock PIN entry at this terminal for ``lockout_seconds``
(someone guessing would try every role). Logins, failures, lockouts and mode changes are journaled —
never the PIN itself, never its hash. The count of wrong PINs and the end of a lockout are journaled too
(``auth.gate``), so a restart does not open PIN entry: :class:`Access` rebuilds them from the journal.

:func:`authorise` is the one role gate every input passes through, however it arrives (a key, a
physical button, the headless terminal): it says which roles may ask for an action and refuses an input
in a staff role's name unless that role is logged in with its PIN.
"""

from __future__ import annotations

import base64
import functools
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

#: The scrypt parameters every stored PIN hash must use on a real table (``config check`` refuses others
#: unless ``security.demo``): 16 MiB and about 60 ms per check on a Raspberry Pi class CPU.
SCRYPT_N = 2**14
SCRYPT_R = 8
SCRYPT_P = 1
SALT_BYTES = 16
DIGEST_BYTES = 32
#: The most memory a stored hash may make one check use (scrypt needs 128·r·N bytes): a hash asking for
#: more is malformed, whatever the configuration says, so a login can never run out of memory.
SCRYPT_MAXMEM = 64 * 1024 * 1024
#: The published demo PINs (docs/dealer-guide.md): refused on any table not marked ``security.demo``.
DEMO_PINS: tuple[str, ...] = ("1111", "2222", "3333", "4444")
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
    if 128 * r * n * p > SCRYPT_MAXMEM or len(digest) > 64:
        raise ValueError(
            f"scrypt N={n} r={r} p={p} is far costlier than a PIN check may be "
            f"(a terminal hash is N={SCRYPT_N} r={SCRYPT_R} p={SCRYPT_P}: `config hash-pin` makes one)"
        )
    return n, r, p, salt, digest


def pin_hash_policy(stored: str) -> str | None:
    """Why ``stored`` may not guard a real table: scrypt parameters other than the terminal's fixed
    ones, or one of the published demo PINs. None if it may. (Checking the demo PINs costs one scrypt
    each; the answer is cached per hash.) Never says the PIN it found, nor the hash."""
    try:
        n, r, p, salt, digest = parse_pin_hash(stored)
    except ValueError as exc:
        return str(exc)
    if _is_demo_pin(stored):
        return (
            "this is a published demo PIN (docs/dealer-guide.md): choose another and hash it with "
            "`dealer-terminal config hash-pin` (or mark a demo table `security: {demo: true}`)"
        )
    if (n, r, p, len(salt), len(digest)) != (SCRYPT_N, SCRYPT_R, SCRYPT_P, SALT_BYTES, DIGEST_BYTES):
        return (
            f"a PIN hash uses scrypt N={SCRYPT_N} r={SCRYPT_R} p={SCRYPT_P} with a {SALT_BYTES}-byte salt "
            f"and a {DIGEST_BYTES}-byte hash (this one: N={n} r={r} p={p}, {len(salt)}-byte salt, "
            f"{len(digest)}-byte hash); make one with `dealer-terminal config hash-pin`"
        )
    return None


@functools.lru_cache(maxsize=64)
def _is_demo_pin(stored: str) -> bool:
    return any(verify_pin(pin, stored) for pin in DEMO_PINS)


def verify_pin(pin: str, stored: str) -> bool:
    """True if ``pin`` matches the stored hash (constant-time comparison). Never raises: a hash that
    cannot be checked (malformed, too costly) matches no PIN — and no exception can carry the PIN or the
    hash into a traceback."""
    try:
        n, r, p, salt, digest = parse_pin_hash(stored)
        got = hashlib.scrypt(
            pin.encode(), salt=salt, n=n, r=r, p=p, dklen=len(digest), maxmem=SCRYPT_MAXMEM + 1024 * 1024
        )
    except (ValueError, MemoryError, UnicodeError, TypeError):
        return False
    return hmac.compare_digest(got, digest)


@dataclass(frozen=True)
class Session:
    """Who is logged in at the console, and since when (monotonic seconds)."""

    role: Role
    since: float


def _checkable(stored: str) -> bool:
    try:
        parse_pin_hash(stored)
    except ValueError:
        return False
    return True


#: The journal kind holding the gate's state after each change: ``{"failures", "locked_until"}``
#: (wall-clock seconds, or null) — what a restart reads back.
GATE_KIND = "auth.gate"


class _NullJournal:
    def append(self, kind: str, payload: Mapping[str, Any]) -> Any:
        return None


class Access:
    """The terminal's PIN gate: logins, the lockout, the current mode, all journaled.

    ``pins`` maps each role to its stored hash (roles without one cannot log in). ``clock`` is a
    monotonic clock in seconds (injectable for tests), ``wall`` the wall clock the journal's
    ``auth.gate`` entries use (so a lockout outlives a restart); ``journal`` anything with ``append``.
    A journal that can tell its last entry of a kind (``last``, the table's journal) restores the count
    of wrong PINs and a running lockout at start-up.
    """

    def __init__(
        self,
        pins: Mapping[Role, str] | Mapping[str, str],
        *,
        journal: JournalSink | None = None,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
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
        self._wall = wall
        self.max_failures = max_failures
        self.lockout_seconds = lockout_seconds
        self.failures = 0
        self.locked_until: float | None = None
        self.session: Session | None = None
        self.mode = Mode.DEALER
        self._restore()

    def _restore(self) -> None:
        """The count of wrong PINs and a lockout still running, from the journal's last ``auth.gate``."""
        last = getattr(self._journal, "last", None)
        state = last(GATE_KIND) if callable(last) else None
        if not isinstance(state, Mapping):
            return
        failures = state.get("failures")
        until = state.get("locked_until")
        if isinstance(until, int | float) and not isinstance(until, bool):
            # At most a full lockout from now, whatever the wall clock did while the terminal was down.
            left = min(float(until) - self._wall(), self.lockout_seconds)
            if left > 0:
                self.failures = max(int(failures or 0), self.max_failures)
                self.locked_until = self._clock() + left
                self._journal.append(
                    "auth.lockout.restored", {"remaining_s": round(left, 1), "failures": self.failures}
                )
            return  # a lockout that ran out while the terminal was down opened PIN entry again
        if isinstance(failures, int) and not isinstance(failures, bool) and failures > 0:
            self.failures = min(failures, self.max_failures - 1) if self.max_failures > 1 else 0

    def _gate_entry(self) -> tuple[str, dict[str, Any]]:
        until = None
        if self.locked_until is not None:
            until = round(self._wall() + max(self.locked_until - self._clock(), 0.0), 3)
        return GATE_KIND, {"failures": self.failures, "locked_until": until}

    def _journal_with_gate(self, *entries: tuple[str, Mapping[str, Any]]) -> None:
        """Journal ``entries`` and the gate's state after them, in one commit when the journal can."""
        items = [*entries, self._gate_entry()]
        many = getattr(self._journal, "append_many", None)
        if callable(many):
            many(items)
        else:
            for kind, payload in items:
                self._journal.append(kind, payload)

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
        Nothing raised here carries the PIN or the stored hash (a stored hash that cannot be checked is
        a failure like a wrong PIN, journaled with its reason).
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
            self.session = Session(role, self._clock())
            if self.failures:
                self.failures = 0
                self._journal_with_gate(("auth.login", {"role": role.value}))
            else:
                self._journal.append("auth.login", {"role": role.value})
            return self.session
        self.failures += 1
        if stored is None:
            reason = "no PIN configured for this role"
        elif _checkable(stored):
            reason = "wrong PIN"
        else:
            reason = "its stored PIN hash cannot be checked (see config check)"
        failure = ("auth.failure", {"role": role.value, "failures": self.failures, "reason": reason})
        if self.failures >= self.max_failures:
            self.locked_until = self._clock() + self.lockout_seconds
            until = round(self._wall() + self.lockout_seconds, 3)
            self._journal_with_gate(
                failure,
                (
                    "auth.lockout",
                    {"failures": self.failures, "lockout_s": self.lockout_seconds, "locked_until": until},
                ),
            )
            raise LockedOut(self.lockout_seconds)
        self._journal_with_gate(failure)
        left = self.max_failures - self.failures
        raise AccessDenied(f"{reason} for {role.value} ({left} tries left before the lockout)")

    def record(self, kind: str, payload: Mapping[str, Any]) -> None:
        """Journal something the gate decided outside a login (a console stop, a refused stop)."""
        self._journal.append(kind, payload)

    def has_pin(self, role: Role) -> bool:
        """Whether ``role`` can log in here."""
        return role in self._pins

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


# -- the role gate ------------------------------------------------------------------------------------

#: The actions that switch the console's mode, as a panel button or keymap names them.
MODE_ACTION_MODES: dict[str, Mode] = {"technician": Mode.TECHNICIAN, "maintenance": Mode.MAINTENANCE}
#: Stopping the console (Ctrl+\, Ctrl+C, a maintenance quit): the maintenance PIN only.
STOP_ACTION = "console.stop"


def roles_for(action: str, data: Mapping[str, Any] | None = None) -> frozenset[Role]:
    """Who may ask for ``action``: a technician action needs the technician, a maintenance action the
    maintenance or technician role (as entering maintenance mode does), a mode change the roles of the
    mode it goes to, stopping the console the maintenance role; a dealer action anyone at the table
    (which role may clear an alert is the alert's own ``clear_role``, checked by the rules)."""
    if action.startswith("tech."):
        return MODE_ROLES[Mode.TECHNICIAN]
    if action.startswith("maint."):
        return MODE_ROLES[Mode.MAINTENANCE]
    if action == STOP_ACTION:
        return frozenset({Role.MAINTENANCE})
    if action in MODE_ACTION_MODES:
        return MODE_ROLES[MODE_ACTION_MODES[action]]
    if action == "mode.change":
        to = (data or {}).get("to", "")
        return MODE_ROLES[Mode(to)] if to in Mode._value2member_map_ else frozenset()
    return frozenset(Role)


def authorise(
    access: Access | None, action: str, role: str, data: Mapping[str, Any] | None = None
) -> str | None:
    """The role gate: why an input ``action`` in ``role``'s name is refused, or None if it may go on.

    The role must be one that may ask for the action (:func:`roles_for`), and a role other than the
    dealer must be logged in at ``access`` with its PIN and PIN entry must not be locked. Every path an
    input takes — a key, a panel button in the console, a panel button on the headless terminal — comes
    through here (``TableController.submit``). ``access`` None is the controller used as a library
    (tests, tools): the action's roles are still checked; there is no PIN session to check.
    """
    try:
        who = Role.parse(role)
    except UserError as exc:
        return str(exc)
    allowed = roles_for(action, data)
    if who not in allowed:
        if not allowed:
            return f"{action}: no role may ask for this"
        need = " or ".join(r.value for r in Role if r in allowed)
        return f"{action} needs the {need} PIN (it came as {who.value})"
    if who is Role.DEALER or access is None:
        return None
    remaining = access.lock_remaining()
    if remaining > 0:
        return f"PIN entry is locked for {remaining:.0f} s: the {who.value} cannot act until it opens"
    session = access.session
    if session is None or session.role is not who:
        return f"{who.value} needs the {who.value} PIN: nobody is logged in as {who.value}"
    return None
