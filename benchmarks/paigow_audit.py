"""Exhaustive House Way audit: every seven-card hand from 53 cards (six for Mini Pai Gow) set by a room's chart.

Counts fouls (must be zero) and hands no chart rule covers (must be zero), and prints how often each chart
rule sets a hand and the back hands it leaves, with the time taken.

Two modes:

* ``--mode classes`` (default): all C(53, 7) = 154,143,080 hands, exactly, by classes. A hand without a
  flush is set by its ranks alone (the charts look at ranks, pairs and whether a straight or flush is
  there), so one representative per rank-count vector stands for ``prod C(4, c_r)`` hands; a hand with a
  flush has one flush suit and stands with ``4 * prod C(3, d_r)`` others. Each flush class's hands are
  moved out of the plain class that also counted them. Every one of the 154,143,080 hands is accounted for
  (the totals are checked).
* ``--mode every``: literally every combination, one by one, over ``--workers`` processes (optionally only
  the first ``--limit`` hands of each worker's share, to measure the rate and extrapolate). Settings are
  memoised on (ranks, joker, flush-suit ranks) — the same key the classes mode relies on — so the chart
  itself runs once per key while every hand is still enumerated, keyed and tallied.

    .venv/bin/python benchmarks/paigow_audit.py capitol-paigow
    .venv/bin/python benchmarks/paigow_audit.py tres-lounge-paigow --mode every --limit 200000
    .venv/bin/python benchmarks/paigow_audit.py --all
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from collections import Counter
from itertools import combinations, islice
from math import comb
from multiprocessing import Pool
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.paigow.analyze import class_key, hand_classes  # noqa: E402
from rules.paigow.classes import class_count  # noqa: E402
from rules.paigow.hands import CATEGORY_NAMES, front_beats_back, value5  # noqa: E402
from rules.paigow.house_way import HouseWay, HouseWayError, load_house_way, set_hand  # noqa: E402
from terminal.progress import Progress, progress_bar  # noqa: E402


def load(chart: str) -> HouseWay:
    return load_house_way(yaml.safe_load((ROOT / "config" / "house_ways" / f"{chart}.yaml").read_text()))


def audit_one(idx: tuple[int, ...], way: HouseWay) -> tuple[str, str, bool]:
    """(rule, back category, foul) for one hand; an uncovered hand is rule '(none)'."""
    try:
        front, rule = set_hand(idx, way)
    except HouseWayError:
        return "(none)", "-", True
    back = [i for i in idx if i not in front]
    v = value5(back, way.hand_rules)
    return rule.name, CATEGORY_NAMES[v >> 20], front_beats_back(front, v, back, way.hand_rules)


def _cpu() -> float:
    """CPU seconds of this process and its finished workers."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def run_classes(
    way: HouseWay, progress: Progress | None = None
) -> tuple[Counter[str], Counter[str], int, int, int]:
    rules: Counter[str] = Counter()
    backs: Counter[str] = Counter()
    fouls = uncovered = total = 0
    plain: dict[tuple[tuple[int, ...], bool], tuple[str, str, bool]] = {}
    n_classes = class_count(way.hand_cards) if progress is not None else 0
    for i, (rep, w, is_flush) in enumerate(hand_classes(way.hand_cards)):
        if progress is not None and i % 4096 == 0:
            progress(i, n_classes)
        res = audit_one(rep, way)
        key = class_key(rep)
        if is_flush:
            old = plain[key]  # these hands were counted with their plain class: move them
            rules[old[0]] -= w
            backs[old[1]] -= w
            fouls -= w * old[2]
            uncovered -= w * (old[0] == "(none)")
            total -= w
        else:
            plain[key] = res
        rules[res[0]] += w
        backs[res[1]] += w
        fouls += w * res[2]
        uncovered += w * (res[0] == "(none)")
        total += w
    return rules, backs, fouls, uncovered, total


def _every_chunk(args: tuple[str, int, int, int]) -> tuple[Counter[str], Counter[str], int, int, int]:
    """Every hand whose lowest card is ``first``, one by one. A hand's setting depends only on its ranks,
    the joker and the ranks of a flush suit, so results are memoised on that key (every hand is still
    visited and keyed; the first hand of each key is set by the chart)."""
    chart, n, first, limit = args
    way = load(chart)
    rules: Counter[str] = Counter()
    backs: Counter[str] = Counter()
    fouls = uncovered = count = 0
    rank = [i >> 2 for i in range(53)]
    suit = [i & 3 for i in range(52)] + [4]
    memo: dict[tuple[object, ...], tuple[str, str, bool]] = {}
    rest = combinations(range(first + 1, 53), n - 1)
    if limit:
        rest = islice(rest, limit)
    for tail in rest:
        hand = (first, *tail)
        joker = hand[-1] == 52
        suits = [suit[i] for i in hand]
        flush_ranks: tuple[int, ...] = ()
        for s in range(4):
            if suits.count(s) >= 5 - joker:
                flush_ranks = tuple(rank[i] for i in hand if suit[i] == s)
                break
        key = (tuple(rank[i] for i in hand), flush_ranks)
        res = memo.get(key)
        if res is None:
            res = memo[key] = audit_one(hand, way)
        r, b, f = res
        rules[r] += 1
        backs[b] += 1
        fouls += f
        uncovered += r == "(none)"
        count += 1
    return rules, backs, fouls, uncovered, count


def run_every(
    chart: str, n: int, workers: int, limit: int
) -> tuple[Counter[str], Counter[str], int, int, int]:
    rules: Counter[str] = Counter()
    backs: Counter[str] = Counter()
    fouls = uncovered = total = 0
    jobs = [(chart, n, first, limit) for first in range(53 - n + 1)]
    with Pool(workers) as pool:
        for r, b, f, u, c in pool.imap_unordered(_every_chunk, jobs):
            rules.update(r)
            backs.update(b)
            fouls += f
            uncovered += u
            total += c
    return rules, backs, fouls, uncovered, total


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("charts", nargs="*", help="chart ids (config/house_ways/<id>.yaml)")
    ap.add_argument("--all", action="store_true", help="every chart")
    ap.add_argument("--mode", choices=("classes", "every"), default="classes")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument(
        "--limit", type=int, default=0, help="every: only the first N hands of each worker's share"
    )
    args = ap.parse_args()
    charts = (
        sorted(p.stem for p in (ROOT / "config" / "house_ways").glob("*.yaml")) if args.all else args.charts
    )
    if not charts:
        ap.error("name a chart or use --all")
    bad = 0
    for chart in charts:
        way = load(chart)
        n = way.hand_cards
        t0 = time.perf_counter()
        c0 = _cpu()
        if args.mode == "classes":
            with progress_bar(f"audit {chart}") as progress:  # on a terminal only; silent in a pipe
                rules, backs, fouls, uncovered, total = run_classes(way, progress)
        else:
            rules, backs, fouls, uncovered, total = run_every(chart, n, args.workers, args.limit)
        dt = time.perf_counter() - t0
        cpu = _cpu() - c0
        print(
            f"\n== {chart}: {total:,} hands of {n} ({args.mode}) in {dt:.1f} s wall, {cpu:.1f} s CPU"
            f" — fouls {fouls}, uncovered {uncovered}"
        )
        if args.mode == "classes" and total != comb(53, n):
            print(f"   COUNT MISMATCH: expected C(53,{n}) = {comb(53, n):,}")
            bad += 1
        if args.mode == "every":
            rate = total / dt
            cpu_rate = total / cpu if cpu else 0.0
            print(
                f"   {rate:,.0f} hands/s wall on {args.workers} workers, {cpu_rate:,.0f} per CPU-second; all"
                f" {comb(53, n):,}: {comb(53, n) / rate / 60:,.1f} min at this wall rate,"
                f" {comb(53, n) / cpu_rate / 60 / args.workers:,.1f} min on {args.workers} idle cores"
            )
        print("   rule applied                              hands        share")
        for r in [x.name for x in way.rules] + ["(none)"]:
            if rules.get(r):
                print(f"   {r:<40} {rules[r]:>12,}  {rules[r] / total:>10.6%}")
        print("   back hand after the House Way             hands        share")
        for c in reversed(CATEGORY_NAMES):
            if backs.get(c):
                print(f"   {c:<40} {backs[c]:>12,}  {backs[c] / total:>10.6%}")
        bad += bool(fouls or uncovered)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
