"""Every game family, found one way: importing this module registers each family's :class:`~rules.round.
family.Family` (at the bottom of its ``round`` module), and :func:`family` looks one up by a game file's
``family:``. A new family adds its package to the imports below (``docs/architecture.md``)."""

from __future__ import annotations

from typing import Annotated, Any, Union

from pydantic import BaseModel, Field, TypeAdapter

import rules.baccarat
import rules.blackjack
import rules.chinese
import rules.paigow
import rules.paigowtiles
import rules.panguingue
import rules.partycraps
import rules.poker
import rules.quickdraw
import rules.threecard
import rules.twocardpeek
import rules.ultimateholdem
import rules.ultimatewar
from rules.errors import RulesError
from rules.paigowtiles.schema import PaiGowTilesFile
from rules.round.family import (
    BaseFamily,
    Family,
    family_rules,
    is_registered,
    register_family,
    registered_families,
)

#: The family packages, for tools that list them (``dealer-terminal schema``, the architecture doc).
PACKAGES = (
    rules.baccarat,
    rules.blackjack,
    rules.chinese,
    rules.paigow,
    rules.paigowtiles,
    rules.panguingue,
    rules.partycraps,
    rules.poker,
    rules.quickdraw,
    rules.threecard,
    rules.twocardpeek,
    rules.ultimateholdem,
    rules.ultimatewar,
)


class _TilesFamily(BaseFamily):
    """Pai Gow Tiles until its round hooks are written: the engine's defaults (no settlement), its schema."""

    schema = PaiGowTilesFile
    house_way_pieces = "tiles"
    pieces = "tiles"


# A family package whose round hooks are not written yet deals with the engine's defaults: it is still a
# known family, so its game files load (checked against its schema) and its rounds fold.
if not is_registered("paigowtiles"):
    register_family("paigowtiles", _TilesFamily())


class UnknownFamily(RulesError):
    """A game file names a family no package registers."""


def family(name: str) -> Family:
    """The family registered as ``name`` (a game file's ``family:``); :class:`UnknownFamily` if none is."""
    if not is_registered(name):
        known = ", ".join(registered_families())
        raise UnknownFamily(f"no game family {name!r} (known: {known})")
    return family_rules(name)


def names() -> tuple[str, ...]:
    """Every registered family name."""
    return registered_families()


def schemas() -> dict[str, type[BaseModel]]:
    """Each registered family's game-file schema, by family name (families without one are left out)."""
    out: dict[str, type[BaseModel]] = {}
    for name in registered_families():
        schema = family_rules(name).schema
        if schema is not None:
            out[name] = schema
    return out


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a game file: one of the families' schemas, chosen by ``family`` (``dealer-terminal
    schema``; editors validate a game file with it)."""
    models = tuple(dict.fromkeys(schemas().values()))
    union: Any = Union[models]  # noqa: UP007 - a Union built from a tuple of models
    adapter: TypeAdapter[Any] = TypeAdapter(Annotated[union, Field(discriminator="family")])
    out = adapter.json_schema()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "dealer-terminal game file",
        "description": "A game variant file under config/games/<family>/ (docs/games.md).",
        **out,
    }
