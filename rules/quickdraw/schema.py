"""The schema of the quickdraw family's game files: strict pydantic models (``rules.gamefile``).

One model is both the schema the catalogue checks every file against and the engine's typed variant:
:class:`rules.quickdraw.model.Variant` over :class:`rules.gamefile.GameFileBase`.
"""

from __future__ import annotations

from rules.quickdraw.model import Variant

QuickDrawFile = Variant

__all__ = ["QuickDrawFile"]
