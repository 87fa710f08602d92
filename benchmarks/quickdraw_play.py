"""Cal Quick Draw Poker's Play wager under the best draw, estimated by a seeded simulation with bounds.

    .venv/bin/python benchmarks/quickdraw_play.py [--game quickdraw/the101] [--hands 200000]
        [--choose 200] [--judge 50] [--seed 1] [--repeats 3] [--write]

The Play wager (1 to 1 when the player's final hand beats or copies the player-dealer's best five of seven,
and the Play table's hand bonus on the final hand win or lose) depends on one decision: which of his five
cards the player keeps (32 ways). He sees only his own five; the cards he draws and the player-dealer's five
and two Draw Cards come from the 48 he has not seen. The best draw for a hand is the keep with the largest
expectation; an exact count (up to C(48,5) draws x C(43,7) player-dealer hands per keep, for 2,869,685
hands) is out of reach here, so this estimates it:

1. deal ``--hands`` random first hands (seeded);
2. choose: for each hand, ``--choose`` random completions (the cards drawn and the player-dealer's seven, the
   same completions for all 32 keeps). Each keep is scored by the mean over its draws of the hand bonus plus
   2 P(the player-dealer's hand is no better) - 1, P taken from the distribution of the player-dealer's best
   five of seven (400,000 seeded random deals, one table for a player holding the joker and one for a player
   without it; the removal of the player's other cards is ignored in this score only). The keep with the best
   score is the player's draw;
3. judge: ``--judge`` fresh completions of that keep (the draw and the player-dealer's real seven) give the
   hand's result.

The mean of step 3 is an unbiased estimate of what this drawing rule earns, and the rule can do no better
than the best draw: it is a LOWER bound on the Play's return under optimal drawing. The mean over hands of
the largest of the 32 keeps' plain sampled means (step 2's completions against the player-dealer's real
seven cards) is an UPPER bound in expectation (the mean of a maximum of unbiased estimates is at least the
maximum of their means). The optimal return lies between them (each with its standard error over hands).
The house edge of the Play is minus the return, so the bounds swap. (Scoring by the distribution instead of
the sampled seven chooses better: +0.005 per unit on the same 3,000 hands, 0.0007 standard error.)

Each estimate is repeated ``--repeats`` times with seeds ``seed .. seed + repeats - 1``; the median,
spread and the pooled standard error are printed with CPU and wall time. The hands are ranked in numpy batches
from the evaluator's own tables (rules.evaluators.high, the filing's fully wild joker; a natural royal
flush above one with the joker, rules.quickdraw.hands); ``--check`` compares a seeded sample with the
one-hand evaluator and the round's settlement first. ``--write`` stores the result in
``config/analysis/quickdraw-<room>.yaml`` for ``dealer-terminal analyze``. Not run by CI.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.evaluators import _high_tables as T  # noqa: E402
from rules.evaluators.high import fast_rankers  # noqa: E402
from rules.quickdraw.hands import WILD  # noqa: E402
from terminal.progress import progress_bar  # noqa: E402

#: Rank weights whose sums over any seven ranks (at most four alike) are distinct (as benchmarks/enumerate7.py).
WEIGHTS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
JOKER_WEIGHT = 4 * WEIGHTS[12] + 3 * WEIGHTS[11] + 1
JOKER = 52
ROYAL_MASK = 0x1F00  # T J Q K A in one suit's 13-bit mask
#: The 32 keeps: bit i keeps the i-th card of the first five.
KEEPS = np.arange(32)
KEPT = np.array([[m >> i & 1 for i in range(5)] for m in range(32)], dtype=bool)  # [32, 5]
DRAWN = 5 - KEPT.sum(axis=1)  # [32] cards drawn


@dataclass(frozen=True)
class Ranker:
    """Five- and seven-card values of the 53-card deck (joker fully wild), many at once."""

    key: np.ndarray  # [53]
    bits: np.ndarray  # [53]
    nonflush5: np.ndarray
    nonflush7: np.ndarray
    flush_value: np.ndarray
    flush_joker: np.ndarray
    royal: int

    def _flush(self, k: np.ndarray, b: np.ndarray, value: np.ndarray) -> np.ndarray:
        flush = (k & T.FLUSH_BITS) != 0
        if flush.any():
            kf = k[flush] & T.FLUSH_BITS
            suit = (kf >= 0x80).astype(np.int64) + (kf >= 0x800) + (kf >= 0x8000)
            mask = (b[flush] >> (13 * suit)) & 0x1FFF
            joker = (k[flush] >> 16) >= JOKER_WEIGHT
            value[flush] = np.where(
                joker, np.maximum(self.flush_joker[mask], value[flush]), self.flush_value[mask]
            )
        return value

    def five(self, k: np.ndarray, b: np.ndarray) -> np.ndarray:
        """Values of five-card hands (summed keys, OR-ed bits), doubled, plus one for a natural royal."""
        k = k + T.SUIT_OFFSET
        v = self._flush(k, b, self.nonflush5[k >> 16].astype(np.int64))
        natural = (v == self.royal) & ((k >> 16) < JOKER_WEIGHT)
        return 2 * v + natural

    def seven(self, k: np.ndarray, b: np.ndarray) -> np.ndarray:
        """Values of the best five of seven cards, doubled, plus one where a natural royal is among them."""
        k = k + T.SUIT_OFFSET
        v = self._flush(k, b, self.nonflush7[k >> 16].astype(np.int64))
        natural = np.zeros(v.shape, dtype=bool)
        for s in range(4):
            natural |= ((b >> (13 * s)) & ROYAL_MASK) == ROYAL_MASK
        return 2 * v + (natural & (v == self.royal))


def ranker() -> Ranker:
    """The batched ranker from the evaluator's tables under the filing's joker (rules.quickdraw.hands.WILD)."""
    fast = fast_rankers(WILD)
    tables = fast.tables
    pow5 = [5**r for r in range(13)]
    nf5 = np.zeros(2 * JOKER_WEIGHT, dtype=np.int32)
    nf7 = np.zeros(2 * JOKER_WEIGHT, dtype=np.int32)
    for n, table, joker in ((5, nf5, False), (4, nf5, True), (7, nf7, False), (6, nf7, True)):
        for combo in combinations_with_replacement(range(13), n):
            if any(combo[i] == combo[i + 4] for i in range(n - 4)):
                continue
            w = sum(WEIGHTS[r] for r in combo) + (JOKER_WEIGHT if joker else 0)
            table[w] = tables.nonflush[sum(pow5[r] for r in combo) + (T.JOKER_DIGIT if joker else 0)]
    key = [(WEIGHTS[i >> 2] << 16) | 1 << (4 * (i & 3)) for i in range(52)] + [(JOKER_WEIGHT << 16) | 0x1111]
    bits = [1 << (13 * (i & 3) + (i >> 2)) for i in range(52)] + [0]
    royal = fast.rank5([48, 44, 40, 36, 32])
    return Ranker(
        np.array(key, dtype=np.int64),
        np.array(bits, dtype=np.int64),
        nf5,
        nf7,
        np.array(tables.flush_value, dtype=np.int64),
        np.array(tables.flush_joker, dtype=np.int64),
        royal,
    )


@dataclass(frozen=True)
class Pays:
    """The Play's settlement in whole units (``unit`` per unit wagered)."""

    unit: int
    win: int
    bonus_by_code: np.ndarray  # by category code (value >> CATEGORY_SHIFT), 0 where the table pays nothing
    royal_natural: int
    royal_joker: int
    royal: int  # the (undoubled) value of a royal flush


def pays_of(data: dict[str, Any], rk: Ranker) -> Pays:
    """The game file's Play wager (its 1 to 1 and its hand bonus)."""
    from rules.quickdraw.model import from_data

    v = from_data(data)
    if v.play.tie != "player" or v.draw.player_dealer_draw_cards != 2 or v.draw.max_cards != 5:
        raise SystemExit(f"{v.id}: this estimate takes copies to the player, two Draw Cards, draws of 0-5")
    table = {line.hand: Fraction(line.pays) for line in v.play.hand_bonus.pays}
    unit = math.lcm(Fraction(v.play.pays).denominator, *(p.denominator for p in table.values()))
    codes = {
        "Five of a Kind": T.FIVE_OF_A_KIND,
        "Straight Flush": T.STRAIGHT_FLUSH,
        "Four of a Kind": T.FOUR_OF_A_KIND,
        "Full House": T.FULL_HOUSE,
        "Flush": T.FLUSH,
        "Straight": T.STRAIGHT,
        "Three of a Kind": T.THREE_OF_A_KIND,
        "Two Pair": T.TWO_PAIR,
        "One Pair": T.ONE_PAIR,
    }
    by_code = np.zeros(32, dtype=np.int64)
    for name, code in codes.items():
        by_code[code] = int(table.get(name, 0) * unit)
    return Pays(
        unit=unit,
        win=int(Fraction(v.play.pays) * unit),
        bonus_by_code=by_code,
        royal_natural=int(table.get("Royal Flush (no Joker)", 0) * unit),
        royal_joker=int(table.get("Royal Flush (with Joker)", 0) * unit),
        royal=rk.royal,
    )


def play_result(final: np.ndarray, dealer: np.ndarray, p: Pays) -> np.ndarray:
    """The Play's result in units for doubled final-hand values against the player-dealer's (a copy wins)."""
    value = final >> 1
    bonus = p.bonus_by_code[np.minimum(value >> T.CATEGORY_SHIFT, 31)]
    royal = value == p.royal
    bonus = np.where(royal, np.where(final & 1 == 1, p.royal_natural, p.royal_joker), bonus)
    return np.where(final >= dealer, p.win, -p.unit) + bonus


def _completions(rng: np.random.Generator, unseen: np.ndarray, n: int) -> np.ndarray:
    """[B, n, 12] cards: five to draw from, then the player-dealer's seven (random, without replacement)."""
    b = unseen.shape[0]
    keys = rng.random((b, n, unseen.shape[1]))
    pick = np.argpartition(keys, 12, axis=2)[:, :, :12]
    order = np.argsort(np.take_along_axis(keys, pick, axis=2), axis=2)
    pick = np.take_along_axis(pick, order, axis=2)
    return np.take_along_axis(unseen[:, None, :], pick, axis=2)


def _keep_results(
    hands: np.ndarray, comp: np.ndarray, rk: Ranker, p: Pays, dealer_cdf: DealerCdf | None = None
) -> tuple[np.ndarray, np.ndarray | None]:
    """[B, n, 32]: the Play's result (units) of each keep against each completion; with ``dealer_cdf``, also
    each keep's score against the player-dealer's distribution instead of the completion's seven cards."""
    hk, hb = rk.key[hands], rk.bits[hands]  # [B, 5]
    kept_k = (hk[:, None, :] * KEPT[None]).sum(axis=2)  # [B, 32]
    kept_b = np.bitwise_or.reduce(np.where(KEPT[None], hb[:, None, :], 0), axis=2)
    ck, cb = rk.key[comp], rk.bits[comp]  # [B, n, 12]
    pre_k = np.concatenate([np.zeros(ck.shape[:2] + (1,), np.int64), np.cumsum(ck[:, :, :5], axis=2)], axis=2)
    pre_b = np.concatenate(
        [np.zeros(cb.shape[:2] + (1,), np.int64), np.bitwise_or.accumulate(cb[:, :, :5], axis=2)], axis=2
    )
    final_k = kept_k[:, None, :] + pre_k[:, :, DRAWN]  # [B, n, 32]
    final_b = kept_b[:, None, :] | pre_b[:, :, DRAWN]
    final = rk.five(final_k, final_b)
    dealer = rk.seven(ck[:, :, 5:].sum(axis=2), np.bitwise_or.reduce(cb[:, :, 5:], axis=2))  # [B, n]
    results = play_result(final, dealer[:, :, None], p)
    if dealer_cdf is None:
        return results, None
    holds_joker = (hands == JOKER).any(axis=1)[:, None, None]
    g = np.where(holds_joker, dealer_cdf.at_most(final, True), dealer_cdf.at_most(final, False))
    no_bonus = play_result(final, final + 1, p) + p.unit  # the hand bonus alone
    return results, no_bonus + g * (p.win + p.unit) - p.unit


@dataclass(frozen=True)
class DealerCdf:
    """The distribution of the player-dealer's best five of seven (doubled values), from seeded random deals:
    when the player holds the joker (seven of the 52 other cards) and when he does not (seven of 47 cards
    and the joker, the player's five drawn from the 52)."""

    without_joker: np.ndarray  # sorted values, the player holding the joker
    with_joker: np.ndarray  # sorted values, the joker among the unseen

    def at_most(self, v: np.ndarray, player_holds_joker: bool) -> np.ndarray:
        """P(the player-dealer's hand is no better than v)."""
        s = self.without_joker if player_holds_joker else self.with_joker
        return np.searchsorted(s, v, side="right") / len(s)


def dealer_cdf(rk: Ranker, n: int, seed: int) -> DealerCdf:
    """The player-dealer's distribution from ``n`` seeded deals of each kind (see :class:`DealerCdf`)."""
    rng = np.random.default_rng(seed)
    out = []
    for player_has_joker in (True, False):
        std = np.argsort(rng.random((n, 52)), axis=1)
        if player_has_joker:
            seven = std[:, :7]
        else:
            pool = np.concatenate([std[:, 5:], np.full((n, 1), JOKER)], axis=1)  # 48 cards
            seven = np.take_along_axis(pool, np.argsort(rng.random((n, 48)), axis=1)[:, :7], axis=1)
        out.append(np.sort(rk.seven(rk.key[seven].sum(axis=1), np.bitwise_or.reduce(rk.bits[seven], axis=1))))
    return DealerCdf(out[0], out[1])


@dataclass(frozen=True)
class Estimate:
    """One seeded run: per hand, the lower and upper bound's results (in units), and the keeps' draws."""

    lower: np.ndarray
    upper: np.ndarray
    drawn: np.ndarray  # cards drawn by the chosen keep, per hand


def estimate(
    data: dict[str, Any],
    hands: int,
    choose: int,
    judge: int,
    seed: int,
    batch: int = 200,
    cdf_deals: int = 400_000,
) -> Estimate:
    """One seeded run of the steps in the module docstring."""
    rk = ranker()
    p = pays_of(data, rk)
    rng = np.random.default_rng(seed)
    cdf = dealer_cdf(rk, cdf_deals, seed)
    lower, upper, drawn = [], [], []
    done = 0
    while done < hands:
        b = min(batch, hands - done)
        deck = np.argsort(rng.random((b, 53)), axis=1)
        first, unseen = deck[:, :5], deck[:, 5:]
        results, scores = _keep_results(first, _completions(rng, unseen, choose), rk, p, cdf)
        assert scores is not None
        best = scores.mean(axis=1).argmax(axis=1)
        upper.append(results.mean(axis=1).max(axis=1))
        judged, _ = _keep_results(first, _completions(rng, unseen, judge), rk, p)
        lower.append(np.take_along_axis(judged, best[:, None, None], axis=2)[:, :, 0].mean(axis=1))
        drawn.append(DRAWN[best])
        done += b
    return Estimate(np.concatenate(lower) / p.unit, np.concatenate(upper) / p.unit, np.concatenate(drawn))


def check(data: dict[str, Any], n: int = 3000, seed: int = 99) -> int:
    """Compare the batched ranker and :func:`play_result` with the one-hand evaluator and the round's
    settlement (rules.quickdraw) on ``n`` seeded deals; the number that disagree."""
    from rules.cards import ALL_CARDS
    from rules.quickdraw.hands import hand_of
    from rules.quickdraw.model import from_data
    from rules.quickdraw.settle import settle_play

    v = from_data(data)
    rk = ranker()
    p = pays_of(data, rk)
    rng = np.random.default_rng(seed)
    deals = np.argsort(rng.random((n, 53)), axis=1)[:, :12]
    # force some jokers and natural royals into the sample
    deals[: n // 10, 0] = JOKER
    deals[n // 10 : n // 10 + 20, :5] = [48, 44, 40, 36, 32]
    ok = np.array([len(set(d)) == 12 for d in deals.tolist()])
    deals = deals[ok]
    five = rk.five(rk.key[deals[:, :5]].sum(axis=1), np.bitwise_or.reduce(rk.bits[deals[:, :5]], axis=1))
    seven = rk.seven(rk.key[deals[:, 5:]].sum(axis=1), np.bitwise_or.reduce(rk.bits[deals[:, 5:]], axis=1))
    got = play_result(five, seven, p)
    bad = 0
    for d, g in zip(deals.tolist(), got.tolist(), strict=True):
        final, dealer = hand_of([ALL_CARDS[c] for c in d[:5]]), hand_of([ALL_CARDS[c] for c in d[5:]])
        want = Fraction(0)
        for w in settle_play(v, final, dealer):
            want += w.pays if w.result == "win" else -1
        bad += Fraction(g, p.unit) != want
    return bad


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="quickdraw/the101")
    ap.add_argument("--hands", type=int, default=200_000)
    ap.add_argument("--choose", type=int, default=200)
    ap.add_argument("--judge", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    import yaml

    data = yaml.safe_load((ROOT / "config" / "games" / f"{args.game}.yaml").read_text())
    bad = check(data)
    if bad:
        print(f"the batched ranker disagrees with rules.quickdraw on {bad} deals", file=sys.stderr)
        return 1
    runs = []
    with progress_bar("quickdraw play: seeded runs", timed=True) as progress:
        for r in range(args.repeats):
            if progress:
                progress(r, args.repeats)
            c0, w0 = time.process_time(), time.perf_counter()
            e = estimate(data, args.hands, args.choose, args.judge, args.seed + r)
            cpu, wall = time.process_time() - c0, time.perf_counter() - w0
            runs.append((e, cpu, wall))
            if progress:
                progress(r + 1, args.repeats)
            print(
                f"seed {args.seed + r}: lower {e.lower.mean():+.5f}  upper {e.upper.mean():+.5f}  "
                f"({cpu:.0f} s CPU, {wall:.0f} s wall)",
                file=sys.stderr,
                flush=True,
            )
    lower = np.concatenate([e.lower for e, _, _ in runs])
    upper = np.concatenate([e.upper for e, _, _ in runs])
    drawn = np.concatenate([e.drawn for e, _, _ in runs])
    lows = [float(e.lower.mean()) for e, _, _ in runs]
    ups = [float(e.upper.mean()) for e, _, _ in runs]
    n = len(lower)
    out = {
        "game": args.game,
        "method": (
            f"seeded simulation: per first hand, the keep (of 32) with the best score over {args.choose} shared "
            "random draws against the player-dealer's distribution (400,000 seeded deals per joker case), "
            f"judged on {args.judge} fresh completions against the player-dealer's real seven cards "
            "(benchmarks/quickdraw_play.py)"
        ),
        "hands": n,
        "seeds": [args.seed + r for r in range(args.repeats)],
        "choose": args.choose,
        "judge": args.judge,
        "return_per_play": {
            "lower": round(float(lower.mean()), 6),
            "lower_se": round(float(lower.std(ddof=1) / math.sqrt(n)), 6),
            "upper": round(float(upper.mean()), 6),
            "upper_se": round(float(upper.std(ddof=1) / math.sqrt(n)), 6),
        },
        "runs": {
            "lower_median": round(statistics.median(lows), 6),
            "lower_spread": round(max(lows) - min(lows), 6),
            "upper_median": round(statistics.median(ups), 6),
            "upper_spread": round(max(ups) - min(ups), 6),
        },
        "cards_drawn": {str(k): round(float((drawn == k).mean()), 5) for k in range(6)},
        "cpu_seconds": round(sum(c for _, c, _ in runs), 1),
        "wall_seconds": round(sum(w for _, _, w in runs), 1),
    }
    print(json.dumps(out, indent=1))
    if args.write:
        path = ROOT / "config" / "analysis" / f"quickdraw-{args.game.split('/', 1)[1]}.yaml"
        from rules.quickdraw.analyze import rules_sha256

        out["rules_sha256"] = rules_sha256(data)
        head = (
            "# Cal Quick Draw Poker: the Play wager under the best draw, an ESTIMATE with bounds. Written by:\n"
            f"# .venv/bin/python benchmarks/quickdraw_play.py --game {args.game} --hands {args.hands} "
            f"--choose {args.choose} --judge {args.judge} --seed {args.seed} --repeats {args.repeats} --write\n"
            "# Read by rules/quickdraw/analyze.py.\n"
        )
        path.write_text(head + yaml.safe_dump(out, sort_keys=False, width=110))
        print(f"wrote {path.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
