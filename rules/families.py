"""Every game family, found one way: :func:`family` looks one up by a game file's ``family:``, importing the
family's package the first time (``rules.family_packages``: name → package; the package registers its
:class:`~rules.round.family.Family` at the bottom of its ``round`` module). A process loads only the families
it deals. A new family adds its line to ``rules/family_packages.py`` (``docs/architecture.md``)."""

from __future__ import annotations

from typing import Annotated, Any, Union

from pydantic import BaseModel, Field, TypeAdapter

from rules.errors import RulesError
from rules.family_packages import FAMILY_PACKAGES
from rules.round.family import Family, family_rules, is_registered, registered_families

#: The family packages, for tools that list them (``dealer-terminal schema``, the architecture doc).
PACKAGES: tuple[str, ...] = tuple(sorted(set(FAMILY_PACKAGES.values())))


class UnknownFamily(RulesError):
    """A game file names a family no package registers."""


def family(name: str) -> Family:
    """The family registered as ``name`` (a game file's ``family:``); :class:`UnknownFamily` if none is."""
    if not is_registered(name):
        known = ", ".join(names())
        raise UnknownFamily(f"no game family {name!r} (known: {known})")
    return family_rules(name)


def names() -> tuple[str, ...]:
    """Every known family name (``rules.family_packages``), without loading any family."""
    return tuple(sorted(FAMILY_PACKAGES))


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
