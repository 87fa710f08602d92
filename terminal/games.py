"""The game catalogue: one YAML file per filed variant under ``config/games/<family>/``.

Every file starts with the same header (id, family, name, room, source, choices); the rest is the family's
own data. The catalogue validates every file completely when it loads: the YAML within the limits of
:mod:`kernel.safeyaml`, the family's strict schema (``Family.schema``, ``rules.gamefile``: unknown keys, wrong
types, a pay figure that is not a finite non-negative ratio) and the family's own parser
(``Family.parse_variant``); the first problem is a UserError naming file, line and field, so ``games``,
``config check`` and start-up refuse a bad file before a round is dealt with it.

A catalogue that validated is cached (``$XDG_CACHE_HOME/dealer-terminal``), keyed by the hash of every game
file and of the schema's source, so a command that only lists games does not pay for the validation again.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from kernel.safeyaml import YamlLimitError, load_text
from terminal.errors import UserError
from terminal.paths import config_dir
from terminal.yamlfile import LocatedYaml, PathKey, load_yaml

if TYPE_CHECKING:
    from rules.round.family import Family

HEADER_KEYS = ("id", "family", "name", "room", "source")
#: Bumped when what the cache holds changes shape.
CACHE_FORMAT = 1


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


def _header(doc: LocatedYaml) -> GameFile:
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


def _dotted(where: str) -> PathKey:
    """``bonuses[2].pays`` / ``bonuses.2.pays`` as a path of keys and indexes."""
    out: list[str | int] = []
    for part in re.split(r"[.\[\]]+", where):
        if part:
            out.append(int(part) if part.isdigit() else part)
    return tuple(out)


def validate_game(doc: LocatedYaml) -> GameFile:
    """The game file in ``doc``, validated completely (header, family schema, family parser); a UserError
    naming file, line and field otherwise."""
    from pydantic import ValidationError

    from rules.errors import RulesError
    from rules.families import UnknownFamily, family
    from rules.gamefile import first_problem

    game = _header(doc)
    try:
        fam = family(game.family)
    except UnknownFamily as exc:
        raise doc.error(("family",), str(exc)) from None
    if fam.schema is not None:
        try:
            fam.schema.model_validate(doc.data)
        except ValidationError as exc:
            path, msg = first_problem(exc, doc.data)
            raise doc.error(path, msg) from None
    try:
        fam.parse_variant(doc.data)
    except RulesError as exc:
        where = getattr(exc, "where", None) or getattr(exc, "path", None)
        reason = getattr(exc, "reason", None) or getattr(exc, "message", None) or str(exc)
        raise doc.error(_dotted(where) if isinstance(where, str) else (), str(reason)) from None
    return game


def _cache_file(key: str) -> Path | None:
    base = os.environ.get("XDG_CACHE_HOME") or (Path.home() / ".cache")
    return Path(base) / "dealer-terminal" / f"catalogue-{key}.bin"


def _schema_stamp() -> bytes:
    """The source of everything that decides whether a file is valid (the schemas, the families' parsers)."""
    import rules

    root = Path(rules.__file__).resolve().parent
    h = hashlib.sha256(str(CACHE_FORMAT).encode())
    for p in sorted(root.rglob("*.py")):
        h.update(p.relative_to(root).as_posix().encode())
        h.update(p.read_bytes())
    return h.digest()


def _load(path: Path, raw: bytes) -> GameFile:
    """One file, validated; on a problem the file is read again with line tracking to name the line."""
    try:
        text = raw.decode("utf-8")
        data = load_text(text)
    except (UnicodeDecodeError, yaml.YAMLError, YamlLimitError):
        return validate_game(load_yaml(path))  # raises the located error
    return validate_game(LocatedYaml(path, data, source=text))


@cache
def load_games(root: Path | None = None) -> dict[str, GameFile]:
    """Every game in the catalogue, by id, each validated completely (see the module docstring)."""
    base = (root or config_dir()) / "games"
    files = [(p, p.read_bytes()) for p in sorted(base.glob("*/*.yaml"))]
    h = hashlib.sha256(_schema_stamp())
    for p, raw in files:
        h.update(p.relative_to(base).as_posix().encode() + b"\0" + hashlib.sha256(raw).digest())
    key = h.hexdigest()[:32]
    cached = _read_cache(key, base)
    if cached is not None:
        return cached
    games: dict[str, GameFile] = {}
    for path, raw in files:
        g = _load(path, raw)
        if g.id in games:
            raise UserError(f"{path}: duplicate game id {g.id!r} (also in {games[g.id].path})")
        games[g.id] = g
    _write_cache(key, base, games)
    return games


def _read_cache(key: str, base: Path) -> dict[str, GameFile] | None:
    path = _cache_file(key)
    try:
        rows = marshal.loads(path.read_bytes()) if path is not None else None
    except (OSError, ValueError, EOFError, TypeError):
        return None
    if not isinstance(rows, list):
        return None
    out: dict[str, GameFile] = {}
    for r in rows:
        out[r["id"]] = GameFile(
            id=r["id"],
            family=r["family"],
            name=r["name"],
            room=r["room"],
            source=r["data"]["source"],
            data=r["data"],
            path=base / r["path"],
            choices=tuple(r["data"].get("choices") or ()),
            supports=tuple(str(x) for x in r["data"].get("supports") or ()),
        )
    return out


def _write_cache(key: str, base: Path, games: dict[str, GameFile]) -> None:
    path = _cache_file(key)
    if path is None:
        return
    rows = [
        {
            "id": g.id,
            "family": g.family,
            "name": g.name,
            "room": g.room,
            "path": str(g.path.relative_to(base)),
            "data": g.data,
        }
        for g in games.values()
    ]
    try:
        blob = marshal.dumps(rows)  # plain data only (ValueError otherwise: then no cache)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(blob)
        os.replace(tmp, path)
    except (OSError, ValueError):
        return  # no cache: the next command validates again


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
    from rules.families import UnknownFamily, family

    try:
        return family(game.family)
    except UnknownFamily as exc:
        raise UserError(f"{game.path}: family: {exc}") from None
