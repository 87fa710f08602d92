"""Oaks Omaha Pot Limit (seed 001 G13, fees §3.4 L1487-1516) and Oaks Winner Lowball (001 G02 L99-102,
L111-112; fees §3.5): pot-limit arithmetic across rounds, the winner's blind and the killed limits, and
their collections."""

from __future__ import annotations

import pytest

from rules.cards import parse_card, parse_cards
from rules.poker import BettingError
from rules.poker.round import POSTED_SCHEDULE, betting_round
from rules.round import apply, fold
from rules.round.events import (
    Action,
    Burn,
    Button,
    ButtonPress,
    CardRead,
    Decision,
    HandSet,
    RoundStart,
    Shuffle,
    Wager,
)
from rules.round.game import GameRules
from tests.round_helpers import filed

CONFIRM = ButtonPress(Button.CONFIRM)


def cards(text, face_up=False):
    return [CardRead(c, face_up) for c in parse_cards(text)]


def with_schedule(g, ref):
    from terminal.config import fee_schedule

    return GameRules(
        g.id, g.family, g.deck, g.procedure, g.rulings, {**g.data, POSTED_SCHEDULE: fee_schedule(ref)}
    )


def omaha_dealt(wagers=()):
    g = filed("omaha/pot-limit-oaks")
    ev = [
        Shuffle(),
        RoundStart((1, 2, 3, 4), None, 4, tuple(wagers)),
        *cards("Ah Kh Qh Jh Ad Kd Qd Jd 2c 3c 4c 5c 6s 7s 8s 9s"),
    ]
    return fold(g, ev)


# --- pot limit ---------------------------------------------------------------------------------------


def test_pot_limit_first_raise_is_the_call_plus_the_pot_after_it():
    s = omaha_dealt()
    r = betting_round(s)
    # blinds $2-$2 from the button's left (seats 1 and 2); seat 3 acts first
    assert r.order == (3, 4, 1, 2) and dict(r.committed) == {1: 200, 2: 200}
    # call 2 makes the pot 6; a pot raise adds 6: 8 in all
    ok = apply(s, Decision(3, Action.RAISE, amount=800))
    assert betting_round(ok).current == 800
    too_much = apply(s, Decision(3, Action.RAISE, amount=900))
    with pytest.raises(BettingError, match="pot limit: a raise makes at most 800"):
        betting_round(too_much)


def test_pot_limit_a_reraise_counts_every_chip_in_the_middle():
    s = apply(omaha_dealt(), Decision(3, Action.RAISE, amount=800))
    # pot 2 + 2 + 8 = 12; seat 4 calls 8 (pot 20) and raises 20: 28 in all
    assert betting_round(apply(s, Decision(4, Action.RAISE, amount=2800))).current == 2800
    with pytest.raises(BettingError, match="at most 2800"):
        betting_round(apply(s, Decision(4, Action.RAISE, amount=2900)))


def test_pot_limit_later_rounds_count_the_pot_from_earlier_rounds():
    s = omaha_dealt()
    for seat, a in ((3, Action.CALL), (4, Action.CALL), (1, Action.CALL), (2, Action.CHECK)):
        s = apply(s, Decision(seat, a))
    s = fold(s.game, [CONFIRM, Burn(parse_card("Tc")), *cards("2h 3h 4h", True)], s)
    r = betting_round(s)
    assert r.pot == 800 and r.order == (1, 2, 3, 4)
    assert betting_round(apply(s, Decision(1, Action.BET, amount=800))).current == 800  # a pot-sized bet
    with pytest.raises(BettingError, match="at most 800"):
        betting_round(apply(s, Decision(1, Action.BET, amount=900)))
    # a seat that folds on the flop was live before it: the first round's pot still counts him
    s2 = fold(s.game, [Decision(1, Action.BET, amount=400), Decision(2, Action.FOLD)], s)
    r2 = betting_round(s2)
    assert r2.pot == 1200 and r2.next_to_act == 3
    # seat 3 calls 4 (pot 16) and raises 16: 20
    with pytest.raises(BettingError, match="at most 2000"):
        betting_round(apply(s2, Decision(3, Action.RAISE, amount=2100)))


def test_omaha_pot_limit_collection_by_players_and_the_flop():
    g = with_schedule(filed("omaha/pot-limit-oaks"), "oaks/omaha-pot-limit/1")
    ev = [
        Shuffle(),
        RoundStart((1, 2, 3, 4, 5, 6, 7), None, 7, tuple(Wager(s, 1000) for s in range(1, 8))),
        *cards("Ah Kh Qh Jh Th 9h 8h Ad Kd Qd Jd Td 9d 8d 2c 3c 4c 5c 6c 7c 8c 2s 3s 4s 5s 6s 7s 8s"),
        CONFIRM,
        Burn(parse_card("As")),
        *cards("Ac Kc 9s", True),
        CONFIRM,
        Burn(parse_card("Ks")),
        *cards("2d", True),
        CONFIRM,
        Burn(parse_card("Qs")),
        *cards("3d", True),
        CONFIRM,
    ]
    out = fold(g, ev).outcome.to_json()["settlement"]
    # seven players, a flop: $5 (option 1, L1500)
    assert out["collection"]["cents"] == 500
    sd = out["showdown"]
    assert sd["pot"] == 7000 and sd["after_collection"] == 6500
    # seat 1 (Ah Ad) and seat 2 (Kh Kd) make trips with the board Ac Kc 9s 2d 3d: aces win
    assert sd["high_winners"] == [1] and sd["shares"] == {"1": 6500}


# --- Winner Lowball ----------------------------------------------------------------------------------


def lowball(wagers=()):
    g = filed("draw/lowball-winner-oaks")
    ev = [
        Shuffle(),
        RoundStart((1, 2, 3, 4, 5), None, 5, tuple(wagers)),
        *cards("Ah 2h 3h 4h 5h Ad 2d 3d 4d 5d 6c 7c 8c 9c Tc Jk 2s 3s 4s 5s 6h 7h 8h 9h Th"),
    ]
    return fold(g, ev)


def test_without_a_winner_blind_the_base_limit_and_three_blinds():
    r = betting_round(lowball())
    assert dict(r.committed) == {1: 500, 2: 500, 3: 1000} and r.order == (4, 5, 1, 2, 3) and r.unit == 2000


def test_the_last_winner_posts_the_fourth_blind_acts_last_and_the_limit_doubles():
    s = lowball([Wager(5, 2000, "winner blind")])
    r = betting_round(s)
    # $5-$5-$10-$20 (fee option 4 "$40 Winner", L1528); the bets are $40 (L99-102, L111-112)
    assert dict(r.committed) == {1: 500, 2: 500, 3: 1000, 5: 2000}
    assert r.order == (4, 1, 2, 3, 5) and r.unit == 4000 and r.current == 2000
    s = apply(s, Decision(4, Action.RAISE, amount=4000))
    assert betting_round(s).current == 4000
    assert betting_round(apply(s, Decision(1, Action.RAISE, amount=8000))).current == 8000
    with pytest.raises(BettingError, match="the raise makes 8000, not 6000"):
        betting_round(apply(s, Decision(1, Action.RAISE, amount=6000)))


def test_a_winner_in_the_blinds_posts_both():
    r = betting_round(lowball([Wager(2, 2000, "winner blind")]))
    assert dict(r.committed)[2] == 2500 and r.order[-1] == 2


def test_winner_lowball_settles_the_lowest_hand_no_per_hand_fee_under_the_time_collection():
    g = with_schedule(filed("draw/lowball-winner-oaks"), "oaks/lowball/4")
    wagers = (Wager(1, 4000), Wager(2, 4000), Wager(5, 4000, "winner blind"))
    ev = [
        Shuffle(),
        RoundStart((1, 2, 5), None, 5, wagers),
        # seat 1: Ah 2h 3h Ks 8s; seat 2: Kd Kc Jk 4h 5c; seat 5: Qs 2c 3c 4c 9d
        *cards("Ah Kd Qs 2h Kc 2c 3h Jk 3c Ks 4h 4c 8s 5c 9d"),
        CONFIRM,
        Decision(1, Action.DRAW, count=1),
        *cards("5d"),
        Decision(2, Action.DRAW, count=2),
        *cards("6d 7d"),
        Decision(5, Action.STAND_PAT),
        CONFIRM,
        HandSet(1, (), parse_cards("Ah 2h 3h 5d 8s")),
        HandSet(2, (), parse_cards("Jk 4h 5c 6d 7d")),
    ]
    out = fold(g, ev).outcome.to_json()["settlement"]
    # Jk-4-5-6-7 plays as 7-6-5-4-A; 9-4-3-2-Q... seat 5 has Q high: seat 2's seven low wins
    assert out["showdown"]["low_winners"] == [2]
    # option 4, "$40 Winner" (L1528), is a time collection (on the hour and half hour): no per-hand fee
    assert out["collection"] == {"cents": 0, "lines": [], "schedule": "oaks lowball option 4"}
    assert out["showdown"]["shares"] == {"2": 12000}
