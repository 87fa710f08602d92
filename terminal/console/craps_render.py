"""The Party Craps felt for the dealer screen (a Rich renderable of :class:`terminal.craps_view.CrapsLayout`).

Two status lines, then one line per seat that has bets or the player-dealer's tile:

* the ON/OFF puck (``ON 6`` white on green with a point, ``OFF`` black on white on a come-out), the player-
  dealer's seat with its tile's side (``P/D seat 5 [1]``) and bank, the action tile's seat, and the
  no-more-bets light (a red ``● NO MORE BETS`` while the flip is dealt, a green ``○ bets open`` between flips);
* the flip: its two cards face up and their total, "the number", and what it did (``7 before the point 6``);
* each seat: its bets, a working bet in bold, a bet that is off dimmed and marked ``off``, and after the flip
  each decided bet's result (green won, red lost) and the seat's net.

Pure functions of the layout, like ``terminal/console/render.py``: a test paints them without a screen.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from terminal.console.render import cards_text
from terminal.console.view import fmt_cents
from terminal.craps_view import CrapsBet, CrapsLayout, CrapsSeat

PUCK_ON = "bold white on #1f7a1f"
PUCK_OFF = "bold black on #f4f4f4"
LIGHT_ON = "bold white on #b00000"
LIGHT_OFF = "bold #40c040"
PD_STYLE = "bold #e0a000"
ACTION_STYLE = "bold black on #40c040"


def status_text(layout: CrapsLayout) -> Text:
    """The puck, the player-dealer's tile and bank, the action tile and the no-more-bets light."""
    t = Text()
    t.append(f" {layout.puck} ", style=PUCK_ON if layout.point else PUCK_OFF)
    t.append(" come-out " if layout.point is None else f" point {layout.point} ", style="bold")
    if layout.player_dealer is not None:
        side = f" [{layout.pd_side}]" if layout.pd_side else ""
        t.append(f" P/D seat {layout.player_dealer}{side} ", style=PD_STYLE)
        t.append(f"bank {fmt_cents(layout.bank_cents)} ")
    else:
        t.append(" no player-dealer ", style="dim")
    if layout.action_seat is not None:
        t.append(f" action seat {layout.action_seat} ", style=ACTION_STYLE)
        t.append(" ")
    if layout.no_more_bets:
        t.append(" ● NO MORE BETS ", style=LIGHT_ON)
    else:
        t.append(" ○ bets open ", style=LIGHT_OFF)
    return t


def flip_text(layout: CrapsLayout) -> Text:
    """The flip's two cards and their total (the number), and what the flip did."""
    t = Text("flip ", style="bold")
    if not layout.cards:
        t.append("no cards yet" if layout.no_more_bets else "the next flip: two cards, face up", style="dim")
        return t
    t.append_text(cards_text(layout.cards))
    if len(layout.cards) < 2:
        t.append("  and one more card", style="dim")
    if layout.total is not None:
        t.append(f"  = {layout.total} ", style="bold reverse")
    if layout.words:
        t.append(f"  {layout.words}")
    return t


def bet_text(bet: CrapsBet) -> Text:
    """One bet: ``Place 6 $12`` (bold while working; dimmed and ``off`` when it is not; ``ON`` where the dealer
    turned it on), its result after the flip."""
    t = Text()
    t.append(f"{bet.words} {fmt_cents(bet.cents)}", style="bold" if bet.working else "dim")
    if not bet.working:
        t.append(" off", style="dim italic")
    elif bet.call:
        t.append(" ON", style="bold #40c040")  # the dealer turned it on for this flip
    if bet.result:
        style = "bold green" if bet.result.startswith("won") else "bold red" if bet.result == "lost" else ""
        t.append(f" {bet.result}", style=style)
    return t


def seat_label(seat: CrapsSeat) -> Text:
    """``▶ 3`` for the action tile's seat, ``P/D 5`` for the player-dealer, else the seat number."""
    if seat.player_dealer:
        return Text(f"P/D {seat.seat}", style=PD_STYLE)
    if seat.action:
        return Text(f"▶ {seat.seat}", style=ACTION_STYLE)
    return Text(f"  {seat.seat}", style="bold")


def seats_table(layout: CrapsLayout) -> Table:
    """One row per seat that has bets or banks: its label, its bets (wrapped), its net after the flip; once the
    action tile is placed, from its seat round the table (the order the dealer pays in)."""
    table = Table(box=None, show_header=False, padding=(0, 1), expand=True, pad_edge=False)
    table.add_column("seat", no_wrap=True, width=6)
    table.add_column("bets", ratio=1)
    table.add_column("net", no_wrap=True, justify="right")
    seats = list(layout.seats)
    if layout.action_seat is not None:  # the payoffs start at the action tile (L4142-4143): its seat first
        at = next((i for i, s in enumerate(seats) if s.seat == layout.action_seat), 0)
        seats = seats[at:] + seats[:at]
    for seat in seats:
        if not seat.bets and not seat.player_dealer and not seat.action:
            continue
        bets = Text(" · ").join(bet_text(b) for b in seat.bets) if seat.bets else Text("", style="dim")
        if seat.player_dealer and not seat.bets:
            bets = Text("the bank", style=PD_STYLE)
        net = Text(
            seat.net,
            style="bold green"
            if seat.net.startswith("+")
            else "bold red"
            if seat.net.startswith("−")
            else "",
        )
        table.add_row(seat_label(seat), bets, net)
    return table


def craps_renderable(layout: CrapsLayout) -> RenderableType:
    """The whole felt: the status line, the flip, the seats."""
    return Group(status_text(layout), flip_text(layout), seats_table(layout))
