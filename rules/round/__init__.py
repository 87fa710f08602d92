"""The round engine: dealing procedures as data, rounds as a pure fold over events, cited rulings.

Public API (see ``docs/scenarios.md`` and ``docs/games.md``):

- events: :mod:`rules.round.events` (``CardRead``, ``RoundStart`` … ``event_from_json``)
- alerts: :mod:`rules.round.alerts` (``Alert``, ``AlertCode``, ``Ruling``, ``Severity``, ``Role``)
- the variant: :class:`GameRules` (``deal:`` -> :mod:`rules.round.procedure`, ``irregularities:`` ->
  :mod:`rules.round.rulings`)
- the fold: :func:`initial`, :func:`apply`, :func:`fold`, :class:`RoundState`
- family hooks: :class:`FamilyRules`, :class:`BaseFamily`, :func:`register_family`
"""

from rules.round.alerts import Alert, AlertCode, Cite, Role, Ruling, Severity
from rules.round.events import Event, EventError, Target, TargetKind, event_from_json
from rules.round.family import BaseFamily, FamilyRules, family_rules, register_family
from rules.round.game import GameRules
from rules.round.procedure import Phase, PhaseKind, ProcedureError, Slot
from rules.round.rulings import Finding
from rules.round.shoe import ShoeSession
from rules.round.state import Outcome, RoundState, Status, Wait, apply, fold, initial

__all__ = [
    "Alert",
    "AlertCode",
    "BaseFamily",
    "Cite",
    "Event",
    "EventError",
    "FamilyRules",
    "Finding",
    "GameRules",
    "Outcome",
    "Phase",
    "PhaseKind",
    "ProcedureError",
    "Role",
    "RoundState",
    "Ruling",
    "Severity",
    "ShoeSession",
    "Slot",
    "Status",
    "Target",
    "TargetKind",
    "Wait",
    "apply",
    "event_from_json",
    "family_rules",
    "fold",
    "initial",
    "register_family",
]
