"""The craps picker: the dealer keys Party Craps' bets (docs/dealer-guide.md, "Party Craps").

Opened with ``b`` (the bet picker's key) at a Party Craps table. Bets are keyed between flips, while the
no-more-bets light is off; each is a wager on the layout (``wager.place``: the table checks it against its
limits and, after no more bets, leaves the layout as it was). ← → choose the seat (or Tab and its number).

A new bet: its key, then its number where it has one, then the amount in dollars, then Enter:

====  =========================  ====  =========================================
key   bet                        key   bet
====  =========================  ====  =========================================
p     Pass                       d     Don't Pass
c     Come                       n     Don't Come
l     Place N (4 5 6 8 9 10)     y     Buy N
a     Lay N                      f     Field
g     Big 6 / Big 8              h     Hard 4 6 8 10
s     Any Seven                  x     Any Craps
k     C bet                      e     E bet
r     Horn                       t     Craps 2, 3 or 12
v     Eleven                     j     Hop: two cards, 1 to 6 each
====  =========================  ====  =========================================

A number is keyed by its digits (``1 0`` or ``0`` for 10, ``1 2`` for Craps 12). A bet already on the seat is
chosen with ↑ ↓ (the picker lists the seat's bets); then ``o`` adds odds behind it (Pass, Don't Pass, an
established Come or Don't Come), ``w`` turns it ON or OFF (the ON/OFF control, seed 000 L4112-4118) and Delete
takes it down. Each bet kind and the three controls are also buttons on the picker (touch or click). Backspace
takes the last digit back; Escape closes. What the table says is shown under the
keys. Whether a bet may be made now (a Come before the point, odds without a line bet, a prop without a
qualifying wager) is the round engine's ruling at no more bets, never the picker's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Vertical
from textual.widgets import Button, Static

from terminal.console.picker import Picker
from terminal.console.view import ConsoleInput, fmt_cents
from terminal.craps_view import OFF, ON, POINTS, CrapsBet, CrapsLayout, split_spot, spot_words


@dataclass(frozen=True)
class BetKind:
    """A key of the picker: the bet's spot (``{n}`` where its number goes) and the numbers it takes."""

    key: str
    spot: str
    numbers: tuple[str, ...] = ()


_HOPS = tuple(f"{x}{y}" for x in range(1, 7) for y in range(x, 7))
#: The picker's bet keys (the module's table).
KINDS: tuple[BetKind, ...] = (
    BetKind("p", "pass"),
    BetKind("d", "dont-pass"),
    BetKind("c", "come"),
    BetKind("n", "dont-come"),
    BetKind("l", "place-{n}", tuple(map(str, POINTS))),
    BetKind("y", "buy-{n}", tuple(map(str, POINTS))),
    BetKind("a", "lay-{n}", tuple(map(str, POINTS))),
    BetKind("f", "field"),
    BetKind("g", "big-{n}", ("6", "8")),
    BetKind("h", "hard-{n}", ("4", "6", "8", "10")),
    BetKind("s", "any-seven"),
    BetKind("x", "any-craps"),
    BetKind("k", "c"),
    BetKind("e", "e"),
    BetKind("r", "horn"),
    BetKind("t", "craps-{n}", ("2", "3", "12")),
    BetKind("v", "eleven"),
    BetKind("j", "hop-{n}", _HOPS),
)
BY_KEY = {k.key: k for k in KINDS}


def number_typed(kind: BetKind, typed: str) -> tuple[str, str | None]:
    """The digits typed so far for ``kind``'s number and the number once they name one: ``0`` is 10 (a
    point's or a hard way's), digits that start no number start again from the last one."""
    if typed == "0" and "10" in kind.numbers:
        return "", "10"
    if kind.key == "j" and len(typed) == 2 and typed[::-1] in kind.numbers:
        return "", typed[::-1]  # a Hop's two cards in either order: 4 3 is Hop 3-4
    if typed in kind.numbers and not any(n != typed and n.startswith(typed) for n in kind.numbers):
        return "", typed
    if any(n.startswith(typed) for n in kind.numbers):
        return typed, None
    last = typed[-1:]
    return (last, None) if any(n.startswith(last) for n in kind.numbers) else ("", None)


def spot_of(kind: BetKind, number: str | None) -> str | None:
    """The layout spot of a new bet (``place-6``, ``hop-3-4``), or None while its number is missing."""
    if not kind.numbers:
        return kind.spot
    if number is None:
        return None
    n = f"{number[0]}-{number[1]}" if kind.key == "j" else number
    return kind.spot.format(n=n)


def odds_spot(spot: str) -> str | None:
    """The odds behind a line or an established Come bet (``come-6`` -> ``come-6-odds``), or None for a bet
    that takes no odds (a Come still in its box has no number yet)."""
    base, _ = split_spot(spot)
    if base in ("pass", "dont-pass"):
        return base + "-odds"
    parts = base.split("-")
    if base.startswith(("come-", "dont-come-")) and parts[-1].isdigit():
        return base + "-odds"
    return None


def toggled(spot: str, working: bool) -> str:
    """The spot with its ON/OFF the other way from how it works now (``place-6`` off -> ``place-6/on``)."""
    base, _ = split_spot(spot)
    return base + (OFF if working else ON)


class CrapsPicker(Picker):
    """Key one seat's Party Craps bets: new bets, odds, ON/OFF, take down."""

    DEFAULT_CSS = """
    CrapsPicker { align: center middle; }
    #craps-picker { width: 80; height: auto; border: thick $accent; background: $surface; padding: 0 1; }
    #craps-buttons { grid-size: 7; grid-gutter: 0 1; height: auto; }
    #craps-buttons Button { width: 100%; min-width: 6; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "seat(-1)", "Seat ←", id="craps.seat-prev"),
        Binding("right", "seat(1)", "Seat →", id="craps.seat-next"),
        Binding("up", "bet(-1)", "Bet ↑", id="craps.bet-prev"),
        Binding("down", "bet(1)", "Bet ↓", id="craps.bet-next"),
        Binding("tab", "seat_field", "Seat number", id="craps.seat-field"),
        *(
            Binding(k.key, f"kind('{k.key}')", spot_words(k.spot.format(n="N")), id=f"craps.{k.key}")
            for k in KINDS
        ),
        Binding("o", "odds", "Odds", id="craps.odds"),
        Binding("w", "on_off", "ON/OFF", id="craps.on-off"),
        Binding("delete", "take_down", "Take down", id="craps.take-down"),
        *(Binding(str(d), f"digit({d})", show=False, id=f"craps.digit-{d}") for d in range(10)),
        Binding("backspace", "take_back", "Take back", id="craps.take-back"),
        Binding("enter", "send", "Send", id="craps.send"),
        Binding("escape", "close", "Close", id="craps.close"),
    ]

    def __init__(self, seats: tuple[int, ...], seat: int | None = None) -> None:
        super().__init__(seats, seat)
        self.kind: BetKind | None = None
        self.number: str | None = None
        self.typed = ""  # digits of the bet's number, or of the seat (after Tab)
        self.seat_typing = False
        self.dollars = ""
        self.chosen = 0  # the seat's bet chosen with ↑ ↓ (its index in the felt's list)
        self.odds_on: str | None = None  # the spot odds are being added behind

    def compose(self) -> ComposeResult:
        with Vertical(id="craps-picker"):
            yield Static(id="craps-title")
            yield Static(id="craps-bets")
            yield Static(id="craps-chosen")
            with Grid(id="craps-buttons"):  # the same inputs by touch or click (the keys stay the picker's)
                buttons = [
                    Button(spot_words(k.spot.format(n="N")), id=f"craps-kind-{k.key}", classes="kind")
                    for k in KINDS
                ]
                buttons += [
                    Button(label, id=f"craps-{bid}")
                    for bid, label in (("odds", "Odds"), ("on-off", "ON/OFF"), ("take-down", "Take down"))
                ]
                for b in buttons:
                    b.can_focus = False  # touch or click them; Enter and the keys stay the picker's
                    yield b
            keys = " ".join(f"{k.key} {spot_words(k.spot.format(n='N'))}" for k in KINDS)
            yield Static(
                f"{keys} · ← → seat · ↑ ↓ a bet: o odds, w ON/OFF, Del take down · digits $ · Enter send · Esc",
                id="craps-keys",
            )

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        bid = event.button.id or ""
        if bid.startswith("craps-kind-"):
            self.action_kind(bid.removeprefix("craps-kind-"))
        elif bid == "craps-odds":
            self.action_odds()
        elif bid == "craps-on-off":
            await self.action_on_off()
        elif bid == "craps-take-down":
            await self.action_take_down()

    # -- what the screen shows --------------------------------------------------------------------

    def felt(self) -> CrapsLayout | None:
        """The felt the dealer screen shows now."""
        view = getattr(self.app, "view", None)
        craps = view.extra.get("craps") if view is not None else None
        return craps if isinstance(craps, CrapsLayout) else None

    def seat_bets(self) -> tuple[CrapsBet, ...]:
        """The chosen seat's bets on the felt."""
        felt = self.felt()
        for s in felt.seats if felt is not None else ():
            if s.seat == self.seat:
                return s.bets
        return ()

    def layout_spot(self, bet: CrapsBet) -> str:
        """The bet's spot as it is on the layout (with the ON/OFF the dealer set)."""
        view = getattr(self.app, "view", None)
        for seat, spot, _ in view.betting if view is not None else ():
            if seat == self.seat and split_spot(spot)[0] == bet.spot:
                return str(spot)
        return bet.spot

    def paint(self) -> None:
        typing = f" (typing seat {self.typed or '_'})" if self.seat_typing else ""
        self.query_one("#craps-title", Static).update(f"Craps picker — seat {self.seat}{typing}")
        bets = self.seat_bets()
        self.chosen = min(self.chosen, max(len(bets) - 1, 0))
        rows = [
            ("▶ " if i == self.chosen else "  ")
            + f"{b.words} {fmt_cents(b.cents)}"
            + ("" if b.working else " (off)")
            for i, b in enumerate(bets)
        ]
        self.query_one("#craps-bets", Static).update("\n".join(rows) or "no bets on this seat")
        said = f"\n{self.said}" if self.said else ""
        self.query_one("#craps-chosen", Static).update(self.keyed_words() + said)

    def keyed_words(self) -> str:
        """What is keyed so far: ``Place _ $_``, ``Place 6 $12``, ``odds behind Come 6 $20``."""
        if self.odds_on is not None:
            return f"odds behind {spot_words(self.odds_on)} ${self.dollars or '_'}"
        if self.kind is None:
            return "a bet's key, or ↑ ↓ to a bet on the seat"
        spot = spot_of(self.kind, self.number)
        if spot is None:
            options = " ".join(self.kind.numbers) if self.kind.key != "j" else "two cards 1-6"
            shown = spot_words(self.kind.spot.format(n=self.typed or "_"))
            return f"{shown}: its number ({options})"
        return f"{spot_words(spot)} ${self.dollars or '_'}"

    def say(self, text: str) -> None:
        """Show what the table said (or what is missing) and keep it as the app's last result."""
        self.app.last_result = text  # type: ignore[attr-defined]
        super().say(text)

    def seat_changed(self) -> None:
        self.chosen, self.odds_on = 0, None

    # -- keys ---------------------------------------------------------------------------------------

    def action_seat_field(self) -> None:
        """Digits name the seat until a seat is named (Tab again: back to the amount)."""
        self.seat_typing, self.typed = not self.seat_typing, ""
        self.paint()

    def action_bet(self, step: int) -> None:
        """Choose the previous or next of the seat's bets."""
        bets = self.seat_bets()
        if bets:
            self.chosen = (self.chosen + step) % len(bets)
        self.seat_typing = False  # the seat is chosen: digits are the amount again
        self.paint()

    def action_kind(self, key: str) -> None:
        """Start a new bet of this kind."""
        self.kind, self.number, self.typed, self.dollars, self.odds_on, self.said = (
            BY_KEY[key],
            None,
            "",
            "",
            None,
            "",
        )
        self.seat_typing = False
        self.paint()

    def action_digit(self, d: int) -> None:
        """A digit of the seat (after Tab), of the bet's number, or of the amount in dollars."""
        if self.seat_typing:
            self.typed = (self.typed + str(d))[-2:]
            if int(self.typed) in self.seats:
                self.seat = int(self.typed)
                self.seat_changed()
        elif self.kind is not None and self.kind.numbers and self.number is None and self.odds_on is None:
            self.typed, self.number = number_typed(self.kind, self.typed + str(d))
        elif len(self.dollars) < 6:
            self.dollars = (self.dollars + str(d)).lstrip("0")
        self.paint()

    def action_take_back(self) -> None:
        """The last digit back (of the amount, else of the number)."""
        if self.dollars:
            self.dollars = self.dollars[:-1]
        elif self.number is not None:
            self.number = None
        else:
            self.typed = self.typed[:-1]
        self.paint()

    def chosen_bet(self) -> CrapsBet | None:
        """The seat's bet chosen with ↑ ↓."""
        bets = self.seat_bets()
        return bets[self.chosen] if 0 <= self.chosen < len(bets) else None

    def action_odds(self) -> None:
        """Odds behind the chosen bet: the amount next, then Enter."""
        bet = self.chosen_bet()
        spot = odds_spot(bet.spot) if bet is not None else None
        if spot is None:
            self.say(
                "choose a Pass, Don't Pass or an established Come / Don't Come bet (↑ ↓) to add odds behind"
            )
            return
        self.kind, self.number, self.dollars, self.said, self.seat_typing = None, None, "", "", False
        self.odds_on = bet.spot if bet is not None else None
        self.paint()

    async def action_on_off(self) -> None:
        """Turn the chosen bet ON or OFF: the layout's spot is keyed again with its ON/OFF."""
        bet = self.chosen_bet()
        if bet is None:
            self.say("no bet on this seat to turn on or off")
            return
        old = self.layout_spot(bet)
        new = toggled(old, bet.working)
        said = await self._set(new, bet.cents) or await self._set(old, 0)  # refused: the bet stays as it was
        self.say(said or f"seat {self.seat} {bet.words} {'OFF' if bet.working else 'ON'}")

    async def action_take_down(self) -> None:
        """Take the chosen bet down (the table rules a contract bet that may not come down)."""
        bet = self.chosen_bet()
        if bet is None:
            self.say("no bet on this seat to take down")
            return
        said = await self._set(self.layout_spot(bet), 0)
        self.say(said or f"seat {self.seat} {bet.words} taken down")

    async def action_send(self) -> None:
        """Place the bet keyed (the amount it is now; a bet already there is set to it)."""
        if self.odds_on is not None:
            spot = odds_spot(self.odds_on)
        elif self.kind is not None:
            spot = spot_of(self.kind, self.number)
        else:
            spot = None
        if spot is None:
            self.say("key a bet first (its key, its number), then the amount")
            return
        if not self.dollars:
            self.say(f"{spot_words(spot)}: key the amount in dollars")
            return
        cents = int(self.dollars) * 100
        said = await self._set(spot, cents)
        self.say(said or f"seat {self.seat} {spot_words(spot)} {fmt_cents(cents)}")
        self.kind, self.number, self.typed, self.dollars, self.odds_on = None, None, "", "", None

    async def _set(self, spot: str, cents: int) -> str | None:
        data = {"seat": self.seat, "spot": spot, "cents": cents}
        return await self.send(ConsoleInput("wager.place", "dealer", "picker", data))
