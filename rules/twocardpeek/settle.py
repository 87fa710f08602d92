"""Two Card Peek's settlement, wager by wager, in the filed order; nothing here moves money.

The first stage settles once the two-card hands are out: every Pick Row and 2 Card Poker wager, player by
player from the house dealer's left (000 L930). The second settles once the five-card hands are out: the
Peek Bonus and Super Bet (L939). Each wager gets a result (``win`` with what it pays to one, ``lose``,
``push``, or ``no-action``: the wager goes back) and the banking engine pays and collects in that order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from rules.cards import Card
from rules.twocardpeek.hands import (
    TwoCardValue,
    describe_two,
    five_card_line,
    qualifies_ten_high,
    two_card_line,
    two_card_value,
)
from rules.twocardpeek.model import PayLine, Variant

Result = Literal["win", "lose", "push", "no-action"]


@dataclass(frozen=True, slots=True)
class Bet:
    """One wager on the layout: a seat, its spot (``pick-ab``, ``two-card-c``, ``super``, ``peek-b``) and
    its stake in cents."""

    seat: int
    spot: str
    cents: int


@dataclass(frozen=True, slots=True)
class WagerSettlement:
    """How one wager settles: ``pays`` is the ratio to one of a win (0 otherwise); ``stage`` 1 for the
    two-card settlement, 2 for the five-card one."""

    seat: int
    spot: str
    cents: int
    result: Result
    pays: Fraction
    rule: str
    cite: str
    stage: int

    def net_cents(self) -> int:
        """The bettor's result in cents (a fractional win rounds down to the cent)."""
        if self.result == "lose":
            return -self.cents
        if self.result == "win":
            return int(self.cents * self.pays)
        return 0


@dataclass(frozen=True, slots=True)
class PickResult:
    """The two-card hands judged: their values, whether the qualifier is met, the highest rows."""

    values: Mapping[str, TwoCardValue]
    qualified: bool
    highest: tuple[str, ...]

    def words(self) -> str:
        """``A: K-9 high, B: pair of 4s, C: 8-6 high; highest B``."""
        hands = ", ".join(f"{r}: {describe_two(v)}" for r, v in self.values.items())
        if not self.qualified:
            return f"{hands}; no hand Ten-high or better: every Pick Row wager loses"
        top = " and ".join(self.highest)
        return f"{hands}; highest {top}" + (" (tied)" if len(self.highest) > 1 else "")


def judge_rows(v: Variant, rows: Mapping[str, Sequence[Card]]) -> PickResult:
    """The Pick Row verdict from each row's first two cards."""
    values = {r: two_card_value(rows[r][:2]) for r in v.rows.names}
    best = max(values.values())
    return PickResult(values, qualifies_ten_high(best), tuple(r for r in v.rows.names if values[r] == best))


def _pick(v: Variant, bet: Bet, judged: PickResult) -> WagerSettlement:
    pr = v.pick_row
    rows = pr.spots[bet.spot]
    cite = pr.pays.cite

    def out(result: Result, pays: Fraction, rule: str, c: str = cite) -> WagerSettlement:
        return WagerSettlement(bet.seat, bet.spot, bet.cents, result, pays, rule, c, 1)

    if not judged.qualified:
        return out("lose", Fraction(0), "no two-card hand is Ten-high or better", pr.qualify.cite)
    pays = pr.pays.one_row if len(rows) == 1 else pr.pays.two_rows
    top = set(judged.highest)
    picked = set(rows)
    if top <= picked:
        return out("win", pays, f"{' and '.join(sorted(top))} highest")
    if top & picked:
        tied = " and ".join(sorted(top))
        if pr.tie == "win":
            return out(
                "win", pays, f"{tied} tie for the highest (tie: win)", "game file choice: pick_row.tie"
            )
        return out(
            "push", Fraction(0), f"{tied} tie for the highest (tie: push)", "game file choice: pick_row.tie"
        )
    return out("lose", Fraction(0), f"{' and '.join(sorted(top))} highest")


def _line_pays(lines: Sequence[PayLine], hand: str, row_pair: bool | None = None) -> PayLine | None:
    for line in lines:
        if line.hand == hand and (line.row_pair is None or line.row_pair == row_pair):
            return line
    return None


def _two_card(v: Variant, bet: Bet, rows: Mapping[str, Sequence[Card]]) -> WagerSettlement:
    t = v.two_card_poker
    row = t.spots[bet.spot]
    hand = two_card_line(rows[row][:2])
    line = _line_pays(t.pays, hand) if hand else None
    if line is None:
        return WagerSettlement(
            bet.seat, bet.spot, bet.cents, "lose", Fraction(0), f"row {row}: no paying hand", t.pays_cite, 1
        )
    return WagerSettlement(
        bet.seat, bet.spot, bet.cents, "win", line.pays, f"row {row}: {hand}", t.pays_cite, 1
    )


def _super(v: Variant, bet: Bet, rows: Mapping[str, Sequence[Card]]) -> WagerSettlement:
    s = v.super_bet
    total = Fraction(0)
    won: list[str] = []
    for r in v.rows.names:
        hand = five_card_line(rows[r])
        line = _line_pays(s.pays, hand)
        if line is not None:
            total += line.pays
            won.append(f"{r} {hand} {line.pays}")
    if not won:
        return WagerSettlement(
            bet.seat,
            bet.spot,
            bet.cents,
            "lose",
            Fraction(0),
            "no row three of a kind or better",
            s.pays_cite,
            2,
        )
    return WagerSettlement(bet.seat, bet.spot, bet.cents, "win", total, "; ".join(won), s.pays_cite, 2)


def _peek(v: Variant, bet: Bet, row: str, rows: Mapping[str, Sequence[Card]]) -> WagerSettlement:
    p = v.peek
    pair = two_card_value(rows[row][:2])[0] == 1
    hand = five_card_line(rows[row])
    line = _line_pays(p.pays, hand, pair)
    start = "began as a pair" if pair else "did not begin as a pair"
    if line is None:
        return WagerSettlement(
            bet.seat, bet.spot, bet.cents, "lose", Fraction(0), f"row {row}: {hand}", p.pays_cite, 2
        )
    rule = f"row {row}: {hand}" + (f" (the row {start})" if line.row_pair is not None else "")
    return WagerSettlement(bet.seat, bet.spot, bet.cents, "win", line.pays, rule, p.pays_cite, 2)


def _no_action(bet: Bet, stage: int, rule: str, cite: str) -> WagerSettlement:
    return WagerSettlement(bet.seat, bet.spot, bet.cents, "no-action", Fraction(0), rule, cite, stage)


def wager_rulings(
    v: Variant, bets: Sequence[Bet], refused: Mapping[int, tuple[str, str]] | None = None
) -> dict[int, tuple[str, str]]:
    """The wagers (by position in ``bets``) that may not have action, with the rule and its cite: a bonus
    without a Pick Row wager, a Super Bet that is not its fixed stake, a Peek over its maximum, a second
    Peek, a spot the game does not have. ``refused`` are wagers already refused (a Peek placed outside its
    betting round), kept as given and not counted as a player's Peek."""
    out: dict[int, tuple[str, str]] = dict(refused or {})
    known = set(v.spots())
    with_pick = {b.seat for b in bets if b.spot in v.pick_row.spots and b.cents > 0}
    peeked: set[int] = set()
    for i, b in enumerate(bets):
        if i in out:
            continue
        if b.spot not in known:
            out[i] = (f"{b.spot!r} is not a wager of {', '.join(sorted(known))}", "game file")
            continue
        row = v.peek_row(b.spot)
        needs = (
            v.two_card_poker.needs_pick_row
            if b.spot in v.two_card_poker.spots
            else v.super_bet.needs_pick_row
            if b.spot == v.super_bet.spot
            else v.peek.needs_pick_row
            if row is not None
            else False
        )
        cite = (
            v.super_bet.cite if b.spot == v.super_bet.spot else v.peek.cite if row else v.two_card_poker.cite
        )
        if needs and b.seat not in with_pick:
            out[i] = ("a bonus bet needs a Pick Row wager", cite)
        elif b.spot == v.super_bet.spot and b.cents != v.super_bet.stake_cents:
            out[i] = (f"the Super Bet is {v.super_bet.stake_cents} cents, not {b.cents}", v.super_bet.cite)
        elif row is not None and b.cents > v.peek.max_cents:
            out[i] = (f"a Peek Bonus is at most {v.peek.max_cents} cents, not {b.cents}", v.peek.cite)
        elif row is not None and v.peek.one_per_player and b.seat in peeked:
            out[i] = ("one Peek Bonus per player", v.peek.cite)
        if row is not None and i not in out:
            peeked.add(b.seat)
    return out


def settle_round(
    v: Variant,
    rows: Mapping[str, Sequence[Card]],
    bets: Sequence[Bet],
    refused: Mapping[int, tuple[str, str]] | None = None,
) -> tuple[PickResult, tuple[WagerSettlement, ...]]:
    """Every wager's result. ``rows`` maps A, B, C to its cards (two, or five once complete); the Peek and
    Super Bet are settled only when every row has five; ``refused`` wagers (by position) get no action with
    the rule given. Results are per wager, in ``bets`` order; the
    banking order is :func:`settlement_order`'s."""
    judged = judge_rows(v, rows)
    complete = all(len(rows[r]) == 5 for r in v.rows.names)
    refused = wager_rulings(v, bets, refused)
    out: list[WagerSettlement] = []
    for i, b in enumerate(bets):
        stage = 1 if b.spot in v.order.first else 2
        if i in refused:
            out.append(_no_action(b, stage, *refused[i]))
        elif b.spot in v.pick_row.spots:
            out.append(_pick(v, b, judged))
        elif b.spot in v.two_card_poker.spots:
            out.append(_two_card(v, b, rows))
        elif not complete:
            continue
        elif b.spot == v.super_bet.spot:
            out.append(_super(v, b, rows))
        else:
            row = v.peek_row(b.spot)
            assert row is not None
            out.append(_peek(v, b, row, rows))
    return judged, tuple(out)


def settlement_order(
    v: Variant, results: Sequence[WagerSettlement], seats: Sequence[int]
) -> list[WagerSettlement]:
    """The results in the filed order: stage 1 seat by seat (``seats`` from the house dealer's left, the
    player-dealer last), each seat's wagers in ``order.first``; then stage 2 likewise in ``order.then``."""
    place = {s: i for i, s in enumerate(seats)}
    rank = {s: i for i, s in enumerate((*v.order.first, *v.order.then))}
    return sorted(
        results, key=lambda r: (r.stage, place.get(r.seat, len(place)), rank.get(r.spot, len(rank)))
    )
