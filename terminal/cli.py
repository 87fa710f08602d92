"""The ``dealer-terminal`` command line.

Exit status: 0 on success, 2 on bad input (one line naming the file, line or field and what is wrong),
1 on an internal failure. Each subcommand lives in ``terminal/commands/<name>.py`` and exposes
``register(subparsers)``; this module only wires them and maps errors to exit codes.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from rules.errors import RulesError
from terminal.errors import UserError

# Subcommand modules, in the order --help lists them.
COMMAND_MODULES = (
    "run",
    "replay",
    "games",
    "house_way",
    "analyze",
    "evaluate",
    "roads",
    "display",
    "journal",
    "config",
    "devices",
    "rules",
    "schema",
)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UserError(f"{self.prog}: {message}")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every available subcommand registered; with ``only`` (a command name that
    is one), that command's alone, so a command does not pay for importing the others."""
    parser = _Parser(prog="dealer-terminal", description="Dealer terminal for a California card-room table.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    wanted = only.replace("-", "_") if only is not None else None
    names = (wanted,) if wanted in COMMAND_MODULES else COMMAND_MODULES
    for name in names:
        try:
            module = importlib.import_module(f"terminal.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"terminal.commands.{name}":
                continue  # not built yet
            raise
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = build_parser(args_list[0] if args_list else None)
        args = parser.parse_args(args_list)
        if not getattr(args, "handler", None):
            parser.print_help()
            return 2
        result = args.handler(args)
        return int(result or 0)
    except (UserError, RulesError) as exc:
        print(f"dealer-terminal: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except SystemExit as exc:  # argparse --help
        return int(exc.code or 0) if isinstance(exc.code, int) else 0
    except Exception as exc:  # noqa: BLE001 - the one place internal failures become exit 1
        print(f"dealer-terminal: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
