"""Roles and PINs: scrypt hashes, the lockout after five wrong PINs, and everything journaled."""

from __future__ import annotations

import pytest

from terminal.roles import (
    Access,
    AccessDenied,
    LockedOut,
    Mode,
    Role,
    hash_pin,
    parse_pin_hash,
    verify_pin,
)


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


class Recorder:
    def __init__(self) -> None:
        self.entries: list[tuple[str, dict]] = []

    def append(self, kind, payload):
        self.entries.append((kind, dict(payload)))

    def kinds(self) -> list[str]:
        return [k for k, _ in self.entries]


FAST = {"n": 2**8}  # tests use a small scrypt cost; the default is 2**14


@pytest.fixture
def gate():
    clock, journal = Clock(), Recorder()
    pins = {
        "dealer": hash_pin("1111", **FAST),
        "floor": hash_pin("2222", **FAST),
        "technician": hash_pin("3333", **FAST),
        "maintenance": hash_pin("4444", **FAST),
    }
    return Access(pins, journal=journal, clock=clock, lockout_seconds=300), clock, journal


def test_pin_hash_is_salted_scrypt():
    a, b = hash_pin("123456", **FAST), hash_pin("123456", **FAST)
    assert a != b  # a fresh salt each time
    assert a.startswith("scrypt$256$8$1$")
    assert verify_pin("123456", a) and verify_pin("123456", b)
    assert not verify_pin("123457", a)
    assert "123456" not in a
    n, r, p, salt, digest = parse_pin_hash(a)
    assert (n, r, p, len(salt), len(digest)) == (256, 8, 1, 16, 32)


@pytest.mark.parametrize("bad", ["", "plain", "scrypt$3$8$1$AAAA$BBBB", "scrypt$256$8$1$!!$??"])
def test_malformed_hash_is_refused(bad):
    with pytest.raises(ValueError):
        parse_pin_hash(bad)


@pytest.mark.parametrize("pin", ["12", "12a4", "1234567890123", "١٢٣٤"])
def test_pin_format(pin):
    with pytest.raises(Exception, match="4 to 12 digits"):
        hash_pin(pin, **FAST)


def test_login_and_modes_are_journaled(gate):
    access, _, journal = gate
    with pytest.raises(AccessDenied):
        access.enter_mode(Mode.TECHNICIAN)  # nobody logged in
    access.login(Role.TECHNICIAN, "3333")
    access.enter_mode(Mode.TECHNICIAN)
    assert access.mode is Mode.TECHNICIAN
    access.logout()
    assert access.mode is Mode.DEALER and access.session is None
    assert journal.kinds() == ["mode.refused", "auth.login", "mode.change", "auth.logout", "mode.change"]
    assert all("3333" not in str(p) for _, p in journal.entries)


def test_a_role_cannot_enter_anothers_mode(gate):
    access, _, _ = gate
    access.login("floor", "2222")
    with pytest.raises(AccessDenied, match="technician"):
        access.enter_mode("technician")
    access.login("maintenance", "4444")
    access.enter_mode("maintenance")
    with pytest.raises(AccessDenied):
        access.enter_mode("technician")


def test_five_failures_lock_entry_for_a_while(gate):
    access, clock, journal = gate
    for i in range(4):
        with pytest.raises(AccessDenied, match=f"{4 - i} tries left"):
            access.login("floor", "9999")
    with pytest.raises(LockedOut):
        access.login("technician", "0000")  # the fifth failure, whatever the role
    # While locked even the right PIN is refused.
    clock.t += 299
    with pytest.raises(LockedOut) as info:
        access.login("floor", "2222")
    assert 0 < info.value.remaining <= 1
    clock.t += 1.5
    assert access.login("floor", "2222").role is Role.FLOOR
    kinds = journal.kinds()
    assert kinds.count("auth.failure") == 5
    assert kinds.count("auth.lockout") == 1
    assert kinds[-2:] == ["auth.refused", "auth.login"]


def test_a_success_resets_the_count(gate):
    access, _, _ = gate
    for _ in range(4):
        with pytest.raises(AccessDenied):
            access.login("floor", "0000")
    access.login("floor", "2222")
    for _ in range(4):
        with pytest.raises(AccessDenied):
            access.login("floor", "0000")
    assert access.lock_remaining() == 0


def test_role_without_a_pin_cannot_log_in():
    access = Access({"floor": hash_pin("2222", **FAST)})
    with pytest.raises(AccessDenied, match="no PIN configured"):
        access.login("technician", "2222")
    assert access.roles_with_pins() == (Role.FLOOR,)


def test_who_clears_what():
    assert Access.may_clear("floor", "floor")
    assert not Access.may_clear("floor", "dealer")
    assert Access.may_clear("dealer", "dealer") and Access.may_clear("dealer", "floor")
    assert not Access.may_clear("technician", "floor")
    assert Access.may_clear("technician", "technician")
