"""``dealer-terminal schema``: the JSON Schema of a game file, for editors and other programs.

Every family's strict schema (``rules/<family>/schema.py``), one of them chosen by the file's ``family``.
An editor with a YAML language server validates a game file with it, e.g. with the first line
``# yaml-language-server: $schema=game-file.schema.json`` after ``dealer-terminal schema > game-file.schema.json``.
"""

from __future__ import annotations

import argparse
import json
from typing import Any


def register(sub: Any) -> None:
    p = sub.add_parser("schema", help="print the JSON Schema of a game file")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from rules.families import json_schema

    print(json.dumps(json_schema(), indent=1))
    return 0
