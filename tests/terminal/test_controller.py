"""The controller: inputs and device events are journaled before they apply, the fold matches the
round engine's, a restart (even after SIGKILL) lands where the table was, and the view shows it."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from rules.cards import card
from rules.round import fold
from rules.round.events import CardRead, RoundStart
from terminal.config import check_config
from terminal.console.view import ConsoleInput
from terminal.controller import TableController, round_event_for
from terminal.journal import ROUND_KIND, Journal
from terminal.scenario import load_scenario
from terminal.screen import view_from_state

REPO = Path(__file__).resolve().parents[2]
SCENARIO = REPO / "tests" / "scenarios" / "capitol-paigow-rule-33-boxed-card-replaced-from-leftovers.yaml"


def config_for(tmp_path: Path, game: str = "paigow/capitol", seats: int = 7, devices: str = ""):
    f = tmp_path / "table.yaml"
    f.write_text(
        f"table: {{game: {game}, seats: {seats}, limits: {{min_cents: 500, max_cents: 100000}}}}\n"
        f"journal: {{path: {tmp_path / 'j.db'}}}\n" + devices
    )
    cfg, problems = check_config([f], env={})
    assert not problems, problems
    return cfg


async def controller(tmp_path, **kw):
    cfg = config_for(tmp_path, **kw)
    c = TableController(cfg, Journal(cfg.journal.path))
    await c.start()
    return c


async def test_events_are_journaled_then_folded_like_the_engine(tmp_path):
    sc = load_scenario(SCENARIO)
    c = await controller(tmp_path)
    views = []
    c.attach(views.append)
    for e in sc.events:
        await c.apply_event(e)
    expected = fold(sc.rules, sc.events)
    assert c.state.outcome.to_json() == expected.outcome.to_json()
    assert c.state.prompt == expected.prompt == "deal complete"
    journaled = [e.payload for e in c.journal.journal.entries(kind=ROUND_KIND)]
    assert journaled == [e.to_json() for e in sc.events]
    assert len(views) == len(sc.events) + 1
    v = views[-1]
    # The deal is complete and the hands wait to be set: the header names that phase, not settlement,
    # and the piles are still face down (counts, not cards).
    assert v.step == "setting" and v.phase == "setting hands" and v.round_no == 1
    assert "pile 5" in [p.name for p in v.piles]
    assert all(set(h.cards) == {"##"} for p in v.piles for h in p.hands), v.piles
    c.close()


async def test_a_restart_lands_where_the_table_was(tmp_path):
    sc = load_scenario(SCENARIO)
    c = await controller(tmp_path)
    for e in sc.events[:9]:
        await c.apply_event(e)
    before = c.state
    c.close()
    again = await controller(tmp_path)
    assert again.state.prompt == before.prompt
    assert again.state.placed == before.placed and again.state.active == before.active
    assert again.round_no == 1
    # The configuration was journaled once, not at every start.
    assert [e.kind for e in again.journal.journal.entries()].count("config") == 1
    again.close()


async def test_console_inputs_become_round_events(tmp_path):
    c = await controller(tmp_path, game="threecard/betwiser-3card-holdem", seats=6)
    # No shuffler: the first new round records the dealer's shuffle, the second starts the round.
    assert "shuffle recorded" in await c.submit(ConsoleInput("new-round"))
    assert c.state.start is None and c.step().value == "betting"
    assert await c.submit(ConsoleInput("new-round")) is None
    assert isinstance(c.state.start, RoundStart) and c.state.start.seats == (1, 2, 3, 4, 5, 6)
    await c.apply_event(CardRead(card("As")))
    await c.apply_event(CardRead(card("Kd")))
    assert await c.submit(ConsoleInput("undo")) is None
    assert len(c.state.placed) == 1  # the Kd is undone, by a journaled correction
    kinds = [e.payload.get("type") for e in c.journal.journal.entries(kind=ROUND_KIND)]
    assert kinds == ["shuffle", "round_start", "card", "card", "correction"]
    await c.submit(ConsoleInput("misdeal"))
    alert = c.view().active_alert
    assert alert is not None
    # A declared misdeal is the floor's to clear (the variant's ruling table): the dealer is refused, journaled.
    assert (alert.code, alert.clear_role) == ("MISDEAL_DECLARED", "floor")
    refused = await c.submit(ConsoleInput("clear-alert", "dealer", data={"code": alert.code}))
    assert refused == "MISDEAL_DECLARED is cleared by floor, not dealer"
    last = list(c.journal.journal.entries())[-1]
    assert last.kind == "input" and last.payload["refused"] == refused
    assert await c.submit(ConsoleInput("clear-alert", "floor", data={"code": alert.code})) is None
    assert all(a.code != alert.code for a in c.view().alerts)
    c.close()


async def test_maintenance_is_not_live_and_verifies_the_journal(tmp_path):
    c = await controller(tmp_path)
    await c.submit(ConsoleInput("mode.change", "maintenance", data={"to": "maintenance"}))
    assert c.view().live is False
    assert "not live" in await c.submit(ConsoleInput("confirm"))
    assert "chain intact" in await c.submit(ConsoleInput("maint.verify-journal", "maintenance"))
    c.close()


async def test_device_events_reach_the_round(tmp_path):
    from devices.events import CardDispensed, DeviceIdentity, ShufflerJam

    c = await controller(tmp_path)
    await c.on_device_event(DeviceIdentity("shuffler", "M", "S1", "2.3.1", "ab" * 32, 1, device="shuffler"))
    assert c.devices["shuffler"].state == "ok" and c.devices["shuffler"].firmware == "2.3.1"
    await c.on_device_event(CardDispensed(card("7d"), False, 1, 1, device="shuffler"))
    last = list(c.journal.journal.entries(kind=ROUND_KIND))[-1].payload
    assert last["card"] == "7d" and last["packet"] == 2  # the wire's pile 1 is the second packet
    await c.on_device_event(ShufflerJam(3, device="shuffler"))
    assert c.devices["shuffler"].state == "fault"
    assert c.counter_snapshot()["shuffler"] == {"reads": 1, "jams": 1}
    assert any(a.code == "SHUFFLER_JAM" for a in c.view().alerts)
    c.close()


class FakeDriver:
    def __init__(self) -> None:
        self.jammed = True
        self.restart_pending = False
        self.calls: list[str] = []
        self.states: list = []

    def clear_fault(self) -> None:
        self.calls.append("clear_fault")

    def show_state(self, state) -> None:
        self.states.append(state)


async def test_clearing_a_jam_resumes_the_shuffler_and_lamps_follow_state(tmp_path):
    from devices.events import ShufflerJam

    devices = (
        "devices:\n  shuffler: {kind: shuffler, url: emu://shuffler-basic}\n"
        "  buttons: {kind: panel, url: emu://panel-basic}\n"
    )
    cfg = config_for(tmp_path, devices=devices)
    c = TableController(cfg, Journal(cfg.journal.path))
    shuffler, panel = FakeDriver(), FakeDriver()
    c.drivers = {"shuffler": shuffler, "buttons": panel}
    await c.on_device_event(ShufflerJam(3, device="shuffler"))
    assert panel.states[-1].alert == "SHUFFLER_JAM"
    refused = await c.submit(ConsoleInput("clear-alert", "floor", data={"code": "SHUFFLER_JAM"}))
    assert "technician" in refused and shuffler.calls == []
    assert await c.submit(ConsoleInput("clear-alert", "technician", data={"code": "SHUFFLER_JAM"})) is None
    assert shuffler.calls == ["clear_fault"]
    assert panel.states[-1].alert is None
    await c.submit(ConsoleInput("mode.change", "technician", data={"to": "maintenance"}))
    assert panel.states[-1].phase == "maintenance"
    c.close()


def test_round_event_mapping():
    from devices.events import CommsLost, DiceRolled, UnreadableCard

    assert round_event_for(DiceRolled(3, 5, 6, device="dice")).to_json()["dice"] == [3, 5, 6]
    assert round_event_for(UnreadableCard(device="shoe")).to_json()["card"] == "??"
    assert round_event_for(CommsLost(5.0, device="shoe")).to_json()["code"] == "COMMS_LOST"


def test_view_from_an_empty_table(tmp_path):
    from rules.round import initial
    from terminal.games import get_game
    from terminal.scenario import game_rules

    cfg = config_for(tmp_path)
    v = view_from_state(initial(game_rules(get_game("paigow/capitol"))), cfg, game_name="Pai Gow Poker")
    assert v.open and v.phase == "waiting" and len(v.seats) == 7 and v.next_step


KILLED_WRITER = r"""
import asyncio, sys
from terminal.config import check_config
from terminal.controller import TableController
from terminal.journal import Journal
from terminal.scenario import load_scenario

async def main():
    cfg, _ = check_config([sys.argv[1]], env={})
    sc = load_scenario(sys.argv[2])
    c = TableController(cfg, Journal(cfg.journal.path))
    await c.start()
    done = c.state.seq
    for e in sc.events[done:]:
        await c.apply_event(e)
        print(c.state.seq, flush=True)
    await asyncio.sleep(60)

asyncio.run(main())
"""


async def test_sigkill_mid_round_then_restart(tmp_path):
    """Kill the controller at random points of a round; each restart is verified and where it was."""
    sc = load_scenario(SCENARIO)
    cfg = config_for(tmp_path)
    rng = random.Random(7)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    acked = 0
    for _ in range(3):
        proc = subprocess.Popen(
            [sys.executable, "-c", KILLED_WRITER, str(tmp_path / "table.yaml"), str(SCENARIO)],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        remaining = len(sc.events) - acked
        for _ in range(rng.randint(1, max(1, remaining // 2))):
            line = proc.stdout.readline()
            if not line:
                break
            acked = int(line)
        os.kill(proc.pid, signal.SIGKILL)
        for line in proc.stdout:
            acked = int(line)
        proc.wait()
        c = TableController(cfg, Journal(cfg.journal.path))  # verifies the chain on open
        assert c.state.seq >= acked
        want = fold(sc.rules, sc.events[: c.state.seq])
        assert c.state.placed == want.placed and c.state.prompt == want.prompt
        c.close()
        if c.state.seq == len(sc.events):
            break
    assert acked > 0


@pytest.mark.parametrize("table", ["paigow", "baccarat", "threecard", "blackjack", "poker"])
async def test_example_tables_open(table, tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_TERMINAL_STATE_DIR", str(tmp_path))
    cfg, problems = check_config([REPO / "config" / "tables" / f"{table}.yaml"], env={})
    assert not problems
    c = TableController(cfg, Journal(cfg.journal.resolved_path()))
    await c.start()
    v = c.view()
    assert v.game_id == cfg.table.game and {d.name for d in v.devices} == set(cfg.devices)
    c.close()


async def test_technician_sets_the_game_and_the_shuffler(tmp_path):
    c = await controller(tmp_path)
    drv = FakeDriver()
    drv.configured = None
    drv.configure = lambda settings: setattr(drv, "configured", settings)
    c.config = c.config.model_copy(
        update={"devices": {"shuffler": c.config.devices.get("shuffler") or _shuffler_cfg()}}
    )
    c.drivers = {"shuffler": drv}
    said = await c.submit(
        ConsoleInput("tech.configure-shuffler", "technician", data={"decks": 1, "packet": 7, "hands": 7})
    )
    assert "shuffler set" in said and drv.configured.packets == 7
    assert "refused" in await c.submit(
        ConsoleInput("tech.configure-shuffler", "technician", data={"decks": 99})
    )
    bad = await c.submit(ConsoleInput("tech.set-game", "technician", data={"game": "x/y"}))
    assert "unknown game" in bad and c.game.id == "paigow/capitol"
    said = await c.submit(
        ConsoleInput(
            "tech.set-game",
            "technician",
            data={
                "game": "threecard/betwiser-3card-holdem",
                "fee_schedule": "the101/three-card-texas-holdem/1",
            },
        )
    )
    assert said == (
        "the table deals 3 Card Texas Hold'em (threecard/betwiser-3card-holdem), fees the101/three-card-texas-holdem/1"
    )
    assert c.view().game_id == "threecard/betwiser-3card-holdem" and c.config.table.fee_schedule
    c.close()
    again = TableController(c.config, Journal(c.config.journal.path))
    assert again.state.seq == 0  # the game change starts a fresh fold on restart too
    again.close()


def _shuffler_cfg():
    from terminal.config import DeviceConfig

    return DeviceConfig(kind="shuffler", url="emu://shuffler-basic")


async def test_buttons_act_and_destructive_ones_need_a_long_press(tmp_path):
    from devices.events import ButtonPressed

    c = await controller(tmp_path)
    said: list[str] = []
    c.notice = said.append
    await c.on_device_event(ButtonPressed("misdeal", False, 300, destructive=True, device="buttons"))
    assert said == ["hold misdeal for 2 seconds"] and c.state.seq == 0
    await c.on_device_event(ButtonPressed("new_round", False, 120, device="buttons"))
    assert c.state.shoe.shuffled and c.state.start is None  # no shuffler: the dealer's shuffle first
    await c.on_device_event(ButtonPressed("new_round", False, 120, device="buttons"))
    assert isinstance(c.state.start, RoundStart)  # the panel's new_round is the console's new-round
    c.close()


async def test_the_rules_at_the_table_check_the_posted_limits_as_replay_does(tmp_path):
    """The table's posted limits (config: $5 minimum) reach the round engine, not only the wager panel: a
    wager under the minimum that reaches the round (a wager placed after the round start, or a journal
    replayed) gets the filed ruling (Capitol rule 6, seed 003 L40) at the table as in replay."""
    from rules.round.events import event_from_json

    c = await controller(tmp_path)
    await c.apply_event(event_from_json({"type": "shuffle", "source": "shuffler"}))
    start = {
        "type": "round_start",
        "seats": [1, 2, 3],
        "player_dealer": 1,
        "wagers": [{"seat": 2, "spot": "main", "cents": 100}, {"seat": 3, "spot": "main", "cents": 1000}],
        "bank": 50000,
    }
    await c.apply_event(event_from_json(start))
    under = [a for a in c.state.alerts if a.code.value == "WAGER_UNDER_MINIMUM"]
    assert [a.seat for a in under] == [2] and under[0].rule == "capitol-6"
    c.close()


class RestartingShuffler(FakeDriver):
    """A shuffler driver that came back from a reboot: it sends nothing until the restart is acknowledged
    (as ``devices.driver.Device._command`` refuses)."""

    def __init__(self) -> None:
        super().__init__()
        self.jammed = False
        self.restart_pending = True

    def dispense(self) -> None:
        if self.restart_pending:
            raise RuntimeError("shuffler restarted; acknowledge the restart first")
        self.calls.append("dispense")

    def acknowledge_restart(self) -> None:
        self.restart_pending = False
        self.calls.append("acknowledge_restart")


async def test_a_packet_refused_while_the_shuffler_restarted_is_asked_for_once_the_restart_is_cleared(
    tmp_path,
):
    """The round wants its first packet while the shuffler's reboot is not yet acknowledged: the driver
    refuses to send. Once the technician clears DEVICE_RESTARTED the packet is asked for, so the round does
    not wait for ever on a shuffler showing ok (found by the soak through the emulated devices)."""
    from devices.events import DeviceRestarted
    from rules.round.events import event_from_json

    devices = "devices:\n  shuffler: {kind: shuffler, url: emu://shuffler-basic}\n"
    cfg = config_for(tmp_path, devices=devices)
    c = TableController(cfg, Journal(cfg.journal.path))
    shuffler = RestartingShuffler()
    c.drivers = {"shuffler": shuffler}
    await c.on_device_event(DeviceRestarted(7, device="shuffler"))
    await c.apply_event(event_from_json({"type": "shuffle", "source": "shuffler"}))
    start = {
        "type": "round_start",
        "seats": [1, 2, 3],
        "player_dealer": 1,
        "bank": 50000,
        "wagers": [{"seat": 2, "spot": "main", "cents": 1000}],
    }
    await c.apply_event(event_from_json(start))
    c._dispense_if_due()  # what the round start's submission does
    assert shuffler.calls == []  # refused by the driver: nothing went out
    assert (
        await c.submit(ConsoleInput("clear-alert", "technician", data={"code": "DEVICE_RESTARTED"})) is None
    )
    assert shuffler.calls == ["acknowledge_restart", "dispense"]
    c.close()
