"""The 3 Card Texas Hold'em Ante/Bet count (benchmarks/threecard_holdem.py, numpy) against direct
enumeration: every player-dealer hand visited one by one for sampled boards and hands."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pytest

from rules.evaluators.three import rank3
from rules.threecard import from_data
from terminal.games import load_games
from tests.benchmark_module import load_benchmark

np = pytest.importorskip("numpy")


def _bench() -> Any:
    return load_benchmark("threecard_holdem", "threecard_holdem_bench")


def best(cards: list[int]) -> int:
    return max(rank3(*t) for t in combinations(cards, 3))


_VAL = {"win": 1, "lose": -1, "push": 0, "no-action": 0}


def test_board_sums_match_direct_enumeration() -> None:
    bench = _bench()
    v = from_data(load_games()["threecard/betwiser-3card-holdem"].data)
    t = bench.Tables(v)
    rng = random.Random(7)
    for _ in range(3):
        n = rng.randrange(len(t.boards))
        board = [int(x) for x in t.boards[n]]
        valid, s_ante, s_bet = bench.board_sums(t, t.boards[n])
        for _ in range(4):
            hi = rng.randrange(len(t.hands))
            hole = [int(x) for x in t.hands[hi]]
            if set(hole) & set(board):
                assert not valid[hi]
                continue
            pv = best(hole + board)
            left = [c for c in range(52) if c not in hole and c not in board]
            a = b = 0
            for d in combinations(left, 2):
                dv = best(list(d) + board)
                comp = "player_higher" if pv > dv else "player_dealer_higher" if pv < dv else "tie"
                row = (v.qualified if dv >= v.qualifier else v.not_qualified).row(comp)
                a += _VAL[row.ante]
                b += _VAL[row.raises]
            assert (int(s_ante[hi]), int(s_bet[hi])) == (a, b)
