"""Repaint only what changed (issue 17 item 3): the dealer screen updates in place the widgets whose part of
the view changed, and a widget whose size cannot change is repainted without a layout pass."""

from __future__ import annotations

import asyncio
import io
from dataclasses import replace
from typing import Any

from rich.console import Console
from textual.widgets import Static

from terminal.console.app import DealerConsole, DealerScreen, SeatPanel
from terminal.console.demo import tour_views
from terminal.console.view import AlertView, TableView
from terminal.roles import Access

VIEWS = asyncio.run(tour_views())


class Shows:
    """A backend that shows the views it is given."""

    def __init__(self, view: TableView) -> None:
        self.first = view

    def attach(self, publish: Any) -> None:
        publish(self.first)

    async def submit(self, inp: Any) -> None:
        return None


def _text(widget: Static) -> str:
    """What ``widget`` holds, as plain text."""
    console = Console(width=60, record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()


async def _painted(pilot: Any, app: DealerConsole, view: TableView) -> DealerScreen:
    """Publish ``view`` and wait (by polling the app, never on the clock) until it is painted."""
    app.publish(view)
    for _ in range(500):
        if app.view is view:
            break
        await pilot.pause(0.02)
    assert app.view is view
    screen = app.screen
    assert isinstance(screen, DealerScreen)
    return screen


async def test_only_the_widgets_whose_part_changed_are_updated(monkeypatch: Any) -> None:
    dealing = VIEWS["dealing"]
    calls: list[tuple[str, bool]] = []
    update = Static.update

    def spy(self: Static, content: Any = "", *, layout: bool = True) -> None:
        calls.append((self.id or type(self).__name__, layout))
        update(self, content, layout=layout)

    app = DealerConsole(Shows(dealing), Access({}), repaint_hz=1000)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _painted(pilot, app, dealing)
        monkeypatch.setattr(Static, "update", spy)

        # One seat's status changes: only that seat's panel, with no layout pass (the seats row is fixed).
        seats = list(dealing.seats)
        seats[2] = replace(seats[2], status="folded")
        one_seat = replace(dealing, seats=tuple(seats))
        screen = await _painted(pilot, app, one_seat)
        assert screen.updated == ["seats.3"]
        assert calls == [("SeatPanel", False)]
        assert "folded" in _text(screen.query(SeatPanel)[2]) and "folded" not in _text(
            screen.query(SeatPanel)[1]
        )

        # The round number changes: the header alone, again without a layout pass.
        calls.clear()
        screen = await _painted(pilot, app, replace(one_seat, round_no=one_seat.round_no + 1))
        assert screen.updated == ["header"] and calls == [("header", False)]

        # The same view again: nothing is touched.
        calls.clear()
        screen = await _painted(pilot, app, replace(app.view))
        assert screen.updated == [] and calls == []

        # Another alert behind the one shown: only the alert's count of others changes, in place.
        alert = AlertView(
            "PREMATURE_CARD", "stop", "CALL_FLOOR", "r", "c", "floor", "a card before the round"
        )
        first = replace(app.view, alerts=(alert,))
        screen = await _painted(pilot, app, first)
        assert "alert" in screen.updated and app.screen.query_one("#alert").display
        calls.clear()
        screen = await _painted(pilot, app, replace(first, alerts=(alert, replace(alert, message="again"))))
        assert screen.updated == ["alert"] and calls == [("alert", False)]
        assert "+1 more alert" in _text(screen.query_one("#alert", Static))
