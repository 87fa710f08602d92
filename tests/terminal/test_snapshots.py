"""Snapshots of the dealer screen in its main states (the demo tour's moments, as the real controller
computes them), at the dealer screen's sizes. Update with ``pytest --snapshot-update`` after a deliberate
change, and look at the SVGs before committing them."""

from __future__ import annotations

import asyncio

import pytest

from terminal.console.app import DealerConsole
from terminal.console.demo import tour_views
from terminal.roles import Access, Role, hash_pin

VIEWS = asyncio.run(tour_views())


class Fixed:
    """A backend that shows one view and accepts nothing."""

    def __init__(self, view):
        self.view = view

    def attach(self, publish):
        publish(self.view)

    async def submit(self, inp):
        return None


@pytest.mark.parametrize("state", ["waiting", "dealing", "alert", "settlement"])
def test_dealer_screen(snap_compare, state):
    app = DealerConsole(Fixed(VIEWS[state]), Access({}))
    assert snap_compare(app, terminal_size=(120, 36))


def _logged_in(role: Role) -> Access:
    """A PIN gate with ``role`` logged in (a cheap scrypt cost: the hash is not what is shown)."""
    access = Access({role: hash_pin("2468", n=2**4)})
    access.login(role, "2468")
    return access


def test_wager_panel(snap_compare):
    """The wager panel (``w``) over the dealer screen, on the tour's table while bets are taken."""
    app = DealerConsole(Fixed(VIEWS["waiting"]), Access({}))
    assert snap_compare(app, press=["w"], terminal_size=(120, 36))


def test_pin_screen(snap_compare):
    """The PIN dialog ``F2`` opens when nobody is logged in (technician mode asks for its role's PIN)."""
    app = DealerConsole(Fixed(VIEWS["waiting"]), Access({}))
    assert snap_compare(app, press=["f2"], terminal_size=(120, 36))


@pytest.mark.parametrize(("key", "role"), [("f2", Role.TECHNICIAN), ("f3", Role.MAINTENANCE)])
def test_technician_and_maintenance_screens(snap_compare, key, role):
    """The technician (``F2``) and maintenance (``F3``) screens, entered by a logged-in role."""
    app = DealerConsole(Fixed(VIEWS["waiting"]), _logged_in(role))
    assert snap_compare(app, press=[key], terminal_size=(120, 36))
