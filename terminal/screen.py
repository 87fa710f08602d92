"""The screen model: what the dealer screen shows, as a pure function of the table's state.

:func:`screen_of` turns the table's folded state (:class:`terminal.table.state.TableState`: the round, the
layout, the bank and its rotation, the terminal's journaled alerts) and the station's state
(:class:`Station`: each device's health, itself a fold of the devices' events by :func:`device_after`,
and the terminal's disk alerts, not journaled because the journal may be what failed) into the
:class:`terminal.console.view.TableView` the console paints. It reads nothing of the controller: a
journal folded again (``terminal.table.restore.fold_journal``) renders the same screen as the live table
(``tests/terminal/test_screen.py``).

A view is built after every commit, so the work that grows with the round is memoized on the immutable
values it comes from: the alerts raised since the round began are converted once each (a read that adds
one converts one, not all of them again), and the settlement is computed once per round state (the
controller's own settlement step asks the same memo).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from devices.events import AnyDeviceEvent, DeviceIdentity
from rules.banking.backline import BACKLINE, is_backline
from rules.cards import format_cards
from rules.families import family as family_rules
from rules.round import RoundState, Status
from rules.round.alerts import Alert
from rules.round.events import HandSet, Target, TargetKind
from rules.round.procedure import recipient_words
from terminal.chinese_view import chinese_view
from terminal.config import TerminalConfig
from terminal.console.view import (
    FACE_DOWN,
    AlertView,
    DeviceView,
    HandView,
    SeatView,
    SettlementLine,
    TableView,
    WagerView,
    fmt_cents,
)
from terminal.craps_view import CrapsLayout, craps_of
from terminal.settlement import LastFew, TableSettlement, outcome_of, settle_table, settles_at_table
from terminal.table.device_events import health_of
from terminal.table.machine import SPECS, Step, TableFacts, keys_of, step_of
from terminal.table.remedies import CITE as REMEDY_CITE
from terminal.table.remedies import remedy_for
from terminal.table.state import TableState
from terminal.table.undo import undo_target

if TYPE_CHECKING:  # the families' reports: imported with their family, when a game of it is dealt
    from rules.poker.report import ShowdownPart, ShowdownReport

#: The alert codes a device raises (their remedy comes from ``terminal.table.remedies``).
DEVICE_CODE_NAMES = frozenset(
    {"SHUFFLER_JAM", "SHORT_DISPENSE", "COMMS_LOST", "DEVICE_RESTARTED", "DEVICE_FAULT"}
    | {"INSUFFICIENT_SHAKE", "CUP_OPENED_EARLY", "PROGRAM_INTEGRITY"}
)


# -- the station: the devices' health and the terminal's own disk ---------------------------------------


@dataclass(frozen=True)
class Station:
    """What the screen shows beside the table's journaled state: each device's health (in the
    configuration's order, then any device heard of that is not configured), the terminal's alerts about
    its disk and journal, and whether a full journal has stopped the table."""

    devices: tuple[DeviceView, ...] = ()
    env_alerts: tuple[AlertView, ...] = ()
    halted: bool = False

    @classmethod
    def configured(cls, config: TerminalConfig) -> Station:
        """Every configured device offline ("not connected") until it says who it is."""
        return cls(
            tuple(
                DeviceView(n, d.kind, "offline", "not connected") for n, d in sorted(config.devices.items())
            )
        )

    def device(self, name: str) -> DeviceView | None:
        """Device ``name``'s health, or None if it was never configured nor heard of."""
        return next((d for d in self.devices if d.name == name), None)

    def with_device(self, device: DeviceView) -> Station:
        """This station with ``device``'s health replaced (or added at the end)."""
        devices = list(self.devices)
        for i, d in enumerate(devices):
            if d.name == device.name:
                devices[i] = device
                return replace(self, devices=tuple(devices))
        return replace(self, devices=(*devices, device))

    def heard(self, name: str, event: AnyDeviceEvent) -> Station:
        """This station after device ``name`` sent ``event`` (a typed ``devices`` event)."""
        cur = self.device(name)
        if cur is None:  # a device not configured: shown from its first event on
            return self.with_device(device_after(DeviceView(name, str(getattr(event, "kind", "?"))), event))
        after = device_after(cur, event)
        return self if after == cur else self.with_device(after)


def device_after(cur: DeviceView, event: AnyDeviceEvent) -> DeviceView:
    """A device's health after one of its events (``terminal.table.device_events.health_of``): it said who
    it is (ok, with its firmware), lost or regained the link, ran out of cards, failed its firmware
    check, or reported a fault."""
    state, detail = health_of(cur.state, cur.detail, event)
    after = replace(cur, state=state, detail=detail)
    if isinstance(event, DeviceIdentity):
        after = replace(after, firmware=event.firmware_version, firmware_sha256=event.firmware_hash)
    return after


@dataclass(frozen=True)
class Setup:
    """What the table is set up as (configuration, not state): the configuration, the game's name and
    room, the posted fee schedule (``rules.fees.Schedule`` or None) and the game's betting spots."""

    config: TerminalConfig
    game_name: str
    room: str = ""
    schedule: Any = None
    spots: tuple[str, ...] = ()

    @property
    def has_shuffler(self) -> bool:
        """Whether a shuffler deals the table."""
        return any(d.kind == "shuffler" for d in self.config.devices.values())


# -- the table's facts (terminal.table.machine) ------------------------------------------------------


def hands_to_set(state: RoundState) -> list[str]:
    """The hands still to be set (``Family.hands_to_set``: Pai Gow once the piles are out), or none."""
    if state.status is not Status.DEALT or state.start is None:
        return []
    return list(family_rules(state.game.family).hands_to_set(state))


def next_to_decide(state: RoundState) -> int | None:
    """The seat whose play-or-fold the round waits for (``Family.next_to_decide``)."""
    return family_rules(state.game.family).next_to_decide(state)


def needs_shuffle(table: TableState, setup: Setup) -> bool:
    """Whether the next round needs a shuffle first: the round engine's own rule (never shuffled, the cut
    card out, a void round), and with a shuffler, every round (it deals one round per shuffle and refuses
    to deal the same deck twice), and a deck check that did not pass."""
    st = table.round
    if st.status is Status.VOID or st.shoe.cut_card_out or not st.shoe.shuffled:
        return True
    if st.shoe.rounds > 0 and st.game.data.get("shuffle_every_round"):
        return True  # a game that files a shuffle between rounds (Ultimate War, seed 000 L1155)
    if setup.has_shuffler:
        return st.shoe.rounds > 0 or table.deck_ok is False
    return False


def live_of(table: TableState, station: Station) -> bool:
    """Whether the table is live (not in maintenance, not stopped by a full journal)."""
    return table.live and not station.halted


def table_alerts(table: TableState, station: Station) -> tuple[AlertView, ...]:
    """Alerts the terminal raised itself (journaled, folded) and its disk's."""
    return table.alerts + station.env_alerts


def card_wanted(st: RoundState) -> bool:
    """Whether the card the round expects is dealt now, or waits for the dealer to ask for it (the family's
    optional ``card_wanted``: Panguingue's stock card, which a player may take or leave): the table then
    waits on a decision the dealer keys, not on its devices."""
    hook = getattr(family_rules(st.game.family), "card_wanted", None)
    return True if hook is None else bool(hook(st))


def facts_of(table: TableState, station: Station, setup: Setup) -> TableFacts:
    """What the table's state (``terminal.table.machine.step_of``) depends on."""
    st = table.round
    expected = getattr(st.expected, "kind", "card")
    if expected == "card" and st.status is Status.DEALING and not card_wanted(st):
        expected = "decision"  # a card the dealer asks for (a stock draw keyed on the Pan picker)
    shown = table_alerts(table, station)
    deciding = next_to_decide(st) is not None
    stop = st.blocked or any(a.severity == "stop" for a in shown)
    settled = settled_of(st, setup.schedule, setup.config.table.seats)
    return TableFacts(
        live=live_of(table, station),
        stop=stop,
        needs_shuffle=needs_shuffle(table, setup),
        shuffling=table.shuffling,
        status=st.status.value,
        expected=expected,
        deciding=deciding,
        setting=bool(hands_to_set(st)),
        held=unsettleable(st, settled),
        alerts=stop or bool(shown) or bool(st.active),
        rotation_due=table.rotation_due or "",
        banked=settles_at_table(st),
        undo=nothing_to_undo(st),
        keyed=keyed_decision(st, expected, deciding),
    )


def keyed_decision(st: RoundState, expected: str, deciding: bool) -> bool:
    """Whether the round waits on a decision the dealer keys on a picker: a draw or a turn of play, or a
    betting round of a game the players bet among themselves (a pot game: its bets are keyed on the bet
    picker). A banked game's betting phase is a gate confirm closes (Pai Gow's "distribute the piles"), and
    a player's play or fold (``deciding``) is keyed with p or k."""
    if st.status is not Status.DEALING or deciding:
        return False
    return expected == "decision" or (expected == "betting" and not settles_at_table(st))


def decision_picker(st: RoundState) -> str:
    """The picker a keyed decision is entered on: a family that deals its stock card only when the player
    asks (the ``card_wanted`` hook: Panguingue's turn-by-turn play) keys it on the Pan picker
    (terminal/console/pan_picker.py), every other game on the bet picker (terminal/console/bet_picker.py)."""
    return "pan-picker" if hasattr(family_rules(st.game.family), "card_wanted") else "bet-picker"


def nothing_to_undo(st: RoundState) -> str:
    """Why the dealer's undo has nothing to take back now (``terminal.table.undo``), or ""."""
    if st.start is None:
        return "nothing to undo in this round"
    target = undo_target(st)
    return target if isinstance(target, str) else ""


def unsettleable(st: RoundState, settled: TableSettlement | None) -> bool:
    """Whether the round is dealt and its bank cannot settle it: a settlement that names why it is held,
    or none at all for a round the table's bank settles (a card that came out unread, ``??``: no hand can
    be scored). Either way the table is held for the floor, whose misdeal (m) voids the round: never a
    settlement screen with nothing to pay and no next round."""
    if settled is not None:
        return settled.settlement is None
    return st.status is Status.DEALT and st.start is not None and settles_at_table(st)


def revealed(state: RoundState, step: Step) -> bool:
    """Whether the round has reached the moment its face-down cards are turned: the deal is complete and
    every decision taken and every hand set (the showdown). Before it the dealer sees counts and checks."""
    return state.status is Status.DEALT and step not in (
        Step.DEALING,
        Step.DECISIONS,
        Step.SETTING,
        Step.STOPPED,
    )


# -- memoized on immutable values -----------------------------------------------------------------------


def _settle_or_hold(state: RoundState, schedule: Any, seats: int) -> TableSettlement | None:
    try:
        return settle_table(state, schedule, seats)
    except Exception as exc:  # noqa: BLE001 - a settlement that cannot be made is shown, never fatal
        return TableSettlement(None, problem=f"cannot settle: {exc}")


#: The table's settlement of a round state (``terminal.settlement.settle_table``; a settlement that
#: cannot be made is a held one naming why, never an exception), computed once per round state.
settled_of: LastFew[TableSettlement | None] = LastFew(_settle_or_hold)


def betting_open(state: RoundState, settled: TableSettlement | None) -> bool:
    """Whether wagers may be placed: no round is being dealt or decided (before "no more bets")."""
    if state.start is None or state.status in (Status.IDLE, Status.VOID):
        return True
    return state.status is Status.DEALT and settled is not None and settled.settlement is not None


def with_remedy(alert: AlertView, config: TerminalConfig) -> AlertView:
    """A device alert with the remedy for its device kind and fault (``terminal.table.remedies``)."""
    if alert.code not in DEVICE_CODE_NAMES:
        return alert
    name, _, fault = alert.message.partition(": ")
    d = config.devices.get(name)
    if d is None:
        return alert
    return replace(alert, remedy=remedy_for(d.kind, fault), cite=REMEDY_CITE)


class _AlertViews:
    """Every alert of the round as the screen shows it, converted once each: the round's alerts only grow
    within a round (``RoundState.alerts``), so a new tuple that starts with the last one converts only
    its new tail."""

    def __init__(self) -> None:
        self.alerts: tuple[Alert, ...] = ()
        self.devices: Any = None
        self.views: tuple[AlertView, ...] = ()

    def __call__(self, alerts: tuple[Alert, ...], config: TerminalConfig) -> tuple[AlertView, ...]:
        n = len(self.alerts)
        if self.devices is not config.devices or len(alerts) < n or alerts[:n] != self.alerts:
            self.alerts, self.views, n = (), (), 0
        if len(alerts) > n:
            new = tuple(with_remedy(AlertView.from_json(a.to_json()), config) for a in alerts[n:])
            self.views = self.views + new
        self.alerts, self.devices = alerts, config.devices
        return self.views


_ALERT_VIEWS = _AlertViews()


def round_alerts(state: RoundState, config: TerminalConfig) -> tuple[AlertView, ...]:
    """The round's active alerts, each with its device remedy (``with_remedy``)."""
    views = _ALERT_VIEWS(state.alerts, config)
    return tuple(views[i] for i in state.active)


# -- the screen ------------------------------------------------------------------------------------------


def screen_of(
    table: TableState, station: Station, setup: Setup, *, facts: TableFacts | None = None
) -> TableView:
    """The dealer screen for the table (pure). ``facts`` overrides the table's facts where a table knows
    more than its round (the tiles table's trays); by default :func:`facts_of`."""
    facts = facts if facts is not None else facts_of(table, station, setup)
    step = step_of(facts)
    spec = SPECS[step]
    state = table.round
    config = setup.config
    settled = settled_of(state, setup.schedule, config.table.seats)
    pd = table.player_dealer
    view = view_from_state(
        state,
        config,
        game_name=setup.game_name,
        room=setup.room,
        devices=station.devices,
        deal_no=table.deal_no,
        live=live_of(table, station),
        round_no=table.round_no,
        settled=settled,
        reveal=revealed(state, step),
        alerts=round_alerts(state, config),
    )
    open_ = betting_open(state, settled)
    if state.start is None or state.status is Status.VOID:
        # Between rounds the seats show the layout: the wagers in the circles and the player-dealer.
        view = replace(view, seats=layout_seats(view.seats, table.wagers, pd, table.bank_cents))
    next_step, next_detail = view.next_step, view.next_detail
    if step in (Step.STOPPED, Step.SHUFFLE, Step.SHUFFLING, Step.MAINTENANCE):
        next_step, next_detail = spec.prompt, spec.way_out
    elif step is Step.DICE:
        next_detail = next_detail or spec.way_out
    elif step is Step.HELD and settled is None:  # no settlement can be made of the cards as read
        unread = any(p.card is None for p in state.placed if not p.void)
        next_step = "Settlement held: call the floor"
        next_detail = (
            "a card came out unread (??): no hand can be scored; "
            if unread
            else "the round cannot be settled; "
        ) + spec.way_out
    bank_next = bank_next_of(table) if facts.banked else ""
    if facts.rotation_due and step in (Step.SHUFFLE, Step.BETTING, Step.SETTLEMENT):
        # BANK_ROTATION_DUE (rules/banking/rotation.py): n is idle until the bank moves; say where it goes
        pass_it = f"pass the bank: a gives it to {bank_next}, or p on the wager panel (w) chooses"
        if step is Step.SETTLEMENT:
            next_detail = f"then {pass_it}; n starts the next round once it has moved"
        else:
            next_step, next_detail = "Pass the bank", f"{facts.rotation_due.split(',')[0]}: {pass_it}"
    return replace(
        view,
        phase=spec.phase,
        # OPEN while bets may be placed (the wager panel takes them) and the game is not closed by its
        # rotation (nobody took the bank, 000a §7); CLOSED from "no more bets" until the round is settled,
        # and while a STOP holds the table (the wager panel takes nothing then)
        open=open_ and table.rotation.game_open and step not in (Step.STOPPED, Step.MAINTENANCE),
        step=step.value,
        keys=keys_of(step, facts),
        way_out=spec.way_out,
        next_step=next_step,
        next_detail=next_detail,
        alerts=view.alerts + table_alerts(table, station),
        betting=tuple(sorted(table.wagers)),
        bank_cents=table.bank_cents,
        betting_open=open_,
        betting_player_dealer=pd,
        spots=setup.spots,
        deal_max=table.rotation.rules.max_consecutive if view.deal_no else None,
        bank_next=bank_next,
        dice=tuple(state.dice or ()) if state.start is not None else (),
        extra=with_craps({**view.extra, "picker": decision_picker(state)}, craps_of(table, open_)),
    )


def bank_next_of(table: TableState) -> str:
    """Where the bank goes when it moves on now (``a``, bank accepted): the next seat the game's
    ``offer_direction`` names (``TableState.next_banker``, rules/banking/rotation.py), or nobody."""
    seat = table.next_banker
    return f"seat {seat}" if seat is not None else "nobody: the game closes"


def with_craps(extra: Mapping[str, Any], craps: CrapsLayout | None) -> Mapping[str, Any]:
    """The view's extras with the Party Craps felt (``terminal/craps_view.py``) at a craps table."""
    return extra if craps is None else {**extra, "craps": craps}


def layout_seats(
    seats: tuple[SeatView, ...], wagers: tuple[tuple[int, str, int], ...], pd: int | None, bank_cents: int
) -> tuple[SeatView, ...]:
    """The seats between rounds: the wagers on the layout, the player-dealer and its bank."""
    placed: dict[int, list[WagerView]] = {}
    for seat, spot, cents in sorted(wagers):
        placed.setdefault(seat, []).append(WagerView(spot, cents))
    return tuple(
        replace(
            s,
            wagers=tuple(placed.get(s.seat, ())),
            player_dealer=s.seat == pd,
            status=f"bank {fmt_cents(bank_cents)}" if s.seat == pd else s.status,
        )
        for s in seats
    )


PHASES = {
    Status.IDLE: "waiting",
    Status.DEALING: "dealing",
    Status.DEALT: "settlement",
    Status.VOID: "closed",
}


def view_from_state(
    state: RoundState,
    config: TerminalConfig,
    *,
    game_name: str,
    room: str = "",
    devices: tuple[DeviceView, ...] = (),
    deal_no: int | None = None,
    live: bool = True,
    round_no: int = 0,
    settled: TableSettlement | None = None,
    reveal: bool | None = None,
    alerts: tuple[AlertView, ...] | None = None,
) -> TableView:
    """The dealer screen's view of a round state (pure); ``settled`` is the table's settlement.

    A card dealt face down is drawn as its back (``FACE_DOWN``) until ``reveal`` (the showdown; by default
    once the deal is complete): the dealer sees how many cards each recipient holds, not what they are.
    ``alerts``: the round's active alerts as already converted (by default converted here)."""
    if reveal is None:
        reveal = state.status is Status.DEALT
    # Each recipient's live cards as drawn, in the order dealt (one pass over the cards placed).
    cards_of: dict[Target, list[str]] = {}
    for p in state.placed:
        if not p.void:
            face = format_cards([p.card]) if p.face_up or reveal else FACE_DOWN
            cards_of.setdefault(p.target, []).append(face)

    def drawn(target: Target) -> tuple[str, ...]:
        return tuple(cards_of.get(target, ()))

    start = state.start
    in_play = set(start.seats) if start else set(range(1, config.table.seats + 1))
    pd = start.player_dealer if start else None
    wagers: dict[int, list[WagerView]] = {}
    for w in start.wagers if start else ():
        wagers.setdefault(w.seat, []).append(WagerView(w.spot, w.cents))
    expected = state.expected
    action_seat = getattr(expected, "seat", None)
    target = getattr(expected, "target", None)
    if action_seat is None and isinstance(target, Target) and target.kind is TargetKind.SEAT:
        action_seat = target.index
    # Hands set into parts (Pai Gow: low and high), the latest setting of each seat.
    set_as: dict[int, HandSet] = {}
    for hs in state.hand_sets:
        set_as[pd if hs.player_dealer and pd is not None else hs.seat] = hs
    by_seat = settled.settlement.by_seat() if settled is not None and settled.settlement is not None else {}
    outcome = outcome_of(state)
    pot = outcome.settlement if outcome is not None else None
    shown = pot.showdown if _is_report(pot, "rules.poker.report", "ShowdownReport") else None
    pot_shares = dict(shown.shares) if shown is not None else {}
    seats = []
    for n in range(1, config.table.seats + 1):
        cards = drawn(Target(TargetKind.SEAT, n))
        hands: tuple[HandView, ...] = (HandView(cards),) if cards else ()
        if n in set_as and reveal:
            hs = set_as[n]
            hands = (
                HandView(tuple(format_cards([c]) for c in hs.front), "low"),
                *((HandView(tuple(format_cards([c]) for c in hs.middle), "middle"),) if hs.middle else ()),
                HandView(
                    tuple(format_cards([c]) for c in hs.back), "high", "House Way" if hs.house_way else ""
                ),
            )
        status = ""
        if n in by_seat:
            t = by_seat[n]
            net = t.paid - t.collected
            # The seat's net over all its wagers (a bonus lost beside a base won is netted, as the chips are).
            status = f"won {fmt_cents(net)}" if net > 0 else f"lost {fmt_cents(-net)}" if net < 0 else ""
            if t.returned and net <= 0:
                status = (status + ", " if status else "") + f"{fmt_cents(t.returned)} back"
        elif n in pot_shares:
            status = f"wins {fmt_cents(pot_shares[n])}"
        elif n in state.dead:
            status = "dead hand"
        elif n in state.folded:
            status = "folded"
        elif n == pd:
            status = "bank"
        seats.append(
            SeatView(
                seat=n,
                occupied=n in in_play,
                wagers=tuple(wagers.get(n, ())),
                hands=hands,
                action=n == action_seat,
                player_dealer=n == pd,
                status=status,
            )
        )
    # Recipients that are not seats (piles, boxes, the player-dealer's hand, the board): a second row.
    seen: list[Target] = []
    for p in state.placed:
        if p.target.kind not in (TargetKind.SEAT, TargetKind.BURN) and p.target not in seen:
            seen.append(p.target)
    boxes: tuple[str, ...] = ()
    for ph in state.game.procedure.phases:
        if ph.boxes:
            boxes = ph.boxes
    piles = tuple(
        SeatView(
            seat=0,
            name=recipient_words(t, boxes) if t.kind is TargetKind.BOX else str(t),
            hands=(HandView(drawn(t)),),
            action=t == target,
        )
        for t in sorted(seen, key=lambda t: t.sort_key)
    )
    settlement: list[SettlementLine] = []
    fee_cents, title, fee_note = 0, "", ""
    if settled is not None:
        settlement, fee_cents, title, fee_note = settlement_view(settled)
    elif outcome is not None and _is_report(outcome.settlement, "rules.poker.report", "ShowdownReport"):
        settlement, fee_cents, title, fee_note = showdown_view(outcome.settlement)
    elif outcome is not None and _is_report(outcome.settlement, "rules.chinese.report", "ChineseReport"):
        settlement, fee_cents, title, fee_note = chinese_view(outcome.settlement)
    elif outcome is not None and outcome.settlement is not None:
        for line in outcome.settlement.wagers or ():
            settlement.append(
                SettlementLine(
                    f"Seat {line.seat} {line.spot or ''}".strip(),
                    line.result,
                    line.net_cents or 0,
                    seat=line.seat,
                    note=line.rule or "",
                )
            )
    if outcome is not None:
        for w in outcome.returned:
            settlement.append(
                SettlementLine(f"Seat {w.seat} {w.spot}", "returned", 0, seat=w.seat, note=fmt_cents(w.cents))
            )
    next_step, next_detail = state.prompt, state.notes[-1] if state.notes else ""
    if settled is not None and settled.settlement is not None and settled.settlement.lines:
        first = settled.settlement.lines[0].wager.seat
        next_step = f"Pay and collect from seat {first}, in the order below"
        next_detail = "then take the next round's wagers (w) and start it (n)"
    elif settled is not None and settled.problem:
        next_step, next_detail = "Settlement held: call the floor", settled.problem
    return TableView(
        game_id=state.game.id,
        game_name=game_name,
        room=room,
        table_id=config.table.id,
        open=state.status is Status.IDLE,
        phase=PHASES.get(state.status, "waiting"),
        round_no=round_no,
        player_dealer=f"Seat {pd}" if pd else ("House" if start else ""),
        deal_no=deal_no if pd else None,
        seats=tuple(seats),
        piles=piles,
        next_step=next_step,
        next_detail=next_detail,
        alerts=(
            alerts
            if alerts is not None
            else tuple(AlertView.from_json(a.to_json()) for a in state.active_alerts)
        ),
        devices=devices,
        settlement=tuple(settlement),
        fee_cents=fee_cents,
        settlement_title=title,
        fee_note=fee_note,
        live=live,
        # the number of round events folded (for tools that follow the view); the hand's dealer button
        extra={"seq": state.seq, **({"button": start.button} if start and start.button else {})},
    )


def settlement_view(ts: TableSettlement) -> tuple[list[SettlementLine], int, str, str]:
    """The settlement's lines for the screen (action order; fees with their moment; the bank), the fee
    in cents, a title (the action order and the bank) and the fee's note."""
    from rules.banking.money import money
    from rules.banking.settlement import Coverage
    from rules.banking.settlement import Outcome as BankOutcome

    s = ts.settlement
    if s is None:
        return [SettlementLine("Table", "held", 0, note=ts.problem)], 0, "Settlement held", ""
    lines: list[SettlementLine] = []
    for ln in s.lines:
        o = ln.result.outcome
        if o is BankOutcome.WIN and ln.coverage is not Coverage.NONE:
            word = "paid" if ln.coverage is Coverage.FULL else "part paid"
        elif o is BankOutcome.LOSE and ln.coverage is not Coverage.NONE:
            word = "collected"
        elif o is BankOutcome.PUSH:
            word = "push"
        else:
            word = "returned"
        # The line's words where they say more than the result column: no action and why, returned,
        # part paid, the bank's win capped.
        plain = ln.coverage is Coverage.FULL and (
            o is BankOutcome.WIN or (o is BankOutcome.LOSE and not ln.returned)
        )
        note = "" if plain else ln.describe().split(": ", 1)[-1]
        lines.append(
            SettlementLine(
                f"Seat {ln.wager.seat} {ln.wager.name}" + (BACKLINE if is_backline(ln.wager.player) else ""),
                word,
                ln.paid - ln.collected,
                seat=ln.wager.seat,
                note=note,
            )
        )
    fee = 0
    if ts.collection is not None:
        for f in ts.collection.lines:
            who = f"Seat {f.seat} {f.wager or ''}".strip() if f.seat else f.payer.value.replace("_", "-")
            lines.append(
                SettlementLine(who, "fee", -f.amount, seat=f.seat, note=f"{f.reason}, {f.taken.words}")
            )
        fee = ts.collection.total
    pd_result = s.player_dealer_result
    lines.append(
        SettlementLine(
            "Bank",
            "bank",
            pd_result,
            note=f"{money(s.bank_before)} -> {money(s.bank_after)}" + (", exhausted" if s.exhausted else ""),
        )
    )
    title = f"Settlement: action {ts.order}" if ts.order else "Settlement"
    return lines, fee, title, ts.fee_words


def _is_report(report: Any, module: str, name: str) -> bool:
    """Whether ``report`` is of the report class ``name`` in ``module``, without importing that family's
    engine: a report of the class exists only once its module is loaded (``rules.family_packages``)."""
    loaded = sys.modules.get(module)
    return loaded is not None and isinstance(report, getattr(loaded, name))


def showdown_view(data: ShowdownReport) -> tuple[list[SettlementLine], int, str, str]:
    """A pot game's showdown for the screen (the round hook's report): each seat's share, the
    collection taken from the pot before the split, a title with the pot before and after it, and the
    collection's note (its schedule, or why nothing was collected)."""
    sd = data.showdown
    coll = data.collection
    fee = coll.cents if coll is not None else 0
    note = (coll.schedule or coll.why or "") if coll is not None else ""
    if sd is None:
        return [SettlementLine("Pot", "held", 0, note=data.why or "")], fee, "Showdown held", note
    lines = [
        SettlementLine(f"Seat {s}", "wins", c, seat=s, note=_hand_words(sd, s))
        for s, c in sorted(sd.shares.items())
    ]
    for ln in (coll.lines or ()) if coll is not None else ():
        lines.append(SettlementLine("Pot", "fee", -ln.cents, note=ln.why))
    pot = sd.pot
    after = sd.after_collection
    title = f"Showdown: pot {fmt_cents(pot)}, collection {fmt_cents(fee)}, {fmt_cents(after)} to the winners"
    return lines, fee, title, note


def _hand_words(sd: ShowdownPart, seat: int) -> str:
    """The winning hand's name (high, and low where the seat has one)."""
    h = sd.hands.get(seat)
    return ", ".join(w for w in (h.high, h.low) if w) if h is not None else ""
