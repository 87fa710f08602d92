"""Roles and PINs: scrypt hashes, the lockout after five wrong PINs, and everything journaled."""

from __future__ import annotations

import pytest

from terminal.errors import UserError
from terminal.journal import Journal
from terminal.roles import (
    Access,
    AccessDenied,
    LockedOut,
    Mode,
    Role,
    authorise,
    hash_pin,
    parse_pin_hash,
    pin_hash_policy,
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


# -- the lockout outlives a restart (issue 24 item 5) ---------------------------------------------------


class Wall(Clock):
    def __init__(self) -> None:
        self.t = 1_800_000_000.0


def _reopened(path, clock, wall, pins):
    return Access(pins, journal=Journal(path), clock=clock, wall=wall, lockout_seconds=300)


def test_a_lockout_is_journaled_and_survives_a_restart(tmp_path):
    path = tmp_path / "j.sqlite3"
    pins = {"floor": hash_pin("2468", **FAST)}
    clock, wall = Clock(), Wall()
    access = _reopened(path, clock, wall, pins)
    for _ in range(5):
        with pytest.raises(AccessDenied):
            access.login("floor", "9999")
    access._journal.close()
    gate = Journal(path).last("auth.gate")
    assert gate == {"failures": 5, "locked_until": wall.t + 300}
    # Restart 100 s later (a new process: a new monotonic clock): still locked for the rest.
    wall.t += 100
    clock2 = Clock()
    again = _reopened(path, clock2, wall, pins)
    assert again.lock_remaining() == pytest.approx(200)
    with pytest.raises(LockedOut):
        again.login("floor", "2468")  # even the right PIN
    assert again._journal.last("auth.lockout.restored") == {"remaining_s": 200.0, "failures": 5}
    again._journal.close()
    # Restart after the lockout ran out: PIN entry is open and the count starts again.
    wall.t += 300
    third = _reopened(path, Clock(), wall, pins)
    assert third.lock_remaining() == 0 and third.failures == 0
    assert third.login("floor", "2468").role is Role.FLOOR
    third._journal.close()


def test_wrong_pins_before_a_restart_still_count(tmp_path):
    path = tmp_path / "j.sqlite3"
    pins = {"floor": hash_pin("2468", **FAST)}
    wall = Wall()
    access = _reopened(path, Clock(), wall, pins)
    for _ in range(3):
        with pytest.raises(AccessDenied):
            access.login("floor", "0000")
    access._journal.close()
    again = _reopened(path, Clock(), wall, pins)
    assert again.failures == 3
    with pytest.raises(AccessDenied, match="1 tries left"):
        again.login("floor", "0000")
    with pytest.raises(LockedOut):
        again.login("floor", "0000")  # the fifth across the restart
    again._journal.close()


def test_a_wall_clock_set_back_never_lengthens_a_lockout_past_its_length(tmp_path):
    path = tmp_path / "j.sqlite3"
    pins = {"floor": hash_pin("2468", **FAST)}
    wall = Wall()
    access = _reopened(path, Clock(), wall, pins)
    for _ in range(5):
        with pytest.raises(AccessDenied):
            access.login("floor", "0000")
    access._journal.close()
    wall.t -= 86_400  # the clock went back a day while the terminal was down
    again = _reopened(path, Clock(), wall, pins)
    assert again.lock_remaining() == pytest.approx(300)
    again._journal.close()


# -- hashes that cannot guard a real table ----------------------------------------------------------------

COSTLY = "scrypt$1048576$8$1$c2FsdHNhbHRzYWx0c2FsdA==$" + "A" * 43 + "="


def test_a_costly_hash_is_malformed_and_never_raises_at_login():
    with pytest.raises(ValueError, match="costlier") as info:
        parse_pin_hash(COSTLY)
    assert COSTLY not in str(info.value)
    assert verify_pin("2468", COSTLY) is False  # no MemoryError, no traceback
    with pytest.raises(UserError) as refused:
        Access({"floor": COSTLY})
    assert "roles.floor.pin_hash" in str(refused.value) and COSTLY not in str(refused.value)


def test_pin_hash_policy():
    assert pin_hash_policy(hash_pin("2468")) is None
    assert "published demo PIN" in pin_hash_policy(hash_pin("1111"))
    weak = pin_hash_policy(hash_pin("2468", n=2**10))
    assert "N=16384 r=8 p=1" in weak and "N=1024" in weak
    assert "costlier" in pin_hash_policy(COSTLY)
    for said in (pin_hash_policy(hash_pin("3333")), weak):
        assert "3333" not in said and "2468" not in said


# -- the role gate --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "role", "data", "allowed"),
    [
        ("maint.support-bundle", "dealer", {}, False),
        ("maint.support-bundle", "floor", {}, False),
        ("maint.support-bundle", "maintenance", {}, True),
        ("maint.self-test", "technician", {}, True),
        ("tech.set-game", "maintenance", {}, False),
        ("tech.set-game", "technician", {}, True),
        ("technician", "dealer", {}, False),
        ("maintenance", "dealer", {}, False),
        ("mode.change", "dealer", {"to": "maintenance"}, False),
        ("mode.change", "dealer", {"to": "dealer"}, True),
        ("mode.change", "floor", {"to": "nowhere"}, False),
        ("console.stop", "technician", {}, False),
        ("console.stop", "maintenance", {}, True),
        ("confirm", "dealer", {}, True),
        ("clear-alert", "floor", {}, True),
        ("confirm", "janitor", {}, False),
    ],
)
def test_which_role_may_ask_for_what(action, role, data, allowed):
    assert (authorise(None, action, role, data) is None) is allowed


def test_the_gate_wants_the_session_of_the_role_it_names(gate):
    access, clock, _ = gate
    assert "nobody is logged in as maintenance" in authorise(access, "maint.support-bundle", "maintenance")
    access.login("floor", "2222")
    assert "nobody is logged in as maintenance" in authorise(access, "maint.support-bundle", "maintenance")
    assert authorise(access, "clear-alert", "floor") is None
    access.login("maintenance", "4444")
    assert authorise(access, "maint.support-bundle", "maintenance") is None
    assert authorise(access, "clear-alert", "floor") is not None  # floor is no longer the session
    for _ in range(5):
        with pytest.raises(AccessDenied):
            access.login("floor", "0000")
    assert "locked" in authorise(access, "maint.support-bundle", "maintenance")
    assert authorise(access, "confirm", "dealer") is None  # the dealer plays on during a lockout
