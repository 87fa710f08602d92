"""Ultimate Texas Hold'em (The 101, GEGA-004374): the data, each seat's settlement, the Play wager's rules,
the bank in the filed order over random rounds, the collection, and the exact seven-card counts."""

from __future__ import annotations

import copy
import random
from fractions import Fraction
from math import comb
from typing import Any

import pytest

from rules.banking import Table, WagerKind, settle_results
from rules.banking import Wager as BankWager
from rules.cards import ALL_CARDS, parse_cards
from rules.evaluators.high import evaluate_high
from rules.gamefile import GameFileError
from rules.round import fold
from rules.round.events import Action, Button, ButtonPress, CardRead, Decision, RoundStart, Shuffle, Wager
from rules.ultimateholdem import FAMILY, SeatHand, from_data, settle_seat
from rules.ultimateholdem.analyze import seven_card_categories
from terminal.games import load_games
from tests.round_helpers import filed


def data() -> dict[str, Any]:
    return copy.deepcopy(load_games()["ultimateholdem/the101"].data)


V = from_data(data())
GAME = filed("ultimateholdem/the101")


def test_the_game_file_loads_and_bad_data_names_the_field() -> None:
    assert [p.times for p in V.plays] == [(3, 4), (2,), (1,)]
    bad = data()
    bad["trips"]["pays"][0]["hand"] = "Five Aces"
    with pytest.raises(GameFileError, match="trips.pays"):
        from_data(bad)
    bad = data()
    bad["order"]["lose"] = ["play", "ante", "blind"]
    with pytest.raises(GameFileError, match="order"):
        from_data(bad)
    bad = data()
    bad["plays"][2]["otherwise"] = "check"
    with pytest.raises(GameFileError, match="plays"):
        from_data(bad)


def _seat(hole: str, wagers: dict[str, int], folded: bool = False) -> SeatHand:
    return SeatHand(parse_cards(hole), wagers, folded)


def test_a_win_below_a_straight_pushes_the_blind_and_a_loss_collects_play_ante_blind_in_order() -> None:
    board = parse_cards("Ah Kh 7d 7c 2s")
    dealer = evaluate_high((*parse_cards("Qs Jd"), *board))
    won = settle_seat(V, _seat("Kd 5c", {"ante": 100, "blind": 100, "play": 400}), board, dealer)
    assert [(r.spot, r.result) for r in won] == [("ante", "win"), ("play", "win"), ("blind", "push")]
    lost = settle_seat(
        V, _seat("9d 5c", {"ante": 100, "blind": 100, "play": 100, "trips": 50}), board, dealer
    )
    assert [(r.spot, r.result) for r in lost] == [
        ("play", "lose"),
        ("ante", "lose"),
        ("blind", "lose"),
        ("trips", "lose"),
    ]
    straight = settle_seat(
        V, _seat("Qd Jc", {"ante": 100, "blind": 100}), parse_cards("Ah Kh Td 7c 2s"), dealer
    )
    assert straight[-1].spot == "blind" and straight[-1].pays == 1  # a winning straight: Blind 1 to 1
    hearts = parse_cards("Ah Kh 7h 7c 2s")
    flush = settle_seat(
        V,
        _seat("9h 3h", {"ante": 100, "blind": 100}),
        hearts,
        evaluate_high((*parse_cards("Qs Jd"), *hearts)),
    )
    assert [(r.result, r.pays) for r in flush if r.spot == "blind"] == [("win", Fraction(3, 2))]


def _round(
    rng: random.Random,
) -> tuple[list[int], int, int, list[dict[str, Any]], list[Any]]:
    seats = sorted(rng.sample(range(1, 9), rng.randint(2, 8)))
    pd = rng.choice(seats)
    wagers: list[dict[str, Any]] = []
    for s in seats:
        if s == pd:
            continue
        ante = rng.choice([500, 1000, 2500])
        wagers += [{"seat": s, "spot": "ante", "cents": ante}, {"seat": s, "spot": "blind", "cents": ante}]
        if rng.random() < 0.5:
            wagers.append({"seat": s, "spot": "trips", "cents": rng.choice([500, 1000])})
    players = [s for s in seats if s != pd]
    cards = rng.sample(list(ALL_CARDS[:52]), 2 * len(seats) + 5)
    events: list[Any] = [
        Shuffle(),
        RoundStart(
            tuple(seats),
            pd,
            None,
            tuple(Wager(w["seat"], w["cents"], w["spot"]) for w in wagers),
            rng.choice([2000, 50000]),
        ),
    ]
    events += [CardRead(c) for c in cards]
    ante = {w["seat"]: w["cents"] for w in wagers if w["spot"] == "ante"}
    left = set(players)
    for times in ((3, 4), (2,), (1,)):
        for s in players:
            if s not in left:
                continue
            if rng.random() < 0.4 or times == (1,) and rng.random() < 0.5:
                events.append(Decision(s, Action.BET, amount=rng.choice(times) * ante[s]))
                left.discard(s)
            elif times == (1,):
                events.append(Decision(s, Action.FOLD))
            else:
                events.append(Decision(s, Action.CHECK))
        events.append(ButtonPress(Button.CONFIRM))
    return seats, pd, len(players), wagers, events


def test_random_rounds_settle_in_the_filed_order_and_conserve_chips() -> None:
    rng = random.Random(19)
    for _ in range(150):
        seats, pd, _, wagers, events = _round(rng)
        state = fold(GAME, events)
        assert not state.active_alerts, state.active_alerts
        table = Table(tuple(range(1, 9)), pd, frozenset(seats))
        rr = FAMILY.wager_results(state, table)
        assert rr is not None
        ring = [s for s in range(pd + 1, 9) if s in seats] + [s for s in range(1, pd) if s in seats]
        assert rr.action_seat == ring[0]
        hands = FAMILY.seats(state)
        assert hands is not None
        # the folds first, then the rest, each pass seat by seat from the player-dealer's left
        passes = [(not hands[r.wager.seat].folded, ring.index(r.wager.seat)) for r in rr.results]
        assert passes == sorted(passes)
        for seat in {r.wager.seat for r in rr.results}:
            mine = [r for r in rr.results if r.wager.seat == seat]
            h = hands[seat]
            filed_order = V.order.fold if h.folded else getattr(V.order, _verdict(state, seat))
            assert [r.wager.name for r in mine] == [s for s in filed_order if s in h.wagers]
        done = settle_results(state.start.bank, rr)
        plays = sum(FAMILY.plays(state).values())
        stakes = sum(w["cents"] for w in wagers) + plays
        assert done.bank_after + sum(done.receipts().values()) == state.start.bank + stakes
        assert -state.start.bank <= done.player_dealer_result <= state.start.bank
        assert done.bank_after >= 0


def _verdict(state: Any, seat: int) -> str:
    out = FAMILY.settle(state)
    assert out is not None
    rows = [w for w in out.wagers if w.seat == seat and w.spot in ("ante", "play", "blind")]
    words = rows[0].rule
    return "win" if ": wins" in words else "lose" if ": loses" in words else "push"


def test_the_collection_counts_the_wagers_made_before_the_deal() -> None:
    from rules.fees import assess
    from terminal.config import fee_schedule

    schedule = fee_schedule("the101/ultimate-texas-holdem/1")
    before = [
        BankWager.single(1, "ante", "seat 1", 2500, WagerKind.BASE),
        BankWager.single(1, "blind", "seat 1", 2500, WagerKind.BASE),
        BankWager.single(2, "trips", "seat 2", 500, WagerKind.BONUS),
    ]
    got = assess(schedule, before)
    assert got.total == 200  # $55 of total action before the deal: $2 (L2985)
    assert [ln.payer.value for ln in got.lines] == ["player_dealer"]


def test_seven_card_categories_count_every_hand() -> None:
    counts = seven_card_categories()
    assert sum(counts.values()) == comb(52, 7)
    # the seven-card table (best five of seven) as every poker-probability reference prints it
    assert counts == {
        "Royal Flush": 4324,
        "Straight Flush": 37260,
        "Four of a Kind": 224848,
        "Full House": 3473184,
        "Flush": 4047644,
        "Straight": 6180020,
        "Three of a Kind": 6461620,
        "Two Pair": 31433400,
        "One Pair": 58627800,
        "High Card": 23294460,
    }


def test_the_analysis_gives_the_trips_edge_as_an_exact_fraction() -> None:
    a = FAMILY.analyze(data(), None)
    trips = {w.name: w for w in a.wagers}["Trips"]
    assert trips.total_probability == 1
    n = comb(52, 7)
    paid = 50 * 4324 + 40 * 37260 + 30 * 224848 + 8 * 3473184 + 6 * 4047644 + 5 * 6180020 + 3 * 6461620
    losers = n - (4324 + 37260 + 224848 + 3473184 + 4047644 + 6180020 + 6461620)
    assert trips.house_edge == Fraction(losers - paid, n)
