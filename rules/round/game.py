"""What the round engine needs of a variant: its deck, dealing procedure and ruling table.

Built from a game file's data (the terminal loads the YAML; ``rules`` never reads files). Errors are
:class:`~rules.round.procedure.ProcedureError` with the path of the bad field, so the terminal can name
the file's line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.decks import DeckSpec
from rules.errors import DeckError
from rules.round.procedure import Procedure, ProcedureError, parse_procedure
from rules.round.rulings import RulingTable, parse_rulings


@dataclass(frozen=True, slots=True)
class GameRules:
    """A variant as the round engine sees it."""

    id: str
    family: str
    deck: DeckSpec
    procedure: Procedure
    rulings: RulingTable
    #: The game file's whole mapping, for the family's hooks (e.g. the baccarat tableau); not compared.
    data: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def from_data(
        cls, game_id: str, family: str, data: Mapping[str, Any], decks: int | None = None
    ) -> GameRules:
        """From a game file's mapping (``deck:``, ``deal:``, ``irregularities:``); ``decks`` overrides the
        table's shoe size."""
        try:
            deck = DeckSpec.from_data(data.get("deck") or {})
        except DeckError as exc:
            raise ProcedureError(("deck",), str(exc)) from None
        if decks is not None:
            deck = deck.with_decks(decks)
        if "deal" not in data:
            raise ProcedureError(("deal",), f"game {game_id!r} has no dealing procedure")
        return cls(
            game_id,
            family,
            deck,
            parse_procedure(data["deal"]),
            parse_rulings(data.get("irregularities")),
            data,
        )
