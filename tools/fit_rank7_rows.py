"""Recompute ``ROWS`` of :mod:`rules.evaluators._rank7_rows`: the row offsets that pack the 49,205
seven-card rank sums into one tuple (first fit, rows by decreasing size, ties by row). Prints the tuple.

    .venv/bin/python tools/fit_rank7_rows.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.evaluators._high_tables import RANK7_KEYS, _multisets  # noqa: E402
from rules.evaluators._rank7_rows import ROW_SHIFT  # noqa: E402


def fit() -> tuple[int, ...]:
    """Recompute :data:`ROWS` (first-fit, rows by decreasing size, ties by row)."""
    width = 1 << ROW_SHIFT
    rows: dict[int, set[int]] = {}
    for combo in _multisets(range(13), 7):
        s = sum(RANK7_KEYS[r] for r in combo)
        rows.setdefault(s >> ROW_SHIFT, set()).add(s & (width - 1))
    taken = bytearray(1 << 20)
    offsets: dict[int, int] = {}
    for row in sorted(rows, key=lambda r: (-len(rows[r]), r)):
        cols = sorted(rows[row])
        d = 0
        while any(taken[d + c] for c in cols):
            d += 1
        for c in cols:
            taken[d + c] = 1
        offsets[row] = d
    return tuple(offsets.get(r, 0) for r in range(max(rows) + 1))


if __name__ == "__main__":
    print(fit())
