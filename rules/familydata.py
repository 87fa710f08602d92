"""Reading a family's keys of a game file into its strict pydantic model, with one typed error naming the
field (``war_bet.pays.1.wars: ...``). Header and round-engine keys are left to their own readers."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from rules.errors import RulesError
from rules.gamefile import HEADER_KEYS, ROUND_KEYS

M = TypeVar("M", bound=BaseModel)


def family_model(model: type[M], data: Mapping[str, Any], error: Callable[[str, str], RulesError]) -> M:
    """``model`` validated from ``data``'s family keys; ``error(where, message)`` for an unknown key, a
    missing one or a wrong value."""
    if not isinstance(data, Mapping):
        raise error("", "a game file is a mapping")
    body = {k: v for k, v in data.items() if k not in HEADER_KEYS | ROUND_KEYS}
    unknown = sorted(set(body) - set(model.model_fields))
    if unknown:
        raise error(unknown[0], "unknown key")
    try:
        return model.model_validate(body)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise error(".".join(str(p) for p in err["loc"]), err["msg"]) from None
