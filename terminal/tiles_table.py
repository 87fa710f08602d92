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
from dataclasses import replace
from typing import Any

from devices.events import AnyDeviceEvent, TilesRead
from rules.paigowtiles.table_round import TilesRound
from rules.round import Status
from rules.round.alerts import Role, Ruling, Severity, default_clear_role
from rules.round.events import DiceResult, RoundStart
from terminal.console.view import AlertView, ConsoleInput, HandView, SeatView, SettlementLine, TableView
from terminal.controller import SETTLEMENT_KIND, TableController
from terminal.games import GameFile
from terminal.journal import ROUND_KIND, Journal
from terminal.table.machine import Step, TableFacts
from terminal.table.state import AlertDropped, AlertRaised, BankSettled, LayoutFilled
from terminal.tiles_scenario import (
    EVENT_KEYS,
    NO_COLLECTION,
    TilesEventError,
    TilesLine,
    fold_tiles,
)

#: The journal kind of a tiles event (the scenario's vocabulary, with the round number).
TILES_KIND = "tiles"
#: The dice's source in a tiles scenario: a device's read is the cup's sensor, a keyed roll the dealer's.
DICE_SOURCE = {"dealer": "dealer", "scenario": "dealer"}


class TilesController(TableController):
    """A Pai Gow Tiles table (see the module docstring)."""

    def __init__(self, config: Any, journal: Journal, *, clock: Callable[[], float] = time.time) -> None:
        self.tiles_log: list[dict[str, Any]] = []
        self.tiles_round: TilesRound | None = None
        self.tiles_lines: list[TilesLine] = []
        self.tiles_problem: str | None = None
        self._trays_asked: set[tuple[int, int]] = set()
        super().__init__(config, journal, clock=clock)
        ref = config.table.fee_schedule
        #: The posted option (``<room>/<game>/<option>``); a table that posts none takes no collection.
        self.fee_option: str = ref.split("/", 2)[-1] if ref else NO_COLLECTION
        # The round's tiles events, journaled after its start (the last checkpoint is at the round's start).
        checkpoint, _ = journal.restore_point()
        since = checkpoint.seq if checkpoint is not None else 0
        self.tiles_log = [
            dict(e.payload)
            for e in journal.entries(since=since, kind=TILES_KIND)
            if e.payload.get("round") == self.round_no
        ]
        self._refold()

    # -- the round's events ------------------------------------------------------------------------

    def round_events(self, log: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
        """The current round in the tiles scenario's vocabulary: its start and dice (the round engine's),
        then the tiles, settings and settlement journaled for it."""
        st = self.state
        if st.start is None or st.status is Status.VOID or st.start.player_dealer is None:
            return []
        out: list[dict[str, Any]] = [start_event(st.start)]
        dice = next((e for _, e in reversed(st.segment) if isinstance(e, DiceResult)), None)
        if st.dice:
            source = dice.source if dice is not None else "dealer"
            out.append({"type": "dice", "dice": list(st.dice), "source": DICE_SOURCE.get(source, "sensor")})
        log = self.tiles_log if log is None else log
        return out + [_event(e) for e in log if e.get("round") == self.round_no and e["type"] in EVENT_KEYS]

    def _fold(self, log: list[dict[str, Any]]) -> tuple[TilesRound | None, list[TilesLine]]:
        return fold_tiles(self.game, self.round_events(log), self.fee_option)

    def _refold(self) -> None:
        try:
            self.tiles_round, self.tiles_lines = self._fold(self.tiles_log)
            self.tiles_problem = None
        except TilesEventError as exc:  # a journal this build cannot fold: shown, never a crash
            self.tiles_round, self.tiles_lines, self.tiles_problem = None, [], exc.message

    def needed(self) -> list[int]:
        """The positions whose tiles are played (the player-dealer's and each with a wager), in deal order."""
        r = self.tiles_round
        if r is None or r.first_set is None:
            return []
        wagered = {w.seat for w in r.wagers}
        return [s for s in r.deal_order() if s == r.player_dealer or s in wagered]

    def missing(self) -> list[int]:
        """Played positions whose four tiles are not read yet."""
        r = self.tiles_round
        return [s for s in self.needed() if r is not None and s not in r.tiles]

    def unset(self) -> list[int]:
        """Played positions with their tiles whose hands are not set yet."""
        r = self.tiles_round
        return [s for s in self.needed() if r is not None and s in r.tiles and s not in r.hands]

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
        outs = [ln.data for ln in self.tiles_lines if ln.kind == "outcome"]
        return outs[-1] if outs else None

    def tiles_alerts(self) -> list[tuple[int, AlertView]]:
        """The round's alerts not yet cleared: (ordinal among the round's alerts, the alert)."""
        cleared = {
            int(e["alert"])
            for e in self.tiles_log
            if e.get("round") == self.round_no and e["type"] == "cleared"
        }
        out = []
        alerts = [ln.data for ln in self.tiles_lines if ln.kind == "alert"]
        for i, d in enumerate(alerts):
            if i in cleared:
                continue
            severity = Severity(d["severity"])
            role = default_clear_role(severity, Ruling(d["ruling"]))
            out.append(
                (
                    i,
                    AlertView(
                        code=d["code"],
                        severity=severity.value,
                        ruling=d["ruling"],
                        remedy=d["remedy"],
                        cite=d["cite"],
                        clear_role=role.value,
                        message=f"seat {d['seat']}: {d['detail']}" if d.get("seat") else d["detail"],
                        seat=d.get("seat"),
                    ),
                )
            )
        return out

    async def tiles_event(
        self, event: dict[str, Any], rider: tuple[str, Mapping[str, Any]] | None = None
    ) -> str | None:
        """Journal a tiles event for this round and fold it; a sentence if the round cannot take it (then
        nothing is journaled as the round's)."""
        entry = {"round": self.round_no, **event}
        async with self._held():
            try:
                self._fold([*self.tiles_log, entry])
            except TilesEventError as exc:
                return exc.message
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
        """The round engine's facts, with the tiles: while a played position has no tiles the table deals,
        while a hand is unset it sets, and a tiles alert that stops holds the table."""
        f = super().facts()
        stop = f.stop or any(a.severity == "stop" for _, a in self.tiles_alerts())
        f = replace(f, stop=stop)
        if f.status == "dealt" and self.tiles_round is not None and self.tiles_round.first_set is not None:
            if self.missing():
                return replace(f, expected="card")
            if self.unset():
                return replace(f, setting=True)
        return f

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
        if a == "undo" and any(e.get("round") == self.round_no for e in self.tiles_log):
            # The round engine's undo would take back the dice under the tiles already read: a wrong tile or
            # setting is corrected by keying the position again on the picker (the journal keeps both).
            why = "the tiles are being read: key the position again on the tile picker (e) to correct it"
            return await self._refuse(inp, why)
        if a == "new-round" and self.tiles_round is not None and self.outcome() is None and self.needed():
            return await self._refuse(inp, "the round is not settled yet: read the tiles and set every hand")
        return await super()._submit(inp)

    def dice_keyable(self) -> str | None:
        """Why the dealer may not key the dice now, or None: the round waits for its dice and the table has
        no dice cup, or its cup is faulted (not connected, or its link not ok)."""
        if self.step() is not Step.DICE:
            return "the dice are keyed only while the round waits for them"
        cup = next((n for n, d in sorted(self.config.devices.items()) if d.kind == "dice_cup"), None)
        if cup is not None and self.device_of("dice_cup") is not None and self.devices[cup].state == "ok":
            return f"the dice cup {cup} reads the dice: they are keyed only without a cup or with it faulted"
        return None

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
        """The table's view with the tiles: each position's tiles or hands, the Action button, the tiles
        alerts, the next step in tiles' words and the settlement."""
        v = super().view()
        r = self.tiles_round
        if r is None or self.state.start is None:
            return v
        alerts = v.alerts + tuple(a for _, a in self.tiles_alerts())
        seats = tuple(self._seat(s, r) for s in v.seats)
        next_step, detail, keys = v.next_step, v.next_detail, v.keys
        if self.tiles_problem:
            next_step, detail = "call the floor", f"the round's tiles cannot be folded: {self.tiles_problem}"
        elif r.first_set is None and self.dice_keyable() is None:
            keys = (*keys, "tile-picker")
            next_step = "key the dice"
            detail = "no dice cup reads them: e opens the picker's three rows of dice, s sends them"
        elif r.first_set is not None and v.step not in ("stopped", "maintenance"):
            missing, unset = self.missing(), self.unset()
            collected = r.collected()
            gone = (
                f"; sets {', '.join(map(str, collected))} are collected face down unplayed"
                if collected
                else ""
            )
            if missing or unset:  # the tile picker (`e`) keys a position's tiles or a player's setting
                keys = (*keys, "tile-picker")
            if missing:
                next_step = f"read the tiles of seat {missing[0]}"
                detail = (
                    f"first set to seat {r.first_set}, the Action at seat {r.action}{gone}: the trays read each "
                    "position, e keys a position's tiles on the tile picker"
                )
            elif unset:
                next_step = (
                    f"set the hands of seat{'s' if len(unset) > 1 else ''} {', '.join(map(str, unset))}"
                )
                detail = "e keys a player's setting on the tile picker; h sets the rest the House Way (the player-dealer's always)"
        out = self.outcome()
        settlement, fee, title = v.settlement, v.fee_cents, v.settlement_title
        if out is not None:
            settlement, fee, title = settlement_lines(out)
            next_step = "pay and collect in the order shown"
        return replace(
            v,
            seats=seats,
            alerts=alerts,
            keys=keys,
            next_step=next_step,
            next_detail=detail,
            settlement=settlement,
            fee_cents=fee,
            settlement_title=title,
            extra={**v.extra, "tiles": {"missing": self.missing(), "unset": self.unset()}},
        )

    def _seat(self, seat: SeatView, r: TilesRound) -> SeatView:
        s = seat.seat
        hands: tuple[HandView, ...] = seat.hands
        status = seat.status
        if s in r.hands:
            h = r.hands[s]
            hands = (
                HandView(tuple(str(t) for t in h.high), name="high"),
                HandView(tuple(str(t) for t in h.low), name="low", note=h.how),
            )
        elif s in r.tiles:
            hands = (HandView(tuple(str(t) for t in r.tiles[s])),)
        elif r.first_set is not None and s in r.collected():
            hands, status = (), "set collected face down"
        elif r.first_set is not None:
            hands = ()
        return replace(seat, hands=hands, status=status, action=s == r.action)


def _last(alerts: list[TilesLine], r: TilesRound) -> bool:
    """Whether the last alert line came from the event just folded (its findings are the round's last)."""
    return bool(r.findings) and alerts[-1].data["code"] == r.findings[-1].code.value


def _event(entry: Mapping[str, Any]) -> dict[str, Any]:
    """A journaled tiles entry as the scenario's event (without the round number)."""
    return {k: v for k, v in entry.items() if k != "round"}


def start_event(start: RoundStart) -> dict[str, Any]:
    """A round start in the tiles scenario's vocabulary."""
    return {
        "type": "round_start",
        "player_dealer": start.player_dealer,
        "bank": start.bank,
        "wagers": [{"seat": w.seat, "cents": w.cents, "spot": w.spot} for w in start.wagers],
    }


def settlement_lines(out: Mapping[str, Any]) -> tuple[tuple[SettlementLine, ...], int, str]:
    """The settlement panel's lines from a tiles outcome, in the order paid (from the Action button)."""
    words = {"win": "wins", "lose": "loses", "push": "push"}
    lines = [
        SettlementLine(
            who=f"seat {w['seat']}",
            outcome=words.get(str(w["result"]), str(w["result"])),
            cents=int(w["paid"]) - int(w["collected"]),
            seat=int(w["seat"]),
            note=str(w.get("note", "")),
        )
        for w in out["wagers"]
    ]
    fees = int(out.get("fees", 0))
    if fees:
        lines.append(SettlementLine(who="collection", outcome="fee", cents=-fees))
    title = (
        f"from the Action button (seat {out['action']}); the player-dealer's bank "
        f"{out['bank_before'] / 100:,.2f} -> {out['bank_after'] / 100:,.2f}"
    )
    return tuple(lines), fees, title


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
            events.append(_event(p))
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
