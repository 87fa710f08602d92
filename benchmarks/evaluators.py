"""Speed of our high-hand evaluators beside treys, pokerkit, phevaluator and eval7, on the same hands.

    .venv/bin/python benchmarks/evaluators.py [--hands N] [--repeat R] [--json]

One seeded set of random 5-card and 7-card hands is drawn, converted once to each library's own card
form (not timed), then each evaluator ranks every hand through its ordinary call, in turn, ``repeat`` rounds; the
best pass of each counts (other work on a shared machine only ever slows a pass down). pokerkit is pure Python
and slow, so it ranks a slice of the hands. Prints evaluations per second and our ratio to each.

Not run by CI; the figures go in docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.cards import ALL_CARDS  # noqa: E402
from rules.evaluators.high import evaluate_high, rank5_fast, rank7_fast  # noqa: E402


def _one_pass(fn: Callable[[Any], object], hands: Sequence[Any]) -> float:
    t0 = time.perf_counter()
    for h in hands:
        fn(h)
    return time.perf_counter() - t0


def _contenders(
    size: int,
) -> list[tuple[str, Callable[[Any], object], Callable[[tuple[int, ...]], Any], int]]:
    """(name, evaluate one hand, convert one hand of our indices, divisor of the hand count)."""
    out: list[tuple[str, Callable[[Any], object], Callable[[tuple[int, ...]], Any], int]] = []
    fast = rank5_fast if size == 5 else rank7_fast
    out.append((f"ours (rank{size}_fast, card indices)", fast, lambda h: h, 1))
    out.append(
        ("ours (evaluate_high, checked Cards)", evaluate_high, lambda h: [ALL_CARDS[i] for i in h], 10)
    )
    try:
        from treys import Card as TCard
        from treys import Evaluator

        ev = Evaluator()
        tc = [TCard.new(str(c)) for c in ALL_CARDS[:52]]
        if size == 5:
            out.append(("treys", ev._five, lambda h: [tc[i] for i in h], 1))
        else:
            out.append(("treys", lambda h: ev.evaluate(h[:2], h[2:]), lambda h: [tc[i] for i in h], 1))
    except ImportError:
        pass
    try:
        from pokerkit import Card as PCard
        from pokerkit import StandardHighHand

        pc = [next(iter(PCard.parse(str(c)))) for c in ALL_CARDS[:52]]
        if size == 5:
            lookup = StandardHighHand.lookup
            out.append(("pokerkit", lookup.get_entry, lambda h: tuple(pc[i] for i in h), 10))
        else:
            out.append(("pokerkit", StandardHighHand.from_game, lambda h: tuple(pc[i] for i in h), 50))
    except ImportError:
        pass
    try:
        from phevaluator import evaluate_cards

        # phevaluator numbers cards rank * 4 + suit (c d h s), as Card.index does
        out.append(("phevaluator (C)", lambda h: evaluate_cards(*h), lambda h: h, 1))
    except ImportError:
        pass
    try:
        import eval7

        e7 = [eval7.Card(str(c)) for c in ALL_CARDS[:52]]
        out.append(("eval7 (Cython)", eval7.evaluate, lambda h: [e7[i] for i in h], 1))
    except ImportError:
        pass
    return out


def run(n_hands: int, repeat: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    deck = list(range(52))
    result: dict[str, Any] = {
        "hands": n_hands,
        "repeat": repeat,
        "seed": seed,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "results": {},
    }
    for size in (5, 7):
        hands = [tuple(rng.sample(deck, size)) for _ in range(n_hands)]
        entries = [
            (name, fn, [convert(h) for h in hands[: max(1, n_hands // divisor)]])
            for name, fn, convert, divisor in _contenders(size)
        ]
        # round robin: a pass of each evaluator in turn, so load from other work on a shared machine
        # falls on all of them alike; the best pass of each counts
        best = [float("inf")] * len(entries)
        for _ in range(repeat):
            for j, (_, fn, native) in enumerate(entries):
                best[j] = min(best[j], _one_pass(fn, native))
        rows = [
            {"evaluator": name, "per_second": round(len(native) / t), "hands": len(native)}
            for (name, _, native), t in zip(entries, best, strict=True)
        ]
        ours = rows[0]["per_second"]
        for row in rows:
            row["ours_over_it"] = round(ours / row["per_second"], 2)
        result["results"][f"{size}-card"] = rows
    return result


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--hands", type=int, default=200_000, help="random hands per size [200000]")
    p.add_argument("--repeat", type=int, default=5, help="passes per evaluator; the best counts [5]")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    result = run(args.hands, args.repeat, args.seed)
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    print(
        f"Python {result['python']} ({result['machine']}); {args.hands:,} random hands per size, "
        f"best of {args.repeat} passes"
    )
    for size, rows in result["results"].items():
        print(f"\n{size} hands")
        print(f"  {'evaluator':<40} {'evals/s':>12}  {'ours (fast) / it':>16}")
        for row in rows:
            print(f"  {row['evaluator']:<40} {row['per_second']:>12,}  {row['ours_over_it']:>15.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
