"""Regenerate the dealer screen's screenshots in docs/screens (SVG, Textual's own export).

    .venv/bin/python tools/dealer_screens.py            # write docs/screens/dealer-<state>.svg
    .venv/bin/python tools/dealer_screens.py --list     # the states and their files, nothing written

Each screenshot is the real dealer console (``terminal.console.app.DealerConsole``) showing the view a
real :class:`terminal.controller.TableController` computes — on a journal of its own, with no devices — at
one of the table's states (``terminal/table/machine.py``): the demo tour's four moments (waiting, dealing,
the exposed-card alert, settlement) and, driven here with a fixed deck, the shuffle, the dice, the players'
decisions, the hands to set and a STOP. Nothing is drawn by hand: a change to the screen or the flow shows
up in the next run. The guides (docs/dealer-guide.md, docs/technician-guide.md) embed the files.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.cards import ALL_CARDS  # noqa: E402
from rules.round.alerts import AlertCode  # noqa: E402
from rules.round.events import CardRead, DeviceFault  # noqa: E402
from rules.round.procedure import Face, Slot  # noqa: E402
from terminal.config import check_config  # noqa: E402
from terminal.console.view import ConsoleInput, TableView  # noqa: E402
from terminal.controller import TableController  # noqa: E402
from terminal.journal import Journal  # noqa: E402
from terminal.table.machine import Step  # noqa: E402

OUT = ROOT / "docs" / "screens"
SIZE = (120, 36)

#: The states driven here: (file stem, game, the state to stop at, what happens there).
DRIVEN: tuple[tuple[str, str, Step, str], ...] = (
    ("shuffle", "paigow/capitol", Step.SHUFFLE, ""),
    ("dice", "paigow/capitol", Step.DICE, ""),
    ("setting", "paigow/capitol", Step.SETTING, ""),
    ("decisions", "threecard/capitol", Step.DECISIONS, ""),
    ("stopped", "threecard/capitol", Step.DEALING, "jam"),
)


class Fixed:
    """A console backend that shows one view and takes nothing."""

    def __init__(self, view: TableView) -> None:
        self.view = view

    def attach(self, publish: Callable[[TableView], None]) -> None:
        publish(self.view)

    async def submit(self, inp: ConsoleInput) -> str | None:
        return None


def _controller(tmp: Path, game: str, name: str) -> TableController:
    f = tmp / f"{name}.yaml"
    f.write_text(
        f"table: {{id: demo-1, game: {game}, seats: 7, limits: {{min_cents: 500, max_cents: 100000}}}}\n"
        f"journal: {{path: {tmp / (f.stem + '.sqlite3')}}}\n"
    )
    cfg, problems = check_config([f], env={})
    if cfg is None or problems:
        raise SystemExit(f"{f}: {problems}")
    return TableController(cfg, Journal(cfg.journal.path))


async def driven_view(tmp: Path, stem: str, game: str, target: Step, then: str) -> TableView:
    """The controller's view once a fresh table reaches ``target`` (following the prompt, a fixed deck)."""
    from rules.round.events import DiceResult

    c = _controller(tmp, game, stem)
    try:
        await c.start()
        await c.demo_fill()
        deck = list(ALL_CARDS[: c.state.game.deck.size])
        random.Random(16).shuffle(deck)
        for _ in range(200):
            step = c.step()
            if step is target:
                break
            if step in (Step.SHUFFLE, Step.BETTING, Step.SETTLEMENT):
                await c.submit(ConsoleInput("new-round"))
            elif step is Step.DICE:
                await c.apply_event(DiceResult((2, 3, 6), source="dice"))
            elif step is Step.DECISIONS:
                await c.submit(ConsoleInput("play"))
            elif step is Step.SETTING:
                await c.submit(ConsoleInput("house-way"))
            elif isinstance(c.state.expected, Slot):
                slot = c.state.expected
                await c.apply_event(CardRead(deck.pop(), face_up=slot.face is Face.UP, source="shoe"))
            else:
                await c.submit(ConsoleInput("confirm"))
        else:
            raise SystemExit(f"{game}: the table never reached {target.value} (at {c.step().value})")
        if then == "jam":  # two cards out, then the shuffler jams: a STOP the technician clears
            for _ in range(2):
                slot = c.state.expected
                assert isinstance(slot, Slot)
                await c.apply_event(CardRead(deck.pop(), face_up=slot.face is Face.UP, source="shuffler"))
            await c.apply_event(DeviceFault("shuffler", AlertCode.SHUFFLER_JAM, detail="ShufflerJam"))
            assert c.step() is Step.STOPPED
        return c.view()
    finally:
        c.close()


async def craps_views(tmp: Path) -> dict[str, TableView]:
    """Party Craps' felt on the example table (config/tables/partycraps.yaml, without its shuffler): the come-out
    layout (the demo's, a Place 6 turned ON and a Place 8 left OFF, a Hard 8 and a Hop), and the same after a
    flip of 4 and 2: the point of 6 is set, the Place 6 and the Hop win, the Fields lose, the rest stands."""
    from rules.cards import parse_card
    from terminal.config import load_config

    cfg = load_config(ROOT / "config" / "tables" / "partycraps.yaml", demo=False)
    cfg = cfg.model_copy(
        update={
            "devices": {},
            "journal": cfg.journal.model_copy(update={"path": str(tmp / "craps.sqlite3")}),
        },
        deep=True,
    )
    c = TableController(cfg, Journal(cfg.journal.path))
    try:
        await c.start()
        await c.demo_fill()
        for seat, spot, cents in (
            (3, "place-6/on", 1200),
            (6, "place-8", 1200),
            (7, "hard-8", 500),
            (9, "hop-2-4", 500),
        ):
            said = await c.submit(
                ConsoleInput("wager.place", "dealer", "key", {"seat": seat, "spot": spot, "cents": cents})
            )
            if said:
                raise SystemExit(f"partycraps: {spot}: {said}")
        out = {"partycraps-betting": c.view()}
        cards = ["4c", "2c"]
        for _ in range(20):
            if c.state.start is not None and c.settled is not None:
                break
            if c.step() in (Step.SHUFFLE, Step.BETTING):
                await c.submit(ConsoleInput("new-round"))
            elif c.state.start is not None and cards:
                await c.apply_event(CardRead(parse_card(cards.pop(0)), face_up=True, source="shuffler"))
        return {**out, "partycraps": c.view()}
    finally:
        c.close()


async def views() -> dict[str, TableView]:
    """Every screenshot's view, by file stem."""
    from terminal.console.demo import tour_views

    out = dict(await tour_views())
    with tempfile.TemporaryDirectory() as tmp:
        for stem, game, target, then in DRIVEN:
            out[stem] = await driven_view(Path(tmp), stem, game, target, then)
        out.update(await craps_views(Path(tmp)))
    return out


async def svg_of(view: TableView) -> str:
    """The dealer console showing ``view``, exported as SVG."""
    from terminal.console.app import DealerConsole
    from terminal.roles import Access

    app = DealerConsole(Fixed(view), Access({}))  # type: ignore[arg-type]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        return app.export_screenshot(title=f"dealer terminal — {view.phase}")


async def main(argv: list[str] | None = None) -> int:
    """Write docs/screens/dealer-<state>.svg for every state (``--list``: only name them)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--list", action="store_true", help="name the states and files; write nothing")
    ap.add_argument("--out", type=Path, default=OUT, help="the directory (default docs/screens)")
    args = ap.parse_args(argv)
    got = await views()
    for stem, view in got.items():
        path = args.out / f"dealer-{stem}.svg"
        if args.list:
            print(
                f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {view.step or view.phase}"
            )
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(await svg_of(view))
        print(f"wrote {path} ({view.step or view.phase})")
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
