"""``dealer-terminal display [FILE] [--host H] [--port N]``: serve the players' table display.

The page (game, limits, filed pay tables, recent results, the shoe's roads) is served by the table
itself from its journal, with live updates by server-sent events; nothing is loaded from the internet.
Without FILE the configured journal is used.
"""

from __future__ import annotations

import argparse
from typing import Any

from terminal.errors import UserError


def register(sub: Any) -> None:
    p = sub.add_parser("display", help="serve the players' table display (roads, limits, pay tables)")
    p.add_argument(
        "file", nargs="?", help="a table journal or scenario file (default: the configured journal)"
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8700, help="port (default 8700)")
    p.add_argument("--limits", metavar="MIN,MAX", help="posted limits in cents, e.g. 500,50000")
    p.set_defaults(handler=handle)


def _limits(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    try:
        lo, hi = (int(v) for v in text.split(","))
    except ValueError:
        raise UserError(f"display: --limits {text!r}: two whole numbers of cents, MIN,MAX") from None
    if lo <= 0 or hi < lo:
        raise UserError(f"display: --limits {text!r}: 0 < MIN <= MAX")
    return lo, hi


def handle(args: argparse.Namespace) -> int:
    import uvicorn

    from terminal.display.app import create_app

    path = args.file
    if path is None:
        from terminal.config import load_config

        path = load_config(demo=False).journal.resolved_path()
    uvicorn.run(
        create_app(path, limits=_limits(args.limits)), host=args.host, port=args.port, log_level="warning"
    )
    return 0
