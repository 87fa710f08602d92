"""Exact analysis of Two Card Peek (``dealer-terminal analyze twocardpeek/...``), one 52-card deck.

* **Pick Row**: every deal of the three two-card hands, grouped by the ranks of each hand (91 kinds of
  two-card hand, 91^3 ordered triples), each weighted by its number of suit assignments; the ranking, the
  Ten-high qualifier and the tie setting are the variant's. Single-row and two-row wagers.
* **2 Card Poker**: the 1,326 two-card hands.
* **Peek Bonus** on a row: a row's five cards are a uniformly random five of the deck, and its first two a
  uniformly random two of those five, so a hand of a category with k pairs inside it (two pair 2, three of
  a kind 3, full house 4, four of a kind 6) began as a pair with probability k/10. Exact for a row chosen
  without looking at the cards; the wager is placed after the first two cards are seen, so the line for a
  row that began as a pair and one that did not are given apart.
* **Super Bet**: each row's category exactly (the rows are disjoint fives). Its result is the sum of the
  rows' pays, or -1 when no row wins, so its expected result is 3·E[one row's pay] - P(no row wins). By
  inclusion-exclusion P(no row wins) = 1 - 3·p1 + 3·p2 - p3, with p1 one row winning, p2 two given rows
  both winning (counted exactly: every winning first hand, up to suit symmetry, against every winning
  second hand of the 47 cards left, by rank multiset) and p3 all three winning. p3 is not counted; it lies
  between 0 and p2, so the edge is given as the exact bounds (the interval is about 0.002% wide).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations, permutations
from math import comb, perm
from typing import Any

from rules.analysis import Analysis, Outcome, Wager, WagerOutcome
from rules.cards import ALL_CARDS, Card
from rules.round.family import Progress, Steps
from rules.twocardpeek.hands import qualifies_ten_high, two_card_line, two_card_value
from rules.twocardpeek.model import PayLine, TwoCardPeekDataError, Variant, from_data

#: Pairs inside a five-card hand of each category (how many of its ten two-card splits are a pair).
PAIRS_INSIDE = {"Two Pair": 2, "Three of a Kind": 3, "Full House": 4, "Four of a Kind": 6, "One Pair": 1}
WINNING_RANK_SHAPES = ("Three of a Kind", "Full House", "Four of a Kind")


def _straight(ranks: Sequence[int]) -> bool:
    """Five distinct ranks (2..14) in a row, the ace high or low."""
    s = sorted(ranks)
    if len(set(s)) != 5:
        return False
    return s[4] - s[0] == 4 or s == [2, 3, 4, 5, 14]


def _rank_multisets(size: int) -> Iterator[tuple[int, ...]]:
    """Sorted rank tuples (2..14) of ``size`` cards, no rank more than four times."""
    yield from combinations(sorted([r for r in range(2, 15) for _ in range(4)]), size)


@cache
def _multisets5() -> tuple[tuple[int, ...], ...]:
    return tuple(sorted(set(_rank_multisets(5))))


def _shape(ranks: Sequence[int]) -> str:
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    if counts[0] == 4:
        return "Four of a Kind"
    if counts[0] == 3:
        return "Full House" if counts[1] == 2 else "Three of a Kind"
    if counts[0] == 2:
        return "Two Pair" if counts[1] == 2 else "One Pair"
    return "Straight" if _straight(ranks) else "High Card"


@cache
def five_card_counts() -> dict[str, int]:
    """Five-card hands of one deck by category (2,598,960 in all), counted by rank multiset."""
    out: dict[str, int] = {}
    for ranks in _multisets5():
        ways = 1
        for r in set(ranks):
            ways *= comb(4, ranks.count(r))
        shape = _shape(ranks)
        if len(set(ranks)) == 5:
            suited = "Straight Flush" if shape == "Straight" else "Flush"
            if suited == "Straight Flush" and min(ranks) == 10:
                suited = "Royal Flush"
            out[suited] = out.get(suited, 0) + 4
            ways -= 4
        out[shape] = out.get(shape, 0) + ways
    return out


def _pays(table: Sequence[PayLine], hand: str, row_pair: bool | None = None) -> Fraction | None:
    for line in table:
        if line.hand == hand and (line.row_pair is None or line.row_pair == row_pair):
            return line.pays
    return None


# ------------------------------------------------------------------------------------------ Pick Row


def _two_card_kinds() -> list[tuple[tuple[int, int], int]]:
    """(high rank, low rank) of every two-card rank kind and its weight denominator (2 for a pair)."""
    return [((hi, lo), 2 if hi == lo else 1) for hi in range(2, 15) for lo in range(2, hi + 1)]


@cache
def _pick_counts() -> dict[tuple[tuple[int, ...], bool], int]:
    """Deals of three ordered two-card hands by (the rows tied for the highest, as indices 0-2; whether
    the qualifier is met), over all 1326·1225·1128 deals."""
    kinds = _two_card_kinds()
    values = [two_card_value((_card(hi), _card(lo, 1))) for (hi, lo), _ in kinds]
    out: dict[tuple[tuple[int, ...], bool], int] = {}
    n = len(kinds)
    for i in range(n):
        for j in range(i, n):
            for k in range(j, n):
                used: dict[int, int] = {}
                for r in (*kinds[i][0], *kinds[j][0], *kinds[k][0]):
                    used[r] = used.get(r, 0) + 1
                if max(used.values()) > 4:
                    continue
                ways = 1
                for m in used.values():
                    ways *= perm(4, m)
                ways //= kinds[i][1] * kinds[j][1] * kinds[k][1]
                best = max(values[i], values[j], values[k])
                q = qualifies_ten_high(best)
                # every distinct ordering of the three kinds over rows A, B, C is a deal of its own
                for order in set(permutations((i, j, k))):
                    key = (tuple(x for x in range(3) if values[order[x]] == best), q)
                    out[key] = out.get(key, 0) + ways
    return out


def _card(rank: int, suit: int = 0) -> Card:
    return ALL_CARDS[(rank - 2) * 4 + suit]


def pick_row(v: Variant) -> list[Wager]:
    """The single-row (A) and two-row (AB) Pick Row wagers; the other rows are the same by symmetry."""
    counts = _pick_counts()
    total = sum(counts.values())
    assert total == 1326 * 1225 * 1128
    pr = v.pick_row
    out: list[Wager] = []
    for picked, pays, name in (
        ({0}, pr.pays.one_row, "one row (A)"),
        ({0, 1}, pr.pays.two_rows, "two rows (AB)"),
    ):
        tally: dict[tuple[str, Fraction], int] = {}
        for (top, q), n in counts.items():
            tops = set(top)
            if not q:
                key = ("no hand Ten-high or better", Fraction(-1))
            elif tops <= picked:
                key = ("a picked row highest", pays)
            elif tops & picked:
                key = ("tied for the highest", pays if pr.tie == "win" else Fraction(0))
            else:
                key = ("another row highest", Fraction(-1))
            tally[key] = tally.get(key, 0) + n
        outcomes = tuple(WagerOutcome(k, Fraction(n, total), p) for (k, p), n in tally.items())
        out.append(Wager(f"Pick Row, {name}", outcomes))
    return out


# ------------------------------------------------------------------------------------- 2 Card Poker


def two_card_poker(v: Variant) -> Wager:
    """The 2 Card Poker over the 1,326 two-card hands."""
    tally: dict[str, int] = {}
    for a, b in combinations(ALL_CARDS[:52], 2):
        line = two_card_line((a, b)) or "no paying hand"
        if line != "no paying hand" and _pays(v.two_card_poker.pays, line) is None:
            line = "no paying hand"
        tally[line] = tally.get(line, 0) + 1
    outcomes = []
    for line, n in tally.items():
        p = _pays(v.two_card_poker.pays, line)
        outcomes.append(WagerOutcome(line, Fraction(n, 1326), p if p is not None else Fraction(-1)))
    outcomes.sort(key=lambda o: -o.pays)
    return Wager("2 Card Poker (one row)", tuple(outcomes))


# -------------------------------------------------------------------------------------------- Peek


def peek(v: Variant) -> list[Wager]:
    """The Peek Bonus on one row: for a row chosen without looking, and given a pair or not in its first two."""
    counts = five_card_counts()
    total = comb(52, 5)
    table = v.peek.pays
    # weights in tenths of a hand: the hand's splits into first two / last three that are (not) a pair
    split = {True: {}, False: {}}  # type: dict[bool, dict[str, int]]
    for cat, n in counts.items():
        k = PAIRS_INSIDE.get(cat, 0)
        split[True][cat] = n * k
        split[False][cat] = n * (10 - k)
    out: list[Wager] = []
    blind: dict[str, Fraction] = {}
    for pair in (True, False):
        for cat, w in split[pair].items():
            p = _pays(table, cat, pair)
            name = cat if p is not None else "no paying hand"
            if p is not None and any(x.hand == cat and x.row_pair is not None for x in table):
                name = f"{cat} ({'began' if pair else 'did not begin'} as a pair)"
            blind[name] = blind.get(name, Fraction(0)) + Fraction(w, 10 * total)
    out.append(
        _wager_from(
            f"Peek Bonus, a row chosen without looking (max ${v.peek.max_cents // 100})", blind, table
        )
    )
    for pair in (True, False):
        whole = sum(split[pair].values())
        probs: dict[str, Fraction] = {}
        for cat, w in split[pair].items():
            name = cat if _pays(table, cat, pair) is not None else "no paying hand"
            probs[name] = probs.get(name, Fraction(0)) + Fraction(w, whole)
        out.append(
            _wager_from(
                f"Peek Bonus on a row whose first two cards are {'a pair' if pair else 'not a pair'}",
                probs,
                table,
                pair,
            )
        )
    return out


def _wager_from(
    name: str, probs: Mapping[str, Fraction], table: Sequence[PayLine], pair: bool | None = None
) -> Wager:
    outcomes = []
    for line, p in probs.items():
        if not p:
            continue
        hand = line.split(" (")[0]
        began = None if pair is not None or " (" not in line else line.endswith("began as a pair)")
        pays = _pays(table, hand, pair if pair is not None else began) if hand != "no paying hand" else None
        outcomes.append(WagerOutcome(line, p, pays if pays is not None else Fraction(-1)))
    outcomes.sort(key=lambda o: -o.pays)
    return Wager(name, tuple(outcomes))


# ------------------------------------------------------------------------------------------- Super Bet


def _wins(v: Variant, cat: str) -> bool:
    return _pays(v.super_bet.pays, cat) is not None


@cache
def _winning_hands() -> tuple[tuple[int, ...], ...]:
    """Every five-card hand of three of a kind or better (card indices)."""
    from rules.evaluators.high import category_of, rank5_fast

    good = {
        "Three of a Kind",
        "Straight",
        "Flush",
        "Full House",
        "Four of a Kind",
        "Straight Flush",
        "Royal Flush",
    }
    return tuple(h for h in combinations(range(52), 5) if category_of(rank5_fast(h)) in good)


def both_rows_win(v: Variant) -> Fraction:
    """p2: two given rows both three of a kind or better (exact; needs numpy)."""
    import numpy as np

    if any(not _wins(v, c) for c in ("Three of a Kind", "Straight", "Flush", "Full House", "Four of a Kind")):
        raise TwoCardPeekDataError(
            "super_bet.pays", "the exact count assumes every hand from three of a kind up pays"
        )
    ms = _multisets5()
    counts = np.array([[m.count(r) for r in range(2, 15)] for m in ms], dtype=np.int64)  # (M, 13)
    big = counts.max(axis=1)
    distinct = (counts > 0).sum(axis=1) == 5
    straight = np.array([_straight(m) for m in ms])
    rank_win = big >= 3
    combo = np.array([[comb(a, c) for c in range(5)] for a in range(5)], dtype=np.int64)  # [avail, used]
    flush_sets = counts[distinct & ~straight] > 0  # (F, 13) the ranks of each non-straight distinct set
    canon: dict[tuple[int, ...], int] = {}
    for h in _winning_hands():
        key = min(tuple(sorted((c // 4) * 4 + p[c % 4] for c in h)) for p in permutations(range(4)))
        canon[key] = canon.get(key, 0) + 1
    total = 0
    for hand, n in canon.items():
        avail = np.full((13, 4), 1, dtype=np.int64)
        for c in hand:
            avail[c // 4, c % 4] = 0
        per_rank = avail.sum(axis=1)  # (13,)
        ways = combo[per_rank[None, :], counts].prod(axis=1)  # every suit assignment of each multiset
        wins = ways[rank_win | (distinct & straight)].sum()
        # the other distinct, non-straight sets win only as a flush: all five of one suit available
        for s in range(4):
            col = avail[:, s].astype(bool)
            wins += int((flush_sets <= col[None, :]).all(axis=1).sum())
        total += n * int(wins)
    return Fraction(total, comb(52, 5) * comb(47, 5))


def super_bet(v: Variant, exact_pair: bool = True) -> tuple[Wager, list[str]]:
    """The Super Bet: each row's pays exactly, and the edge's exact bounds (see the module docstring)."""
    counts = five_card_counts()
    total = comb(52, 5)
    row_pay = Fraction(0)
    p1 = Fraction(0)
    outcomes = []
    for cat in (*(x.hand for x in v.super_bet.pays),):
        p = Fraction(counts.get(cat, 0), total)
        pays = _pays(v.super_bet.pays, cat)
        assert pays is not None
        row_pay += p * pays
        p1 += p
        outcomes.append(WagerOutcome(f"one row: {cat}", p, pays))
    outcomes.append(WagerOutcome("one row: below three of a kind", 1 - p1, Fraction(0)))
    notes = [
        f"Super Bet: one row pays {float(row_pay):.6f} per $1 on average ({row_pay}); three rows {3 * row_pay}."
    ]
    if not exact_pair:
        return Wager("Super Bet, per row (the edge needs p2)", tuple(outcomes), note="rows only"), notes
    p2 = both_rows_win(v)
    # edge = P(no row wins) - 3·E[row pay]; P(none) = 1 - 3p1 + 3p2 - p3, 0 <= p3 <= p2
    low = 1 - 3 * p1 + 3 * p2 - p2 - 3 * row_pay
    high = 1 - 3 * p1 + 3 * p2 - 3 * row_pay
    notes.append(
        f"Super Bet: P(a row wins) = {p1}; P(two given rows both win) = {p2}; house edge between "
        f"{float(low) * 100:.4f}% ({low}) and {float(high) * 100:.4f}% ({high}) (all three rows winning, p3, not counted)."
    )
    return Wager(
        "Super Bet, $1 on three rows",
        tuple(outcomes),
        edge_override=high,
        note="edge: the upper bound; see notes",
    ), notes


def analyze(data: Mapping[str, Any], decks: int | None, progress: Progress | None = None) -> Analysis:
    """Exact probabilities and house edges of Two Card Peek's wagers (one deck)."""
    v = from_data(data)
    if decks not in (None, 1):
        raise TwoCardPeekDataError(
            "decks", f"{data.get('id', 'Two Card Peek')} is dealt from one deck, not {decks}"
        )
    step = Steps(progress, 4)
    counts = five_card_counts()
    step()
    outcomes = [Outcome(f"a row's five cards: {c}", Fraction(n, comb(52, 5))) for c, n in counts.items()]
    pick = _pick_counts()
    step()
    total = sum(pick.values())
    q = sum(n for (_, ok), n in pick.items() if ok)
    outcomes.insert(0, Outcome("the qualifier met (a two-card hand Ten-high or better)", Fraction(q, total)))
    wagers = [*pick_row(v), two_card_poker(v), *peek(v)]
    step()
    sb, notes = super_bet(v)
    step()
    wagers.append(sb)
    notes.insert(
        0,
        "One deck. Pick Row and 2 Card Poker over every deal of the two-card hands; the Peek Bonus and Super "
        "Bet over every five-card row (docs/the101-banked-games.md).",
    )
    return Analysis(str(data.get("id", "twocardpeek")), 1, tuple(outcomes), tuple(wagers), tuple(notes))
