"""Every game family, found one way: importing this module registers each family's :class:`~rules.round.
family.Family` (at the bottom of its ``round`` module), and :func:`family` looks one up by a game file's
``family:``. A new family adds its package to the imports below (``docs/architecture.md``)."""

from __future__ import annotations

import rules.baccarat
import rules.blackjack
import rules.paigow
import rules.paigowtiles
import rules.poker
import rules.threecard
from rules.errors import RulesError
from rules.round.family import (
    BaseFamily,
    Family,
    family_rules,
    is_registered,
    register_family,
    registered_families,
)

#: The family packages, for tools that list them (``dealer-terminal schema``, the architecture doc).
PACKAGES = (rules.baccarat, rules.blackjack, rules.paigow, rules.paigowtiles, rules.poker, rules.threecard)

# A family package whose round hooks are not written yet deals with the engine's defaults (no settlement):
# it is still a known family, so its game files load and its rounds fold.
for _pkg in PACKAGES:
    _name = _pkg.__name__.rsplit(".", 1)[-1]
    if not is_registered(_name):
        register_family(_name, BaseFamily())


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
