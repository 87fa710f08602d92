"""The bet picker: the dealer keys a pot game's betting decisions (docs/dealer-guide.md, "The bet picker").

Opened with ``b`` on the dealer screen, like the tile picker (``e``): pick the seat (← →, or Tab to the seat
field and type its number; Tab again: the box a bet is on, Two Card Peek's Peek Bonus row 1-3), the action (``x`` check, ``l`` call, ``b`` bet, ``r`` raise, ``k`` fold; a draw
game's ``d`` draw and ``p`` stand pat), the amount in dollars for a bet or a raise (digits; a raise is what
the seat's bet makes, as the betting round counts it), then Enter sends it. At a draw the digits are the
positions of the cards the player throws in (1 for his first card as the picker shows them, again to take it
back): Enter sends each card thrown in and then the draw of that many, whose replacements the shuffler deals. Backspace takes the last digit back; Escape closes. The picker stays open
for the next decision; what the table says (a raise over the pot is BET_AGAINST_RULE) is shown under it.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from terminal.console.picker import Picker
from terminal.console.view import ConsoleInput
from terminal.table.bet_input import DRAW, THROW_IN, WITH_AMOUNT, WITH_COUNT

#: The action keys: key, action, label.
ACTION_KEYS: tuple[tuple[str, str, str], ...] = (
    ("x", "check", "Check"),
    ("l", "call", "Call"),
    ("b", "bet", "Bet"),
    ("r", "raise", "Raise"),
    ("k", "fold", "Fold"),
    ("d", DRAW, "Draw"),
    ("p", "stand_pat", "Stand pat"),
)


class BetPicker(Picker):
    """Key one player's betting decision at a time and send it to the table."""

    DEFAULT_CSS = """
    BetPicker { align: center middle; }
    #bet-picker { width: 80; height: auto; border: thick $accent; background: $surface; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "seat(-1)", "Seat ←", id="bets.seat-prev"),
        Binding("right", "seat(1)", "Seat →", id="bets.seat-next"),
        Binding("tab", "field", "Seat / box / amount", id="bets.field"),
        *(Binding(k, f"act('{a}')", label, id=f"bets.{a}") for k, a, label in ACTION_KEYS),
        *(Binding(str(d), f"digit({d})", show=False, id=f"bets.digit-{d}") for d in range(10)),
        Binding("backspace", "take_back", "Take back", id="bets.take-back"),
        Binding("u", "correct", "Correct the last", id="bets.correct"),
        Binding("enter", "send", "Send", id="bets.send"),
        Binding("escape", "close", "Close", id="bets.close"),
    ]

    def __init__(self, seats: tuple[int, ...], seat: int | None = None) -> None:
        super().__init__(seats, seat)
        self.field = "amount"
        self.typed = ""
        self.action = "call"
        self.dollars = ""
        self.thrown: list[int] = []  # at a draw: the positions (0-based) of the cards thrown in
        self.box: int | None = None  # the box a bet is on (Tab twice: Two Card Peek's Peek Bonus row)

    def compose(self) -> ComposeResult:
        with Vertical(id="bet-picker"):
            yield Static(id="bet-title")
            yield Static(id="bet-chosen")
            keys = " · ".join(f"{k} {label.lower()}" for k, _, label in ACTION_KEYS)
            yield Static(
                f"← → seat · Tab seat/box/amount · {keys} · digits $ · Enter send · u correct the last · Esc close",
                id="bet-keys",
            )

    def paint(self) -> None:
        typing = f" (typing seat {self.typed or '_'})" if self.field == "seat" else ""
        self.query_one("#bet-title", Static).update(f"Bet picker — seat {self.seat}{typing}")
        amount = f" ${self.dollars or '_'}" if self.action in WITH_AMOUNT else ""
        if self.action in WITH_AMOUNT and (self.box or self.field == "box"):
            amount += f" on box {self.box or '_'}"
        if self.action in WITH_COUNT:
            cards = self._cards()
            shown = " ".join(
                f"[{i + 1} {c}]" if i in self.thrown else f"{i + 1} {c}" for i, c in enumerate(cards)
            )
            amount = f" {len(self.thrown)}: {shown or 'no cards shown'} (digits: the cards he throws in)"
        said = f"\n{self.said}" if self.said else ""
        self.query_one("#bet-chosen", Static).update(f"seat {self.seat} {self.action}{amount}{said}")

    def _cards(self) -> tuple[str, ...]:
        """The chosen seat's cards as the dealer screen shows them."""
        view = getattr(self.app, "view", None)
        for sv in view.seats if view is not None else ():
            if sv.seat == self.seat:
                return tuple(c for h in sv.hands for c in h.cards)
        return ()

    def seat_changed(self) -> None:
        """Another seat: no card of his is thrown in yet."""
        self.thrown = []

    def action_field(self) -> None:
        """Digits go to the seat number, then to the box a bet is on (Two Card Peek's Peek Bonus: its row,
        1 A, 2 B, 3 C), then (again) to the amount."""
        self.field = {"amount": "seat", "seat": "box"}.get(self.field, "amount")
        self.typed = ""
        self.paint()

    def action_act(self, action: str) -> None:
        """Choose the action."""
        self.action = action
        self.field, self.typed = "amount", ""  # the seat is chosen: digits are the amount again
        if action not in WITH_AMOUNT | WITH_COUNT:
            self.dollars = ""
        self.said = ""
        self.paint()

    def action_digit(self, d: int) -> None:
        """A digit of the seat (seat field) or of the amount in dollars."""
        if self.field == "box":
            self.box = d or None
        elif self.field == "seat":
            self.typed = (self.typed + str(d))[-2:]
            if int(self.typed) in self.seats:
                self.seat, self.thrown = int(self.typed), []
        elif self.action in WITH_COUNT:
            if 1 <= d <= len(self._cards()):  # the card at that position is thrown in (again: kept)
                i = d - 1
                self.thrown = [t for t in self.thrown if t != i] if i in self.thrown else [*self.thrown, i]
        elif len(self.dollars) < 7:
            self.dollars = (self.dollars + str(d)).lstrip("0")
        self.paint()

    def action_take_back(self) -> None:
        """Take the last digit of the amount back."""
        self.dollars = self.dollars[:-1]
        self.paint()

    def request(self) -> ConsoleInput:
        """The console input for the decision keyed."""
        data: dict[str, object] = {"seat": self.seat, "action": self.action}
        if self.action in WITH_AMOUNT:
            data["amount"] = int(self.dollars or 0) * 100
            if self.box:
                data["count"] = self.box
        elif self.action in WITH_COUNT:
            data["count"] = len(self.thrown)
        return ConsoleInput("bet", "dealer", "picker", data)

    def throw_ins(self) -> list[ConsoleInput]:
        """At a draw: one console input per card thrown in, sent before the draw."""
        if self.action not in WITH_COUNT:
            return []
        return [
            ConsoleInput(
                "bet", "dealer", "picker", {"seat": self.seat, "action": THROW_IN, "position": i + 1}
            )
            for i in self.thrown
        ]

    async def action_correct(self) -> None:
        """Take the round's last betting decision back (a journaled correction)."""
        said = await self.send(ConsoleInput("bet", "dealer", "picker", {"correct": True}))
        self.said = said or "the last betting decision is corrected"
        self.app.last_result = self.said  # type: ignore[attr-defined]
        self.paint()

    async def action_send(self) -> None:
        """Send the decision (at a draw: each card thrown in, then the draw); the picker stays open for the
        next one and shows what the table said (the first refusal stops the rest)."""
        if self.action in WITH_COUNT and not self.thrown:
            self.said = "pick the cards he throws in by their positions (p: he stands pat)"
            self.paint()
            return
        said: str | None = None
        for inp in self.throw_ins():
            said = await self.send(inp)
            if said:
                break
        else:
            said = await self.send(self.request())
        self.said = said or f"seat {self.seat} {self.action}"
        self.app.last_result = self.said  # type: ignore[attr-defined]
        self.dollars, self.thrown, self.box = "", [], None
        self.field, self.typed = "amount", ""
        self.paint()
