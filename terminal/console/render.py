"""Rich renderables for the dealer screen, built from the view model (pure functions, easy to test).

Cards are drawn as small white faces with the suit symbol, red for hearts and diamonds; an unread
card (``??``) is amber, the joker magenta.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from rules.cards import parse_read
from rules.errors import CardParseError
from terminal.console.view import (
    FACE_DOWN,
    AlertView,
    DeviceView,
    SeatView,
    SettlementLine,
    TableView,
    fmt_cents,
)

RED = "bold #c00000 on #f4f4f4"
BLACK = "bold #101010 on #f4f4f4"
UNREAD = "bold black on #ffb000"
JOKER = "bold white on #8000a0"
BACK = "bold #f4f4f4 on #204080"
TILE = "bold #f4f4f4 on #101010"  # a Pai Gow tile (``6-6``): white pips on a black domino

DEVICE_STYLE = {
    "ok": "bold white on #1f7a1f",
    "warning": "bold black on #e0a000",
    "fault": "bold white on #b00000",
    "offline": "bold white on #606060",
    "disabled": "bold white on #404040",
}
SEVERITY_STYLE = {
    "stop": "bold white on #b00000",
    "warning": "bold black on #f0b000",
    "info": "bold white on #1f4f9f",
}
PHASE_WORDS = {
    "waiting": "Waiting for bets",
    "dealing": "Dealing",
    "setting": "Setting hands",
    "setting hands": "Setting hands",
    "settlement": "Settlement",
    "closed": "Closed",
    "stopped": "STOPPED",
    "shuffle": "Shuffle first",
    "shuffling": "Shuffling",
    "betting": "Taking wagers",
    "dice": "Dice",
    "decisions": "Decisions",
    "maintenance": "Maintenance",
}


def card_text(token: str) -> Text:
    """One card as a small face: ``A♠`` black on white, ``K♥`` red, ``??`` amber, the joker magenta; a
    card still face down (``FACE_DOWN``) as its blue back."""
    if token == FACE_DOWN:
        return Text(" ▒▒ ", style=BACK)
    if len(token) == 3 and token[1] == "-" and token[0] in "123456" and token[2] in "123456":
        return Text(f" {token} ", style=TILE)  # a tile, in the tiles' notation (docs/paigow-tiles.md)
    try:
        card = parse_read(token)
    except CardParseError:
        return Text(f" {token} ", style=UNREAD)
    if card is None:
        return Text(" ?? ", style=UNREAD)
    if card.is_joker:
        return Text(" JK ", style=JOKER)
    assert card.rank is not None and card.suit is not None
    rank = "10" if card.rank.char == "T" else card.rank.char
    return Text(f" {rank}{card.suit.symbol} ", style=RED if card.suit.is_red else BLACK)


def cards_text(tokens: tuple[str, ...]) -> Text:
    """A row of cards, one space apart."""
    out = Text()
    for i, t in enumerate(tokens):
        if i:
            out.append(" ")
        out.append_text(card_text(t))
    return out


#: The footer's words for each dealer action (the #keys line), short enough for 80 columns.
KEY_WORDS = {
    "new-round": "new round",
    "confirm": "confirm",
    "misdeal": "misdeal",
    "undo": "undo",
    "call-floor": "floor",
    "house-way": "House Way",
    "bank-offered": "bank offered",
    "bank-accepted": "accepted",
    "bank-declined": "declined",
    "clear-alert": "clear alert",
    "play": "play",
    "fold": "fold",
    "bet-picker": "bet picker",  # b: a pot game's bets and draws (terminal/console/bet_picker.py)
    "pan-picker": "Pan picker",  # g: Panguingue's play (terminal/console/pan_picker.py)
    "tile-picker": "tile picker",  # a tiles table's `e` (terminal/console/tile_picker.py)
    "bet": "bets",  # a decision keyed on the game's picker (b, or g at Panguingue)
}


#: Shorter words for a keys line that does not fit (the `?` list keeps the long ones).
SHORT_WORDS = {"new round": "next", "House Way": "HW", "misdeal": "misd", "confirm": "ok", "wagers": "wager"}


def wagers_act(view: TableView) -> bool:
    """Whether the wager panel (``w``) can change the layout now: bets are open and the table is live
    and not held by a STOP (after "no more bets" the layout refuses a change, BETS_AFTER_CLOSE)."""
    return view.betting_open and view.live and view.step not in ("stopped", "maintenance")


def keys_key(view: TableView, names: dict[str, str], width: int | None = None) -> tuple[object, ...]:
    """What the keys line shows of ``view`` in ``width`` columns: the same key draws the same line."""
    craps = view.extra.get("craps") is not None
    picker = view.extra.get("picker")
    return (view.keys, tuple(names.items()), view.bank_next, wagers_act(view), craps, picker, width)


def keys_text(view: TableView, names: dict[str, str], width: int | None = None) -> Text:
    """The keys that act in the table's state (``view.keys``, from the state machine; the bank's three as
    one ``o/a/d`` with the seat the bank goes to next), the wager panel while bets are open, and `?` for
    every key. Within ``width`` columns (the keys line's): where the line is longer, the gaps close up, then
    the words get shorter (:data:`SHORT_WORDS`; ``bank → seat 4`` is ``→ seat 4``), then they are cut; no
    key is ever dropped."""
    picker = str(view.extra.get("picker", "bet-picker"))  # the machine's "bet" is keyed on this picker
    names = {**names, "bet": names[picker]} if picker in names else names
    bank = [a for a in view.keys if a.startswith("bank-") and a in names]
    items = [(names[a], KEY_WORDS.get(a, a)) for a in view.keys if a in names and not a.startswith("bank-")]
    if "clear-alert" in view.keys:
        items = [(k, "clear" if w == "clear alert" else w) for k, w in items]
    if bank:
        to = view.bank_next.split(":")[0]  # "seat 4"; "nobody" (the game would close)
        items.append(("/".join(names[a] for a in bank), f"bank → {to}" if to else "bank"))
    if wagers_act(view):
        items.append(("w", "wagers"))
        if view.extra.get("craps") is not None:  # Party Craps' bets are keyed on the craps picker
            items.append(("b", "bets"))
    items.append(("?", "keys"))
    for gap, short, cut in ((" ", False, 0), ("", False, 0), ("", True, 0), ("", True, 5)):
        words = [(k, SHORT_WORDS.get(w, w.replace("bank → ", "→ ")) if short else w) for k, w in items]
        line = [(f" {k} ", f" {w[:cut] if cut else w}{gap}") for k, w in words]
        if width is None or sum(len(a) + len(b) for a, b in line) <= width or cut:
            break
    t = Text()
    for key, words in line:
        t.append(key, style="bold reverse")
        t.append(words)
    return t


def all_keys_words(names: dict[str, str]) -> str:
    """Every dealer key in one block (the `?` help)."""
    rows = [f"{names[a]:>9}  {KEY_WORDS.get(a, a)}" for a in KEY_WORDS if a in names]
    return "\n".join([*rows, "        w  wagers", "       F2  technician", "       F3  maintenance"])


#: The parts of the view the header shows (:func:`header_text` reads these and nothing else).
HEADER_FIELDS = (
    "table_id",
    "round_no",
    "game_name",
    "live",
    "open",
    "phase",
    "dice",
    "player_dealer",
    "deal_no",
    "deal_max",
    "room",
    "game_id",
)


def header_key(view: TableView) -> tuple[object, ...]:
    """What the header shows of ``view``: two views with the same key draw the same header."""
    return (*(getattr(view, f) for f in HEADER_FIELDS), view.extra.get("button"))


def header_text(view: TableView) -> Text:
    """Table and round first (they must survive 80 columns), the game, open or closed and the phase, the
    player-dealer and its deal (1/2: the first of the two rounds the game lets it bank), the dealer button's seat, then the room and the game id."""
    t = Text()
    if view.table_id:
        t.append(f" {view.table_id}", style="bold")
    if view.round_no:
        t.append(f" #{view.round_no}", style="bold")
    t.append(f" {view.game_name} ", style="bold")
    t.append(" ")
    if not view.live:
        t.append(" NOT LIVE — MAINTENANCE ", style="bold white on #606060")
    elif view.open:
        t.append(" OPEN ", style="bold white on #1f7a1f")
    else:
        t.append(" CLOSED ", style="bold white on #b00000")
    t.append(" " + PHASE_WORDS.get(view.phase, view.phase), style="italic")
    if view.dice:
        t.append(f"  dice {'-'.join(map(str, view.dice))} = {sum(view.dice)}", style="bold")
    if view.player_dealer:
        t.append("  PD ")
        t.append(view.player_dealer, style="bold")
        if view.deal_no:
            of = f"/{view.deal_max}" if view.deal_max else ""  # the game's rotation: rounds one may bank
            t.append(f" deal {view.deal_no}{of}", style="bold")
    if view.extra.get("button"):  # the dealer button's seat this hand (it moves one seat each hand)
        t.append("  BUTTON ")
        t.append(f"seat {view.extra['button']}", style="bold")
    if view.room:
        t.append(f"   {view.room}")
    t.append(f"   {view.game_id}", style="dim")
    return t


def next_step_text(view: TableView) -> Text:
    """The next expected step, in capitals, with its detail below."""
    t = Text(justify="center")
    t.append((view.next_step or "—").upper(), style="bold")
    if view.next_detail:
        t.append("\n" + view.next_detail, style="")
    return t


def seat_renderable(seat: SeatView) -> RenderableType:
    """One seat's panel body: wagers, then each hand's cards, then its status."""
    parts: list[RenderableType] = []
    title = Text(seat.label, style="bold")
    if seat.player:
        title.append(f" {seat.player}", style="")
    if seat.player_dealer:
        title.append(" ★PD", style="bold #e0a000")
    parts.append(title)
    if not seat.occupied:
        parts.append(Text("empty", style="dim"))
        return Group(*parts)
    if seat.wagers:
        w = Text()
        for i, wager in enumerate(seat.wagers):
            if i:
                w.append("  ")
            w.append(f"{wager.spot} ", style="dim")
            w.append(fmt_cents(wager.cents), style="bold")
        parts.append(w)
    for hand in seat.hands:
        if hand.name:
            parts.append(Text(hand.name, style="dim italic"))
        line = cards_text(hand.cards)
        if hand.note:
            line.append(f" {hand.note}", style="italic")
        parts.append(line)
    if seat.status:
        parts.append(Text(seat.status, style="italic"))
    return Group(*parts)


def alert_renderable(alert: AlertView, more: int = 0) -> RenderableType:
    """The active alert: code and ruling, what happened, the remedy, the cited rule, who clears it."""
    style = SEVERITY_STYLE.get(alert.severity, SEVERITY_STYLE["stop"])
    head = Text(f" {alert.severity.upper()} ", style=style)
    head.append(f" {alert.code.replace('_', ' ')}", style="bold")
    head.append("  →  ", style="")
    head.append(alert.ruling.replace("_", " "), style="bold underline")
    if alert.seat is not None:
        head.append(f"   seat {alert.seat}", style="bold")
    if alert.card:
        head.append("   ")
        head.append_text(card_text(alert.card))
    lines: list[RenderableType] = [head]
    if alert.message:
        lines.append(Text(alert.message))
    lines.append(Text.assemble(("Remedy: ", "bold"), alert.remedy))
    lines.append(Text.assemble(("Rule: ", "bold"), (alert.cite, "italic")))
    clear = Text.assemble(("Cleared by: ", "bold"), (alert.clear_role.upper(), "bold reverse"), "  (press x)")
    if more:
        clear.append(f"   +{more} more alert{'s' if more > 1 else ''}", style="bold")
    lines.append(clear)
    return Group(*lines)


def devices_text(devices: tuple[DeviceView, ...]) -> Text:
    """One chip per device, coloured by health."""
    t = Text()
    if not devices:
        return Text("no devices", style="dim")
    for i, d in enumerate(devices):
        if i:
            t.append(" ")
        t.append(f" {d.name}: {d.state} ", style=DEVICE_STYLE.get(d.state, DEVICE_STYLE["fault"]))
        if d.detail:
            t.append(f" {d.detail}", style="italic")
    return t


def settlement_table(
    lines: tuple[SettlementLine, ...], fee_cents: int, title: str = "", fee_note: str = ""
) -> RenderableType:
    """The settlement in action order: who, outcome, amount; the fee at the foot with its moment."""
    if not lines:
        return Text("no settlement yet", style="dim")
    table = Table(
        box=None,
        show_header=True,
        header_style="bold",
        pad_edge=False,
        expand=True,
        title=title or None,
        title_style="bold",
        title_justify="left",
        caption=fee_note or None,
        caption_justify="left",
    )
    table.add_column("#", justify="right", width=2)
    table.add_column("who")
    table.add_column("result")
    table.add_column("amount", justify="right")
    table.add_column("", overflow="fold")
    for i, line in enumerate(lines, 1):
        style = {
            "wins": "bold green",
            "paid": "bold green",
            "part paid": "bold green",
            "loses": "bold red",
            "collected": "bold red",
            "fee": "bold yellow",
            "held": "bold yellow",
        }.get(line.outcome, "")
        table.add_row(
            str(i), line.who, Text(line.outcome, style=style), fmt_cents(line.cents, sign=True), line.note
        )
    table.add_row("", Text("fee", style="bold"), "", Text(fmt_cents(fee_cents), style="bold yellow"), "")
    return table


def wager_title(view: TableView, seat: int, spot: str) -> Text:
    """The wager panel's head: betting open or closed, the selected seat and spot, the bank."""
    t = Text()
    if view.betting_open:
        t.append(" BETS OPEN ", style="bold white on #1f7a1f")
    else:
        t.append(" NO MORE BETS ", style="bold white on #b00000")
    t.append(f"  {view.game_name}  ")
    pd = view.betting_player_dealer
    if pd is not None and pd == seat:
        t.append(f"seat {seat}: the player-dealer's bank {fmt_cents(view.bank_cents)}", style="bold #e0a000")
    else:
        t.append(f"seat {seat} · {spot}", style="bold reverse")
    t.append("\n←/→ or 1-9 seat · ↑/↓ spot · chips a $1 s $5 d $25 f $100 g $500 · − one off · ", style="dim")
    t.append("⌫ take back · p player-dealer · Enter done", style="dim")
    return t


def wager_layout(view: TableView, seat: int, spot: str) -> RenderableType:
    """Every seat with its wagers by spot (the selected one marked) and the player-dealer's bank."""
    spots = view.spots or ("main",)
    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
    table.add_column("seat", justify="right")
    for name in spots:
        table.add_column(name, justify="right")
    table.add_column("")
    on = {(s, p): c for s, p, c in view.betting}
    n = len(view.seats) or 7
    for s in range(1, n + 1):
        cells: list[Text] = []
        for name in spots:
            cents = on.get((s, name), 0)
            text = Text(fmt_cents(cents) if cents else "·")
            if s == seat and name == spot:
                text.stylize("bold reverse")
            cells.append(text)
        note = Text("")
        if view.betting_player_dealer == s:
            note = Text(f"★PD bank {fmt_cents(view.bank_cents)}", style="bold #e0a000")
            if s == seat:
                note.stylize("reverse")
        label = Text(str(s), style="bold" if s == seat else "")
        table.add_row(label, *cells, note)
    total = sum(c for _, _, c in view.betting)
    return Group(
        table, Text(f"on the layout {fmt_cents(total)}; bank {fmt_cents(view.bank_cents)}", style="italic")
    )
