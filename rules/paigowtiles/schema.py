"""The schema of the paigowtiles family's game files: strict pydantic models (``rules.gamefile``).

One model is both the schema the catalogue checks every file against (file, line and field of what is wrong)
and the engine's typed variant: :class:`rules.paigowtiles.variant.TilesVariant` over
:class:`rules.gamefile.GameFileBase`, with the round's procedure (``round:``,
:class:`rules.paigowtiles.table_round.RoundRules`).
"""

from __future__ import annotations

from rules.paigowtiles.variant import TilesVariant

PaiGowTilesFile = TilesVariant

__all__ = ["PaiGowTilesFile"]
