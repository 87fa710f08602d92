"""Super Pan 9 and Fast Nine: draws, the player-dealer's rule, the zero rule, settlement and analysis."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from rules.baccarat import BaccaratDataError, Pan9Variant, from_data
from rules.baccarat.pan9 import analyze_variant
from rules.cards import parse_cards
from terminal.games import load_games


def _variant(gid: str) -> Pan9Variant:
    v = from_data(load_games()[gid].data)
    assert isinstance(v, Pan9Variant)
    return v


THREE = {  # three cards for each total, from a deck without 7s, 8s, 9s or 10s
    0: "Kc Qd Jh",
    1: "Ac Kd Qh",
    2: "Ac Ad Kh",
    3: "2c Ad Kh",
    4: "2c 2d Kh",
    5: "2c 3d Kh",
    6: "3c 3d Kh",
    7: "3c 4d Kh",
    8: "4c 4d Kh",
    9: "4c 5d Kh",
}


def test_the_deck_is_288_cards_without_sevens_to_tens():
    for gid in ("baccarat/super-pan9", "baccarat/fast-nine"):
        deck = _variant(gid).shoe.deck_spec()
        assert deck.size == 288
        assert not any(c.rank is not None and 7 <= c.rank.value <= 10 for c in deck.composition())


@pytest.mark.parametrize("total", range(10))
def test_super_pan9_player_dealer_rule(total):
    v = _variant("baccarat/super-pan9")
    cards = parse_cards(THREE[total])
    assert v.total(cards) == total
    expected = "draw" if total <= 3 else "option" if total <= 6 else "stand"
    assert v.player_dealer_action(cards) == expected
    assert v.player_action(cards) == "option"  # players choose freely; no House Way is filed
    due = v.card_due(cards, player_dealer=True)
    assert due == {"draw": True, "option": None, "stand": False}[expected]
    if expected == "option":
        assert v.card_due(cards, player_dealer=True, draws=True) is True
        assert v.card_due(cards, player_dealer=True, draws=False) is False


@pytest.mark.parametrize("total", range(10))
def test_fast_nine_house_way_and_player_dealer(total):
    v = _variant("baccarat/fast-nine")
    cards = parse_cards(THREE[total])
    assert v.house_way_draws(cards) is (total <= 5)
    # The player-dealer plays the House Way, except that a first-three total of 0 does not hit.
    assert v.player_dealer_action(cards) == ("draw" if 1 <= total <= 5 else "stand")


def test_card_due_counts_cards():
    v = _variant("baccarat/fast-nine")
    assert v.card_due(parse_cards("Kc Qd")) is True
    assert v.card_due(parse_cards("Kc Qd Jh 2c")) is False
    with pytest.raises(BaccaratDataError, match="no House Way"):
        _variant("baccarat/super-pan9").house_way_draws(parse_cards("Kc Qd Jh"))


@pytest.mark.parametrize(
    ("player", "pd", "result", "pays"),
    [
        ("4c 5d Kh", "2c 3d Kh", "win", 1),  # 9 over 5
        ("2c 3d Kh", "4c 5d Kh", "lose", -1),  # 5 under 9
        ("2c 3d Kh", "3c 2d Kh", "push", 0),  # equal totals push
        ("2c 3d Kh", "3c 2d Kh 4s", "lose", -1),  # the player-dealer drew to 9
        ("3c 4d Kh", "Kc Qd Jh", "win", 1),  # player-dealer zero: 7 wins
        ("3c 3d Kh", "Kc Qd Jh", "win", Fraction(1, 2)),  # player-dealer zero: 6 wins half
        ("4c 5d Kh 4s", "Kc Qd Jh", "push", 0),  # player-dealer zero: a 3 pushes (it would beat a 0)
    ],
)
def test_fast_nine_settlement(player, pd, result, pays):
    v = _variant("baccarat/fast-nine")
    s = v.settle(parse_cards(player), parse_cards(pd))
    assert (s.result, s.pays) == (result, pays), s.rule
    assert s.cite.lines


def test_fast_nine_zero_rule_table():
    v = _variant("baccarat/fast-nine")
    for pt in range(10):
        s = v.settle_totals(pt, 0, 0)
        if pt >= 7:
            assert (s.result, s.pays) == ("win", 1)
        elif pt == 6:
            assert (s.result, s.pays) == ("win", Fraction(1, 2)) and s.net_cents(1000) == 500
        else:
            assert (s.result, s.pays) == ("push", 0)
    # Super Pan 9 has no zero rule: a player-dealer 0 simply loses to a 5.
    assert _variant("baccarat/super-pan9").settle_totals(5, 0, 0).result == "win"


def test_fast_nine_zero_probability_against_a_direct_count():
    counts = {0: 96, **{v: 32 for v in range(1, 7)}}
    zero = sum(
        counts[a] * (counts[b] - (b == a)) * (counts[c] - (c == a) - (c == b))
        for a, b, c in product(counts, repeat=3)
        if (a + b + c) % 10 == 0
    )
    a, extra = analyze_variant(_variant("baccarat/fast-nine"))
    assert extra["pd_zero"] == Fraction(zero, 288 * 287 * 286)
    assert sum((o.probability for o in a.wagers[0].outcomes), Fraction(0)) == 1


def test_super_pan9_is_even_when_both_hands_draw_alike():
    a, _ = analyze_variant(_variant("baccarat/super-pan9"))
    won, _push, lost = (o.probability for o in a.outcomes)
    assert won == lost and a.wagers[0].house_edge == 0
