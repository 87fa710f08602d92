"""The console's pickers' shared shape (the tile picker ``e``, the bet picker ``b``, the Pan picker ``g``).

A picker is a modal over the dealer screen that keys one seat's input at a time without typing it: ← → move
through the seats in play, what is picked is shown under the title, a send key submits a
:class:`~terminal.console.view.ConsoleInput` to the table (the backend), and what the table says (a refusal,
a ruling) is shown in the picker and kept as the app's last result. Escape closes it, sending nothing.
Subclasses compose their own panel and paint it (:meth:`Picker.paint`).
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.screen import ModalScreen

from terminal.console.view import ConsoleInput


class Picker(ModalScreen[None]):
    """One seat's input at a time: the seats in play, what the table said, the send and close."""

    def __init__(self, seats: Sequence[int], seat: int | None = None) -> None:
        super().__init__()
        self.seats = tuple(seats) or (1,)
        self.seat = seat if seat in self.seats else self.seats[0]
        self.said = ""

    def on_mount(self) -> None:
        self.paint()

    def paint(self) -> None:
        """Show the seat, what is picked and what the table said (each picker's own panel)."""
        raise NotImplementedError

    def seat_changed(self) -> None:
        """What a move to another seat resets (nothing by default)."""

    def action_seat(self, step: int) -> None:
        """The next or previous seat in play."""
        i = self.seats.index(self.seat) if self.seat in self.seats else 0
        self.seat = self.seats[(i + step) % len(self.seats)]
        self.seat_changed()
        self.paint()

    def say(self, text: str) -> None:
        """Show a sentence in the picker (what is missing, what the table said)."""
        self.said = text
        self.paint()

    async def send(self, inp: ConsoleInput) -> str | None:
        """Submit one input to the table; what it said (None: taken) is kept as the app's last result."""
        said: str | None = await self.app.backend.submit(inp)  # type: ignore[attr-defined]
        if said:
            self.app.last_result = said  # type: ignore[attr-defined]
        return said

    def action_close(self) -> None:
        """Close the picker, sending nothing."""
        self.dismiss(None)
