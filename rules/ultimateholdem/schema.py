"""The schema of the ultimateholdem family's game files: strict pydantic models (``rules.gamefile``).

One model is both the schema the catalogue checks every file against (file, line and field of what is wrong)
and the engine's typed variant: :class:`rules.ultimateholdem.model.Variant` over
:class:`rules.gamefile.GameFileBase`.
"""

from __future__ import annotations

from rules.ultimateholdem.model import Variant

UltimateHoldemFile = Variant

__all__ = ["UltimateHoldemFile"]
