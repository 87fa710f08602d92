"""The Pan picker: the dealer keys Panguingue's play (docs/dealer-guide.md, "The Pan picker").

Opened with ``g`` on the dealer screen. The seat in turn is chosen with ← →; a card's button (click, or Tab
to it and Enter) picks it, Backspace takes the last back. Then:

- ``s`` — the player draws from the stock: the reading shoe deals him the next card (the table deals no
  stock card until it is asked for: he may take the discard instead);
- ``t`` — the meld uses the discard pile's top card (he takes it to meld it, L315-318), again to undo;
- ``o`` — the cards are added onto his meld number 1, 2 … (again: the next, then a new meld);
- ``m`` — the picked cards are laid as a meld (a ``meld`` event); the conditions it makes are paid at once;
- ``d`` — the one picked card is discarded, ending his turn (a ``discard`` event);
- ``u`` — takes the last play keyed back (a journaled correction); Escape closes.

Whether a meld is one the filing allows, a draw against the discard rule, a play out of turn are the
family's rulings (INVALID_MELD, DRAW_AGAINST_RULE, OUT_OF_ORDER), never the console's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Vertical
from textual.widgets import Button, Static

from kernel.cards import STANDARD_CARDS
from terminal.console.picker import Picker
from terminal.console.view import ConsoleInput
from terminal.table.bet_input import DRAW, MELD, THROW_IN

#: The faces of a Panguingue deck: the 8s, 9s and 10s stripped (seed 001 L283-284).
PAN_FACES: tuple[str, ...] = tuple(str(c) for c in STANDARD_CARDS if int(c.rank) not in (8, 9, 10))


class PanPicker(Picker):
    """Key one play of the seat in turn: a stock draw, a meld, a discard."""

    DEFAULT_CSS = """
    PanPicker { align: center middle; }
    #pan-picker { width: 100; height: auto; border: thick $accent; background: $surface; padding: 0 1; }
    #pan-cards { grid-size: 10; grid-gutter: 0 1; height: auto; }
    #pan-cards Button { width: 100%; min-width: 6; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "seat(-1)", "Seat ←", id="pan.seat-prev"),
        Binding("right", "seat(1)", "Seat →", id="pan.seat-next"),
        Binding("s", "stock", "Draw from the stock", id="pan.stock"),
        Binding("t", "take", "With the discard", id="pan.take"),
        Binding("o", "onto", "Onto a meld", id="pan.onto"),
        Binding("m", "meld", "Meld", id="pan.meld"),
        Binding("d", "discard", "Discard", id="pan.discard"),
        Binding("backspace", "take_back", "Take back", id="pan.take-back"),
        Binding("u", "correct", "Correct the last", id="pan.correct"),
        Binding("escape", "close", "Close", id="pan.close"),
    ]

    def __init__(
        self, seats: Sequence[int], seat: int | None = None, faces: Sequence[str] = PAN_FACES
    ) -> None:
        super().__init__(seats, seat)
        self.faces = tuple(faces)
        self.picked: list[str] = []
        self.take = False
        self.onto: int | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="pan-picker"):
            yield Static(id="pan-title")
            yield Static(id="pan-chosen")
            with Grid(id="pan-cards"):
                for face in self.faces:
                    yield Button(face, id=f"card-{face}", classes="card")
            yield Static(
                "← → seat · a card picks it · Backspace take back · s stock · t with the discard · o onto a meld"
                " · m meld · d discard · u correct the last · Esc close",
                id="pan-keys",
            )

    def on_mount(self) -> None:
        for button in self.query(".card").results(Button):
            button.active_effect_duration = 0  # a set is the same card twice or more: no press animation
        self.paint()

    def paint(self) -> None:
        self.query_one("#pan-title", Static).update(f"Pan picker — seat {self.seat}")
        how = (" with the discard" if self.take else "") + (f" onto meld {self.onto}" if self.onto else "")
        picked = " ".join(self.picked) or "no card picked"
        said = f"\n{self.said}" if self.said else ""
        self.query_one("#pan-chosen", Static).update(f"{picked}{how}{said}")

    def seat_changed(self) -> None:
        self.picked, self.take, self.onto = [], False, None

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A card's button picks it."""
        bid = event.button.id or ""
        if bid.startswith("card-") and len(self.picked) < 11:
            self.picked.append(bid.removeprefix("card-"))
            self.said = ""
            self.paint()

    def action_take_back(self) -> None:
        """Take the last card picked back."""
        if self.picked:
            self.picked.pop()
        self.paint()

    def action_take(self) -> None:
        """The meld uses the discard pile's top card (or no longer)."""
        self.take = not self.take
        self.paint()

    def action_onto(self) -> None:
        """Onto his meld 1, 2 … 6, then a new meld again."""
        self.onto = None if self.onto == 6 else (self.onto or 0) + 1
        self.paint()

    def _data(self, action: str, **more: object) -> ConsoleInput:
        return ConsoleInput("bet", "dealer", "picker", {"seat": self.seat, "action": action, **more})

    async def _play(self, inp: ConsoleInput, done: str) -> None:
        said = await self.send(inp)
        if said is None:
            self.app.last_result = done  # type: ignore[attr-defined]
            self.picked, self.take, self.onto = [], False, None
        self.say(said or done)

    async def action_stock(self) -> None:
        """The player in turn draws from the stock: the shoe deals his card."""
        await self._play(self._data(DRAW, count=1), f"seat {self.seat} draws from the stock")

    async def action_meld(self) -> None:
        """Lay the picked cards as a meld."""
        if not self.picked:
            self.say("pick the cards he lays")
            return
        more: dict[str, object] = {"cards": " ".join(self.picked), "take": self.take}
        if self.onto:
            more["onto"] = self.onto
        await self._play(self._data(MELD, **more), f"seat {self.seat} melds {' '.join(self.picked)}")

    async def action_discard(self) -> None:
        """Discard the one picked card: his turn ends."""
        if len(self.picked) != 1:
            self.say(f"pick the one card he discards, not {len(self.picked)}")
            return
        card = self.picked[0]
        await self._play(self._data(THROW_IN, card=card), f"seat {self.seat} discards {card}")

    async def action_correct(self) -> None:
        """Take the last play keyed back (a journaled correction)."""
        said = await self.send(ConsoleInput("bet", "dealer", "picker", {"correct": True}))
        self.say(said or "the last play is corrected")
