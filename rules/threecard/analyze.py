"""Exact analysis of a Three Card Poker family variant (``dealer-terminal analyze threecard/...``).

Everything is counted, not sampled, with exact fractions:

* the player's three-card hand over every three-card draw (22,100 from one deck; from one to six decks the
  draws are grouped by the cards' identities, so duplicates of one card are counted with their weights);
* the Ante and Play against every player-dealer hand from the remaining cards. For each player hand the
  player-dealer's hands below a value are counted by inclusion-exclusion over the player's three cards
  (all hands, less those holding each of the player's cards, plus those holding two of them), from sorted
  cumulative counts, so all 22,100 x 18,424 pairs are covered without visiting them. The house edge is
  given for the optimal decision of every hand and for the queen-six-four rule, per unit of Ante;
* every three-card bonus and ante bonus pay table;
* the 6 Card Bonus / Bonus 6 over all 20,358,520 six-card sets (the player's three and the player-dealer's
  three are a uniformly random six of one deck), by rank multiset and flush count;
* 3 Card Texas Hold'em's Flush Or Pair over the 1,326 two-card hands and Straight Or Up over all
  2,598,960 five-card sets (by rank multiset, the suits enumerated where a straight flush is possible).
  The Ante and Bet wagers of 3 Card Texas Hold'em (two decisions, a pair-of-fours qualifier, about
  2.8e10 deals) are not computed here; the analysis says so.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator, Mapping
from fractions import Fraction
from functools import cache
from itertools import combinations, product
from math import comb
from typing import Any, Final

from rules.analysis import Analysis, Outcome, Wager, WagerOutcome
from rules.evaluators.high import CATEGORIES as HIGH_CATEGORIES
from rules.evaluators.three import (
    CATEGORY_NAMES,
    HIGH_CARD,
    MINI_ROYAL,
    STRAIGHT_FLUSH,
    rank3,
)
from rules.round.family import Progress, Steps
from rules.threecard.hands import best_line, straight_or_up_lines_idx, three_card_lines
from rules.threecard.model import (
    COMPARISONS,
    Bonus,
    Comparison,
    PayLine,
    Result,
    ThreeCardDataError,
    Variant,
    describe_value,
    from_data,
)

#: The queen-six-four rule: play Q-6-4 or better, fold worse.
QUEEN_SIX_FOUR: Final = HIGH_CARD << 12 | 12 << 8 | 6 << 4 | 4

_VAL: Final[Mapping[str, int]] = {"win": 1, "lose": -1, "push": 0, "no-action": 0}
_WORDS: Final[Mapping[str, str]] = {
    "player_higher": "player higher",
    "player_dealer_higher": "player-dealer higher",
    "tie": "tie",
}


# ------------------------------------------------------------------------------ three-card draws


@cache
def three_card_draws(decks: int) -> tuple[tuple[int, int, int, int, int], ...]:
    """Every three-card draw from ``decks`` decks grouped by card identity: ``(i, j, k, value, ways)``
    with card indices i <= j <= k and the number of physical draws."""
    out: list[tuple[int, int, int, int, int]] = []
    for i in range(52):
        for j in range(i, 52):
            for k in range(j, 52):
                if i == j == k:
                    w = comb(decks, 3)
                elif i == j or j == k:
                    w = comb(decks, 2) * decks
                else:
                    w = decks**3
                if w:
                    out.append((i, j, k, rank3(i, j, k), w))
    return tuple(out)


class _Cumulative:
    """Weighted values, sorted: the total weight of values below any x in one bisection."""

    __slots__ = ("values", "prefix")

    def __init__(self, pairs: list[tuple[int, int]]) -> None:
        merged: dict[int, int] = {}
        for v, w in pairs:
            if w:
                merged[v] = merged.get(v, 0) + w
        self.values = sorted(merged)
        self.prefix = [0]
        for v in self.values:
            self.prefix.append(self.prefix[-1] + merged[v])

    def below(self, x: int) -> int:
        return self.prefix[bisect_left(self.values, x)]


@cache
def _tables(decks: int) -> tuple[_Cumulative, tuple[_Cumulative, ...], dict[tuple[int, int], _Cumulative]]:
    """Dealer-hand counts: all hands; hands holding one given card; hands holding two given cards."""
    d = decks
    every = _Cumulative([(v, w) for _, _, _, v, w in three_card_draws(d)])
    one: list[_Cumulative] = []
    for a in range(52):
        pairs: list[tuple[int, int]] = []
        for j in range(52):
            nj = d - (j == a)
            for k in range(j, 52):
                nk = d - (k == a)
                w = comb(nj, 2) if j == k else nj * nk
                if w:
                    pairs.append((rank3(a, j, k), w))
        one.append(_Cumulative(pairs))
    two: dict[tuple[int, int], _Cumulative] = {}
    for a in range(52):
        for b in range(a, 52):
            if a == b and d < 2:
                continue
            two[(a, b)] = _Cumulative([(rank3(a, b, t), d - (t == a) - (t == b)) for t in range(52)])
    return every, tuple(one), two


def dealer_below(decks: int, hand: tuple[int, int, int], x: int) -> int:
    """How many player-dealer hands from the cards left after ``hand`` (card indices) rank below ``x``."""
    every, one, two = _tables(decks)
    a, b, c = sorted(hand)
    n = every.below(x) - one[a].below(x) - one[b].below(x) - one[c].below(x)
    n += two[(a, b)].below(x) + two[(a, c)].below(x) + two[(b, c)].below(x)
    return n - (1 if rank3(a, b, c) < x else 0)


def dealer_outcomes(
    decks: int, hand: tuple[int, int, int], qualifier: int
) -> dict[tuple[bool, Comparison], int]:
    """The player-dealer's hands from the remaining cards, by (qualifies, comparison with ``hand``)."""
    total = comb(52 * decks - 3, 3)
    v = rank3(*hand)
    nq = dealer_below(decks, hand, qualifier)
    lt = dealer_below(decks, hand, v)
    le = dealer_below(decks, hand, v + 1)
    if v < qualifier:
        return {
            (False, "player_higher"): lt,
            (False, "tie"): le - lt,
            (False, "player_dealer_higher"): nq - le,
            (True, "player_higher"): 0,
            (True, "tie"): 0,
            (True, "player_dealer_higher"): total - nq,
        }
    return {
        (False, "player_higher"): nq,
        (False, "tie"): 0,
        (False, "player_dealer_higher"): 0,
        (True, "player_higher"): lt - nq,
        (True, "tie"): le - lt,
        (True, "player_dealer_higher"): total - le,
    }


# ------------------------------------------------------------------------------------- wagers


def _three_card_name(value: int, mini_royal: bool) -> str:
    cat = value >> 12
    if cat == STRAIGHT_FLUSH and mini_royal and (value >> 8) & 15 == 14:
        return MINI_ROYAL
    return CATEGORY_NAMES[cat]


def three_card_hands(variant: Variant, decks: int) -> tuple[Outcome, ...]:
    """The probability of each three-card hand."""
    total = comb(52 * decks, 3)
    counts: dict[str, int] = {}
    for _, _, _, v, w in three_card_draws(decks):
        name = _three_card_name(v, variant.ranking.mini_royal)
        counts[name] = counts.get(name, 0) + w
    order = [MINI_ROYAL, *reversed(CATEGORY_NAMES)]
    return tuple(Outcome(n, Fraction(counts[n], total)) for n in order if n in counts)


def _pay_outcomes(name: str, table: tuple[PayLine, ...], weights: Mapping[str, int], total: int) -> Wager:
    """A bonus wager from the weight of every line (``""``: no paying hand)."""
    outs = [
        WagerOutcome(line.hand, Fraction(weights.get(line.hand, 0), total), line.pays)
        for line in table
        if weights.get(line.hand, 0)
    ]
    lose = weights.get("", 0)
    if lose:
        outs.append(WagerOutcome("no paying hand", Fraction(lose, total), Fraction(-1)))
    return Wager(name, tuple(outs))


def three_card_bonus(table: tuple[PayLine, ...], name: str, decks: int) -> Wager:
    """A bonus on the player's three cards (Pair Plus, Pair & Up, Bonus)."""
    weights: dict[str, int] = {}
    for _, _, _, v, w in three_card_draws(decks):
        line = best_line(table, three_card_lines(v))
        key = line.hand if line else ""
        weights[key] = weights.get(key, 0) + w
    return _pay_outcomes(name, table, weights, comb(52 * decks, 3))


def ante_play(variant: Variant, decks: int, rule: str = "optimal") -> tuple[Wager, str]:
    """The Ante and Play together, per unit of Ante, for ``rule`` ``optimal`` (each hand's better choice)
    or ``q64`` (play queen-six-four or better). Returns the wager and the strategy in words."""
    total = comb(52 * decks - 3, 3)
    hands_total = comb(52 * decks, 3)
    raise_name = variant.raises[0].name
    acc: dict[tuple[str, Fraction], int] = {}  # weights over hands_total x total
    played_min: int | None = None
    folded_max: int | None = None
    played_n = 0
    for i, j, k, v, w in three_card_draws(decks):
        outcomes = dealer_outcomes(decks, (i, j, k), variant.qualifier)
        bonus = Fraction(0)
        bonus_name = ""
        if variant.ante_bonus:
            line = best_line(variant.ante_bonus, three_card_lines(v))
            if line is not None:
                bonus, bonus_name = line.pays, line.hand
        ev_play = bonus
        ev_int = 0
        rows: list[tuple[str, Fraction, int]] = []
        for (q, comp), n in outcomes.items():
            if not n:
                continue
            row = (variant.qualified if q else variant.not_qualified).row(comp)
            pays = Fraction(_VAL[row.ante] + _VAL[row.raises]) + bonus
            ev_play += pays * n / total if bonus else 0
            ev_int += (_VAL[row.ante] + _VAL[row.raises]) * n
            label = _label(q, comp, row.ante, row.raises, raise_name)
            if bonus_name:
                label += f"; ante bonus ({bonus_name})"
            rows.append((label, pays, n))
        better = (ev_play > -1) if bonus else (ev_int > -total)
        play = better if rule == "optimal" else v >= QUEEN_SIX_FOUR
        if play:
            played_n += w
            played_min = v if played_min is None else min(played_min, v)
            for label, pays, n in rows:
                acc[(label, pays)] = acc.get((label, pays), 0) + w * n
        else:
            folded_max = v if folded_max is None else max(folded_max, v)
            acc[("fold", Fraction(-1))] = acc.get(("fold", Fraction(-1)), 0) + w * total
    denominator = hands_total * total
    outs = tuple(
        WagerOutcome(name, Fraction(n, denominator), pays)
        for (name, pays), n in sorted(acc.items(), key=lambda kv: -kv[0][1])
    )
    if rule == "optimal":
        words = f"each hand's better choice: plays {played_n} of {hands_total} hands"
        if played_min is not None:
            words += f", the lowest played {describe_value(played_min)}"
        if folded_max is not None:
            words += f", the highest folded {describe_value(folded_max)}"
        if folded_max is not None and played_min is not None and folded_max < played_min:
            words += f" (the rule: play {describe_value(played_min)} or better)"
    else:
        words = "queen-six-four: play Q-6-4 or better"
    name = f"Ante and {raise_name} ({'optimal' if rule == 'optimal' else 'Q-6-4 rule'})"
    return Wager(name, outs, note=f"per unit of Ante; {words}"), words


def _label(q: bool, comp: Comparison, ante: Result, raised: Result, raise_name: str) -> str:
    who = "player-dealer qualifies" if q else "player-dealer does not qualify"
    return f"{who}, {_WORDS[comp]}: Ante {ante}, {raise_name} {raised}"


# ---------------------------------------------------------------------------------- six cards


def _straight_top(ranks: set[int]) -> int:
    """The top of the best five-card straight among distinct ranks (0: none; 5 for the wheel)."""
    for top in range(14, 5, -1):
        if all(r in ranks for r in range(top - 4, top + 1)):
            return top
    if {14, 2, 3, 4, 5} <= ranks:
        return 5
    return 0


def _rank_multisets(size: int) -> Iterator[tuple[int, ...]]:
    """Counts per rank (index 0 = deuce … 12 = ace), each 0..4, summing to ``size``."""

    def rec(pos: int, left: int, acc: list[int]) -> Iterator[tuple[int, ...]]:
        if pos == 13:
            if left == 0:
                yield tuple(acc)
            return
        for c in range(min(4, left) + 1):
            acc.append(c)
            yield from rec(pos + 1, left - c, acc)
            acc.pop()

    yield from rec(0, size, [])


@cache
def six_card_counts() -> dict[str, int]:
    """The best five of six cards from one deck, by category, over all 20,358,520 six-card sets."""
    out: dict[str, int] = {}

    def add(name: str, n: int) -> None:
        if n:
            out[name] = out.get(name, 0) + n

    for counts in _rank_multisets(6):
        ways = 1
        for c in counts:
            ways *= comb(4, c)
        ranks = {r + 2 for r, c in enumerate(counts) if c}
        shape = sorted((c for c in counts if c), reverse=True)
        if shape[0] == 4:
            rank_cat = "Four of a Kind"
        elif shape[0] == 3 and shape[1] >= 2:
            rank_cat = "Full House"
        elif shape[0] == 3:
            rank_cat = "Three of a Kind"
        elif shape[:2] == [2, 2]:
            rank_cat = "Two Pair"
        elif _straight_top(ranks):
            rank_cat = "Straight"
        elif shape[0] == 2:
            rank_cat = "One Pair"
        else:
            rank_cat = "High Card"
        flushes = 0
        if len(ranks) == 6:
            # all six suited (4 ways), or five of the six suited and the sixth another suit (6 x 4 x 3)
            add(_flush_name(ranks), 4)
            flushes += 4
            for left_out in ranks:
                add(_flush_name(ranks - {left_out}), 12)
                flushes += 12
        elif len(ranks) == 5:
            # the five ranks suited, the pair's second card one of the three other suits
            add(_flush_name(ranks), 12)
            flushes += 12
        add(rank_cat, ways - flushes)
    return out


def _flush_name(suited: set[int]) -> str:
    top = _straight_top(suited)
    if top == 14:
        return "Royal Flush"
    return "Straight Flush" if top else "Flush"


_FIVE_ORDER: Final = tuple(c for c in HIGH_CATEGORIES if c not in ("Five Aces", "Five of a Kind"))


def six_card_bonus(bonus: Bonus) -> Wager:
    """The 6 Card Bonus / Bonus 6 on its posted table."""
    from rules.threecard.hands import five_card_lines

    total = comb(52, 6)
    weights: dict[str, int] = {}
    for cat, n in six_card_counts().items():
        line = best_line(bonus.pays, five_card_lines(cat))
        key = line.hand if line else ""
        weights[key] = weights.get(key, 0) + n
    return _pay_outcomes(bonus.name, bonus.pays, weights, total)


# --------------------------------------------------------------------------- 3 Card Texas Hold'em


def hole_card_bonus(table: tuple[PayLine, ...], name: str) -> Wager:
    """Flush Or Pair over the 1,326 two-card hands."""
    from rules.cards import ALL_CARDS
    from rules.threecard.hands import hole_card_lines

    weights: dict[str, int] = {}
    for a, b in combinations(range(52), 2):
        line = best_line(table, hole_card_lines(ALL_CARDS[a], ALL_CARDS[b]))
        key = line.hand if line else ""
        weights[key] = weights.get(key, 0) + 1
    return _pay_outcomes(name, table, weights, comb(52, 2))


def _has_three_window(ranks: set[int]) -> bool:
    rs = set(ranks) | ({1} if 14 in ranks else set())  # the ace also begins A-2-3
    return any({t, t + 1, t + 2} <= rs for t in range(1, 13))


@cache
def straight_or_up_lines_count() -> dict[frozenset[str], int]:
    """Every five-card set of one deck by the set of Straight Or Up lines it makes."""
    out: dict[frozenset[str], int] = {}
    for counts in _rank_multisets(5):
        ways = 1
        for c in counts:
            ways *= comb(4, c)
        ranks = {r + 2 for r, c in enumerate(counts) if c}
        if not _has_three_window(ranks):
            lines = frozenset({"three of a kind"}) if max(counts) >= 3 else frozenset()
            out[lines] = out.get(lines, 0) + ways
            continue
        # the suits matter (straight flushes): enumerate them, the first rank's suits fixed by symmetry
        present = [(r, c) for r, c in enumerate(counts) if c]
        r0, c0 = present[0]
        first = tuple(range(c0))
        sym = comb(4, c0)
        choices = [list(combinations(range(4), c)) for _, c in present[1:]]
        for pick in product(*choices):
            cards = [r0 * 4 + s for s in first]
            for (r, _), suits in zip(present[1:], pick, strict=True):
                cards.extend(r * 4 + s for s in suits)
            lines = straight_or_up_lines_idx(cards)
            out[lines] = out.get(lines, 0) + sym
    return out


def straight_or_up(table: tuple[PayLine, ...], name: str) -> Wager:
    """Straight Or Up over all five-card sets (the player's two and the three communal cards)."""
    weights: dict[str, int] = {}
    for lines, n in straight_or_up_lines_count().items():
        line = best_line(table, lines)
        key = line.hand if line else ""
        weights[key] = weights.get(key, 0) + n
    return _pay_outcomes(name, table, weights, comb(52, 5))


# ------------------------------------------------------------------------------------ analyze


def _bonus_wagers(variant: Variant, decks: int) -> tuple[list[Wager], list[str]]:
    wagers: list[Wager] = []
    notes: list[str] = []
    for b in variant.bonuses:
        for tname, table in b.tables.items():
            label = (
                b.name
                if len(b.tables) == 1
                else f"{b.name} (table {tname}{', posted' if tname == b.table else ''})"
            )
            if b.hand == "three-card":
                wagers.append(three_card_bonus(table, label, decks))
            elif b.hand == "six-card":
                if decks != 1:
                    notes.append(f"{b.name}: counted for one deck only")
                    continue
                wagers.append(six_card_bonus(_with_table(b, table)))
                wagers[-1] = Wager(label, wagers[-1].outcomes)
            elif b.hand == "hole-cards":
                wagers.append(hole_card_bonus(table, label))
            else:
                wagers.append(straight_or_up(table, label))
    return wagers, notes


def _with_table(b: Bonus, table: tuple[PayLine, ...]) -> Bonus:
    from dataclasses import replace

    return replace(b, tables={"posted": table}, table="posted")


def analyze(data: Mapping[str, Any], decks: int | None, progress: Progress | None = None) -> Analysis:
    """Exact probabilities and house edges of every wager of a Three Card Poker family variant
    (``progress``: each of its stages as it is done)."""
    variant = from_data(data)
    d = variant.decks_default if decks is None else decks
    if not variant.decks_min <= d <= variant.decks_max:
        raise ThreeCardDataError(
            "decks",
            f"{variant.id} is dealt from {variant.decks_min}"
            + (f" to {variant.decks_max}" if variant.decks_max != variant.decks_min else "")
            + f" deck{'s' if variant.decks_max != 1 else ''} at a time, not {d}",
        )
    notes: list[str] = []
    outcomes: list[Outcome] = []
    wagers: list[Wager] = []
    step = Steps(progress, 4 if variant.game == "three-card-poker" else 1)
    if variant.game == "three-card-poker":
        outcomes.extend(three_card_hands(variant, d))
        step()
        total = comb(52 * d, 3)
        q = sum(w for *_, v, w in three_card_draws(d) if v >= variant.qualifier)
        outcomes.append(Outcome(f"Player-dealer qualifies ({variant.qualifier_text})", Fraction(q, total)))
        optimal, _ = ante_play(variant, d, "optimal")
        step()
        q64, _ = ante_play(variant, d, "q64")
        step()
        wagers.extend([optimal, q64])
        if variant.ante_bonus:
            notes.append("The ante bonus is counted in the Ante and Play lines (paid when the player plays).")
        notes.append(
            "Ante and Play are per unit of Ante, against every player-dealer hand from the remaining cards; "
            "bonus wagers are counted apart (a fold that forfeits a bonus is not in its edge)."
        )
    else:
        notes.append(
            "3 Card Texas Hold'em: the Ante, Bet or Fold and Bet or Check wagers (two decisions against a "
            "pair-of-fours qualifier over every deal) are not computed here; benchmarks/threecard_holdem.py "
            "counts them exactly with numpy (docs/threecard.md). The side bets are exact."
        )
    bonus_wagers, bonus_notes = _bonus_wagers(variant, d)
    step()
    wagers.extend(bonus_wagers)
    notes.extend(bonus_notes)
    return Analysis(variant.id, d, tuple(outcomes), tuple(wagers), tuple(notes))


__all__ = [
    "COMPARISONS",
    "QUEEN_SIX_FOUR",
    "analyze",
    "ante_play",
    "dealer_below",
    "dealer_outcomes",
    "hole_card_bonus",
    "six_card_bonus",
    "six_card_counts",
    "straight_or_up",
    "straight_or_up_lines_count",
    "three_card_bonus",
    "three_card_draws",
    "three_card_hands",
]
