"""Differential test: 10,000 random Omaha Hi-Lo showdowns give the same winners and the same division of
the pot (halves, odd chips to the high half, ties) as pokerkit. The reference and its checks are in
``test_poker_differential.py``."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pokerkit")

from tests.test_poker_differential import OMAHA8, _compare  # noqa: E402


def test_omaha_hilo_10000_showdowns_match_pokerkit():
    rng = random.Random(8)
    for _ in range(10_000):
        _compare(rng, OMAHA8, 4, omaha=True, hilo=True)
