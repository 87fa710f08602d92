"""The table flow a dealer can trust (issue 16): each sequence that went wrong on the demo table, replayed
with the console's keys on emulated devices, now ends where the table's state machine says it should.

- a round never starts on a shuffler that has not shuffled and checked its deck (no endless wait);
- a device that cannot be opened, is absent, or refuses a command raises a STOP naming it and the remedy;
- a STOP blocks every input but its clearing, which needs the named role's PIN and no lockout;
- after dice-cup faults the cup is armed again, so the round moves on;
- face-down cards are drawn as backs until the showdown, and the header names the real phase.
"""

from __future__ import annotations

import pytest

from terminal.commands.run import build_app
from terminal.table.machine import SPECS, Step, TableFacts, accepts, refusal, step_of
from terminal.table.remedies import REMEDIES, remedy_for
from tests.terminal.test_demo_tables import deal_to_settlement, demo_app, text_of, until

PINS = {"dealer": "1111", "floor": "2222", "technician": "3333", "maintenance": "4444"}


def manual_clock(app) -> list[float]:
    """The PIN gate's clock, moved by the test (no wall-clock time anywhere)."""
    now = [1000.0]
    app.access._clock = lambda: now[0]
    return now


async def enter_pin(pilot, pin: str) -> None:
    await pilot.press(*pin, "enter")
    await pilot.pause()


async def clear_with_pin(app, pilot, role: str) -> None:
    """x on the dealer screen, then the role's PIN in the dialog the console opens."""
    c = app.controller
    # x clears the alert the screen shows: wait until the screen shows the controller's current one. A
    # device alert can land between that check and the key (the screen then repaints with the new one and
    # x found the alert it was aimed at already replaced), so the dealer presses x again, as at the table.
    for _ in range(3):
        assert await until(
            pilot, lambda: app.view is not None and app.view.active_alert == c.view().active_alert is not None
        )
        await pilot.press("x")
        if await until(pilot, lambda: type(app.screen).__name__ == "PinScreen", steps=100):
            break
    assert type(app.screen).__name__ == "PinScreen"
    assert app.screen.role.value == role
    await enter_pin(pilot, PINS[role])
    assert await until(pilot, lambda: type(app.screen).__name__ == "DealerScreen")


def cleared_rows(c) -> list:
    return [e for e in c.journal.journal.entries(kind="round") if e.payload.get("type") == "alert_cleared"]


def step(app) -> str:
    return app.controller.step().value


async def test_a_pai_gow_round_after_a_settled_one_shuffles_first_and_deals(tmp_path, monkeypatch):
    app = demo_app(tmp_path, monkeypatch, 0)
    c = app.controller
    async with app.run_test(size=(140, 44)) as pilot:
        await deal_to_settlement(app, pilot)
        assert step(app) == "settlement"
        rounds = c.round_no
        # `n` after a settled Pai Gow round: the shuffler deals one round per shuffle, so it shuffles and
        # checks the deck first (before: the round started on a dealt-out deck and waited for ever).
        await pilot.press("n")
        assert await until(pilot, lambda: step(app) == "betting")
        assert c.round_no == rounds and c.state.start is None  # the shuffle reset the round; none started
        assert c._deck_ok is True
        await pilot.press("n")
        assert await until(pilot, lambda: c.round_no == rounds + 1 and len(c.state.placed) >= 7)
        refused = [
            e for e in c.journal.journal.entries(kind="device") if e.payload.get("event") == "CommandRejected"
        ]
        assert refused == []
    c.close()


async def test_three_card_after_t_shuffles_before_its_first_round(tmp_path, monkeypatch):
    app = demo_app(tmp_path, monkeypatch, 0)
    async with app.run_test(size=(140, 44)) as pilot:
        assert await until(pilot, lambda: app.controller.drivers)
        await pilot.press("t", "t")
        assert await until(pilot, lambda: app.controller.game.family == "threecard")
        c = app.controller
        assert await until(pilot, lambda: c.shuffler() is not None and c.devices["shuffler"].state == "ok")
        await pilot.press("n")
        assert c.state.start is None  # never a round on an unshuffled deck
        assert await until(pilot, lambda: step(app) == "betting")
        await pilot.press("n")
        assert await until(pilot, lambda: c.state.start is not None and len(c.state.placed) > 0)
        kinds = [e.payload.get("type") for e in c.journal.journal.entries(kind="round")]
        assert kinds.index("shuffle") < kinds.index("round_start")
    app.controller.close()


async def test_an_absent_shuffler_raises_an_alert_naming_it_not_a_wait(tmp_path, monkeypatch):
    from terminal.commands.run import demo_tables
    from terminal.config import load_config

    monkeypatch.setenv("DEALER_TERMINAL_STATE_DIR", str(tmp_path))
    base = load_config(None, env={"DEALER_TERMINAL_STATE_DIR": str(tmp_path)}, demo=True)
    tcp = demo_tables(base)[2]
    missing = str(tmp_path / "no-such-shuffler")
    devices = {"shuffler": tcp.devices["shuffler"].model_copy(update={"url": "/dev/null/" + missing})}
    cfg = tcp.model_copy(update={"devices": devices})
    app = build_app(cfg)
    c = app.controller
    async with app.run_test(size=(140, 44)) as pilot:
        # The device cannot be opened: a STOP with its address and the OS error, cleared by a technician.
        assert await until(pilot, lambda: app.view is not None and app.view.active_alert is not None)
        alert = app.view.active_alert
        assert alert.severity == "stop" and alert.clear_role == "technician"
        assert "/dev/null/" in alert.message and "shuffler" in alert.message
        assert "cannot be opened at its address" in alert.remedy and "docs/technician-guide.md" in alert.cite
        assert step(app) == "stopped"
        # Clearing is the technician's retry: the port is opened again at once (no backoff wait) and, while
        # it still cannot be opened, the alert comes back: an offline shuffler never sits with no alert.
        tries = c.supervisor.failures["shuffler"]
        await clear_with_pin(app, pilot, "technician")
        assert await until(pilot, lambda: c.supervisor.failures["shuffler"] > tries and step(app) == "stopped")
        assert await until(pilot, lambda: app.view.active_alert is not None)
        again = app.view.active_alert
        assert "/dev/null/" in again.message and "shuffler" in again.message
        assert "cannot be opened at its address" in again.remedy
        assert c.devices["shuffler"].state == "offline" and c.state.start is None
    c.close()


async def test_a_stop_blocks_every_input_but_its_clearing_with_the_named_pin(tmp_path, monkeypatch):
    app = demo_app(tmp_path, monkeypatch, 2)  # Three Card Poker
    c = app.controller
    async with app.run_test(size=(140, 44)) as pilot:
        now = manual_clock(app)
        assert await until(pilot, lambda: c.drivers and all(d.state == "ok" for d in c.devices.values()))
        assert await until(pilot, lambda: bool(c.board.wagers))
        await pilot.press("n")
        assert await until(pilot, lambda: step(app) == "betting")
        await pilot.press("n")
        assert await until(pilot, lambda: step(app) == "decisions")
        await pilot.press("m")  # a misdeal: a STOP the floor clears
        assert await until(pilot, lambda: step(app) == "stopped")
        assert await until(pilot, lambda: app.view.active_alert is not None)  # the screen repainted
        alert = app.view.active_alert
        assert alert.code == "MISDEAL_DECLARED" and alert.clear_role == "floor"
        assert "Stopped".upper() in text_of(app.screen.query_one("#header").content).upper()
        # n (and every other dealer key) is refused: no shuffle, the alert stays, the refusal is journaled.
        for key in ("n", "c", "p", "h"):
            await pilot.press(key)
        assert await until(pilot, lambda: "holds the table" in (app.last_result or ""))
        assert not c._shuffle_asked and step(app) == "stopped"
        refused = [e.payload for e in c.journal.journal.entries(kind="input") if "refused" in e.payload]
        assert {"new-round", "confirm", "play"} <= {p["action"] for p in refused}
        # The controller refuses a floor clearing that did not come with the floor's PIN.
        from terminal.console.view import ConsoleInput

        said = await c.submit(ConsoleInput("clear-alert", "floor", "key", {"code": "MISDEAL_DECLARED"}))
        assert "needs the floor PIN" in said and step(app) == "stopped"
        # Five wrong PINs lock PIN entry; during the lockout even the right PIN does not clear.
        await pilot.press("x")
        assert await until(pilot, lambda: type(app.screen).__name__ == "PinScreen")
        for _ in range(app.access.max_failures):
            await enter_pin(pilot, "9999")
        assert app.access.lock_remaining() > 0
        await enter_pin(pilot, "2222")
        assert type(app.screen).__name__ == "PinScreen" and step(app) == "stopped"
        await pilot.press("escape")
        now[0] += app.access.lockout_seconds + 1  # the lockout runs out on the gate's clock
        await clear_with_pin(app, pilot, "floor")
        assert await until(pilot, lambda: step(app) == "shuffle")
        cleared = [
            e for e in c.journal.journal.entries(kind="round") if e.payload.get("type") == "alert_cleared"
        ]
        assert cleared and cleared[-1].payload["role"] == "floor" and cleared[-1].ts  # who and when
        kinds = [e.kind for e in c.journal.journal.entries()]
        assert "auth.lockout" in kinds and "auth.refused" in kinds
    c.close()


async def test_after_dice_cup_faults_the_cup_is_armed_again_and_the_round_moves_on(tmp_path, monkeypatch):
    app = demo_app(tmp_path, monkeypatch, 0)  # Pai Gow: shuffler and dice cup
    c = app.controller
    async with app.run_test(size=(140, 44)) as pilot:
        assert await until(pilot, lambda: c.drivers and all(d.state == "ok" for d in c.devices.values()))
        await pilot.press("6", "7")  # the cup opened early on the next roll, then a weak shake
        await pilot.press("n")
        assert await until(pilot, lambda: step(app) == "betting")
        await pilot.press("n")
        seen: list[str] = []
        for _ in range(10):  # three alerts from two faults on one roll, each cleared once
            if c.state.dice:
                break
            ok = await until(pilot, lambda: step(app) == "stopped" or bool(c.state.dice), steps=400)
            assert ok, (step(app), c.state.prompt)
            if c.state.dice:
                break
            alert = c.view().active_alert
            seen.append(alert.code)
            assert "arm it again" in alert.remedy or "arm the cup again" in alert.remedy
            cleared = len(cleared_rows(c))
            await clear_with_pin(app, pilot, alert.clear_role)
            assert await until(pilot, lambda n=cleared: len(cleared_rows(c)) > n)  # the clear landed
        assert await until(pilot, lambda: bool(c.state.dice)), (seen, c.state.prompt)
        assert seen and set(seen) <= {"CUP_OPENED_EARLY", "INSUFFICIENT_SHAKE"}
        assert await until(pilot, lambda: step(app) not in ("dice", "stopped"))
    c.close()


async def test_face_down_cards_stay_hidden_until_the_showdown(tmp_path, monkeypatch):
    app = demo_app(tmp_path, monkeypatch, 2)  # Three Card Poker: every hand dealt face down
    c = app.controller
    async with app.run_test(size=(140, 44)) as pilot:
        assert await until(pilot, lambda: c.drivers and all(d.state == "ok" for d in c.devices.values()))
        await pilot.press("n")
        assert await until(pilot, lambda: step(app) == "betting")
        await pilot.press("n")
        assert await until(pilot, lambda: step(app) == "decisions")
        assert await until(pilot, lambda: app.view is not None and app.view.step == "decisions")
        view = app.view
        hands = [h for s in (*view.seats, *view.piles) for h in s.hands]
        assert hands and all(set(h.cards) == {"##"} for h in hands), hands  # counts, not cards
        header = text_of(app.screen.query_one("#header").content)
        assert "Decisions" in header and "Settlement" not in header
        while step(app) == "decisions":
            await pilot.press("p")
            await pilot.pause(0.05)
        assert await until(pilot, lambda: app.view.step == "settlement")
        shown = [h for s in (*app.view.seats, *app.view.piles) for h in s.hands]
        assert all("##" not in h.cards for h in shown)  # the showdown turns them
    c.close()


def test_every_state_has_a_way_out_and_names_its_refusals():
    for s, spec in SPECS.items():
        assert spec.way_out and spec.prompt and spec.phase
        if s is not Step.MAINTENANCE:
            assert spec.accepts, s  # some input acts in every live state
    assert refusal(Step.STOPPED, "new-round").startswith("new-round is not taken while the table is stopped")
    assert accepts(Step.STOPPED, "clear-alert") and accepts(Step.STOPPED, "tech.assign-device")
    assert not accepts(Step.SHUFFLING, "new-round")
    assert step_of(TableFacts(stop=True, status="dealing")) is Step.STOPPED
    assert step_of(TableFacts(live=False, stop=True)) is Step.MAINTENANCE
    assert step_of(TableFacts(status="dealing", expected="dice")) is Step.DICE
    assert step_of(TableFacts(status="dealt", deciding=True)) is Step.DECISIONS
    assert step_of(TableFacts(status="dealt", setting=True)) is Step.SETTING
    assert step_of(TableFacts(status="dealt", needs_shuffle=True)) is Step.SETTLEMENT
    assert step_of(TableFacts(status="dealt", shuffling=True)) is Step.SHUFFLING
    assert step_of(TableFacts(status="void", needs_shuffle=True)) is Step.SHUFFLE


@pytest.mark.parametrize(("kind", "fault"), sorted(REMEDIES))
def test_each_device_fault_has_its_own_remedy_citing_the_shipped_guide(kind, fault):
    text = remedy_for(kind if kind != "*" else "shoe", fault)
    assert text == REMEDIES[(kind, fault)] or kind == "*"
    others = {v for k, v in REMEDIES.items() if k != (kind, fault)}
    assert REMEDIES[(kind, fault)] not in others  # no two faults share a remedy


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (160, 50)])
async def test_header_and_keys_fit_the_dealers_screen(size):
    """At 80x24 and up the header keeps table, round and game, and the keys line shows every key that acts
    in the state (and `?` for the rest) without being cut."""
    from terminal.console.app import DealerConsole
    from terminal.console.demo import tour_views
    from terminal.roles import Access

    class Fixed:
        def __init__(self, view):
            self.view = view

        def attach(self, publish):
            publish(self.view)

        async def submit(self, inp):
            return None

    views = await tour_views()
    for name in ("waiting", "alert", "settlement"):
        view = views[name]
        app = DealerConsole(Fixed(view), Access({}))
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            header = app.screen.query_one("#header")
            keys = app.screen.query_one("#keys")
            head = text_of(header.content).strip()
            line = text_of(keys.content).strip()
            assert (
                head.startswith(f"{view.table_id} #{view.round_no} {view.game_name}")
                if view.round_no
                else True
            )
            assert view.table_id in head and view.game_name in head
            names = app.key_names()
            assert "tile-picker" not in names  # `e` is a tiles table's (tests/terminal/test_demo_tiles.py)
            tokens = set(line.replace("/", " ").split())
            for action in view.keys:
                assert names[action] in tokens, (name, action, line)
            assert line.endswith("?  keys")
            # The bottom line (inside the STOP border when there is one), and nothing cut.
            assert keys.region.y >= size[1] - 2 and keys.region.width >= size[0] - 2
            assert len(line) <= keys.region.width, (name, size, line)
            visible = head[: header.region.width]  # only the room and the game id may fall off the end
            assert view.table_id in visible and view.game_name in visible, (size, head)
            assert not view.round_no or f"#{view.round_no}" in visible


async def test_p_on_a_seat_with_wagers_is_refused_not_a_silent_move(tmp_path):
    from terminal.console.view import ConsoleInput
    from terminal.controller import TableController
    from terminal.journal import Journal
    from tests.terminal.test_settlement import config_for

    cfg = config_for(tmp_path, "paigow/capitol", 7)
    c = TableController(cfg, Journal(cfg.journal.path))
    await c.start()

    async def send(action, **data):
        return await c.submit(ConsoleInput(action, "dealer", "key", data))

    assert await send("wager.place", seat=3, spot="main", add=2500) is None
    said = await send("wager.player-dealer", seat=3)
    assert "seat 3 has wagers on the layout (main)" in said
    assert c.player_dealer is None and c.board.wagers == {(3, 0, "main"): 2500}  # nothing moved or lost
    assert "refused" in list(c.journal.journal.entries(kind="input"))[-1].payload
    assert await send("wager.player-dealer", seat=1) == "seat 1 banks"
    # A fault key for a device the table does not have names what the table has.
    c.demo_faults = True
    assert "this table has no shoe" in await c.inject_fault("shoe", "misread_next")
    c.close()


async def test_f2_shows_the_game_the_fees_and_the_shuffler_settings_and_refreshes_after_assign(
    tmp_path, monkeypatch
):
    from textual.widgets import DataTable, Input

    app = demo_app(tmp_path, monkeypatch, 0)
    c = app.controller
    async with app.run_test(size=(140, 44)) as pilot:
        assert await until(pilot, lambda: "shuffler" in c.shuffler_settings)
        await pilot.press("f2")
        assert await until(pilot, lambda: type(app.screen).__name__ == "PinScreen")
        await enter_pin(pilot, PINS["technician"])
        assert await until(pilot, lambda: type(app.screen).__name__ == "TechnicianScreen")
        truths = text_of(app.screen.query_one("#tech-table").content)
        assert "(paigow/capitol)" in truths and "fee schedule: none posted" in truths
        assert (
            "shuffler shuffler: 1 deck(s) + 1 joker(s), hands of 7 x 7 (as the shuffler reported)" in truths
        )
        app.screen.query_one("#tech-device-name", Input).value = "dice"
        app.screen.query_one("#tech-device-url", Input).value = "emu://dice-cup-weak"
        await pilot.click("#tech-assign")
        table = app.screen.query_one("#tech-devices", DataTable)
        assert await until(
            pilot,
            lambda: any(str(table.get_row_at(i)[2]) == "emu://dice-cup-weak" for i in range(table.row_count)),
        )
    c.close()


def test_run_headless_logs_what_it_does_and_refuses_a_config_it_cannot_run(tmp_path):
    import os
    import signal
    import subprocess
    import sys

    env = {**os.environ, "DEALER_TERMINAL_STATE_DIR": str(tmp_path)}
    env.pop("DEALER_TERMINAL_CONFIG", None)
    cmd = [sys.executable, "-m", "terminal.cli", "run", "--headless"]
    proc = subprocess.Popen(cmd, env=env, stderr=subprocess.PIPE, text=True)
    lines = []
    for line in proc.stderr:  # read until the table has reached a state (no timing involved)
        lines.append(line.rstrip())
        if line.startswith("INFO state "):
            break
    proc.send_signal(signal.SIGTERM)
    _, rest = proc.communicate()
    lines += rest.splitlines()
    assert proc.returncode == 0, lines
    text = "\n".join(lines)
    assert "INFO table pg-1: Pai Gow Poker (paigow/capitol), 7 seats, journal" in text
    assert "INFO device shuffler: shuffler at emu://shuffler-basic" in text
    assert "INFO state shuffle: shuffle the cards: press new round" in text
    assert "INFO stopping: finishing the journal" in text
    # A configuration it cannot run: exit non-zero with the reason, not a traceback.
    bad = subprocess.run([*cmd, "--set", "table.seats=0"], env=env, capture_output=True, text=True)
    assert bad.returncode != 0 and "Traceback" not in bad.stderr and "seats" in bad.stderr
