"""The display's ASGI app: ``/`` the page, ``/board`` its live part, ``/roads.json`` the roads, ``/events``
server-sent events (one ``board`` event each time the journal changes).

The page is rendered on the server from the journal (or scenario) file, so a restarted table shows the
same board; the journal is only read, incrementally (:class:`terminal.scoreboard.LiveScoreboard`: each
look reads only the entries appended since the last), and the board is rendered once per change.
"""

from __future__ import annotations

import asyncio
import functools
import json
import threading
from collections.abc import AsyncIterator, Iterable, Iterator, Mapping
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from rules.round.report import RoundReport
from terminal.errors import UserError
from terminal.scoreboard import LiveScoreboard, Scoreboard, is_journal, read_scoreboard, roads_json

__all__ = ["PayLine", "PayTable", "QualifyingHand", "create_app", "pay_tables", "qualifying_hands"]

CELL = 22
"""Pixels per road cell."""
RECENT = 12
"""Results listed under "recent results"."""
RECENT_HANDS = 10
"""Qualifying hands listed."""

_ENV = Environment(
    loader=FileSystemLoader(Path(__file__).parent / "templates"), autoescape=select_autoescape(["html"])
)


@dataclass(frozen=True)
class PayLine:
    """One filed pay line: what it pays on, the odds, where it is filed."""

    name: str
    pays: str
    cite: str


@dataclass(frozen=True)
class PayTable:
    """A bet on the layout and its pay lines; ``spot`` is the bet's id in the game file (the wager's
    spot in a settlement), empty when the file names none."""

    title: str
    lines: tuple[PayLine, ...]
    spot: str = ""
    bonus: bool = False
    """Filed under the game file's ``bonuses`` (Pai Gow's and Three Card's bonus and side bets)."""


@dataclass(frozen=True)
class QualifyingHand:
    """A hand that won a bet with a filed pay table (a bonus or side bet) in a recent round."""

    round: int
    seat: object
    bet: str
    hand: str
    pays: str


def _odds(line: Mapping[str, Any]) -> str:
    pays = line.get("pays")
    if pays is None:
        return str(line.get("result", ""))
    if isinstance(pays, int) and not isinstance(pays, bool):
        return "push" if pays == 0 else f"{pays} to 1"
    return str(pays)


def _cite(cite: object) -> str:
    if isinstance(cite, Mapping):
        return ", ".join(str(cite[k]) for k in ("seed", "section", "lines", "note") if cite.get(k))
    return "" if cite is None else str(cite)


def _is_pay_line(v: object) -> bool:
    return isinstance(v, Mapping) and (
        ("pays" in v and not isinstance(v["pays"], list | Mapping)) or ("result" in v and "pays" not in v)
    )


def _is_pay_list(value: object) -> bool:
    return (
        isinstance(value, list)
        and bool(value)
        and all(_is_pay_line(v) for v in value)
        and any(isinstance(v, Mapping) and "pays" in v for v in value)
    )


_PLAIN_KEYS = frozenset({"pays", "lines", "table", "paytable", "pay_table", "payouts", "settle"})


def _line_name(v: Mapping[str, Any]) -> str:
    return str(v.get("name") or v.get("hand") or "").replace("_", " ")


def _walk(node: object, title: str, cite: object, spot: str, bonus: bool = False) -> Iterator[PayTable]:
    if isinstance(node, Mapping):
        name = str(node.get("name") or node.get("key") or node.get("id") or title)
        here = node.get("cite", cite)
        spot = str(node.get("key") or node.get("id") or spot)
        for key, value in node.items():
            if _is_pay_list(value):
                lines = tuple(PayLine(_line_name(v), _odds(v), _cite(v.get("cite", here))) for v in value)
                # alternatives filed side by side (``tables: {A1: [...], A2: [...]}``) keep their label
                label = name if str(key) in _PLAIN_KEYS else f"{name}, table {key}"
                yield PayTable(label, lines, spot, bonus)
            else:
                yield from _walk(value, name, here, spot, bonus or key == "bonuses")
    elif isinstance(node, list):
        for item in node:
            yield from _walk(item, title, cite, spot, bonus)


def pay_tables(data: Mapping[str, Any]) -> list[PayTable]:
    """Every filed pay table in a game file's mapping: each list of pay lines (mappings with ``pays``, or a
    ``result`` such as a push), titled by the bet (the mapping holding it) it belongs to; a line without
    its own ``cite`` carries the nearest enclosing one."""
    return list(_walk(data, "pays", None, ""))


def qualifying_hands(
    settlements: Iterable[tuple[int, RoundReport]],
    tables: Iterable[PayTable],
    limit: int = RECENT_HANDS,
) -> list[QualifyingHand]:
    """The recent winning hands on the game file's bonus bets (its ``bonuses``: Pai Gow's Fortune or Double
    Luck, Three Card's Pair Plus or Six Card Bonus…), newest first. Read from each
    report's ``wagers`` lines (``spot``, ``result``, ``rule`` naming the hand, ``pays``), whatever the
    family."""
    names = {
        t.spot: t.title.split(", table ")[0] for t in tables if t.spot and any(ln.name for ln in t.lines)
    }
    out: list[QualifyingHand] = []
    for n, settled in reversed(list(settlements)):
        for w in settled.wagers or ():
            if w.spot in names and w.result == "win":
                rule = w.rule or ""
                hand = rule.split(": ", 1)[1] if ": " in rule else rule
                out.append(QualifyingHand(n, w.seat, names[w.spot], hand.replace("_", " "), f"{w.pays} to 1"))
    return out[:limit]


@functools.lru_cache(maxsize=16)
def _game_view(game_id: str) -> tuple[str, tuple[PayTable, ...]]:
    from terminal.games import get_game

    game = get_game(game_id)
    return str(game.data.get("name", game_id)), tuple(pay_tables(game.data))


def _context(board: Scoreboard, limits: tuple[int, int] | None) -> dict[str, Any]:
    name, tables = _game_view(board.game)
    return {
        "game_id": board.game,
        "game_name": name,
        "limits": limits or board.limits,
        "pay_tables": tables,
        "qualifying": qualifying_hands(board.settlements, tables),
        "roads": roads_json(board) if board.roads is not None else None,
        "recent": [m.winner for m in board.marks[-RECENT:]][::-1],
        "hands": board.hands,
        "cell": CELL,
    }


class _Source:
    """The display's journal read incrementally (:class:`LiveScoreboard`), or a scenario file read whole;
    the board rendered once per change, whoever asks."""

    def __init__(self, path: Path, limits: tuple[int, int] | None) -> None:
        self.path = path
        self.limits = limits
        self.live = LiveScoreboard(path)
        self.lock = threading.Lock()
        self._rendered: tuple[object, str] | None = None

    def board(self) -> Scoreboard:
        with self.lock:
            if self.path.exists() and self.path.stat().st_size and is_journal(self.path):
                return self.live.refresh()
            return read_scoreboard(self.path)

    def render(self, template: str) -> tuple[object, str]:
        """``(version, html)`` of a template over the board now (the version changes with the board)."""
        b = self.board()
        version = (b.seq, b.marks, b.hands) if b.seq == 0 else b.seq
        if template == "board.html":
            cached = self._rendered
            if cached is not None and cached[0] == version:
                return cached
        html = _ENV.get_template(template).render(**_context(b, self.limits))
        if template == "board.html":
            self._rendered = (version, html)
        return version, html


def create_app(source: str | Path, *, limits: tuple[int, int] | None = None, poll: float = 0.05) -> Starlette:
    """The display of a table journal (or scenario file); ``limits`` the posted (min, max) in cents when
    given (else the table configuration's, from the journal); ``poll`` seconds between looks at the
    journal for the live updates."""
    path = Path(source)
    src = _Source(path, limits)

    def render(template: str) -> Response:
        try:
            return HTMLResponse(src.render(template)[1])
        except UserError as exc:  # the journal is missing or unreadable: say so, as the page
            return HTMLResponse(f"<p class=error>{escape(str(exc))}</p>", status_code=503)

    async def page(request: Request) -> Response:
        return render("table.html")

    async def board(request: Request) -> Response:
        return render("board.html")

    async def roads(request: Request) -> Response:
        try:
            b = src.board()
        except UserError as exc:
            return JSONResponse({"error": str(exc)}, status_code=503)
        if b.roads is None:
            return JSONResponse({"error": "this game has no roads"}, status_code=404)
        return JSONResponse(roads_json(b))

    async def events(request: Request) -> Response:
        async def stream() -> AsyncIterator[str]:
            sent: object = None
            yield "retry: 1000\n\n"
            while not await request.is_disconnected():
                try:
                    version, html = await asyncio.to_thread(src.render, "board.html")
                except UserError as exc:
                    version, html = str(exc), f"<p class=error>{escape(str(exc))}</p>"
                if version != sent:
                    sent = version
                    yield "event: board\ndata: " + json.dumps(html) + "\n\n"
                await asyncio.sleep(poll)

        return StreamingResponse(
            stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store"}
        )

    return Starlette(
        routes=[
            Route("/", page),
            Route("/board", board),
            Route("/roads.json", roads),
            Route("/events", events),
        ]
    )
