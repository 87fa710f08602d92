"""The keys every game file shares, whatever its family (docs/games.md).

A family's ``from_data`` accepts these beside its own keys and rejects anything else.
"""

from __future__ import annotations

from typing import Final

#: The catalogue header: which game, which room's filing, what was chosen where it is unclear, and the
#: rules the filing states with where each is enforced (``filed_rules``: ``dealer-terminal rules GAME``).
HEADER_KEYS: Final = frozenset(
    {"id", "family", "name", "room", "source", "choices", "supports", "filed_rules"}
)
#: The round engine's keys: the shoe, the dealing procedure and the ruling table.
ROUND_KEYS: Final = frozenset({"deck", "deal", "irregularities", "wager_limits", "rotation"})
