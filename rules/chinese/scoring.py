"""Scoring and settlement of a Chinese Poker deal: per-hand findings, the pairwise comparisons in the filed
order, Clean Sweeps first, and the money with table stakes.

The 101 (seed 000 L3111-3206): position #1 holds the action and dealer buttons and compares his three
segments with #2, #3 and #4; then #2 with #3 and #4; then #3 with #4 (L3111-3121). A segment won is a point;
an exact tie pushes "unless the tie is between a player in possession of the action and dealer buttons and
another player" (L3131). A foul pays three points a segment, nine in all, to each player, plus their
bonus or Clean Sweep, and collects neither (L3125). Bonus points are paid "even if [the player] loses the
segment" (L3177-3180). Clean Sweeps are paid first, from the button holder clockwise; a Clean Sweep hand is not
compared and pays no bonus; between two, the higher collects its full value, equal push (L3187-3206).
Parkwest (seed 000 L3616-3793, catalog 000b §4.5, §4.10): a foul pays one point a segment plus the Scoop Bonus
of three; winning all three segments earns the Scoop Bonus. Oaks 13 Card Poker (seed 001 L729-752): one point a
hand, compared from the player left of the dealer button clockwise.

Points between two players are zero-sum by construction: each comparison moves ``points`` from one to the
other. Money: a point is ``point_cents``; table stakes cap what a player can lose at the chips he had on the
table when the hand began (seed 000 L3099): comparisons are paid in the filed order, each as far as the
loser's stake still covers (his winnings in the same hand do not add to it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.cards import Card
from rules.chinese.hands import SEGMENTS, SetHand, foul_reason, front_value
from rules.chinese.naturals import naturals_of
from rules.chinese.variant import CATEGORY_CODE, ChineseVariant
from rules.evaluators.high import category_of
from rules.poker.showdown import clockwise_from


@dataclass(frozen=True, slots=True)
class HandScore:
    """One player's hand as scored: foul (why), Clean Sweep, segment values and bonus points."""

    seat: int
    hand: SetHand
    foul: str | None
    natural: str | None
    values: tuple[int, int, int] | None
    bonus: Mapping[str, int] = field(default_factory=dict)

    @property
    def bonus_total(self) -> int:
        """The bonus points this hand earns from each opponent."""
        return sum(self.bonus.values())

    def names(self) -> dict[str, str]:
        """The segments' hand names (front: trips, a pair or high card)."""
        if self.values is None:
            return {}
        return {s: category_of(v) for s, v in zip(SEGMENTS, self.values, strict=True)}


def bonus_points(values: tuple[int, int, int], v: ChineseVariant) -> dict[str, int]:
    """The bonus of each segment (seed 000 L3133-3183): the front's pair or trips by rank, the middle's and the
    back's by category; only segments that earn something are listed."""
    f, m, b = values
    out: dict[str, int] = {}
    code, top = f >> 20, (f >> 16) & 15
    front = (v.front_trips if code == 8 else v.front_pairs if code == 4 else {}).get(top, 0)
    if front:
        out["front"] = front
    for seg, val, table in (("middle", m, v.middle_bonus), ("back", b, v.back_bonus)):
        pts = table.get(category_of(val), 0)
        if pts:
            out[seg] = pts
    return out


def score_hand(seat: int, hand: SetHand, dealt: Sequence[Card] | None, v: ChineseVariant) -> HandScore:
    """A hand as set: its foul, its Clean Sweep (not for a fouled hand, L3125), values and bonus."""
    foul = foul_reason(hand, dealt)
    values = None if not hand.well_formed else hand.values()
    natural = None
    if foul is None and v.naturals:
        found = naturals_of(hand.cards, v.natural_names)
        natural = found[0] if found else None  # two Clean Sweeps: paid the higher only (L3204)
    bonus = {} if foul is not None or values is None else bonus_points(values, v)
    return HandScore(seat, hand, foul, natural, values, bonus)


@dataclass(frozen=True, slots=True)
class Comparison:
    """One comparison of two hands: ``points`` the second pays the first (negative: the first pays)."""

    first: int
    second: int
    points: int
    words: str
    stage: str = "segments"

    def to_json(self) -> dict[str, Any]:
        """The settlement's JSON form."""
        return {
            "first": self.first,
            "second": self.second,
            "points": self.points,
            "why": self.words,
            "stage": self.stage,
        }


def positions(seats: Sequence[int], button: int | None, v: ChineseVariant) -> list[int]:
    """The seats in settlement order: position #1 first (the button holder at The 101, L3111-3115; the player
    left of the button for 13 Card Poker, 001 L739-741), then clockwise."""
    order = clockwise_from(seats, button)
    if v.first_position == "button" and button is not None and button in seats:
        order = [button, *(s for s in order if s != button)]
    return order


def compare(a: HandScore, b: HandScore, holder: int | None, v: ChineseVariant) -> Comparison:
    """``a`` (earlier position) against ``b``: the points ``b`` pays ``a``."""
    if a.natural or b.natural:
        # "Clean sweep hands with the same value are pushed" (L3204): compared by their points
        ra = v.natural_points(a.natural) if a.natural else 0
        rb = v.natural_points(b.natural) if b.natural else 0
        if ra == rb:
            words = f"Clean Sweeps of the same value ({a.natural}, {b.natural}): pushed"
            return Comparison(a.seat, b.seat, 0, words, "clean sweep")
        win = a if ra > rb else b
        pts = v.natural_points(win.natural or "")
        words = f"seat {win.seat}: {win.natural} ({pts} points)"
        return Comparison(a.seat, b.seat, pts if win is a else -pts, words, "clean sweep")
    if a.foul and b.foul:
        return Comparison(a.seat, b.seat, 0, "both hands foul: nothing changes hands")
    if a.foul or b.foul:
        good = b if a.foul else a
        pts = 3 * v.foul_per_segment + (v.scoop_points if v.scoop_on_fouls else 0) + good.bonus_total
        words = f"seat {(a if a.foul else b).seat}'s hand is foul: {pts} points"
        return Comparison(a.seat, b.seat, pts if good is a else -pts, words)
    assert a.values is not None and b.values is not None
    wins = {a.seat: 0, b.seat: 0}
    for va, vb in zip(a.values, b.values, strict=True):
        if va != vb:
            wins[a.seat if va > vb else b.seat] += 1
        elif v.ties == "button_wins" and holder in wins:
            wins[holder] += 1
    pts = wins[a.seat] - wins[b.seat]
    if v.scoop_points:
        pts += v.scoop_points if wins[a.seat] == 3 else -v.scoop_points if wins[b.seat] == 3 else 0
    pts += a.bonus_total - b.bonus_total
    words = f"segments {wins[a.seat]}-{wins[b.seat]}"
    if a.bonus_total or b.bonus_total:
        words += f", bonus {a.bonus_total}-{b.bonus_total}"
    return Comparison(a.seat, b.seat, pts, words)


def fantasy_land(h: HandScore, v: ChineseVariant) -> str | None:
    """``enters`` (a front of the filed pair or better without a foul, seed 000 L3210) and/or ``stays`` (a
    stay condition met, L3210; it matters only to a player already in Fantasy Land); None otherwise."""
    if h.foul is not None or h.values is None or v.fantasy_enter_pair is None:
        return None
    f = h.values[0]
    out = []
    low = front_value(_pair_of(v.fantasy_enter_pair))
    if f >= low:
        out.append("enters")
    for seg, cat in v.fantasy_stay.items():
        if h.values[SEGMENTS.index(seg)] >> 20 >= CATEGORY_CODE[cat]:
            out.append("stays")
            break
    return " and ".join(out) or None


def _pair_of(rank: int) -> tuple[Card, ...]:
    from rules.cards import ALL_CARDS

    kicker = 2 if rank != 2 else 3
    return (ALL_CARDS[(rank - 2) * 4], ALL_CARDS[(rank - 2) * 4 + 1], ALL_CARDS[(kicker - 2) * 4])


@dataclass(frozen=True, slots=True)
class Settlement:
    """The deal's settlement: hands, comparisons in the order paid, points and cents per seat."""

    order: tuple[int, ...]
    hands: tuple[HandScore, ...]
    comparisons: tuple[Comparison, ...]
    points: Mapping[int, int]
    cents: Mapping[int, int]
    short: tuple[str, ...] = ()
    fantasy: Mapping[int, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The round's settlement as the terminal shows and journals it."""
        return {
            "order": list(self.order),
            "hands": {
                str(h.seat): {
                    "foul": h.foul,
                    "clean_sweep": h.natural,
                    "segments": h.names(),
                    "bonus": dict(h.bonus),
                }
                for h in self.hands
            },
            "comparisons": [c.to_json() for c in self.comparisons],
            "points": {str(k): p for k, p in self.points.items()},
            "cents": {str(k): c for k, c in self.cents.items()},
            "short": list(self.short),
            "fantasy_land": {str(k): w for k, w in self.fantasy.items()},
        }


def settle(
    hands: Sequence[HandScore],
    button: int | None,
    v: ChineseVariant,
    stakes: Mapping[int, int] | None = None,
) -> Settlement:
    """Every comparison in the filed order, Clean Sweeps first (from position #1 clockwise, L3204), and the
    money: ``stakes`` each seat's chips on the table at the start (table stakes), or None for no cap."""
    by_seat = {h.seat: h for h in hands}
    order = positions(list(by_seat), button, v)
    holder = button if v.ties == "button_wins" else None
    pairs = [(order[i], order[j]) for i in range(len(order)) for j in range(i + 1, len(order))]
    first = [p for p in pairs if by_seat[p[0]].natural or by_seat[p[1]].natural]
    rest = [p for p in pairs if p not in first]
    comps = [compare(by_seat[a], by_seat[b], holder, v) for a, b in (*first, *rest)]
    points = {s: 0 for s in order}
    cents = {s: 0 for s in order}
    lost = {s: 0 for s in order}
    short: list[str] = []
    for c in comps:
        points[c.first] += c.points
        points[c.second] -= c.points
        if not c.points:
            continue
        winner, loser = (c.first, c.second) if c.points > 0 else (c.second, c.first)
        due = abs(c.points) * v.point_cents
        paid = due
        if stakes is not None and loser in stakes:
            paid = max(0, min(due, stakes[loser] - lost[loser]))
            if paid < due:
                short.append(f"seat {loser} owed seat {winner} {due} cents and had {paid} left on the table")
        lost[loser] += paid
        cents[winner] += paid
        cents[loser] -= paid
    fantasy = {h.seat: w for h in hands if (w := fantasy_land(h, v)) is not None}
    return Settlement(
        tuple(order), tuple(by_seat[s] for s in order), tuple(comps), points, cents, tuple(short), fantasy
    )
