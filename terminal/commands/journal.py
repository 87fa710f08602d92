"""``dealer-terminal journal verify|export [FILE]``: check the keyed chain; export a replayable scenario.

``journal verify`` opens the journal read-only (it never changes the file) and checks the live
segment and the head anchor; ``--all`` checks every closed segment too, end to end, naming the
segment and row of anything edited, inserted, forged, deleted, reordered or cut off. It needs the
table key (``--key``; default: the configured key, or ``FILE.key``), so it runs as the service user.

Exit status (docs/technician-guide.md): 0 the chain is intact; 2 the file is missing, not a journal,
or verification found tampering — the same "bad input" status as any other bad file, with one line on
stderr naming the file and the first bad row (every problem is listed on stdout). 1 stays reserved for
internal failures, so a monitor can tell "this journal is bad" from "the software broke".
Without FILE the journal of the effective configuration is used.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

import yaml

from terminal.errors import UserError
from terminal.journal import Journal, JournalTampered, open_for_check


def register(sub: Any) -> None:
    p = sub.add_parser("journal", help="verify the journal's hash chain, or export it as a scenario")
    jsub = p.add_subparsers(dest="journal_command", metavar="ACTION", parser_class=type(p))
    v = jsub.add_parser("verify", help="check every row of the chain; name any edited, deleted or moved row")
    v.add_argument("file", nargs="?", help="journal file (default: the configured journal.path)")
    v.add_argument("--all", action="store_true", help="also every closed (archived) segment, end to end")
    v.add_argument(
        "--key", metavar="KEYFILE", help="the table's journal key (default: configured, or FILE.key)"
    )
    v.add_argument("--anchor", metavar="ANCHOR", help="the head anchor (default: configured, or FILE.anchor)")
    v.add_argument("--expect-head", metavar="HASH", help="the head hash recorded earlier (catches rewrites)")
    v.add_argument("--json", action="store_true", help="one JSON object for other programs")
    v.set_defaults(handler=run_verify)
    e = jsub.add_parser("export", help="write the journal as a scenario that `replay` accepts")
    e.add_argument("file", nargs="?", help="journal file (default: the configured journal.path)")
    e.add_argument(
        "--key", metavar="KEYFILE", help="the table's journal key (default: configured, or FILE.key)"
    )
    e.add_argument("--anchor", metavar="ANCHOR", help="the head anchor (default: configured, or FILE.anchor)")
    e.add_argument("-o", "--output", metavar="OUT", help="write here instead of stdout")
    e.add_argument(
        "--format", choices=("yaml", "json"), default=None, help="default: from OUT's suffix, else yaml"
    )
    e.add_argument("--game", help="game id to record (default: from the journal's last config entry)")
    e.add_argument(
        "--all", action="store_true", help="dump every entry with its hashes instead (not a scenario)"
    )
    e.add_argument("--force", action="store_true", help="export even if verification fails")
    e.set_defaults(handler=run_export)
    p.set_defaults(handler=_need_action(p))


def _need_action(p: argparse.ArgumentParser) -> Any:
    def handler(args: argparse.Namespace) -> int:
        raise UserError("journal: choose an action: verify or export")

    return handler


def _open(args: argparse.Namespace) -> Journal:
    """The journal to check, read-only, with its key and anchor."""
    key, anchor = getattr(args, "key", None), getattr(args, "anchor", None)
    if args.file:
        return open_for_check(Path(args.file), key_path=key, anchor_path=anchor)
    from terminal.config import config_files, load_config  # only when no file is named

    if not config_files(None, demo=False) and not os.environ.get("DEALER_TERMINAL_CONFIG"):
        raise UserError("journal: name the journal file (there is no /etc/dealer-terminal/config.yaml)")
    j = load_config(demo=False).journal
    return open_for_check(
        j.resolved_path(),
        key_path=key or j.resolved_file(j.key_path),
        anchor_path=anchor or j.resolved_file(j.anchor_path),
    )


def run_verify(args: argparse.Namespace) -> int:
    with _open(args) as journal:
        report = journal.verify(expect_head=args.expect_head, all_segments=args.all)
    if args.json:
        print(json.dumps(report.to_json(), indent=1))
    else:
        for problem in report.problems:
            print(f"{report.path}: {problem}")
        state = "intact" if report.ok else f"{len(report.problems)} problems"
        scope = f"{report.segments} segments" if args.all else "live segment and anchor"
        print(f"{report.path}: {report.count} entries ({scope}), head {report.head}: {state}")
    if not report.ok:
        raise JournalTampered(report.summary(), report)
    return 0


def run_export(args: argparse.Namespace) -> int:
    with _open(args) as journal:
        report = journal.verify()
        if not report.ok and not args.force:
            raise JournalTampered(report.summary() + " (use --force to export anyway)", report)
        doc = journal.dump() if args.all else journal.export(game=args.game)
        if not args.all and _tiles_game(doc.get("game")):  # a tiles round: the tiles table's export
            from terminal.games import get_game
            from terminal.tiles_table import export_tiles

            doc = export_tiles(journal, get_game(str(doc["game"])))
    fmt = args.format or ("json" if args.output and args.output.endswith(".json") else "yaml")
    text = (
        json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
        if fmt == "json"
        else yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)
    )
    if args.output:
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise UserError(f"{args.output}: cannot write: {exc.strerror or exc}") from None
        what = f"{len(doc['entries'])} entries" if args.all else f"{len(doc['events'])} round events"
        print(f"{args.output}: {what} from {report.count} entries", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def _tiles_game(game: object) -> bool:
    """Whether ``game`` is played with tiles (``Family.pieces``): its journal exports as a tiles scenario."""
    from terminal.games import family_of, load_games

    found = load_games().get(str(game)) if isinstance(game, str) else None
    return found is not None and family_of(found).pieces == "tiles"
