"""Our high-hand evaluators beside eval7, phevaluator, treys and pokerkit: the same hands, checked equal,
timed in CPU seconds, several passes each, medians and spread.

    .venv/bin/python benchmarks/evaluators.py [--hands N] [--repeat R] [--json]

One seeded set of random 5-card and 7-card hands is drawn and converted once to each library's own card
form (not timed). Before any figure is printed, every library ranks every hand (pokerkit a slice: it is
slow) and the orders must agree: for any two hands, each library must say the same one wins, or that
they tie — checked over the whole set by sorting on our value (the program stops if one disagrees).
Then each evaluator ranks the hands through its ordinary public call — ours ``rank5_fast``/``rank7_fast``
(card indices) and ``evaluate_high`` (checked ``Card`` objects), ``eval7.evaluate``,
``phevaluator.evaluate_cards``, ``treys.Evaluator.evaluate``, pokerkit ``StandardHighHand`` — in turn,
``repeat`` rounds (round robin, so other work on a shared machine falls on all of them alike), timed
with ``time.process_time`` (CPU of this process) and ``perf_counter`` (wall). Reported per evaluator:
the median rate over the passes, the lowest and highest, and our median over its median. The numpy
batch path (the tables of :mod:`rules.evaluators.high` applied to a whole array of hands, as
``benchmarks/enumerate7.py`` does) is timed beside them for analysis-sized work. The machine, Python,
and the load average before and after are printed with the table.

Not run by CI; the figures go in docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.cards import ALL_CARDS  # noqa: E402
from rules.evaluators.high import HighRules, evaluate_high, fast_rankers, rank5_fast, rank7_fast  # noqa: E402
from terminal.progress import Progress, progress_bar  # noqa: E402


@dataclass
class Contender:
    """One evaluator: how to convert a hand of our card indices, rank one native hand, and which way
    its values point (+1: higher is stronger)."""

    name: str
    rank: Callable[[Any], Any]
    convert: Callable[[tuple[int, ...]], Any]
    sign: int
    divisor: int = 1  # it ranks hands[: n // divisor] (slow pure-Python libraries)
    batch: bool = False  # rank() takes the whole converted set at once


def _key(value: Any) -> Any:
    """A comparable number from one library's result (our HandRank, a pokerkit hand, or a number)."""
    if hasattr(value, "entry"):
        return value.entry.index
    return getattr(value, "value", value)


def numpy_batch(
    size: int,
) -> tuple[Callable[[np.ndarray], np.ndarray], Callable[[list[tuple[int, ...]]], np.ndarray]]:
    """Our tables applied to an (n, size) array of card indices at once; returns (rank, convert)."""
    t = fast_rankers(HighRules()).tables
    first, card = np.asarray(t.first, dtype=np.int64), np.asarray(t.card, dtype=np.int64)
    nf_keys = np.asarray(sorted(t.nonflush), dtype=np.int64)
    nf_vals = np.asarray([t.nonflush[k] for k in nf_keys.tolist()], dtype=np.int64)
    f5_keys = np.asarray(sorted(t.flush5), dtype=np.int64)
    f5_vals = np.asarray([t.flush5[k] for k in f5_keys.tolist()], dtype=np.int64)
    flush_value = np.asarray(t.flush_value, dtype=np.int64)
    suit_bits = np.asarray(t.suit_bits, dtype=np.int64)  # (4, 52)
    suit_index = np.zeros(0x8889, dtype=np.int64)
    for i, bit in enumerate((0x8, 0x80, 0x800, 0x8000)):
        suit_index[bit] = i

    def rank(hands: np.ndarray) -> np.ndarray:
        k = first[hands[:, 0]] + card[hands[:, 1:]].sum(axis=1)
        flush = (k & 0x8888) != 0
        ranks = k >> 16
        out = nf_vals[np.minimum(np.searchsorted(nf_keys, ranks), len(nf_keys) - 1)]
        if size == 5:
            f = np.flatnonzero(flush)
            out[f] = f5_vals[np.searchsorted(f5_keys, ranks[f])]
            return out
        f = np.flatnonzero(flush)
        if len(f):
            suits = suit_index[k[f] & 0x8888]
            mask = np.bitwise_or.reduce(suit_bits[suits[:, None], hands[f]], axis=1)
            out[f] = flush_value[mask]
        return out

    def convert(hands: list[tuple[int, ...]]) -> np.ndarray:
        return np.asarray(hands, dtype=np.int64)

    return rank, convert


def contenders(size: int) -> list[Contender]:
    """Ours first; then every peer library that is installed (the bench extra installs them all)."""
    fast = rank5_fast if size == 5 else rank7_fast
    out = [
        Contender(f"ours, rank{size}_fast (card indices)", fast, lambda h: h, +1),
        Contender(
            "ours, evaluate_high (checked Cards)", evaluate_high, lambda h: [ALL_CARDS[i] for i in h], +1, 10
        ),
    ]
    rank, convert = numpy_batch(size)
    out.append(Contender("ours, numpy batch (whole array)", rank, convert, +1, batch=True))  # type: ignore[arg-type]
    try:
        import eval7

        e7 = [eval7.Card(str(c)) for c in ALL_CARDS[:52]]
        out.append(Contender("eval7 (Cython)", eval7.evaluate, lambda h: [e7[i] for i in h], +1))
    except ImportError:
        print("eval7 is not installed: pip install -e '.[bench]'", file=sys.stderr)
    try:
        from phevaluator import evaluate_cards

        # phevaluator numbers cards rank * 4 + suit (c d h s), as our card indices do
        out.append(Contender("phevaluator (C)", lambda h: evaluate_cards(*h), lambda h: h, -1))
    except ImportError:
        print("phevaluator is not installed: pip install -e '.[bench]'", file=sys.stderr)
    try:
        from treys import Card as TCard
        from treys import Evaluator

        ev = Evaluator()
        tc = [TCard.new(str(c)) for c in ALL_CARDS[:52]]
        out.append(
            Contender(
                "treys (pure Python)",
                lambda h: ev.evaluate(h[:2], h[2:]),
                lambda h: [tc[i] for i in h],
                -1,
                2,
            )
        )
    except ImportError:
        print("treys is not installed", file=sys.stderr)
    try:
        from pokerkit import Card as PCard
        from pokerkit import StandardHighHand

        pc = [next(iter(PCard.parse(str(c)))) for c in ALL_CARDS[:52]]
        out.append(
            Contender(
                "pokerkit (pure Python)",
                StandardHighHand.from_game,
                lambda h: tuple(pc[i] for i in h),
                +1,
                50,
            )
        )
    except ImportError:
        print("pokerkit is not installed", file=sys.stderr)
    return out


def values_of(c: Contender, native: Any) -> list[Any]:
    if c.batch:
        return [int(v) for v in c.rank(native)]
    return [_key(c.rank(h)) for h in native]


def check_agreement(ours: Sequence[int], theirs: Sequence[Any], sign: int) -> str | None:
    """None if ``theirs`` orders the hands exactly as ``ours`` does (same winner, same ties, for every
    pair), else a sentence naming two hands they disagree on."""
    order = sorted(range(len(theirs)), key=lambda i: ours[i])
    for a, b in zip(order, order[1:], strict=False):
        x, y = ours[a], ours[b]
        p, q = theirs[a], theirs[b]
        same = (x == y) == (p == q) and (x == y or (sign > 0) == (p < q))
        if not same:
            return f"hands #{a} and #{b}: ours {x} vs {y}, theirs {p} vs {q}"
    return None


def one_pass(c: Contender, native: Any) -> tuple[float, float]:
    fn = c.rank
    c0, w0 = time.process_time(), time.perf_counter()
    if c.batch:
        fn(native)
    else:
        for h in native:
            fn(h)
    return time.process_time() - c0, time.perf_counter() - w0


def run(n_hands: int, repeat: int, seed: int, progress: Progress | None = None) -> dict[str, Any]:
    """Check every library agrees with ours, then time ``repeat`` passes of each; ``progress`` moves
    between passes, never inside one."""
    rng = random.Random(seed)
    deck = list(range(52))
    result: dict[str, Any] = {
        "hands": n_hands,
        "repeat": repeat,
        "seed": seed,
        "python": platform.python_version(),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs ({_cpu_model()})",
        "load_average_before": os.getloadavg(),
        "results": {},
    }
    for size in (5, 7):
        hands = [tuple(rng.sample(deck, size)) for _ in range(n_hands)]
        entries = []
        for c in contenders(size):
            subset = hands[: max(1, n_hands // c.divisor)]
            native = c.convert(subset) if c.batch else [c.convert(h) for h in subset]
            entries.append((c, subset, native))
        ours = values_of(entries[0][0], entries[0][2])
        checked: dict[str, int] = {}
        for c, subset, native in entries[1:]:
            problem = check_agreement(ours[: len(subset)], values_of(c, native), c.sign)
            if problem is not None:
                raise SystemExit(
                    f"{size}-card: {c.name} disagrees with ours on {problem}: no figures printed"
                )
            checked[c.name] = len(subset)
        cpu: list[list[float]] = [[] for _ in entries]
        wall: list[list[float]] = [[] for _ in entries]
        for i in range(repeat):
            for j, (c, _subset, native) in enumerate(entries):
                t_cpu, t_wall = one_pass(c, native)
                cpu[j].append(t_cpu)
                wall[j].append(t_wall)
            if progress is not None:  # between timed passes: the bar is not in the figures
                progress(repeat * (size == 7) + i + 1, 2 * repeat)
        rows = []
        for (c, subset, _), cs, ws in zip(entries, cpu, wall, strict=True):
            rates = [len(subset) / max(t, 1e-9) for t in cs]
            rows.append(
                {
                    "evaluator": c.name,
                    "hands": len(subset),
                    "agrees_on": checked.get(c.name, len(subset)),
                    "median_per_cpu_second": round(statistics.median(rates)),
                    "min_per_cpu_second": round(min(rates)),
                    "max_per_cpu_second": round(max(rates)),
                    "median_per_wall_second": round(
                        statistics.median(len(subset) / max(t, 1e-9) for t in ws)
                    ),
                }
            )
        base = rows[0]["median_per_cpu_second"]
        for row in rows:
            row["ours_over_it"] = round(base / row["median_per_cpu_second"], 2)
        result["results"][f"{size}-card"] = rows
    result["load_average_after"] = os.getloadavg()
    return result


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--hands", type=int, default=100_000, help="random hands per size [100000]")
    p.add_argument("--repeat", type=int, default=7, help="timed passes per evaluator [7]")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    with progress_bar("evaluators: timed passes", quiet=args.json, timed=True) as progress:
        result = run(args.hands, args.repeat, args.seed, progress)
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    la, lb = result["load_average_before"], result["load_average_after"]
    print(
        f"{result['machine']}; Python {result['python']}; load average {la[0]:.1f} before, {lb[0]:.1f} after; "
        f"{args.hands:,} random hands per size, {args.repeat} passes each, CPU time"
    )
    for size, rows in result["results"].items():
        print(f"\n{size} hands (every library agreed with ours on the order of every hand it ranked)")
        print(f"  {'evaluator':<38} {'hands':>8} {'median/s':>11} {'spread (min-max)/s':>23} {'ours/it':>8}")
        for r in rows:
            spread = f"{r['min_per_cpu_second']:,}-{r['max_per_cpu_second']:,}"
            print(
                f"  {r['evaluator']:<38} {r['hands']:>8,} {r['median_per_cpu_second']:>11,} "
                f"{spread:>23} {r['ours_over_it']:>7.2f}x"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
