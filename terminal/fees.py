"""Reading the rooms' collection schedules from ``config/fees/<room>.yaml`` (the rules engine reads none).

A malformed file is a :class:`terminal.errors.UserError` naming the file, the line and the field.
"""

from __future__ import annotations

import re
from pathlib import Path

from rules.fees import FeeScheduleError, RoomFees
from terminal.errors import UserError
from terminal.paths import config_dir
from terminal.yamlfile import PathKey, load_yaml


def fees_dir() -> Path:
    """``config/fees``."""
    return config_dir() / "fees"


def room_slugs() -> list[str]:
    """Every room with a fee file."""
    return sorted(p.stem for p in fees_dir().glob("*.yaml"))


def load_room_fees(room_or_path: str | Path) -> RoomFees:
    """The fee schedules of a room (its slug, e.g. ``the101``) or of a fee file at a path."""
    path = Path(room_or_path)
    if path.suffix not in (".yaml", ".yml"):
        path = fees_dir() / f"{room_or_path}.yaml"
        if not path.is_file():
            raise UserError(f"no fee schedules for room {room_or_path!r} (rooms: {', '.join(room_slugs())})")
    doc = load_yaml(path)
    try:
        return RoomFees.from_data(doc.data, path.stem)
    except FeeScheduleError as exc:
        raise doc.error(_key(exc.field, doc.data), exc.reason) from None


def _key(field: str, data: object) -> PathKey:
    """The YAML key path of a field named like ``room.game[filing].options.3.charges[0].rows[1] fee``,
    for the line number (the nearest parent's line when a part cannot be matched)."""
    m = re.match(r"^[^.]+\.(?:games\[(\d+)\]|([^.\[]+)(?:\[([^\]]+)\])?)(.*)$", field)
    if m is None or not isinstance(data, dict):
        return ()
    games = data.get("games")
    if m.group(1) is not None:
        index = int(m.group(1))
    else:
        slug, filing = m.group(2), m.group(3)
        if slug in data and m.group(4) == "":
            return (slug,)
        found = [
            i
            for i, g in enumerate(games if isinstance(games, list) else [])
            if isinstance(g, dict) and g.get("game") == slug and g.get("filing") == filing
        ]
        if not found:
            return (slug,) if slug in data else ("games",)
        index = found[0]
    key: list[str | int] = ["games", index]
    for token in m.group(4).split(" ")[0].split("."):
        for name, sub in re.findall(r"([^\[\]]+)|\[(\d+)\]", token):
            if sub:
                key.append(int(sub))
            elif name:
                key.append(int(name) if name.isdigit() else name)
    return tuple(key)
