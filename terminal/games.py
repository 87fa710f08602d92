"""The game catalogue: one YAML file per filed variant under ``config/games/<family>/``.

Every file starts with the same header (id, family, name, room, source, choices); the rest is the
family's own data, which that family's rules module turns into a typed model.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from rules.families import UnknownFamily, family
from rules.round.family import Family
from terminal.errors import UserError
from terminal.paths import config_dir
from terminal.yamlfile import LocatedYaml, load_yaml

HEADER_KEYS = ("id", "family", "name", "room", "source")


@dataclass(frozen=True)
class GameFile:
    """One variant's data file: the common header and the family's body."""

    id: str
    family: str
    name: str
    room: str
    source: dict[str, Any]
    data: dict[str, Any]
    path: Path
    choices: tuple[dict[str, Any], ...] = field(default_factory=tuple)
    supports: tuple[str, ...] = ()

    @property
    def source_text(self) -> str:
        """The source as one line: seed file, section and lines."""
        s = self.source
        parts = [str(s.get("seed", "")), str(s.get("section", "")), str(s.get("lines", ""))]
        return ", ".join(p for p in parts if p)

    def summary(self) -> dict[str, Any]:
        """The ``games --json`` object."""
        return {
            "id": self.id,
            "family": self.family,
            "name": self.name,
            "room": self.room,
            "source": self.source_text,
            "supports": list(self.supports),
        }


def _parse(doc: LocatedYaml) -> GameFile:
    d = doc.data
    if not isinstance(d, dict):
        raise doc.error((), "a game file is a mapping with id, family, name, room and source")
    for k in HEADER_KEYS:
        if k not in d:
            raise doc.error((), f"missing required field {k!r}")
    gid, family = d["id"], d["family"]
    if not isinstance(gid, str) or "/" not in gid or gid.split("/", 1)[0] != family:
        raise doc.error(("id",), f"game id must be '<family>/<variant>' with family {family!r}, not {gid!r}")
    expected = f"{family}/{doc.path.stem}"
    if gid != expected:
        raise doc.error(("id",), f"id {gid!r} does not match the file's place (expected {expected!r})")
    source = d["source"]
    if not isinstance(source, dict) or "seed" not in source:
        raise doc.error(("source",), "source is a mapping with at least 'seed' (and section, lines)")
    choices = d.get("choices", []) or []
    if not isinstance(choices, list):
        raise doc.error(("choices",), "choices is a list")
    supports = d.get("supports", []) or []
    return GameFile(
        id=gid,
        family=family,
        name=str(d["name"]),
        room=str(d["room"]),
        source=dict(source),
        data=d,
        path=doc.path,
        choices=tuple(choices),
        supports=tuple(str(x) for x in supports),
    )


@cache
def load_games(root: Path | None = None) -> dict[str, GameFile]:
    """Every game in the catalogue, by id."""
    base = (root or config_dir()) / "games"
    games: dict[str, GameFile] = {}
    for path in sorted(base.glob("*/*.yaml")):
        g = _parse(load_yaml(path))
        if g.id in games:
            raise UserError(f"{path}: duplicate game id {g.id!r} (also in {games[g.id].path})")
        games[g.id] = g
    return games


def get_game(game_id: str) -> GameFile:
    """One game by id; an unknown id is a UserError that lists near matches."""
    games = load_games()
    if game_id in games:
        return games[game_id]
    family = game_id.split("/", 1)[0]
    near = [g for g in games if g.startswith(family + "/")] or list(games)
    raise UserError(
        f"unknown game {game_id!r}; known: {', '.join(near[:12])}{' …' if len(near) > 12 else ''}"
    )


def family_of(game: GameFile) -> Family:
    """The family engine of ``game`` (``rules.families``); an unknown family is a UserError naming the file."""
    try:
        return family(game.family)
    except UnknownFamily as exc:
        raise UserError(f"{game.path}: family: {exc}") from None
