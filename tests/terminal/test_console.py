"""The console, driven with Pilot: keys and buttons do what they say, PINs guard the technician and
maintenance screens, alerts are cleared only by the role they name, and repaints are throttled."""

from __future__ import annotations

import asyncio
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
from terminal.console.demo import TOUR, DemoBackend, tour_views
from terminal.console.render import card_text
from terminal.console.view import AlertView, ConsoleInput, TableView
from terminal.roles import Access, Mode, hash_pin

PINS = {"dealer": "1111", "floor": "2222", "technician": "3333", "maintenance": "4444"}
SIZE = (120, 36)
#: The dealer screen at the demo tour's main moments, as the real controller computes them.
VIEWS = asyncio.run(tour_views())


def waiting_view() -> TableView:
    return VIEWS["waiting"]


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


async def tour_to_alert(app, pilot, backend) -> None:
    for _ in range(len(backend.steps)):
        if backend.view.active_alert is not None:
            return
        await pilot.press("c")
        await pilot.pause()
    raise AssertionError("the tour raised no alert")


async def test_an_alert_is_shown_and_cleared_only_by_its_role(tmp_path, pin_hashes):
    backend = DemoBackend(tmp_path / "j.db")
    app = make_app(pin_hashes, backend=backend, startup=backend.start)
    backend.controller.access = app.access
    async with app.run_test(size=SIZE) as pilot:
        await tour_to_alert(app, pilot, backend)
        assert await until(pilot, lambda: alert_text(app) != "")
        shown = alert_text(app)
        cite = backend.view.active_alert.cite
        for part in ("EXPOSED CARD", "REPLACE FROM STUB", "Remedy:", cite, "DEALER"):
            assert part in shown
        await pilot.press("x")  # a dealer's alert: x clears it, no PIN
        assert await until(pilot, lambda: alert_text(app) == "")
        await pilot.press("m")  # a misdeal: a STOP the floor clears
        assert await until(pilot, lambda: "MISDEAL" in alert_text(app))
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, PinScreen) and app.screen.role.value == "floor"
        await enter_pin(pilot, app, PINS["dealer"])  # the dealer cannot clear a floor alert
        assert "wrong PIN" in pin_error(app)
        await pilot.press("escape")
        await pilot.pause()
        assert "MISDEAL" in alert_text(app)
        await pilot.press("x")
        await pilot.pause()
        await enter_pin(pilot, app, PINS["floor"])
        assert await until(pilot, lambda: isinstance(app.screen, DealerScreen) and alert_text(app) == "")
        cleared = [
            e.payload
            for e in backend.controller.journal.journal.entries(kind="round")
            if e.payload.get("type") == "alert_cleared"
        ]
        assert [(p["code"], p["role"]) for p in cleared] == [
            ("EXPOSED_CARD", "dealer"),
            ("MISDEAL_DECLARED", "floor"),
        ]
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


async def test_a_backend_refusal_is_not_a_clear(tmp_path):
    """The controller has the last word: a technician alert is not cleared by the floor."""
    from rules.round.alerts import AlertCode
    from rules.round.events import DeviceFault

    backend = DemoBackend(tmp_path / "j.db")
    await backend.start()
    c = backend.controller
    await c.apply_event(DeviceFault("shuffler", AlertCode.SHUFFLER_JAM, detail="ShufflerJam"))
    result = await backend.submit(ConsoleInput("clear-alert", "floor", data={"code": "SHUFFLER_JAM"}))
    assert "cleared by technician" in result and [a.code for a in c.view().alerts] == ["SHUFFLER_JAM"]
    data = {"code": "SHUFFLER_JAM"}
    assert await backend.submit(ConsoleInput("clear-alert", "technician", data=data)) is None
    assert c.view().alerts == ()
    c.close()


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


async def test_the_demo_tour_is_a_real_recorded_round(tmp_path, pin_hashes):
    """``run --demo`` plays config/demo/tour.yaml on the real controller: the journal it writes holds
    exactly the scenario's events, the fold is the scenario's, and the settlement is computed from them."""
    from rules.round import fold
    from terminal.scenario import load_scenario

    backend = DemoBackend(tmp_path / "j.db")
    app = make_app(pin_hashes, backend=backend, startup=backend.start)
    backend.controller.access = app.access
    c = backend.controller
    async with app.run_test(size=SIZE) as pilot:
        await tour_to_alert(app, pilot, backend)
        while backend.done < len(backend.steps):
            await pilot.press("h" if c.step().value == "setting" else "c")
            await pilot.pause()
        assert await until(pilot, lambda: app.view is not None and app.view.step == "settlement")
        assert "tour deals one recorded round" in (await backend.submit(ConsoleInput("new-round")))
    sc = load_scenario(TOUR)
    journaled = [e.payload for e in c.journal.journal.entries(kind="round")]
    assert journaled == [e.to_json() for e in sc.events]
    assert c.state.outcome.to_json() == fold(sc.rules, sc.events).outcome.to_json()
    assert c.settled is not None and c.settled.chips_before() == c.settled.chips_after()
    assert c.journal.journal.verify().ok
    c.close()


def test_cards_have_symbols_and_colours():
    ace = card_text("As")
    heart = card_text("Kh")
    assert "A♠" in ace.plain and "K♥" in heart.plain
    assert "c00000" in str(heart.style) and "c00000" not in str(ace.style)
    assert card_text("??").plain.strip() == "??"
    assert card_text("Th").plain.strip() == "10♥"


def test_tour_views_cover_the_main_states():
    assert set(VIEWS) == {"waiting", "dealing", "alert", "settlement"}
    assert [VIEWS[k].step for k in ("dealing", "alert", "settlement")] == ["dealing", "dealing", "settlement"]
    assert VIEWS["alert"].active_alert is not None
    assert VIEWS["settlement"].settlement and VIEWS["settlement"].settlement[-1].outcome == "bank"
