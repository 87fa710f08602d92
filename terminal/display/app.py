"""The display's ASGI app: ``/`` the page, ``/board`` its live part, ``/roads.json`` the roads, ``/events``
server-sent events (one ``board`` event each time the journal changes).

The page is rendered on the server from the journal (or scenario) file each time it is asked for, so a
restarted table shows the same board; the journal is only read (:func:`terminal.scoreboard.read_scoreboard`).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterator, Mapping
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from terminal.errors import UserError
from terminal.scoreboard import read_scoreboard, roads_json

__all__ = ["PayLine", "PayTable", "create_app", "pay_tables"]

CELL = 22
"""Pixels per road cell."""
RECENT = 12
"""Results listed under "recent results"."""

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
    """A bet on the layout and its pay lines."""

    title: str
    lines: tuple[PayLine, ...]


def _odds(line: Mapping[str, Any]) -> str:
    pays = line.get("pays")
    if pays is None:
        return str(line.get("result", ""))
    if isinstance(pays, int) and not isinstance(pays, bool):
        return f"{pays} to 1"
    return str(pays)


def _cite(cite: object) -> str:
    if isinstance(cite, Mapping):
        return ", ".join(str(cite[k]) for k in ("seed", "section", "lines", "note") if cite.get(k))
    return "" if cite is None else str(cite)


def _is_pay_list(value: object) -> bool:
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(v, Mapping) and ("pays" in v or "result" in v) for v in value)
        and any("pays" in v for v in value)
    )


def _walk(node: object, title: str, cite: object) -> Iterator[PayTable]:
    if isinstance(node, Mapping):
        name = str(node.get("name") or node.get("key") or title)
        here = node.get("cite", cite)
        for value in node.values():
            if _is_pay_list(value):
                yield PayTable(
                    name,
                    tuple(
                        PayLine(str(v.get("name", "")), _odds(v), _cite(v.get("cite", here))) for v in value
                    ),
                )
            else:
                yield from _walk(value, name, here)
    elif isinstance(node, list):
        for item in node:
            yield from _walk(item, title, cite)


def pay_tables(data: Mapping[str, Any]) -> list[PayTable]:
    """Every filed pay table in a game file's mapping: each list of pay lines (mappings with ``pays``, or a
    ``result`` such as a push), titled by the bet (the mapping holding it) it belongs to; a line without
    its own ``cite`` carries the nearest enclosing one."""
    return list(_walk(data, "pays", None))


def _game(game_id: str) -> Any:
    from terminal.games import get_game

    return get_game(game_id)


def _context(source: Path, limits: tuple[int, int] | None) -> dict[str, Any]:
    board = read_scoreboard(source)
    game = _game(board.game)
    return {
        "game_id": board.game,
        "game_name": str(game.data.get("name", board.game)),
        "limits": limits,
        "pay_tables": pay_tables(game.data),
        "roads": roads_json(board) if board.roads is not None else None,
        "recent": [m.winner for m in board.marks[-RECENT:]][::-1],
        "hands": board.hands,
        "cell": CELL,
    }


def create_app(source: str | Path, *, limits: tuple[int, int] | None = None, poll: float = 0.1) -> Starlette:
    """The display of a table journal (or scenario file); ``limits`` the posted (min, max) in cents;
    ``poll`` seconds between looks at the journal file for the live updates."""
    path = Path(source)

    def render(template: str) -> Response:
        try:
            return HTMLResponse(_ENV.get_template(template).render(**_context(path, limits)))
        except UserError as exc:  # the journal is missing or unreadable: say so, as the page
            return HTMLResponse(f"<p class=error>{escape(str(exc))}</p>", status_code=503)

    async def page(request: Request) -> Response:
        return render("table.html")

    async def board(request: Request) -> Response:
        return render("board.html")

    async def roads(request: Request) -> Response:
        try:
            b = read_scoreboard(path)
        except UserError as exc:
            return JSONResponse({"error": str(exc)}, status_code=503)
        if b.roads is None:
            return JSONResponse({"error": "this game has no roads"}, status_code=404)
        return JSONResponse(roads_json(b))

    async def events(request: Request) -> Response:
        async def stream() -> AsyncIterator[str]:
            seen: tuple[int, int] | None = None
            yield "retry: 1000\n\n"
            while not await request.is_disconnected():
                try:
                    st = path.stat()
                    now = (st.st_mtime_ns, st.st_size)
                except OSError:
                    now = (0, 0)
                wal = path.with_name(path.name + "-wal")
                if wal.exists():
                    w = wal.stat()
                    now = (max(now[0], w.st_mtime_ns), now[1] + w.st_size)
                if now != seen:
                    seen = now
                    try:
                        html = _ENV.get_template("board.html").render(**_context(path, limits))
                    except UserError as exc:
                        html = f"<p class=error>{escape(str(exc))}</p>"
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
