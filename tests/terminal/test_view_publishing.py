"""The controller publishes the dealer's view (issue 17 item 2): every change of the table reaches a
listening console as the screen of the table at that moment (``screen_of`` of its state), the console
paints the last one; a table nobody listens to builds no view at all, and a table asked twice for the view
of the same state builds it once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from devices.events import CommsLost, DeviceIdentity
from terminal.config import check_config
from terminal.console.app import DealerConsole
from terminal.console.view import TableView
from terminal.controller import TableController
from terminal.journal import Journal
from terminal.roles import Access
from terminal.scenario import load_scenario
from terminal.screen import screen_of

SCENARIO = (
    Path(__file__).resolve().parents[1]
    / "scenarios"
    / "capitol-paigow-rule-33-boxed-card-replaced-from-leftovers.yaml"
)


def _controller(tmp_path: Path) -> TableController:
    f = tmp_path / "table.yaml"
    f.write_text(
        "table: {game: paigow/capitol, seats: 7, limits: {min_cents: 500, max_cents: 100000}}\n"
        f"journal: {{path: {tmp_path / 'j.db'}}}\n"
        "devices: {shoe: {kind: shoe, url: /dev/null-shoe}}\n"
    )
    cfg, problems = check_config([f], env={})
    assert cfg is not None, problems
    return TableController(cfg, Journal(cfg.journal.path))


def _screen(c: TableController) -> TableView:
    """The screen of the controller's table as it is now, drawn from its state alone."""
    return screen_of(c.table, c.station, c.setup)


async def test_a_table_nobody_listens_to_builds_no_view(tmp_path: Path) -> None:
    c = _controller(tmp_path)
    await c.start()
    try:
        events = load_scenario(SCENARIO).events
        for e in events:
            await c.apply_event(e)
        await c.on_device_event(DeviceIdentity("shoe", "S", "S-1", "fw 1.0", "ab" * 32, 2, device="shoe"))
        assert c.changes >= len(events) + 1  # every change counted for a watcher ...
        assert c.views_built == 0  # ... and no view built for nobody
        view = c.view()  # asked for: built of the table as it is
        assert view == _screen(c) and c.views_built == 1
        assert c.view() is view and c.views_built == 1  # the same state: the same view, not built again
        await c.on_device_event(CommsLost(2.0, device="shoe"))  # the station changed: a new view
        assert c.view() == _screen(c) != view and c.views_built == 2
    finally:
        c.close()


async def test_every_change_reaches_a_listening_console_as_the_screen_of_that_moment(tmp_path: Path) -> None:
    c = _controller(tmp_path)
    await c.start()
    shown: list[tuple[TableView, TableView]] = []

    def publish(view: TableView) -> None:  # what was published beside the screen of the table then
        shown.append((view, _screen(c)))

    try:
        c.attach(publish)
        events = load_scenario(SCENARIO).events
        for e in events:
            await c.apply_event(e)
        await c.on_device_event(DeviceIdentity("shoe", "S", "S-1", "fw 1.0", "ab" * 32, 2, device="shoe"))
        await c.on_device_event(CommsLost(2.0, device="shoe"))
        # the view at attaching, one per round event, one per change of the shoe's health
        assert len(shown) == 1 + len(events) + 2
        for i, (view, screen) in enumerate(shown):
            assert view == screen, f"view {i} is not the screen of the table when it was published"
        assert shown[-1][0].devices[0].state == "offline"
        assert c.views_built == len(shown)  # one build per change, none twice
    finally:
        c.close()


async def test_the_console_paints_the_screen_of_the_table_after_a_burst_of_changes(tmp_path: Path) -> None:
    """The real console on the controller, repaints throttled: a burst of changes (a whole round's events,
    then the shoe lost) ends painted as the screen of the final state, whatever paints were skipped."""
    c = _controller(tmp_path)
    await c.start()
    app = DealerConsole(c, Access({}), repaint_hz=2.0)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            for e in load_scenario(SCENARIO).events:
                await c.apply_event(e)
            await c.on_device_event(CommsLost(2.0, device="shoe"))
            final = _screen(c)
            for _ in range(500):  # polled, never timed: the throttled repaint comes when it comes
                if app.view == final:
                    break
                await pilot.pause(0.02)
            painted: Any = app.view
            assert painted == final
            assert painted.step == final.step and painted.devices[0].state == "offline"
    finally:
        c.close()
