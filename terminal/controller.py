"""The table controller: device events and dealer inputs -> journal (durable first) -> round fold -> view.

One controller per table. It owns the journal, the round state and the device health, and is the
console's backend (:class:`terminal.console.view.ConsoleBackend`):

- every input becomes a journal entry *before* it takes effect: round events are journaled with kind
  ``round`` and the event's own JSON (``rules.round.events``), everything else (logins, mode and
  config changes, device information, refused inputs) with its own kind;
- round events are folded into :class:`rules.round.RoundState` (``apply``), and the state is turned
  into a :class:`TableView` (:func:`view_from_state`) and published to the console;
- on start-up the journal is verified (a broken chain refuses to start) and the round events since the
  last game change are folded again, so a restart lands exactly where the table was.

Journal writes (an fsync each) run on one worker thread, so the asyncio loop never blocks on the disk,
and an :class:`asyncio.Lock` keeps "journal, then apply" one step: the order of the journal is the
order of the fold.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import dataclasses
import io
import json
import tarfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from firmware_bridge.clock import MonotonicClock
from rules.banking import (
    BetsAfterClose,
    BettingBoard,
    SpotLimit,
    Verdict,
    WagerKind,
    check_wagers,
)
from rules.banking import Wager as BankWager
from rules.banking.backline import BACKLINE, behind, bettor
from rules.banking.wagers import BettingPhase, placement_problem
from rules.families import family as family_rules
from rules.round import RoundState, Status
from rules.round.alerts import AlertCode
from rules.round.alerts import Role as RulesRole
from rules.round.events import (
    Action,
    AlertCleared,
    Button,
    ButtonPress,
    By,
    CardRead,
    Decision,
    Declare,
    DeclareKind,
    Event,
    HandSet,
    RoundStart,
    Shuffle,
)
from rules.round.events import Wager as RoundWager
from rules.round.procedure import PhaseKind
from rules.round.state import Wait
from rules.round.table_rules import late_wager_ruling, variant_limits
from terminal.config import TerminalConfig, check_fee_game, fee_schedule, state_dir
from terminal.console.view import (
    AlertView,
    ConsoleInput,
    DeviceView,
    TableView,
)
from terminal.craps_view import stays_with_bank
from terminal.errors import UserError
from terminal.floorlink.link import FloorLink
from terminal.games import get_game, load_games
from terminal.journal import ROUND_KIND, Entry, Journal, JournalFull, VerifyReport, journal_for
from terminal.journal.alerts import journal_full_alert, journal_low_alert
from terminal.journal.restore import table_snapshot
from terminal.scenario import game_rules
from terminal.screen import (
    Setup,
    Station,
    betting_open,
    card_wanted,
    facts_of,
    next_to_decide,
    screen_of,
    settled_of,
)
from terminal.screen import hands_to_set as _hands_to_set
from terminal.screen import needs_shuffle as _needs_shuffle
from terminal.settlement import TableSettlement, settle_table, settles_at_table
from terminal.table.bet_input import bet_decision
from terminal.table.commands import (
    BankWord,
    ChangeMode,
    ChooseBanker,
    ClearAlert,
    ClearSeat,
    Command,
    FillLayout,
    HouseWay,
    InjectFault,
    Malformed,
    NewRound,
    PassBank,
    PlaceWager,
    PlayOrFold,
    SetBank,
    Staff,
    amount,
    command_of,
)
from terminal.table.commands import CallFloor as CallFloorCommand
from terminal.table.commands import Confirm as ConfirmCommand
from terminal.table.commands import Misdeal as MisdealCommand
from terminal.table.commands import Undo as UndoCommand
from terminal.table.device_events import counted_as, round_event_for
from terminal.table.machine import Step, TableFacts, refusal, step_of
from terminal.table.remedies import CITE as REMEDY_CITE
from terminal.table.remedies import remedy_for
from terminal.table.restore import restore_table
from terminal.table.state import (
    AlertDropped,
    AlertRaised,
    BankerChosen,
    BankPassed,
    BankSet,
    BankSettled,
    GameSet,
    LayoutFilled,
    ModeSet,
    RoundEvent,
    SeatCleared,
    ShuffleAsked,
    ShuffleStopped,
    TableEvent,
    TableState,
    WagerSet,
    carried_of,
    entry_of,
    event_of,
)
from terminal.table.state import apply as table_apply
from terminal.table.undo import undo_target

if TYPE_CHECKING:
    from devices.events import AnyDeviceEvent
    from devices.supervisor import Backoff, DeviceSupervisor
    from firmware_bridge.clock import Clock

CONFIG_KIND = "config"
#: Set while a task holds the controller's journal-then-fold lock (``TableController._held``).
_HOLDING: contextvars.ContextVar[bool] = contextvars.ContextVar("holding", default=False)
#: Each round's settlement (the layout, the bank and its rotation are table events: terminal.table.state).
SETTLEMENT_KIND = "settlement"
#: Each device's highest delivered counter (``devices.driver.delivered_number``), committed with the
#: event that carried it; a restart resumes the drivers from the last one (issue 24 item 2).
DELIVERED_KIND = "device.delivered"

#: BETS_AFTER_CLOSE as the terminal raises it when the dealer enters a wager after "no more bets".
BETS_AFTER_CLOSE_CITE = "003_aca162d24f17d773.txt, Capitol Pai Gow house rules 23 and 25; docs/banking.md"
#: The cite of a late wager where the game's filing has no rule on it: the layout's own practice.
BETS_AFTER_CLOSE_NONE_FILED = (
    "none filed for this game: the layout stays as it was at no more bets (docs/banking.md)"
)


class AsyncJournal:
    """The journal with appends on one worker thread (fsync off the event loop, order kept)."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="journal")

    async def append(self, kind: str, payload: Mapping[str, Any]) -> Entry:
        """Append and return once durable."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, self.journal.append, kind, dict(payload))

    async def append_many(self, items: list[tuple[str, Mapping[str, Any]]]) -> list[Entry]:
        """Group commit: every ``(kind, payload)`` in one transaction and one fsync; returns once durable."""
        loop = asyncio.get_running_loop()
        batch = [(kind, dict(payload)) for kind, payload in items]
        return await loop.run_in_executor(self._pool, self.journal.append_many, batch)

    async def checkpoint(self, table: Mapping[str, Any]) -> Entry:
        """A checkpoint at a round boundary (``Journal.checkpoint``); returns once durable and anchored."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, self.journal.checkpoint, dict(table))

    def close(self) -> None:
        """Finish pending writes and close the file."""
        self._pool.shutdown(wait=True)
        self.journal.close()

    def release(self) -> None:
        """Finish pending writes and leave the file open (another controller takes the journal over)."""
        self._pool.shutdown(wait=True)


def config_entry(cfg: TerminalConfig) -> dict[str, Any]:
    """What the journal records of the configuration (no PIN hashes)."""
    t = cfg.table
    return {
        "game": t.game,
        "seats": t.seats,
        "table_id": t.id,
        "fee_schedule": t.fee_schedule,
        **({"decks": t.decks} if t.decks is not None else {}),
        "limits": t.limits.model_dump(),
        "devices": {n: {"kind": d.kind, "url": d.url} for n, d in sorted(cfg.devices.items())},
    }


class TableController:
    """The controller of one table; also the console's backend."""

    def __init__(
        self,
        config: TerminalConfig,
        journal: Journal,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.config = config
        self.journal = AsyncJournal(journal)
        #: The floor link (issue 22): publishes the journal to the room's broker; None without a floor.
        self.floor_link = FloorLink.from_config(config, journal)
        self.clock = clock
        self.game = get_game(config.table.game)
        #: The posted collection schedule: the banked games' settlement takes it, a pot game's round hook
        #: takes it from the pot (so it is in the game data the rules are built from).
        self.schedule = _schedule(config.table.fee_schedule)
        # The posted limits go into the rules too, so a wager placed after the round start (a Two Card Peek
        # Peek, seed 000 L832-1005) is checked against the table's minimum as replay checks it.
        self.posted_limits = (config.table.limits.min_cents, config.table.limits.max_cents)
        self.rules = game_rules(
            self.game, config.table.decks, posted=self.schedule, limits=self.posted_limits
        )
        self._rules_cache: dict[tuple[str, str | None], Any] = {
            (self.game.id, config.table.fee_schedule): self.rules
        }
        #: The whole table (the round state and the layout, bank, rotation, alerts around it), folded from
        #: the journal (``terminal.table.state``): the last checkpoint's table and the entries after it.
        self.table: TableState
        self.table, self.from_checkpoint = restore_table(
            journal, self.game.id, config.table.seats, config.table.fee_schedule, self.rules_for
        )
        #: What the screen shows beside the table (``terminal.screen.Station``): each device's health,
        #: folded from its events, the alerts about the terminal's own disk and journal (not journaled: the
        #: journal may be what failed), and whether a full journal has stopped the table.
        self.station = Station.configured(config)
        self.drivers: dict[str, Any] = {}
        self.counters: dict[str, dict[str, int]] = {}
        self._lock = asyncio.Lock()
        #: The console's publish function (``attach``); None while no console listens.
        self._publish: Callable[[TableView], None] | None = None
        #: Changes of the table shown since it was built (each ``_show``): what a watcher that needs to
        #: know only that the table moved reads (the soak's dealer), without a view built for it.
        self.changes = 0
        #: Called at every change (no arguments, no view built for it): a watcher woken when the table
        #: moves, e.g. the soak's dealer waiting for the table to need it (``benchmarks/soak_devices.py``).
        self.on_change: Callable[[], None] | None = None
        #: Views built (``screen_of`` calls): a table no console or panel listens to builds none.
        self.views_built = 0
        #: The last view built and what it was built of (``view``): asked again of the same table, it is
        #: the same view.
        self._last_view: tuple[tuple[Any, ...], TableView] | None = None
        self._last_config = config_entry(config)
        #: Where the frame monitor's lines go: ``frame_tap(device, "in"|"out", hex, decoded)`` (set by ``run``).
        self.frame_tap: Callable[[str, str, str, str], None] | None = None
        #: Each device's highest delivered counter per message type, as journaled (DELIVERED_KIND): the
        #: drivers resume from it at start-up, so a read the device resends after a restart is a copy.
        self._delivered: dict[str, dict[str, int]] = _delivered_from(journal.last(DELIVERED_KIND))
        #: How to tell the person at the table something that is not state (set by ``run``).
        self.notice: Callable[[str], None] | None = None
        #: Demo and training only: digit keys inject emulator faults (``demo.inject``); off on a real table.
        self.demo_faults = False
        #: How a physical button reaches the console (set by ``run``), so that a button that clears an
        #: alert asks for the PIN exactly as the key does. Without one, buttons go straight to submit().
        self.button_handler: Callable[[str], Awaitable[None]] | None = None
        #: A technician's test deal in progress (see _test_deal), else None.
        self._test: dict[str, Any] | None = None
        #: The devices' supervisor while run_devices runs (one task group, a task per device, so one
        #: device can be reconnected alone and a failing one is restarted with backoff).
        self.supervisor: DeviceSupervisor | None = None
        #: How long the supervisor waits before reopening a failed device (None: its default backoff).
        self.device_backoff: Backoff | None = None
        self._failing: set[str] = set()  # devices that failed and have not opened since (one alert each)
        self._reopening: set[str] = set()  # devices a cleared alert is reopening now (_reopen_offline)
        #: Every frame to and from the devices, to its listeners (the frame monitor is one of them).
        from devices.fanout import FrameFanout

        self.frames = FrameFanout(self)
        # The table's posted limits with the variant's own (wager_limits:) and its bets' (rules.round.table_rules).
        self.limits = variant_limits(self.state.game.data).with_table(
            config.table.limits.min_cents, config.table.limits.max_cents, spot_limits(self.state)
        )
        self.spots = wager_spots(self.state)
        #: Devices the round drives: cards in the shuffler since its shuffle, packets out, the round the
        #: dice cup was armed for, a draw asked of an on-demand shoe, and the pause between such draws.
        self._stack_count: int | None = None
        self._dispensed = 0
        self._packets_out = 0
        self._armed_for: int | None = None
        self._draw_owed = 0
        #: A dispense the shuffler's driver refused to send (a restart not yet acknowledged): sent again
        #: when the alert that holds the device is cleared.
        self._dispense_owed = False
        #: The shuffler refused the round's packet for want of a shuffled deck (it lost it in a reboot or a
        #: power cut), or handed out fewer cards than asked: the round cannot be dealt as filed, so the
        #: clearing of the last STOP declares the misdeal (the floor clears it as any misdeal).
        self._deckless = False
        self.draw_pace = 0.0
        self._tasks: set[asyncio.Future[Any]] = set()
        #: The PIN gate (``terminal.roles.Access``, set by ``run``): an input in a staff role's name is taken
        #: only while that role is logged in with its PIN, and never during a lockout.
        self.access: Any = None
        #: The clock the technician's and maintenance's waits are timed on (a test deal that does not
        #: finish): real time on a table, a ``firmware_bridge.clock.ManualClock`` in tests, so a slow
        #: machine never times one out. The devices' echo and counters requests are timed on the link's
        #: watchdog clock (``link_config.watchdog``) the same way.
        self.timer: Clock = MonotonicClock()
        #: The devices' link timing (``firmware_bridge.link.LinkConfig``; None: the drivers' own). End-to-end
        #: tests pass one whose silence timeout no scheduling delay reaches, so a starved test process never
        #: trips COMMS_LOST.
        self.link_config: Any = None
        #: Each shuffler's settings as it last reported them (ShufflerConfigured), for the technician.
        self.shuffler_settings: dict[str, dict[str, Any]] = {}
        self.settled: TableSettlement | None = settle_table(self.state, self.schedule, config.table.seats)
        self._settled_json: dict[str, Any] | None = self.settled.to_json() if self.settled else None

    # -- the table's state (terminal.table.state): read-only views of the fold -----------------------

    def rules_for(self, game: str, schedule: str | None) -> Any:
        """The rules of ``game`` under the posted ``schedule`` (cached: one object per pair)."""
        key = (game, schedule)
        if key not in self._rules_cache:
            # The table's decks (``table.decks``) are its shoe: the round engine deals and checks that count.
            decks = self.config.table.decks if game == self.config.table.game else None
            self._rules_cache[key] = game_rules(
                get_game(game), decks, posted=_schedule(schedule), limits=self.posted_limits
            )
        return self._rules_cache[key]

    @property
    def state(self) -> RoundState:
        """The round state (the table's)."""
        return self.table.round

    @property
    def round_no(self) -> int:
        """Rounds started since the game was set."""
        return self.table.round_no

    @property
    def player_dealer(self) -> int | None:
        """The player-dealer's seat (the bank rotation's), or None."""
        return self.table.player_dealer

    @property
    def deal_no(self) -> int | None:
        """The player-dealer's deal tile for the round (1 or 2), or None."""
        return self.table.deal_no

    @property
    def bank_cents(self) -> int:
        """The player-dealer's bank."""
        return self.table.bank_cents

    @property
    def board(self) -> BettingBoard:
        """The wagers on the layout; closed from "no more bets" until the round is settled or void."""
        board = BettingBoard({(seat, 0, spot): cents for seat, spot, cents in self.table.wagers})
        return board if self.betting_open() else board.close("no more bets")

    @property
    def live(self) -> bool:
        """Whether the table is live (not in maintenance, not stopped by a full journal)."""
        return self.table.live and not self.station.halted

    @property
    def table_alerts(self) -> list[AlertView]:
        """Alerts the terminal raised itself (journaled, folded) and its disk's."""
        return list(self.table.alerts) + list(self.station.env_alerts)

    @property
    def devices(self) -> dict[str, DeviceView]:
        """Each device's health by name (a copy: it changes only through ``self.station``)."""
        return {d.name: d for d in self.station.devices}

    @property
    def setup(self) -> Setup:
        """What the table is set up as: the configuration, the game, its fee schedule and betting spots."""
        return Setup(self.config, self.game.name, self.game.room, self.schedule, tuple(self.spots))

    @property
    def _shuffle_asked(self) -> bool:
        return self.table.shuffling

    @property
    def _deck_ok(self) -> bool | None:
        return self.table.deck_ok

    async def record(self, event: TableEvent, extra: Mapping[str, Any] | None = None) -> None:
        """Journal a table event (durable; ``extra``: more of the entry, e.g. the input), then fold it into
        the table and show the result. Nothing of the table changes before it is journaled."""
        if _HOLDING.get():  # inside this task's journal-then-fold step (a settlement hook): lock held
            await self._commit([event], extra)
        else:
            async with self._held():
                await self._commit([event], extra)
        self._show()

    @contextlib.asynccontextmanager
    async def _held(self) -> AsyncIterator[None]:
        """The journal-then-fold lock, marked held for this task (so a hook inside may record)."""
        async with self._lock:
            token = _HOLDING.set(True)
            try:
                yield
            finally:
                _HOLDING.reset(token)

    async def _commit(
        self,
        events: list[TableEvent],
        extra: Mapping[str, Any] | None = None,
        also: Iterable[tuple[str, Mapping[str, Any]]] = (),
    ) -> None:
        """Journal ``events`` (and ``also``) in one transaction, then fold them. Call with the lock held."""
        items: list[tuple[str, Mapping[str, Any]]] = [entry_of(e) for e in events]
        if extra and items:
            kind, payload = items[0]
            items[0] = (kind, {**payload, **extra})
        items += list(also)
        if len(items) == 1:
            await self.journal.append(*items[0])
        else:
            await self.journal.append_many(items)
        for e in events:
            self.table = table_apply(self.table, e)

    # -- start-up and the console ------------------------------------------------------------------

    async def start(self) -> None:
        """Journal the configuration if it changed since the journal last recorded it."""
        last = self.journal.journal.last(CONFIG_KIND)
        if last != self._last_config:
            await self.journal.append(CONFIG_KIND, self._last_config)
            event = event_of(CONFIG_KIND, self._last_config, self.rules_for, self.config.table.seats)
            if event is not None:
                self.table = table_apply(self.table, event)
        self._disk_space()
        if self.floor_link is not None:
            self.floor_link.start()

    def floor_link_line(self) -> str:
        """The floor link's state and waiting entries, for the maintenance screen."""
        return (
            self.floor_link.status_line()
            if self.floor_link is not None
            else "floor link: off (no broker configured)"
        )

    def attach(self, publish: Callable[[TableView], None]) -> None:
        """The console's publish function; the current view is shown at once."""
        self._publish = publish
        publish(self.view())

    # -- the table's state machine (terminal.table.machine) -----------------------------------------

    def needs_shuffle(self) -> bool:
        """Whether the next round needs a shuffle first (``terminal.screen.needs_shuffle``)."""
        return _needs_shuffle(self.table, self.setup)

    def _has_shuffler(self) -> bool:
        return self.setup.has_shuffler

    def facts(self) -> TableFacts:
        """What the table's state depends on, now (``terminal.screen.facts_of``)."""
        return facts_of(self.table, self.station, self.setup)

    def step(self) -> Step:
        """The table's state (``terminal.table.machine``)."""
        return step_of(self.facts())

    def view(self) -> TableView:
        """The table as the console shows it: a pure function of the table's folded state and the
        station's (``terminal.screen.screen_of``), with this table's facts. Built once per table: both
        states and the setup are immutable, so the same objects give the same view."""
        made_of = (self.table, self.station, self.config, self.game, self.schedule, tuple(self.spots))
        last = self._last_view
        if last is not None and _same(last[0], made_of):
            return last[1]
        view = screen_of(self.table, self.station, self.setup, facts=self.facts())
        self.views_built += 1
        self._last_view = (made_of, view)
        return view

    # -- the layout: wagers and the bank ---------------------------------------------------------

    def betting_open(self) -> bool:
        """Whether wagers may be placed: no round is being dealt or decided (before "no more bets")."""
        return betting_open(self.state, self.settled)

    async def _wager(self, inp: ConsoleInput, cmd: Command) -> str | None:
        """The wager panel: place or take back a wager, the bank, the player-dealer's seat. Each command is
        checked against the table, then journaled as a table event and folded."""
        said = {"input": inp.to_json()}
        if isinstance(cmd, Malformed):
            return await self._refuse(inp, cmd.reason)
        closed = self.board.phase is BettingPhase.CLOSED
        if isinstance(cmd, ChooseBanker):
            seat = cmd.seat
            if closed:
                return await self._after_close(inp, seat, "bank", self.bank_cents, self.bank_cents)
            # Party Craps: the seat's bets standing from an earlier flip stay up with no action (L4136-4141)
            kept = set(stays_with_bank(self.state, self.table.wagers, seat))
            mine = sorted(w[1] for w in self.table.wagers if w[0] == seat and w[2] and w not in kept)
            if self.player_dealer != seat and mine:
                # Never a silent move: the seat's wagers would vanish into the bank.
                return await self._refuse(
                    inp,
                    f"seat {seat} has wagers on the layout ({', '.join(mine)}): take them back before it banks",
                )
            banker = None if self.player_dealer == seat else seat
            await self.record(BankerChosen(banker), said)
            return f"seat {seat} banks" if banker else "no player-dealer"
        if isinstance(cmd, SetBank):
            if self.player_dealer is None:
                return await self._refuse(inp, "choose the player-dealer's seat first (p on the wager panel)")
            cents = amount(cmd.cents, cmd.add, self.bank_cents)
            if closed:
                return await self._after_close(inp, self.player_dealer, "bank", self.bank_cents, cents)
            await self.record(BankSet(cents), said)
            return None
        if isinstance(cmd, ClearSeat):
            if closed:
                before = sum(v for k, v in self.board.wagers.items() if k[0] == cmd.seat)
                return await self._after_close(inp, cmd.seat, "every wager", before, 0)
            await self.record(SeatCleared(cmd.seat), said)
            return None
        if isinstance(cmd, PlaceWager):
            seat = cmd.seat
            spot = cmd.spot or (self.spots[0] if self.spots else "main")
            if spot not in self.spots:
                return await self._refuse(
                    inp, f"{spot!r} is not a wager of {self.game.name} ({', '.join(self.spots)})"
                )
            if seat == self.player_dealer:
                return await self._refuse(inp, f"seat {seat} is the player-dealer: its money is the bank")
            cents = amount(cmd.cents, cmd.add, self.board.wagers.get((seat, 0, spot), 0))
            board, late = self.board.place(seat, spot, cents, cite=BETS_AFTER_CLOSE_CITE)
            if late is not None:  # rules.banking: after no more bets the layout stays as it was
                return await self._after_close(inp, late.seat, late.name, late.before, late.after, late)
            if cents:
                problem = self._limit_problem(board, seat, spot)
                if problem:
                    return await self._refuse(inp, problem)
            await self.record(WagerSet(seat, spot, cents), said)
            return None
        if isinstance(cmd, FillLayout) and self.demo_faults:
            return await self.demo_fill(inp)
        return await self._refuse(inp, f"unknown wager action {inp.action!r}")

    def _bank_wagers(self, board: BettingBoard) -> list[BankWager]:
        base = base_spots(self.state)
        out = []
        for (seat, _, spot), cents in sorted(board.wagers.items()):
            name, back = behind(spot)  # a backline bettor's wager: its own circle behind the seat's
            kind = WagerKind.BASE if name in base else WagerKind.BONUS
            out.append(BankWager.single(seat, name, bettor(seat, back), cents, kind, circle=int(back)))
        return out

    def _limit_problem(self, board: BettingBoard, seat: int, spot: str) -> str | None:
        """Why the wager at ``seat``/``spot`` cannot stand under the table limits, or None."""
        name, back = behind(spot)
        return placement_problem(self.limits, self._bank_wagers(board), seat, name, int(back))

    async def _refuse(self, inp: ConsoleInput, why: str) -> str:
        await self.journal.append("input", {**inp.to_json(), "refused": why})
        return why

    async def _after_close(
        self,
        inp: ConsoleInput,
        seat: int,
        spot: str,
        before: int,
        after: int,
        late: BetsAfterClose | None = None,
    ) -> str:
        """A wager changed after betting closed: the layout stays as it was, BETS_AFTER_CLOSE is raised."""
        from rules.banking.money import money

        late = late or BetsAfterClose(
            "BETS_AFTER_CLOSE", seat, spot, before, after, "no more bets", BETS_AFTER_CLOSE_CITE
        )
        # The variant's own rule where its filing has one (Capitol rules 23/25, Supreme rule 2 …), else the
        # layout's: the wager stays as it was at no more bets (rules.round.table_rules.late_wager_ruling).
        filed = late_wager_ruling(self.rules.rulings, late.describe(), seat)
        alert = AlertView(
            code=late.code,
            severity=filed.severity.value if filed else "warning",
            ruling=filed.ruling.value if filed else "CONTINUE",
            remedy=f"Leave seat {seat} {spot} at {money(before)}: "
            + (filed.remedy if filed else f"{late.remedy}. New wagers wait for the next round."),
            cite=filed.cite.text if filed else BETS_AFTER_CLOSE_NONE_FILED,
            clear_role=filed.clear_role.value if filed else "dealer",
            message=late.describe(),
            seat=seat,
        )
        await self.record(AlertRaised(alert, by_code=True), {"input": inp.to_json()})
        return "no more bets: the wager stays as it was"

    def round_start_event(self) -> RoundStart | str:
        """The round start from the layout: seats in play, the player-dealer, the dealer button, the wagers
        and the bank."""
        n = self.config.table.seats
        pd = self.player_dealer if self.player_dealer is not None and 1 <= self.player_dealer <= n else None
        wagers = [
            RoundWager(seat, cents, *behind(spot))
            for (seat, _, spot), cents in sorted(self.board.wagers.items())
            if seat != pd and cents > 0
        ]
        # Party Craps: the player-dealer's bets standing from an earlier flip go in, with no action (L4136-4141)
        wagers += [
            RoundWager(s, c, *behind(spot))
            for s, spot, c in stays_with_bank(self.state, self.table.wagers, pd)
        ]
        for c in check_wagers(self.limits, self._bank_wagers(self.board)):
            if c.verdict is not Verdict.ACTION:
                return f"seat {c.wager.seat} {c.wager.name}: {c.reason or c.verdict.value}"
        if family_rules(self.game.family).deals_every_seat or not wagers:
            # Pai Gow: seven piles go out whatever the wagers (the dice pick the order). An empty layout
            # (a table that does not enter wagers, e.g. poker): every seat is dealt, nothing is settled.
            seats = tuple(range(1, n + 1))
        else:
            seats = tuple(sorted({w.seat for w in wagers} | ({pd} if pd else set())))
        bank = self.bank_cents if pd is not None else 0
        # The dealer button moves clockwise to the next seat in play after each hand (the family's
        # ``next_button``: pot poker's ``poker.button.rotates``); a new game's first hand takes the family's
        # default seat. The round start carries it, so the blinds and the first to act follow it.
        fam = family_rules(self.game.family)
        button = fam.next_button(self.state, seats)
        if button is None:
            button = fam.first_button(self.state, seats)
        return RoundStart(seats=seats, player_dealer=pd, button=button, wagers=tuple(wagers), bank=bank)

    async def demo_fill(self, inp: ConsoleInput | None = None) -> str:
        """Demo: a full layout (a player-dealer with a bank, a wager on most seats) so a round settles."""
        n = self.config.table.seats
        fam = family_rules(self.game.family)
        pd = 1 if fam.settled_at_table else None  # a game the players play among themselves has no bank
        spots = self.spots or ["main"]
        amounts = [2500, 1000, 500, 5000, 1500, 2000, 1000, 500, 2500]
        wagers: dict[tuple[int, int, str], int] = {}
        lo, hi = self.config.table.limits.min_cents, self.config.table.limits.max_cents
        for i, seat in enumerate(range(2 if pd else 1, n + 1)):
            if seat % 4 == 0 and not fam.deals_every_seat:
                continue  # an empty seat, so the layout looks like a table
            cents = min(max(amounts[i % len(amounts)], lo), hi)
            for spot in fam.demo_spots(spots, i):
                wagers[(seat, 0, spot)] = cents  # a bonus equal to the base (Capitol's rule)
        bank = min(hi * 4, 100000) if pd else 0
        layout = LayoutFilled(tuple(sorted((s, spot, c) for (s, _, spot), c in wagers.items())), pd, bank)
        await self.record(layout, {"input": (inp or ConsoleInput("wager.fill", "dealer", "key")).to_json()})
        if pd is None:
            return f"demo layout: {len(wagers)} wagers (each player's table stakes)"
        return f"demo layout: seat {pd} banks {self.bank_cents // 100} dollars, {len(wagers)} wagers"

    def _show(self) -> None:
        """The table changed: its view to the console and the panels. Built only when one of them listens:
        a table with no console and no panel builds none (``changes`` counts the change either way)."""
        self.changes += 1
        if self.on_change is not None:
            self.on_change()
        panels = self._panels()
        if self._publish is None and not panels:
            return
        view = self.view()
        if self._publish is not None:
            self._publish(view)
        self._update_panels(view, panels)

    def panel_state(self, view: TableView) -> Any:
        """What lamps and displays reflect (``devices.panel.PanelState``), derived from the view."""
        from devices.panel import PanelState

        alert = view.active_alert
        action = next((s.seat for s in view.seats if s.action), None)
        pd = next((s.seat for s in view.seats if s.player_dealer), None)
        dice = self.state.dice
        if not view.live:
            phase = "maintenance"
        elif alert is not None and alert.severity == "stop":
            phase = "fault"
        else:
            phase = {"waiting": "betting", "settlement": "settling"}.get(view.phase, view.phase)
            phase = phase if phase in ("betting", "dealing", "settling") else "idle"
        return PanelState(
            game=self.game.name,
            open=view.open and view.live,
            phase=phase,
            action_seat=action,
            player_dealer_seat=pd,
            dice_total=sum(dice) if dice else None,
            alert=alert.code if alert is not None else None,
        )

    def _panels(self) -> list[Any]:
        """The drivers of the table's button panels (lamps and displays)."""
        return [d for n, d in self.drivers.items() if self.config.devices[n].kind == "panel"]

    def _update_panels(self, view: TableView, panels: list[Any]) -> None:
        # Lamps and displays are derived from state on every change, never commanded ad hoc.
        if not panels:
            return
        state = self.panel_state(view)
        for drv in panels:
            with contextlib.suppress(Exception):
                drv.show_state(state)

    # -- the one path for round events ------------------------------------------------------------

    async def apply_event(
        self, event: Event, rider: tuple[str, Mapping[str, Any]] | None = None
    ) -> RoundState:
        """Journal ``event`` (durable), then fold it into the round and show the result. ``rider``, an
        entry committed in the same transaction (the device's delivered counter)."""
        return await self.apply_events([event], rider)

    async def apply_events(
        self, events: list[Event], rider: tuple[str, Mapping[str, Any]] | None = None
    ) -> RoundState:
        """Journal ``events`` and ``rider`` in one transaction (one fsync: a group commit of the reads
        that arrived together), then fold them into the round in order and show the result."""
        if len(events) > 1 and any(isinstance(e, RoundStart) for e in events):
            for e in events[:-1]:
                await self.apply_event(e)
            return await self.apply_event(events[-1], rider)
        async with self._held():
            if events and isinstance(events[0], RoundStart):  # a round boundary: what a restart starts from
                await self.journal.checkpoint(
                    table_snapshot(
                        self.state,
                        round_no=self.round_no,
                        game_id=self.game.id,
                        carried={"deck_ok": self._deck_ok, "table": carried_of(self.table)},
                    )
                )
                self._disk_space()
            rows: list[tuple[str, Mapping[str, Any]]] = [(ROUND_KIND, e.to_json()) for e in events]
            if rider is None and len(rows) == 1:
                await self.journal.append(*rows[0])
            else:
                await self.journal.append_many(rows + ([rider] if rider else []))
            for event in events:
                self.table = table_apply(self.table, RoundEvent(event))
            if self.state.status is not Status.DEALING:
                self._deckless = False  # the round it could not deal is over (voided, or dealt after all)
            await self._settle_if_due()
        self._show()
        self._drive_devices()
        return self.state

    async def _settle_if_due(self) -> None:
        """Once the round is decided: the bank, the action order, coverage and the fee; journaled when it
        first appears and whenever a correction changes it."""
        settled = settled_of(self.state, self.schedule, self.config.table.seats)
        data = settled.to_json() if settled is not None else None
        if data is not None and data != self._settled_json:
            entry = (SETTLEMENT_KIND, {"round": self.round_no, **data})
            if settled is not None and settled.settlement is not None:
                # The player-dealer's bank is what is left in its circle (fees are paid apart); the round
                # counts as one the player-dealer played (the deal tile).
                bank = BankSettled(self.round_no, settled.settlement.bank_after)
                await self._commit([], also=[entry, entry_of(bank)])
                self.table = table_apply(self.table, bank)
            else:
                await self.journal.append(*entry)
        # Shown only once journaled and its bank applied: a reader between the awaits above never sees a
        # settlement whose bank is not yet the player-dealer's.
        self.settled = settled
        self._settled_json = data

    # -- dealer and staff inputs (ConsoleBackend) -------------------------------------------------

    async def submit(self, inp: ConsoleInput) -> str | None:
        """Turn a console input into journal entries and round events; a sentence for refusals."""
        try:
            return await self._submit(inp)
        except JournalFull as exc:  # nothing of the input was journaled, so nothing of it took effect
            return self.journal_stopped(exc)

    def journal_stopped(self, exc: JournalFull) -> str:
        """The journal's disk is full: the table stops with an alert (never a crash); a sentence."""
        alert = journal_full_alert(str(exc))
        others = tuple(a for a in self.station.env_alerts if a.code != alert.code)
        self.station = replace(self.station, halted=True, env_alerts=(*others, alert))
        self._show()
        return alert.message

    def _disk_space(self) -> None:
        """Warn (JOURNAL_DISK_LOW) while free space on the journal's disk is below the warning level."""
        said = self.journal.journal.space_warning()
        others = tuple(a for a in self.station.env_alerts if a.code != "JOURNAL_DISK_LOW")
        self.station = replace(self.station, env_alerts=others + ((journal_low_alert(said),) if said else ()))

    async def _submit(self, inp: ConsoleInput) -> str | None:
        """One input: read into a command (``terminal.table.commands``), checked against the table's state
        and the role, journaled (or its refusal), and only then applied."""
        a = inp.action
        unauthorised = self._unauthorised(inp)  # the one role gate: key, panel button, headless alike
        if unauthorised is not None:
            return await self._refuse(inp, unauthorised)
        cmd = command_of(inp, self.config.table.seats)
        if isinstance(cmd, Staff):
            return await self._staff(inp)
        if isinstance(cmd, InjectFault):
            return await self.inject_fault(cmd.device, cmd.fault)
        if isinstance(cmd, ChangeMode):
            await self.record(ModeSet(cmd.live), {"input": inp.to_json()})
            return None
        if not self.live:
            return await self._refuse(inp, "the table is not live in maintenance")
        facts = self.facts()
        step = step_of(facts)
        why = refusal(
            step, a, facts
        )  # the state's inputs, less those that do nothing now (no alert to clear …)
        if why is not None:
            if step is Step.STOPPED:
                alert = self.view().active_alert
                if alert is not None:
                    why = f"{alert.code} holds the table: only its clearing by the {alert.clear_role} (x, with the PIN)"
            return await self._refuse(inp, why)
        if a.startswith("wager."):
            return await self._wager(inp, cmd)
        if isinstance(cmd, Malformed):
            return await self._refuse(inp, cmd.reason)
        if isinstance(cmd, ClearAlert) and any(t.code == cmd.code for t in self.table_alerts):
            return await self._clear_table_alert(inp, cmd)
        if isinstance(cmd, HouseWay):
            return await self._house_way(inp)
        if isinstance(cmd, PlayOrFold):
            return await self._decision(inp, cmd)
        if isinstance(cmd, NewRound):
            unfinished = self._unfinished_round()
            if unfinished is not None:
                return await self._refuse(inp, unfinished)
            if self.table.rotation_due is not None:  # rules/banking/rotation.py, the game's rotation
                return await self._refuse(inp, self.table.rotation_due)
            if self.needs_shuffle():
                return await self._shuffle(inp)
        if isinstance(cmd, ConfirmCommand) and step is Step.DICE:
            return await self._rearm_cup(inp)
        if isinstance(cmd, PassBank):
            await self.record(BankPassed(), {"input": inp.to_json()})
            return f"seat {self.player_dealer} takes the bank from the next round"
        event = self._round_event_for(inp, cmd)
        if isinstance(event, str):
            await self.journal.append("input", {**inp.to_json(), "refused": event})
            return event
        if event is None:  # an input that is not a round event: journaled as itself
            await self.journal.append("input", inp.to_json())
            if isinstance(cmd, BankWord):
                return (
                    "bank offered"
                    if cmd.word == "bank-offered"
                    else "the bank stays; offer it to the next seat"
                )
            return None
        before = len(self.state.notes)
        await self.apply_event(event)
        if isinstance(event, RoundStart | Decision) or (
            isinstance(event, ButtonPress) and event.button is Button.CONFIRM
        ):
            # a round that starts, a betting round closed mid-deal (Two Card Peek's Peek Bonus), or a
            # draw keyed on the bet picker may be waiting for the shuffler's next packet
            self._dispense_if_due()
        elif isinstance(event, AlertCleared):
            self._after_clear(event)
            await self._void_if_undealable(event.code.value)
        notes = self.state.notes[before:]
        return notes[-1] if notes else None

    def _unfinished_round(self) -> str | None:
        """Why a new round may not start now: the round on the layout is not finished (being dealt, its
        decisions or hands still owed, or not settled); a new round never silently replaces one."""
        st = self.state
        if st.start is None or st.status in (Status.IDLE, Status.VOID):
            return None
        if st.status is Status.DEALING or not isinstance(st.expected, Wait):  # or a replacement owed
            return "the round is being dealt: finish it, or declare a misdeal (m)"
        if next_to_decide(st) is not None or _hands_to_set(st):
            return f"the round is not finished: {st.prompt} (or declare a misdeal, m)"
        if settles_at_table(st) and (self.settled is None or self.settled.settlement is None):
            why = self.settled.problem if self.settled is not None else st.prompt
            return f"the round is not settled yet: {why} (a held settlement is the floor's: call the floor)"
        return None

    def _unauthorised(self, inp: ConsoleInput) -> str | None:
        """Why an input is refused by the role gate (``terminal.roles.authorise``): the action needs
        another role, or that role is not logged in with its PIN, or PIN entry is locked."""
        from terminal.roles import authorise

        return authorise(self.access, inp.action, inp.role, inp.data)

    async def _shuffle(self, inp: ConsoleInput) -> str:
        """New round on a table that needs a shuffle: the shuffler shuffles and checks the deck (the round
        starts on the next new round once it has); without a shuffler the dealer's shuffle is recorded."""
        await self.journal.append("input", inp.to_json())
        if not self._has_shuffler():
            await self.apply_event(Shuffle(source="dealer"))
            control = _emulator_control(self.device_of("shoe"))
            if control is not None:  # an emulated shoe: the dealer loads the freshly shuffled shoe
                self._draw_owed = 0
                control.inject("load")
            return "shuffle recorded: load the shoe, then press new round to start the round"
        name = next(n for n, d in sorted(self.config.devices.items()) if d.kind == "shuffler")
        drv = self.shuffler()
        if drv is None or self.devices[name].state in ("offline", "disabled"):
            detail = self.devices[name].detail or "not connected"
            return await self._device_alert(name, "NotConnected", f"{name}: cannot shuffle, {detail}")
        await self.record(ShuffleAsked())
        try:
            drv.shuffle()
        except Exception as exc:  # noqa: BLE001 - a refused command is an alert, never a silent wait
            await self.record(ShuffleStopped(str(exc)))
            return await self._device_alert(name, "CommandRejected", f"{name}: shuffle refused: {exc}")
        return "shuffling: the shuffler checks the deck; press new round when it is ready"

    async def _rearm_cup(self, inp: ConsoleInput) -> str:
        """Dice: arm the cup again (after a fault the roll did not count)."""
        await self.journal.append("input", inp.to_json())
        name = next((n for n, d in sorted(self.config.devices.items()) if d.kind == "dice_cup"), None)
        if name is None:
            return "no dice cup at this table: enter the dice by hand"
        if self.device_of("dice_cup") is None:
            return await self._device_alert(name, "NotConnected", f"{name}: the dice cup is not connected")
        self._armed_for = None
        self._drive_devices()
        return "the dice cup is armed again: shake it and open it"

    async def _device_alert(self, name: str, fault: str, message: str) -> str:
        """A STOP the terminal raises for a device (not connected, cannot be opened, refused a command):
        it names the device and the remedy for its kind and fault; a technician clears it."""
        d = self.config.devices.get(name)
        alert = AlertView(
            code="DEVICE_FAULT",
            severity="stop",
            ruling="DISABLE_DEVICE",
            remedy=remedy_for(d.kind if d is not None else "?", fault),
            cite=REMEDY_CITE,
            clear_role="technician",
            message=message,
        )
        await self.record(AlertRaised(alert), {"device": name, "fault": fault})
        return message

    def _round_event_for(self, inp: ConsoleInput, cmd: Command) -> Event | str | None:
        """The round event a command stands for, why it cannot be one now, or None (not a round event)."""
        role = inp.role
        rules_role = RulesRole(role) if role in RulesRole._value2member_map_ else RulesRole.DEALER
        if isinstance(cmd, ConfirmCommand):
            return ButtonPress(Button.CONFIRM, role=rules_role)
        if isinstance(cmd, CallFloorCommand):
            return ButtonPress(Button.CALL_FLOOR, role=rules_role)
        if isinstance(cmd, MisdealCommand):
            return Declare(DeclareKind.MISDEAL)
        if inp.action == "bet":  # the bet picker's decision (terminal/table/bet_input.py)
            return bet_decision(inp.data, self.state)
        if isinstance(cmd, UndoCommand):
            return undo_target(self.state, rules_role)  # never a ruling (terminal/table/undo.py)
        if isinstance(cmd, ClearAlert):
            for alert in self.state.active_alerts:
                if alert.code.value == cmd.code and (cmd.seat is None or alert.seat == cmd.seat):
                    if not rules_role.may_clear(alert.clear_role):
                        return f"{cmd.code} is cleared by {alert.clear_role.value}, not {role}"
                    return AlertCleared(AlertCode(cmd.code), rules_role, cmd.seat)
            return f"no active alert {cmd.code}"
        if isinstance(cmd, NewRound):
            return self._unfinished_round() or self.round_start_event()
        return None

    async def _clear_table_alert(self, inp: ConsoleInput, cmd: ClearAlert) -> str | None:
        code = cmd.code
        alert = next(t for t in self.table_alerts if t.code == code)
        role = RulesRole(inp.role) if inp.role in RulesRole._value2member_map_ else RulesRole.DEALER
        if not role.may_clear(RulesRole(alert.clear_role)):
            return await self._refuse(inp, f"{code} is cleared by {alert.clear_role}, not {inp.role}")
        said = {"role": inp.role, "message": alert.message, "at": self.clock()}
        if alert in self.station.env_alerts:  # the disk's own: journaled as cleared, not a table alert
            env = tuple(t for t in self.station.env_alerts if t is not alert)
            self.station = replace(self.station, env_alerts=env)
        await self.record(AlertDropped(code, alert.seat), said)
        self._faults_cleared(code)
        await self._void_if_undealable(code)
        if code == "DEVICE_FAULT":
            self._reopen_offline()  # the technician's retry of a device that is not connected
            self._drive_devices()
        self._ask_owed()
        self._show()
        return None

    async def _house_way(self, inp: ConsoleInput) -> str | None:
        """Every hand still to be set, set the House Way (Pai Gow) (the players who ask, and the player-dealer
        where the room's house dealer sets it), one journaled HandSet each."""
        sets = house_way_sets(self.state)
        if isinstance(sets, str):
            return await self._refuse(inp, sets)
        for e in sets:
            await self.apply_event(e)
        if sets and not any(e.house_way for e in sets):  # no House Way filed: the setter's advice
            return f"{len(sets)} hand(s) set as the setter proposes (advice, not a House Way)"
        return f"{len(sets)} hand(s) set the House Way"

    async def _decision(self, inp: ConsoleInput, cmd: PlayOrFold) -> str | None:
        """The seat the round asks (Three Card) plays (its Play wager) or folds."""
        seat = next_to_decide(self.state)
        if seat is None:
            return await self._refuse(inp, "no player's decision is asked for now")
        action = Action.BET if cmd.play else Action.FOLD
        amount = None
        if action is Action.BET and self.state.start is not None:
            amount = (
                sum(w.cents for w in self.state.start.wagers if w.seat == seat and w.spot == "ante") or None
            )
        before = len(self.state.notes)
        await self.apply_event(Decision(seat, action, amount=amount))
        notes = self.state.notes[before:]
        return notes[-1] if notes else f"seat {seat} {'plays' if action is Action.BET else 'folds'}"

    async def _staff(self, inp: ConsoleInput) -> str | None:
        a, data = inp.action, dict(inp.data)
        if a == "maint.verify-journal":
            loop = asyncio.get_running_loop()
            report = await loop.run_in_executor(None, self._verify_copy)
            await self.journal.append("maintenance", {"action": a, "role": inp.role, "ok": report.ok})
            return str(report.summary())
        if a == "tech.set-game":
            game = str(data.get("game", "")) or self.config.table.game
            schedule = str(data.get("fee_schedule", "") or "") or None
            if game not in load_games():
                return f"unknown game {game!r}"
            if schedule is not None:
                try:
                    check_fee_game(schedule, fee_schedule(schedule), game)
                except ValueError as exc:
                    return f"fee schedule {schedule!r}: {exc}"
            table = self.config.table.model_copy(update={"game": game, "fee_schedule": schedule})
            new = self.config.model_copy(update={"table": table}, deep=True)
            changed = game != self.game.id
            # A new game starts a fresh round state, round count and layout; a new schedule refolds the
            # current round under the rules it makes (a pot game's collection is in its rules).
            rules = self.rules_for(game, schedule)
            await self.record(
                GameSet(game, schedule, new.table.seats, rules), {**config_entry(new), "role": inp.role}
            )
            self.config, self.game = new, get_game(game)
            self.schedule, self.rules = _schedule(schedule), rules
            if changed:
                self.spots = wager_spots(self.state)
                self.settled, self._settled_json = None, None
            self._show()
            return f"the table deals {self.game.name} ({game})" + (f", fees {schedule}" if schedule else "")
        if a == "tech.configure-shuffler":
            from devices.errors import DeviceConfigError
            from devices.shuffler import shuffler_config_from_options

            try:
                settings = shuffler_config_from_options(data)
            except (DeviceConfigError, ValueError, TypeError) as exc:
                return f"shuffler settings refused: {exc}"
            await self.journal.append(CONFIG_KIND + ".shuffler", {**data, "role": inp.role})
            drv = self.shuffler()
            if drv is None:
                return "shuffler settings recorded; no shuffler is connected"
            drv.configure(settings)
            return f"shuffler set: {settings.decks} deck(s), {settings.mode} of {settings.packet_size} x {settings.packets}"
        if a == "tech.assign-device":
            return await self._assign_device(data, inp.role)
        if a == "tech.pair-device":
            return await self._pair_device(data, inp.role)
        if a == "maint.self-test":
            return await self._self_test(inp.role)
        if a == "tech.test-deal":
            return await self._test_deal(inp.role)
        if a == "maint.support-bundle":
            path = await asyncio.get_running_loop().run_in_executor(None, self.support_bundle)
            await self.journal.append("maintenance", {"action": a, "role": inp.role, "path": str(path)})
            return f"support bundle written to {path}"
        await self.journal.append("maintenance" if a.startswith("maint.") else CONFIG_KIND, inp.to_json())
        return f"{a}: recorded"

    async def _self_test(self, role: str) -> str:
        """Maintenance: each device's identity, an echo round trip, its own counters and the firmware check."""
        lines: list[str] = []
        failed = 0
        for name in sorted(self.config.devices):
            dev = self.drivers.get(name)
            if dev is None:
                failed += 1
                lines.append(f"{name}: FAIL, not connected ({self.devices[name].detail or 'offline'})")
                continue
            problems: list[str] = []
            payload = f"self-test {name}".encode()
            try:
                if await dev.echo(payload) != payload:
                    problems.append("the echo came back changed")
            except TimeoutError:
                problems.append("no echo within 2 s")
            counters = ""
            try:
                c = await dev.device_counters()
                counters = f"; its counters: {c.frames_in} frames in, {c.frames_out} out"
            except TimeoutError:
                problems.append("no counters within 2 s")
            if getattr(dev, "disabled", None):
                problems.append(f"disabled: {dev.disabled}")
            ident = getattr(dev, "identity", None)
            who = (
                f"{ident.model} serial {ident.serial}, firmware {ident.firmware_version} "
                f"sha256 {ident.firmware_hash[:12]}"
                if ident is not None
                else "no identity"
            )
            failed += bool(problems)
            lines.append(
                f"{name}: {'ok' if not problems else 'FAIL, ' + '; '.join(problems)}: {who}{counters}"
            )
        lines = lines or ["no devices are configured"]
        await self.journal.append(
            "maintenance", {"action": "maint.self-test", "role": role, "ok": failed == 0, "lines": lines}
        )
        return "\n".join(lines)

    async def _test_deal(self, role: str, timeout: float = 20.0) -> str:
        """Technician: the shuffler shuffles, checks its deck and hands out one packet, outside play.

        The cards of a test deal never reach the round: they are journaled as device information and
        shown to the technician, who puts them back before the next shuffle.
        """
        drv = self.shuffler()
        if drv is None:
            return "test deal: no shuffler is connected"
        if self.state.status is Status.DEALING:
            return "test deal refused: a round is being dealt"
        if self._test is not None:
            return "test deal: one is already running"
        test: dict[str, Any] = {"cards": [], "verified": None, "count": None, "done": asyncio.Event()}
        self._test = test
        try:
            drv.shuffle()
            if not await self.timer.wait(test["done"], timeout):
                test["error"] = f"the shuffler did not finish within {timeout:.0f} s"
        except Exception as exc:  # noqa: BLE001 - a refused command is the technician's answer
            test["error"] = f"the shuffler refused: {exc}"
        finally:
            self._test = None
        cards = list(test["cards"])
        verified = test["verified"]
        parts = []
        if test["count"] is not None:
            parts.append(f"shuffled {test['count']} cards")
        if verified is not None:
            parts.append(
                "deck verified"
                if verified.ok
                else f"deck check FAILED: {verified.count} of {verified.expected}"
                + (f", missing {' '.join(map(str, verified.missing))}" if verified.missing else "")
                + (f", extra {' '.join(map(str, verified.extra))}" if verified.extra else "")
                + (f", duplicates {' '.join(map(str, verified.duplicates))}" if verified.duplicates else "")
            )
        if cards:
            parts.append(f"dealt {len(cards)}: " + " ".join("??" if c is None else str(c) for c in cards))
        if "error" in test:
            parts.append(test["error"])
        ok = "error" not in test and bool(cards) and (verified is None or verified.ok)
        await self.journal.append(
            "device",
            {
                "event": "test-deal",
                "role": role,
                "ok": ok,
                "count": test["count"],
                "cards": ["??" if c is None else str(c) for c in cards],
            },
        )
        return "test deal: " + "; ".join(parts) + ("" if ok else " (FAILED)")

    def _test_event(self, ev: AnyDeviceEvent) -> bool:
        """While a test deal runs, the shuffler's shuffle, deck check and cards go to it, not to the round."""
        from devices import events as dev

        test = self._test
        if test is None or ev.device not in {
            n for n, d in self.config.devices.items() if d.kind == "shuffler"
        }:
            return False
        match ev:
            case dev.ShuffleComplete():
                test["count"] = int(ev.count)
                with contextlib.suppress(Exception):
                    drv = self.shuffler()
                    if drv is not None:
                        drv.dispense()
            case dev.DeckVerified():
                test["verified"] = ev
            case dev.CardDispensed():
                test["cards"].append(ev.card)
                cfg = getattr(self.shuffler(), "config", None)
                if cfg is not None and cfg.mode == "single":
                    test["done"].set()
            case dev.PacketDispensed():
                test["done"].set()
            case _:
                return False
        return True

    async def inject_fault(self, device: str, fault: str) -> str:
        """Demo and training: make an emulated device misbehave now (``Emulator.inject``)."""
        if not self.demo_faults:
            return "fault injection is for the demo table only"
        drv = self.drivers.get(device)
        if drv is None:
            kinds: dict[str, str] = {d.kind: n for n, d in self.config.devices.items()}
            drv = self.drivers.get(kinds.get(device, ""))
        control = _emulator_control(drv)  # the emulator-control port of the device's transport
        if control is None:
            kinds = sorted({d.kind for d in self.config.devices.values()})
            if drv is None and device not in self.config.devices and device not in kinds:
                return f"this table has no {device.replace('_', ' ')} (its devices: {', '.join(kinds) or 'none'})"
            return f"{device}: not an emulated device"
        await self.journal.append("demo", {"action": "inject", "device": device, "fault": fault})
        control.inject(fault)  # an unknown fault name does nothing (the demo keys only use known ones)
        return f"{device}: {fault.replace('_', ' ')} injected"

    def _verify_copy(self) -> VerifyReport:
        with self.journal.journal.reader() as j:
            return j.verify()

    def support_bundle(self) -> Path:
        """A tar.gz with the redacted configuration, the journal dump and device health."""
        out = state_dir() / f"support-{self.config.table.id}-{int(self.clock())}.tar.gz"
        out.parent.mkdir(parents=True, exist_ok=True)
        with self.journal.journal.reader() as j:
            dump = j.dump(all_segments=False)  # the live segment and the closed segments' records
        files = {
            "config.json": self.config.redacted(),
            "journal.json": dump,
            "devices.json": {n: vars(d) for n, d in self.devices.items()},
            "counters.json": self.counters,
        }
        with tarfile.open(out, "w:gz") as tar:
            for name, obj in files.items():
                data = json.dumps(obj, indent=1, default=str).encode()
                info = tarfile.TarInfo(name)
                info.size = len(data)
                info.mtime = int(self.clock())
                tar.addfile(info, io.BytesIO(data))
        return out

    # -- devices -----------------------------------------------------------------------------------

    async def on_device_event(self, ev: AnyDeviceEvent) -> None:
        """One typed device event (``devices.events.AnyDeviceEvent``, matched on its type): a round event
        when it is one (``terminal.table.device_events``), else journaled as device information."""
        from devices import events as dev

        name = ev.device or "?"
        self._health(name, ev)
        if self._test_event(ev):
            return
        kind = self.config.devices[name].kind if name in self.config.devices else ""
        if (
            kind == "shuffler"
            and self._shuffle_asked
            and (ev.alert_code or isinstance(ev, dev.CommsLost | dev.CommandRejected))
        ):
            # the shuffle will not finish: new round asks again once cleared
            await self.record(ShuffleStopped(type(ev).__name__))
        if isinstance(ev, dev.CommandRejected):
            if kind == "shuffler" and ev.reason == "not_shuffled" and self.state.status is Status.DEALING:
                self._deckless = True  # the round cannot be dealt from it: clearing the alert voids it
            elif kind == "shuffler" and ev.command == "Dispense":
                # refused for now (its cover open, a jam held): the packet is asked for again once the
                # alerts holding it are cleared (_after_clear, _clear_table_alert) — never a round waiting
                # for a packet nobody asks for again
                self._dispense_owed = True
            await self.journal.append("device", {"device": name, "event": type(ev).__name__, **_plain(ev)})
            await self._device_alert(
                name,
                f"CommandRejected:{ev.reason}",
                f"{name}: refused {ev.command} ({ev.reason.replace('_', ' ')})",
            )
            return
        cfg = getattr(self.drivers.get(name), "config", None)
        single = cfg is not None and cfg.mode == "single"
        match ev:
            case dev.ShufflerConfigured():
                self.shuffler_settings[name] = {
                    "decks": ev.decks,
                    "jokers": ev.jokers,
                    "mode": ev.mode,
                    "packet_size": ev.packet_size,
                    "packets": ev.packets,
                }
            case dev.ShuffleComplete():  # its Shuffle round event ends the shuffle asked for
                self._stack_count, self._dispensed, self._packets_out = int(ev.count), 0, 0
                self._deckless = False
            case dev.CardDispensed():
                self._dispensed += 1
            case dev.PacketDispensed():
                self._packets_out += 1
            case dev.ShortDispense() if self.state.status is Status.DEALING:
                self._deckless = True  # a card it could not hand out: the round cannot be dealt as filed
            case dev.CardRead():  # an UnreadableCard too
                self._draw_owed = 0
            case _:
                pass  # the rest changes nothing the devices drive
        rider = self._delivered_entry(name, ev)
        event = round_event_for(ev)
        if isinstance(event, CardRead) and single:
            # A single card belongs to no packet (the wire's pile stays 0): the round gives it to the step due.
            event = replace(event, packet=None)
        if event is not None:
            await self.apply_event(event, rider)
            if isinstance(ev, dev.CardDispensed) and single:
                self._dispense_if_due()
            return
        entry = {"device": name, "event": type(ev).__name__, **_plain(ev)}
        await self.journal.append_many([("device", entry)] + ([rider] if rider else []))
        self._show()
        if isinstance(ev, dev.PacketDispensed) and not single:
            self._dispense_if_due()  # single cards: the card's own event asked for the next
        elif isinstance(ev, dev.ButtonPressed) and not ev.acts:
            if self.notice is not None:
                self.notice(f"hold {ev.button_id.replace('_', ' ')} for 2 seconds")
        elif isinstance(ev, dev.ButtonPressed):
            action = ev.button_id.replace("_", "-")
            if self.button_handler is not None:
                await self.button_handler(action)
            else:  # headless: console.buttons maps an id as the console does; the role gate refuses staff
                action = self.config.console.buttons.get(action, action)
                await self.submit(ConsoleInput(action, "dealer", "button"))

    def _after_clear(self, event: AlertCleared) -> None:
        # A cleared device alert releases the device: a restart is acknowledged, a jam resumes.
        still = {a.code for a in self.state.active_alerts}
        if event.code in still:
            return  # the engine refused the clear (it notes why)
        cup_codes = (AlertCode.CUP_OPENED_EARLY, AlertCode.INSUFFICIENT_SHAKE)
        if event.code in cup_codes and not any(a.code in cup_codes for a in self.state.active_alerts):
            self._armed_for = None  # the roll did not count: the cup is armed for a new one
            self._drive_devices()
        for name, drv in list(self.drivers.items()):
            with contextlib.suppress(Exception):
                if event.code is AlertCode.DEVICE_RESTARTED and getattr(drv, "restart_pending", False):
                    drv.acknowledge_restart()
                    self.station = self.station.with_device(
                        replace(self.devices[name], state="ok", detail="")
                    )
                    # the reboot dropped what it had not confirmed (a packet asked for, the cup's arming,
                    # a draw): ask again for what the round waits on
                    kind = self.config.devices[name].kind if name in self.config.devices else ""
                    if kind == "shuffler":
                        self._dispense_owed = True
                    elif kind == "dice_cup":
                        self._armed_for = None
                    elif kind == "shoe":
                        self._draw_owed = 0
                elif event.code in (AlertCode.SHUFFLER_JAM, AlertCode.DEVICE_FAULT) and (
                    getattr(drv, "jammed", False) or getattr(drv, "door_open", False)
                ):
                    drv.clear_fault()  # the jam taken out, the cover closed: the shuffler resumes
                    self.station = self.station.with_device(
                        replace(self.devices[name], state="ok", detail="")
                    )
        self._faults_cleared(event.code.value)
        self._reopen_offline()
        self._ask_owed()
        self._drive_devices()
        self._show()

    def _ask_owed(self) -> None:
        """The packet the shuffler was asked for while it was held (a restart not yet acknowledged, a
        refusal with its cover open or a jam held) is asked for again once no STOP holds the table: asked
        while one still does, it would only be refused again, raising another alert at every clearing."""
        if self._dispense_owed and not any(a.severity == "stop" for a in self.view().alerts):
            self._dispense_if_due()

    async def _void_if_undealable(self, code: str) -> None:
        """An alert (``code``) was cleared while the round waits on a shuffler that cannot deal it: it handed
        out fewer cards than asked (SHORT_DISPENSE) or holds no shuffled deck (its refusal, DEVICE_FAULT). No card of the round
        can come, so the clearing declares the misdeal the remedy names (the floor clears MISDEAL_DECLARED
        as any misdeal, every wager goes back) and new round shuffles: never a round waiting in silence."""
        if self.state.status is not Status.DEALING or not hasattr(self.state.expected, "target"):
            return
        if not self._deckless or any(a.severity == "stop" for a in self.view().alerts):
            return  # (another STOP still holds the table: its clearing comes back here)
        self._deckless = False
        await self.apply_event(Declare(DeclareKind.MISDEAL, by=By.DEVICE))

    def _faults_cleared(self, code: str) -> None:
        """The alert ``code`` is cleared: a device whose chip shows the fault that raised it shows ok again
        (a new fault of the device raises its alert again)."""
        for d in list(self.devices.values()):
            if d.state == "fault" and d.detail == code:
                self.station = self.station.with_device(replace(d, state="ok", detail=""))

    def _reopen_offline(self) -> None:
        """A cleared alert is the technician's "retry": every device that is offline (its link lost, or it
        could not be opened) is closed and opened again now instead of waiting for its backoff."""
        sup = self.supervisor
        if sup is None or not sup.running:
            return
        for name, d in self.devices.items():
            if d.state != "offline" or name not in self.config.devices:
                continue
            # its alert was cleared: if this retry (or one under way) fails too, device_failed raises the
            # alert again (an offline device always has an alert naming it and its remedy, never a silent chip)
            if not self._device_alert_up(name):
                self._failing.discard(name)
            if name in self._reopening:
                # a reopen under way (its handshake not finished) is not cut short by another: a retry on
                # every clearing would cancel each handshake before the device could answer. Its alert
                # comes back (cleared while it still does not answer): never an offline chip with no alert.
                self._spawn(self._reconnecting(name))
                continue
            self._reopening.add(name)  # one retry at a time: until the device opens or fails to
            self._spawn(self._reopen(sup, name))

    def _device_alert_up(self, name: str) -> bool:
        """Whether a DEVICE_FAULT the terminal raised for device ``name`` is still on screen."""
        return any(
            t.code == "DEVICE_FAULT" and t.message.startswith((f"{name}:", f"{name} on "))
            for t in self.table_alerts
        )

    async def _reopen(self, sup: DeviceSupervisor, name: str) -> None:
        """Reopen device ``name`` now (a cleared alert's retry). Until it opens (``device_opened``) or fails
        (``device_failed``) it stays in ``_reopening`` with its "reconnecting" alert on screen."""
        try:
            await self._reconnecting(name)
            await sup.restart(name)
        finally:
            if sup.task_of(name) is None:  # not started again (the supervisor is stopping): no reopen
                self._reopening.discard(name)

    def _reconnecting_message(self, name: str) -> str:
        d = self.config.devices[name]
        return f"{name} on {d.url}: reconnecting, no answer yet"

    async def _reconnecting(self, name: str) -> None:
        """The alert of a device being reopened (its own alert was cleared), unless one naming it is up."""
        async with self._held():  # decided and journaled under the lock: never after the device opened
            if name in self._reopening and not self._device_alert_up(name):
                await self._device_alert(name, "Reconnecting", self._reconnecting_message(name))

    async def _reopened(self, name: str) -> None:
        """Device ``name`` opened or failed to: its reopen is over, and so is its "reconnecting" alert
        (dropped by the terminal, journaled; a failure raises the failure's own alert)."""
        if name not in self.config.devices:
            self._reopening.discard(name)
            return
        said = self._reconnecting_message(name)
        async with self._held():
            self._reopening.discard(name)
            if any(t.code == "DEVICE_FAULT" and t.message == said for t in self.table.alerts):
                await self.record(AlertDropped("DEVICE_FAULT", None, said), {"by": "terminal"})

    def technician_lines(self) -> list[str]:
        """What the technician screen (F2) states about the table: the game, the fee schedule and the
        shuffler's settings as the shuffler last reported them (else as configured)."""
        t = self.config.table
        lines = [
            f"game: {self.game.name} — {self.game.room} ({self.game.id}), {t.seats} seats",
            f"fee schedule: {t.fee_schedule or 'none posted'}",
        ]
        for name, d in sorted(self.config.devices.items()):
            if d.kind != "shuffler":
                continue
            got = self.shuffler_settings.get(name)
            if got is not None:
                lines.append(
                    f"shuffler {name}: {got['decks']} deck(s) + {got['jokers']} joker(s), {got['mode']}"
                    f" of {got['packet_size']} x {got['packets']} (as the shuffler reported)"
                )
            else:
                opts = ", ".join(f"{k} {v}" for k, v in sorted(d.options.items())) or "its own defaults"
                lines.append(f"shuffler {name}: {opts} (configured; not reported yet)")
        return lines

    def shuffler(self) -> Any:
        """The connected shuffler driver, if any."""
        for name, drv in self.drivers.items():
            if self.config.devices.get(name) is not None and self.config.devices[name].kind == "shuffler":
                return drv
        return None

    def device_of(self, kind: str) -> Any:
        """The connected driver of a device kind (``shoe``, ``dice_cup``), if any."""
        for name, drv in self.drivers.items():
            d = self.config.devices.get(name)
            if d is not None and d.kind == kind:
                return drv
        return None

    def _dispense_if_due(self) -> None:
        # The shuffler hands out the next packet only while the round expects a card; once its packets
        # are out, the cards still inside are the leftovers, which it counts (a STUB_COUNT declaration).
        drv = self.shuffler()
        expected = self.state.expected
        if drv is None or self.state.status is not Status.DEALING or not hasattr(expected, "target"):
            return
        if not self._card_wanted():
            return
        ph = self.state.current_phase
        cfg = getattr(drv, "config", None)
        if ph is not None and ph.kind is PhaseKind.LEFTOVER and self._stack_count is not None:
            packets = cfg.packets if cfg is not None and cfg.mode != "single" else None
            if packets is not None and self._packets_out >= packets:
                left = self._stack_count - self._dispensed
                count = Declare(DeclareKind.STUB_COUNT, by=By.DEVICE, count=left)
                self._spawn(self.apply_event(count))
                return
        try:
            drv.dispense()
        except Exception:  # not sent (a restart to acknowledge, disabled); the alert holding the device is
            # on screen, and the packet is asked for again when it is cleared (_after_clear): never a round
            # waiting for a packet nobody asked for
            self._dispense_owed = True
        else:
            self._dispense_owed = False

    def _card_wanted(self) -> bool:
        """Whether the card the round expects is dealt now, or waits for the dealer to ask for it (the family's
        optional ``card_wanted``: Panguingue's stock card, which a player may take or leave)."""
        return card_wanted(self.state)

    def _drive_devices(self) -> None:
        """What the devices do because of the round: the dice cup is armed once betting closes on a dice
        step, and an emulated on-demand shoe is drawn one card at a time while the round expects one."""
        expected = self.state.expected
        cup = self.device_of("dice_cup")
        if (
            cup is not None
            and isinstance(expected, Wait)
            and expected.kind == "dice"
            and self._armed_for != self.round_no
        ):
            self._armed_for = self.round_no
            with contextlib.suppress(Exception):
                cup.arm(self.round_no)
        control = _emulator_control(self.device_of("shoe"))
        wants_card = (
            self.state.status is Status.DEALING and hasattr(expected, "target") and self._card_wanted()
        )
        if control is None or not wants_card or self._draw_owed or not control.on_demand:
            return
        self._draw_owed = 1
        if self.draw_pace > 0:
            asyncio.get_running_loop().call_later(self.draw_pace, control.inject, "draw")
        else:
            control.inject("draw")

    def _spawn(self, coro: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def counter_snapshot(self) -> dict[str, dict[str, int]]:
        """Per device: the table's counts (reads, misreads, jams …) and the link's (CRC errors …)."""
        out = {n: dict(c) for n, c in self.counters.items()}
        for name, drv in self.drivers.items():
            link = getattr(drv, "counters", None)
            if link is not None:
                c = out.setdefault(name, {})
                c["crc_errors"] = int(getattr(link, "bad_frames", 0))
                c["retransmits"] = int(getattr(link, "retransmits", 0))
                c["frames_in"] = int(getattr(link, "frames_in", 0))
        return out

    def _health(self, name: str, ev: AnyDeviceEvent) -> None:
        """The device's counters and its state on the status bar after ``ev`` (matched on its type)."""

        key = counted_as(ev)
        if key is not None:
            c = self.counters.setdefault(name, {})
            c[key] = c.get(key, 0) + 1
        self.station = self.station.heard(name, ev)

    def _delivered_entry(self, name: str, ev: Any) -> tuple[str, dict[str, Any]] | None:
        """The DELIVERED_KIND entry to commit with ``ev`` if it carries its device's counter (every
        device's highest number so far, so the last such entry is all a restart needs), else None."""
        from devices.driver import delivered_number

        got = delivered_number(ev)
        if got is None:
            return None
        type_, number = got
        mine = dict(self._delivered.get(name, {}))
        if number <= mine.get(str(type_), 0):
            return None  # older than what is journaled (a counter reset): nothing new to record
        mine[str(type_)] = number
        self._delivered = {**self._delivered, name: mine}
        return DELIVERED_KIND, {"numbers": self._delivered}

    def delivered_numbers(self, name: str) -> dict[int, int]:
        """The numbers the journal holds for device ``name`` (message type -> highest), for
        ``open_device(resume=…)``: the driver takes them before the handshake."""
        return {int(t): n for t, n in self._delivered.get(name, {}).items()}

    async def run_devices(self) -> None:
        """Run every configured device (emulators included) under the table's supervisor
        (:class:`devices.supervisor.DeviceSupervisor`: one task group, a task per device, restarts with
        backoff) until cancelled; cancelling it returns only once every device has closed its port."""
        from devices.supervisor import DeviceSupervisor

        self.supervisor = DeviceSupervisor(
            self.config.devices, self._connect, self, backoff=self.device_backoff
        )
        await self.supervisor.run()

    # -- the supervisor's intake (devices.supervisor.Intake) ---------------------------------------

    @contextlib.asynccontextmanager
    async def _connect(self, name: str) -> AsyncIterator[Any]:
        """Open device ``name`` as configured: its pairing key, its transport tapped by the frame fan-out,
        the numbers the journal already holds; the driver is in :attr:`drivers` while open."""
        from devices.api import open_device, transport_for
        from devices.keystore import FILE_NAME, Keystore
        from devices.spec import DeviceSpec
        from terminal.paths import config_dir

        d = self.config.devices[name]
        # A paired device must prove its key (docs/protocol.md §3.2); one that does not is refused
        # and raises the alert of device_failed, naming its port.
        key = Keystore(state_dir() / FILE_NAME).key_for(name)
        spec = DeviceSpec(name, d.kind, d.url, d.firmware_sha256, d.baud, dict(d.options), pairing_key=key)
        transport = None
        if spec.scheme != "gpio":
            transport = self.frames.tap(
                name,
                transport_for(
                    spec, emulator_dir=config_dir() / "emulators", emulator_keys=state_dir() / "emulator-keys"
                ),
            )
        async with open_device(
            spec,
            transport,
            emulator_dir=config_dir() / "emulators",
            link_config=self.link_config,
            resume=self.delivered_numbers(name),
            require_pairing=self.config.requires_pairing,
        ) as dev:
            self.drivers[name] = dev
            try:
                if d.kind == "shuffler" and d.options:
                    from devices.shuffler import shuffler_config_from_options

                    dev.configure(shuffler_config_from_options(d.options))
                yield dev
            finally:
                if self.drivers.get(name) is dev:
                    del self.drivers[name]

    async def device_opened(self, name: str, driver: Any) -> None:
        """A device is open and has identified itself (its DeviceIdentity event follows). What the round
        had asked of it before (a draw from an emulated shoe, the dice cup's arming, the shuffler's next
        packet) is asked again: a device opened again (a reconnect, or the terminal restarted mid-round)
        may not have heard it, and a round never waits for an answer to a request nobody made."""
        self._failing.discard(name)
        with contextlib.suppress(JournalFull):
            await self._reopened(name)
        kind = self.config.devices[name].kind if name in self.config.devices else ""
        if kind == "shoe":
            self._draw_owed = 0  # an emulated shoe takes a draw asked again as the same card
        elif kind == "dice_cup":
            self._armed_for = None
        self._show()
        self._drive_devices()
        if kind == "shuffler":
            # the next packet: a shuffler that lost its deck (a power cut) refuses it, and that refusal is an
            # alert naming the way out (a misdeal, then a shuffle), never a round waiting in silence
            self._dispense_if_due()

    async def device_events(self, name: str, events: list[AnyDeviceEvent]) -> None:
        """Events of device ``name`` that arrived together, durable before this returns (the device is
        acknowledged then). Card reads in a row go to the journal in one transaction (one fsync); a full
        disk stops the table and re-raises, so the supervisor reopens the device, which sends them again."""
        try:
            i = 0
            while i < len(events):
                run = self._read_run(events, i)
                if len(run) > 1:
                    await self._commit_reads(name, run)
                    i += len(run)
                else:
                    await self.on_device_event(events[i])
                    i += 1
        except JournalFull as exc:  # not journaled, so not acknowledged: the device sends it again
            self.journal_stopped(exc)
            raise

    async def device_failed(
        self, name: str, error: BaseException, retry_in: float, *, was_open: bool
    ) -> None:
        """Device ``name`` stopped: it could not be opened (or was refused), or its driver raised. A STOP
        naming it, its port and the error; the supervisor opens it again in ``retry_in`` seconds. A device
        that keeps failing to open raises its alert once, until it opens again."""
        from devices.errors import DeviceRefused

        d = self.config.devices[name]
        self.station = self.station.with_device(
            replace(self.devices[name], state="offline", detail=str(error)[:60])
        )
        with contextlib.suppress(JournalFull):
            await self._reopened(name)
        if name in self._failing and not was_open:
            return  # still failing to open since the alert was raised: retried quietly (the chip says so)
        self._failing.add(name)
        if was_open:
            fault, said = (
                "DriverFailed",
                f"{name} on {d.url} stopped on an error and is being reopened: {error}",
            )
        else:
            unpaired = isinstance(error, DeviceRefused) and "not paired" in str(error)
            fault = "Unpaired" if unpaired else "OpenFailed"
            said = f"{name}: refused: {error}" if unpaired else f"{name}: cannot open {d.url}: {error}"
        with contextlib.suppress(JournalFull):
            event = "failed" if was_open else "open-failed"
            entry = {"device": name, "event": event, "error": str(error), "retry_in": retry_in}
            await self.journal.append("device", entry)
            await self._device_alert(name, fault, said)

    def _read_run(self, events: list[AnyDeviceEvent], i: int) -> list[AnyDeviceEvent]:
        """The card reads in a row from ``events[i]`` (none during a technician's test deal): they may
        share one journal transaction (a group commit)."""
        from devices.events import CardDispensed
        from devices.events import CardRead as Read

        run: list[AnyDeviceEvent] = []
        while i < len(events) and self._test is None and isinstance(events[i], Read | CardDispensed):
            run.append(events[i])
            i += 1
        return run

    async def _commit_reads(self, name: str, reads: list[AnyDeviceEvent]) -> None:
        """Card reads that arrived together: their round events and the device's delivered counter in one
        journal transaction, then folded in order."""
        from devices.events import CardDispensed

        rider = None
        for ev in reads:
            self._health(name, ev)
            if isinstance(ev, CardDispensed):
                self._dispensed += 1
            else:
                self._draw_owed = 0
            rider = self._delivered_entry(name, ev) or rider
        events = [e for e in map(round_event_for, reads) if e is not None]
        await self.apply_events(events, rider)
        cfg = getattr(self.drivers.get(name), "config", None)
        if isinstance(reads[-1], CardDispensed) and cfg is not None and cfg.mode == "single":
            self._dispense_if_due()

    async def _pair_device(self, data: Mapping[str, Any], role: str) -> str:
        """Technician: give a device a new pairing key of its own (docs/protocol.md §3.2), with the device
        in pairing mode; the key goes to the keystore and is never shown (journaled: its fingerprint)."""
        from devices.errors import DeviceError
        from devices.keystore import FILE_NAME, Keystore
        from devices.pairing import pair_device
        from devices.spec import DeviceSpec
        from terminal.paths import config_dir

        name = str(data.get("name") or "").strip()
        if name not in self.config.devices:
            return (
                f"no device named {name!r}; the table has {', '.join(sorted(self.config.devices)) or 'none'}"
            )
        d = self.config.devices[name]
        await self.journal.append("device", {"device": name, "event": "pairing", "role": role})
        spec = DeviceSpec(name, d.kind, d.url, d.firmware_sha256, d.baud, dict(d.options))
        # The port is opened exclusively: the device's task stops for the pairing and starts again after.
        async with self._paused(name):
            try:
                r = await pair_device(
                    spec,
                    Keystore(state_dir() / FILE_NAME),
                    emulator_dir=config_dir() / "emulators",
                    emulator_keys=state_dir() / "emulator-keys",
                )
                entry: dict[str, Any] = {
                    "event": "paired",
                    "port": r.port,
                    "serial": r.serial,
                    "key": r.fingerprint,
                }
                result = f"{name} paired on {r.port} (serial {r.serial}); key fingerprint {r.fingerprint}"
            except (DeviceError, OSError) as exc:
                entry = {"event": "pairing-failed", "error": str(exc)}
                result = f"{name} not paired: {exc}"
            await self.journal.append("device", {"device": name, **entry, "role": role})
        self._show()
        return result

    def _paused(self, name: str) -> contextlib.AbstractAsyncContextManager[Any]:
        """Device ``name``'s task stopped for the body (its port free), then started again."""
        if self.supervisor is None:
            return contextlib.nullcontext(False)
        return self.supervisor.paused(name)

    async def _assign_device(self, data: Mapping[str, Any], role: str) -> str:
        """Technician: move a configured device to another address, and reconnect it now."""
        from pydantic import ValidationError

        name, url = str(data.get("name") or "").strip(), str(data.get("url") or "").strip()
        if name not in self.config.devices:
            return (
                f"no device named {name!r}; the table has {', '.join(sorted(self.config.devices)) or 'none'}"
            )
        if not url:
            return "give the device's address, e.g. /dev/dealer/shoe or emu://shoe-basic"
        d = self.config.devices[name]
        try:  # the same checks as the configuration file's devices.NAME.url
            moved = type(d).model_validate({**d.model_dump(), "url": url})
        except ValidationError as exc:
            return f"address refused: {exc.errors()[0]['msg']}"
        devices = dict(self.config.devices)
        devices[name] = moved
        self.config = self.config.model_copy(update={"devices": devices})
        await self.journal.append(CONFIG_KIND, {**config_entry(self.config), "role": role})
        running = self.supervisor is not None and self.supervisor.running
        if running:  # the devices are running: reconnect this one at its new address
            self.station = self.station.with_device(DeviceView(name, d.kind, "offline", "reconnecting"))
            assert self.supervisor is not None
            await self.supervisor.restart(name)
            self._show()
        return (
            f"device {name!r} ({d.kind}) now at {url}"
            + ("; reconnecting" if running else "")
            + f". Until a restart: make it permanent in the table configuration (devices.{name}.url)."
        )

    @property
    def listening(self) -> bool:
        """Whether the frame monitor is attached (else the fan-out need not decode for it)."""
        return self.frame_tap is not None

    def on_frame(self, device: str, direction: str, item: Any) -> None:
        """The frame fan-out's listener for the maintenance frame monitor: every frame each way, hex and
        decoded, to ``frame_tap``."""
        if self.frame_tap is not None:
            self.frame_tap(device, direction, *describe_frame(item))

    def close(self) -> None:
        """Finish journal writes and close it."""
        if self.floor_link is not None:
            self.floor_link.stop()
        with contextlib.suppress(Exception):
            self.journal.close()

    def release(self) -> None:
        """Finish journal writes and hand the open journal on (the demo's next table)."""
        for task in list(self._tasks):
            task.cancel()
        if self.floor_link is not None:
            self.floor_link.stop()
        self.journal.release()


def _emulator_control(drv: Any) -> Any:
    """The emulator-control port of an emulated device's driver (``devices.transports.emulator_control``),
    else None (a real device, or none)."""
    from devices.transports import emulator_control

    return None if drv is None else emulator_control(getattr(drv, "transport", None))


def _same(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    """Whether a view's ingredients are the same: the immutable states by identity, the spots by value."""
    return all(x is y for x, y in zip(a[:-1], b[:-1], strict=True)) and a[-1] == b[-1]


def _schedule(ref: str | None) -> Any:
    """The posted collection schedule (``rules.fees.Schedule``), or None when the table posts none."""
    if not ref:
        return None
    try:
        return fee_schedule(ref)
    except ValueError:
        return None  # ``config check`` reports it; the settlement then says no schedule is posted


def base_spots(state: RoundState) -> set[str]:
    """The base wagers of the game (a bonus needs one beside it): the family's (``Family.base_spots``)."""
    return set(family_rules(state.game.family).base_spots(state))


def spot_limits(state: RoundState) -> dict[str, SpotLimit]:
    """Per-spot rules the layout enforces beyond the table's limits (``Family.spot_limits``)."""
    return family_rules(state.game.family).spot_limits(state)


def wager_spots(state: RoundState) -> list[str]:
    """The betting spots the dealer can fill for this game, base first (``Family.wager_spots``), then the
    spots behind a seat where a backline bettor's wager is taken apart (``Family.backline_spots``: ``war
    backline``, :mod:`rules.banking.backline`)."""
    fam = family_rules(state.game.family)
    return [*fam.wager_spots(state), *(s + BACKLINE for s in fam.backline_spots(state))]


def _amount(data: Mapping[str, Any], before: int) -> int | None:
    """The new amount from a panel input: ``cents`` (set) or ``add`` (a chip, negative takes one off)."""
    if "cents" in data:
        value = data["cents"]
        return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None
    add = data.get("add", 0)
    if not isinstance(add, int) or isinstance(add, bool):
        return None
    return max(0, before + add)


def _alert_json(alert: AlertView) -> dict[str, Any]:
    return {k: v for k, v in dataclasses.asdict(alert).items() if v not in (None, "")}


def house_way_sets(state: RoundState) -> list[HandSet] | str:
    """The hands the dealer sets the House Way now, or why none can be set (``Family.house_way_sets``)."""
    return family_rules(state.game.family).house_way_sets(state)


def describe_frame(item: Any) -> tuple[str, str]:
    """A decoded frame (or a framing error) as ``(hex, words)`` for the frame monitor."""
    from firmware_bridge.framer import Frame, encode_frame
    from firmware_bridge.messages import MESSAGE_TYPES, decode_payload

    if not isinstance(item, Frame):
        raw = getattr(item, "raw", b"") or b""
        return raw.hex(" "), f"bad frame: {getattr(item, 'reason', item)}"
    cls = MESSAGE_TYPES.get(item.type)
    words = f"seq {item.seq} ack {item.ack} "
    if cls is None:
        words += f"type 0x{item.type:02x}"
    else:
        try:
            msg = decode_payload(item.type, item.payload)
            fields = ", ".join(f"{k}={v}" for k, v in _plain(msg).items())
            words += f"{cls.__name__}({fields})"
        except Exception:  # noqa: BLE001 - the monitor shows what it cannot decode
            words += f"{cls.__name__} (undecodable payload)"
    return encode_frame(item).hex(" "), words


def _plain(ev: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if dataclasses.is_dataclass(ev):
        items = [(f.name, getattr(ev, f.name)) for f in dataclasses.fields(ev)]
    else:
        items = list(vars(ev).items()) if hasattr(ev, "__dict__") else []
    for k, v in items:
        if k == "device":
            continue
        if isinstance(v, str | int | float | bool) or v is None:
            out[k] = v
        elif isinstance(v, tuple):
            out[k] = [str(x) for x in v]
        else:
            out[k] = str(v)
    return out


def _delivered_from(payload: Mapping[str, Any] | None) -> dict[str, dict[str, int]]:
    """The delivered counters of the last DELIVERED_KIND entry (empty if none or malformed)."""
    numbers = (payload or {}).get("numbers")
    out: dict[str, dict[str, int]] = {}
    if isinstance(numbers, Mapping):
        for dev, per in numbers.items():
            if isinstance(per, Mapping):
                out[str(dev)] = {
                    str(t): n for t, n in per.items() if str(t).isdigit() and isinstance(n, int) and n > 0
                }
    return out


def open_table(config: TerminalConfig, journal_path: str | Path | None = None) -> TableController:
    """Open the configured journal (verified) and build the controller; UserError if it is broken."""
    path = Path(journal_path) if journal_path else config.journal.resolved_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"{path.parent}: cannot create the journal's directory: {exc.strerror}") from None
    return controller_class(config)(config, journal_for(config, journal_path or None))


def controller_class(config: TerminalConfig) -> type[TableController]:
    """The controller for the table's game: the round engine's, or for a family whose pieces are tiles
    (``Family.pieces``) the tiles table (``terminal/tiles_table.py``)."""
    if family_rules(get_game(config.table.game).family).pieces == "tiles":
        from terminal.tiles_table import TilesController

        return TilesController
    return TableController
