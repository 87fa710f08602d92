"""Exact analysis of a Pai Gow Poker variant: hand categories and every hand-type bonus bet.

``analyze(data, decks)`` (the ``analyze`` command's family entry point) counts all C(53, 7) =
154,143,080 seven-card hands (C(53, 6) = 22,957,480 six-card hands for Mini Pai Gow) exactly, by
classes instead of one by one:

* a hand without a flush is known, for every bonus in the filings, by its ranks and the joker: each
  rank-count vector ``c`` stands for ``prod C(4, c_r)`` hands;
* a hand with a flush has exactly one flush suit (five of seven, or four and the joker): it is known by
  the ranks ``F`` of that suit, the ranks of the other cards and the joker, and stands for
  ``4 * prod C(3, d_r)`` hands. Those hands were also counted, wrongly, as hands without a flush in the
  first pass; each flush class moves its weight from the first answer to the right one.

Two bonus hands also look at the suits of the non-flush cards, and are split exactly: Royal Match (the
two cards beside a royal flush are a suited king and queen: 3 of their 9 suit pairs) and the Happy Pai
Gow same-colour 9-high (of the 15,540 ways to suit seven different ranks without a flush, 140 are one
colour). The Double Luck bet is settled on the House Way setting, so its classes are set by the room's
chart on a representative hand (the chart looks only at ranks and at whether a straight or flush is
there, which the class fixes).

The Ace-High / Ace Up bonus compares the player-dealer's seven cards with the player's, counted exactly by
rank sets and suitings below. Bets decided on two House Way hands (Ultimate Pai Gow's four bets, Triple Bonus's
Ultimate Push) come from the stored exact two-hand table (``rules.paigow.twohands``). The Envy payouts'
per-round figures depend on how many others bet and are reported as a note.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb, factorial, prod
from typing import Any, Final

from rules.analysis import Analysis, Outcome, Wager, WagerOutcome
from rules.cards import JOKER_INDEX
from rules.errors import RulesError
from rules.evaluators.high import CATEGORIES as HIGH_CATEGORIES
from rules.paigow.bonus import HIERARCHY, table_row
from rules.paigow.classes import RANKS as _RANKS
from rules.paigow.classes import Key, _classes, _representative, _vector, class_count
from rules.paigow.hands import PaiGowRules, front_value, value5
from rules.paigow.twohands import TwoHandTable, base_wager, community_wager, push_wager
from rules.paigow.variant import Bonus, PaiGowVariant
from rules.round.family import Progress

_ACE: Final = 14
_ROYAL: Final = frozenset({10, 11, 12, 13, 14})

#: The five-card categories reported as outcomes, highest first.
CATEGORIES: Final[tuple[str, ...]] = tuple(c for c in HIGH_CATEGORIES if c != "Five of a Kind")


class AnalysisError(RulesError, ValueError):
    """A variant this analysis cannot count exactly (e.g. more than one deck)."""


# ---------------------------------------------------------------------------------------------- classify


def _straight(ranks: set[int], joker: bool) -> bool:
    rs = set(ranks)
    if _ACE in rs:
        rs.add(1)
    need = 4 if joker else 5
    return any(len(rs & set(range(lo, lo + 5))) >= need for lo in range(1, 11))


def _window(ranks: set[int], size: int, need: int) -> bool:
    rs = set(ranks)
    if _ACE in rs:
        rs.add(1)
    return any(len(rs & set(range(lo, lo + size))) >= need for lo in range(1, 16 - size))


def _pair_category(counts: dict[int, int], joker: bool) -> str:
    """The best hand from pairs and sets alone (the joker an ace)."""
    c = dict(counts)
    if joker:
        c[_ACE] = c.get(_ACE, 0) + 1
    sizes = sorted((n for n in c.values() if n), reverse=True)
    if sizes[0] >= 5:
        return "Five Aces"
    if sizes[0] == 4:
        return "Four of a Kind"
    if sizes[0] == 3:
        return "Full House" if len(sizes) > 1 and sizes[1] >= 2 else "Three of a Kind"
    if sizes[0] == 2:
        return "Two Pair" if len(sizes) > 1 and sizes[1] == 2 else "One Pair"
    return "High Card"


_ORDER: Final = {name: i for i, name in enumerate(reversed(CATEGORIES))}


def _best(*names: str) -> str:
    return max(names, key=lambda n: _ORDER[n])


def _three_pair(counts: dict[int, int], joker: bool) -> bool:
    c = dict(counts)
    if joker:
        c[_ACE] = c.get(_ACE, 0) + 1
    return sum(1 for n in c.values() if n == 2) >= 3 and max(c.values()) == 2


@cache
def _plain(key: tuple[int, ...], joker: bool) -> tuple[str, str]:
    """(five-card category, bonus name) of a hand without a flush, by its rank counts."""
    counts = {r: n for r, n in zip(_RANKS, key, strict=True) if n}
    cat = _pair_category(counts, joker)
    distinct = set(counts)
    if _straight(distinct, joker):
        cat = _best(cat, "Straight")
    bonus = _bonus_of(cat, counts, joker, flush=False)
    return cat, bonus


def _bonus_of(cat: str, counts: dict[int, int], joker: bool, *, flush: bool) -> str:
    names = {
        "Five Aces": "five_aces",
        "Royal Flush": "royal_flush",
        "Straight Flush": "straight_flush",
        "Four of a Kind": "four_of_a_kind",
        "Full House": "full_house",
        "Flush": "flush",
        "Straight": "straight",
        "Three of a Kind": "three_of_a_kind",
        "Two Pair": "two_pair",
        "One Pair": "one_pair",
        "High Card": "high_card",
    }
    if cat in ("Two Pair",) and _three_pair(counts, joker):
        return "three_pair"
    if cat == "High Card" and not joker and not flush and max(counts) == 8:
        return "eight_high"
    return names[cat]


def _flush_class(f: frozenset[int], counts: dict[int, int], joker: bool) -> tuple[str, str, bool, bool]:
    """(five-card category, bonus name, royal is natural, a royal whose other two cards are K and Q)
    for a hand whose flush suit holds ranks ``f``; ``counts`` are all the natural cards' ranks."""
    cat = _pair_category(counts, joker)
    if _straight(set(counts), joker):
        cat = _best(cat, "Straight")
    cat = _best(cat, "Flush")
    natural_royal = f >= _ROYAL
    royal = natural_royal or (joker and len(f & _ROYAL) >= 4)
    sf = _straight(set(f), joker)
    if royal:
        cat = _best(cat, "Royal Flush")
    elif sf:
        cat = _best(cat, "Straight Flush")
    n_cards = sum(counts.values()) + joker
    bonus = _bonus_of(cat, counts, joker, flush=True)
    if bonus == "royal_flush" and not natural_royal:
        bonus = "royal_flush_joker"
    others = dict(counts)
    for r in f:
        others[r] -= 1
    other_ranks = sorted(r for r, n in others.items() for _ in range(n))
    royal_kq = False
    if n_cards == 7:
        if not joker and len(f) == 7 and _window(set(f), 7, 7):
            bonus = "seven_card_straight_flush_natural"
        elif joker and len(f) == 6 and _window(set(f), 7, 6):
            bonus = "seven_card_straight_flush_joker"
        elif royal and other_ranks == [12, 13] and (f == _ROYAL or (joker and len(f) == 4)):
            royal_kq = True
    return cat, bonus, natural_royal, royal_kq


# ---------------------------------------------------------------------------------------------- classes


# ---------------------------------------------------------------------------------------------- tallies


def _tally(
    n_cards: int, luck_rules: PaiGowRules | None, progress: Progress | None = None
) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """(category counts, bonus-hand counts, Double Luck outcome counts) over every n-card hand;
    ``progress(classes done, classes in all)`` every few thousand classes."""
    total_classes = class_count(n_cards) if progress is not None else 0
    cats: dict[str, int] = {}
    names: dict[str, int] = {}
    luck: dict[str, int] = {}

    def add(d: dict[str, int], k: str, w: int) -> None:
        d[k] = d.get(k, 0) + w

    plain_luck: dict[Key, str] = {}
    one_colour_9 = 0
    for i, (kind, key, fs, counts, joker, w) in enumerate(_classes(n_cards)):
        if progress is not None and i % 4096 == 0:
            progress(i, total_classes)
        if kind == "plain":
            cat, name = _plain(*key)
            add(cats, cat, w)
            add(names, name, w)
            if name == "high_card" and n_cards == 7:
                top = _ACE if joker else max(counts)
                add(names, f"pai_gow_{top}", w)
                if joker:
                    add(names, "pai_gow_joker_ace", w)
                if top == 9:
                    # 7 different ranks in one colour, no five of a suit: C(7,3) + C(7,4) per colour
                    one_colour_9 += 2 * (comb(7, 3) + comb(7, 4))
            if luck_rules is not None:
                out = _luck(cat, counts, joker, None, luck_rules)
                plain_luck[key] = out
                add(luck, out, w)
            continue
        assert fs is not None
        pcat, pname = _plain(*key)
        cat, name, _natural, royal_kq = _flush_class(fs, counts, joker)
        add(cats, pcat, -w)
        add(names, pname, -w)
        add(cats, cat, w)
        if royal_kq:
            add(names, "royal_flush_royal_match", w // 3)  # the king and queen share a suit: 3 of 9
            add(names, name, w - w // 3)
        else:
            add(names, name, w)
        if pname == "high_card" and n_cards == 7:
            add(names, f"pai_gow_{_ACE if joker else max(counts)}", -w)
            if joker:
                add(names, "pai_gow_joker_ace", -w)
        if luck_rules is not None:
            add(luck, plain_luck[key], -w)
            add(luck, _luck(cat, counts, joker, fs, luck_rules), w)
    names["pai_gow_9_one_colour"] = one_colour_9
    return cats, names, luck


_LUCK_NAMES: Final = {
    "Five Aces": "five_aces",
    "Royal Flush": "royal_flush",
    "Straight Flush": "straight_flush",
    "Four of a Kind": "four_of_a_kind",
    "Full House": "full_house",
    "Flush": "flush",
    "Straight": "straight",
}


def _luck(
    cat: str, counts: Mapping[int, int], joker: bool, fs: frozenset[int] | None, rules: PaiGowRules
) -> str:
    """The Double Luck outcome of a class: the best five-card hand the seven cards contain (or a seven-card
    straight flush), with ``+pair`` when the two other cards can be a pair beside a hand of that rank."""
    if cat not in _LUCK_NAMES:
        return "none"
    name = _LUCK_NAMES[cat]
    if fs is not None and len(counts) == 7 - joker and len(fs) == 7 - joker:
        sf7 = _window(set(fs), 7, 7 - joker)
        if sf7:
            return "seven_card_straight_flush_" + ("joker" if joker else "natural")
    c = dict(counts)
    if joker:
        c[_ACE] = c.get(_ACE, 0) + 1
    sizes = sorted(c.values(), reverse=True)
    if cat in ("Five Aces", "Four of a Kind", "Full House"):
        # the set(s) behind, and the two cards left over a pair: 5+2, 4+2+1 or 4+3, 3+2+2
        plus = sizes[:2] == [5, 2] or sizes[:2] == [4, 2] or sizes[:2] == [4, 3] or sizes[:3] == [3, 2, 2]
        return name + ("+pair" if plus else "")
    if max(counts.values()) < 2 and not (joker and _ACE in counts):
        return name  # no two cards can pair
    if fs is not None and len(fs) + joker == 5:
        # the flush takes every suited card and the joker: the two other cards are what is left
        others = [r for r, n in counts.items() for _ in range(n - (r in fs))]
        return name + ("+pair" if len(others) == 2 and others[0] == others[1] else "")
    idx = _representative(counts, joker, fs)
    best = max(_luck_key(value5(five, rules)) for five in combinations(idx, 5))
    for front in combinations(idx, 2):
        if (
            front_value(front, rules) >> 8
            and _luck_key(value5([i for i in idx if i not in front], rules)) == best
        ):
            return name + "+pair"
    return name


def _luck_key(v: int) -> tuple[int, bool]:
    """The Double Luck row of a five-card value: its category, and for a straight flush whether it is royal."""
    cat = v >> 20
    return cat, cat == 8 and (v >> 16) & 15 in (14, 15) and not (v >> 12) & 15


# ---------------------------------------------------------------------------------------------- wagers

_PAI_GOW_NAMES: Final = {9: "9", 10: "10", 11: "j", 12: "q", 13: "k", 14: "a"}


def _hand_bonus(bonus: Bonus, names: Mapping[str, int], total: int) -> Wager:
    """A bonus settled on the hand's own cards: every row's exact probability and the edge."""
    rows: list[WagerOutcome] = []
    paid = 0
    if any(r.hand.startswith("pai_gow_") for r in bonus.rows):
        for r in bonus.rows:
            if r.hand == "pai_gow_9_high_one_colour":
                n = names.get("pai_gow_9_one_colour", 0)
            elif r.hand == "pai_gow_9_high":
                n = names.get("pai_gow_9", 0) - (
                    names.get("pai_gow_9_one_colour", 0) if bonus.row("pai_gow_9_high_one_colour") else 0
                )
            else:
                top = {v: k for k, v in _PAI_GOW_NAMES.items()}[r.hand[len("pai_gow_") : -len("_high")]]
                n = names.get(f"pai_gow_{top}", 0)
            rows.append(WagerOutcome(_label(r.hand), Fraction(n, total), r.pays))
            paid += n
    else:
        counted: dict[str, int] = {}
        for hand in (*HIERARCHY, "royal_flush_joker"):
            n = names.get(hand, 0)
            if not n:
                continue
            target = table_row(bonus, hand)
            if target is not None:
                counted[target] = counted.get(target, 0) + n
        for r in bonus.rows:
            n = counted.get(r.hand, 0)
            rows.append(WagerOutcome(_label(r.hand), Fraction(n, total), r.pays))
            paid += n
    rows.append(WagerOutcome("Any other hand (loses)", Fraction(total - paid, total), Fraction(-1)))
    return Wager(bonus.name, tuple(rows), note=bonus.cite)


def _label(hand: str) -> str:
    return hand.replace("_", " ").replace(" j high", " J high").capitalize()


def _double_luck(bonus: Bonus, luck: Mapping[str, int], total: int) -> Wager:
    rows: list[WagerOutcome] = []
    paid = 0
    for r in bonus.rows:
        n = luck.get(r.hand, 0)
        if r.plus_pair is None:
            n += luck.get(r.hand + "+pair", 0)
        rows.append(WagerOutcome(_label(r.hand), Fraction(n, total), r.pays))
        paid += n
        if r.plus_pair is not None:
            m = luck.get(r.hand + "+pair", 0)
            rows.append(WagerOutcome(_label(r.hand) + " + pair", Fraction(m, total), r.plus_pair))
            paid += m
    rows.append(WagerOutcome("Any other hand (loses)", Fraction(total - paid, total), Fraction(-1)))
    return Wager(bonus.name, tuple(rows), note=bonus.cite)


def analyze(data: Mapping[str, Any], decks: int | None, progress: Progress | None = None) -> Analysis:
    """Exact category probabilities and every hand-type bonus bet's outcomes and house edge
    (``progress(done, total)`` over the hand classes counted)."""
    variant = PaiGowVariant.from_data(data)
    if decks not in (None, 1):
        raise AnalysisError(f"{variant.id}: Pai Gow Poker is dealt from one 53-card deck, not {decks} decks")
    two_hands = _two_hand_table(data, variant)
    n = variant.hand_rules.hand_cards
    total = comb(53, n)
    luck_rules = variant.hand_rules if any(b.kind == "contains" for b in variant.bonuses) else None
    cats, names, luck = _tally(n, luck_rules, progress)
    if sum(cats.values()) != total:  # every hand in exactly one class: a self-check of the enumeration
        raise AnalysisError(f"internal count {sum(cats.values())} is not C(53, {n}) = {total}")
    outcomes = tuple(Outcome(c, Fraction(cats.get(c, 0), total)) for c in CATEGORIES)
    wagers: list[Wager] = []
    notes: list[str] = [f"All C(53, {n}) = {total:,} hands, counted exactly by rank and flush classes."]
    for b in variant.bonuses:
        if b.kind == "hand":
            wagers.append(_hand_bonus(b, names, total))
        elif b.kind == "contains":
            wagers.append(_double_luck(b, luck, total))
        elif b.kind == "envy":
            notes.extend(_envy_notes(b, names, total))
        elif b.kind == "ace_high" and n == 7:
            wagers.append(_ace_high_wager(b, names))
        elif b.kind == "community" and two_hands is not None:
            wagers.append(community_wager(b, two_hands))
        elif b.kind == "push" and two_hands is not None:
            wagers.append(push_wager(b, two_hands))
        else:
            notes.append(
                f"{b.name}: compares the player's hand with another hand; not analysed exactly ({b.cite})."
            )
    if two_hands is not None:
        if not variant.community_hands:
            wagers.insert(0, base_wager(variant, two_hands))
        notes.append(
            f"Bets on two House Way hands: exact over all {two_hands.pairs:,} ordered pairs of disjoint hands "
            f"(config/analysis/{two_hands.chart}-two-hands.yaml, made by benchmarks/paigow_two_hands.py)."
        )
    return Analysis(game=variant.id, decks=1, outcomes=outcomes, wagers=tuple(wagers), notes=tuple(notes))


#: The game data key under which the terminal puts the two-hand table (see :func:`data_files`).
TWO_HAND_TABLE: Final = "two_hand_table"


def data_files(data: Mapping[str, Any]) -> dict[str, str]:
    """Other data files ``analyze`` needs, by the key to put their mapping under (paths under ``config/``): the
    exact two-hand table of the game's House Way chart, for bets that compare two House Way hands."""
    variant = PaiGowVariant.from_data(data)
    if not _needs_two_hands(variant) or variant.chart is None:
        return {}
    return {TWO_HAND_TABLE: f"analysis/{variant.chart}-two-hands.yaml"}


def _needs_two_hands(variant: PaiGowVariant) -> bool:
    """Whether the variant has bets decided on two House Way hands (Ultimate's, the Ultimate Push)."""
    return any(b.kind in ("community", "push") for b in variant.bonuses)


def _two_hand_table(data: Mapping[str, Any], variant: PaiGowVariant) -> TwoHandTable | None:
    """The stored two-hand table when the variant has bets on two House Way hands; an error naming what is
    missing when it has them and the table is absent or made for another chart or ranking."""
    if not _needs_two_hands(variant):
        return None
    raw = data.get(TWO_HAND_TABLE)
    where = f"config/analysis/{variant.chart}-two-hands.yaml"
    if not isinstance(raw, Mapping):
        raise AnalysisError(
            f"{variant.id}: its bets compare two House Way hands; the exact table {where} is not loaded "
            "(make it with benchmarks/paigow_two_hands.py)"
        )
    table = TwoHandTable.from_data(raw)
    if variant.chart is None or not table.fits(variant, variant.chart):
        raise AnalysisError(f"{variant.id}: {where} was made for another chart or ranking of hands")
    return table


def envy_outcomes(bonus: Bonus, names: Mapping[str, int], total: int) -> list[tuple[str, int, Fraction]]:
    """For one other player's Fortune hand: each paying Envy row, its amount in cents and its exact probability."""
    by_row: dict[str, int] = {}
    for h in (*HIERARCHY, "royal_flush_joker"):
        r = _envy_row(bonus, h)
        if r is not None and names.get(h, 0):
            by_row[r.hand] = by_row.get(r.hand, 0) + names[h]
    return [(r.hand, r.cents or 0, Fraction(by_row.get(r.hand, 0), total)) for r in bonus.rows if r.cents]


def hand_names(n_cards: int = 7) -> tuple[dict[str, int], int]:
    """How many hands qualify for each bonus-hand name, exactly, and the number of hands."""
    _cats, names, _luck = _tally(n_cards, None)
    return names, comb(53, n_cards)


def _envy_notes(bonus: Bonus, names: Mapping[str, int], total: int) -> list[str]:
    """The Envy Bonus has no stake (a button earned by a Fortune bet), so it has no house edge: for one other
    player's Fortune hand, the exact probability of each paying row and the expected payout."""
    rows = envy_outcomes(bonus, names, total)
    ev = sum((p * cents for _, cents, p in rows), Fraction(0))
    out = [f"{bonus.name} (a button, no stake; {bonus.cite}): for each other player's Fortune hand, exactly:"]
    for hand, cents, p in rows:
        out.append(
            f"  {_label(hand):34} pays ${cents / 100:,.2f}  {float(p):.8f}  {p.numerator}/{p.denominator}"
        )
    several = (
        "with N other Fortune hands the expected payout is N times this (each pays on its own)"
        if bonus.several_winners == "each_other_hand"
        else "with several other Fortune hands only the highest pays"
    )
    out.append(
        f"  expected payout per other hand {float(ev) / 100:.4f} dollars (exact {ev.numerator}/{ev.denominator} "
        f"cents); {several}."
    )
    return out


def _envy_row(bonus: Bonus, hand: str) -> Any:
    target = table_row(bonus, hand)
    return None if target is None else bonus.row(target)


# ---------------------------------------------------------------------------------------------- ace-high


def _suit_sequences(n: int, caps: tuple[int, ...], forbid: tuple[int, ...] = (0, 0, 0, 0)) -> int:
    """Ways to give suits to n cards of different ranks with at most ``caps[s]`` of suit s, where the first
    ``forbid[s]`` … positions may not take suit s (a rank the other hand holds in that suit)."""
    banned = [s for s in range(4) for _ in range(forbid[s])]
    states: dict[tuple[int, ...], int] = {(0, 0, 0, 0): 1}
    for pos in range(n):
        new: dict[tuple[int, ...], int] = {}
        for st, c in states.items():
            for s in range(4):
                if (pos < len(banned) and banned[pos] == s) or st[s] >= caps[s]:
                    continue
                t = st[:s] + (st[s] + 1,) + st[s + 1 :]
                new[t] = new.get(t, 0) + c
        states = new
    return sum(states.values())


def _compositions(k: int) -> Iterator[tuple[int, int, int, int]]:
    for a in range(k + 1):
        for b in range(k - a + 1):
            for c in range(k - a - b + 1):
                yield a, b, c, k - a - b - c


@cache
def _joint_suits(n_b: int, m_b: int, n_p: int, m_p: int, k: int) -> int:
    """Suitings of two hands of different-rank cards (no flush in either) that share k ranks, the shared
    ranks' two cards in different suits."""
    total = 0
    for comp in _compositions(k):
        if any(x > m_b for x in comp):
            continue
        ways_x = factorial(k) // prod(factorial(x) for x in comp)
        ways_x *= _suit_sequences(n_b - k, tuple(m_b - x for x in comp))
        if ways_x:
            total += ways_x * _suit_sequences(n_p, (m_p,) * 4, comp)
    return total


def _ace_high_rank_sets() -> tuple[list[int], list[int]]:
    """Rank sets (bit masks) of seven-card ace-high Pai Gow hands: with a natural ace (seven ranks), and with
    the joker as the ace (six ranks, no ace, none of them four of a straight)."""
    natural = [
        sum(1 << r for r in rs)
        for rs in combinations(_RANKS, 7)
        if _ACE in rs and not _straight(set(rs), False)
    ]
    joker = [sum(1 << r for r in rs) for rs in combinations(_RANKS[:-1], 6) if not _straight(set(rs), True)]
    return natural, joker


def ace_high_joint() -> dict[str, int]:
    """Exact counts over ordered pairs (player-dealer's seven, player's seven) from one 53-card deck:
    ``both_natural`` / ``both_joker`` (both ace-high; the player-dealer's ace natural / the joker),
    ``banker_natural`` / ``banker_joker`` (the player-dealer's hand ace-high, any player hand)."""
    natural, joker = _ace_high_rank_sets()
    others = comb(46, 7)
    out = {
        "banker_natural": len(natural) * _suit_sequences(7, (4,) * 4) * others,
        "banker_joker": len(joker) * _suit_sequences(6, (3,) * 4) * others,
        "both_natural": 0,
        "both_joker": 0,
    }
    for b in natural:
        for p in natural:
            out["both_natural"] += _joint_suits(7, 4, 7, 4, (b & p).bit_count())
        for p in joker:
            out["both_natural"] += _joint_suits(7, 4, 6, 3, (b & p).bit_count())
    for b in joker:
        for p in natural:
            out["both_joker"] += _joint_suits(6, 3, 7, 4, (b & p).bit_count())
    return out


def _ace_high_wager(bonus: Bonus, names: Mapping[str, int]) -> Wager:
    """The Ace-High / Ace Up bonus: the player-dealer's and the player's seven cards together."""
    j = ace_high_joint()
    pairs = comb(53, 7) * comb(46, 7)
    # self-check against the class count of the player-dealer's hand alone
    if j["banker_natural"] + j["banker_joker"] != names.get("pai_gow_14", 0) * comb(46, 7):
        raise AnalysisError("ace-high counts disagree between the two methods")
    both = Fraction(j["both_natural"] + j["both_joker"], pairs)
    rows = {
        "player_and_banker_ace_high": both,
        "banker_ace_high_joker": Fraction(j["banker_joker"] - j["both_joker"], pairs),
        "banker_ace_high_natural": Fraction(j["banker_natural"] - j["both_natural"], pairs),
    }
    out = [WagerOutcome(_label(r.hand), rows[r.hand], r.pays) for r in bonus.rows if r.hand in rows]
    out.append(WagerOutcome("Any other hand (loses)", 1 - sum(rows.values(), Fraction(0)), Fraction(-1)))
    return Wager(bonus.name, tuple(out), note=bonus.cite)


def hand_classes(n_cards: int) -> Iterator[tuple[tuple[int, ...], int, bool]]:
    """Every class of n-card hands as (a representative hand, how many hands it stands for, flush class).

    Plain classes stand for ``prod C(4, c_r)`` hands, of which the flush classes' hands must be taken
    away: a flush class's plain counterpart has the same :func:`class_key`.
    Used by the exhaustive House Way audit (benchmarks/paigow_audit.py).
    """
    for kind, _key, fs, counts, joker, w in _classes(n_cards):
        yield _representative(counts, joker, fs), w, kind == "flush"


def class_key(idx: tuple[int, ...]) -> Key:
    """The plain-class key (rank counts, joker) of a hand."""
    counts: dict[int, int] = {}
    for i in idx:
        if i != JOKER_INDEX:
            r = (i >> 2) + 2
            counts[r] = counts.get(r, 0) + 1
    return _vector(counts), JOKER_INDEX in idx
