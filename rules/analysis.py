"""The result of an exact analysis of a variant's wagers (``dealer-terminal analyze``).

Probabilities are exact fractions. ``pays`` is the net result per unit wagered: ``40`` for 40 to 1,
``0`` for a push, ``-1`` for a loss. A wager's house edge is the expected loss per unit wagered,
negative where the player has the edge; a family may set it explicitly where the unit differs (for
example ante and play counted per ante unit).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any


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
class Analysis:
    """Exact analysis of one variant for its configured pay tables."""

    game: str
    decks: int
    outcomes: tuple[Outcome, ...]
    wagers: tuple[Wager, ...]
    notes: tuple[str, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, Any]:
        """The ``analyze --json`` object (docs/architecture.md §4)."""
        out: dict[str, Any] = {
            "game": self.game,
            "decks": self.decks,
            "outcomes": [o.to_json() for o in self.outcomes],
            "wagers": [w.to_json() for w in self.wagers],
        }
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
        lines.extend(self.notes)
        return "\n".join(lines).rstrip() + "\n"
