"""Footer audit (issue 16 item 6): on every demo table, the real console driven with Pilot through the flow's
states; every key the footer (the #keys line) shows is pressed and must act (not be refused), and a key it
does not show must be refused or listed in the complete key list (`?`).

At each step the walk reads the footer as drawn, presses one of its keys (a seeded choice, the bank's keys and
the misdeal less often so rounds reach their settlement), and checks what came of it: a refusal journaled by
the controller (an ``input`` entry with ``refused``) or said by the console ("no alert to clear" …). Every
few steps it also presses a dealer key the footer does not show: that one must be refused, or be in the `?`
list (the keys that act in every state, such as `f`, are listed there, not on the footer). It checks too
that the footer fits its line and that the header keeps the table, the round and the game.

    .venv/bin/python benchmarks/footer_keys.py                     # every demo table, 40 steps, 120x40
    .venv/bin/python benchmarks/footer_keys.py --tables paigow,baccarat --steps 60 --size 80x24

Prints one line per step and a summary; exits 1 if any shown key was refused or an unshown key acted
unlisted. The tables' devices are the demo's emulators; the silence watchdog is on a manual clock nobody
moves (no COMMS_LOST from a loaded machine).
"""

from __future__ import annotations

import argparse
import asyncio
import io
import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rich.console import Console  # noqa: E402

from firmware_bridge.clock import ManualClock  # noqa: E402
from firmware_bridge.link import LinkConfig  # noqa: E402
from terminal.commands.run import DEMO_TABLES, build_app, demo_tables  # noqa: E402
from terminal.config import load_config  # noqa: E402
from terminal.console import render  # noqa: E402
from terminal.progress import progress_bar  # noqa: E402

PINS = {"dealer": "1111", "floor": "2222", "technician": "3333", "maintenance": "4444"}
#: What the console says when it takes a key but it does nothing (never journaled: the console's own).
CONSOLE_REFUSALS = ("no alert to clear", "has no tile picker", "not live in this mode", "unknown action")
#: Keys whose screen is a modal the walk closes again at once.
MODALS = {"w": "escape", "b": "escape", "e": "escape", "g": "escape"}


def plain(renderable: object, width: int = 400) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text().strip()


def footer_keys(line: str) -> list[str]:
    """The keys the footer shows (each is a reversed token; read back from the words around them)."""
    keys: list[str] = []
    for token in line.split("  "):
        token = token.strip()
        if not token:
            continue
        first = token.split()[0]
        if "/" in first and all(len(k) == 1 for k in first.split("/")):
            keys += first.split("/")
        elif len(first) == 1 or first in ("enter",):
            keys.append(first)
    return keys


async def until(pilot, cond, steps: int = 200) -> bool:  # a bound for a broken run, never a timing
    for _ in range(steps):
        if cond():
            return True
        await pilot.pause(0.05)
    return cond()


async def walk(index: int, steps: int, size: tuple[int, int], seed: int) -> list[str]:
    tmp = tempfile.mkdtemp(prefix="footer-audit-")
    os.environ["DEALER_TERMINAL_STATE_DIR"] = tmp
    base = load_config(None, env={"DEALER_TERMINAL_STATE_DIR": tmp}, demo=True)
    tables = demo_tables(base)
    app = build_app(tables[index], tables=tables)
    c = app.controller
    c.link_config = LinkConfig(watchdog=ManualClock().now)
    said: list[str] = []
    say = app._say

    def hear(text: str | None) -> None:
        if text:
            said.append(text)
        say(text)

    app._say = hear  # type: ignore[method-assign]
    name = DEMO_TABLES[index]
    rnd = random.Random(seed)
    problems: list[str] = []
    all_keys = render.all_keys_words(app.key_names())
    listed = {row.split()[0] for row in all_keys.splitlines()}
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: bool(c.drivers) and all(d.state == "ok" for d in c.devices.values()), 400)
        await until(pilot, lambda: app.view is not None)
        for i in range(steps):
            await pilot.pause(0.1)
            if type(app.screen).__name__ != "DealerScreen":
                await pilot.press("escape")
                continue
            screen = app.screen
            line = plain(screen.query_one("#keys").content)
            head = plain(screen.query_one("#header").content)
            width = screen.query_one("#keys").region.width
            if len(line) > width:
                problems.append(f"{name} {i} {app.view.step}: footer {len(line)} > {width}: {line}")
            hw = screen.query_one("#header").region.width
            v = app.view
            for part in (v.table_id, v.game_name, f"#{v.round_no}" if v.round_no else ""):
                if part and part not in head[:hw]:
                    problems.append(f"{name} {i} {v.step}: header at {hw} loses {part!r}: {head}")
            shown = [k for k in footer_keys(line) if k != "?"]
            unshown = i % 4 == 3
            if unshown:
                pool = [k for k in app.key_names().values() if k not in shown]
                key = rnd.choice(pool)
            else:
                weights = [0.15 if k in "oadm" else 1.0 for k in shown]
                key = rnd.choices(shown, weights=weights)[0]
            entries = c.journal.journal.entries(kind="input")
            before = len(list(entries))
            said.clear()
            step_before = c.step().value
            await pilot.press(key)
            await pilot.pause(0.2)
            if type(app.screen).__name__ == "PinScreen":
                await pilot.press(*PINS[app.screen.role.value], "enter")
                await pilot.pause(0.3)
            elif key in MODALS and type(app.screen).__name__ != "DealerScreen":
                await pilot.press(MODALS[key])
                await pilot.pause(0.1)
            new = list(c.journal.journal.entries(kind="input"))[before:]
            refused = [str(e.payload["refused"]) for e in new if e.payload.get("refused")]
            refused += [s for s in said if any(r in s for r in CONSOLE_REFUSALS)]
            verdict = ""
            if unshown and not refused and key not in listed:
                verdict = "ACTED UNSHOWN AND UNLISTED"
            elif not unshown and refused:
                verdict = "SHOWN KEY REFUSED"
            if verdict:
                problems.append(f"{name} {i} {step_before} {key!r}: {verdict}: {refused or said}")
            mark = "unshown" if unshown else "shown"
            outcome = ("refused: " + refused[0]) if refused else (said[-1] if said else "")
            row = f"  {name:24} {i:3} {step_before:12} {mark:7} {key:5} -> {c.step().value:12} {verdict} {outcome}"
            print(row[:220])
    c.close()
    return problems


async def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", default="", help="demo table names, comma-separated (default: all)")
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--size", default="120x40")
    ap.add_argument("--seed", type=int, default=16)
    args = ap.parse_args()
    names = [n for n in args.tables.split(",") if n] or list(DEMO_TABLES)
    w, h = (int(x) for x in args.size.split("x"))
    problems: list[str] = []
    with progress_bar(f"footer audit at {args.size}") as progress:  # on stderr, only on a terminal
        for i, n in enumerate(names):
            found = await walk(DEMO_TABLES.index(n), args.steps, (w, h), args.seed)
            print(f"{n}: {len(found)} problem(s)", flush=True)
            problems += found
            if progress is not None:
                progress(i + 1, len(names))
    print(f"\n{len(problems)} problem(s) on {len(names)} table(s), {args.steps} steps each at {args.size}")
    for p in problems:
        print("  " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
