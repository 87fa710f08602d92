"""The table-flow model (issue 16 item 8), shared by ``tests/terminal/test_flow_model.py`` (bounded, in
``make test``) and ``benchmarks/flow_model.py`` (the long run).

Hypothesis drives the real controller — real journal, real round engine, a real PIN gate — with its devices
EMULATED: the table's configured ``emu://`` shufflers, shoes, dice cups and tile trays, each the real
emulator behind the production serial transport and the real driver, under the table's device supervisor.
The model presses what a dealer, a floor supervisor and a technician press: dealer keys, wagers and the
bank, the prompt's own key, faults injected into the emulators (the demo's fault keys: jam, cover, reboot,
unplug, line noise, cup opened early, weak shake, misread …), misdeals, and PIN attempts, right and wrong.

After every step, once the devices have had their say (the table is quiet: a bounded number of event-loop
turns with nothing new, never a timing), it checks:

- **a way out**: the table's state lists inputs it accepts and its way out, the footer shows exactly
  them, and a STOP names the role that clears it; a table that waits on a healthy device with no alert
  is answered by that device (no wait for ever); a device whose chip shows offline has an alert naming
  it (its clearing reopens it, or its reopen is under way);
- **no STOP bypassed**: every alert cleared by a staff role was preceded by that role's PIN login;
- **nothing hidden shown**: no face-down card is drawn before the showdown;
- **chips conserved** in every settlement;
- at the end, the journal verifies, the journal folded from its first entry is the live table, and a
  restart on it lands on the same table.

The silence watchdog and the controller's own timer are manual clocks the model moves (``time_passes``):
no verdict here depends on the machine's speed.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import event
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from firmware_bridge.clock import ManualClock
from firmware_bridge.link import LinkConfig
from rules.families import family as family_rules
from rules.round.events import TargetKind
from terminal.commands.run import DEMO_TABLES
from terminal.config import TerminalConfig, load_config
from terminal.console.app import DEMO_FAULTS
from terminal.console.view import FACE_DOWN, ConsoleInput
from terminal.controller import TableController, controller_class
from terminal.games import get_game
from terminal.journal import Journal
from terminal.paths import config_dir
from terminal.roles import Access, LockedOut, hash_pin
from terminal.table.machine import SPECS, Step, keys_of
from terminal.table.restore import fold_journal

TRACE = bool(os.environ.get("FLOW_MODEL_TRACE"))
PINS = {"dealer": "1111", "floor": "2222", "technician": "3333"}
HASHES = {role: hash_pin(pin, n=2**4) for role, pin in PINS.items()}
KEYS = (
    "new-round",
    "confirm",
    "misdeal",
    "undo",
    "house-way",
    "play",
    "fold",
    "clear-alert",
    "call-floor",
    "bank-accepted",
)

#: The demo's tables, each with its emulated devices.
DEMO: tuple[str, ...] = DEMO_TABLES
#: One configured game per family that is not the demo's, on an example table of the family (or one
#: with the devices it needs): ``(table file, game)``. A game whose deck the table's shuffler does not
#: hold is a fair case too: the deck check fails and the table says so.
CONFIGURED = (
    ("paigow", "paigow/tres-lounge"),
    ("baccarat", "baccarat/ez-panda8"),
    ("threecard", "threecard/betwiser-3card-holdem"),
    ("twocardpeek", None),
    ("ultimatewar", None),
    ("chinese", "chinese/13-card-oaks"),
    ("paigowtiles", None),
    ("blackjack", None),
    ("poker", None),
    ("poker", "stud/"),
    ("omaha-pl", "omaha/hilo-oaks"),
    ("lowball-winner", "draw/lowball-joker-oaks"),
    ("poker", "panguingue/"),
)


def configured_games() -> list[tuple[str, str]]:
    """``(table, game)`` for every configured case (a family prefix takes the family's first game)."""
    out = []
    for table, game in CONFIGURED:
        if game is None:
            cfg = load_config(config_dir() / "tables" / f"{table}.yaml", demo=False)
            out.append((table, cfg.table.game))
        elif game.endswith("/"):
            first = sorted((config_dir() / "games" / game.rstrip("/")).glob("*.yaml"))[0]
            out.append((table, f"{game}{first.stem}"))
        else:
            out.append((table, game))
    return out


def table_config(table: str, game: str | None, state: Path) -> TerminalConfig:
    """The example table ``table`` (its emulated devices), dealing ``game``, journaling under ``state``."""
    cfg = load_config(config_dir() / "tables" / f"{table}.yaml", demo=False)
    t = cfg.table.model_copy(update={"game": game or cfg.table.game, "fee_schedule": None})
    journal = cfg.journal.model_copy(update={"path": str(state / "journal.sqlite3")})
    return cfg.model_copy(update={"table": t, "journal": journal}, deep=True)


async def quiet(c: TableController, turns: int = 8, bound: int = 1500, seen: set[str] | None = None) -> None:
    """Let the devices have their say: return once ``turns`` event-loop pauses in a row change nothing
    (the round, the table, the step, the devices), or after ``bound`` pauses (a bound for a broken run,
    not a timing). ``seen`` collects the table's states on the way (the dice pass quickly)."""
    last: Any = None
    same = 0
    for _ in range(bound):
        await asyncio.sleep(0.01)
        table = c.table  # a new object on every change (the fold is immutable): compared by identity
        now = (c.step(), tuple(d.state for d in c.devices.values()), len(c._tasks))
        if seen is not None:
            seen.add(now[0].value)
        busy = any(not t.done() for t in c._tasks)  # the controller's own work under way (a reconnect)
        same = same + 1 if last is not None and table is last[0] and now == last[1] and not busy else 0
        last = (table, now)
        if same >= turns:
            return


def waits_on_devices(c: TableController) -> bool:
    """Whether the table waits on its devices now: shuffling, or a card, the dice or a tray the round
    expects from them (not a betting round the dealer closes, nor a card the dealer asks for)."""
    step = c.step()
    if step is Step.SHUFFLING:
        return True
    if step not in (Step.DEALING, Step.DICE) or c.state.status.value != "dealing":
        return False
    return step is Step.DICE or hasattr(c.state.expected, "target")


def waits_with_a_way_out(c: TableController, run: Any) -> bool:
    """False if the table waits on its devices, does not move once they have had their say (a long quiet,
    a bound of event-loop turns, never a timing), and no alert on screen names a remedy and its clearer."""
    if not waits_on_devices(c):
        return True
    if any(a.remedy and a.clear_role for a in c.view().alerts):
        return True
    before = c.table
    run(quiet(c, turns=40, bound=3000))
    return c.table is not before or any(a.remedy and a.clear_role for a in c.view().alerts)


def table_difference(folded: Any, live: Any) -> str:
    """The fields in which the journal's fold and the live table differ (for a failure)."""
    out = []
    for f in dataclasses.fields(live):
        a, b = getattr(folded, f.name), getattr(live, f.name)
        if a != b:
            if dataclasses.is_dataclass(b) and not isinstance(b, type):
                inner = [
                    g.name for g in dataclasses.fields(b) if getattr(a, g.name, None) != getattr(b, g.name)
                ]
                out.append(f"{f.name}: {inner}")
            else:
                out.append(f"{f.name}: folded {a!r:.200} live {b!r:.200}")
    return "; ".join(out) or "equal field by field"


def stuck_words(c: TableController) -> str:
    """The table's state in words, for a failure: the step, the prompt, the alerts and the devices."""
    devices = {n: f"{d.state} {d.detail}".strip() for n, d in c.devices.items()}
    alerts = [a.code for a in c.view().alerts]
    return f"{c.step().value}: {c.state.prompt}; alerts {alerts}; devices {devices}"


class EmulatedTable(RuleBasedStateMachine):
    """One table on emulated devices, driven as a dealer, a floor supervisor and a technician would.
    Subclasses set :attr:`CASES`, the ``(table, game)`` pairs the model opens."""

    CASES: tuple[tuple[str, str | None], ...] = (("paigow", None),)
    #: The table's states the runs passed through (the test checks the dice and the setting were reached).
    reached: set[str] = set()

    @initialize(data=st.data())
    def open_table(self, data: st.DataObject) -> None:
        table, game = data.draw(st.sampled_from(self.CASES), label="table")
        event(f"table {table} {game or ''}".strip())
        self.open_case(table, game)

    def open_case(self, table: str, game: str | None = None) -> None:
        """Open the example table ``table`` dealing ``game`` on its emulated devices, in a new directory
        (its journal, keys and the emulators' non-volatile memory), with the demo layout filled."""
        self.loop = asyncio.new_event_loop()
        self.dir = Path(tempfile.mkdtemp(prefix="flow-model-"))
        self._env = os.environ.get("DEALER_TERMINAL_STATE_DIR")
        os.environ["DEALER_TERMINAL_STATE_DIR"] = str(self.dir)
        self.cfg = table_config(table, game, self.dir)
        self.tiles = family_rules(get_game(self.cfg.table.game).family).pieces == "tiles"
        self.now = [1000.0]
        self._build()
        self.start_devices()
        self.run(self.c.demo_fill())
        self.settle()

    def _build(self) -> None:
        """The controller, built from the journal, with manual clocks and the PIN gate; started."""
        self.c = controller_class(self.cfg)(self.cfg, Journal(self.cfg.journal.path))
        self.c.demo_faults = True
        self.watch = ManualClock()  # the links' silence watchdog: only the model moves it
        self.c.link_config = LinkConfig(watchdog=self.watch.now)
        self.c.timer = ManualClock()
        self.c.device_backoff = None
        self.access = Access(
            HASHES, journal=self.c.journal.journal, clock=lambda: self.now[0], max_failures=3
        )
        self.c.access = self.access
        self.run(self.c.start())

    def start_devices(self) -> None:
        """Open every device (the supervisor) and wait until each is open and healthy (bounded)."""
        self.devices = self.loop.create_task(self.c.run_devices())
        self.run(self._connected())

    def stop_devices(self) -> None:
        """Stop the devices: the supervisor closes every port (each emulator stops with its port)."""
        self.devices.cancel()
        self.run(asyncio.gather(self.devices, return_exceptions=True))

    def restart(self) -> None:
        """The terminal restarts where it is (mid-round too): its devices stopped, the controller closed
        and built again from the journal — the same table — then the devices opened again. The emulated
        devices start again as after a power cut: what they keep is their non-volatile memory (message
        counter, unacknowledged events, the shoe's position), not a shuffler's shuffled deck."""
        self.settle()
        before = self.run(self._folded_under_the_lock())
        if not self.devices.done():
            self.stop_devices()
        self.c.close()
        self._build()
        assert self.c.table == before  # the restart lands where the table was
        self.start_devices()
        self.settle()

    async def _connected(self) -> None:
        for _ in range(1500):  # a bound for a broken run, not a timing
            if len(self.c.drivers) == len(self.cfg.devices) and all(
                d.state == "ok" for d in self.c.devices.values()
            ):
                return
            await asyncio.sleep(0.01)

    def run(self, coro: Any) -> Any:
        return self.loop.run_until_complete(coro)

    def submit(self, action: str, role: str = "dealer", **data: Any) -> str | None:
        said = self.run(self.c.submit(ConsoleInput(action, role, "key", data)))
        if TRACE:
            print(f"    {role} {action} {data or ''} -> {said}")
        self.settle()
        return said

    def settle(self) -> None:
        """Wait for the table to be quiet, noting the states it passes."""
        self.run(quiet(self.c, seen=self.reached))

    # -- the dealer, the layout, the devices -----------------------------------------------------

    @rule(key=st.sampled_from(KEYS))
    def dealer_key(self, key: str) -> None:
        alert = self.c.view().active_alert
        data = {"code": alert.code, "seat": alert.seat} if key == "clear-alert" and alert else {}
        self.submit(key, **data)

    @rule(seat=st.integers(1, 7), add=st.sampled_from([500, 2500, -500]))
    def wager(self, seat: int, add: int) -> None:
        spot = self.c.spots[0] if self.c.spots else "main"
        self.submit("wager.place", seat=seat, spot=spot, add=add)

    @rule(seat=st.integers(1, 7))
    def player_dealer(self, seat: int) -> None:
        self.submit("wager.player-dealer", seat=seat)
        self.submit("wager.bank", add=50000)

    @rule(n=st.integers(4, 12))
    def a_dealer_follows_the_prompt(self, n: int) -> None:
        """The dealer does what the screen asks, n times; the devices deal, roll and read by themselves.
        (Named to sort first: Hypothesis takes rules in name order, so its simplest run — the first of
        every test — is a dealer following the prompt through rounds, and the others add the rest.)"""
        for _ in range(n):
            step = self.c.step()
            if step in (Step.SHUFFLE, Step.BETTING, Step.SETTLEMENT):
                said = self.submit("new-round")
                if said and said.startswith("BANK_ROTATION_DUE"):
                    self.submit("bank-accepted")
            elif step is Step.STOPPED:
                alert = next(a for a in self.c.view().alerts if a.severity == "stop")
                self.clear_with_pin(alert.clear_role if alert.clear_role != "dealer" else "floor", True)
            elif step is Step.DECISIONS:
                self.submit("play")
            elif step is Step.SETTING:
                self.submit("house-way")
            elif step is Step.HELD:
                self.submit("misdeal")
            elif step is Step.DEALING and not hasattr(self.c.state.expected, "target"):
                self.submit("confirm")  # a betting round to close
            else:
                self.settle()

    @rule(fault=st.sampled_from(DEMO_FAULTS))
    def device_fault(self, fault: tuple[str, str, str, str]) -> None:
        """A demo fault key: the emulated device misbehaves now (``Emulator.inject``)."""
        _, device, name, _ = fault
        said = self.run(self.c.inject_fault(device, name))
        if TRACE:
            print(f"    fault {device} {name} -> {said}")
        self.settle()

    # -- PINs and time -------------------------------------------------------------------------------

    @rule(role=st.sampled_from(["floor", "technician"]), right=st.booleans())
    def clear_with_pin(self, role: str, right: bool) -> None:
        """A role types its PIN (right or wrong) and, if it got in, clears the alert on screen."""
        alert = self.c.view().active_alert
        if self.access.session is not None:
            self.access.logout()
        with contextlib.suppress(LockedOut, Exception):  # a wrong PIN is refused: the attempt is the test
            self.access.login(role, PINS[role] if right else "0000")
        if alert is not None:
            self.submit("clear-alert", role, code=alert.code, seat=alert.seat)
        self.access.logout()

    @rule(role=st.sampled_from(["floor", "technician"]))
    def clear_without_pin(self, role: str) -> None:
        """Someone claims a staff role without its PIN: never taken."""
        alert = self.c.view().active_alert
        if alert is not None and alert.clear_role != "dealer":
            before = [a.code for a in self.c.view().alerts]
            self.submit("clear-alert", role, code=alert.code, seat=alert.seat)
            assert [a.code for a in self.c.view().alerts] == before

    @rule(key=st.sampled_from(["new-round", "confirm", None]))
    def the_terminal_restarts(self, key: str | None) -> None:
        """A power cut or a restart of the terminal, at any step (mid-round too). With ``key``, the
        terminal lost its devices just before the dealer pressed it (so nothing it asked of them was
        heard), then restarted."""
        if key is not None:
            self.stop_devices()
            self.submit(key)
        self.restart()

    @rule(seconds=st.sampled_from([1.0, 400.0]))
    def time_passes(self, seconds: float) -> None:
        """The PIN lockout's clock and (a long pause) the devices' silence watchdog move on."""
        self.now[0] += seconds
        if seconds > 100:
            self.run(self.watch.advance(10.0, step=1.0))
        self.settle()

    # -- invariants ------------------------------------------------------------------------------

    @invariant()
    def there_is_a_way_out(self) -> None:
        if not hasattr(self, "c"):
            return
        step = self.c.step()
        event(f"state {step.value}")  # --hypothesis-show-statistics: which states the runs reach
        if TRACE:
            alerts = [a.code for a in self.c.view().alerts]
            print(f"  {self.cfg.table.game}: {step.value} round {self.c.round_no} {alerts} {self.c.devices}")
        spec = SPECS[step]
        assert spec.accepts and spec.way_out
        view = self.c.view()
        assert view.step == step.value
        if not self.tiles:  # the tiles table adds its own keys (the tile picker's) to the state's
            assert view.keys == keys_of(step, self.c.facts())  # the state's inputs that act now
        if step is Step.STOPPED:
            stop = [a for a in view.alerts if a.severity == "stop"]
            assert stop and all(a.clear_role in ("dealer", "floor", "technician") for a in stop)

    @invariant()
    def no_wait_for_ever(self) -> None:
        """A table waiting on its devices (shuffling, or a card, the dice or a tray due) is answered once
        the devices have had their say (the state moves), or an alert on screen names the way out (its
        remedy and the role that clears it). A device whose chip shows a fault or offline is no excuse:
        a round waiting on it with no alert is a dead end the dealer cannot see."""
        if not hasattr(self, "c"):
            return
        c = self.c
        assert waits_with_a_way_out(c, self.run), f"waits for ever: {stuck_words(c)}"

    @invariant()
    def an_offline_device_has_an_alert_naming_it(self) -> None:
        """A device whose chip shows offline has an alert on screen naming it: the one whose clearing
        reopens it, or, while a clearing's reopen is under way, its "reconnecting" alert. An offline chip
        with nothing on screen is a wait for ever from the dealer's side, whatever state the table is in
        (the soak's offline shufflers at a settlement: a reopen cut short by every clearing)."""
        if not hasattr(self, "c") or self.devices.done():
            return  # (the devices stopped: the terminal is restarting)
        c = self.c

        def silent() -> list[str]:
            return [
                name
                for name, d in c.devices.items()
                if d.state == "offline"
                and name in c.config.devices
                and not any(a.message.startswith(name) and a.remedy for a in c.view().alerts)
            ]

        if silent():  # a failure being journaled (its alert follows): a long quiet, a bound, not a timing
            self.run(quiet(c, turns=40, bound=3000))
        assert not silent(), f"offline with no alert naming it: {stuck_words(c)}"

    @invariant()
    def the_next_round_is_a_key_away(self) -> None:
        """Between rounds (shuffle, betting, settlement) the new-round key the footer shows acts: the
        round on the layout is finished (a round that cannot be settled is held for the floor, whose
        misdeal voids it — never a settlement screen that refuses the next round)."""
        if not hasattr(self, "c"):
            return
        c = self.c
        if c.step() in (Step.SHUFFLE, Step.BETTING, Step.SETTLEMENT):
            assert c._unfinished_round() is None, (c.step().value, c._unfinished_round())

    @invariant()
    def stops_are_cleared_only_with_their_pin(self) -> None:
        if not hasattr(self, "c"):
            return
        j = self.c.journal.journal
        logins = [(x.seq, x.payload.get("role")) for x in j.entries(kind="auth.login")]
        cleared = [
            (e.seq, e.payload.get("role"))
            for e in j.entries(kind="round")
            if e.payload.get("type") == "alert_cleared"
        ]
        cleared += [(e.seq, e.payload.get("role")) for e in j.entries(kind="fault.clear")]
        for seq, role in cleared:
            if role not in (None, "dealer"):
                before = [r for s, r in logins if s < seq]
                assert before and before[-1] == role, (seq, role, before)

    @invariant()
    def face_down_cards_stay_hidden(self) -> None:
        if not hasattr(self, "c"):
            return
        st_ = self.c.state
        view = self.c.view()
        # burns are never drawn; every other face-down card is drawn as its back until the showdown
        down = sum(
            1 for p in st_.placed if not p.face_up and not p.void and p.target.kind is not TargetKind.BURN
        )
        shown = sum(h.cards.count(FACE_DOWN) for s in (*view.seats, *view.piles) for h in s.hands)
        if view.step in ("dealing", "decisions", "setting", "dice", "stopped") and st_.start is not None:
            assert shown == down, (view.step, shown, down)

    @invariant()
    def chips_are_conserved(self) -> None:
        if not hasattr(self, "c"):
            return
        ts = self.c.settled
        if ts is not None and ts.settlement is not None:
            assert ts.chips_before() == ts.chips_after()

    async def _folded_under_the_lock(self) -> Any:
        """The live table, checked equal to the journal folded from its first entry. Read under the
        controller's journal-then-fold lock, so no commit is half done (journaled, not yet folded)."""
        async with self.c._held():
            table = self.c.table
            t = self.cfg.table
            folded = fold_journal(
                self.c.journal.journal.entries(), t.game, t.seats, t.fee_schedule, self.c.rules_for
            )
        # the journal folded from its first entry is the live table
        assert folded == table, table_difference(folded, table)
        return table

    def teardown(self) -> None:
        if not hasattr(self, "c"):
            return
        try:
            self.settle()
            table = self.run(self._folded_under_the_lock())
            self.devices.cancel()
            self.run(asyncio.gather(self.devices, return_exceptions=True))
            assert self.c.journal.journal.verify().ok
            self.c.close()
            again = controller_class(self.cfg)(self.cfg, Journal(self.cfg.journal.path))
            assert again.table == table  # and so is a restart (the last checkpoint, then the entries)
            again.close()
        finally:
            self.loop.close()
            if self._env is None:
                os.environ.pop("DEALER_TERMINAL_STATE_DIR", None)
            else:
                os.environ["DEALER_TERMINAL_STATE_DIR"] = self._env
