"""A Pai Gow Tiles table: the controller for a family whose pieces are tiles (``Family.pieces == "tiles"``).

The table is the ordinary :class:`terminal.controller.TableController` for everything a table shares — the
layout and the bank, "no more bets", the round start and the three dice (from the dice cup, through the
round engine: the game file's ``deal:`` is its dice phase), the devices, the PINs, the alerts, the
journal. What is the family's own is the round beside it, :class:`rules.paigowtiles.table_round.TilesRound`:
each position's four tiles (from its tray, the tile reader, or keyed on the tile picker — the same event),
the hands set (as the player set them, or the House Way), the comparison and the settlement with the room's
collection. Those are journaled as ``tiles`` entries in the vocabulary of a tiles scenario
(:data:`terminal.tiles_scenario.EVENT_KEYS`) and folded with the same :func:`~terminal.tiles_scenario.fold_tiles`
as ``replay``, so :func:`export_tiles` writes the journal as a scenario whose ``expect:`` is what the table
paid, and ``dealer-terminal replay --check`` of it recomputes and compares (docs/paigow-tiles.md).

Console inputs: ``tiles.place`` ``{seat, tiles}`` (the picker's four tiles for a position, ``source``
picker), ``tiles.set`` ``{seat, high, low}`` (a hand as the player set it), ``house-way`` (every hand still
to set, the player-dealer's among them, set the House Way), ``clear-alert`` of a tiles alert.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Mapping
from typing import Any

from devices.events import AnyDeviceEvent, TilesRead
from rules.paigowtiles.table_round import TilesRound
from rules.round.alerts import Role
from rules.round.events import DiceResult, RoundStart
from terminal.console.view import AlertView, ConsoleInput, TableView
from terminal.controller import SETTLEMENT_KIND, TableController
from terminal.games import GameFile
from terminal.journal import ROUND_KIND, Journal
from terminal.table.machine import Step, TableFacts
from terminal.table.state import AlertDropped, AlertRaised, BankSettled, LayoutFilled
from terminal.tiles_scenario import EVENT_KEYS, NO_COLLECTION, TilesLine, fold_tiles
from terminal.tiles_screen import (
    DICE_SOURCE,
    TILES_KIND,
    TILES_UNDO,
    TilesFold,
    dice_keyable,
    fold_round,
    reading_cup,
    round_events,
    round_log,
    scenario_event,
    tiles_facts,
    tiles_screen_of,
)

__all__ = ["TILES_KIND", "TilesController", "export_tiles"]


class TilesController(TableController):
    """A Pai Gow Tiles table (see the module docstring)."""

    def __init__(self, config: Any, journal: Journal, *, clock: Callable[[], float] = time.time) -> None:
        #: The round's journaled ``tiles`` entries (the journal's, as appended) and their fold, the value
        #: the screen is drawn from (``terminal.tiles_screen``).
        self.tiles_log: list[dict[str, Any]] = []
        self.tiles = TilesFold()
        self._trays_asked: set[tuple[int, int]] = set()
        super().__init__(config, journal, clock=clock)
        ref = config.table.fee_schedule
        #: The posted option (``<room>/<game>/<option>``); a table that posts none takes no collection.
        self.fee_option: str = ref.split("/", 2)[-1] if ref else NO_COLLECTION
        # The round's tiles events, journaled after its start (the last checkpoint is at the round's start),
        # taken as a journal replayed from its first entry takes them (``terminal.tiles_screen.round_log``).
        checkpoint, _ = journal.restore_point()
        since = checkpoint.seq if checkpoint is not None else 0
        self.tiles_log = list(
            round_log(((e.kind, e.payload) for e in journal.entries(since=since)), self.round_no)
        )
        self._refold()

    # -- the round's events ------------------------------------------------------------------------

    def round_events(self, log: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
        """The current round in the tiles scenario's vocabulary (``terminal.tiles_screen.round_events``)."""
        return round_events(self.table, self.tiles_log if log is None else log)

    def _fold(self, log: list[dict[str, Any]]) -> TilesFold:
        return fold_round(self.game, self.table, log, self.fee_option)

    def _refold(self) -> None:
        self.tiles = self._fold(self.tiles_log)

    @property
    def tiles_round(self) -> TilesRound | None:
        """The round of tiles (the fold's), or None."""
        return self.tiles.round

    @property
    def tiles_lines(self) -> list[TilesLine]:
        """Every line of the round's fold (reads, settings, alerts, the outcome)."""
        return list(self.tiles.lines)

    @property
    def tiles_problem(self) -> str | None:
        """Why the round's journaled tiles cannot be folded (shown, never a crash), or None."""
        return self.tiles.problem

    def needed(self) -> list[int]:
        """The positions whose tiles are played (the player-dealer's and each with a wager), in deal order."""
        return self.tiles.needed()

    def missing(self) -> list[int]:
        """Played positions whose four tiles are not read yet."""
        return self.tiles.missing()

    def unset(self) -> list[int]:
        """Played positions with their tiles whose hands are not set yet."""
        return self.tiles.unset()

    def picker_seat(self) -> tuple[int, str]:
        """Where the tile picker opens: the first position without tiles (``tiles``), else the first hand
        to set (``set``), else the first seat a tray could not read."""
        if self.dice_keyable() is None:  # no cup (or a faulted one): the picker keys the dice
            return (self.player_dealer or 1), "dice"
        missing, unset = self.missing(), self.unset()
        if missing:
            return missing[0], "tiles"
        if unset:
            return unset[0], "set"
        held = [t.seat for t in self.table_alerts if t.code == "UNREADABLE_CARD" and t.seat is not None]
        return (held[0] if held else 1), "tiles"

    def outcome(self) -> dict[str, Any] | None:
        """The round's settlement (the fold's outcome line), once settled."""
        return self.tiles.outcome()

    def tiles_alerts(self) -> list[tuple[int, AlertView]]:
        """The round's alerts not yet cleared: (ordinal among the round's alerts, the alert)."""
        return self.tiles.alerts()

    async def tiles_event(
        self, event: dict[str, Any], rider: tuple[str, Mapping[str, Any]] | None = None
    ) -> str | None:
        """Journal a tiles event for this round and fold it; a sentence if the round cannot take it (then
        nothing is journaled as the round's)."""
        entry = {"round": self.round_no, **event}
        async with self._held():
            trial = self._fold([*self.tiles_log, entry])
            if trial.problem is not None:
                return trial.problem
            if rider is None:
                await self.journal.append(TILES_KIND, entry)
            else:
                await self.journal.append_many([(TILES_KIND, entry), rider])
            self.tiles_log.append(entry)
            self._refold()
            await self._settle_tiles()
        self._show()
        self._drive_devices()
        return None

    async def _settle_if_due(self) -> None:
        """After each round-engine event (the round start, the dice, a correction): fold the tiles again."""
        await super()._settle_if_due()
        self._refold()

    async def _settle_tiles(self) -> None:
        """Every played hand set: the settlement event, journaled with what the table pays, and the bank."""
        r = self.tiles_round
        if r is None or self.outcome() is not None or not self.needed() or self.missing() or self.unset():
            return
        entry = {"round": self.round_no, "type": "settle"}
        self.tiles_log.append(entry)
        await self.journal.append(TILES_KIND, entry)
        self._refold()
        out = self.outcome()
        if out is None:
            return
        await self.journal.append(SETTLEMENT_KIND, {"round": self.round_no, "tiles": out})
        await self.record(BankSettled(self.round_no, int(out["bank_after"])))  # the table's fold

    # -- the table's state -------------------------------------------------------------------------

    def facts(self) -> TableFacts:
        """The round engine's facts with the tiles (``terminal.tiles_screen.tiles_facts``)."""
        return tiles_facts(super().facts(), self.tiles)

    def _tiles_read(self) -> bool:
        """Whether this round's tiles have begun to be read (or keyed)."""
        return any(e.get("round") == self.round_no for e in self.tiles_log)

    def round_start_event(self) -> RoundStart | str:
        """The round start; Pai Gow Tiles is banked by a player-dealer (seed 003 L527), so it needs one."""
        start = super().round_start_event()
        if isinstance(start, RoundStart) and start.player_dealer is None:
            return "Pai Gow Tiles needs a player-dealer: w, then choose the banker's seat"
        return start

    async def demo_fill(self, inp: ConsoleInput | None = None) -> str:
        """Demo: the table's layout with seat 1 the player-dealer banking (a tiles round needs one)."""
        said = await super().demo_fill(inp)
        if self.player_dealer is not None:
            return said
        wagers = tuple(w for w in self.table.wagers if w[0] != 1)
        layout = LayoutFilled(wagers, 1, min(self.config.table.limits.max_cents * 4, 100000))
        await self.record(layout, {"input": (inp or ConsoleInput("wager.fill", "dealer", "key")).to_json()})
        return f"demo layout: seat 1 banks {self.bank_cents // 100} dollars, {len(self.board.wagers)} wagers"

    # -- inputs ------------------------------------------------------------------------------------

    async def _submit(self, inp: ConsoleInput) -> str | None:
        a = inp.action
        if a.startswith("tiles.") or (a == "clear-alert" and self._tiles_alert(inp) is not None):
            if not self.live:
                return await self._refuse(inp, "the table is not live in maintenance")
            unauthorised = self._unauthorised(inp)
            if unauthorised is not None:
                return await self._refuse(inp, unauthorised)
            if a == "clear-alert":
                return await self._clear_tiles_alert(inp)
            step = self.step()
            if step is Step.STOPPED:
                alert = self.view().active_alert
                why = (
                    f"{alert.code} holds the table: only its clearing by the {alert.clear_role} (x, with the PIN)"
                    if alert
                    else "the table is stopped"
                )
                return await self._refuse(inp, why)
            if a == "tiles.dice":
                return await self._keyed_dice(inp, step)
            if a == "tiles.place" and step in (Step.DEALING, Step.SETTING):
                return await self._input_event(inp, self._place_event(inp))
            if a == "tiles.set" and step is Step.SETTING:
                return await self._input_event(inp, self._set_event(inp))
            return await self._refuse(inp, f"{a} is not taken while the table is {step.value}")
        if a == "undo" and self._tiles_read():
            # The round engine's undo would take back the dice under the tiles already read: a wrong tile or
            # setting is corrected by keying the position again on the picker (the journal keeps both).
            return await self._refuse(inp, TILES_UNDO)
        if a == "new-round" and self.tiles_round is not None and self.outcome() is None and self.needed():
            return await self._refuse(inp, "the round is not settled yet: read the tiles and set every hand")
        return await super()._submit(inp)

    def dice_keyable(self) -> str | None:
        """Why the dealer may not key the dice now, or None: the round waits for its dice and the table has
        no dice cup, or its cup is faulted (``terminal.tiles_screen.dice_keyable``)."""
        return dice_keyable(self.step(), self._cup())

    def _cup(self) -> str | None:
        """The dice cup that reads the dice (configured, its driver connected, shown ok), or None."""
        return reading_cup(self.setup, self.station, self.device_of("dice_cup") is not None)

    async def _keyed_dice(self, inp: ConsoleInput, step: Step) -> str | None:
        """The dealer's three dice (the tile picker's dice rows): the same round event as a cup's roll,
        ``DiceResult`` with source ``dealer``, journaled and folded as the cup's is."""
        why = self.dice_keyable()
        if why is not None:
            return await self._refuse(inp, why)
        dice = inp.data.get("dice")
        if (
            not isinstance(dice, list | tuple)
            or len(dice) != 3
            or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice)
        ):
            return await self._refuse(inp, f"the dice are three values 1 to 6, not {dice!r}")
        await self.journal.append("input", inp.to_json())
        before = len(self.state.notes)
        await self.apply_event(DiceResult(tuple(dice), source="dealer"))
        notes = self.state.notes[before:]
        return notes[-1] if notes else f"dice {dice[0]}-{dice[1]}-{dice[2]} keyed"

    def _place_event(self, inp: ConsoleInput) -> dict[str, Any] | str:
        seat, tiles = inp.data.get("seat"), inp.data.get("tiles")
        if not isinstance(seat, int) or not isinstance(tiles, str | list | tuple):
            return "the tile picker gives a seat and its tiles"
        text = tiles if isinstance(tiles, str) else " ".join(map(str, tiles))
        return {"type": "tiles", "seat": seat, "tiles": text, "source": "picker"}

    def _set_event(self, inp: ConsoleInput) -> dict[str, Any] | str:
        seat, high, low = inp.data.get("seat"), inp.data.get("high"), inp.data.get("low")
        if not isinstance(seat, int) or not isinstance(high, str) or not isinstance(low, str):
            return "a setting is a seat, its high hand and its low hand"
        return {"type": "set", "seat": seat, "high": high, "low": low}

    async def _input_event(self, inp: ConsoleInput, event: dict[str, Any] | str) -> str | None:
        if isinstance(event, str):
            return await self._refuse(inp, event)
        await self.journal.append("input", inp.to_json())
        why = await self.tiles_event(event)
        if why is not None:
            await self.journal.append("input", {**inp.to_json(), "refused": why})
            return why
        if event["type"] == "tiles":  # a tray read the dealer keyed again: its alert is answered
            for t in self.table.alerts:
                if t.code == "UNREADABLE_CARD" and t.seat == event["seat"]:
                    await self.record(AlertDropped(t.code, t.seat), {"role": inp.role, "message": t.message})
        r = self.tiles_round
        new = [ln for ln in self.tiles_lines if ln.kind == "alert"]
        return new[-1].data["code"] + ": " + new[-1].data["remedy"] if r and new and _last(new, r) else None

    async def _house_way(self, inp: ConsoleInput) -> str | None:
        """Every played hand still unset — the players' who ask the dealer, then the player-dealer's — set the
        room's House Way (its chart, ``house_way:``), one journaled event each."""
        # The players' hands first, then the player-dealer's ("Once this is complete, the player/dealer sets
        # his/her hand", seed 003 L529).
        pd = self.tiles_round.player_dealer if self.tiles_round is not None else None
        seats = sorted(self.unset(), key=lambda s: s == pd)
        if not seats:
            return await self._refuse(inp, "no hand is waiting to be set")
        await self.journal.append("input", inp.to_json())
        for seat in seats:
            why = await self.tiles_event({"type": "house_way", "seat": seat})
            if why is not None:
                return why
        return f"{len(seats)} hand(s) set the House Way"

    def _tiles_alert(self, inp: ConsoleInput) -> tuple[int, AlertView] | None:
        code, seat = inp.data.get("code"), inp.data.get("seat")
        return next(
            ((i, a) for i, a in self.tiles_alerts() if a.code == code and (seat is None or a.seat == seat)),
            None,
        )

    async def _clear_tiles_alert(self, inp: ConsoleInput) -> str | None:
        found = self._tiles_alert(inp)
        assert found is not None
        i, alert = found
        role = Role(inp.role) if inp.role in Role._value2member_map_ else Role.DEALER
        if not role.may_clear(Role(alert.clear_role)):
            return await self._refuse(inp, f"{alert.code} is cleared by {alert.clear_role}, not {inp.role}")
        await self.journal.append("input", inp.to_json())
        entry = {"round": self.round_no, "type": "cleared", "alert": i, "code": alert.code, "role": inp.role}
        await self.journal.append(TILES_KIND, entry)
        self.tiles_log.append(entry)
        self._refold()
        self._show()
        return None

    # -- devices -----------------------------------------------------------------------------------

    async def on_device_event(self, ev: AnyDeviceEvent) -> None:
        """A tray's read is the position's tiles (four read: the round takes them; fewer: an
        UNREADABLE_CARD alert, the dealer keys the four on the picker); the rest is the table's.
        Matched on the event's type (``devices.events.TilesRead``), never on its class name."""
        if not isinstance(ev, TilesRead):
            await super().on_device_event(ev)
            return
        name = ev.device or "?"
        self._health(name, ev)
        rider = self._delivered_entry(name, ev)
        info = {"device": name, "event": "TilesRead", "position": ev.position, "tiles": list(ev.tiles)}
        if len(ev.tiles) == 4:
            event = {"type": "tiles", "seat": ev.position, "tiles": " ".join(ev.tiles), "source": "reader"}
            why = await self.tiles_event(event, rider)
            if why is None:
                return
            info["refused"] = why
        await self.journal.append_many([("device", info)] + ([rider] if rider else []))
        message = info.get("refused") or (
            f"seat {ev.position}: the tray read {len(ev.tiles)} of 4 tiles ({' '.join(ev.tiles) or 'none'})"
        )
        alert = AlertView(
            code="UNREADABLE_CARD",
            severity="warning",
            ruling="CONTINUE",
            remedy="Key the position's four tiles on the tile picker (e); the tray's read is not used.",
            cite="docs/paigow-tiles.md, the tile reader",
            clear_role="dealer",
            message=str(message),
            seat=ev.position,
        )
        await self.record(AlertRaised(alert))

    def _drive_devices(self) -> None:
        """The table's devices, and an emulated on-demand tray reads each played position once the dice
        are read (a real tray reads the tiles placed on it)."""
        super()._drive_devices()
        drv = self.device_of("tile_reader")
        serial = getattr(getattr(drv, "transport", None), "serial", None)
        runner = getattr(serial, "_emulator", None)
        if runner is None or not runner.emulator.profile.tiles.on_demand:
            return
        for seat in self.missing():
            key = (self.round_no, seat)
            if key in self._trays_asked:
                continue
            self._trays_asked.add(key)

            def read(seat: int = seat, rnd: int = self.round_no) -> None:
                with contextlib.suppress(ValueError):
                    runner.emulator.inject("read", time.monotonic(), position=seat, round=rnd)

            runner.call(read)

    # -- the view ----------------------------------------------------------------------------------

    def view(self) -> TableView:
        """The table's view with the tiles: a pure function of the table's folded state, the station's,
        the round's folded tiles and the dice cup that reads (``terminal.tiles_screen.tiles_screen_of``)."""
        return tiles_screen_of(self.table, self.station, self.setup, self.tiles, cup=self._cup())


def _last(alerts: list[TilesLine], r: TilesRound) -> bool:
    """Whether the last alert line came from the event just folded (its findings are the round's last)."""
    return bool(r.findings) and alerts[-1].data["code"] == r.findings[-1].code.value


def export_tiles(journal: Journal, game: GameFile) -> dict[str, Any]:
    """The journal's last Pai Gow Tiles round as a tiles scenario: its round start and dice (the round
    engine's entries), its tiles events, and ``expect:`` what the table journaled — every alert and the
    settlement it paid — so ``replay --check`` recomputes the round and compares."""
    events: list[dict[str, Any]] = []
    paid: dict[str, Any] | None = None
    fee_option: str | None = None
    current: object = None
    for e in journal.entries():
        p = e.payload
        if e.kind == "config":
            current = p.get("game")
            ref = p.get("fee_schedule")
            fee_option = ref.split("/", 2)[-1] if isinstance(ref, str) else NO_COLLECTION
        elif current != game.id:
            continue  # another game on the table (the demo's t): not this game's rounds
        elif e.kind == ROUND_KIND and p.get("type") == "round_start":
            if p.get("player_dealer") is not None:
                events = [
                    {
                        "type": "round_start",
                        "player_dealer": p["player_dealer"],
                        "bank": p.get("bank", 0),
                        "wagers": [dict(w) for w in p.get("wagers", [])],
                    }
                ]
                paid = None
        elif e.kind == ROUND_KIND and p.get("type") == "dice" and events:
            events.append(
                {"type": "dice", "dice": list(p["dice"]), "source": DICE_SOURCE.get(p["source"], "sensor")}
            )
        elif e.kind == TILES_KIND and p.get("type") in EVENT_KEYS and events:
            events.append(scenario_event(p))
        elif e.kind == SETTLEMENT_KIND and isinstance(p.get("tiles"), Mapping):
            paid = dict(p["tiles"])
    _, lines = fold_tiles(game, events, fee_option)
    doc: dict[str, Any] = {
        "scenario": f"journal export of {journal.path.name}: the last Pai Gow Tiles round",
        "game": game.id,
    }
    if fee_option is not None:
        doc["fee_option"] = fee_option
    doc["events"] = events
    expect: dict[str, Any] = {
        "alerts": [{"code": ln.data["code"], "seat": ln.data["seat"]} for ln in lines if ln.kind == "alert"]
    }
    if paid is not None:
        expect["outcome"] = {
            k: paid[k] for k in ("first_set", "action", "bank_before", "bank_after", "fees", "wagers")
        }
    doc["expect"] = expect
    return doc
