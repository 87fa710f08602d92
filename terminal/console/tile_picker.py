"""The tile picker: the dealer keys Pai Gow Tiles without typing (docs/paigow-tiles.md, "The tile picker").

A panel of the 21 faces of the 32 tiles, each a button with its name (``6-6 Teen``), opened with ``e`` on a
tiles table. Two uses, the same panel:

- **tiles** — a position's four tiles, when its tray could not read them (UNREADABLE_CARD) or read a wrong
  one (after the floor's ruling), or on a table with no trays: ``tiles.place {seat, tiles}``, the same
  event as a tray's read (``source: picker``);
- **set** — a hand as the player set it: the first two tiles picked are the high hand, the next two the
  low: ``tiles.set {seat, high, low}``;
- **dice** — at a table without a dice cup (or with its cup faulted), while the round waits for its dice:
  three rows of 1–6 buttons, one die each: ``tiles.dice {dice}``, the same round event as the cup's roll
  (``source: dealer``). The picker opens in this use whenever the table waits for keyed dice.

Keys: ← → the seat, ``m`` the use, a tile's button (click, or Tab to it and Enter) adds it, Backspace takes
the last back, ``s`` sends it to the table and closes the picker, Escape closes it. The table checks what is
sent (a face beyond what the set holds is the room's DUPLICATE_CARD ruling); what it says is shown.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Vertical
from textual.widgets import Button, Static

from rules.paigowtiles.tiles import KINDS
from terminal.console.picker import Picker
from terminal.console.view import ConsoleInput

#: The faces of the set, by rank (the Supreme pair's two tiles last): (face text, the kind's name).
FACES: tuple[tuple[str, str], ...] = tuple(
    dict.fromkeys((f"{f[0]}-{f[1]}", k.name) for k in KINDS for f in k.faces)
)


class TilePicker(Picker):
    """Pick a position's four tiles, or a player's setting, and send it to the table."""

    DEFAULT_CSS = """
    TilePicker { align: center middle; }
    #tile-picker { width: 96; height: auto; border: thick $accent; background: $surface; padding: 0 1; }
    #picker-tiles { grid-size: 7; grid-gutter: 0 1; height: auto; }
    #picker-tiles Button { width: 100%; min-width: 12; }
    #picker-dice { grid-size: 6; grid-gutter: 0 1; height: auto; }
    #picker-dice Button { width: 100%; min-width: 8; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "seat(-1)", "Seat ←", id="tiles.seat-prev"),
        Binding("right", "seat(1)", "Seat →", id="tiles.seat-next"),
        Binding("m", "mode", "Tiles / set", id="tiles.mode"),
        Binding("backspace", "take_back", "Take back", id="tiles.take-back"),
        Binding("s", "send", "Send", id="tiles.send"),
        Binding("escape", "close", "Close", id="tiles.close"),
    ]

    def __init__(self, seats: int, seat: int, mode: str = "tiles") -> None:
        super().__init__(range(1, seats + 1), seat)
        self.mode = mode
        self.chosen: list[str] = []
        self.dice: list[int | None] = [None, None, None]

    def compose(self) -> ComposeResult:
        with Vertical(id="tile-picker"):
            yield Static(id="picker-title")
            yield Static(id="picker-chosen")
            with Grid(id="picker-tiles"):
                for face, name in FACES:
                    yield Button(f"{face} {name}", id=f"tile-{face}", classes="tile")
            with Grid(id="picker-dice"):
                for row in range(3):
                    for value in range(1, 7):
                        yield Button(f"die {row + 1}: {value}", id=f"die-{row}-{value}", classes="die")
            yield Static(
                "← → seat · m tiles/set · Backspace take back · s send · Esc close", id="picker-keys"
            )

    def on_mount(self) -> None:
        # A pair is the same button twice: Textual ignores a click during a button's press animation, so the
        # tiles' buttons have none (two quick clicks on 3-1 are two 3-1s).
        for button in self.query(".tile,.die").results(Button):
            button.active_effect_duration = 0
        self.paint()

    def paint(self) -> None:
        self.query_one("#picker-tiles").display = self.mode != "dice"
        self.query_one("#picker-dice").display = self.mode == "dice"
        if self.mode == "dice":
            self.query_one("#picker-title", Static).update(
                "Tile picker — the three dice (no dice cup reads them)"
            )
            shown = " ".join(str(d) if d is not None else "·" for d in self.dice)
            self.query_one("#picker-chosen", Static).update(shown + (f"\n{self.said}" if self.said else ""))
            return
        use = "the position's four tiles" if self.mode == "tiles" else "the setting: high two, then low two"
        self.query_one("#picker-title", Static).update(f"Tile picker — seat {self.seat} — {use}")
        chosen = " ".join(self.chosen) or "no tile yet"
        if self.mode == "set" and len(self.chosen) > 2:
            chosen = f"high {' '.join(self.chosen[:2])} · low {' '.join(self.chosen[2:])}"
        self.query_one("#picker-chosen", Static).update(chosen + (f"\n{self.said}" if self.said else ""))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A tile's button adds its face (four at most)."""
        bid = event.button.id or ""
        if bid.startswith("die-"):  # a die's row and value: the row's die is that value
            _, row, value = bid.split("-")
            self.dice[int(row)] = int(value)
            self.said = ""
            self.paint()
        elif bid.startswith("tile-") and len(self.chosen) < 4:
            self.chosen.append(bid.removeprefix("tile-"))
            self.said = ""
            self.paint()

    def action_mode(self) -> None:
        """Switch between a position's tiles and a player's setting (the dice use stays as it is)."""
        if self.mode == "dice":
            return
        self.mode = "set" if self.mode == "tiles" else "tiles"
        self.paint()

    def action_take_back(self) -> None:
        """Take the last tile (or die) picked back."""
        if self.mode == "dice":
            keyed = [i for i, d in enumerate(self.dice) if d is not None]
            if keyed:
                self.dice[keyed[-1]] = None
        elif self.chosen:
            self.chosen.pop()
        self.paint()

    def request(self) -> ConsoleInput | str:
        """The console input for what is picked, or why it is not ready."""
        if self.mode == "dice":
            if None in self.dice:
                return f"pick a value for each of the three dice ({sum(d is None for d in self.dice)} to go)"
            return ConsoleInput("tiles.dice", "dealer", "picker", {"dice": list(self.dice)})
        if len(self.chosen) != 4:
            return f"pick four tiles, not {len(self.chosen)}"
        if self.mode == "tiles":
            data: dict[str, Any] = {"seat": self.seat, "tiles": " ".join(self.chosen)}
            return ConsoleInput("tiles.place", "dealer", "picker", data)
        high, low = " ".join(self.chosen[:2]), " ".join(self.chosen[2:])
        return ConsoleInput("tiles.set", "dealer", "picker", {"seat": self.seat, "high": high, "low": low})

    async def action_send(self) -> None:
        """Send the tiles to the table and close; the table's answer (a refusal, a ruling) is shown."""
        req = self.request()
        if isinstance(req, str):
            self.said = req
            self.paint()
            return
        said = await self.send(req)
        if said:
            self.app.notify(said, timeout=6)
        self.dismiss(None)
