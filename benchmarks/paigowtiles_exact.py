"""Exact Pai Gow Tiles pair counts: a player's wager against the player-dealer, both set the House Way.

Counts all C(32, 4) x C(28, 4) = 736,281,000 ordered pairs of disjoint four-tile hands (player, player-dealer)
for each room's chart and ties, two independent ways, and stores the result where ``analyze`` reads it
(``config/analysis/paigowtiles-<room>.yaml``):

1. by hands of kinds (3,620 of them, each weighted by its tile-level deals: ``rules.paigowtiles.exact``),
   in pure Python;
2. tile by tile with numpy: every one of the 35,960 hands is set the House Way on its own tiles, and all
   35,960 x 35,960 pairs are tested for shared tiles (32-bit masks) and compared — no symmetry used.

The two must agree to the unit before anything is written.

    .venv/bin/python benchmarks/paigowtiles_exact.py              # every room; writes the tables
    .venv/bin/python benchmarks/paigowtiles_exact.py --check      # compare with the stored tables
    .venv/bin/python benchmarks/paigowtiles_exact.py --game paigowtiles/marysville
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from itertools import combinations
from pathlib import Path

import numpy as np
import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.paigowtiles.analyze import chart_sha256, table_path  # noqa: E402
from rules.paigowtiles.exact import PAIRS, PairCounts, count_pairs  # noqa: E402
from rules.paigowtiles.hands import Ties, points_of, strength  # noqa: E402
from rules.paigowtiles.house_way import Chart, load_chart, set_kinds  # noqa: E402
from rules.paigowtiles.tiles import ALL_TILES  # noqa: E402
from rules.paigowtiles.variant import TilesVariant  # noqa: E402
from terminal.progress import Progress, progress_bar  # noqa: E402

ROOMS = ("paigowtiles/oaks", "paigowtiles/tres-lounge", "paigowtiles/capitol", "paigowtiles/marysville")


def tile_level(chart: Chart, ties: Ties, chunk: int = 400, progress: Progress | None = None) -> PairCounts:
    """Every ordered pair of disjoint tile-level hands, with numpy; no symmetry."""
    hands = list(combinations(range(32), 4))
    masks = np.array([sum(1 << i for i in h) for h in hands], dtype=np.uint32)
    hi = np.empty(len(hands), dtype=np.int32)
    lo = np.empty(len(hands), dtype=np.int32)
    th = np.empty(len(hands), dtype=np.int32)  # the player beats a hand strictly below these
    tl = np.empty(len(hands), dtype=np.int32)
    for n, h in enumerate(hands):
        kinds = [ALL_TILES[i].kind.index for i in h]
        pos, _ = set_kinds(kinds, chart)
        a = strength(kinds[pos[0]], kinds[pos[1]])
        b = strength(kinds[pos[2]], kinds[pos[3]])
        hi[n], lo[n] = a, b
        # 0 points against 0 goes to the banker: a 0-point hand then beats nothing (all hands below it are 0s)
        zero = ties.zero_zero == "banker"
        th[n] = 0 if zero and points_of(a) == 0 else a
        tl[n] = 0 if zero and points_of(b) == 0 else b
    win = push = lose = 0
    for i0 in range(0, len(hands), chunk):
        m = masks[i0 : i0 + chunk, None]
        disjoint = (m & masks[None, :]) == 0
        bh = hi[None, :] < th[i0 : i0 + chunk, None]
        bl = lo[None, :] < tl[i0 : i0 + chunk, None]
        w = int(np.count_nonzero(disjoint & bh & bl))
        either = int(np.count_nonzero(disjoint & (bh | bl)))
        total = int(np.count_nonzero(disjoint))
        win += w
        push += either - w
        lose += total - either
        if progress is not None:
            progress(min(i0 + chunk, len(hands)), len(hands))
    return PairCounts(win=win, push=push, lose=lose)


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def compute(game: str) -> tuple[TilesVariant, dict[str, object], PairCounts, dict[str, float]]:
    """The counts for one game, both ways, and the CPU and wall time of each."""
    data = yaml.safe_load((ROOT / "config" / "games" / f"{game}.yaml").read_text())
    v = TilesVariant.from_data(data)
    chart_data = yaml.safe_load((ROOT / "config" / "house_ways" / f"{v.house_way.chart}.yaml").read_text())
    chart = load_chart(chart_data)
    times: dict[str, float] = {}
    w0, c0 = time.perf_counter(), _cpu()
    by_kinds = count_pairs(chart, v.tie_rules)
    w1, c1 = time.perf_counter(), _cpu()
    with progress_bar(f"{game}: tile by tile") as progress:  # on a terminal only; silent in a pipe
        by_tiles = tile_level(chart, v.tie_rules, progress=progress)
    w2, c2 = time.perf_counter(), _cpu()
    times.update(kinds_wall=w1 - w0, kinds_cpu=c1 - c0, tiles_wall=w2 - w1, tiles_cpu=c2 - c1)
    if by_kinds != by_tiles:
        raise SystemExit(f"{game}: the two counts differ: by kinds {by_kinds}, tile by tile {by_tiles}")
    if by_kinds.total != PAIRS:
        raise SystemExit(f"{game}: {by_kinds.total} pairs, not {PAIRS}")
    return v, chart_data, by_kinds, times


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--game", action="append", help="a paigowtiles game id (default: all four rooms)")
    ap.add_argument("--check", action="store_true", help="compare with the stored tables instead of writing")
    args = ap.parse_args()
    bad = 0
    for game in args.game or ROOMS:
        v, chart_data, counts, t = compute(game)
        edge = (counts.lose - counts.win) / PAIRS
        print(
            f"{game}: win {counts.win:,} push {counts.push:,} lose {counts.lose:,} of {PAIRS:,}; "
            f"player's disadvantage {edge * 100:.4f}%"
        )
        print(
            f"  by kinds {t['kinds_cpu']:.1f} s CPU / {t['kinds_wall']:.1f} s wall; "
            f"tile by tile {t['tiles_cpu']:.1f} s CPU / {t['tiles_wall']:.1f} s wall; the two agree"
        )
        out = ROOT / "config" / table_path(game)
        table = {
            "game": game,
            "chart": v.house_way.chart,
            "chart_sha256": chart_sha256(chart_data),
            "zero_zero": v.ties.zero_zero,
            "pairs": PAIRS,
            "win": counts.win,
            "push": counts.push,
            "lose": counts.lose,
            "source": "exact over all C(32,4) x C(28,4) ordered pairs of disjoint hands, benchmarks/paigowtiles_exact.py",
        }
        if args.check:
            stored = yaml.safe_load(out.read_text()) if out.exists() else {}
            same = all(stored.get(k) == table[k] for k in table)
            print("  matches the stored table" if same else "  DIFFERS from the stored table")
            bad += not same
            continue
        header = (
            f"# Exact pair counts for {game}: player against player-dealer, both set the House Way ({v.house_way.chart}).\n"
            "# Written by: .venv/bin/python benchmarks/paigowtiles_exact.py (two independent counts that agree:\n"
            f"# by hands of kinds {t['kinds_cpu']:.1f} s CPU, tile by tile with numpy {t['tiles_cpu']:.1f} s CPU).\n"
            "# Read by rules/paigowtiles/analyze.py; tests/test_paigowtiles_analyze.py recounts it.\n"
        )
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(header + yaml.safe_dump(table, sort_keys=False))
        print(f"  wrote {out.relative_to(ROOT)}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
