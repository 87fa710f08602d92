"""Time ``analyze`` for every Three Card Poker family variant (pure Python, exact), cold: each game in a
fresh process, so the cached tables of one game do not speed up the next.

    .venv/bin/python benchmarks/threecard_analyze.py
    .venv/bin/python benchmarks/threecard_analyze.py --quick    # Tres Lounge only
"""

from __future__ import annotations

import argparse
import platform
import subprocess
import sys
import time
from pathlib import Path

from terminal.progress import progress_bar

ROOT = Path(__file__).resolve().parents[1]
GAMES = [
    ("threecard/tres-lounge", None),
    ("threecard/capitol", 6),
    ("threecard/six-card-bonus-oaks", None),
    ("threecard/betwiser-3card-holdem", None),
]
CHILD = """
import sys, time
t0 = time.perf_counter()
from terminal.games import get_game
from rules.threecard.analyze import analyze
g = get_game(sys.argv[1])
t1 = time.perf_counter()
a = analyze(g.data, None if sys.argv[2] == "-" else int(sys.argv[2]))
t2 = time.perf_counter()
edges = "; ".join(f"{w.name} {float(w.house_edge) * 100:.4f}%" for w in a.wagers)
print(f"{t1 - t0:.2f} {t2 - t1:.2f} {edges}")
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    print(f"Python {sys.version.split()[0]} on {platform.machine()}")
    games = GAMES[:1] if args.quick else GAMES
    with progress_bar("threecard analyze") as progress:  # on a terminal only; silent in a pipe
        for i, (gid, decks) in enumerate(games):
            if progress is not None:
                progress(i, len(games))
            _one(gid, decks)
    return 0


def _one(gid: str, decks: int | None) -> None:
    """Analyze one game in a fresh interpreter and print its import and analyze times and edges."""
    out = subprocess.run(
        [sys.executable, "-c", CHILD, gid, "-" if decks is None else str(decks)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split(" ", 2)
    label = gid + (f" --decks {decks}" if decks else "")
    print(f"{label}: import {out[0]} s, analyze {out[1]} s")
    print(f"  {out[2].strip()}")


if __name__ == "__main__":
    t = time.perf_counter()
    rc = main()
    print(f"total {time.perf_counter() - t:.1f} s")
    raise SystemExit(rc)
