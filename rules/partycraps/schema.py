"""The schema of the partycraps family's game files: the strict pydantic model that is also the engine's
typed variant (:class:`rules.partycraps.model.Variant` over :class:`rules.gamefile.GameFileBase`)."""

from __future__ import annotations

from rules.partycraps.model import Variant

PartyCrapsFile = Variant

__all__ = ["PartyCrapsFile"]
