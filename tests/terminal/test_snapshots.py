"""Snapshots of the dealer screen in its main states (the demo tour's moments, as the real controller
computes them), at the dealer screen's sizes. Update with ``pytest --snapshot-update`` after a deliberate
change, and look at the SVGs before committing them."""

from __future__ import annotations

import asyncio

import pytest

from terminal.console.app import DealerConsole
from terminal.console.demo import tour_views
from terminal.roles import Access

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
