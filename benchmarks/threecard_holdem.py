"""3 Card Texas Hold'em (Betwiser, seed 000a §7): the exact house edge of the Ante with its Bet or Fold
and Bet or Check steps, played optimally, over every deal.

A deal is the player's two hole cards, the three communal cards in the order they are turned, and the
player-dealer's two cards: 1,326 x 50 x 49 x 48 x 1,081 deals (about 1.7e11 with the board's order). The
count goes in three steps, all exact integers (numpy int64):

1. For every board (22,100 sets) and every two-card hand, the best three of five (``rank3`` table), and for
   each player hand the player-dealer's 1,081 hands from the cards left, counted by class (qualifies or not
   x player higher / tie / player-dealer higher) by inclusion-exclusion over the player's two cards from
   sorted values (all hands, less those holding either card, plus the player's own). Their sums give
   ``S_ante`` and ``S_bet``: the Ante's and one Bet's net result over the 1,081 hands (the variant's
   showdown table: below a pair of fours the Ante pushes and the Bets are paid).
2. Bet or Check, knowing the hole cards and two communal cards: summed over the third communal card, bet
   when the Bet's sum is positive (a Bet is a unit at risk with the same sign as ``S_bet``).
3. Bet or Fold, knowing the hole cards and the first communal card: summed over the second, continue when
   that beats folding (the Ante lost).

The house edge is per unit of Ante. Side bets are exact in ``dealer-terminal analyze`` (pure Python).

    .venv/bin/python benchmarks/threecard_holdem.py            # every board
    .venv/bin/python benchmarks/threecard_holdem.py --quick    # step 1 on 500 boards only (timing)
"""

from __future__ import annotations

import argparse
import sys
import time
from fractions import Fraction
from itertools import combinations
from pathlib import Path
from typing import Any

import numpy as np
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.evaluators.three import rank3  # noqa: E402
from rules.threecard import from_data  # noqa: E402
from rules.threecard.model import Variant  # noqa: E402
from terminal.progress import Progress, progress_bar  # noqa: E402

GAME = Path(__file__).resolve().parents[1] / "config/games/threecard/betwiser-3card-holdem.yaml"
_VAL = {"win": 1, "lose": -1, "push": 0, "no-action": 0}


class Tables:
    """The rank3 table, every two-card hand and board, and index lookups."""

    def __init__(self, variant: Variant) -> None:
        t3 = np.empty((52, 52, 52), dtype=np.int64)
        for i in range(52):
            for j in range(52):
                for k in range(52):
                    t3[i, j, k] = rank3(i, j, k)
        self.values = np.unique(t3)
        self.t3 = np.searchsorted(self.values, t3).astype(np.int32)  # dense order, same comparisons
        self.q = int(np.searchsorted(self.values, variant.qualifier))  # lowest qualifying ordinal
        self.hands = np.array(list(combinations(range(52), 2)), dtype=np.int64)
        self.boards = np.array(list(combinations(range(52), 3)), dtype=np.int64)
        self.hand_id = np.full((52, 52), -1, dtype=np.int64)
        for n, (a, b) in enumerate(self.hands):
            self.hand_id[a, b] = self.hand_id[b, a] = n
        self.with_card = np.array([[self.hand_id[a, x] for x in range(52) if x != a] for a in range(52)])
        self.board_id = np.full((52, 52, 52), -1, dtype=np.int64)
        for n, (a, b, c) in enumerate(self.boards):
            for p in ((a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)):
                self.board_id[p] = n
        rows = {(True, "player_higher"), (True, "tie"), (True, "player_dealer_higher")}
        rows |= {(False, c) for _, c in rows}
        self.ante = {
            r: _VAL[(variant.qualified if r[0] else variant.not_qualified).row(r[1]).ante] for r in rows
        }
        self.bet = {
            r: _VAL[(variant.qualified if r[0] else variant.not_qualified).row(r[1]).raises] for r in rows
        }


def board_sums(t: Tables, board: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For one board: which hands are valid, and per hand the Ante's and a Bet's net result summed over
    the player-dealer's hands from the remaining 47 cards."""
    b0, b1, b2 = (int(x) for x in board)
    h0, h1 = t.hands[:, 0], t.hands[:, 1]
    member = np.zeros(52, dtype=bool)
    member[[b0, b1, b2]] = True
    valid = ~(member[h0] | member[h1])
    t3 = t.t3
    v = np.full(len(h0), t3[b0, b1, b2], dtype=np.int32)
    for p, q in ((b0, b1), (b0, b2), (b1, b2)):
        col = t3[:, p, q]
        v = np.maximum(v, np.maximum(col[h0], col[h1]))
    for p in (b0, b1, b2):
        v = np.maximum(v, t3[h0, h1, p])
    big = 1 << 20
    vv = np.where(valid, v, big)
    all_sorted = np.sort(vv)
    per_card = np.sort(vv[t.with_card], axis=1)  # (52, 51): hands holding each card
    off = (np.arange(52, dtype=np.int64) * (big * 4))[:, None]
    flat = (per_card + off).ravel()

    def below(x: np.ndarray) -> np.ndarray:
        n = np.searchsorted(all_sorted, x)
        for c in (h0, h1):
            n -= np.searchsorted(flat, x + c * (big * 4)) - c * 51
        return n + (v < x)

    total = 47 * 46 // 2
    q = np.int32(t.q)
    lt, le, nq = below(v), below(v + 1), below(np.full_like(v, q))
    low = v < q
    counts = {
        (False, "player_higher"): np.where(low, lt, nq),
        (False, "tie"): np.where(low, le - lt, 0),
        (False, "player_dealer_higher"): np.where(low, nq - le, 0),
        (True, "player_higher"): np.where(low, 0, lt - nq),
        (True, "tie"): np.where(low, 0, le - lt),
        (True, "player_dealer_higher"): np.where(low, total - nq, total - le),
    }
    s_ante = sum(n * t.ante[r] for r, n in counts.items())
    s_bet = sum(n * t.bet[r] for r, n in counts.items())
    return valid, np.where(valid, s_ante, 0), np.where(valid, s_bet, 0)


def solve(variant: Variant, limit: int | None = None, progress: Progress | None = None) -> dict[str, Any]:
    """The optimal Ante edge (exact) and the strategy's figures; ``limit`` boards only times step 1;
    ``progress(boards done, boards)`` as step 1 goes."""
    t0 = time.perf_counter()
    t = Tables(variant)
    nb = len(t.boards) if limit is None else limit
    s_ante = np.zeros((len(t.boards), len(t.hands)), dtype=np.int16)
    s_bet = np.zeros_like(s_ante)
    t1 = time.perf_counter()
    for n in range(nb):
        if progress is not None and n % 256 == 0:
            progress(n, nb)
        _, a, b = board_sums(t, t.boards[n])
        s_ante[n], s_bet[n] = a, b
    t2 = time.perf_counter()
    out: dict[str, Any] = {"tables_s": t1 - t0, "boards": nb, "boards_s": t2 - t1}
    if limit is not None:
        return out
    # a cross-check figure: never fold, always bet both steps (every deal counted once per board order)
    always = int(s_ante.sum(dtype=np.int64)) + 2 * int(s_bet.sum(dtype=np.int64))
    out["always_bet"] = Fraction(always, len(t.boards) * (49 * 48 // 2) * (47 * 46 // 2))
    # Bet or Check: knowing the hole cards and two communal cards {x, y}
    k = 48 * 47 * 46 // 2  # third card x player-dealer hands, per first and second card
    v1 = np.zeros((52, len(t.hands)), dtype=np.int64)  # by first communal card
    bets2 = 0
    for x in range(52):
        for y in range(52):
            if y == x:
                continue
            ids = t.board_id[x, y, [z for z in range(52) if z not in (x, y)]]
            a2 = s_ante[ids].sum(axis=0, dtype=np.int64)
            r2 = s_bet[ids].sum(axis=0, dtype=np.int64)
            v1[x] += a2 + r2 + np.maximum(r2, 0)
            bets2 += int(np.count_nonzero(r2 > 0))
    # Bet or Fold: knowing the hole cards and the first communal card
    fold = -49 * k
    h0, h1 = t.hands[:, 0], t.hands[:, 1]
    info = np.ones((52, len(t.hands)), dtype=bool)
    info[h0, np.arange(len(t.hands))] = False
    info[h1, np.arange(len(t.hands))] = False
    best = np.where(v1 > fold, v1, fold)
    total = int(best[info].sum())
    n_info = int(info.sum())
    ev = Fraction(total, n_info * 49 * k)
    t3 = time.perf_counter()
    out.update(
        decisions_s=t3 - t2,
        house_edge=-ev,
        continue_share=Fraction(int(np.count_nonzero((v1 > fold) & info)), n_info),
        bet_or_check_bets=bets2,
        total_s=t3 - t0,
    )
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="time step 1 on 500 boards only")
    args = ap.parse_args()
    variant = from_data(yaml.safe_load(GAME.read_text()))
    with progress_bar("3 Card Hold'em boards") as progress:  # on a terminal only; silent in a pipe
        r = solve(variant, 500 if args.quick else None, progress)
    print(f"numpy {np.__version__}, Python {sys.version.split()[0]}")
    print(f"tables {r['tables_s']:.1f} s; {r['boards']} boards {r['boards_s']:.1f} s")
    if "house_edge" in r:
        he: Fraction = r["house_edge"]
        print(f"Ante with Bet or Fold / Bet or Check, optimal: house edge {float(he) * 100:.4f}% per Ante")
        print(f"  exact {he.numerator}/{he.denominator}")
        print(f"  continues after the first communal card: {float(r['continue_share']) * 100:.2f}% of hands")
        print(f"  (never folding and always betting: {float(-r['always_bet']) * 100:.4f}% per Ante)")
        print(f"  decisions {r['decisions_s']:.1f} s; total {r['total_s']:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
