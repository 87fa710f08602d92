"""The floor's web pages, served by ``dealer-floor run`` beside the JSON API: the live room page
(``/``: every table and the open alerts, kept current by server-sent events from ``/room/events``), a
table's recent history (``/tables/{table}``), "on my way" on an alert, shift reports (``/reports/shift``
and ``/reports/shift.pdf``), and the login that guards them all.

Security: staff log in with a user name and password (:mod:`floor.auth`: scrypt hashes, lockout); the
session cookie is ``HttpOnly``, ``SameSite=Strict`` and ``Secure`` over HTTPS; every POST carries a CSRF
token (the session's, or for the login form a double-submit cookie) and a POST whose ``Origin`` is not
this site is refused; every page sends a Content-Security-Policy with a per-response script nonce. The
JSON API (:mod:`floor.api`) answers clients on this machine and logged-in staff only. Nothing here changes
a table: "on my way" is the floor's own mark.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import psycopg
from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from floor import auth, report
from floor.api import DEFAULT_SHIFT_HOURS, BadQuery, FloorApi, _time
from floor.room import TableRow, fingerprint, mark_on_my_way, room_tables, table_history

log = logging.getLogger(__name__)

SESSION_COOKIE = "floor_session"
LOGIN_COOKIE = "floor_login_csrf"
MAX_FORM = 8192
LOCAL = frozenset({"127.0.0.1", "::1"})

_ENV = Environment(
    loader=FileSystemLoader(Path(__file__).parent / "templates"), autoescape=select_autoescape(["html"])
)
_ENV.filters["money"] = report.money
_ENV.filters["utc"] = lambda t: t.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC") if t else ""
_ENV.filters["iso"] = lambda t: t.astimezone(UTC).isoformat().replace("+00:00", "Z") if t else ""


class RoomFeed:
    """One watcher of the archive for every open room page: while anyone listens it reads the room's
    fingerprint every ``poll`` seconds and, when it moved, the tables; listeners wait on ``changed``."""

    def __init__(self, query: auth.Query, room: str, poll: float) -> None:
        self.query, self.room, self.poll = query, room, poll
        self.version = 0
        self.tables: list[TableRow] = []
        self.error = ""
        self.changed = asyncio.Condition()
        self._listeners = 0
        self._task: asyncio.Task[None] | None = None

    async def _watch(self) -> None:
        seen: tuple[Any, ...] | None = None
        while self._listeners:
            try:
                fp = await fingerprint(self.query, self.room)
                if fp != seen:
                    tables = await room_tables(self.query, self.room)
                    seen, self.tables, self.error = fp, tables, ""
                    await self._bump()
            except psycopg.Error as exc:
                if not self.error:
                    self.error = f"the archive database is unavailable: {str(exc).strip()}"
                    await self._bump()
                seen = None
            await asyncio.sleep(self.poll)
        self._task = None

    async def _bump(self) -> None:
        async with self.changed:
            self.version += 1
            self.changed.notify_all()

    @contextlib.asynccontextmanager
    async def listening(self) -> AsyncIterator[None]:
        """While inside, the feed watches the archive."""
        self._listeners += 1
        if self._task is None:
            self._task = asyncio.create_task(self._watch())
        try:
            yield
        finally:
            self._listeners -= 1

    async def wait_past(self, version: int, timeout: float) -> int:
        """The version once it is past ``version`` (or after ``timeout`` seconds)."""
        async with self.changed:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait_for(lambda: self.version > version), timeout)
            return self.version


class FloorWeb:
    """The pages over ``api``'s archive connection; ``poll`` seconds between the room feed's looks."""

    def __init__(
        self, api: FloorApi, *, poll: float = 0.25, now: Callable[[], datetime] = lambda: datetime.now(UTC)
    ) -> None:
        self.api = api
        self.room = api.room
        self.query: auth.Query = api.query
        self.now = now
        self.feed = RoomFeed(self.query, self.room, poll)

    # -- plumbing ---------------------------------------------------------------------------------------

    def _page(self, template: str, status: int = 200, **ctx: Any) -> HTMLResponse:
        nonce = secrets.token_urlsafe(16)
        html = _ENV.get_template(template).render(room=self.room, nonce=nonce, now=self.now(), **ctx)
        return HTMLResponse(html, status_code=status, headers=_headers(nonce))

    async def _session(self, req: Request) -> auth.Session | None:
        return await auth.session_of(self.query, req.cookies.get(SESSION_COOKIE), self.now())

    async def _form(self, req: Request) -> dict[str, str] | None:
        """The urlencoded form of a POST, or None when it is not one this site could have sent."""
        origin = req.headers.get("origin")
        if origin is not None and urlsplit(origin).netloc != req.headers.get("host"):
            return None
        body = await req.body()
        if len(body) > MAX_FORM:
            return None
        return {k: v[0] for k, v in parse_qs(body.decode("utf-8", "replace")).items()}

    def _refused(self, why: str) -> HTMLResponse:
        return self._page("refused.html", status=403, why=why)

    # -- login ------------------------------------------------------------------------------------------

    async def login_page(self, req: Request, *, error: str = "", status: int = 200) -> Response:
        token = req.cookies.get(LOGIN_COOKIE) or secrets.token_urlsafe(32)
        resp = self._page("login.html", status=status, csrf=token, error=error)
        resp.set_cookie(
            LOGIN_COOKIE,
            token,
            httponly=True,
            samesite="strict",
            secure=req.url.scheme == "https",
            path="/login",
        )
        return resp

    async def login(self, req: Request) -> Response:
        form = await self._form(req)
        cookie = req.cookies.get(LOGIN_COOKIE)
        if form is None or not cookie or not auth.csrf_ok(cookie, form.get("csrf")):
            return self._refused("the login form's CSRF token is missing or wrong: reload the login page")
        got = await auth.login(self.query, form.get("username", ""), form.get("password", ""), self.now())
        if isinstance(got, str):
            log.info("floor login refused for %r", form.get("username", "")[:64])
            return await self.login_page(req, error=got, status=401)
        log.info("floor login: %s", got.username)
        resp = RedirectResponse("/", status_code=303)
        resp.set_cookie(
            SESSION_COOKIE, got.token, max_age=int(auth.SESSION_LIFE.total_seconds()), httponly=True,
            samesite="strict", secure=req.url.scheme == "https", path="/",
        )  # fmt: skip
        resp.delete_cookie(LOGIN_COOKIE, path="/login")
        return resp

    async def _posted(self, req: Request) -> auth.Session | Response:
        """The session of a form POST that carries its CSRF token from this site, or the answer refusing it."""
        s = await self._session(req)
        form = await self._form(req)
        if s is None:
            return RedirectResponse("/login", status_code=303)
        if form is None or not auth.csrf_ok(s.csrf, form.get("csrf")):
            return self._refused("this form's CSRF token is missing or wrong")
        return s

    async def logout(self, req: Request) -> Response:
        s = await self._posted(req)
        if isinstance(s, Response):
            return s
        await auth.logout(self.query, s.token)
        resp = RedirectResponse("/login", status_code=303)
        resp.delete_cookie(SESSION_COOKIE, path="/")
        return resp

    # -- the room ---------------------------------------------------------------------------------------

    async def room_page(self, req: Request) -> Response:
        s = await self._session(req)
        if s is None:
            return RedirectResponse("/login", status_code=303)
        tables = await room_tables(self.query, self.room)
        return self._page("room.html", session=s, tables=tables, error="")

    async def board(self, req: Request) -> Response:
        s = await self._session(req)
        if s is None:
            return Response("log in first", status_code=401)
        return self._page("board.html", session=s, tables=await room_tables(self.query, self.room), error="")

    async def events(self, req: Request) -> Response:
        s = await self._session(req)
        if s is None:
            return Response("log in first", status_code=401)

        async def stream() -> AsyncIterator[str]:
            yield "retry: 1000\n\n"
            async with self.feed.listening():
                version = 0
                while not await req.is_disconnected():
                    if await self._session(req) is None:  # logged out elsewhere, or expired
                        yield "event: logout\ndata: {}\n\n"
                        return
                    now = await self.feed.wait_past(version, 15.0)
                    if now > version:
                        version = now
                        html = _ENV.get_template("board.html").render(
                            session=s, tables=self.feed.tables, error=self.feed.error, now=self.now()
                        )
                        yield "event: board\ndata: " + json.dumps(html) + "\n\n"
                    else:
                        yield ": still here\n\n"

        return StreamingResponse(
            stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store"}
        )

    async def table_page(self, req: Request) -> Response:
        s = await self._session(req)
        if s is None:
            return RedirectResponse("/login", status_code=303)
        table = req.path_params["table"]
        rows = await table_history(self.query, self.room, table)
        if not rows:
            return self._page("refused.html", status=404, why=f"the floor has no entry from table {table}")
        return self._page("table.html", session=s, table=table, rows=rows, describe=_describe)

    async def on_my_way(self, req: Request) -> Response:
        s = await self._posted(req)
        if isinstance(s, Response):
            return s
        try:
            seq = int(req.path_params["seq"])
        except ValueError:
            return self._refused("no such alert")
        if not await mark_on_my_way(self.query, self.room, req.path_params["table"], seq, s.username):
            return self._page("refused.html", status=404, why="no such alert at that table")
        return RedirectResponse("/", status_code=303)

    # -- reports ----------------------------------------------------------------------------------------

    async def _report(self, req: Request) -> report.ShiftReport:
        until = _time(req, "until", self.now())
        since = _time(req, "since", until - timedelta(hours=DEFAULT_SHIFT_HOURS))
        if since >= until:
            raise BadQuery("since is not before until")
        entries = await report.archive_entries(self.query, self.room, since, until)
        return report.build(entries, since, until, f"Shift report, {self.room}")

    async def report_page(self, req: Request) -> Response:
        s = await self._session(req)
        if s is None:
            return RedirectResponse("/login", status_code=303)
        try:
            r = await self._report(req)
        except BadQuery as exc:
            return self._page("refused.html", status=400, why=str(exc))
        return self._page(
            "report.html", r=r, charts=report.charts(r), query=req.url.query, screen=True, session=s
        )

    async def report_pdf(self, req: Request) -> Response:
        from floor.pdf import PdfUnavailable, html_to_pdf

        if await self._session(req) is None:
            return RedirectResponse("/login", status_code=303)
        try:
            r = await self._report(req)
        except BadQuery as exc:
            return self._page("refused.html", status=400, why=str(exc))
        html = render_report(r, self.room)
        try:
            pdf = await asyncio.to_thread(html_to_pdf, html)
        except PdfUnavailable as exc:
            return self._page("refused.html", status=503, why=str(exc))
        name = f"shift-{self.room}-{r.since:%Y%m%dT%H%M}.pdf"
        return Response(
            pdf, media_type="application/pdf", headers={"Content-Disposition": f'inline; filename="{name}"'}
        )

    def app(self) -> Starlette:
        """The pages and the JSON API, one ASGI application."""
        return Starlette(
            routes=[
                Route("/", self.room_page),
                Route("/login", self.login_page, methods=["GET"]),
                Route("/login", self.login, methods=["POST"]),
                Route("/logout", self.logout, methods=["POST"]),
                Route("/room/board", self.board),
                Route("/room/events", self.events),
                Route("/tables/{table}", self.table_page),
                Route("/alerts/{table}/{seq}/on-my-way", self.on_my_way, methods=["POST"]),
                Route("/reports/shift", self.report_page),
                Route("/reports/shift.pdf", self.report_pdf),
                *(Route(r.path, self._guarded(r.endpoint)) for r in self.api.routes()),
            ]
        )

    def _guarded(
        self, endpoint: Callable[[Request], Awaitable[Response]]
    ) -> Callable[[Request], Awaitable[Response]]:
        """The JSON API answers a client on this machine (tools, ``curl``) or a logged-in supervisor."""

        async def guarded(req: Request) -> Response:
            host = req.client.host if req.client else ""
            if host not in LOCAL and await self._session(req) is None:
                return JSONResponse(
                    {"error": "login-required", "detail": "log in on the floor page"}, status_code=401
                )
            return await endpoint(req)

        return guarded


def render_report(r: report.ShiftReport, room: str) -> str:
    """The report as one self-contained HTML page (what the PDF prints)."""
    return _ENV.get_template("report.html").render(
        r=r, charts=report.charts(r), room=room, nonce="", now=datetime.now(UTC), screen=False, query=""
    )


def _headers(nonce: str) -> dict[str, str]:
    return {
        "Content-Security-Policy": (
            f"default-src 'none'; script-src 'nonce-{nonce}'; style-src 'unsafe-inline'; img-src 'self' data:; "
            "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
        ),
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "same-origin",
        "Cache-Control": "no-store",
    }


def _describe(kind: str, payload: Any) -> str:
    """One line for an entry on a table's history page."""
    p = payload if isinstance(payload, dict) else {}
    if kind == "alert":
        return f"{p.get('code', '?')} ({p.get('severity', '')}): {p.get('message') or p.get('remedy') or ''}"
    if kind == "settlement":
        fee = p.get("fee_cents")
        return f"round {p.get('round')}: " + (
            f"fees {report.money(fee)}" if isinstance(fee, int) else "settled"
        )
    if kind == "round":
        return str(p.get("type", ""))
    if kind == "checkpoint":
        return f"checkpoint (round {p.get('round_no', '?')}; the shoe stays at the table)"
    text = json.dumps(p, sort_keys=True)
    return text if len(text) <= 120 else text[:117] + "…"


__all__ = ["FloorWeb", "RoomFeed", "render_report"]
