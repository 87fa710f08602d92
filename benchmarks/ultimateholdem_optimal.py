"""Ultimate Texas Hold'em's Ante, Blind and Play under the player's optimal strategy, counted exactly.

    .venv/bin/python benchmarks/ultimateholdem_optimal.py [--game ultimateholdem/the101] [--flops N]
        [--seed S] [--write]

What is counted: one player against the player-dealer, every deal of the 52 cards equally likely (the
player's two cards, the five community cards, the player-dealer's two cards: C(52,2) x C(50,5) x C(45,2)
= 2,781,381,002,400 deals), the player deciding as well as can be done from what the player sees:

* at the river (the player's two cards and the five community cards known) bet 1x or fold, whichever has the
  larger expectation over the player-dealer's C(45,2) = 990 holdings;
* on the flop (three community cards known) bet 2x, or check and then decide at the river as above, whichever
  has the larger expectation over the C(47,2) = 1,081 turn-and-river pairs and the 990 holdings;
* before the flop bet 4x, or check and then decide on the flop as above, whichever is larger over the
  C(50,3) = 19,600 flops. A 3x bet is never better than 4x: the expectation is linear in the bet, so when a
  bet beats checking, the larger one does (and the filing's 3x/4x choice is the player's).

This is the optimal strategy of a player who sees only his own cards and the board (other players' cards
are not used; the filing lets no one share them); the result is exact, a fraction.

How: for one board (five community cards) every two-card holding of the 47 other cards is ranked once
(1,081 seven-card values); the player's holding and the player-dealer's are both drawn from those, so the
counts of player-dealer holdings below, equal to and above the player's, and below the qualifier, come from
the ranks by inclusion-exclusion over the two cards the holdings may share (a holding sharing a card with
the player's is taken out: all holdings minus those holding either of his cards). One flop's 1,176 boards
are one numpy batch. The 22,100 flops are taken one per class under the 24 permutations of the suits
(1,755 classes); a class's results are moved to each member by permuting the player's cards' suits.

The settlement is the game file's: the Ante pays 1 to 1 on a win against a qualifying player-dealer and
pushes when it does not qualify (``qualify.at_least``), the Play pays 1 to 1, the Blind pays its table on a
winning hand at or above the table's lowest line and pushes on a lesser win; a tie pushes all three; a fold
loses the Ante and Blind. Sums are whole numbers in units of 1/``unit`` of the Ante (``unit``: the common
denominator of the pay tables), so the result is exact.

``--flops N`` counts only the first N flop classes (a seeded sample of them with ``--seed``, for timing and
the tests; the preflop decision then sees only those flops and the figure is not the game's). ``--write``
stores the full count in ``config/analysis/ultimateholdem-<room>.yaml``, read by
``dealer-terminal analyze ultimateholdem/<room>``. Prints the CPU and wall time of the count. Not run by CI.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, combinations_with_replacement, permutations
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.evaluators import _high_tables as T  # noqa: E402
from rules.evaluators.high import fast_rankers  # noqa: E402
from terminal.progress import Progress, progress_bar  # noqa: E402

#: Rank weights whose sums over any seven ranks (at most four alike) are distinct (as benchmarks/enumerate7.py).
WEIGHTS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
#: Above every hand value: a holding that is not there.
ABSENT = 1 << 40
#: The categories by the evaluator's codes (value >> CATEGORY_SHIFT), royal flush apart.
CODES = {
    "High Card": T.HIGH_CARD,
    "One Pair": T.ONE_PAIR,
    "Two Pair": T.TWO_PAIR,
    "Three of a Kind": T.THREE_OF_A_KIND,
    "Straight": T.STRAIGHT,
    "Flush": T.FLUSH,
    "Full House": T.FULL_HOUSE,
    "Four of a Kind": T.FOUR_OF_A_KIND,
    "Straight Flush": T.STRAIGHT_FLUSH,
}
HOLDINGS = 990  # C(45, 2): the player-dealer's holdings for one player's holding and board
BOARDS = 1081  # C(47, 2): the turn and river for one flop and player's holding
FLOPS = 19600  # C(50, 3): the flops for one player's holding
HANDS = 1326  # C(52, 2)


# --- the seven-card ranker, batched ---------------------------------------------------------------------


@dataclass(frozen=True)
class Ranker:
    """Seven-card values of many hands at once, from summed card keys (the tables of rules.evaluators.high)."""

    key: np.ndarray  # per card: rank weight << 16 | 1 << 4 * suit
    bits: np.ndarray  # per card: 1 << 13 * suit + rank
    nonflush: np.ndarray  # by summed rank weights
    flush_value: np.ndarray  # by one suit's 13-bit rank mask

    def values(self, k: np.ndarray, b: np.ndarray) -> np.ndarray:
        """The values of hands of seven cards, by their summed keys (``k``, without the suit offset) and
        their OR-ed suit bits (``b``)."""
        k = k + T.SUIT_OFFSET
        value = self.nonflush[k >> 16]
        flush = (k & T.FLUSH_BITS) != 0
        if flush.any():
            kf = k[flush] & T.FLUSH_BITS
            suit = (kf >= 0x80).astype(np.int64) + (kf >= 0x800) + (kf >= 0x8000)
            value[flush] = self.flush_value[(b[flush] >> (13 * suit)) & 0x1FFF]
        return value


def ranker() -> Ranker:
    """The batched seven-card ranker of a standard deck, from the evaluator's own tables."""
    tables = fast_rankers().tables
    size = 4 * WEIGHTS[12] + 3 * WEIGHTS[11] + 1
    nonflush = np.zeros(size, dtype=np.int64)
    pow5 = [5**r for r in range(13)]
    for combo in combinations_with_replacement(range(13), 7):
        if not any(combo[i] == combo[i + 4] for i in range(3)):
            nonflush[sum(WEIGHTS[r] for r in combo)] = tables.nonflush[sum(pow5[r] for r in combo)]
    key = np.array([(WEIGHTS[i >> 2] << 16) | 1 << (4 * (i & 3)) for i in range(52)], dtype=np.int64)
    bits = np.array([1 << (13 * (i & 3) + (i >> 2)) for i in range(52)], dtype=np.int64)
    return Ranker(key, bits, nonflush, np.array(tables.flush_value, dtype=np.int64))


# --- the game's settlement as data ------------------------------------------------------------------------


@dataclass(frozen=True)
class Settlement:
    """What the count needs of the game file, in whole units (``unit`` per Ante)."""

    unit: int
    qualify: int  # the lowest value that qualifies
    blind_by_code: np.ndarray  # Blind pays (units) by category code, 0 below the table (a push)
    blind_royal: int  # Blind pays (units) on a royal flush
    royal: int  # the value of a royal flush
    play_sizes: tuple[tuple[int, ...], ...]  # the multiples of the Ante allowed at each chance

    @property
    def raise_first(self) -> int:
        return max(self.play_sizes[0])


def settlement_of(data: dict[str, Any]) -> Settlement:
    """The game file's qualifier, Blind table and Play sizes (three chances: before the flop, flop, river)."""
    from rules.ultimateholdem.model import from_data

    v = from_data(data)
    if (v.hands.hole, v.hands.board) != (2, 5) or len(v.plays) != 3:
        raise SystemExit(f"{v.id}: this count is for two hole cards, five community cards, three chances")
    if v.showdown.ante_and_play_pay != 1 or v.plays[-1].times != (1,):
        raise SystemExit(f"{v.id}: this count takes the Ante and Play paid 1 to 1 and a 1x bet at the river")
    pays = {line.hand: Fraction(line.pays) for line in v.blind.pays}
    unit = math.lcm(*(p.denominator for p in pays.values()))
    by_code = np.zeros(32, dtype=np.int64)
    for name, code in CODES.items():
        if name in pays:
            by_code[code] = int(pays[name] * unit)
    royal = fast_rankers().rank7([48, 44, 40, 36, 32, 0, 5])  # A K Q J T of one suit, 2 3
    return Settlement(
        unit=unit,
        qualify=CODES[v.qualify.at_least] << T.CATEGORY_SHIFT,
        blind_by_code=by_code,
        blind_royal=int(pays.get("Royal Flush", pays.get("Straight Flush", Fraction(0))) * unit),
        royal=royal,
        play_sizes=tuple(p.times for p in v.plays),
    )


# --- one board: the river counts --------------------------------------------------------------------------


def _ranks_below(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each entry of each row (last axis): how many entries of its row are smaller, and how many are
    smaller or equal (ABSENT entries are counted by neither for present ones)."""
    order = np.argsort(rows, axis=-1, kind="stable")
    s = np.take_along_axis(rows, order, axis=-1)
    n = s.shape[-1]
    idx = np.broadcast_to(np.arange(n), s.shape)
    new = np.ones(s.shape, dtype=bool)
    new[..., 1:] = s[..., 1:] != s[..., :-1]
    start = np.maximum.accumulate(np.where(new, idx, 0), axis=-1)
    last = np.ones(s.shape, dtype=bool)
    last[..., :-1] = new[..., 1:]
    end = np.flip(np.minimum.accumulate(np.flip(np.where(last, idx + 1, n), axis=-1), axis=-1), axis=-1)
    lt = np.empty_like(start)
    le = np.empty_like(end)
    np.put_along_axis(lt, order, start, axis=-1)
    np.put_along_axis(le, order, end, axis=-1)
    return lt, le


@dataclass(frozen=True)
class Pairs:
    """The two-card holdings of n cards (local indices), and which are disjoint."""

    n: int
    a: np.ndarray
    b: np.ndarray
    index: np.ndarray  # [i, j] -> the holding's index, -1 on the diagonal
    disjoint: np.ndarray  # [h, g] -> holdings h and g share no card

    @classmethod
    def of(cls, n: int) -> Pairs:
        ab = np.array(list(combinations(range(n), 2)), dtype=np.int64)
        a, b = ab[:, 0], ab[:, 1]
        index = -np.ones((n, n), dtype=np.int64)
        index[a, b] = index[b, a] = np.arange(len(a))
        disjoint = (
            (a[:, None] != a[None, :])
            & (a[:, None] != b[None, :])
            & (b[:, None] != a[None, :])
            & (b[:, None] != b[None, :])
        )
        return cls(n, a, b, index, disjoint)


@dataclass(frozen=True)
class Outcomes:
    """Per board (rows) and player's holding (columns), summed over the player-dealer's holdings, in units:
    the Ante's and the Blind's result when the player bets, and the Play's per 1x of the Ante."""

    ante: np.ndarray
    blind: np.ndarray
    play: np.ndarray


def showdowns(values: np.ndarray, pairs: Pairs, valid: np.ndarray, s: Settlement) -> Outcomes:
    """The sums over the player-dealer's holdings for every board and player's holding.

    ``values[t, h]``: the value of board t with holding h (h over ``pairs``, the cards not on the boards),
    ``valid[t, h]``: holding h is not on board t (others are ignored). Each player's holding meets the
    player-dealer's 990 holdings of the 45 cards left (holdings sharing a card with the player's are taken
    out by inclusion-exclusion)."""
    v = np.where(valid, values, ABSENT)
    lt_all, le_all = _ranks_below(v)
    m = v[:, pairs.index]  # [t, a, x]: board t with the holding {a, x}
    m[:, np.arange(pairs.n), np.arange(pairs.n)] = ABSENT
    lt_card, le_card = _ranks_below(m)
    below_q_all = (v < s.qualify).sum(axis=1)  # [t]
    below_q_card = (m < s.qualify).sum(axis=2)  # [t, a]
    a, b = pairs.a, pairs.b
    lose_to = lt_all - lt_card[:, a, b] - lt_card[:, b, a]  # player-dealer holdings below the player's
    at_most = le_all - le_card[:, a, b] - le_card[:, b, a] + 1  # below or equal
    below_q = below_q_all[:, None] - below_q_card[:, a] - below_q_card[:, b] + (v < s.qualify)
    won = lose_to
    lost = HOLDINGS - at_most
    under = v <= s.qualify  # every hand the player beats is below the qualifier
    won_nq = np.where(under, won, below_q)
    lost_nq = np.where(v < s.qualify, below_q - at_most, 0)
    code = v >> T.CATEGORY_SHIFT
    blind_pays = np.where(v == s.royal, s.blind_royal, s.blind_by_code[np.minimum(code, 31)])
    u = s.unit
    ante = u * ((won - won_nq) - (lost - lost_nq))
    blind = blind_pays * won - u * lost
    play = u * (won - lost)
    zero = ~valid
    for arr in (ante, blind, play):
        arr[zero] = 0
    return Outcomes(ante, blind, play)


# --- one flop: the flop and river decisions -------------------------------------------------------------


@dataclass(frozen=True)
class FlopResult:
    """For one flop and each player's holding (of the 49 cards left), summed over the 1,081 boards: the
    Ante, Blind and Play (units) if the player bets before the flop (at the largest size), and if he checks
    then plays the flop and river best; with how often each later decision bets."""

    cards: np.ndarray  # the 49 cards left, global indices
    bet: np.ndarray  # [3, 1176]: ante, blind, play
    check: np.ndarray  # [3, 1176]
    flop_bets: np.ndarray  # [1176] bool: after a check, the flop bet is the better
    river_bets: np.ndarray  # [1176]: boards on which the river bet is the better (after checking twice)


def river_outcomes(
    flop: tuple[int, int, int], rk: Ranker, pairs: Pairs, s: Settlement
) -> tuple[np.ndarray, np.ndarray, Outcomes]:
    """For one flop: the 49 cards left (global indices), the value of every board (the turn and river: a
    holding of those cards, rows) with every player's holding (columns), and the river sums
    (:func:`showdowns`); pairs of rows and columns sharing a card are not deals (``pairs.disjoint``)."""
    cards = np.array([c for c in range(52) if c not in flop], dtype=np.int64)
    fk = int(rk.key[list(flop)].sum())
    fb = int(np.bitwise_or.reduce(rk.bits[list(flop)]))
    pk = rk.key[cards[pairs.a]] + rk.key[cards[pairs.b]]
    pb = rk.bits[cards[pairs.a]] | rk.bits[cards[pairs.b]]
    valid = pairs.disjoint
    k = np.where(valid, fk + pk[:, None] + pk[None, :], fk)  # three cards where the holdings overlap
    b = fb | pb[:, None] | pb[None, :]
    values = rk.values(k, b)
    return cards, values, showdowns(values, pairs, valid, s)


def flop_result(flop: tuple[int, int, int], rk: Ranker, pairs: Pairs, s: Settlement) -> FlopResult:
    """The flop's sums for every player's holding (see :class:`FlopResult`)."""
    cards, _, o = river_outcomes(flop, rk, pairs, s)
    valid = pairs.disjoint
    u = s.unit
    fold_total = -2 * u * HOLDINGS
    river_bet = (o.ante + o.blind + o.play) > fold_total
    r_ante = np.where(river_bet, o.ante, -u * HOLDINGS)
    r_blind = np.where(river_bet, o.blind, -u * HOLDINGS)
    r_play = np.where(river_bet, o.play, 0)
    vm = valid
    sums = [np.where(vm, x, 0).sum(axis=0) for x in (o.ante, o.blind, o.play, r_ante, r_blind, r_play)]
    s_ante, s_blind, s_play, c_ante, c_blind, c_play = sums
    flop_size = max(s.play_sizes[1])
    flop_bet = s_ante + s_blind + flop_size * s_play > c_ante + c_blind + c_play
    check = np.stack(
        [
            np.where(flop_bet, s_ante, c_ante),
            np.where(flop_bet, s_blind, c_blind),
            np.where(flop_bet, flop_size * s_play, c_play),
        ]
    )
    bet = np.stack([s_ante, s_blind, s.raise_first * s_play])
    river_bets = np.where(vm & river_bet, 1, 0).sum(axis=0)
    return FlopResult(cards, bet, check, flop_bet, river_bets)


# --- every flop, by suit classes --------------------------------------------------------------------------

SUIT_PERMS = tuple(permutations(range(4)))


def _permute(card: int, perm: tuple[int, ...]) -> int:
    return (card & ~3) | perm[card & 3]


def flop_classes() -> list[tuple[tuple[int, int, int], list[tuple[int, ...]]]]:
    """The 22,100 flops by class under the suits' permutations: each class's representative (its smallest
    member) and one permutation taking it to each member."""
    classes: dict[tuple[int, ...], dict[tuple[int, ...], tuple[int, ...]]] = {}
    for flop in combinations(range(52), 3):
        images = {tuple(sorted(_permute(c, p) for c in flop)): p for p in SUIT_PERMS}
        rep = min(images)
        if rep not in classes:
            # the members from the representative: for each member, a permutation taking rep to it
            classes[rep] = {}
            for p in SUIT_PERMS:
                member = tuple(sorted(_permute(c, p) for c in rep))
                classes[rep].setdefault(member, p)
    return [(rep, list(members.values())) for rep, members in sorted(classes.items())]  # type: ignore[misc]


def pair_index() -> np.ndarray:
    """[c1, c2] -> the index of the holding {c1, c2} among the 1,326 of the deck (-1 on the diagonal)."""
    return Pairs.of(52).index


@dataclass
class Totals:
    """Per player's holding (1,326), summed over the flops counted: the two first decisions' sums."""

    bet: np.ndarray  # [3, 1326]
    check: np.ndarray  # [3, 1326]
    flop_bets: np.ndarray  # [1326] flops on which the flop bet is the better (after a check)
    river_bets: np.ndarray  # [1326] boards on which the river bet is the better (after checking twice)
    flops: np.ndarray  # [1326] flops counted

    @classmethod
    def empty(cls) -> Totals:
        z = np.zeros
        return cls(
            z((3, HANDS), np.int64),
            z((3, HANDS), np.int64),
            z(HANDS, np.int64),
            z(HANDS, np.int64),
            z(HANDS, np.int64),
        )

    def add(self, r: FlopResult, members: list[tuple[int, ...]], pairs: Pairs, index52: np.ndarray) -> None:
        ca, cb = r.cards[pairs.a], r.cards[pairs.b]
        for perm in members:
            p = np.array(perm, dtype=np.int64)
            g = index52[(ca & ~3) | p[ca & 3], (cb & ~3) | p[cb & 3]]
            self.bet[:, g] += r.bet
            self.check[:, g] += r.check
            self.flop_bets[g] += r.flop_bets
            self.river_bets[g] += np.where(r.flop_bets, 0, r.river_bets)
            self.flops[g] += 1


@dataclass(frozen=True)
class Result:
    """The player's expectation per Ante under the optimal strategy, each wager's part, and how often each
    decision bets (exact fractions)."""

    ante: Fraction
    blind: Fraction
    play: Fraction
    preflop_bet: Fraction  # of all deals
    flop_bet: Fraction  # of all deals
    river_bet: Fraction  # of all deals
    fold: Fraction  # of all deals

    @property
    def total(self) -> Fraction:
        return self.ante + self.blind + self.play

    @property
    def average_play(self) -> Fraction:
        """The average Play wager per Ante (4x, 2x, 1x or none)."""
        return 4 * self.preflop_bet + 2 * self.flop_bet + self.river_bet


def result_of(t: Totals, s: Settlement) -> Result:
    """The preflop decision per holding from the totals, and the figures per Ante (each holding's sums over
    the flops it met, divided by their number: every flop of the 19,600 in a full count)."""
    pre = t.bet.sum(axis=0) > t.check.sum(axis=0)
    chosen = np.where(pre, t.bet, t.check)
    per = BOARDS * HOLDINGS * s.unit
    parts = [Fraction(0)] * 3
    flop_bet = river_bet = Fraction(0)
    for g in range(HANDS):
        n = int(t.flops[g])
        for i in range(3):
            parts[i] += Fraction(int(chosen[i, g]), n * per)
        if not pre[g]:
            flop_bet += Fraction(int(t.flop_bets[g]), n)
            river_bet += Fraction(int(t.river_bets[g]), n * BOARDS)
    ante, blind, play = (x / HANDS for x in parts)
    preflop_bet = Fraction(int(pre.sum()), HANDS)
    flop_bet /= HANDS
    river_bet /= HANDS
    fold = 1 - preflop_bet - flop_bet - river_bet
    return Result(ante, blind, play, preflop_bet, flop_bet, river_bet, fold)


def count(
    data: dict[str, Any],
    limit: int | None = None,
    seed: int = 0,
    log: Any = None,
    progress: Progress | None = None,
) -> tuple[Result, Totals, int]:
    """Count the game (every flop class, or ``limit`` of them drawn with ``seed``): the result, the totals per
    holding and the number of flop classes counted."""
    s = settlement_of(data)
    rk = ranker()
    pairs = Pairs.of(49)
    index52 = pair_index()
    classes = flop_classes()
    if limit is not None:
        rng = np.random.default_rng(seed)
        chosen = sorted(rng.choice(len(classes), size=min(limit, len(classes)), replace=False))
        classes = [classes[i] for i in chosen]
    totals = Totals.empty()
    t0 = time.monotonic()
    for i, (rep, members) in enumerate(classes):
        if progress is not None:
            progress(i, len(classes))
        totals.add(flop_result(rep, rk, pairs, s), members, pairs, index52)
        if log is not None and (i + 1) % 50 == 0:
            el = time.monotonic() - t0
            log(
                f"{i + 1}/{len(classes)} flop classes, {el:.0f} s, about {el / (i + 1) * (len(classes) - i - 1):.0f} s left"
            )
    if progress is not None:
        progress(len(classes), len(classes))
    return result_of(totals, s), totals, len(classes)


RANKS = "23456789TJQKA"


def starting_hands(t: Totals) -> list[str]:
    """The starting hands (169 classes: AA, AKs, AKo, ...) on which the bet before the flop is the better."""
    pre = t.bet.sum(axis=0) > t.check.sum(axis=0)
    index52 = pair_index()
    out = []
    for hi in range(12, -1, -1):
        for lo in range(hi, -1, -1):
            kinds = [""] if hi == lo else ["s", "o"]
            for kind in kinds:
                a, b = 4 * hi, 4 * lo + (1 if hi == lo or kind == "o" else 0)
                if pre[index52[a, b]]:
                    out.append(f"{RANKS[hi]}{RANKS[lo]}{kind}")
    return out


def stored(
    game: str, res: Result, t: Totals, data: dict[str, Any], cpu: float, wall: float
) -> dict[str, Any]:
    """The mapping written to config/analysis/ultimateholdem-<room>.yaml."""
    from rules.ultimateholdem.analyze import rules_sha256

    def frac(x: Fraction) -> str:
        return f"{x.numerator}/{x.denominator}"

    return {
        "game": game,
        "rules_sha256": rules_sha256(data),
        "method": "exact: optimal play at every decision, over all C(52,2) x C(50,5) x C(45,2) deals "
        "(benchmarks/ultimateholdem_optimal.py)",
        "deals": HANDS * FLOPS * BOARDS * HOLDINGS,
        "per_ante": {
            "ante": frac(res.ante),
            "blind": frac(res.blind),
            "play": frac(res.play),
            "total": frac(res.total),
        },
        "decisions": {
            "bet_before_the_flop": frac(res.preflop_bet),
            "bet_on_the_flop": frac(res.flop_bet),
            "bet_at_the_river": frac(res.river_bet),
            "fold": frac(res.fold),
        },
        "bet_before_the_flop": " ".join(starting_hands(t)),
        "cpu_seconds": round(cpu, 1),
        "wall_seconds": round(wall, 1),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="ultimateholdem/the101")
    ap.add_argument("--flops", type=int, default=None, help="count only this many flop classes (a sample)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--write", action="store_true", help="store the full count in config/analysis/")
    args = ap.parse_args()
    import yaml

    data = yaml.safe_load((ROOT / "config" / "games" / f"{args.game}.yaml").read_text())
    c0, w0 = time.process_time(), time.perf_counter()
    with progress_bar("ultimate hold'em optimal: flop classes", timed=True) as progress:
        log = (
            None if progress else (lambda m: print(m, file=sys.stderr, flush=True))
        )  # the bar, or a line per 50
        res, totals, n = count(data, args.flops, args.seed, log=log, progress=progress)
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    out = stored(args.game, res, totals, data, cpu, wall)
    out["flop_classes"] = n
    out["floats"] = {
        "ante": float(res.ante),
        "blind": float(res.blind),
        "play": float(res.play),
        "total": float(res.total),
        "average_play": float(res.average_play),
    }
    print(json.dumps(out, indent=1))
    if args.write:
        if args.flops is not None:
            raise SystemExit("--write stores the full count only (no --flops)")
        path = ROOT / "config" / "analysis" / f"ultimateholdem-{args.game.split('/', 1)[1]}.yaml"
        out.pop("flop_classes")
        out.pop("floats")
        head = (
            f"# Ultimate Texas Hold'em under the player's optimal strategy, exact. Written by:\n"
            f"# .venv/bin/python benchmarks/ultimateholdem_optimal.py --game {args.game} --write\n"
            f"# ({cpu:.0f} s CPU, {wall:.0f} s wall). Read by rules/ultimateholdem/analyze.py.\n"
        )
        path.write_text(head + yaml.safe_dump(out, sort_keys=False, width=110))
        print(f"wrote {path.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
