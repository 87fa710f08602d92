"""The schema of the ultimatewar family's game files: strict pydantic models (``rules.gamefile``).

One model is both the schema the catalogue checks every file against (file, line and field of what is wrong)
and the engine's typed variant: :class:`rules.ultimatewar.model.Variant` over :class:`rules.gamefile.GameFileBase`.
"""

from __future__ import annotations

from rules.ultimatewar.model import Variant

UltimateWarFile = Variant

__all__ = ["UltimateWarFile"]
