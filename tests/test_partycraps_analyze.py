"""Party Craps' exact analysis (rules/partycraps/analyze.py): the two-card distribution checked against a
brute-force deal of every ordered pair of physical cards, a few edges recomputed from those counts in integer
arithmetic, and the dice limit (as the decks grow) against the known dice edges."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from rules.partycraps.analyze import DICE, Edge, Pays, edges, shoe, totals
from rules.partycraps.deck import PartyCrapsError

F = Fraction


def _per(four: Fraction | int, five: Fraction | int, six: Fraction | int) -> dict[int, Fraction]:
    return {4: F(four), 10: F(four), 5: F(five), 9: F(five), 6: F(six), 8: F(six)}


def _fee(win: int) -> int:
    """The Buy/Lay fee (L4095): $1 on a win of $1-$20, $2 on $21-$40 ... $5 on $81-$100."""
    assert 100 <= win <= 10000
    return 100 * -(-win // 2000)


HOPS = ((2, 2), (3, 3), (4, 4), (5, 5), (1, 3), (1, 4), (2, 3), (2, 4), (1, 5), (1, 6), (2, 5), (3, 4))
HOPS += ((3, 5), (2, 6), (4, 5), (3, 6), (4, 6))
#: The filed pays (seed 000 L4082-4111), with the don't side's odds the inverse and the Buy 5/9 at 3:2.
FILED = Pays(
    line=F(1),
    odds=_per(2, F(3, 2), F(6, 5)),
    lay_odds=_per(F(1, 2), F(2, 3), F(5, 6)),
    place=_per(F(9, 5), F(7, 5), F(7, 6)),
    buy=_per(2, F(3, 2), F(6, 5)),
    lay=_per(F(1, 2), F(2, 3), F(5, 6)),
    vig=_fee,
    buy_sizes={n: (1000,) for n in (4, 5, 6, 8, 9, 10)},
    lay_sizes={4: (2000, 20000), 10: (2000,), 5: (1500,), 9: (1500,), 6: (1200,), 8: (1200,)},
    one_deal={
        "Field": {2: F(2), 3: F(1), 4: F(1), 9: F(1), 10: F(1), 11: F(1), 12: F(3)},
        "Any Seven": {7: F(4)},
        "Any Craps": {2: F(7), 3: F(7), 12: F(7)},
        "E": {11: F(15)},
        "Craps Two": {2: F(30)},
    },
    horn={2: F(30), 3: F(15), 11: F(15), 12: F(30)},
    horn_split=4,
    hop_hard=F(30),
    hop_easy=F(15),
    hops=HOPS,
    big={6: F(1), 8: F(1)},
    hard={4: F(7), 6: F(9), 8: F(9), 10: F(7)},
)


def _by_name(deal: dict[tuple[int, int], Fraction]) -> dict[str, Edge]:
    return {e.name: e for e in edges(deal, FILED)}


def _brute(decks: int) -> Counter[int]:
    """How many ordered pairs of distinct physical cards make each total (no formula: every pair dealt)."""
    cards = [v for v in range(1, 7) for _ in range(4 * decks)]
    return Counter(a + b for a, b in permutations(cards, 2))


@pytest.mark.parametrize("decks", [1, 2])
def test_the_shoe_matches_a_brute_force_deal_of_every_pair(decks: int) -> None:
    counts = _brute(decks)
    n = sum(counts.values())
    assert n == 24 * decks * (24 * decks - 1)
    t = totals(shoe(decks))
    assert {k: F(c, n) for k, c in counts.items()} == t
    if decks == 1:
        assert t[7] == F(4, 23)


@pytest.mark.parametrize("decks", [1, 2])
def test_line_place_field_and_buy_edges_from_brute_force_counts(decks: int) -> None:
    c = _brute(decks)
    n = sum(c.values())
    got = _by_name(shoe(decks))
    # Pass Line: win on a come-out 7/11, or the point before a 7 (counts, not probabilities of the module).
    win = F(c[7] + c[11], n) + sum((F(c[p], n) * F(c[p], c[p] + c[7]) for p in (4, 5, 6, 8, 9, 10)), F(0))
    assert got["Pass Line"].per_resolution == 1 - 2 * win
    # Don't Pass: ties on a come-out 12 (L4083).
    lose = win
    tie = F(c[12], n)
    assert got["Don't Pass"].per_resolution == lose - (1 - lose - tie)
    assert got["Don't Pass"].bar_tie == (lose - (1 - lose - tie)) / (1 - tie)
    # Place 6 at 7:6, the Field with 2 at 2:1 and 12 at 3:1.
    p6 = F(c[6], c[6] + c[7])
    assert got["Place 6"].per_resolution == -(p6 * F(7, 6) - (1 - p6))
    field = (2 * c[2] + c[3] + c[4] + c[9] + c[10] + c[11] + 3 * c[12]) - (c[5] + c[6] + c[7] + c[8])
    assert got["Field"].per_resolution == F(-field, n)
    # Buy 4 for $10 pays $20 less the $1 fee (L4093, L4095); Lay 4 for $20 wins $10 less $1.
    p4 = F(c[4], c[4] + c[7])
    assert got["Buy 4, $10 (wins $20, fee $1)"].per_resolution == -(p4 * F(1900, 1000) - (1 - p4))
    assert got["Lay 4, $20 (wins $10, fee $1)"].per_resolution == -((1 - p4) * F(900, 2000) - p4)
    # $200 laid on the 4 wins $100: the fee is $5, the top row of the table.
    assert got["Lay 4, $200 (wins $100, fee $5)"].per_resolution == -((1 - p4) * F(9500, 20000) - p4)


def test_one_deck_figures() -> None:
    got = _by_name(shoe(1))
    # one deck: 2-2 is 12 of 552 ordered pairs, an easy 4 (1-3) 32, a 7 96; Hard 4 pays 7:1
    assert got["Hard 4"].per_resolution == -(F(12, 140) * 7 - F(128, 140)) == F(11, 35)
    # the odds on a 5 are fair with one deck (P(5) = 16/138, P(7) = 24/138: exactly 3:2)
    assert got["Odds on Pass/Come, point 5"].per_resolution == 0
    # the 4's odds at 2:1 give the house 2/35 (11 fours against 24 sevens of 138)
    assert got["Odds on Pass/Come, point 4"].per_resolution == F(2, 35)
    # Any Seven at 4:1: 1 - 5 * 4/23
    assert got["Any Seven"].per_resolution == 1 - 5 * F(4, 23)


def test_the_dice_limit_gives_the_known_craps_edges() -> None:
    got = _by_name(DICE)
    known = {
        "Pass Line": F(7, 495),
        "Come": F(7, 495),
        "Don't Pass": F(3, 220),  # per bet, the come-out 12 counted as a tie
        "Pass Line with single odds": F(7, 825),
        "Odds on Pass/Come, point 4": F(0),
        "Odds on Don't Pass/Don't Come, point 6": F(0),
        "Place 6": F(1, 66),
        "Place 5": F(1, 25),
        "Place 4": F(1, 15),
        "Field": F(1, 36),  # 2 pays 2:1 and 12 pays 3:1
        "Big 6": F(1, 11),
        "Hard 4": F(1, 9),
        "Hard 6": F(1, 11),
        "Any Seven": F(1, 6),
        "Any Craps": F(1, 9),
        "E": F(1, 9),
        "Craps Two": F(5, 36),
        "Horn": F(1, 8),
        "Hop 2-2": F(5, 36),
        "Hop 3-4": F(1, 9),
    }
    assert {k: got[k].per_resolution for k in known} == known
    assert got["Don't Pass"].bar_tie == F(27, 1925)  # 1.402% with the ties left out
    # per flip (per roll on dice): Pass 1.414% over 557/165 rolls a decision; Place 6 over 36/11 rolls
    assert got["Pass Line"].flips == F(557, 165)
    assert got["Place 6"].per_flip == F(1, 66) / F(36, 11)
    assert got["Field"].per_flip == got["Field"].per_resolution


def test_the_shoe_tends_to_the_dice_as_decks_grow() -> None:
    dice = _by_name(DICE)
    for name in ("Pass Line", "Don't Pass", "Field", "Any Seven", "Place 6", "Hard 4", "Hop 2-2"):
        gaps = [
            abs(_by_name(shoe(d))[name].per_resolution - dice[name].per_resolution) for d in (1, 2, 4, 8, 18)
        ]
        assert gaps == sorted(gaps, reverse=True) and gaps[-1] < gaps[0] / 10, name


def test_every_wager_is_a_complete_distribution_at_every_deck_count() -> None:
    for decks in (1, 7, 18):
        for e in edges(shoe(decks), FILED):
            assert sum(o.probability for o in e.outcomes) == 1, (decks, e.name)


def test_too_many_decks_is_an_error() -> None:
    with pytest.raises(PartyCrapsError, match="1 to 18 decks"):
        shoe(19)


def test_the_game_file_analysis_and_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    from terminal.cli import main
    from terminal.commands.analyze import analysis_data
    from terminal.games import family_of, get_game

    game = get_game("partycraps/the101")
    a = family_of(game).analyze(analysis_data(game), 1)
    edge = {w.name: w.house_edge for w in a.wagers}
    assert edge["Pass Line"] == _by_name(shoe(1))["Pass Line"].per_resolution == F(149, 20769)
    assert edge["Don't Pass"] == F(605, 41538)
    # the filed minimums ($10 Buy, $20/$15/$12 Lay, L4225-4230) are among the sizes shown, with the fee
    assert {
        "Buy 4, $10 (wins $20, fee $1)",
        "Lay 4, $20 (wins $10, fee $1)",
        "Lay 6, $12 (wins $10, fee $1)",
    } <= set(edge)
    assert any(n.startswith("choice (the odds on Don't Pass and Don't Come)") for n in a.notes)
    assert main(["analyze", "partycraps/the101", "--decks", "18", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["decks"] == 18 and out["outcomes"][5] == {
        "name": "total 7",
        "probability": 72 / 431,
        "exact": "72/431",
    }
    assert main(["analyze", "partycraps/the101"]) == 0
    text = capsys.readouterr().out
    assert "House edge per resolution (percent) by number of decks" in text and "     dice" in text
    assert main(["analyze", "partycraps/the101", "--decks", "19"]) == 2
