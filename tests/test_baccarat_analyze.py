"""Exact analysis: the published eight-deck counts, and bonus edges against an independent brute force."""

from __future__ import annotations

import json
from collections import defaultdict
from fractions import Fraction
from math import prod

import pytest

from rules.baccarat import Variant, from_data
from rules.baccarat.analyze import analyze, coup_counts, value_counts
from rules.baccarat.model import BaccaratDataError
from rules.decks import DeckSpec
from terminal.cli import main
from terminal.games import load_games

D8 = 416 * 415 * 414 * 413 * 412 * 411


def _data(gid: str):
    return load_games()[gid].data


def _variant(gid: str) -> Variant:
    v = from_data(_data(gid))
    assert isinstance(v, Variant)
    return v


def test_published_eight_deck_counts_exactly():
    counts, total = coup_counts(_variant("baccarat/21st-century").tableau, value_counts(DeckSpec(decks=8)))
    assert total == D8
    banker = sum(w for (pt, bt, _, _), w in counts.items() if bt > pt)
    player = sum(w for (pt, bt, _, _), w in counts.items() if pt > bt)
    tie = sum(w for (pt, bt, _, _), w in counts.items() if pt == bt)
    assert banker == 2_292_252_566_437_888
    assert player == 2_230_518_282_592_256
    assert tie == 475_627_426_473_216


def test_analysis_outcomes_are_those_counts_over_the_ordered_deals():
    a = analyze(_data("baccarat/ez-panda8"), None)
    assert a.decks == 8
    by_name = {o.name: o.probability for o in a.outcomes}
    assert by_name["Banker wins"] == Fraction(2_292_252_566_437_888, D8)
    assert by_name["Player wins"] == Fraction(2_230_518_282_592_256, D8)
    assert by_name["Tie"] == Fraction(475_627_426_473_216, D8)
    for w in a.wagers:
        assert w.total_probability == 1, w.name


# --- an independent brute force: by rank (13 ranks, not 10 values), the rules as the filings word them,
# --- each leaf's probability over the cards it actually used (not a common six-card denominator).


def _points(rank: int) -> int:  # ranks 1..13, ace = 1, ten and pictures = 0
    return rank if rank < 10 else 0


def _banker_draws_in_words(banker: int, player_third: int | None) -> bool:
    if player_third is None:
        return banker <= 5
    if banker <= 2:
        return True
    return {
        3: player_third != 8,
        4: player_third in (2, 3, 4, 5, 6, 7),
        5: player_third in (4, 5, 6, 7),
        6: player_third in (6, 7),
    }.get(banker, False)


def brute_force(decks: int) -> dict[tuple[int, int, int, int], Fraction]:
    """P(player total, banker total, player cards, banker cards), dealing card by card by rank."""
    left = {r: 4 * decks for r in range(1, 14)}
    n = 52 * decks
    sums: dict[int, defaultdict[tuple[int, int, int, int], int]] = {k: defaultdict(int) for k in (4, 5, 6)}

    def take(r: int) -> int:
        k = left[r]
        left[r] -= 1
        return k

    for p1 in range(1, 14):
        w1 = take(p1)
        for b1 in range(1, 14):
            w2 = take(b1)
            for p2 in range(1, 14):
                w3 = take(p2)
                for b2 in range(1, 14):
                    w4 = take(b2)
                    w = w1 * w2 * w3 * w4
                    if w:
                        p = (_points(p1) + _points(p2)) % 10
                        b = (_points(b1) + _points(b2)) % 10
                        if p >= 8 or b >= 8:
                            sums[4][(p, b, 2, 2)] += w
                        elif p <= 5:
                            for p3 in range(1, 14):
                                w5 = take(p3)
                                if w5:
                                    pp = (p + _points(p3)) % 10
                                    if _banker_draws_in_words(b, _points(p3)):
                                        for b3 in range(1, 14):
                                            if left[b3]:
                                                sums[6][(pp, (b + _points(b3)) % 10, 3, 3)] += (
                                                    w * w5 * left[b3]
                                                )
                                    else:
                                        sums[5][(pp, b, 3, 2)] += w * w5
                                left[p3] += 1
                        elif _banker_draws_in_words(b, None):
                            for b3 in range(1, 14):
                                if left[b3]:
                                    sums[5][(p, (b + _points(b3)) % 10, 2, 3)] += w * left[b3]
                        else:
                            sums[4][(p, b, 2, 2)] += w
                    left[b2] += 1
                left[p2] += 1
            left[b1] += 1
        left[p1] += 1
    out: defaultdict[tuple[int, int, int, int], Fraction] = defaultdict(Fraction)
    for k, table in sums.items():
        denom = prod(range(n - k + 1, n + 1))
        for key, w in table.items():
            out[key] += Fraction(w, denom)
    return dict(out)


@pytest.fixture(scope="module")
def one_deck():
    return brute_force(1)


def test_brute_force_total_shot_edge_on_one_deck(one_deck):
    """Supreme Baccarat's Total Shot (18 pays 40, 17 pays 20) on a one-deck shoe, which Supreme allows."""
    p18 = sum(p for (pt, bt, _, _), p in one_deck.items() if pt + bt == 18)
    p17 = sum(p for (pt, bt, _, _), p in one_deck.items() if pt + bt == 17)
    edge = -(40 * p18 + 20 * p17 - (1 - p18 - p17))
    a = analyze(_data("baccarat/supreme"), 1)
    total_shot = next(w for w in a.wagers if w.name == "Total Shot")
    assert total_shot.house_edge == edge
    assert sum(one_deck.values()) == 1


def test_brute_force_dragon_7_and_panda_8_edges_on_one_deck(one_deck):
    """Dragon 7 (40 to 1) and Panda 8 (25 to 1): the engine on a one-deck shoe against the brute force."""
    dragon = sum(p for (pt, bt, _, bc), p in one_deck.items() if bc == 3 and bt == 7 and pt <= 6)
    panda = sum(p for (pt, bt, pc, _), p in one_deck.items() if pc == 3 and pt == 8 and bt <= 7)
    v = _variant("baccarat/ez-panda8")
    counts, total = coup_counts(v.tableau, value_counts(DeckSpec(decks=1)))
    engine_dragon = Fraction(
        sum(w for (pt, bt, _, bc), w in counts.items() if bc == 3 and bt == 7 and pt <= 6), total
    )
    assert engine_dragon == dragon
    engine_panda = Fraction(
        sum(w for (pt, bt, pc, _), w in counts.items() if pc == 3 and pt == 8 and bt <= 7), total
    )
    assert engine_panda == panda


def test_deck_count_outside_the_filing_is_an_error():
    with pytest.raises(BaccaratDataError, match="3 to 8 decks"):
        analyze(_data("baccarat/ez-panda8"), 2)
    with pytest.raises(BaccaratDataError, match="dealt from 8 decks"):
        analyze(_data("baccarat/commission-free"), 6)


def test_fewer_decks_change_the_figures():
    six = analyze(_data("baccarat/ez-panda8"), 6)
    eight = analyze(_data("baccarat/ez-panda8"), 8)
    assert six.decks == 6 and six.outcomes[0].probability != eight.outcomes[0].probability
    # Catalog 001 §5.2 (double precision) gives P(Banker) at 6 decks as 0.45865272.
    assert abs(float(six.outcomes[0].probability) - 0.45865272) < 5e-9


@pytest.mark.parametrize("gid", sorted(g for g in load_games() if g.startswith("baccarat/")))
def test_analyze_command_json_shape(gid, capsys):
    assert main(["analyze", gid, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == gid and out["decks"] == 8
    assert {"name", "probability", "exact"} <= set(out["outcomes"][0])
    for w in out["wagers"]:
        assert {"name", "house_edge", "outcomes"} <= set(w)
        total = sum(Fraction(o["exact"]) for o in w["outcomes"])
        assert total == 1
        for o in w["outcomes"]:
            assert Fraction(o["exact"]) == Fraction(o["exact"]) and isinstance(o["pays"], int | float)


def test_analyze_command_bad_decks_exits_2(capsys):
    assert main(["analyze", "baccarat/ez-panda8", "--decks", "2"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "decks" in err[0]
