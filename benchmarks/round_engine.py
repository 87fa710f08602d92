"""Round-engine speed: one card read applied to a 7-seat round, and the replay of a 10,000-event journal.

    .venv/bin/python benchmarks/round_engine.py [--quick] [--json]

Goals (issue 3): one read median <= 50 us and p99 <= 200 us; a 10,000-event replay <= 1 s.
The read is timed at every point of a real deal (each state of a 7-seat Pai Gow deal and a 7-player
3 Card Hold'em deal), so the figure covers the phase changes, not only the easy middle of a phase.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.cards import ALL_CARDS, STANDARD_CARDS  # noqa: E402
from rules.round import apply, fold, initial  # noqa: E402
from rules.round.events import (  # noqa: E402
    Button,
    ButtonPress,
    CardRead,
    Correction,
    Event,
    RoundStart,
    Shuffle,
    Wager,
)
from terminal.games import load_games  # noqa: E402
from terminal.progress import Progress, progress_bar  # noqa: E402
from terminal.scenario import game_rules  # noqa: E402


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


def one_read(repeats: int, progress: Progress | None = None) -> dict[str, float]:
    """Time apply(state, read) at every state of two 7-seat deals; returns microseconds. ``progress``
    moves between repeats, outside the timed reads."""
    games = load_games()
    rnd = random.Random(1)
    cases = []
    pg = game_rules(games["paigow/capitol"])
    deck = list(ALL_CARDS)
    rnd.shuffle(deck)
    s = fold(
        pg,
        [
            Shuffle(),
            RoundStart(tuple(range(1, 8)), 1, None, tuple(Wager(i, 2500) for i in range(2, 8)), 10**6),
        ],
    )
    for c in deck[:52]:
        cases.append((s, CardRead(c)))
        s = apply(s, CardRead(c))
    th = game_rules(games["threecard/betwiser-3card-holdem"])
    deck = list(STANDARD_CARDS)
    rnd.shuffle(deck)
    s = fold(
        th,
        [
            Shuffle(),
            RoundStart(
                tuple(range(1, 9)), 8, None, tuple(Wager(i, 1000, "ante") for i in range(1, 8)), 10**6
            ),
        ],
    )
    it = iter(deck)
    for _ in range(17):
        c = next(it)
        cases.append((s, CardRead(c, face_up=False)))
        s = apply(s, CardRead(c))
    times: list[float] = []
    for i in range(repeats):
        for st, ev in cases:
            t0 = time.perf_counter_ns()
            apply(st, ev)
            times.append((time.perf_counter_ns() - t0) / 1000)
        if progress is not None:
            progress(i + 1, repeats)
    return {"samples": len(times), "median_us": statistics.median(times), "p99_us": _pct(times, 0.99)}


def journal(n: int) -> list[Event]:
    """About ``n`` events of 3 Card Hold'em rounds (7 players), with a correction every few rounds."""
    rnd = random.Random(2)
    out: list[Event] = []
    k = 0
    while len(out) < n:
        deck = list(STANDARD_CARDS)
        rnd.shuffle(deck)
        out.append(Shuffle())
        out.append(
            RoundStart(tuple(range(1, 9)), 8, None, tuple(Wager(i, 1000, "ante") for i in range(1, 8)), 10**6)
        )
        start = len(out)
        it = iter(deck)
        out.extend(CardRead(next(it)) for _ in range(14))
        out.append(CardRead(next(it), face_up=True))
        out.extend(CardRead(next(it)) for _ in range(2))
        k += 1
        if k % 5 == 0:  # a misread taken back and read again
            out.append(Correction(start + 3))
            out.append(Correction(len(out)))
        out.append(ButtonPress(Button.CONFIRM))
        out.append(ButtonPress(Button.CONFIRM))
        out.extend(CardRead(next(it), face_up=True) for _ in range(3))
    return out[:n]


def replay(n: int, repeats: int, progress: Progress | None = None) -> dict[str, float]:
    """Seconds to fold an n-event journal from the start (best and median of ``repeats``); ``progress``
    moves between repeats."""
    th = game_rules(load_games()["threecard/betwiser-3card-holdem"])
    events = journal(n)
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        s = initial(th)
        for e in events:
            s = apply(s, e)
        times.append(time.perf_counter() - t0)
        if progress is not None:
            progress(len(times), repeats)
    return {"events": len(events), "median_s": statistics.median(times), "best_s": min(times)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a short run (CI smoke)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    with progress_bar("round engine: one read", quiet=args.json, timed=True) as progress:
        read = one_read(20 if args.quick else 400, progress)
    with progress_bar("round engine: replay 10k", quiet=args.json, timed=True) as progress:
        rep = replay(10_000, 1 if args.quick else 5, progress)
    result = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "one_read": read,
        "replay_10k": rep,
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"Python {result['python']} on {result['machine']}")
        print(
            f"one card read, 7-seat round: median {read['median_us']:.1f} us, p99 {read['p99_us']:.1f} us "
            f"({read['samples']} samples; goals 50 / 200 us)"
        )
        print(
            f"replay of {rep['events']} events: median {rep['median_s']:.3f} s, best {rep['best_s']:.3f} s (goal 1 s)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
