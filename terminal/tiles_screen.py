"""The Pai Gow Tiles screen: what the dealer screen shows at a tiles table, as a pure function of its state.

A tiles table is the ordinary table (:func:`terminal.screen.screen_of` of its folded
:class:`~terminal.table.state.TableState` and its :class:`~terminal.screen.Station`) with the family's own
round beside it: each position's four tiles, the hands set, the comparison and the settlement. That round
is a fold too: the round engine's start and dice, then the journaled ``tiles`` entries of the round, folded
by :func:`terminal.tiles_scenario.fold_tiles` (the scenario replay's fold) into a :class:`TilesFold`.

:func:`tiles_screen_of` draws the screen from those values alone; it reads nothing of the controller
(``terminal/tiles_table.py``, whose ``view()`` only calls it). The journal folded again — the table by
``terminal.table.restore.fold_journal``, the tiles by :func:`round_log` and :func:`fold_round` — draws the
live screen (``tests/terminal/test_tiles_screen.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from rules.paigowtiles.table_round import TilesRound
from rules.round import Status
from rules.round.alerts import Ruling, Severity, default_clear_role
from rules.round.events import DiceResult, RoundStart
from terminal.console.view import AlertView, HandView, SeatView, SettlementLine, TableView
from terminal.games import GameFile
from terminal.journal import ROUND_KIND
from terminal.screen import Setup, Station, facts_of, screen_of
from terminal.table.machine import Step, TableFacts
from terminal.table.state import CONFIG_KIND, TableState
from terminal.tiles_scenario import EVENT_KEYS, TilesEventError, TilesLine, fold_tiles

#: The journal kind of a tiles event (the scenario's vocabulary, with the round number).
TILES_KIND = "tiles"
#: The dice's source in a tiles scenario: a device's read is the cup's sensor, a keyed roll the dealer's.
DICE_SOURCE = {"dealer": "dealer", "scenario": "dealer"}


# -- the round's tiles, folded from the journal -----------------------------------------------------------


def scenario_event(entry: Mapping[str, Any]) -> dict[str, Any]:
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


def round_log(entries: Iterable[tuple[str, Mapping[str, Any]]], round_no: int) -> tuple[dict[str, Any], ...]:
    """The ``tiles`` entries of round ``round_no`` in a journal's ``(kind, payload)`` entries: those after
    the last round start and the last configuration (a game set again numbers its rounds from 1)."""
    log: list[dict[str, Any]] = []
    for kind, payload in entries:
        if kind == CONFIG_KIND or (kind == ROUND_KIND and payload.get("type") == "round_start"):
            log = []
        elif kind == TILES_KIND and payload.get("round") == round_no:
            log.append(dict(payload))
    return tuple(log)


def round_events(table: TableState, log: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The table's current round in the tiles scenario's vocabulary: its start and dice (the round
    engine's), then the tiles, settings and settlement journaled for it (``log``)."""
    st = table.round
    if st.start is None or st.status is Status.VOID or st.start.player_dealer is None:
        return []
    out: list[dict[str, Any]] = [start_event(st.start)]
    dice = next((e for _, e in reversed(st.segment) if isinstance(e, DiceResult)), None)
    if st.dice:
        source = dice.source if dice is not None else "dealer"
        out.append({"type": "dice", "dice": list(st.dice), "source": DICE_SOURCE.get(source, "sensor")})
    return out + [
        scenario_event(e) for e in log if e.get("round") == table.round_no and e["type"] in EVENT_KEYS
    ]


@dataclass(frozen=True)
class TilesFold:
    """The round's tiles as folded: the round (None before a round with a player-dealer), every line of
    the fold (reads, settings, alerts, the outcome), why the journal could not be folded (or None), and
    the ordinals of the round's alerts the dealer or floor cleared."""

    round: TilesRound | None = None
    lines: tuple[TilesLine, ...] = ()
    problem: str | None = None
    cleared: frozenset[int] = frozenset()
    read: bool = False  # a tiles entry of this round is journaled (a read, a keyed position, a setting …)

    def needed(self) -> list[int]:
        """The positions whose tiles are played (the player-dealer's and each with a wager), in deal order."""
        r = self.round
        if r is None or r.first_set is None:
            return []
        wagered = {w.seat for w in r.wagers}
        return [s for s in r.deal_order() if s == r.player_dealer or s in wagered]

    def missing(self) -> list[int]:
        """Played positions whose four tiles are not read yet."""
        r = self.round
        return [s for s in self.needed() if r is not None and s not in r.tiles]

    def unset(self) -> list[int]:
        """Played positions with their tiles whose hands are not set yet."""
        r = self.round
        return [s for s in self.needed() if r is not None and s in r.tiles and s not in r.hands]

    def outcome(self) -> dict[str, Any] | None:
        """The round's settlement (the fold's outcome line), once settled."""
        outs = [ln.data for ln in self.lines if ln.kind == "outcome"]
        return outs[-1] if outs else None

    def alerts(self) -> list[tuple[int, AlertView]]:
        """The round's alerts not yet cleared: (ordinal among the round's alerts, the alert)."""
        out = []
        for i, d in enumerate(ln.data for ln in self.lines if ln.kind == "alert"):
            if i in self.cleared:
                continue
            severity = Severity(d["severity"])
            view = AlertView(
                code=d["code"],
                severity=severity.value,
                ruling=d["ruling"],
                remedy=d["remedy"],
                cite=d["cite"],
                clear_role=default_clear_role(severity, Ruling(d["ruling"])).value,
                message=f"seat {d['seat']}: {d['detail']}" if d.get("seat") else d["detail"],
                seat=d.get("seat"),
            )
            out.append((i, view))
        return out


def fold_round(
    game: GameFile, table: TableState, log: Iterable[Mapping[str, Any]], fee_option: str | None
) -> TilesFold:
    """The table's current round of tiles: :func:`round_events` folded by ``fold_tiles``. A journal this
    build cannot fold is a fold with its ``problem`` (shown, never a crash)."""
    entries = [e for e in log if e.get("round") == table.round_no]
    cleared = frozenset(int(e["alert"]) for e in entries if e["type"] == "cleared")
    try:
        r, lines = fold_tiles(game, round_events(table, entries), fee_option)
    except TilesEventError as exc:
        return TilesFold(problem=exc.message, cleared=cleared, read=bool(entries))
    return TilesFold(r, tuple(lines), None, cleared, bool(entries))


# -- the table's facts with the tiles ---------------------------------------------------------------------


#: Why undo is idle once a round's tiles are read: the round engine's undo would take back the dice under the
#: tiles already read; a wrong tile or setting is corrected by keying the position again (the journal keeps both).
TILES_UNDO = "the tiles are being read: key the position again on the tile picker (e) to correct it"


def tiles_facts(facts: TableFacts, tiles: TilesFold) -> TableFacts:
    """The round engine's facts with the tiles: while a played position has no tiles the table deals,
    while a hand is unset it sets, a tiles alert that stops holds the table, and once tiles are read undo is
    the tile picker's (:data:`TILES_UNDO`)."""
    shown = [a for _, a in tiles.alerts()]
    stop = facts.stop or any(a.severity == "stop" for a in shown)
    f = replace(facts, stop=stop, alerts=facts.alerts or bool(shown), banked=True)  # banked: seed 003 L527
    if tiles.read:
        f = replace(f, undo=TILES_UNDO)
    if f.status == "dealt" and tiles.round is not None and tiles.round.first_set is not None:
        if tiles.missing():
            return replace(f, expected="card")
        if tiles.unset():
            return replace(f, setting=True)
    return f


def reading_cup(setup: Setup, station: Station, connected: bool) -> str | None:
    """The dice cup that reads the dice: the table's configured cup, when its driver is ``connected`` and
    the station shows it ok; else None (no cup, or a faulted one: the dealer keys the dice)."""
    cup = next((n for n, d in sorted(setup.config.devices.items()) if d.kind == "dice_cup"), None)
    device = station.device(cup) if cup is not None else None
    return cup if connected and device is not None and device.state == "ok" else None


def dice_keyable(step: Step, cup: str | None) -> str | None:
    """Why the dealer may not key the dice now, or None: the round waits for its dice and no dice cup
    reads them (``cup``, from :func:`reading_cup`)."""
    if step is not Step.DICE:
        return "the dice are keyed only while the round waits for them"
    if cup is not None:
        return f"the dice cup {cup} reads the dice: they are keyed only without a cup or with it faulted"
    return None


# -- the screen -------------------------------------------------------------------------------------------


def tiles_screen_of(
    table: TableState, station: Station, setup: Setup, tiles: TilesFold, *, cup: str | None
) -> TableView:
    """The dealer screen of a tiles table (pure): the table's screen with each position's tiles or hands,
    the Action button, the tiles alerts, the next step in tiles' words and the settlement. ``cup``: the
    dice cup that reads the dice (:func:`reading_cup`), or None."""
    v = screen_of(table, station, setup, facts=tiles_facts(facts_of(table, station, setup), tiles))
    r = tiles.round
    if r is None or table.round.start is None:
        return v
    alerts = v.alerts + tuple(a for _, a in tiles.alerts())
    seats = tuple(seat_view(s, r) for s in v.seats)
    next_step, detail, keys = v.next_step, v.next_detail, v.keys
    missing, unset = tiles.missing(), tiles.unset()
    if tiles.problem:
        next_step, detail = "call the floor", f"the round's tiles cannot be folded: {tiles.problem}"
    elif r.first_set is None and dice_keyable(Step(v.step), cup) is None:
        keys = (*keys, "tile-picker")
        next_step = "key the dice"
        detail = "no dice cup reads them: e opens the picker's three rows of dice, s sends them"
    elif r.first_set is not None and v.step not in ("stopped", "maintenance"):
        collected = r.collected()
        gone = (
            f"; sets {', '.join(map(str, collected))} are collected face down unplayed" if collected else ""
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
            next_step = f"set the hands of seat{'s' if len(unset) > 1 else ''} {', '.join(map(str, unset))}"
            detail = "e keys a player's setting on the tile picker; h sets the rest the House Way (the player-dealer's always)"
    out = tiles.outcome()
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
        extra={**v.extra, "tiles": {"missing": missing, "unset": unset}},
    )


def seat_view(seat: SeatView, r: TilesRound) -> SeatView:
    """A seat with its tiles: the hands set (high and low, how set), else its four tiles, else nothing
    once the sets are out (a set collected face down unplayed says so); the Action button's seat."""
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
