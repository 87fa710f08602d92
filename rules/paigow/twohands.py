"""Two House Way hands from one deck: the exact counts behind the bets that compare them.

Ultimate Pai Gow Poker's four bets (a "player" and a "banker" community hand, seed 000 L1373-1511) and Triple
Bonus's Ultimate Push (the player's hand against the player-dealer's, seed 000 L3930-3946) are decided on two
seven-card hands dealt from one 53-card deck and both set the House Way. Every such bet is settled by four
facts about the ordered pair (A, B) of hands:

* ``sb``, ``sf`` — how A's back (five-card) and front (two-card) hands compare with B's: ``LESS``, ``EQUAL``
  (a copy) or ``GREATER``;
* ``qa``, ``qb`` — whether A's and B's fronts are a pair of threes or better (L1469, L1494, L3946).

A :class:`TwoHandTable` holds, for each of the 36 combinations (a *cell*), how many of the
C(53, 7) x C(46, 7) = 8,250,459,031,214,400 ordered pairs of disjoint hands fall in it. The table is computed
exhaustively — every pair, no sampling — by ``benchmarks/paigow_two_hands.py`` (inclusion-exclusion over
the cards two hands share, see ``benchmarks/paigow_two_hands.c``) and stored under
``config/analysis/<chart>-two-hands.yaml`` with the House Way chart's digest; this module turns it into each
bet's outcomes and house edge, and builds the class values the computation starts from.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any, Final

from rules.analysis import Wager, WagerOutcome
from rules.cards import parse_card
from rules.errors import RulesError
from rules.paigow.hands import PaiGowRules, front_value, value5
from rules.paigow.house_way import HouseWay, set_hand
from rules.paigow.variant import Bonus, PaiGowVariant

LESS: Final = 0
EQUAL: Final = 1
GREATER: Final = 2
_SIGNS: Final = ("<", "=", ">")

#: A two-card pair of threes: "a pair of 3's or higher in the front two card hand" (seed 000 L1469, L1494, L3946).
PAIR_OF_THREES: Final = front_value([parse_card("3s").index, parse_card("3h").index])

#: Ordered pairs of disjoint seven-card hands from 53 cards.
PAIRS_53_7: Final = comb(53, 7) * comb(46, 7)


class TwoHandError(RulesError, ValueError):
    """A two-hand table that is malformed, inconsistent, or made for another chart or ranking."""


def cell_index(sb: int, sf: int, qa: int, qb: int) -> int:
    """The cell of an ordered pair: back sign, front sign, A's and B's front pair of threes or better."""
    return ((sb * 3 + sf) * 2 + qa) * 2 + qb


def cells() -> Iterator[tuple[int, int, int, int]]:
    """Every (sb, sf, qa, qb), in cell order."""
    for sb in range(3):
        for sf in range(3):
            for qa in range(2):
                for qb in range(2):
                    yield sb, sf, qa, qb


def mirror(sb: int, sf: int, qa: int, qb: int) -> tuple[int, int, int, int]:
    """The same pair seen from B: signs turned round, the two hands' flags swapped."""
    return 2 - sb, 2 - sf, qb, qa


def disjoint_counts(per_k: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The cells over disjoint pairs from the counts R_k over pairs that both contain a k-card set:
    ``sum_k (-1)^k R_k`` (a pair sharing m cards is counted C(m, k) times in R_k)."""
    if not per_k or any(len(r) != 36 for r in per_k):
        raise TwoHandError("R_k needs 36 cells for every k")
    return tuple(sum((-1) ** k * r[c] for k, r in enumerate(per_k)) for c in range(36))


# ---------------------------------------------------------------------------------------------- classes


@dataclass(frozen=True, slots=True)
class ClassValues:
    """Every class of seven-card hands set the House Way: its key, its weight, and its front and back ids.

    ``key`` packs the class as the C program computes it from a hand: ``sum(count[r] * 5**r)`` over the ranks
    2..A (r = 0..12), the joker at bit 32, and from bit 33 the ranks of the flush suit (a suit holding five
    naturals, or four and the joker; none for a plain class). ``front_ids`` and ``back_ids`` number the
    distinct front and back values in order; ``tau`` is the first front id that is a pair of threes or better.
    """

    keys: tuple[int, ...]
    weights: tuple[int, ...]
    front_ids: tuple[int, ...]
    back_ids: tuple[int, ...]
    fronts: int
    backs: int
    tau: int


def class_key(counts: Mapping[int, int], joker: bool, flush_ranks: frozenset[int] | None) -> int:
    """The packed key of a class (see :class:`ClassValues`); ranks are 2..14."""
    code = sum(n * 5 ** (r - 2) for r, n in counts.items()) if counts else 0
    code = int(code)
    mask = sum(1 << (r - 2) for r in flush_ranks) if flush_ranks else 0
    return code | int(joker) << 32 | mask << 33


def hand_class_key(idx: Sequence[int]) -> int:
    """The packed key of a concrete hand (card indices; the joker is 52), as the C program computes it."""
    counts: dict[int, int] = {}
    suits: dict[int, list[int]] = {}
    joker = False
    for i in idx:
        if i == 52:
            joker = True
            continue
        r = (i >> 2) + 2
        counts[r] = counts.get(r, 0) + 1
        suits.setdefault(i & 3, []).append(r)
    flush = [frozenset(rs) for rs in suits.values() if len(rs) >= 5 - joker]
    return class_key(counts, joker, flush[0] if flush else None)


def class_values(way: HouseWay, progress: Callable[[int], None] | None = None) -> ClassValues:
    """Set a representative of every seven-card class the House Way and number the values (about 290,000
    classes; the chart sees only what the class fixes, as the exhaustive audit relies on)."""
    from rules.paigow.classes import _classes, _representative  # the analysis's own class enumeration

    rules = way.hand_rules
    keys: list[int] = []
    weights: list[int] = []
    raw: list[tuple[int, int]] = []
    plain_weight: dict[int, int] = {}
    for n, (kind, _key, fs, counts, joker, w) in enumerate(_classes(7)):
        idx = _representative(counts, joker, fs)
        front, _rule = set_hand(idx, way)
        back = [i for i in idx if i not in front]
        key = class_key(counts, joker, fs)
        if kind == "plain":
            plain_weight[key] = len(keys)
        else:
            # a flush class's hands were also counted by its plain class (the same ranks and joker)
            weights[plain_weight[class_key(counts, joker, None)]] -= w
        keys.append(key)
        weights.append(w)
        raw.append((front_value(front, rules), value5(back, rules)))
        if progress is not None and n % 10000 == 0:
            progress(n)
    f_order = {v: i for i, v in enumerate(sorted({f for f, _ in raw}))}
    b_order = {v: i for i, v in enumerate(sorted({b for _, b in raw}))}
    tau = sum(1 for v in f_order if v < PAIR_OF_THREES)
    return ClassValues(
        tuple(keys),
        tuple(weights),
        tuple(f_order[f] for f, _ in raw),
        tuple(b_order[b] for _, b in raw),
        len(f_order),
        len(b_order),
        tau,
    )


# ---------------------------------------------------------------------------------------------- the table


@dataclass(frozen=True, slots=True)
class TwoHandTable:
    """Exact counts of ordered pairs of disjoint House Way hands in each cell, for one chart and ranking."""

    chart: str
    chart_sha256: str
    evaluator: Mapping[str, Any]
    cells: tuple[int, ...]
    pairs: int
    source: str

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> TwoHandTable:
        """From the stored file's mapping; checks the total and the symmetry between the two hands."""
        try:
            rows = data["cells"]
            counts = [0] * 36
            seen = set()
            for row in rows:
                c = cell_index(
                    _SIGNS.index(row["back"]),
                    _SIGNS.index(row["front"]),
                    int(bool(row["a_front_3s"])),
                    int(bool(row["b_front_3s"])),
                )
                if c in seen:
                    raise TwoHandError(f"cell {row} is listed twice")
                seen.add(c)
                counts[c] = int(row["pairs"])
            table = cls(
                chart=str(data["chart"]),
                chart_sha256=str(data["chart_sha256"]),
                evaluator=dict(data["evaluator"]),
                cells=tuple(counts),
                pairs=int(data["pairs"]),
                source=str(data.get("source", "")),
            )
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, TwoHandError):
                raise
            raise TwoHandError(
                f"a two-hand table needs chart, chart_sha256, evaluator, pairs and 36 cells: {exc}"
            ) from None
        table.check()
        return table

    def check(self) -> None:
        """Every pair counted once; A and B exchangeable (the count of a cell equals its mirror's)."""
        if self.pairs != PAIRS_53_7:
            raise TwoHandError(f"the table counts {self.pairs} pairs, not C(53,7) x C(46,7) = {PAIRS_53_7}")
        if sum(self.cells) != self.pairs:
            raise TwoHandError(f"the cells add up to {sum(self.cells)}, not {self.pairs}")
        if any(n < 0 for n in self.cells):
            raise TwoHandError("a cell count is negative")
        for c in cells():
            if self.cells[cell_index(*c)] != self.cells[cell_index(*mirror(*c))]:
                raise TwoHandError(f"cell {c} differs from its mirror: the two hands are not exchangeable")
        for sb, sf, qa, qb in cells():
            # equal fronts are the same front hand: both pairs of threes or better, or neither
            if sf == EQUAL and qa != qb and self.cells[cell_index(sb, sf, qa, qb)]:
                raise TwoHandError("equal fronts with different pair-of-threes flags")

    def to_data(self) -> dict[str, Any]:
        """The stored file's mapping."""
        return {
            "chart": self.chart,
            "chart_sha256": self.chart_sha256,
            "evaluator": dict(self.evaluator),
            "pairs": self.pairs,
            "source": self.source,
            "cells": [
                {
                    "back": _SIGNS[sb],
                    "front": _SIGNS[sf],
                    "a_front_3s": bool(qa),
                    "b_front_3s": bool(qb),
                    "pairs": self.cells[cell_index(sb, sf, qa, qb)],
                }
                for sb, sf, qa, qb in cells()
            ],
        }

    def probability(self, pred: Callable[[int, int, int, int], bool]) -> Fraction:
        """The exact probability that a dealt pair (A, B) satisfies ``pred(sb, sf, qa, qb)``."""
        n = sum(self.cells[cell_index(*c)] for c in cells() if pred(*c))
        return Fraction(n, self.pairs)

    def fits(self, variant: PaiGowVariant, chart: str) -> bool:
        """Whether the table was computed for this chart and this ranking of hands."""
        r: PaiGowRules = variant.hand_rules
        ev = {"wheel": r.wheel, "joker_flush": r.joker_flush, "front_cards": r.front_cards}
        return self.chart == chart and all(self.evaluator.get(k) == v for k, v in ev.items())


# ---------------------------------------------------------------------------------------------- the bets


def _wins(sb: int, sf: int) -> int:
    """Segments A wins outright (a copy wins for neither side)."""
    return (sb == GREATER) + (sf == GREATER)


def _loses(sb: int, sf: int) -> int:
    return (sb == LESS) + (sf == LESS)


def _pays(bonus: Bonus, hand: str) -> Fraction:
    """What the bet's pay table pays ``hand``; a table without the row is an error naming it, never a
    figure made up here."""
    row = bonus.row(hand)
    if row is None:
        raise TwoHandError(f"{bonus.id}: its pay table has no {hand!r} row")
    return row.pays


def community_wager(bonus: Bonus, table: TwoHandTable) -> Wager:
    """An Ultimate Pai Gow bet (seed 000 L1462-1511): A is the "player" hand, B the "banker" hand. A side wins
    with both segments, pushes with one (a copy wins for neither side: L1373's examples), else loses; a side's
    bet on a push comes back or loses as the bonus's ``on_push`` says."""
    p = table.probability
    rows: list[WagerOutcome]
    if bonus.side in ("player", "banker"):
        player = bonus.side == "player"

        def mine(sb: int, sf: int) -> int:
            return _wins(sb, sf) if player else _loses(sb, sf)

        def pair(qa: int, qb: int) -> int:
            return qa if player else qb

        rows = [
            WagerOutcome(
                "Wins with a front pair of 3s or better",
                p(lambda sb, sf, qa, qb: mine(sb, sf) == 2 and bool(pair(qa, qb))),
                _pays(bonus, "side_wins_with_front_pair_3s_or_better"),
            ),
            WagerOutcome(
                "Wins",
                p(lambda sb, sf, qa, qb: mine(sb, sf) == 2 and not pair(qa, qb)),
                _pays(bonus, "side_wins"),
            ),
            WagerOutcome(
                "Push (the wager comes back)" if bonus.on_push == "return" else "Push (loses)",
                p(lambda sb, sf, qa, qb: mine(sb, sf) == 1),
                Fraction(0) if bonus.on_push == "return" else Fraction(-1),
            ),
            WagerOutcome("Loses", p(lambda sb, sf, qa, qb: mine(sb, sf) == 0), Fraction(-1)),
        ]
    elif bonus.id.endswith("push"):

        def push(sb: int, sf: int) -> bool:
            return _wins(sb, sf) == 1 or _loses(sb, sf) == 1

        rows = [
            WagerOutcome(
                "Push with a front pair of 3s or better",
                p(lambda sb, sf, qa, qb: push(sb, sf) and bool(qa or qb)),
                _pays(bonus, "push_with_front_pair_3s_or_better"),
            ),
            WagerOutcome(
                "Push", p(lambda sb, sf, qa, qb: push(sb, sf) and not (qa or qb)), _pays(bonus, "push")
            ),
            WagerOutcome("No push (loses)", p(lambda sb, sf, qa, qb: not push(sb, sf)), Fraction(-1)),
        ]
    elif bonus.id.endswith("tie"):
        # the Tie bet pays the highest row the pair makes (the variant file's choice)
        rows = [
            WagerOutcome(
                "Seven card tie",
                p(lambda sb, sf, qa, qb: sb == EQUAL and sf == EQUAL),
                _pays(bonus, "seven_card_tie"),
            ),
            WagerOutcome(
                "Five card tie",
                p(lambda sb, sf, qa, qb: sb == EQUAL and sf != EQUAL),
                _pays(bonus, "five_card_tie"),
            ),
            WagerOutcome(
                "Two card tie",
                p(lambda sb, sf, qa, qb: sf == EQUAL and sb != EQUAL),
                _pays(bonus, "two_card_tie"),
            ),
            WagerOutcome(
                "No tie (loses)", p(lambda sb, sf, qa, qb: sb != EQUAL and sf != EQUAL), Fraction(-1)
            ),
        ]
    else:
        raise TwoHandError(f"{bonus.id}: not an Ultimate Pai Gow bet")
    return Wager(bonus.name, tuple(rows), note=f"{bonus.cite}; both hands set the House Way ({table.source})")


def push_wager(bonus: Bonus, table: TwoHandTable) -> Wager:
    """Triple Bonus's Ultimate Push (seed 000 L3930-3946): A is the player's hand, B the player-dealer's, both set
    the House Way; copies go to the player-dealer, so the bet wins when the player wins exactly one segment."""
    p = table.probability
    rows = (
        WagerOutcome(
            "Push with a front pair of 3s or better",
            p(lambda sb, sf, qa, qb: _wins(sb, sf) == 1 and bool(qa or qb)),
            _pays(bonus, "push_with_front_pair_3s_or_better"),
        ),
        WagerOutcome(
            "Push", p(lambda sb, sf, qa, qb: _wins(sb, sf) == 1 and not (qa or qb)), _pays(bonus, "push")
        ),
        WagerOutcome("No push (loses)", p(lambda sb, sf, qa, qb: _wins(sb, sf) != 1), Fraction(-1)),
    )
    return Wager(bonus.name, rows, note=f"{bonus.cite}; both hands set the House Way ({table.source})")


def base_wager(variant: PaiGowVariant, table: TwoHandTable) -> Wager:
    """The base wager when the player, too, sets the House Way: both segments win (paid the variant's pay), one
    each pushes, copies to the player-dealer."""
    p = table.probability
    rows = (
        WagerOutcome("Player wins both", p(lambda sb, sf, qa, qb: _wins(sb, sf) == 2), variant.pays),
        WagerOutcome("Push (one each)", p(lambda sb, sf, qa, qb: _wins(sb, sf) == 1), Fraction(0)),
        WagerOutcome("Player-dealer wins", p(lambda sb, sf, qa, qb: _wins(sb, sf) == 0), Fraction(-1)),
    )
    return Wager(
        "Base wager, the player's hand set the House Way too",
        rows,
        note=f"copies to the player-dealer; no commission ({table.source})",
    )
