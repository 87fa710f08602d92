"""Where each game family's engine lives: its name (a game file's ``family:``) → the package whose import
registers it (``register_family`` at the bottom of the package's ``round`` module).

The registry (:func:`rules.round.family.family_rules`) imports a family's package the first time a game of
that family is looked up, so a process that deals one game loads one family's engine, not all of them (the
console's start-up, ``docs/performance.md``). A new family adds its line here;
``tests/rules/test_lazy_families.py`` fails when a package under ``rules/`` registers a family this table
does not name, or names a package that does not register it.

This module imports nothing: the round engine reads it without depending on any family.
"""

from __future__ import annotations

#: Family name → the package that registers it, in name order.
FAMILY_PACKAGES: dict[str, str] = {
    "baccarat": "rules.baccarat",
    "blackjack": "rules.blackjack",
    "chinese": "rules.chinese",
    "draw": "rules.poker",
    "holdem": "rules.poker",
    "omaha": "rules.poker",
    "paigow": "rules.paigow",
    "paigowtiles": "rules.paigowtiles",
    "panguingue": "rules.panguingue",
    "partycraps": "rules.partycraps",
    "quickdraw": "rules.quickdraw",
    "stud": "rules.poker",
    "threecard": "rules.threecard",
    "twocardpeek": "rules.twocardpeek",
    "ultimateholdem": "rules.ultimateholdem",
    "ultimatewar": "rules.ultimatewar",
}
