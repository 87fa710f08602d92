"""The table as a fold: one :class:`TableState` from journaled events, with no I/O.

The round engine folds round events into a :class:`rules.round.RoundState`; the table around the round
(the seats, the wagers on the layout, the player-dealer's bank and its rotation, the deal tile, the round
number, whether the table is live, the alerts the terminal raised itself, a shuffle asked of the shuffler,
the last deck check) is folded the same way from the journal's other entries. :func:`apply` is pure;
start-up (:func:`terminal.table.restore.restore_table`), ``replay`` and the screen all derive the table
from the same fold, so a replayed journal gives the same table, not only the same round.

The bank rotates through :mod:`rules.banking.rotation` (000a §3 and §7): the dealer's choice of a
player-dealer on the wager panel is an offer accepted at that seat, "the bank goes on" offers it on in the
game's direction (``offer_direction``: counterclockwise at Capitol's Pai Gow Tiles, seed 003 L527;
clockwise where nothing else is filed) and the next seat takes it, a settled round is a round the
player-dealer played (the 1/2 deal tile). The most consecutive rounds and the direction are the game
file's ``rotation:`` (or ``banking.rotation:``) where it files one; where it files none, the California
rule of :class:`rules.banking.rotation.RotationRules` (two, clockwise, 000a §3: Oliver v. County of Los
Angeles, Penal Code 330.11), which binds every player-dealer game in the state.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from rules.banking.errors import RotationError
from rules.banking.rotation import Banker, Candidate, Phase, Rotation, RotationRules
from rules.round import RoundState, Status, event_from_json, fold, initial
from rules.round import apply as apply_round
from rules.round.events import DeckCheck, Event, RoundStart, Shuffle
from rules.round.game import GameRules
from rules.round.table_rules import rotation_rules
from terminal.console.view import AlertView
from terminal.craps_view import layout_after_flip, stays_with_bank

#: The journal kind of a table event (the round's own events keep kind ``round``).
TABLE_KIND = "table"
#: Other journal kinds the fold reads: the configuration (the game), the alerts the terminal raises and
#: their clearing, and (journals written before the table was a fold) the layout's snapshots.
CONFIG_KIND = "config"
ALERT_KIND = "alert"
ALERT_CLEAR_KIND = "fault.clear"
LEGACY_BETTING_KIND = "betting"
ROUND_KIND = "round"

#: The rules of a game under a posted fee schedule (``terminal.scenario.game_rules``), looked up by id.
RulesFor = Callable[[str, "str | None"], GameRules]

Wagers = tuple[tuple[int, str, int], ...]


def seat_player(seat: int) -> str:
    """The name the rotation knows the player at ``seat`` by (the terminal knows seats, not people)."""
    return f"seat {seat}"


# -- table events ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WagerSet:
    """The wager in ``seat``'s ``spot`` is now ``cents`` (0 takes it back)."""

    seat: int
    spot: str
    cents: int


@dataclass(frozen=True)
class SeatCleared:
    """Every wager of ``seat`` is taken back."""

    seat: int


@dataclass(frozen=True)
class BankSet:
    """The player-dealer's bank is now ``cents``."""

    cents: int


@dataclass(frozen=True)
class BankerChosen:
    """The dealer chose the player-dealer's seat on the wager panel (None: nobody banks)."""

    seat: int | None


@dataclass(frozen=True)
class BankPassed:
    """The bank goes on: offered after the player-dealer's seat in the game's ``offer_direction``, and the
    next seat takes it."""


@dataclass(frozen=True)
class LayoutFilled:
    """A whole layout at once (the demo's): the wagers, the player-dealer and the bank."""

    wagers: Wagers
    player_dealer: int | None
    bank: int


@dataclass(frozen=True)
class ModeSet:
    """The table is live, or in maintenance."""

    live: bool


@dataclass(frozen=True)
class ShuffleAsked:
    """The shuffler was asked to shuffle and check the deck."""


@dataclass(frozen=True)
class ShuffleStopped:
    """The shuffle asked for will not finish (the shuffler faulted or refused): ``reason``."""

    reason: str = ""


@dataclass(frozen=True)
class BankSettled:
    """Round ``round_no`` is settled and leaves ``bank`` in the player-dealer's circle."""

    round_no: int
    bank: int


@dataclass(frozen=True)
class AlertRaised:
    """An alert the terminal raised itself (a device it cannot use, a wager after no more bets). It
    replaces the alert with the same code and message, or (``by_code``) any with the same code."""

    alert: AlertView
    by_code: bool = False


@dataclass(frozen=True)
class AlertDropped:
    """A terminal alert was cleared (by the role it names, with its PIN): the first with ``code`` (at
    ``seat`` when given; with ``message`` when given: the terminal dropping one alert of its own, such as
    a device's "reconnecting" once the device answers)."""

    code: str
    seat: int | None = None
    message: str | None = None


@dataclass(frozen=True)
class GameSet:
    """The configuration: the game, its fee schedule and the seats (``rules``: the game's rules)."""

    game: str
    schedule: str | None
    seats: int
    rules: GameRules = field(compare=False, repr=False)


@dataclass(frozen=True)
class RoundEvent:
    """A round event (``rules.round.events``), folded into the round."""

    event: Event


TableEvent = (
    WagerSet
    | SeatCleared
    | BankSet
    | BankerChosen
    | BankPassed
    | LayoutFilled
    | ModeSet
    | ShuffleAsked
    | ShuffleStopped
    | BankSettled
    | AlertRaised
    | AlertDropped
    | GameSet
    | RoundEvent
)

#: The table events journaled with kind ``table``, by name.
_NAMED: dict[str, type[Any]] = {
    c.__name__: c
    for c in (
        WagerSet,
        SeatCleared,
        BankSet,
        BankerChosen,
        BankPassed,
        LayoutFilled,
        ModeSet,
        ShuffleAsked,
        ShuffleStopped,
        BankSettled,
    )
}


# -- the state ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableState:
    """The whole table: the round state and everything around it. Change it only with :func:`apply`."""

    game: str
    seats: int
    round: RoundState
    schedule: str | None = None
    round_no: int = 0
    wagers: Wagers = ()
    bank_cents: int = 0
    rotation: Rotation = Rotation()
    deal_no: int | None = None
    counted: int = 0
    """The last round counted as played by the player-dealer (the deal tile turns once per round)."""
    live: bool = True
    alerts: tuple[AlertView, ...] = ()
    shuffling: bool = False
    deck_ok: bool | None = None
    at_start: RoundState | None = None
    """The round state just before the current round started (a fee schedule change refolds from it)."""
    round_events: tuple[Event, ...] = ()
    """The round events since then (or since the game was set, before the first round)."""

    @classmethod
    def initial(cls, game: str, seats: int, schedule: str | None, rules: GameRules) -> TableState:
        """A table that has dealt nothing: the game's initial round state, an empty layout."""
        st = initial(rules)
        rot = Rotation(rules=rotation_of(rules.data))
        return cls(game=game, seats=seats, round=st, schedule=schedule, at_start=st, rotation=rot)

    @property
    def rotation_due(self) -> str | None:
        """Why no round may be dealt until the bank is passed (BANK_ROTATION_DUE), or None."""
        due = self.rotation.due
        if due is None:
            return None
        nxt = self.next_banker
        to = (
            f"seat {nxt}, the next seat {due.direction.value}"
            if nxt is not None
            else "nobody: the game closes"
        )
        return (
            f"{due.code}: seat {due.seat} has banked {due.rounds} rounds in a row, the most the game allows "
            f"({due.cite}). Pass the bank before the next round: a (bank accepted) gives it to {to}, "
            "or choose the player-dealer on the wager panel (p)"
        )

    @property
    def next_banker(self) -> int | None:
        """The seat "the bank goes on" (:class:`BankPassed`) would give the bank to now, in the game's
        ``offer_direction`` (None: nobody is left to ask and the game would close)."""
        b = pass_bank(self.rotation, self.seats).banker
        return b.seat if b is not None else None

    @property
    def player_dealer(self) -> int | None:
        """The player-dealer's seat, or None."""
        b = self.rotation.banker
        return b.seat if b is not None and self.rotation.phase is Phase.BANKING else None

    def wagers_at(self, seat: int) -> list[str]:
        """The spots ``seat`` has a wager on."""
        return sorted(spot for s, spot, cents in self.wagers if s == seat and cents)


def rotation_of(data: Mapping[str, Any]) -> RotationRules:
    """The game's rotation rules: its file's, else the California rule (two rounds, 000a §3)."""
    return rotation_rules(data) or RotationRules()


def _set_wager(wagers: Wagers, seat: int, spot: str, cents: int) -> Wagers:
    rest = [w for w in wagers if (w[0], w[1]) != (seat, spot)]
    if cents:
        rest.append((seat, spot, cents))
    return tuple(sorted(rest))


def choose_banker(rot: Rotation, seat: int | None) -> Rotation:
    """The rotation after the dealer names ``seat`` the player-dealer (None: the bank steps down). The
    choice is an offer to that seat, accepted; a closed game reopens first (000a §7). The seat that
    banks already keeps the bank (and its deal tile)."""
    if seat is not None and rot.phase is Phase.BANKING and rot.banker is not None and rot.banker.seat == seat:
        return rot
    if rot.phase is Phase.BANKING:
        rot = rot.pass_bank()
    elif rot.phase is Phase.OFFERING:
        rot = replace(rot, phase=Phase.NO_BANK, pending=())
    if seat is None:
        return rot
    if rot.phase is Phase.CLOSED:
        rot = rot.reopen()
    offered = rot.offer([Candidate(seat, seat_player(seat))])
    if offered.phase is Phase.CLOSED:  # the same player again with nobody between: a new game
        offered = offered.reopen().offer([Candidate(seat, seat_player(seat))])
    return offered.accept()


def pass_bank(rot: Rotation, seats: int) -> Rotation:
    """The bank goes on in the game's ``offer_direction`` (``Rotation.offer_next``) and the next seat
    asked takes it; with nobody banking the offer starts at seat 1. A game with nobody left to ask closes."""
    if rot.phase is Phase.BANKING:
        rot = rot.pass_bank()
    elif rot.phase is Phase.OFFERING:
        rot = replace(rot, phase=Phase.NO_BANK, pending=())
    elif rot.phase is Phase.CLOSED:
        rot = rot.reopen()
    ring = tuple(range(1, seats + 1))
    offered = rot.offer_next(ring, {s: seat_player(s) for s in ring}, {})
    return offered.accept() if offered.phase is Phase.OFFERING else offered


def deck_verdict(check: DeckCheck, size: int) -> bool:
    """Whether a deck check passed: ``size`` cards counted, none missing, extra or twice."""
    return check.count == size and not (check.missing or check.extra or check.duplicates)


def apply(state: TableState, event: TableEvent) -> TableState:
    """The table after one more event. Pure: ``state`` is not changed."""
    if isinstance(event, RoundEvent):
        return _round(state, event.event)
    if isinstance(event, WagerSet):
        return replace(state, wagers=_set_wager(state.wagers, event.seat, event.spot, event.cents))
    if isinstance(event, SeatCleared):
        return replace(state, wagers=tuple(w for w in state.wagers if w[0] != event.seat))
    if isinstance(event, BankSet):
        return replace(state, bank_cents=event.cents)
    if isinstance(event, BankerChosen):
        return replace(state, rotation=choose_banker(state.rotation, event.seat))
    if isinstance(event, BankPassed):
        rot = pass_bank(state.rotation, state.seats)
        pd = rot.banker.seat if rot.banker is not None else None
        # The new player-dealer's money is the bank: its seat's wagers leave the layout, but for Party Craps'
        # bets standing from an earlier flip (no action while it banks, seed 000 L4136-4141).
        stays = stays_with_bank(state.round, state.wagers, pd)
        rest = tuple(w for w in state.wagers if w[0] != pd)
        return replace(state, rotation=rot, deal_no=None, wagers=tuple(sorted(rest + stays)))
    if isinstance(event, LayoutFilled):
        rot = choose_banker(state.rotation, event.player_dealer)
        return replace(state, wagers=tuple(sorted(event.wagers)), rotation=rot, bank_cents=event.bank)
    if isinstance(event, ModeSet):
        return replace(state, live=event.live)
    if isinstance(event, ShuffleAsked):
        return replace(state, shuffling=True, deck_ok=None)
    if isinstance(event, ShuffleStopped):
        return replace(state, shuffling=False)
    if isinstance(event, BankSettled):
        rot = state.rotation
        if state.counted != event.round_no and rot.phase is Phase.BANKING and rot.due is None:
            with _rotation_kept():
                rot = rot.round_played()
        return replace(state, bank_cents=event.bank, rotation=rot, counted=event.round_no)
    if isinstance(event, AlertRaised):
        a = event.alert
        kept = tuple(
            t for t in state.alerts if t.code != a.code or (not event.by_code and t.message != a.message)
        )
        return replace(state, alerts=kept + (a,))
    if isinstance(event, AlertDropped):
        i = next(
            (
                i
                for i, t in enumerate(state.alerts)
                if t.code == event.code
                and (event.seat is None or t.seat == event.seat)
                and (event.message is None or t.message == event.message)
            ),
            None,
        )
        if i is None:
            return state
        return replace(state, alerts=state.alerts[:i] + state.alerts[i + 1 :])
    if isinstance(event, GameSet):
        return _game(state, event)
    raise TypeError(f"not a table event: {event!r}")


class _rotation_kept:
    """A rotation step the rotation refuses leaves it as it was (the fold never raises on a journal)."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, exc: object, tb: object) -> bool:
        return isinstance(exc, RotationError)


def _round(state: TableState, e: Event) -> TableState:
    before = state.round
    st = apply_round(before, e)
    changes: dict[str, Any] = {"round": st}
    if isinstance(e, RoundStart):
        changes.update(at_start=before, round_events=(e,), round_no=state.round_no + 1)
        pd = e.player_dealer
        rot = state.rotation
        if pd is not None and state.player_dealer != pd:
            rot = choose_banker(rot, pd)  # a journal that named the player-dealer only in its rounds
        changes.update(rotation=rot, deal_no=rot.deal_tile if pd is not None else None)
    else:
        changes["round_events"] = state.round_events + (e,)
    if st.status is Status.DEALT and before.status is not Status.DEALT:
        kept = layout_after_flip(st)  # Party Craps: the bets still standing stay on the layout
        if kept is not None:
            changes["wagers"] = kept
    if isinstance(e, Shuffle):
        changes["shuffling"] = False
    if isinstance(e, DeckCheck):
        changes["deck_ok"] = deck_verdict(e, st.game.deck.size)
    return replace(state, **changes)


def _game(state: TableState, event: GameSet) -> TableState:
    if event.game != state.game:
        # A new game on the table starts a fresh round state, round count and layout; the player-dealer
        # and the bank stay in their circle.
        st = initial(event.rules)
        return replace(
            state,
            rotation=replace(state.rotation, rules=rotation_of(event.rules.data)),
            game=event.game,
            schedule=event.schedule,
            seats=event.seats,
            round=st,
            round_no=0,
            wagers=(),
            at_start=st,
            round_events=(),
            shuffling=False,
            deck_ok=None,
        )
    if event.schedule != state.schedule:
        # A pot game's collection is in its rules: the current round is folded again under the new ones.
        base = state.at_start if state.at_start is not None else initial(event.rules)
        st = fold(event.rules, state.round_events, base._replace(game=event.rules))
        return replace(state, schedule=event.schedule, seats=event.seats, round=st)
    return replace(state, seats=event.seats)


def fold_events(state: TableState, events: Iterable[TableEvent]) -> TableState:
    """Apply every event in order."""
    for e in events:
        state = apply(state, e)
    return state


# -- the journal's form of the events ----------------------------------------------------------------


def entry_of(event: TableEvent) -> tuple[str, dict[str, Any]]:
    """The journal ``(kind, payload)`` of a table event."""
    if isinstance(event, RoundEvent):
        return ROUND_KIND, event.event.to_json()
    if isinstance(event, AlertRaised):
        return ALERT_KIND, {**alert_json(event.alert), **({"by_code": True} if event.by_code else {})}
    if isinstance(event, AlertDropped):
        said = {"dropped": event.message} if event.message is not None else {}
        return ALERT_CLEAR_KIND, {"code": event.code, "seat": event.seat, **said}
    if isinstance(event, GameSet):
        return CONFIG_KIND, {"game": event.game, "fee_schedule": event.schedule, "seats": event.seats}
    payload = {k: _plain(v) for k, v in dataclasses.asdict(event).items()}
    return TABLE_KIND, {"event": type(event).__name__, **payload}


def alert_json(alert: AlertView) -> dict[str, Any]:
    """An alert as the journal keeps it (empty fields left out)."""
    return {k: v for k, v in dataclasses.asdict(alert).items() if v not in (None, "")}


_ALERT_FIELDS = {f.name for f in dataclasses.fields(AlertView)}


def alert_from(payload: Mapping[str, Any]) -> AlertView | None:
    """The alert of an ``alert`` entry, or None when the entry is not one."""
    data = {k: v for k, v in payload.items() if k in _ALERT_FIELDS}
    try:
        return AlertView(**data)
    except TypeError:
        return None


def _plain(v: Any) -> Any:
    if isinstance(v, tuple | list):
        return [_plain(x) for x in v]
    return v


def event_of(kind: str, payload: Mapping[str, Any], rules_for: RulesFor, seats: int) -> TableEvent | None:
    """The table event a journal entry records, or None (an entry that does not change the table:
    inputs, device information, maintenance)."""
    if kind == ROUND_KIND:
        return RoundEvent(event_from_json(dict(payload)))
    if kind == TABLE_KIND:
        return _named(payload)
    if kind == ALERT_KIND:
        alert = alert_from(payload)
        return AlertRaised(alert, payload.get("by_code") is True) if alert is not None else None
    if kind == ALERT_CLEAR_KIND:
        seat, message = payload.get("seat"), payload.get("dropped")
        return AlertDropped(
            str(payload.get("code", "")),
            seat if isinstance(seat, int) else None,
            message if isinstance(message, str) else None,
        )
    if kind == CONFIG_KIND and isinstance(payload.get("game"), str):
        game = payload["game"]
        raw = payload.get("fee_schedule")
        schedule = raw if isinstance(raw, str) and raw else None
        n = payload.get("seats")
        return GameSet(game, schedule, n if isinstance(n, int) else seats, rules_for(game, schedule))
    if kind == LEGACY_BETTING_KIND:
        wagers = tuple((int(w[0]), str(w[1]), int(w[2])) for w in payload.get("wagers", ()) if int(w[2]))
        pd = payload.get("player_dealer")
        return LayoutFilled(wagers, pd if isinstance(pd, int) else None, int(payload.get("bank", 0)))
    return None


def _named(payload: Mapping[str, Any]) -> TableEvent | None:
    cls = _NAMED.get(str(payload.get("event", "")))
    if cls is None:
        return None
    args = {f.name: payload.get(f.name) for f in dataclasses.fields(cls)}
    if cls is LayoutFilled:
        args["wagers"] = tuple((int(s), str(p), int(c)) for s, p, c in args["wagers"] or ())
    return cls(**{k: v for k, v in args.items() if v is not None or k in ("seat", "player_dealer")})  # type: ignore[no-any-return]


def fold_entries(
    state: TableState, entries: Iterable[tuple[str, Mapping[str, Any]]], rules_for: RulesFor
) -> TableState:
    """Fold journal entries (``(kind, payload)``) into ``state``."""
    for kind, payload in entries:
        event = event_of(kind, payload, rules_for, state.seats)
        if event is not None:
            state = apply(state, event)
    return state


# -- what a checkpoint carries of the table ----------------------------------------------------------


def carried_of(state: TableState) -> dict[str, Any]:
    """The table beside the round, as plain JSON for a checkpoint (:func:`from_carried` reads it)."""
    rot = state.rotation
    return {
        "seats": state.seats,
        "schedule": state.schedule,
        "wagers": [list(w) for w in state.wagers],
        "bank": state.bank_cents,
        "rotation": {
            "phase": rot.phase.value,
            "banker": dataclasses.asdict(rot.banker) if rot.banker else None,
            "pending": [dataclasses.asdict(c) for c in rot.pending],
            "previous": rot.previous,
            "previous_seat": rot.previous_seat,
            "closures": rot.closures,
        },
        "deal_no": state.deal_no,
        "counted": state.counted,
        "live": state.live,
        "alerts": [alert_json(a) for a in state.alerts],
        "shuffling": state.shuffling,
        "deck_ok": state.deck_ok,
    }


def from_carried(round_state: RoundState, round_no: int, game: str, data: Mapping[str, Any]) -> TableState:
    """The table a checkpoint carried (:func:`carried_of`), at the round state it holds."""
    r = data.get("rotation") or {}
    banker = r.get("banker")
    rot = Rotation(
        rules=rotation_of(round_state.game.data),
        phase=Phase(r.get("phase", Phase.NO_BANK.value)),
        banker=Banker(**banker) if isinstance(banker, dict) else None,
        pending=tuple(Candidate(**c) for c in r.get("pending", ())),
        previous=r.get("previous"),
        previous_seat=r.get("previous_seat"),
        closures=int(r.get("closures", 0)),
    )
    alerts = tuple(a for a in (alert_from(x) for x in data.get("alerts", ())) if a is not None)
    return TableState(
        game=game,
        seats=int(data["seats"]),
        round=round_state,
        schedule=data.get("schedule"),
        round_no=round_no,
        wagers=tuple((int(s), str(p), int(c)) for s, p, c in data.get("wagers", ())),
        bank_cents=int(data.get("bank", 0)),
        rotation=rot,
        deal_no=data.get("deal_no"),
        counted=int(data.get("counted", 0)),
        live=bool(data.get("live", True)),
        alerts=alerts,
        shuffling=bool(data.get("shuffling", False)),
        deck_ok=data.get("deck_ok"),
        at_start=round_state,
        round_events=(),
    )
