"""The demo table: a scripted Pai Gow round the console can show before the round engine drives it.

``demo_views()`` gives the dealer screen's main states (waiting for bets, dealing, an alert,
settlement) as fixed :class:`TableView` s — the snapshot tests use them, and :class:`DemoBackend`
steps through them as the dealer presses keys. The figures are illustrative, not a filed pay table
or fee schedule; the alert's ruling and cite are Capitol's own (catalog 003 §2, house rules 33-34).
Every input is journaled before it takes effect, like the real controller does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from terminal.console.view import (
    AlertView,
    ConsoleInput,
    DeviceView,
    HandView,
    SeatView,
    SettlementLine,
    TableView,
    WagerView,
)
from terminal.journal import JournalSink
from terminal.roles import Access

PD_SEAT = 3
WAGERS = {1: 2500, 2: 1000, 3: 0, 4: 5000, 5: 2000, 6: 0, 7: 1500}
HANDS = {
    1: ("As", "Kd", "Kh", "9c", "7s", "4d", "2c"),
    2: ("Qs", "Qh", "Jd", "Tc", "8h", "5s", "3d"),
    3: ("Jk", "Ah", "Ad", "6c", "6s", "5h", "2h"),
    4: ("Kc", "Ts", "9h", "8d", "7c", "6d", "4s"),
    5: ("Js", "Jc", "5c", "5d", "9s", "8s", "7h"),
    7: ("Qd", "Td", "9d", "3c", "2s", "4h", "3s"),
}
SETS = {  # the House Way settings shown at settlement (low hand, high hand)
    1: (("Kd", "Kh"), ("As", "9c", "7s", "4d", "2c")),
    2: (("Jd", "Tc"), ("Qs", "Qh", "8h", "5s", "3d")),
    3: (("Jk", "6c"), ("Ah", "Ad", "6s", "5h", "2h")),
    4: (("Kc", "Ts"), ("9h", "8d", "7c", "6d", "4s")),
    5: (("9s", "8s"), ("Js", "Jc", "5c", "5d", "7h")),
    7: (("Qd", "Td"), ("9d", "3c", "2s", "4h", "3s")),
}

DEVICES_OK = (
    DeviceView("shuffler", "shuffler", "ok", firmware="2.4.1"),
    DeviceView("dice", "dice_cup", "ok", firmware="1.3.0"),
    DeviceView("buttons", "panel", "ok", firmware="1.1.0"),
)

EXPOSED = AlertView(
    code="EXPOSED_CARD",
    severity="warning",
    ruling="REPLACE_FROM_STUB",
    remedy="Leave the 7♥ face up on pile 5; after the deal replace it with the first of the four leftover cards.",
    cite="003_aca162d24f17d773.txt, Capitol Pai Gow house rule 33, L72",
    clear_role="floor",
    message="The dealer exposed a card while dealing pile 5.",
    seat=5,
    card="7h",
)


def _seats(
    *, hands: int = 0, sets: bool = False, status: dict[int, str] | None = None
) -> tuple[SeatView, ...]:
    status = status or {}
    seats = []
    for n in range(1, 8):
        occupied = n in HANDS
        wagers = (WagerView("main", WAGERS[n]),) if WAGERS.get(n) else ()
        if sets and n in SETS:
            low, high = SETS[n]
            shown: tuple[HandView, ...] = (HandView(low, "low"), HandView(high, "high"))
        elif hands and n in HANDS:
            shown = (HandView(HANDS[n][:hands]),)
        else:
            shown = ()
        seats.append(
            SeatView(
                seat=n,
                occupied=occupied,
                wagers=wagers,
                hands=shown,
                player_dealer=n == PD_SEAT,
                action=False,
                status=status.get(n, "bank" if n == PD_SEAT and occupied else ""),
            )
        )
    return tuple(seats)


def _base() -> TableView:
    return TableView(
        game_id="paigow/capitol",
        game_name="Pai Gow Poker",
        room="Capitol Casino",
        table_id="pg-1",
        round_no=12,
        player_dealer=f"Seat {PD_SEAT}",
        deal_no=1,
        devices=DEVICES_OK,
    )


def waiting_view() -> TableView:
    """Betting is open; the player-dealer is seat 3 on deal 1 of 2."""
    return replace(
        _base(),
        phase="waiting",
        seats=_seats(),
        next_step="Place bets",
        next_detail="Press confirm to close betting, then shake the dice cup",
    )


def dealing_view() -> TableView:
    """Dice 3-5-6 (14): the shuffler's piles go out from seat 7; pile 5 of 7 is next."""
    base = replace(_base(), open=False, phase="dealing", next_step="Pile 5 of 7 to seat 4")
    seats = list(_seats(hands=7))
    for i, s in enumerate(seats):  # four piles are out (seats 7, 1, 2, 3), the rest still to come
        if s.seat in (4, 5):
            seats[i] = replace(s, hands=(), action=s.seat == 4)
    return replace(base, seats=tuple(seats), next_detail="Dice 3-5-6 = 14: first pile to seat 7")


def alert_view() -> TableView:
    """An exposed card during the deal: Capitol rule 33 replaces it from the stub; the floor clears."""
    v = dealing_view()
    return replace(
        v, alerts=(EXPOSED,), next_step="Finish the deal", next_detail="Then replace the exposed card"
    )


def settlement_view() -> TableView:
    """Every hand set the House Way; the bank settles in action order; the fee is collected."""
    lines = (
        SettlementLine("Seat 4", "wins", 5000, seat=4, note="both hands beat the bank"),
        SettlementLine("Seat 5", "push", 0, seat=5, note="one hand each"),
        SettlementLine("Seat 7", "loses", -1500, seat=7),
        SettlementLine("Seat 1", "loses", -2500, seat=1),
        SettlementLine("Seat 2", "push", 0, seat=2, note="one hand each"),
        SettlementLine("Seat 3 (bank)", "bank", -1000, seat=3, note="net: paid $50, collected $40"),
        SettlementLine("House", "fee", 100, note="demo figure, not a posted schedule"),
    )
    status = {4: "wins", 5: "push", 7: "loses", 1: "loses", 2: "push", 3: "bank"}
    return replace(
        _base(),
        open=False,
        phase="settlement",
        seats=_seats(sets=True, status=status),
        next_step="Pay and collect from seat 4",
        next_detail="In action order; press confirm when the table is settled",
        settlement=lines,
        fee_cents=100,
    )


def demo_views() -> dict[str, TableView]:
    """The dealer screen's main states, by name."""
    return {
        "waiting": waiting_view(),
        "dealing": dealing_view(),
        "alert": alert_view(),
        "settlement": settlement_view(),
    }


class _NoJournal:
    def append(self, kind: str, payload: Any) -> None:
        return None


class DemoBackend:
    """Steps through the demo round as the dealer presses keys; journals every input first.

    ``confirm`` moves on (waiting -> dealing -> the exposed-card alert -> settlement -> next round),
    ``new-round`` starts over, ``misdeal`` raises a floor alert, ``undo`` steps back, ``clear-alert``
    clears the active alert if the role may.
    """

    ORDER = ("waiting", "dealing", "alert", "settlement")

    def __init__(self, journal: JournalSink | None = None) -> None:
        self.journal: JournalSink = journal if journal is not None else _NoJournal()  # type: ignore[assignment]
        self.views = demo_views()
        self.stage = 0
        self.view = self.views["waiting"]
        self._publish: Callable[[TableView], None] = lambda v: None
        self.inputs: list[ConsoleInput] = []

    def attach(self, publish: Callable[[TableView], None]) -> None:
        """Remember how to show a view, and show the current one."""
        self._publish = publish
        publish(self.view)

    def _show(self, view: TableView) -> None:
        self.view = view
        self._publish(view)

    async def submit(self, inp: ConsoleInput) -> str | None:
        """Journal the input (durable first), then apply it to the demo round."""
        self.journal.append("input", inp.to_json())
        self.inputs.append(inp)
        a = inp.action
        if a == "clear-alert":
            alert = self.view.active_alert
            if alert is None:
                return "no alert to clear"
            if not Access.may_clear(alert.clear_role, inp.role):
                return f"{alert.code} is cleared by {alert.clear_role}, not {inp.role}"
            self.journal.append("fault.clear", {"code": alert.code, "role": inp.role, "seat": alert.seat})
            self._show(self.view.without_alert(alert.code))
            return None
        if (
            self.view.active_alert is not None
            and self.view.active_alert.severity == "stop"
            and a == "confirm"
        ):
            return "clear the alert first"
        if a == "new-round":
            self.stage = 0
            self._show(replace(self.views["waiting"], round_no=self.view.round_no + 1))
        elif a == "confirm":
            if self.view.phase == "dealing" and self.view.alerts:
                return "the exposed card must be ruled on first"
            self.stage = (self.stage + 1) % len(self.ORDER)
            nxt = self.views[self.ORDER[self.stage]]
            round_no = self.view.round_no + (1 if self.stage == 0 else 0)
            self._show(replace(nxt, round_no=round_no))
        elif a == "undo":
            self.stage = max(0, self.stage - 1)
            self._show(replace(self.views[self.ORDER[self.stage]], round_no=self.view.round_no))
        elif a == "misdeal":
            misdeal = AlertView(
                code="MISDEAL_DECLARED",
                severity="stop",
                ruling="MISDEAL",
                remedy="Void every hand, return the wagers, reshuffle and deal again.",
                cite="003_aca162d24f17d773.txt, Capitol Pai Gow house rule 34, L73",
                clear_role="floor",
                message="The dealer declared a misdeal.",
            )
            self._show(replace(self.view, alerts=(misdeal, *self.view.alerts)))
        elif a == "call-floor":
            return "floor called"
        elif a == "house-way":
            return "House Way: the set hands are shown at settlement (demo)"
        elif a in ("bank-offered", "bank-accepted", "bank-declined"):
            deal = 2 if a == "bank-declined" else 1
            pd = self.view.player_dealer if a != "bank-accepted" else "Seat 4"
            self._show(replace(self.view, player_dealer=pd, deal_no=deal))
            return {
                "bank-offered": "bank offered to seat 4",
                "bank-accepted": "seat 4 banks",
                "bank-declined": "seat 3 keeps the bank",
            }[a]
        elif a.startswith(("tech.", "maint.")):
            return f"{a}: done (demo)"
        else:
            return f"unknown action {a!r}"
        return None
