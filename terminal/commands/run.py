"""``dealer-terminal run [--config F] [--set K=V] [--demo]``: the terminal.

With a configuration (``--config F``, ``$DEALER_TERMINAL_CONFIG`` or ``/etc/dealer-terminal/config.yaml``,
layered as ``terminal.config`` describes) it opens the table's journal (verified; a broken chain refuses
to start), replays it, connects the devices and shows the console. With none, the built-in demo table
(``config/tables/paigow.yaml``: Capitol Pai Gow on emulated devices). ``--demo`` plays the recorded tour
instead (``config/demo/tour.yaml``, no devices, a journal in a temporary directory): a real Capitol Pai
Gow round replayed on the real controller one step per ``c`` — the layout, the piles with an exposed card
replaced from the leftovers, the dice, the House Way, the settlement computed from those cards.

The console needs a terminal. When standard input or output is not a TTY (``make run`` in CI, a pipe)
it prints the table it would run and exits 0 rather than waiting forever.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import sys
from collections.abc import Iterator, Sequence
from typing import Any, overload

from terminal.config import TerminalConfig, load_config
from terminal.games import get_game, load_games


def register(sub: Any) -> None:
    p = sub.add_parser("run", help="run the terminal (no config: the built-in demo table)")
    p.add_argument("--config", metavar="F", help="table configuration file")
    p.add_argument(
        "--set", action="append", default=[], metavar="KEY=VALUE", help="override a configuration key"
    )
    p.add_argument(
        "--demo",
        action="store_true",
        help="the recorded tour: one real round replayed step by step (no devices)",
    )
    p.add_argument(
        "--headless",
        action="store_true",
        help="the controller without the console (a table with no screen); systemd readiness and watchdog",
    )
    p.set_defaults(handler=run)


def describe(cfg: TerminalConfig) -> list[str]:
    """The table in a few lines (what ``run`` prints without a terminal)."""
    game = get_game(cfg.table.game)
    lines = [
        f"table {cfg.table.id}: {game.name} — {game.room} ({game.id}), {cfg.table.seats} seats",
        f"  source: {game.source_text}",
        f"  limits: {cfg.table.limits.min_cents / 100:.2f} to {cfg.table.limits.max_cents / 100:.2f}"
        + (f"; fee schedule {cfg.table.fee_schedule}" if cfg.table.fee_schedule else "; no fee schedule"),
        f"  journal: {cfg.journal.resolved_path()}",
    ]
    for name, d in sorted(cfg.devices.items()):
        lines.append(f"  device {name}: {d.kind} at {d.url}")
    lines.append(f"  roles with a PIN: {', '.join(sorted(r.value for r in cfg.roles)) or 'none'}")
    lines.append(f"{len(load_games())} games in the catalogue (dealer-terminal games)")
    return lines


def run(args: argparse.Namespace) -> int:
    """``run``: the console on the configured table (or the demo's tables), or headless."""
    cfg = load_config(args.config, sets=args.set, demo=True)
    if args.headless:
        return asyncio.run(run_headless(cfg))
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print(
            "dealer-terminal: the console needs a terminal (stdin/stdout is not a TTY); the table it would run:"
        )
        for line in describe(cfg):
            print(line)
        return 0
    # the other demo tables are loaded and checked when `t` first reaches each, not before the first frame
    tables = DemoTables(cfg, sets=args.set) if builtin_demo(args.config) else None
    if tables is not None:
        # The built-in demo deals a new deck each run (the emulators' seeds are fresh, and logged);
        # DEALER_TERMINAL_EMULATOR_SEED=<n> replays one.
        os.environ.setdefault("DEALER_TERMINAL_EMULATOR_SEED", "fresh")  # firmware_bridge.emulators.base
    app = build_app(cfg, demo=args.demo, tables=tables)
    if not args.demo and hasattr(app, "controller"):
        app.controller.draw_pace = 0.35  # the emulated shoe deals at a pace a newcomer can follow
    app.handle_signals = True  # SIGTERM: a journaled stop that gives the terminal back (docs/security.md)
    try:
        with drawing_on_the_tty(app):
            app.run()
    finally:
        controller = getattr(app, "controller", None)
        if controller is not None:
            controller.close()
    # 0 after SIGTERM or SIGHUP (systemd restarts it unless systemctl stopped it); MAINTENANCE_STOP_EXIT
    # after a stop with the maintenance PIN (not restarted); 1 after an internal failure.
    return int(app.return_code or 0)


@contextlib.contextmanager
def drawing_on_the_tty(app: Any) -> Iterator[None]:
    """Textual draws on file descriptor 2 (``sys.__stderr__``). Under systemd, stdin and stdout are the
    table's tty and stderr is the system journal (systemd/dealer-terminal.service): while the console
    runs, fd 2 is the tty, and the app's error output (a traceback, if it dies) goes to the journal."""
    if os.isatty(2) or not os.isatty(1):
        yield
        return
    from rich.console import Console

    saved = os.dup(2)
    log = os.fdopen(os.dup(saved), "w", buffering=1)
    app.error_console = Console(file=log, markup=False, highlight=False, width=120)
    os.dup2(1, 2)
    try:
        yield
    finally:
        with contextlib.suppress(Exception):
            sys.stderr.flush()
        os.dup2(saved, 2)
        os.close(saved)
        log.close()


def table_access(cfg: TerminalConfig, journal: Any = None) -> Any:
    """The table's PIN gate (``terminal.roles.Access``) over ``journal``, which it rebuilds the count of
    wrong PINs and a running lockout from."""
    from terminal.roles import Access

    return Access(
        cfg.pins(),
        journal=journal,
        max_failures=cfg.security.max_failures,
        lockout_seconds=cfg.security.lockout_seconds,
    )


#: The demo's games, in the order ``t`` cycles through them (config/tables/<name>.yaml).
DEMO_TABLES: tuple[str, ...] = ("paigow", "baccarat", "threecard", "twocardpeek", "ultimatewar", "chinese")
# Pai Gow Tiles: the dice cup and the tile trays, a table per room (Capitol, Oaks, Tres Lounge, Marysville)
DEMO_TABLES += (
    "paigowtiles",
    "paigowtiles-oaks",
    "paigowtiles-tres-lounge",
    "paigowtiles-marysville",
)  # issue 18
DEMO_TABLES += ("chinese-101", "pineapple")  # The 101's Chinese Poker, Parkwest's Pineapple (issue 20)
DEMO_TABLES += ("omaha-pl", "lowball-winner")  # the Oaks' Omaha Pot Limit and Winner Lowball (issue 20)
DEMO_TABLES += ("ultimateholdem", "quickdraw")  # The 101's Ultimate Texas Hold'em, Cal Quick Draw (issue 19)
DEMO_TABLES += ("panguingue",)  # the Oaks' Panguingue from a stripped-deck reading shoe (issue 20)
DEMO_TABLES += ("partycraps",)  # The 101's Party Craps: two cards a flip from an A-6 shoe (issue 19)


def builtin_demo(main: str | None) -> bool:
    """Whether ``run`` with this ``--config`` runs the built-in demo table (nothing else configured)."""
    import os

    from terminal.config import DEMO_TABLE, config_files
    from terminal.paths import config_dir

    main = main or os.environ.get("DEALER_TERMINAL_CONFIG") or None
    return config_files(main, demo=True) == [config_dir() / "tables" / f"{DEMO_TABLE}.yaml"]


def demo_tables(base: TerminalConfig, *, sets: list[str] | tuple[str, ...] = ()) -> list[TerminalConfig]:
    """The demo's tables: each example table with the demo's PINs, journal, console and security."""
    return list(DemoTables(base, sets=sets))


class DemoTables(Sequence[TerminalConfig]):
    """The demo's tables (:data:`DEMO_TABLES`), each loaded and checked (``load_config``) when first asked
    for: ``run`` starts without reading the other tables' files, and ``t`` loads the next one (a table that
    does not load is a ConfigError naming its file, line and field)."""

    def __init__(self, base: TerminalConfig, *, sets: Sequence[str] = (), names: Sequence[str] = DEMO_TABLES):
        self.base = base
        self.sets = list(sets)
        self.names = tuple(names)
        self._loaded: dict[int, TerminalConfig] = {}

    def __len__(self) -> int:
        return len(self.names)

    @overload
    def __getitem__(self, index: int) -> TerminalConfig: ...

    @overload
    def __getitem__(self, index: slice) -> list[TerminalConfig]: ...

    def __getitem__(self, index: int | slice) -> TerminalConfig | list[TerminalConfig]:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        i = range(len(self))[index]  # IndexError out of range, negative indexes from the end
        if i not in self._loaded:
            self._loaded[i] = self._load(self.names[i])
        return self._loaded[i]

    def _load(self, name: str) -> TerminalConfig:
        from terminal.paths import config_dir

        cfg = load_config(config_dir() / "tables" / f"{name}.yaml", sets=self.sets, demo=False)
        keep = {
            "roles": self.base.roles,
            "journal": self.base.journal,
            "console": self.base.console,
            "security": self.base.security,
        }
        return cfg.model_copy(update=keep)


def demo_place(tables: Sequence[TerminalConfig], game: str) -> int:
    """Where the table dealing ``game`` is among ``tables`` (0 if none is): the first that deals it, loading
    the demo's tables only up to it."""
    return next((i for i, t in enumerate(tables) if t.table.game == game), 0)


async def run_headless(cfg: TerminalConfig) -> int:
    """The controller alone: journal, devices and rules, with sd_notify readiness and the watchdog.

    Runs until SIGTERM or SIGINT, then finishes the journal and exits 0.
    """
    import signal

    from terminal.controller import open_table
    from terminal.sdnotify import SdNotifier, supervised

    log = headless_log()
    controller = open_table(cfg)
    # No PIN can be entered without a screen: staff actions (a panel button named tech.* or maint.*)
    # are refused by the role gate, and nobody is ever logged in.
    controller.access = table_access(cfg, controller.journal.journal)
    log.info(
        "table %s: %s (%s), %d seats, journal %s",
        cfg.table.id,
        controller.game.name,
        controller.game.id,
        cfg.table.seats,
        cfg.journal.resolved_path(),
    )
    for name, d in sorted(cfg.devices.items()):
        log.info("device %s: %s at %s", name, d.kind, d.url)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    stopped_by: list[str] = []

    def on_signal(name: str) -> None:
        stopped_by.append(name)
        stop.set()

    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        loop.add_signal_handler(sig, on_signal, sig.name)
    controller.attach(view_logger(log))  # after the handlers: a SIGTERM from now on stops it cleanly
    try:
        await controller.start()
        async with supervised(SdNotifier()) as notifier:
            notifier.ready(f"table {cfg.table.id}: {cfg.table.game} (headless)")
            devices = asyncio.create_task(controller.run_devices(), name="devices")
            await stop.wait()
            log.info("stopping: finishing the journal")
            controller.access.record(
                "console.stop", {"how": "signal", "signal": stopped_by[0], "by": "system"}
            )
            notifier.status("stopping")
            devices.cancel()
            await asyncio.gather(devices, return_exceptions=True)
    finally:
        controller.close()
    return 0


def headless_log() -> Any:
    """The headless terminal's log: one line per fact on stderr, which systemd's journal timestamps
    (``<level> <words>``; no colours, no time of its own)."""
    import logging

    log = logging.getLogger("dealer-terminal")
    if not log.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
        log.addHandler(handler)
        log.setLevel(logging.INFO)
        log.propagate = False
    return log


def view_logger(log: Any) -> Any:
    """A publish function that logs what changes on the table: its state, each new alert with its remedy
    and who clears it, and each device's health."""
    seen: dict[str, Any] = {"step": None, "alerts": set(), "devices": {}}

    def publish(view: Any) -> None:
        if view.step != seen["step"]:
            seen["step"] = view.step
            log.info("state %s: %s", view.step or view.phase, view.next_step)
        keys = set()
        for a in view.alerts:
            key = (a.code, a.seat, a.message)
            keys.add(key)
            if key not in seen["alerts"]:
                log.warning(
                    "alert %s (%s, cleared by %s): %s — remedy: %s [%s]",
                    a.code,
                    a.severity,
                    a.clear_role,
                    a.message or a.ruling,
                    a.remedy,
                    a.cite,
                )
        for key in seen["alerts"] - keys:
            log.info("alert %s cleared", key[0])
        seen["alerts"] = keys
        for d in view.devices:
            if seen["devices"].get(d.name) != (d.state, d.detail):
                seen["devices"][d.name] = (d.state, d.detail)
                log.info("device %s: %s%s", d.name, d.state, f" ({d.detail})" if d.detail else "")

    return publish


def build_app(
    cfg: TerminalConfig, *, demo: bool = False, tables: Sequence[TerminalConfig] | None = None
) -> Any:
    """The console for ``cfg``: the real controller (journal, devices), or the scripted demo. With
    ``tables`` (the built-in demo), ``t`` switches to the next of them and each opens with a full layout."""
    from terminal.console.app import CountersPosted, DealerConsole, DeviceFrame, PanelButton

    devices = [(n, d.kind, d.url) for n, d in sorted(cfg.devices.items())]
    common: dict[str, Any] = {
        "repaint_hz": cfg.console.repaint_hz,
        "keymap": cfg.console.keymap,
        "buttons": cfg.console.buttons,
        "devices": devices,
    }
    if demo:
        from terminal.console.demo import DemoBackend

        access = table_access(cfg)
        tour = DemoBackend()  # the recorded round (config/demo/tour.yaml) on the real controller
        tour.controller.access = access
        return DealerConsole(tour, access, startup=tour.start, **common)

    from terminal.controller import TableController, controller_class, open_table
    from terminal.sdnotify import SdNotifier, supervised

    controller = open_table(cfg)
    access = table_access(cfg, controller.journal.journal)

    async def counters() -> None:
        while True:  # the maintenance screen's counters, once a second (coalesced by the app)
            await asyncio.sleep(1.0)
            app.post_message(CountersPosted(app.controller.counter_snapshot()))  # type: ignore[attr-defined]

    async def table(c: TableController) -> None:
        if tables is not None and not c.board.wagers:
            await c.demo_fill()  # the demo shows a full layout at once; `w` changes it
        await asyncio.gather(c.run_devices(), counters())

    async def startup() -> None:
        await controller.start()
        async with supervised(SdNotifier()) as notifier:
            notifier.ready(f"table {cfg.table.id}: {cfg.table.game}")
            await table(controller)

    # Fault keys only when every device is an emulator (the demo table, a training table).
    emulated = bool(cfg.devices) and all(d.url.startswith("emu://") for d in cfg.devices.values())
    app = DealerConsole(controller, access, startup=startup, demo_faults=emulated, **common)

    def wire(c: TableController) -> None:
        async def button(action: str) -> None:
            app.post_message(PanelButton(action))

        def frame(device: str, direction: str, hex_text: str, words: str) -> None:
            app.post_message(DeviceFrame(device, direction, hex_text, words))

        c.demo_faults = bool(c.config.devices) and all(
            d.url.startswith("emu://") for d in c.config.devices.values()
        )
        c.access = access  # an input in a staff role's name needs that role's PIN session
        c.button_handler = button
        c.frame_tap = frame
        c.notice = lambda text: app.notify(text, timeout=4)
        app.controller = c  # type: ignore[attr-defined]

    wire(controller)
    if tables:
        place: dict[str, int] = {}  # found on the first `t`: start-up loads no other table

        async def next_table() -> str:
            """Demo: stop this table's devices, journal the change, and deal the next demo game."""
            from terminal.config import ConfigError

            if "i" not in place:
                place["i"] = demo_place(tables, cfg.table.game)
            following = (place["i"] + 1) % len(tables)
            try:
                new_cfg = tables[following]  # loaded and checked before this table's devices stop
            except ConfigError as exc:
                return f"the next demo table does not load; this one stays: {exc}"
            old: TableController = app.controller  # type: ignore[attr-defined]  # set by wire()
            for worker in app.workers.cancel_group(app, "table"):
                with contextlib.suppress(Exception):
                    await worker.wait()
            for _ in range(200):  # the devices close as their pumps unwind
                if not old.drivers:
                    break
                await asyncio.sleep(0.01)
            place["i"] = following
            old.release()
            new = controller_class(new_cfg)(new_cfg, old.journal.journal)
            new.draw_pace = old.draw_pace
            new.link_config = old.link_config
            wire(new)
            app.backend = new
            await new.journal.append(
                "demo", {"action": "next-table", "table": new_cfg.table.id, "game": new_cfg.table.game}
            )
            await new.start()
            new.attach(app.publish)
            app.run_worker(table(new), name="table", group="table", exit_on_error=False)
            return f"demo table: {new.game.name} — {new.game.room} ({new.game.id})"

        app.table_switcher = next_table
    return app
