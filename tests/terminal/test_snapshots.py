"""Snapshots of the dealer screen in its main states. Update with ``pytest --snapshot-update`` after a
deliberate change, and look at the SVGs before committing them."""

from __future__ import annotations

import pytest

from terminal.console.app import DealerConsole
from terminal.console.demo import demo_views
from terminal.roles import Access


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
    app = DealerConsole(Fixed(demo_views()[state]), Access({}))
    assert snap_compare(app, terminal_size=(120, 36))
