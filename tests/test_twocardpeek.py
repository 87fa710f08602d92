"""Two Card Peek (The 101, GEGA-003048): the data, the hands, each filed wager's settlement, the bank in
the filed order, and the exact analysis against independent counts."""

from __future__ import annotations

import copy
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Any

import pytest

from rules.banking import Table, settle_results
from rules.cards import ALL_CARDS, parse_cards
from rules.gamefile import GameFileError
from rules.twocardpeek import (
    Bet,
    bank_order,
    from_data,
    settle_round,
    settlement_order,
    to_wager_results,
    two_card_line,
    two_card_value,
)
from rules.twocardpeek.analyze import _pick_counts, five_card_counts, peek, pick_row, two_card_poker
from terminal.games import load_games


def data() -> dict[str, Any]:
    return copy.deepcopy(load_games()["twocardpeek/the101"].data)


V = from_data(data())


def rows(a: str, b: str, c: str) -> dict[str, tuple[Any, ...]]:
    return {"A": parse_cards(a), "B": parse_cards(b), "C": parse_cards(c)}


def test_the_game_file_loads_and_bad_data_names_the_field() -> None:
    assert V.spots()[:6] == ("pick-a", "pick-b", "pick-c", "pick-ab", "pick-ac", "pick-bc")
    bad = data()
    bad["peek"]["pays"][0]["hand"] = "Five Aces"
    with pytest.raises(GameFileError) as e:
        from_data(bad)
    assert e.value.where.startswith("peek.pays")
    bad = data()
    bad["pick_row"]["tie"] = "split"
    with pytest.raises(GameFileError, match="pick_row.tie"):
        from_data(bad)
    bad = data()
    bad["pick_row"]["spots"]["pick-ad"] = ["A", "D"]
    with pytest.raises(GameFileError, match="pick-ad"):
        from_data(bad)


def test_two_card_hands_rank_pairs_over_high_cards_and_the_bonus_lines() -> None:
    assert two_card_value(parse_cards("2c 2d")) > two_card_value(parse_cards("As Kd"))
    assert two_card_value(parse_cards("Kd 9c")) == two_card_value(parse_cards("9h Ks"))
    assert two_card_value(parse_cards("Kd 9c")) < two_card_value(parse_cards("Kd Tc"))
    assert two_card_line(parse_cards("As Ks")) == "Mini Royal"
    assert two_card_line(parse_cards("As 2s")) == "Straight Flush"
    assert two_card_line(parse_cards("Ah 2s")) == "Straight"
    assert two_card_line(parse_cards("9h 4h")) == "Flush"
    assert two_card_line(parse_cards("9h 4c")) is None


def test_pick_row_pays_by_the_rows_picked_and_loses_without_a_ten_high() -> None:
    bets = [
        Bet(1, "pick-b", 1000),
        Bet(1, "pick-ab", 1000),
        Bet(1, "pick-ac", 1000),
        Bet(1, "two-card-c", 500),
    ]
    judged, res = settle_round(V, rows("Kh 9c", "4s 4d", "8d 6d"), bets)
    assert judged.highest == ("B",) and judged.qualified
    assert [(r.result, r.pays) for r in res] == [
        ("win", 2),
        ("win", 1),
        ("lose", 0),
        ("win", 1),  # C's 8-6 suited: a two-card flush
    ]
    judged, res = settle_round(V, rows("9h 4d", "8s 7c", "6c 2c"), bets)
    assert not judged.qualified
    assert [r.result for r in res] == ["lose", "lose", "lose", "win"]  # the 2 Card Poker wins regardless


def test_super_bet_adds_every_winning_rows_odds_and_peek_pays_by_the_first_two_cards() -> None:
    bets = [
        Bet(2, "pick-a", 500),
        Bet(2, "super", 100),
        Bet(2, "peek-a", 1000),
        Bet(3, "pick-a", 500),
        Bet(3, "peek-b", 1000),
    ]
    _, res = settle_round(V, rows("7h 7s 9c 9d Ad", "Jc 4d Js 4c Kd", "2d 2s 2c 6h 8h"), bets)
    got = {(r.seat, r.spot): (r.result, r.pays) for r in res}
    assert got[(2, "super")] == ("win", 5)  # C's three of a kind only
    assert got[(2, "peek-a")] == ("win", 1)  # two pair from a pair: 1 to 1
    assert got[(3, "peek-b")] == ("win", 6)  # two pair, the row did not begin as a pair: 6 to 1


def test_the_bank_settles_every_pick_row_first_then_the_peek_and_super_and_never_pays_beyond_itself() -> None:
    rng = random.Random(11)
    spots = list(V.pre_deal_spots())
    for _ in range(300):
        deck = list(ALL_CARDS[:52])
        rng.shuffle(deck)
        r = {"A": tuple(deck[0:15:3]), "B": tuple(deck[1:15:3]), "C": tuple(deck[2:15:3])}
        seats = rng.sample(range(1, 8), rng.randint(2, 6))
        pd = seats[-1]
        bets = [Bet(s, rng.choice(spots), rng.choice([100, 500, 2500])) for s in seats[:-1] for _ in range(3)]
        bets += [Bet(s, f"peek-{rng.choice('abc')}", 1000) for s in seats[:-1] if rng.random() < 0.5]
        bets = list({(b.seat, b.spot): b for b in bets}.values())
        _, res = settle_round(V, r, bets)
        table = Table(tuple(range(1, 8)), pd, frozenset(seats))
        bank = rng.choice([500, 5000, 50000])
        rr = bank_order(V, to_wager_results(res), table)
        done, first = settle_results(bank, rr), rr.action_seat
        stakes = sum(b.cents for b in bets)
        assert done.bank_after + sum(done.receipts().values()) == bank + stakes  # chips conserved
        assert -bank <= done.player_dealer_result <= bank
        stage = [0 if ln.wager.name in V.order.first else 1 for ln in done.lines]
        assert stage == sorted(stage)  # every first-stage wager before any Peek or Super Bet
        assert first == min(s for s in seats if s != pd)
        assert [r.spot for r in settlement_order(V, res, sorted(set(seats) - {pd}))][: stage.count(0)] == [
            ln.wager.name for ln in done.lines
        ][: stage.count(0)]


def test_the_collection_counts_the_wagers_made_before_the_deal() -> None:
    from rules.banking import Wager, WagerKind
    from rules.fees import assess
    from terminal.config import fee_schedule

    schedule = fee_schedule("the101/two-card-peek/2")
    wagers = [
        Wager.single(2, "pick-a", "seat 2", 3900, WagerKind.BASE),
        Wager.single(2, "two-card-a", "seat 2", 1000, WagerKind.BONUS),
        Wager.single(3, "super", "seat 3", 100, WagerKind.BONUS),
        Wager.single(3, "peek-b", "seat 3", 5000, WagerKind.BONUS),  # placed after the deal: not counted
    ]
    got = assess(schedule, wagers)
    assert got.total == 50  # $50.00 before the deal: $0.50 (L958); with the Peek's $50.00 it would be $1
    assert [ln.payer.value for ln in got.lines] == ["player_dealer"]


# ------------------------------------------------------------------------------------------ analysis


def test_five_card_counts_are_the_known_ones() -> None:
    assert five_card_counts() == {
        "Royal Flush": 4,
        "Straight Flush": 36,
        "Four of a Kind": 624,
        "Full House": 3744,
        "Flush": 5108,
        "Straight": 10200,
        "Three of a Kind": 54912,
        "Two Pair": 123552,
        "One Pair": 1098240,
        "High Card": 1302540,
    }


def test_two_card_poker_against_a_count_by_hand() -> None:
    # pairs 13 x 6; A-K suited 4; other suited connectors (A-2 ... Q-K) 12 x 4; off-suit connectors 13 x 12
    # (A-K and A-2 included); other suited hands 4 x (78 - 13)
    expected = Fraction(
        78 * Fraction(3, 2) + 4 * 10 + 48 * 3 + 156 + 260 - (1326 - 78 - 4 - 48 - 156 - 260), 1326
    )
    w = two_card_poker(V)
    assert -w.house_edge == expected and w.total_probability == 1


def test_no_qualifier_probability_against_inclusion_exclusion() -> None:
    # Ordered deals of three two-card hands from the 32 cards Nine or lower with no hand a pair, by
    # inclusion-exclusion over the hands forced to be pairs (48 pairs; a second pair from the 30 cards left:
    # 1 of the first pair's rank + 7 x 6 = 43; a third: 42 after two of one rank, 38 after two ranks).
    free = comb(32, 2) * comb(30, 2) * comb(28, 2)
    no_pair = free - 3 * 48 * comb(30, 2) * comb(28, 2) + 3 * 48 * 43 * comb(28, 2) - 48 * (1 * 42 + 42 * 38)
    counts = _pick_counts()
    assert sum(n for (_, q), n in counts.items() if not q) == no_pair
    one, two = pick_row(V)
    assert one.total_probability == 1 and two.total_probability == 1
    # a row is the unique highest as often as any other: the three single-row wins and the ties add up
    unique = sum(n for (top, q), n in counts.items() if q and len(top) == 1)
    assert sum(n for (top, q), n in counts.items() if q and top == (0,)) * 3 == unique


def test_peek_given_a_pair_against_a_direct_count() -> None:
    # a pair's three more cards from 50: trips (2 x C(48,2) - 12... ) counted directly over the 19,600 draws
    first = parse_cards("7h 7s")
    rest = [c for c in ALL_CARDS[:52] if c not in first]
    from rules.twocardpeek.hands import five_card_line

    tally: Counter[str] = Counter(five_card_line(first + t) for t in combinations(rest, 3))
    pays = {"Two Pair": 1, "Three of a Kind": 2, "Full House": 15, "Four of a Kind": 40}
    ev = Fraction(sum(n * pays.get(k, -1) for k, n in tally.items()), comb(50, 3))
    w = peek(V)[1]
    assert "a pair" in w.name and -w.house_edge == ev
