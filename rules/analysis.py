"""The result of an exact analysis of a variant's wagers (``dealer-terminal analyze``).

Probabilities are exact fractions. ``pays`` is the net result per unit wagered: ``40`` for 40 to 1,
``0`` for a push, ``-1`` for a loss. A wager's house edge is the expected loss per unit wagered,
negative where the player has the edge; a family may set it explicitly where the unit differs (for
example ante and play counted per ante unit).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any


def _rules_only(value: Any) -> Any:
    """``value`` without its citations and labels (keys ``cite``, ``*_cite`` and ``name``), at any depth."""
    if isinstance(value, Mapping):
        return {
            str(k): _rules_only(v) for k, v in value.items() if not (k in ("cite", "name") or str(k).endswith("_cite"))
        }
    if isinstance(value, list | tuple):
        return [_rules_only(v) for v in value]
    return value


def rules_fingerprint(data: Mapping[str, Any], keys: Iterable[str]) -> str:
    """A sha256 of a game file's ``keys`` without their citations and labels: a stored count or estimate
    records it, and an analysis refuses the stored figures when the game's rules no longer match it."""
    picked = {k: _rules_only(data.get(k)) for k in keys}
    return hashlib.sha256(json.dumps(picked, sort_keys=True, default=str).encode()).hexdigest()


def _exact(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


@dataclass(frozen=True, slots=True)
class Outcome:
    """One outcome of the game (e.g. 'Banker wins', 'Flush') with its exact probability."""

    name: str
    probability: Fraction

    def to_json(self) -> dict[str, Any]:
        """The JSON object of the ``analyze --json`` contract."""
        return {"name": self.name, "probability": float(self.probability), "exact": _exact(self.probability)}


@dataclass(frozen=True, slots=True)
class WagerOutcome:
    """One way a wager settles: its probability and what it pays per unit (net)."""

    name: str
    probability: Fraction
    pays: Fraction

    def to_json(self) -> dict[str, Any]:
        """The JSON object of the ``analyze --json`` contract."""
        pays: float | int = int(self.pays) if self.pays.denominator == 1 else float(self.pays)
        return {
            "name": self.name,
            "probability": float(self.probability),
            "exact": _exact(self.probability),
            "pays": pays,
        }


@dataclass(frozen=True, slots=True)
class Wager:
    """A wager and every way it settles. The outcomes' probabilities add up to one."""

    name: str
    outcomes: tuple[WagerOutcome, ...]
    edge_override: Fraction | None = None
    note: str = ""

    @property
    def house_edge(self) -> Fraction:
        """Expected loss per unit wagered (negative: the player has the edge)."""
        if self.edge_override is not None:
            return self.edge_override
        return -sum((o.probability * o.pays for o in self.outcomes), Fraction(0))

    @property
    def total_probability(self) -> Fraction:
        """Sum of the outcomes' probabilities (one for a complete table)."""
        return sum((o.probability for o in self.outcomes), Fraction(0))

    def to_json(self) -> dict[str, Any]:
        """The JSON object of the ``analyze --json`` contract."""
        out: dict[str, Any] = {
            "name": self.name,
            "house_edge": float(self.house_edge),
            "house_edge_exact": _exact(self.house_edge),
            "outcomes": [o.to_json() for o in self.outcomes],
        }
        if self.note:
            out["note"] = self.note
        return out


@dataclass(frozen=True, slots=True)
class Estimate:
    """A wager's house edge that is NOT exact: a figure from a documented method (a seeded simulation, a
    bound), stored as data by the program that made it, with its standard error or bounds."""

    name: str
    house_edge: float  # the central figure: expected loss per unit wagered (negative: the player's edge)
    method: str
    standard_error: float | None = None
    low: float | None = None  # the edge's bounds where the method gives them
    high: float | None = None
    sample: str = ""  # the sample size, seeds and where it is stored

    def to_json(self) -> dict[str, Any]:
        """The JSON object of the ``analyze --json`` contract (``estimates``: never exact)."""
        out: dict[str, Any] = {"name": self.name, "house_edge": self.house_edge, "method": self.method}
        for key in ("standard_error", "low", "high"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.sample:
            out["sample"] = self.sample
        return out

    def to_text(self) -> str:
        """One labelled line (and the method under it) for people."""
        se = f" ± {self.standard_error * 100:.4f}% (standard error)" if self.standard_error is not None else ""
        bounds = ""
        if self.low is not None and self.high is not None:
            bounds = f"; between {self.low * 100:.4f}% and {self.high * 100:.4f}%"
        line = f"{self.name}: house edge ESTIMATE {self.house_edge * 100:.4f}%{se}{bounds} — not exact"
        return "\n".join([line, f"  method: {self.method}", *([f"  sample: {self.sample}"] if self.sample else [])])


@dataclass(frozen=True, slots=True)
class Analysis:
    """Exact analysis of one variant for its configured pay tables."""

    game: str
    decks: int
    outcomes: tuple[Outcome, ...]
    wagers: tuple[Wager, ...]
    notes: tuple[str, ...] = field(default_factory=tuple)
    estimates: tuple[Estimate, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, Any]:
        """The ``analyze --json`` object (docs/architecture.md §4)."""
        out: dict[str, Any] = {
            "game": self.game,
            "decks": self.decks,
            "outcomes": [o.to_json() for o in self.outcomes],
            "wagers": [w.to_json() for w in self.wagers],
        }
        if self.estimates:
            out["estimates"] = [e.to_json() for e in self.estimates]
        if self.notes:
            out["notes"] = list(self.notes)
        return out

    def to_text(self) -> str:
        """A table for people."""
        lines = [f"{self.game} — {self.decks} deck{'s' if self.decks != 1 else ''}", ""]
        if self.outcomes:
            lines.append("Outcomes")
            for o in self.outcomes:
                lines.append(f"  {o.name:<36} {float(o.probability):>12.8f}   {_exact(o.probability)}")
            lines.append("")
        for w in self.wagers:
            lines.append(
                f"{w.name}: house edge {float(w.house_edge) * 100:.4f}%" + (f"  ({w.note})" if w.note else "")
            )
            for wo in w.outcomes:
                pays = f"{float(wo.pays):g}"
                lines.append(f"  {wo.name:<34} pays {pays:>8}   {float(wo.probability):>12.8f}")
            lines.append("")
        for e in self.estimates:
            lines.extend([e.to_text(), ""])
        lines.extend(self.notes)
        return "\n".join(lines).rstrip() + "\n"
