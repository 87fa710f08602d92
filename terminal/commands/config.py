"""``dealer-terminal config check|show|hash-pin``: validate a table configuration, show the effective one.

``config check F [F ...]`` checks each file on its own (over the built-in defaults; the environment is
ignored, so a file checks the same everywhere) and prints every error as ``file:line: field: what``;
``--effective`` checks the layered configuration this terminal would run with instead.
Exit 0 if valid, 2 if not (one summary line on stderr, every error on stdout).
"""

from __future__ import annotations

import argparse
import getpass
import json
import os
import sys
from typing import Any

import yaml

from terminal.config import Problem, check_config, config_files, load_config
from terminal.errors import UserError
from terminal.roles import DEMO_PINS, hash_pin


def register(sub: Any) -> None:
    p = sub.add_parser("config", help="validate a table configuration; show the effective one")
    csub = p.add_subparsers(dest="config_command", metavar="ACTION", parser_class=type(p))
    c = csub.add_parser(
        "check", help="validate configuration files; report every error with file, line, field"
    )
    c.add_argument("files", nargs="*", metavar="F", help="configuration files (each checked on its own)")
    c.add_argument("--effective", action="store_true", help="check the layered configuration instead")
    c.add_argument(
        "--config",
        metavar="F",
        help="with --effective: the main file, anywhere (default: $DEALER_TERMINAL_CONFIG, else "
        "/etc/dealer-terminal/config.yaml); its conf.d/ drop-ins are layered on top",
    )
    c.add_argument(
        "--set", action="append", default=[], metavar="KEY=VALUE", help="override (with --effective)"
    )
    c.add_argument("--json", action="store_true", help="one JSON object for other programs")
    c.set_defaults(handler=run_check)
    s = csub.add_parser("show", help="print the effective configuration (PIN hashes redacted)")
    s.add_argument("--config", metavar="F", help="main configuration file")
    s.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="override a key")
    s.set_defaults(handler=run_show)
    h = csub.add_parser(
        "hash-pin", help="read a PIN (4-12 digits) and print its scrypt hash for roles.*.pin_hash"
    )
    h.add_argument("--stdin", action="store_true", help="read the PIN from standard input (no prompt)")
    h.set_defaults(handler=run_hash_pin)

    def need_action(args: argparse.Namespace) -> int:
        raise UserError("config: choose an action: check, show or hash-pin")

    p.set_defaults(handler=need_action)


def run_check(args: argparse.Namespace) -> int:
    results: list[tuple[str, list[Problem]]] = []
    if args.effective or args.config or not args.files:
        if args.files:
            raise UserError("config check: give files, or --effective, not both")
        files = config_files(args.config or os.environ.get("DEALER_TERMINAL_CONFIG") or None, demo=False)
        if not files:
            raise UserError("config check: give a file (there is no /etc/dealer-terminal/config.yaml)")
        _, problems = check_config(files, sets=args.set)
        results.append(("effective: " + (", ".join(map(str, files)) or "defaults only"), problems))
    else:
        if args.set:
            raise UserError("config check: --set applies only with --effective")
        for f in args.files:
            _, problems = check_config([f], env={})
            results.append((f, problems))
    total = sum(len(p) for _, p in results)
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "file": name,
                        "ok": not probs,
                        "errors": [{"where": p.where, "field": p.field, "message": p.message} for p in probs],
                    }
                    for name, probs in results
                ],
                indent=1,
            )
        )
    else:
        for name, probs in results:
            for p in probs:
                print(p)
            if not probs:
                print(f"{name}: ok")
    if total:
        first = next(p for _, probs in results for p in probs)
        raise UserError(f"{first}" + (f" (and {total - 1} more errors)" if total > 1 else ""))
    return 0


def run_show(args: argparse.Namespace) -> int:
    cfg = load_config(args.config, sets=args.set, demo=False)
    sys.stdout.write(yaml.safe_dump(cfg.redacted(), sort_keys=False, allow_unicode=True))
    return 0


def run_hash_pin(args: argparse.Namespace) -> int:
    if args.stdin or not sys.stdin.isatty():
        pin = sys.stdin.readline().strip()
    else:
        pin = getpass.getpass("PIN: ")
        if getpass.getpass("again: ") != pin:
            raise UserError("the two PINs differ")
    if pin in DEMO_PINS:
        raise UserError("that is a published demo PIN (docs/dealer-guide.md): choose another")
    print(hash_pin(pin))
    return 0
