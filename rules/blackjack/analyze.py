"""Exact analysis of a blackjack-family variant (``dealer-terminal analyze blackjack/<variant>``).

Over the shoe's composition (the variant's decks, or ``--decks``), with every card drawn without
replacement and every probability an exact fraction:

- the main game: the player-dealer's final hand for each up card under the variant's chart (outcome
  ``up A: 17`` is the chance, given an ace up, that the player-dealer ends on 17). The player-dealer's
  cards are drawn from the full shoe (the players' cards unseen). Variants with no filed chart get none.
- each side bet: the chance of each pay-table row and the house edge. Buster and Red Flex follow the
  player-dealer's hand as its chart plays it; Lucky Pair, Magic Sevens, Jack Magic, Lucky Lucky and the
  Blackjack Bonus Bet count the cards they name. Cal Blackjack's side bet depends on how a player reaches a
  frozen 22-30 (the player's choices), so it is not computed.

The first two player-dealer cards are taken card by card (suited specials such as Blackjack X); later
cards by rank class (A, 2-9, ten-value, joker), which is all the count depends on.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import comb
from typing import Any

from rules.analysis import Analysis, Outcome, Wager, WagerOutcome
from rules.blackjack.model import STAND, SideBet, Variant, from_data
from rules.blackjack.settle import side_bet_row
from rules.cards import JOKER, STANDARD_CARDS, Card, Rank, Suit
from rules.decks import DeckSpec
from rules.errors import HandError
from rules.evaluators.points import Total, blackjack_total
from rules.round.family import Progress, Steps

_TEN = frozenset({Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING})
#: Rank classes for the draw: A, 2..9, T (every ten-value card), Jk.
CLASSES: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "Jk")
_REP: dict[str, Card] = {
    **{
        ch: Card(r, Suit.SPADES)
        for ch, r in zip(CLASSES[:10], (Rank.ACE, *[Rank(v) for v in range(2, 10)], Rank.TEN), strict=True)
    },
    "Jk": JOKER,
}
_RED_REP: dict[str, Card] = {ch: Card(c.rank, Suit.HEARTS) for ch, c in _REP.items() if c.rank is not None}
_RED = frozenset({Suit.HEARTS, Suit.DIAMONDS})


def klass(c: Card) -> str:
    """A card's rank class (``A``, ``2``..``9``, ``T``, ``Jk``)."""
    if c.is_joker:
        return "Jk"
    assert c.rank is not None
    if c.rank in _TEN:
        return "T"
    return "A" if c.rank is Rank.ACE else str(c.rank.value)


def shoe(data: Mapping[str, Any], decks: int | None) -> dict[Card, int]:
    """How many of each card the shoe holds."""
    spec = DeckSpec.from_data(data.get("deck") or {})
    if decks is not None:
        spec = spec.with_decks(decks)
    counts: dict[Card, int] = {}
    for c in STANDARD_CARDS:
        if c.rank not in spec.ranks_removed:
            counts[c] = spec.decks
    for c in spec.extra_cards:
        counts[c] = counts.get(c, 0) + spec.decks
    if spec.jokers:
        counts[JOKER] = spec.jokers * spec.decks
    return counts


def _name(t: Total) -> str:
    if t.special is not None:
        return t.special
    return t.category.removeprefix("Soft ")


class _Dealer:
    """The player-dealer's hand played to the chart, exactly, from a shoe of ``counts``."""

    def __init__(self, v: Variant, counts: Mapping[Card, int]) -> None:
        self.v = v
        self.counts = counts
        self.by_class: dict[str, int] = {k: 0 for k in CLASSES}
        for c, n in counts.items():
            self.by_class[klass(c)] += n
        self.n = sum(counts.values())
        self.finish = cache(self._finish)
        self._by_up: dict[str, dict[tuple[str, int, bool], Fraction]] | None = None

    def total(self, classes: tuple[str, ...]) -> Total | None:
        cards = [_REP[k] for k in classes if k != "Jk"] + [JOKER] * classes.count("Jk")
        try:
            return blackjack_total(cards, self.v.totals)
        except HandError:
            return None

    def _finish(self, hand: tuple[str, ...]) -> dict[tuple[str, int, bool], Fraction]:
        """Final (name, cards, over) of an ordinary hand of ``hand`` (sorted classes) that the chart plays on."""
        t = self.total(hand)
        assert t is not None
        if self.v.pd_chart_action(t) == STAND:
            return {(_name(t), len(hand), t.busted_or_over): Fraction(1)}
        left = self.n - len(hand)
        out: dict[tuple[str, int, bool], Fraction] = {}
        for k in CLASSES:
            m = self.by_class[k] - hand.count(k)
            if m <= 0:
                continue
            nxt = tuple(sorted((*hand, k), key=CLASSES.index))
            for key, p in self.finish(nxt).items():
                out[key] = out.get(key, Fraction(0)) + p * Fraction(m, left)
        return out

    def by_up(self) -> dict[str, dict[tuple[str, int, bool], Fraction]]:
        """For each up-card class, the distribution of the final hand (given that up card)."""
        if self._by_up is not None:
            return self._by_up
        out: dict[str, dict[tuple[str, int, bool], Fraction]] = {}
        cards = list(self.counts)
        for u in cards:
            nu = self.counts[u]
            ku = klass(u)
            dist = out.setdefault(ku, {})
            for h in cards:
                nh = self.counts[h] - (1 if h == u else 0)
                if nh <= 0:
                    continue
                p = Fraction(nu, self.by_class[ku]) * Fraction(nh, self.n - 1)
                try:
                    t = blackjack_total([u, h], self.v.totals)
                except HandError:
                    continue
                if t.special is not None or t.frozen:
                    key = (_name(t), 2, t.busted_or_over)
                    dist[key] = dist.get(key, Fraction(0)) + p
                    continue
                hand = tuple(sorted((ku, klass(h)), key=CLASSES.index))
                for key, q in self.finish(hand).items():
                    dist[key] = dist.get(key, Fraction(0)) + p * q
        self._by_up = out
        return out


def _red_run(v: Variant, counts: Mapping[Card, int]) -> dict[int, Fraction]:
    """Distribution of the run of red cards from the player-dealer's first card as the chart plays it."""
    red: dict[str, int] = {k: 0 for k in CLASSES}
    n = sum(counts.values())
    for c, m in counts.items():
        if c.suit in _RED:
            red[klass(c)] += m
    total_red = sum(red.values())

    @cache
    def go(hand: tuple[str, ...]) -> dict[int, Fraction]:
        # Every card of ``hand`` is red; is the hand complete?
        if len(hand) >= 2:
            cards = [_RED_REP[k] for k in hand]
            try:
                t = blackjack_total(cards, v.totals)
            except HandError:
                return {len(hand): Fraction(1)}
            if t.special is not None or t.frozen or v.pd_chart_action(t) == STAND:
                return {len(hand): Fraction(1)}
        left = n - len(hand)
        reds_left = total_red - len(hand)
        out: dict[int, Fraction] = {len(hand): Fraction(left - reds_left, left)}  # a black card ends the run
        for k in CLASSES:
            m = red[k] - hand.count(k)
            if m <= 0:
                continue
            for run, p in go(tuple(sorted((*hand, k), key=CLASSES.index))).items():
                out[run] = out.get(run, Fraction(0)) + p * Fraction(m, left)
        return out

    return go(())


def _ranks(counts: Mapping[Card, int]) -> dict[Card, int]:
    """Counts by rank (a representative card of each rank, and the joker)."""
    out: dict[Card, int] = {}
    for c, m in counts.items():
        rep = JOKER if c.is_joker else Card(c.rank, Suit.SPADES)
        out[rep] = out.get(rep, 0) + m
    return out


def _p_natural(v: Variant, ranks: Mapping[Card, int], n: int) -> Fraction:
    """The chance the player-dealer's first two cards (from ``n`` cards of ``ranks``) are a natural."""
    hit = 0
    for a, ma in ranks.items():
        for b, mb in ranks.items():
            mb2 = mb - (1 if a == b else 0)
            if ma <= 0 or mb2 <= 0:
                continue
            bb = b if b.is_joker else Card(b.rank, Suit.HEARTS)
            try:
                if blackjack_total([a, bb], v.totals).is_natural:
                    hit += ma * mb2
            except HandError:
                continue
    return Fraction(hit, n * (n - 1))


def _wager(bet: SideBet, probs: Mapping[str, Fraction]) -> Wager:
    rows = [WagerOutcome(r.name, probs.get(r.name, Fraction(0)), r.pays) for r in bet.rows]
    lose = 1 - sum((o.probability for o in rows), Fraction(0))
    return Wager(bet.name, (*rows, WagerOutcome("loses", lose, Fraction(-1))), note=bet.cite)


def side_bet_wager(
    v: Variant, bet: SideBet, counts: Mapping[Card, int], dealer: _Dealer | None = None
) -> Wager | None:
    """The exact outcomes and house edge of one side bet, or None where it depends on the players' choices."""
    n = sum(counts.values())
    probs: dict[str, Fraction] = {}

    def add(name: str, p: Fraction) -> None:
        probs[name] = probs.get(name, Fraction(0)) + p

    if bet.kind == "player_dealer_bust_cards":
        dealer = dealer or _Dealer(v, counts)
        for up, dist in dealer.by_up().items():
            p_up = Fraction(dealer.by_class[up], n)
            for (_, ncards, over), p in dist.items():
                if not over:
                    continue
                row = next(
                    (r for r in bet.rows if ncards == r.cards or (r.or_more and ncards >= r.cards)), None
                )
                if row is not None:
                    add(row.name, p_up * p)
        return _wager(bet, probs)
    if bet.kind == "red_run":
        for run, p in _red_run(v, counts).items():
            row = next((r for r in bet.rows if run == r.cards or (r.or_more and run >= r.cards)), None)
            if row is not None:
                add(row.name, p)
        return _wager(bet, probs)
    if bet.kind == "first_two_pair":
        ranks = _ranks(counts)
        for r, m in ranks.items():
            if r.is_joker or m < 2:
                continue
            p_pair = Fraction(m * (m - 1), n * (n - 1))
            rest = dict(ranks)
            rest[r] = m - 2
            p_nat = _p_natural(v, rest, n - 2)
            nat_row = next((x for x in bet.rows if x.with_natural), None)
            plain = next(x for x in bet.rows if not x.with_natural)
            if nat_row is not None:
                add(nat_row.name, p_pair * p_nat)
                add(plain.name, p_pair * (1 - p_nat))
            else:
                add(plain.name, p_pair)
        return _wager(bet, probs)
    if bet.kind in ("three_card_rank", "lucky_lucky"):
        cards = list(counts)
        denom = comb(n, 3)
        for trio in combinations_with_replacement(cards, 3):
            w = 1
            for c in set(trio):
                w *= comb(counts[c], trio.count(c))
            if w == 0:
                continue
            row = side_bet_row(bet, v, trio[:2], trio[2:], None)
            if row is not None:
                add(row.name, Fraction(w, denom))
        return _wager(bet, probs)
    if bet.kind == "blackjack_bonus":
        cards = list(counts)
        ranks = _ranks(counts)
        ks = Card(Rank.KING, Suit.SPADES)
        for a in cards:
            for b in cards:
                mb = counts[b] - (1 if a == b else 0)
                if mb <= 0:
                    continue
                p = Fraction(counts[a] * mb, n * (n - 1))
                if a == ks and b == ks:
                    rest = dict(ranks)
                    rest[Card(Rank.KING, Suit.SPADES)] -= 2
                    p_bj = _p_blackjack(rest, n - 2)
                    top = [r for r in bet.rows if r.hand == "pair_of_ks_beaten_by_blackjack"]
                    pair = next(r for r in bet.rows if r.hand == "pair_of_ks")
                    if top:
                        add(top[0].name, p * p_bj)
                        add(pair.name, p * (1 - p_bj))
                    else:
                        add(pair.name, p)
                    continue
                row = side_bet_row(bet, v, (a, b), (), None)
                if row is not None:
                    add(row.name, p)
        return _wager(bet, probs)
    return None


def _p_blackjack(ranks: Mapping[Card, int], n: int) -> Fraction:
    """The chance two cards are an ace with a 10 or face card."""
    aces = sum(m for c, m in ranks.items() if c.rank is Rank.ACE)
    tens = sum(m for c, m in ranks.items() if c.rank in _TEN)
    return Fraction(2 * aces * tens, n * (n - 1))


def analyze(data: Mapping[str, Any], decks: int | None = None, progress: Progress | None = None) -> Analysis:
    """The variant's exact analysis for ``decks`` (default: the variant's shoe); ``progress``: the
    player-dealer's hands, then each side bet."""
    v = from_data(data)
    step = Steps(progress, 1 + len(v.side_bets))
    counts = shoe(data, decks)
    n_decks = decks if decks is not None else int((data.get("deck") or {}).get("decks", 1))
    notes: list[str] = []
    outcomes: list[Outcome] = []
    dealer = _Dealer(v, counts)
    if v.player_dealer_chart is not None:
        by_up = dealer.by_up()
        for up in CLASSES:
            dist = by_up.get(up)
            if not dist:
                continue
            for (name, _, _), p in sorted(_merge(dist).items(), key=lambda kv: kv[0]):
                outcomes.append(Outcome(f"up {up}: {name}", p))
        notes.append(
            "outcomes: the player-dealer's final hand given its up card (A, 2-9, T = any ten-value card, Jk), "
            "drawn by its chart from the full shoe"
        )
    else:
        notes.append("no player-dealer chart is filed: its final hand depends on its choices (not computed)")
    step()
    wagers: list[Wager] = []
    for bet in v.side_bets:
        if bet.decks is not None and not bet.decks[0] <= n_decks <= bet.decks[1]:
            notes.append(
                f"{bet.name}: its filing deals it from {bet.decks[0]} to {bet.decks[1]} decks ({bet.cite}); "
                f"this shoe of {n_decks} is outside that, so its edge here is for a shoe the filing does not cover"
            )
        w = side_bet_wager(v, bet, counts, dealer)
        if w is None:
            notes.append(f"{bet.name}: depends on how the player reaches a frozen hand (not computed)")
        else:
            wagers.append(w)
        step()
    notes.append("the game wager's edge depends on the players' decisions (not computed)")
    return Analysis(str(data.get("id", v.id)), n_decks, tuple(outcomes), tuple(wagers), tuple(notes))


def _merge(dist: Mapping[tuple[str, int, bool], Fraction]) -> dict[tuple[str, int, bool], Fraction]:
    """Drop the card count from the outcome (the final total is what the table shows)."""
    out: dict[tuple[str, int, bool], Fraction] = {}
    for (name, _, over), p in dist.items():
        key = (name, 0, over)
        out[key] = out.get(key, Fraction(0)) + p
    return out
