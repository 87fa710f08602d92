"""Every seven-card hand, ranked: the category table of all 133,784,560 hands of 52 cards and of all
154,143,080 hands of 53 cards with the bug, as JSON, with the time each took.

    .venv/bin/python benchmarks/enumerate7.py [--deck 52|53|both]

A batch enumerator on numpy using the same lookup tables as :mod:`rules.evaluators.high` (not a
re-implementation): for each pair of lowest cards (c1, c2), the sums of every five-card set above c2 are
the tail of one precomputed array (sets in lexicographic order), so a chunk is ranked by a few array
operations. Ranks are keyed by the "SpecialK" weights, under which the sum of seven ranks (or of six and a
joker) is unique and small enough for a direct array lookup. The 52-card table is checked against the
textbook figures. Not run by CI.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from itertools import combinations_with_replacement
from math import comb
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.evaluators import _high_tables as T  # noqa: E402
from rules.evaluators.high import HighRules, JokerMode, fast_rankers  # noqa: E402
from terminal.progress import progress_bar  # noqa: E402

# Rank weights whose sums over any multiset of seven ranks (at most four alike) are all distinct.
WEIGHTS = [0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181]
JOKER_WEIGHT = 4 * 1479181 + 3 * 636345 + 1  # above every seven-card sum: joker keys stand apart
CATEGORY_IDS = {
    "High Card": 0,
    "One Pair": 1,
    "Two Pair": 2,
    "Three of a Kind": 3,
    "Straight": 4,
    "Flush": 5,
    "Full House": 6,
    "Four of a Kind": 7,
    "Straight Flush": 8,
    "Royal Flush": 9,
    "Five Aces": 10,
    "Five of a Kind": 11,
}
EXPECTED_52 = {
    "Straight Flush + Royal Flush": 41_584,
    "Four of a Kind": 224_848,
    "Full House": 3_473_184,
    "Flush": 4_047_644,
    "Straight": 6_180_020,
    "Three of a Kind": 6_461_620,
    "Two Pair": 31_433_400,
    "One Pair": 58_627_800,
    "High Card": 23_294_460,
}


def _category_ids(values: np.ndarray) -> np.ndarray:
    code = values >> T.CATEGORY_SHIFT
    ids = np.zeros(values.shape, dtype=np.int64)
    for c, i in (
        (T.ONE_PAIR, 1),
        (T.TWO_PAIR, 2),
        (T.THREE_OF_A_KIND, 3),
        (T.STRAIGHT, 4),
        (T.FLUSH, 5),
        (T.FLUSH_OVER_FULL_HOUSE, 5),
        (T.FULL_HOUSE, 6),
        (T.FOUR_OF_A_KIND, 7),
        (T.STRAIGHT_FLUSH, 8),
        (T.FIVE_OF_A_KIND, 11),
    ):
        ids[code == c] = i
    ids[(code == T.STRAIGHT_FLUSH) & (((values >> 12) & 0xFF) == 0xE0)] = 9
    ids[(code == T.FIVE_OF_A_KIND) & (((values >> 16) & 0xF) == 14)] = 10
    return ids


def _lexicographic_sums(keys: np.ndarray, k: int) -> np.ndarray:
    """Sums of keys over every k-subset of range(n), in lexicographic order of the subsets."""
    n = len(keys)
    prev = keys.copy()  # k = 1
    for size in range(2, k + 1):
        parts = []
        for first in range(n - size + 1):
            tail = comb(n - first - 1, size - 1)
            parts.append(keys[first] + prev[len(prev) - tail :])
        prev = np.concatenate(parts)
    return prev


def enumerate_deck(rules: HighRules, n_cards: int, check: int = 100_000) -> dict[str, Any]:
    t0 = time.perf_counter()
    tables = fast_rankers(rules).tables
    # the non-flush value of every seven-card rank multiset (and six plus the joker), by SpecialK key
    size = JOKER_WEIGHT * (2 if rules.joker is not JokerMode.NONE else 1)
    nonflush = np.zeros(size, dtype=np.int64)
    pow5 = [5**r for r in range(13)]
    for combo in combinations_with_replacement(range(13), 7):
        if not any(combo[i] == combo[i + 4] for i in range(3)):
            nonflush[sum(WEIGHTS[r] for r in combo)] = tables.nonflush[sum(pow5[r] for r in combo)]
    if rules.joker is not JokerMode.NONE:
        for combo in combinations_with_replacement(range(13), 6):
            if not any(combo[i] == combo[i + 4] for i in range(2)):
                key = sum(pow5[r] for r in combo) + T.JOKER_DIGIT
                nonflush[sum(WEIGHTS[r] for r in combo) + JOKER_WEIGHT] = tables.nonflush[key]
    flush_value = np.array(tables.flush_value, dtype=np.int64)
    flush_joker = np.array(tables.flush_joker, dtype=np.int64)

    # per card: rank key << 16 | suit counters; and a per-suit rank mask at bit 13 * suit + rank
    packed = [(WEIGHTS[i >> 2] << 16) | 1 << (4 * (i & 3)) for i in range(52)]
    masks = [1 << (13 * (i & 3) + (i >> 2)) for i in range(52)]
    if n_cards == 53:
        packed.append((JOKER_WEIGHT << 16) | 0x1111)
        masks.append(0)
    card = np.array(packed, dtype=np.int64)
    bits = np.array(masks, dtype=np.int64)
    five_keys = _lexicographic_sums(card, 5)
    five_bits = _lexicographic_sums(bits, 5)

    counts = np.zeros(len(CATEGORY_IDS), dtype=np.int64)
    hands = 0

    def values(k: np.ndarray, b: np.ndarray) -> np.ndarray:
        """Values of hands from their summed keys (with the flush offset) and summed suit masks."""
        ranks = k >> 16
        value = nonflush[ranks]
        flush = (k & T.FLUSH_BITS) != 0
        if flush.any():
            kf = k[flush] & T.FLUSH_BITS
            suit = (kf >= 0x80).astype(np.int64) + (kf >= 0x800) + (kf >= 0x8000)
            mask = (b[flush] >> (13 * suit)) & 0x1FFF
            with_joker = ranks[flush] >= JOKER_WEIGHT
            value[flush] = np.where(
                with_joker, np.maximum(flush_joker[mask], value[flush]), flush_value[mask]
            )
        return value

    for c1 in range(n_cards - 6):
        for c2 in range(c1 + 1, n_cards - 5):
            tail = comb(n_cards - c2 - 1, 5)
            k = five_keys[-tail:] + (card[c1] + card[c2] + T.SUIT_OFFSET)
            b = five_bits[-tail:] | bits[c1] | bits[c2]
            counts += np.bincount(_category_ids(values(k, b)), minlength=len(CATEGORY_IDS))
            hands += tail
    seconds = time.perf_counter() - t0
    table = {name: int(counts[i]) for name, i in CATEGORY_IDS.items() if counts[i]}

    # the batch path must agree with the one-hand ranker: a seeded sample, hand by hand
    rng = np.random.default_rng(7)
    sample = np.array([rng.choice(n_cards, 7, replace=False) for _ in range(check)], dtype=np.int64)
    batch = values(card[sample].sum(axis=1) + T.SUIT_OFFSET, np.bitwise_or.reduce(bits[sample], axis=1))
    rank7 = fast_rankers(rules).rank7
    agree = all(int(v) == rank7(h.tolist()) for v, h in zip(batch, sample, strict=True))
    return {
        "hands": hands,
        "seconds": round(seconds, 1),
        "categories": table,
        "sample_checked_against_rank7": {"hands": check, "agree": agree},
    }


def main() -> int:
    p = argparse.ArgumentParser(description="category table of every seven-card hand")
    p.add_argument("--deck", choices=["52", "53", "both"], default="both")
    args = p.parse_args()
    out: dict[str, Any] = {}
    decks = ["52", "53"] if args.deck == "both" else [args.deck]
    # the bar moves between decks only: each deck's enumeration is one timed run
    with progress_bar(f"enumerate7: {len(decks)} deck(s)", timed=True) as progress:
        for done, deck in enumerate(decks):
            if progress is not None:
                progress(done, len(decks))
            if deck == "52":
                r = enumerate_deck(HighRules(), 52)
                cats = r["categories"]
                got = {k: cats.get(k, 0) for k in EXPECTED_52 if "+" not in k}
                got["Straight Flush + Royal Flush"] = cats.get("Straight Flush", 0) + cats.get(
                    "Royal Flush", 0
                )
                r["matches_textbook"] = got == EXPECTED_52 and r["hands"] == comb(52, 7)
                out["52 cards, no joker"] = r
            else:
                r = enumerate_deck(HighRules(joker=JokerMode.BUG), 53)
                r["all_hands"] = r["hands"] == comb(53, 7) == sum(r["categories"].values())
                out["53 cards, the bug"] = r
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
