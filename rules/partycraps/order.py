"""Party Craps' filed order of settlement by the two cards dealt (seed 000 L4278-4674): for each of the 21
combinations of aces to sixes, the betting areas in the order the house dealer settles them, starting at the
Action tile's seat (``config/partycraps/the101-settlement-order.yaml``). Pure: the caller reads the file."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Any, TypeVar

from rules.partycraps.deck import VALUES, PartyCrapsError

T = TypeVar("T")

#: The names a filed order may use (the data file's header says what each stands for).
SECTIONS = frozenset(
    {
        "hop-this", "hop", "horn-this", "horn-others", "horn", "any-seven", "any-craps", "pass", "dont-pass",
        "come", "dont-come", "lay", "place", "buy", "big-6", "big-8", "big-6-established", "big-8-established",
        "field", "e", "c", "hard-ways", "hard-4", "hard-6", "hard-8", "hard-10",
    }
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class SettlementOrder:
    """The filed order for each unordered pair of cards, with the filing's lines for each."""

    orders: Mapping[tuple[int, int], tuple[str, ...]]
    lines: Mapping[tuple[int, int], str]

    def for_cards(self, a: int, b: int) -> tuple[str, ...]:
        """The order for the two cards ``a`` and ``b`` (either order)."""
        key = (min(a, b), max(a, b))
        if key not in self.orders:
            raise PartyCrapsError(f"no filed order for the cards {a} and {b}")
        return self.orders[key]

    def position(self, a: int, b: int, section: str) -> int:
        """Where ``section`` settles for these cards (0 first); a section the list does not name settles
        after every named one (len of the list)."""
        order = self.for_cards(a, b)
        return order.index(section) if section in order else len(order)


def parse_order(data: Mapping[str, Any]) -> SettlementOrder:
    """The order of the data file's mapping; every one of the 21 combinations exactly once, known names only."""
    outcomes = data.get("outcomes")
    if not isinstance(outcomes, Sequence):
        raise PartyCrapsError("outcomes: a list of {cards, lines, order}")
    orders: dict[tuple[int, int], tuple[str, ...]] = {}
    lines: dict[tuple[int, int], str] = {}
    for i, row in enumerate(outcomes):
        cards, order = row.get("cards"), row.get("order")
        if not isinstance(cards, Sequence) or len(cards) != 2 or any(c not in VALUES for c in cards):
            raise PartyCrapsError(f"outcomes.{i}.cards: two cards of 1-6, not {cards!r}")
        key = (min(cards), max(cards))
        if key in orders:
            raise PartyCrapsError(f"outcomes.{i}: the cards {key} are listed twice")
        if not isinstance(order, Sequence) or not order:
            raise PartyCrapsError(f"outcomes.{i}.order: a list of betting areas")
        unknown = [s for s in order if s not in SECTIONS]
        if unknown or len(set(order)) != len(order):
            raise PartyCrapsError(f"outcomes.{i}.order: unknown or repeated areas {unknown or list(order)}")
        orders[key] = tuple(order)
        lines[key] = str(row.get("lines", ""))
    missing = [c for c in combinations_with_replacement(VALUES, 2) if c not in orders]
    if missing:
        raise PartyCrapsError(f"outcomes: no order for the cards {missing}")
    return SettlementOrder(orders, lines)


def in_filed_order(
    order: SettlementOrder, a: int, b: int, items: Sequence[tuple[str, int, T]], ring: Sequence[int]
) -> list[T]:
    """``items`` (section, seat, anything) in the order the house dealer settles them for the cards ``a``
    and ``b``: section by section as filed, and within a section seat by seat along ``ring`` (from the
    Action tile's seat)."""
    place = {s: i for i, s in enumerate(ring)}
    missing = [seat for _, seat, _ in items if seat not in place]
    if missing:
        raise PartyCrapsError(f"seats {sorted(set(missing))} are not in the settlement ring")
    keyed = sorted(
        ((order.position(a, b, section), place[seat], i) for i, (section, seat, _) in enumerate(items))
    )
    return [items[i][2] for _, _, i in keyed]
