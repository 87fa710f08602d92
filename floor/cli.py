"""``dealer-floor``: the floor service (``run``), its migrations (``migrate``) and an archive check
(``check``). Settings come from options or ``DEALER_FLOOR_*`` environment variables (the systemd unit
reads them from ``/etc/dealer-floor/floor.env``); see docs/install.md, "The floor"."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import signal
import sys
from pathlib import Path

ENV = "DEALER_FLOOR_"


def _env(name: str, default: str | None = None) -> str | None:
    return os.environ.get(ENV + name.upper(), default)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="dealer-floor", description="The room's floor service.")
    sub = p.add_subparsers(dest="command", required=True)
    for name, text in (
        ("run", "archive the room from the broker and serve the JSON API"),
        ("migrate", "apply the database migrations and exit"),
        ("check", "check every table's archived chain (exit 1 on a problem)"),
        ("add-supervisor", "create a floor supervisor's login (asks for the password)"),
        ("report", "write a shift report from the archive as HTML and/or PDF"),
    ):
        s = sub.add_parser(name, help=text)
        s.add_argument("--dsn", default=_env("dsn"), help="PostgreSQL connection string ($DEALER_FLOOR_DSN)")
        s.add_argument("--room", default=_env("room", "room-1"))
        s.add_argument("--keys-dir", default=_env("keys_dir"), help="the tables' journal keys, <table>.key")
        if name == "add-supervisor":
            s.add_argument("username")
            s.add_argument(
                "--password-stdin",
                action="store_true",
                help="read the password from stdin's first line (no prompt)",
            )
            s.add_argument("--replace", action="store_true", help="set a new password for an existing name")
        if name == "report":
            s.add_argument("--since", help="ISO-8601 start (default: --until less 8 hours)")
            s.add_argument("--until", help="ISO-8601 end (default: now)")
            s.add_argument("--html", type=Path, help="write the HTML report here")
            s.add_argument("--pdf", type=Path, help="write the PDF (Chromium's print of the HTML) here")
            s.add_argument(
                "--journal",
                type=Path,
                help="one table's own journal instead of the archive (no database needed)",
            )
        if name == "run":
            s.add_argument(
                "--broker", default=_env("broker"), help="mqtt://host[:port] or mqtts://host[:port]"
            )
            s.add_argument("--ca-file", default=_env("ca_file"))
            s.add_argument("--cert-file", default=_env("cert_file"))
            s.add_argument("--key-file", default=_env("key_file"))
            s.add_argument("--username", default=_env("username"))
            s.add_argument("--password-file", default=_env("password_file"))
            s.add_argument(
                "--retry-max-seconds",
                type=float,
                default=float(_env("retry_max_seconds", "30") or 30),
                help="the longest wait between reconnects (exponential backoff with jitter up to it)",
            )
            s.add_argument("--gap-seconds", type=float, default=float(_env("gap_seconds", "60") or 60))
            s.add_argument(
                "--listen",
                default=_env("listen", "127.0.0.1:8790"),
                help="the pages' and API's host:port ('' for none)",
            )
            s.add_argument(
                "--page-poll-seconds",
                type=float,
                default=float(_env("page_poll_seconds", "0.25") or 0.25),
                help="how often the room page's feed looks at the archive while a page is open",
            )
    return p


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``dealer-floor``."""
    args = parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    if not args.dsn and not getattr(args, "journal", None):
        print("dealer-floor: give the database with --dsn or DEALER_FLOOR_DSN", file=sys.stderr)
        return 2
    from floor.service import load_keys

    keys = load_keys(args.keys_dir)
    if args.command == "migrate":
        return asyncio.run(_migrate(args.dsn))
    if args.command == "check":
        return asyncio.run(_check(args.dsn, args.room, keys))
    if args.command == "add-supervisor":
        return asyncio.run(_add_supervisor(args))
    if args.command == "report":
        return asyncio.run(_report(args))
    return asyncio.run(_run(args, keys))


async def _migrate(dsn: str) -> int:
    import psycopg

    from floor.migrate import migrate

    async with await psycopg.AsyncConnection.connect(dsn, autocommit=True) as conn:
        applied = await migrate(conn)
    print("applied: " + (", ".join(applied) or "nothing (up to date)"))
    return 0


async def _check(dsn: str, room: str, keys: dict[str, bytes]) -> int:
    import psycopg

    from floor.check import check_room

    async with await psycopg.AsyncConnection.connect(dsn, autocommit=True) as conn:
        report = await check_room(conn, room, keys)
    print(json.dumps(report, indent=1))
    return 0 if all(t["ok"] for t in report["tables"]) else 1


async def _add_supervisor(args: argparse.Namespace) -> int:
    import getpass

    import psycopg

    from floor.auth import BadPassword, add_staff
    from floor.migrate import migrate

    if args.password_stdin:
        password = sys.stdin.readline().rstrip("\n")
    else:
        password = getpass.getpass(f"password for {args.username}: ")
        if getpass.getpass("again: ") != password:
            print("dealer-floor: the two passwords differ", file=sys.stderr)
            return 2
    async with await psycopg.AsyncConnection.connect(args.dsn, autocommit=True) as conn:
        await migrate(conn)

        async def query(sql: str, params: tuple[object, ...]) -> list[dict[str, object]]:
            cur = await conn.execute(sql, params)
            return [
                dict(zip([c.name for c in cur.description or ()], r, strict=True))
                for r in await cur.fetchall()
            ]

        try:
            await add_staff(query, args.username, password, replace=args.replace)
        except BadPassword as exc:
            print(f"dealer-floor: {exc}", file=sys.stderr)
            return 2
    print(f"{args.username}: {'password set' if args.replace else 'supervisor created'}")
    return 0


async def _report(args: argparse.Namespace) -> int:
    from datetime import UTC, datetime, timedelta

    from floor import report
    from floor.api import DEFAULT_SHIFT_HOURS, FloorApi
    from floor.pdf import PdfUnavailable, html_to_pdf
    from floor.web import render_report

    def when(raw: str | None, default: datetime) -> datetime:
        if raw is None:
            return default
        t = datetime.fromisoformat(raw.replace("Z", "+00:00"))
        return t if t.tzinfo else t.replace(tzinfo=UTC)

    if not args.html and not args.pdf:
        print("dealer-floor: give --html FILE and/or --pdf FILE", file=sys.stderr)
        return 2
    try:
        until = when(args.until, datetime.now(UTC))
        since = when(args.since, until - timedelta(hours=DEFAULT_SHIFT_HOURS))
    except ValueError as exc:
        print(f"dealer-floor: --since/--until: {exc}", file=sys.stderr)
        return 2
    if args.journal:
        from terminal.errors import UserError

        try:
            entries, table = report.journal_entries(args.journal)
        except UserError as exc:
            print(f"dealer-floor: {exc}", file=sys.stderr)
            return 2
        title = f"Shift report, table {table}"
    else:
        entries = await report.archive_entries(FloorApi(args.dsn, args.room).query, args.room, since, until)
        title = f"Shift report, {args.room}"
    html = render_report(report.build(entries, since, until, title), args.room)
    if args.html:
        args.html.write_text(html, encoding="utf-8")
    if args.pdf:
        try:
            args.pdf.write_bytes(html_to_pdf(html))
        except PdfUnavailable as exc:
            print(f"dealer-floor: {exc}", file=sys.stderr)
            return 1
    return 0


async def _run(args: argparse.Namespace, keys: dict[str, bytes]) -> int:
    from terminal.config import FloorConfig

    try:
        FloorConfig(
            broker=args.broker, room=args.room, ca_file=args.ca_file, cert_file=args.cert_file, key_file=args.key_file,
            password_file=args.password_file,
        )  # fmt: skip
    except ValueError as exc:
        print(f"dealer-floor: {exc}", file=sys.stderr)
        return 2
    if not args.broker:
        print("dealer-floor: give the broker with --broker or DEALER_FLOOR_BROKER", file=sys.stderr)
        return 2
    from floor.api import FloorApi
    from floor.service import FloorService
    from terminal.floorlink.link import broker_address

    password = Path(args.password_file).read_text(encoding="utf-8").strip() if args.password_file else None
    address = broker_address(
        args.broker,
        ca_file=args.ca_file,
        cert_file=args.cert_file,
        key_file=args.key_file,
        username=args.username,
        password=password,
    )
    service = FloorService(
        address, args.dsn, args.room, keys=keys, gap_bound=args.gap_seconds, retry_max=args.retry_max_seconds
    )
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, service.stop)
    task = asyncio.create_task(service.run())
    if args.listen:
        import uvicorn

        host, _, port = args.listen.rpartition(":")
        from floor.web import FloorWeb

        api = FloorApi(args.dsn, args.room, health=lambda: vars(service.counters))
        web = FloorWeb(api, poll=args.page_poll_seconds)
        config = uvicorn.Config(web.app(), host=host or "127.0.0.1", port=int(port), log_level="warning")
        server = uvicorn.Server(config)
        # uvicorn takes SIGTERM/SIGINT while it serves (and raises them again when it returns): either way
        # both stop.
        serving = asyncio.create_task(server.serve())
        await asyncio.wait([task, serving], return_when=asyncio.FIRST_COMPLETED)
        service.stop()
        server.should_exit = True
        await serving
    await task
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
