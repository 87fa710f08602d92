"""A seeded simulation of Two Card Peek's Super Bet rows, to set beside the exact counts of
``dealer-terminal analyze twocardpeek/the101`` (p1: a row three of a kind or better; p2: two given rows;
p3: all three, which analyze bounds but does not count).

    .venv/bin/python benchmarks/twocardpeek_super_simulation.py [deals] [seed]
"""

from __future__ import annotations

import random
import sys

from rules.evaluators.high import category_of, rank5_fast
from terminal.progress import progress_bar

WINNING = {
    "Three of a Kind",
    "Straight",
    "Flush",
    "Full House",
    "Four of a Kind",
    "Straight Flush",
    "Royal Flush",
}


def main(deals: int = 1_500_000, seed: int = 7) -> None:
    """Deal ``deals`` rounds of fifteen cards and count the rows that win."""
    rng = random.Random(seed)
    deck = list(range(52))
    one = both = three = 0
    with progress_bar(f"{deals:,} deals") as progress:  # on a terminal only; silent in a pipe
        for i in range(deals):
            if progress is not None and i % 10_000 == 0:
                progress(i, deals)
            s = rng.sample(deck, 15)
            a = category_of(rank5_fast(s[:5])) in WINNING
            one += a
            if a and category_of(rank5_fast(s[5:10])) in WINNING:
                both += 1
                three += category_of(rank5_fast(s[10:])) in WINNING
    print(f"{deals} deals, seed {seed}: p1 {one / deals:.6f}  p2 {both / deals:.7f}  p3 {three / deals:.2e}")


if __name__ == "__main__":
    main(*(int(x) for x in sys.argv[1:3]))
