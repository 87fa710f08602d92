"""The demo tour (``dealer-terminal run --demo``): one recorded round, replayed on the real controller.

The round is ``config/demo/tour.yaml``, a scenario (``docs/scenarios.md``) of Capitol Pai Gow: the
shuffle, the layout, the piles with a card exposed and replaced from the leftovers (rule 33), the dice,
every hand set the House Way, the settlement. :class:`DemoBackend` feeds it to a real
:class:`terminal.controller.TableController` one step at a time (``c``; ``h`` at the setting step), on
a journal of its own, so everything the screen shows — the phase, hidden and turned cards, the alert,
the settlement — is what the controller computes from those cards. ``dealer-terminal replay --check
config/demo/tour.yaml`` verifies the same round headlessly. Every other key goes to the controller as on a
real table (``x`` clears the alert with the PIN of the role it names, ``m`` declares a misdeal …).

:func:`tour_views` gives the dealer screen at the tour's main moments (the snapshot tests use them).
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

from rules.round.events import Event, HandSet, RoundStart
from terminal.config import TerminalConfig, load_config
from terminal.console.view import ConsoleInput, TableView
from terminal.journal import Journal
from terminal.paths import config_dir
from terminal.scenario import load_scenario
from terminal.table.state import LayoutFilled

TOUR = config_dir() / "demo" / "tour.yaml"


def tour_steps(path: Path = TOUR) -> list[list[Event]]:
    """The tour's events in the steps ``c`` takes: one line of the file each (a pile's cards together),
    every hand set in one step."""
    sc = load_scenario(path)
    steps: list[list[Event]] = []
    last_line = None
    for event, line in zip(sc.events, sc.lines, strict=True):
        same_sets = isinstance(event, HandSet) and steps and isinstance(steps[-1][-1], HandSet)
        if steps and (line == last_line or same_sets):
            steps[-1].append(event)
        else:
            steps.append([event])
        last_line = line
    return steps


def tour_config(journal: Path) -> TerminalConfig:
    """The demo table (Capitol Pai Gow, seven seats) without devices, journaling to ``journal``."""
    cfg = load_config(config_dir() / "tables" / "paigow.yaml", demo=False)
    return cfg.model_copy(
        update={"devices": {}, "journal": cfg.journal.model_copy(update={"path": str(journal)})}, deep=True
    )


class DemoBackend:
    """The console's backend for the tour: a real controller, fed the recorded round step by step."""

    def __init__(self, journal: Path | None = None) -> None:
        from terminal.controller import TableController

        path = journal or Path(tempfile.mkdtemp(prefix="dealer-terminal-demo-")) / "tour.sqlite3"
        self.config = tour_config(path)
        self.controller = TableController(self.config, Journal(path))
        self.steps = tour_steps()
        self.done = 0
        self._publish: Callable[[TableView], None] = lambda v: None

    @property
    def view(self) -> TableView:
        """What the screen shows now."""
        return self.controller.view()

    def attach(self, publish: Callable[[TableView], None]) -> None:
        """Show views through ``publish``; the current one at once."""
        self._publish = publish
        self.controller.attach(publish)

    async def start(self) -> None:
        """Journal the configuration and put the tour's layout on the table (seat wagers and the bank)."""
        c = self.controller
        await c.start()
        start = next(e for step in self.steps for e in step if isinstance(e, RoundStart))
        wagers = tuple(sorted((w.seat, w.spot, w.cents) for w in start.wagers))
        layout = LayoutFilled(wagers, start.player_dealer, start.bank)
        await c.record(layout, {"input": ConsoleInput("wager.fill", "dealer", "demo").to_json()})

    def next_words(self) -> str:
        """What the next ``c`` does."""
        if self.done >= len(self.steps):
            return "the recorded round is over"
        step = self.steps[self.done]
        return f"next recorded step: {step[0].type}" + (f" and {len(step) - 1} more" if len(step) > 1 else "")

    async def submit(self, inp: ConsoleInput) -> str | None:
        """``c`` (and ``h`` at the setting step) play the next recorded step; the rest is the controller's."""
        c = self.controller
        recorded = inp.action == "confirm" or (
            inp.action == "house-way"
            and self.done < len(self.steps)
            and isinstance(self.steps[self.done][0], HandSet)
        )
        if recorded and self.done < len(self.steps):
            if c.step().value == "stopped":
                return await c.submit(inp)  # a STOP holds the tour too: the controller says why
            await c.journal.append("input", inp.to_json())
            before = len(c.state.notes)
            for event in self.steps[self.done]:
                await c.apply_event(event)
            self.done += 1
            notes = c.state.notes[before:]
            return notes[-1] if notes else None
        if recorded:
            return "the recorded round is over: the settlement on screen is computed from the cards shown"
        if inp.action == "new-round":  # the tour has no devices: a new round would wait for cards for ever
            why = "the tour deals one recorded round: c steps through it (make run deals on emulated devices)"
            await c.journal.append("input", {**inp.to_json(), "refused": why})
            return why
        return await c.submit(inp)


async def tour_views() -> dict[str, TableView]:
    """The dealer screen at the tour's main moments: waiting (the layout), dealing (three piles out), the
    exposed-card alert, and the settlement. Each is the controller's view after that many steps."""
    out: dict[str, TableView] = {}
    with tempfile.TemporaryDirectory() as tmp:
        demo = DemoBackend(Path(tmp) / "tour.sqlite3")
        await demo.start()
        out["waiting"] = demo.view
        marks = {"dealing": None, "alert": None}
        while demo.done < len(demo.steps):
            await demo.submit(ConsoleInput("confirm", "dealer", "key"))
            v = demo.view
            if marks["dealing"] is None and len(v.piles) >= 3:
                out["dealing"] = v
                marks["dealing"] = demo.done
            if marks["alert"] is None and v.active_alert is not None:
                out["alert"] = v
                marks["alert"] = demo.done
        out["settlement"] = demo.view
        demo.controller.close()
    return out
