"""The console, driven with Pilot: keys and buttons do what they say, PINs guard the technician and
maintenance screens, alerts are cleared only by the role they name, and repaints are throttled."""

from __future__ import annotations

import io
import threading
from dataclasses import replace

import pytest
from rich.console import Console

from terminal.console.app import (
    DEALER_BINDINGS,
    DealerConsole,
    DealerScreen,
    DeviceFrame,
    MaintenanceScreen,
    PanelButton,
    PinScreen,
    TechnicianScreen,
)
from terminal.console.demo import EXPOSED, DemoBackend, alert_view, demo_views, waiting_view
from terminal.console.render import card_text
from terminal.console.view import AlertView, ConsoleInput, TableView
from terminal.journal import Journal
from terminal.roles import Access, Mode, hash_pin

PINS = {"dealer": "1111", "floor": "2222", "technician": "3333", "maintenance": "4444"}
SIZE = (120, 36)


@pytest.fixture(scope="module")
def pin_hashes():
    return {role: hash_pin(pin, n=2**8) for role, pin in PINS.items()}


class Recorder:
    """A backend that records what it is given and shows a fixed view."""

    def __init__(self, view: TableView) -> None:
        self.view = view
        self.inputs: list[ConsoleInput] = []
        self.publish = None

    def attach(self, publish):
        self.publish = publish
        publish(self.view)

    async def submit(self, inp):
        self.inputs.append(inp)
        return None

    def actions(self):
        return [(i.action, i.role, i.source) for i in self.inputs if i.action != "mode.change"]


async def until(pilot, cond, steps: int = 500) -> bool:
    """Wait (by polling the app, never by wall-clock assertions) until ``cond()`` holds."""
    for _ in range(steps):
        if cond():
            return True
        await pilot.pause(0.02)
    return bool(cond())


def pin_error(app) -> str:
    return str(app.screen.query_one("#pin-error").render())


async def enter_pin(pilot, app, pin: str) -> None:
    """Type a PIN and wait until the dialog has checked it (closed, or showing its answer)."""
    screen = app.screen
    screen.query_one("#pin-error").update("")
    await pilot.press(*pin, "enter")
    assert await until(pilot, lambda: app.screen is not screen or pin_error(app).strip() != "")


def make_app(pin_hashes, backend=None, **kw):
    access = Access(pin_hashes, lockout_seconds=60)
    return DealerConsole(backend or Recorder(waiting_view()), access, **kw)


async def test_each_dealer_key_sends_its_action(pin_hashes):
    app = make_app(pin_hashes)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for keys, action, _ in DEALER_BINDINGS:
            if action == "clear-alert":
                continue
            for key in keys.split(","):
                app.backend.inputs.clear()
                await pilot.press(key)
                await pilot.pause()
                assert app.backend.actions() == [(action, "dealer", "key")], key


async def test_physical_buttons_and_a_remapped_key(pin_hashes):
    app = make_app(pin_hashes, keymap={"new-round": "r"}, buttons={"B1": "confirm", "B7": "misdeal"})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await app.press_button("B1")
        await app.press_button("new-round")  # an action id is its own button id
        # From a driver thread, as the panel driver will post it.
        t = threading.Thread(target=lambda: app.post_message(PanelButton("B7")))
        t.start()
        t.join()
        await pilot.pause()
        assert app.backend.actions() == [
            ("new-round", "dealer", "key"),
            ("confirm", "dealer", "button"),
            ("new-round", "dealer", "button"),
            ("misdeal", "dealer", "button"),
        ]
        await app.press_button("B99")
        assert "unknown button" in app.last_result


async def test_technician_screen_needs_the_technician_pin(pin_hashes):
    app = make_app(pin_hashes)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # Without a session every privileged action is refused and never reaches the controller.
        assert (await app.privileged("tech.test-deal", {})).startswith("refused")
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, PinScreen)
        await enter_pin(pilot, app, PINS["floor"])  # the floor's PIN is not the technician's
        assert isinstance(app.screen, PinScreen)
        assert "wrong PIN" in pin_error(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, DealerScreen) and app.access.mode is Mode.DEALER
        await pilot.press("f2")
        await pilot.pause()
        await enter_pin(pilot, app, PINS["technician"])
        assert await until(pilot, lambda: isinstance(app.screen, TechnicianScreen))
        assert app.access.mode is Mode.TECHNICIAN
        # Dealer keys do nothing here; the technician's buttons work.
        await pilot.press("n")
        await pilot.click("#tech-test-deal")
        await pilot.pause()
        assert app.backend.actions() == [("tech.test-deal", "technician", "key")]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, DealerScreen) and app.access.session is None
        assert (await app.privileged("tech.test-deal", {})).startswith("refused")


async def test_maintenance_is_not_live_and_shows_frames(pin_hashes):
    app = make_app(pin_hashes)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.post_message(DeviceFrame("shoe", "in", "7e 01 02", "card As face down"))
        await pilot.press("f3")
        await pilot.pause()
        await enter_pin(pilot, app, PINS["maintenance"])
        assert await until(pilot, lambda: isinstance(app.screen, MaintenanceScreen))
        assert "card As" in "\n".join(str(line.text) for line in app.screen.query_one("#maint-frames").lines)
        await app.dealer_action("confirm", source="button")
        assert app.last_result == "the table is not live in this mode"
        await pilot.click("#maint-verify-journal")
        await pilot.pause()
        assert app.backend.actions() == [("maint.verify-journal", "maintenance", "key")]
        assert [i.data["to"] for i in app.backend.inputs if i.action == "mode.change"] == ["maintenance"]


async def test_five_wrong_pins_lock_the_dialog(pin_hashes):
    app = make_app(pin_hashes)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        for _ in range(5):
            await enter_pin(pilot, app, "9999")
        assert "locked" in pin_error(app)
        await enter_pin(pilot, app, PINS["technician"])  # right PIN, but locked
        assert isinstance(app.screen, PinScreen) and "locked" in pin_error(app)


def plain(renderable) -> str:
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def alert_text(app) -> str:
    box = app.screen.query_one("#alert")
    return plain(box.content) if box.display else ""


async def test_an_alert_is_shown_and_cleared_only_by_its_role(pin_hashes):
    backend = DemoBackend()
    backend.view = alert_view()
    app = make_app(pin_hashes, backend=backend)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = alert_text(app)
        for part in ("EXPOSED CARD", "REPLACE FROM STUB", "Remedy:", EXPOSED.cite, "FLOOR"):
            assert part in shown
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, PinScreen) and app.screen.role.value == "floor"
        await enter_pin(pilot, app, PINS["dealer"])  # the dealer cannot clear a floor alert
        assert "wrong PIN" in pin_error(app)
        await pilot.press("escape")
        await pilot.pause()
        assert "EXPOSED CARD" in alert_text(app)
        await pilot.press("x")
        await pilot.pause()
        await enter_pin(pilot, app, PINS["floor"])
        assert await until(pilot, lambda: isinstance(app.screen, DealerScreen) and alert_text(app) == "")
        assert [(i.action, i.role) for i in backend.inputs] == [("clear-alert", "floor")]
        assert app.access.session is None  # the floor's PIN served this clear only


async def test_a_dealer_alert_clears_without_a_pin(pin_hashes):
    dealer_alert = AlertView("UNREADABLE_CARD", "info", "CONTINUE", "Read it by eye.", "rule", "dealer")
    backend = Recorder(replace(waiting_view(), alerts=(dealer_alert,)))
    app = make_app(pin_hashes, backend=backend)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, DealerScreen)
        assert (
            backend.inputs[0].action == "clear-alert" and backend.inputs[0].data["code"] == "UNREADABLE_CARD"
        )


async def test_a_backend_refusal_is_not_a_clear(pin_hashes):
    """The controller has the last word: a technician alert is not cleared by a floor PIN."""
    tech_alert = replace(EXPOSED, code="SHUFFLER_JAM", clear_role="technician")
    backend = DemoBackend()
    backend.view = replace(alert_view(), alerts=(tech_alert,))
    result = await backend.submit(ConsoleInput("clear-alert", "floor", data={"code": "SHUFFLER_JAM"}))
    assert "cleared by technician" in result and backend.view.alerts == (tech_alert,)
    assert await backend.submit(ConsoleInput("clear-alert", "technician")) is None
    assert backend.view.alerts == ()


async def test_a_burst_of_views_is_coalesced(pin_hashes):
    backend = Recorder(waiting_view())
    app = make_app(pin_hashes, backend=backend, repaint_hz=10)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = app.paints

        def burst():
            for n in range(1, 501):
                app.publish(replace(waiting_view(), round_no=n))

        t = threading.Thread(target=burst)
        t.start()
        t.join()
        assert await until(pilot, lambda: app.view.round_no == 500)  # the newest view always lands
        assert app.paints - before < 50  # ... without painting each of the 500


async def test_demo_round_is_journaled_before_it_shows(tmp_path, pin_hashes):
    journal = Journal(tmp_path / "j.db")
    backend = DemoBackend(journal)
    app = make_app(pin_hashes, backend=backend)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        phases = []
        for _ in range(4):
            await pilot.press("c")
            assert await until(pilot, lambda: app.view == backend.view)
            phases.append(app.view.phase)
        assert phases == ["dealing", "dealing", "dealing", "dealing"]  # the exposed card blocks the deal
        assert app.view.active_alert.code == "EXPOSED_CARD"
        await pilot.press("x")
        await pilot.pause()
        await enter_pin(pilot, app, PINS["floor"])
        assert await until(pilot, lambda: not app.view.alerts)
        await pilot.press("c")
        assert await until(pilot, lambda: app.view.phase == "settlement")
    kinds = [(e.kind, e.payload.get("action")) for e in journal.entries()]
    assert kinds.count(("input", "confirm")) == 5
    assert ("fault.clear", None) in kinds
    assert journal.verify().ok


def test_cards_have_symbols_and_colours():
    ace = card_text("As")
    heart = card_text("Kh")
    assert "A♠" in ace.plain and "K♥" in heart.plain
    assert "c00000" in str(heart.style) and "c00000" not in str(ace.style)
    assert card_text("??").plain.strip() == "??"
    assert card_text("Th").plain.strip() == "10♥"


def test_demo_views_cover_the_main_states():
    views = demo_views()
    assert set(views) == {"waiting", "dealing", "alert", "settlement"}
    assert views["alert"].active_alert is not None
    assert views["settlement"].settlement and views["settlement"].fee_cents > 0
