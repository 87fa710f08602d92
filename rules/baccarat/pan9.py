"""Super Pan 9 and Fast Nine: Pan 9 games, each hand against the player-dealer's, not punto banco.

Each hand gets three cards and may take one more; a hand's total is the last digit of its sum, from a
shoe with the 7s, 8s, 9s and 10s removed. A player's draw is the player's own choice (or the House Way
where the filing gives one and a non-seated bettor controls the hand); the player-dealer draws by the
filed rule, with an option on some totals. Settlement is each hand against the player-dealer's:
closer to nine wins even money, equal totals push, plus Fast Nine's player-dealer zero rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import Any, Literal

from rules.analysis import Analysis, Outcome, Wager, WagerOutcome
from rules.baccarat import schema
from rules.baccarat.model import BaccaratDataError, Cite, Result, Shoe, _shoe, source_cite
from rules.cards import Card
from rules.evaluators.points import baccarat_total
from rules.gamefile import validated

Action = Literal["draw", "stand", "option"]


@dataclass(frozen=True, slots=True)
class DrawChart:
    """Totals on which a hand must draw, has the option, or must stand (every total 0-9 is listed once)."""

    draw: frozenset[int]
    option: frozenset[int]
    stand: frozenset[int]
    cite: Cite

    def action(self, total: int) -> Action:
        """``draw``, ``option`` or ``stand`` for a three-card total."""
        if total in self.draw:
            return "draw"
        if total in self.option:
            return "option"
        return "stand"


@dataclass(frozen=True, slots=True)
class ZeroRule:
    """Fast Nine: when the player-dealer's first three cards total ``total``, it does not draw and
    each player's hand settles by this table (first line whose totals hold), else ``otherwise``."""

    total: int
    lines: tuple[tuple[str, frozenset[int], Result, Fraction], ...]
    otherwise: Result
    cite: Cite


@dataclass(frozen=True, slots=True)
class Pan9Settlement:
    """How a player's hand settles against the player-dealer's (``pays`` per unit, net)."""

    result: Result
    pays: Fraction
    rule: str
    cite: Cite

    def net_cents(self, stake_cents: int) -> int:
        """Net result in cents (half pay on an odd cent rounds down)."""
        if self.result == "lose":
            return -stake_cents
        return int(Fraction(stake_cents) * self.pays) if self.result == "win" else 0


@dataclass(frozen=True)
class Pan9Variant:
    """Super Pan 9 or Fast Nine as data."""

    id: str
    name: str
    room: str
    source: Cite
    shoe: Shoe
    hand_cards: int
    draw_cards: int
    player: DrawChart
    house_way: DrawChart | None
    player_dealer: DrawChart
    zero_rule: ZeroRule | None
    pays: Fraction
    wager_cite: Cite
    settlement_start: str
    settlement_direction: str
    settlement_cite: Cite

    def total(self, cards: Sequence[Card]) -> int:
        """A hand's total: the last digit of the sum (ace 1, picture cards 0)."""
        return baccarat_total(cards)

    def player_action(self, cards: Sequence[Card]) -> Action:
        """A player's choice on three cards: ``option`` where the filing leaves it to the player."""
        return self.player.action(self.total(cards[: self.hand_cards]))

    def house_way_draws(self, cards: Sequence[Card]) -> bool:
        """The House Way for a player's hand (Fast Nine files one; Super Pan 9 files none: an error)."""
        if self.house_way is None:
            raise BaccaratDataError("house_way", f"{self.id} files no House Way for players' hands")
        return self.house_way.action(self.total(cards[: self.hand_cards])) == "draw"

    def player_dealer_action(self, cards: Sequence[Card]) -> Action:
        """The player-dealer's draw on its first three cards (the zero rule stands it on zero)."""
        t = self.total(cards[: self.hand_cards])
        if self.zero_rule is not None and t == self.zero_rule.total:
            return "stand"
        return self.player_dealer.action(t)

    def card_due(
        self, cards: Sequence[Card], *, player_dealer: bool = False, draws: bool | None = None
    ) -> bool | None:
        """Whether one more card is due to this hand.

        Fewer than three cards: yes. Three cards: the rule decides (``draws`` is the holder's choice
        where the rule gives an option; ``None`` is returned while that choice is not made). With the
        fourth card dealt: no.
        """
        if len(cards) < self.hand_cards:
            return True
        if len(cards) >= self.hand_cards + self.draw_cards:
            return False
        action = self.player_dealer_action(cards) if player_dealer else self.player_action(cards)
        if action == "option":
            return draws
        return action == "draw"

    def settle(self, player_cards: Sequence[Card], player_dealer_cards: Sequence[Card]) -> Pan9Settlement:
        """Settle a player's hand against the player-dealer's finished hand."""
        pt = self.total(player_cards)
        pd = self.total(player_dealer_cards)
        pd3 = self.total(player_dealer_cards[: self.hand_cards])
        return self.settle_totals(pt, pd, pd3)

    def settle_totals(self, pt: int, pd: int, pd_first_three: int) -> Pan9Settlement:
        """Settle by totals: the player's final, the player-dealer's final and first-three totals."""
        z = self.zero_rule
        if z is not None and pd_first_three == z.total:
            for name, totals, result, pays in z.lines:
                if pt in totals:
                    return Pan9Settlement(result, pays, name, z.cite)
            return Pan9Settlement(z.otherwise, Fraction(-1) if z.otherwise == "lose" else Fraction(0),
                                  f"player-dealer zero: {z.otherwise}", z.cite)  # fmt: skip
        if pt > pd:
            return Pan9Settlement("win", self.pays, "player closer to nine", self.wager_cite)
        if pt < pd:
            return Pan9Settlement("lose", Fraction(-1), "player-dealer closer to nine", self.wager_cite)
        return Pan9Settlement("push", Fraction(0), "tie pushes", self.wager_cite)


def _chart(c: schema.DrawChart, parent: Cite) -> DrawChart:
    t = schema.totals
    return DrawChart(t(c.draw), t(c.option), t(c.stand), Cite.of(c.cite, parent))


def from_data(data: Mapping[str, Any]) -> Pan9Variant:
    """A :class:`Pan9Variant` from a variant file's mapping (``game: pan9``), validated by the family's schema
    (:class:`rules.baccarat.schema.BaccaratFile`; a :class:`rules.gamefile.GameFileError` names the field)."""
    return from_file(validated(schema.BaccaratFile, data))


def from_file(f: schema.BaccaratFile) -> Pan9Variant:
    """The engine's model of a validated Pan 9 file."""
    p = f.pan9
    if p is None:
        raise BaccaratDataError("pan9", "not a Pan 9 game file")
    src = source_cite(f)
    zero = None
    if p.player_dealer_zero is not None:
        z = p.player_dealer_zero
        lines = tuple(
            (
                line.name,
                schema.totals(line.player_total),
                "win" if line.pays is not None else line.result,
                line.pays if line.pays is not None else Fraction(0 if line.result == "push" else -1),
            )
            for line in z.settle
        )
        zero = ZeroRule(z.total, lines, z.otherwise, Cite.of(z.cite, src))  # type: ignore[arg-type]
    return Pan9Variant(
        id=f.id,
        name=f.name,
        room=f.room,
        source=src,
        shoe=_shoe(f.shoe, src),
        hand_cards=p.hand_cards,
        draw_cards=p.draw_cards,
        player=_chart(p.player, src),
        house_way=None if p.house_way is None else _chart(p.house_way, src),
        player_dealer=_chart(p.player_dealer, src),
        zero_rule=zero,
        pays=p.wager.pays,
        wager_cite=Cite.of(p.wager.cite, src),
        settlement_start=p.settlement.start,
        settlement_direction=p.settlement.direction,
        settlement_cite=Cite.of(p.settlement.cite, src),
    )


# ---------------------------------------------------------------------------------------------- analysis


def _falling(n: int, k: int) -> int:
    return prod(range(n - k + 1, n + 1)) if k > 0 else 1


def _draws(counts: list[int], k: int) -> list[tuple[tuple[int, ...], int]]:
    """Every multiset of ``k`` values drawn from ``counts`` with its number of ordered ways."""
    out = []
    present = [v for v in range(10) if counts[v]]
    for combo in combinations_with_replacement(present, k):
        ways = factorial(k)
        for v in set(combo):
            m = combo.count(v)
            ways = ways * _falling(counts[v], m) // factorial(m)
        if ways:
            out.append((combo, ways))
    return out


def _final_totals(
    counts: list[int], n_cards: int, draw_on: frozenset[int], zero_total: int | None
) -> list[tuple[tuple[int, ...], int, int, int]]:
    """(cards removed, first-three total, final total, ordered ways) for one hand drawn by rule."""
    out = []
    for combo, ways in _draws(counts, n_cards):
        t3 = sum(combo) % 10
        if t3 in draw_on and t3 != zero_total:
            left = list(counts)
            for v in combo:
                left[v] -= 1
            for v in range(10):
                if left[v]:
                    out.append(((*combo, v), t3, (t3 + v) % 10, ways * left[v]))
        else:
            out.append((combo, t3, t3, ways))
    return out


def analyze_variant(v: Pan9Variant, decks: int | None = None) -> tuple[Analysis, dict[str, Fraction]]:
    """Exact odds of one player's hand against the player-dealer's, heads up, by enumeration.

    Assumes the player draws by the House Way (Fast Nine's filed one; Super Pan 9 files none, so the
    same hit-on-5-or-less way is assumed), and the player-dealer takes an option by that way too.
    """
    from rules.baccarat.coup import value_counts

    deck = v.shoe.deck_spec(decks)
    counts = value_counts(deck)
    n = sum(counts)
    way = v.house_way or DrawChart(frozenset(range(6)), frozenset(), frozenset(range(6, 10)), v.source)
    player_draw = v.player.draw | (v.player.option & way.draw)
    pd_draw = v.player_dealer.draw | (v.player_dealer.option & way.draw)
    zero = v.zero_rule.total if v.zero_rule is not None else None
    depth = 2 * (v.hand_cards + v.draw_cards)
    by_rule: dict[tuple[str, Fraction], int] = {}
    pd_zero = 0
    for removed, _t3, pt, w_player in _final_totals(counts, v.hand_cards, player_draw, None):
        left = list(counts)
        for c in removed:
            left[c] -= 1
        for pd_removed, pd3, pd, w_pd in _final_totals(left, v.hand_cards, pd_draw, zero):
            used = len(removed) + len(pd_removed)
            weight = w_player * w_pd * _falling(n - used, depth - used)
            s = v.settle_totals(pt, pd, pd3)
            key = (s.rule, s.pays)
            by_rule[key] = by_rule.get(key, 0) + weight
            if zero is not None and pd3 == zero:
                pd_zero += weight
    total = _falling(n, depth)
    wos = tuple(
        WagerOutcome(name, Fraction(w, total), pays)
        for (name, pays), w in sorted(by_rule.items(), key=lambda kv: (-kv[0][1], kv[0][0]))
    )
    win = sum((o.probability for o in wos if o.pays > 0), Fraction(0))
    push = sum((o.probability for o in wos if o.pays == 0), Fraction(0))
    outcomes = [
        Outcome("Player wins", win),
        Outcome("Push", push),
        Outcome("Player-dealer wins", 1 - win - push),
    ]
    extra: dict[str, Fraction] = {}
    if zero is not None:
        extra["pd_zero"] = Fraction(pd_zero, total)
        outcomes.append(Outcome(f"Player-dealer's first three total {zero}", extra["pd_zero"]))
    notes = (
        f"{v.id}: {deck.describe()}; one player's hand against the player-dealer's, exact enumeration",
        "assumes both hands draw by the hit-on-5-or-less way where the filing leaves an option",
    )
    return Analysis(
        v.id, deck.decks, tuple(outcomes), (Wager("Hand against the player-dealer", wos),), notes
    ), extra


def analyze(data: Mapping[str, Any], decks: int | None) -> Analysis:
    """The ``analyze`` entry point for a Pan 9 variant file."""
    return analyze_variant(from_data(data), decks)[0]
