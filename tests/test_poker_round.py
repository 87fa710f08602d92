"""The poker families through the round engine: the dealt round, the showdown settlement, the kept cards
of a draw, Mexican Stud's face-down joker, and the betting round the dealer enters."""

from __future__ import annotations

import pytest

from rules.cards import parse_card, parse_cards
from rules.poker import BettingError
from rules.poker.round import betting_round
from rules.round import apply, fold
from rules.round.events import (
    Action,
    Burn,
    Button,
    ButtonPress,
    CardRead,
    Correction,
    Decision,
    HandSet,
    RoundStart,
    Shuffle,
    Wager,
)
from tests.round_helpers import filed


def cards(text, face_up=False):
    return [CardRead(c, face_up) for c in parse_cards(text)]


CONFIRM = ButtonPress(Button.CONFIRM)


def start(seats, button, wagers):
    return [Shuffle(), RoundStart(tuple(seats), None, button, tuple(Wager(s, c) for s, c in wagers.items()))]


def test_holdem_round_settles_the_showdown_from_the_wagers():
    g = filed("holdem/tres-lounge")
    ev = [
        *start((1, 4, 7), 7, {1: 600, 4: 600, 7: 700}),
        *cards("Ah 9c 2d Ad 9d 3c"),  # seats 1, 4, 7, then again
        CONFIRM,
        Burn(parse_card("5s")),
        *cards("As 9h Kd", True),
        CONFIRM,
        Burn(parse_card("6s")),
        *cards("2s", True),
        CONFIRM,
        Burn(parse_card("7s")),
        *cards("Qc", True),
        CONFIRM,
    ]
    s = fold(g, ev)
    out = s.outcome.to_json()
    sd = out["settlement"]["showdown"]
    assert sd["high_winners"] == [1]  # three aces beat three nines
    # seats 1 and 4 put in 600 each (all in), seat 7 700: the main pot of 1800 to the aces, the side pot of
    # 100 only seat 7 contested
    assert sd["shares"] == {"1": 1800, "7": 100}
    assert [(p["name"], p["pot"], p["eligible"]) for p in sd["pots"]] == [
        ("main pot", 1800, [1, 4, 7]),
        ("side pot 1", 100, [7]),
    ]
    assert sd["hands"]["1"]["high"] == "Three of a Kind"


def test_a_draw_showdown_needs_the_kept_cards_then_settles():
    g = filed("draw/lowball-joker-oaks")
    ev = [
        *start((2, 5), 5, {2: 1000, 5: 1000}),
        *cards("Jk Kc 2c 3d 4h 9s Kd 8c 6s Qh"),  # seat 2: Jk 2c 4h Kd 6s; seat 5: Kc 3d 9s 8c Qh
        CONFIRM,
        Decision(2, Action.DRAW, count=1),
        *cards("7d"),
        Decision(5, Action.DRAW, count=2),
        *cards("5c Ah"),
        CONFIRM,
    ]
    s = fold(g, ev)
    assert s.outcome.settlement.showdown is None  # seat 2 holds six cards: enter what he keeps
    s = apply(s, HandSet(2, (), parse_cards("Jk 2c 4h 6s 7d")))
    s = apply(s, HandSet(5, (), parse_cards("3d 9s 8c 5c Ah")))
    sd = s.outcome.settlement.showdown
    assert sd.low_winners == (2,)  # Jk-2-4-6-7 plays as 7-6-4-2-A
    assert sd.shares == {2: 2000}
    bad = apply(s, HandSet(5, (), parse_cards("As 2d 3h 4s 5d")))
    assert bad.outcome.settlement.showdown is None


def test_draw_poker_antes_are_in_the_pot_before_the_first_bet():
    """Oaks Draw Poker: "Players ante ... The ante acts as seed money" (seed 001 L39-40; poker.ante_cents $1)."""
    g = filed("draw/joker-oaks")
    ev = [
        Shuffle(),
        RoundStart((2, 5), None, 5, ()),
        *cards("Ac Kc Ad Kd Ah Kh 2c 3d 4h 5s"),
        Decision(2, Action.BET, 200),
        Decision(5, Action.CALL),
        CONFIRM,
        Decision(2, Action.STAND_PAT),
        Decision(5, Action.STAND_PAT),
        Decision(2, Action.CHECK),
        Decision(5, Action.CHECK),
        CONFIRM,
    ]
    sd = fold(g, ev).outcome.settlement.showdown
    assert sd.contributions == {2: 300, 5: 300}  # $1 ante + the $2 bet each
    assert sd.shares == {2: 600} and sd.high_winners == (2,)


def test_mexican_stud_face_down_joker_is_wild_at_the_showdown():
    g = filed("stud/mexican-tres-lounge")
    ev = [
        *start((3, 6), 6, {3: 500, 6: 500}),
        CardRead(parse_card("Kc"), True),  # seat 3 up
        CardRead(parse_card("Qd"), True),  # seat 6 up
        CardRead(parse_card("Jk"), False),  # seat 3 down: wild
        CardRead(parse_card("Qs"), False),
        CONFIRM,
        Burn(parse_card("2c")),
        *cards("Kd Ah", True),
        CONFIRM,
        Burn(parse_card("2d")),
        *cards("5s 3h", True),
        CONFIRM,
        Burn(parse_card("2h")),
        *cards("4c 4d", True),
        CONFIRM,
    ]
    s = fold(g, ev)
    sd = s.outcome.settlement.showdown
    # seat 3: Kc Jk Kd 5s 4c, the wild joker makes three kings; seat 6 has a pair of queens
    assert sd.hands[3].high == "Three of a Kind"
    assert sd.high_winners == (3,)


# --- the betting round the dealer enters ------------------------------------------------------------


def holdem_dealt():
    g = filed("holdem/marysville")
    return fold(g, [*start((2, 4, 6, 8), 8, {}), *cards("Ah Kh Qh Jh Ad Kd Qd Jd")])


def test_first_round_starts_left_of_the_big_blind_and_the_blind_has_the_option():
    s = holdem_dealt()
    r = betting_round(s)
    assert r is not None and r.order == (6, 8, 2, 4) and r.next_to_act == 6
    assert dict(r.committed) == {2: 100, 4: 300}
    for seat, a in ((6, Action.CALL), (8, Action.FOLD), (2, Action.CALL)):
        s = apply(s, Decision(seat, a))
    r = betting_round(s)
    assert r.next_to_act == 4 and not r.complete
    s = apply(s, Decision(4, Action.CHECK))
    assert betting_round(s).complete
    s = apply(s, CONFIRM)
    assert betting_round(s) is None  # the burn is due


def test_later_rounds_start_left_of_the_button_and_skip_the_folded():
    s = holdem_dealt()
    for seat, a in ((6, Action.CALL), (8, Action.FOLD), (2, Action.CALL), (4, Action.CHECK)):
        s = apply(s, Decision(seat, a))
    s = fold(s.game, [CONFIRM, Burn(parse_card("2c")), *cards("3c 4c 5c", True)], s)
    r = betting_round(s)
    assert r.order == (2, 4, 6) and r.next_to_act == 2 and r.unit == 300


def test_an_action_the_rules_do_not_allow_is_named():
    s = holdem_dealt()
    s = apply(s, Decision(8, Action.CALL))
    with pytest.raises(BettingError, match="out of turn"):
        betting_round(s)


def test_a_corrected_action_is_not_counted():
    s = holdem_dealt()
    s = apply(s, Decision(8, Action.CALL))  # event 11: out of turn
    s = apply(s, Correction(11))
    assert betting_round(s).next_to_act == 6


def test_heads_up_the_button_posts_the_small_blind_and_acts_first():
    g = filed("holdem/marysville")
    s = fold(g, [*start((3, 7), 7, {}), *cards("Ah Kh Ad Kd")])
    r = betting_round(s)
    assert r.order == (7, 3) and dict(r.committed) == {7: 100, 3: 300}


def test_stud_bring_in_then_the_high_hand_showing():
    g = filed("stud/oaks")
    s = fold(
        g,
        [
            *start((1, 3, 5), None, {}),
            *cards("Ah Kh Qh Ad Kd Qd"),
            *[CardRead(parse_card(c), True) for c in ("9c", "2s", "2d")],
        ],
    )
    r = betting_round(s)
    # the low card by suit: the deuce of diamonds (seat 5) brings it in; seat 1 acts first
    assert dict(r.committed) == {5: 100} and r.order == (1, 3, 5)
    s = fold(g, [Decision(1, Action.CALL), Decision(3, Action.CALL), CONFIRM, Burn(parse_card("3s"))], s)
    s = fold(g, [CardRead(parse_card(c), True) for c in ("4c", "9d", "7h")], s)
    r = betting_round(s)
    assert r.order[0] == 1  # seat 1 shows 9-4, seat 3 9-2, seat 5 7-2


def test_pineapple_plays_the_two_kept_cards():
    g = filed("holdem/pineapple-hilo-tres-lounge")
    ev = [
        *start((1, 2), 2, {1: 500, 2: 500}),
        *cards("Ah Ks 2h Kd 3c 9c"),  # seat 1: Ah 2h 3c; seat 2: Ks Kd 9c
        CONFIRM,
        Burn(parse_card("5s")),
        *cards("Kh 4d 5d", True),
        CONFIRM,
        Burn(parse_card("6s")),
        *cards("8s", True),
        CONFIRM,
        Burn(parse_card("7s")),
        *cards("Qc", True),
        CONFIRM,
    ]
    s = fold(g, ev)
    assert s.outcome.settlement.showdown is None  # three hole cards: the discard is not entered yet
    s = fold(g, [HandSet(1, (), parse_cards("Ah 2h")), HandSet(2, (), parse_cards("Ks Kd"))], s)
    sd = s.outcome.settlement.showdown
    assert sd.high_winners == (2,) and sd.low_winners == (1,)  # three kings; A-2 with 4-5-8
    assert sd.shares == {1: 500, 2: 500}


def _with_schedule(g, ref):
    from rules.poker.round import POSTED_SCHEDULE
    from rules.round.game import GameRules
    from terminal.config import fee_schedule

    data = {**g.data, POSTED_SCHEDULE: fee_schedule(ref)}
    return GameRules(g.id, g.family, g.deck, g.procedure, g.rulings, data)


def _omaha_joker_hand(g):
    ev = [
        *start((3, 9), 9, {3: 900, 9: 900}),
        *cards("Ac Kh 2d Kd 9s 5s 4h Qc"),  # seat 3 Ac 2d 9s 4h (the low), seat 9 Kh Kd 5s Qc (kings)
        CONFIRM,
        Burn(parse_card("2s")),
        *cards("3c 7h Kc", True),
        CONFIRM,
        Burn(parse_card("6s")),
        *cards("8d", True),
        CONFIRM,
        Burn(parse_card("Js")),
        *cards("Ts", True),
        CONFIRM,
    ]
    return fold(g, ev).outcome.to_json()["settlement"]


def test_the_posted_collection_comes_out_of_the_pot_before_the_split():
    # Casino Marysville, Omaha Hi-Lo with a joker, option 1: $2 from the pot at five players or fewer,
    # taken at the flop (seed 004 S13 collection fees, L2092-2104)
    g = _with_schedule(filed("omaha/hilo-joker-marysville"), "marysville/omaha-hi-lo-joker/1")
    out = _omaha_joker_hand(g)
    assert out["collection"]["cents"] == 200
    sd = out["showdown"]
    assert sd["pot"] == 1800 and sd["collected"] == 200 and sd["after_collection"] == 1600
    assert sd["shares"] == {"3": 800, "9": 800}


def test_no_schedule_or_another_games_schedule_collects_nothing():
    out = _omaha_joker_hand(filed("omaha/hilo-joker-marysville"))
    assert out["collection"]["cents"] == 0 and "no collection schedule" in out["collection"]["why"]
    assert out["showdown"]["shares"] == {"3": 900, "9": 900}
    g = _with_schedule(filed("omaha/hilo-joker-marysville"), "marysville/texas-holdem/gega-002279/1")
    out = _omaha_joker_hand(g)
    assert out["collection"]["cents"] == 0 and "not omaha-hi-lo-joker" in out["collection"]["why"]


def test_every_pot_game_names_a_fee_game_its_room_filed():
    from terminal.fees import load_room_fees
    from tests.round_helpers import load_games

    named = 0
    for gid, gf in load_games().items():
        if gid.split("/")[0] not in ("holdem", "omaha", "stud", "draw"):
            continue
        fee = (gf.data.get("banking") or {}).get("fees", {}).get("game")
        if fee is None:
            continue
        room = gid.split("/")[1].split("-")[-1]
        room = {"lounge": "tres-lounge"}.get(room, room)
        games = {g for g, _ in load_room_fees(room).schedules}
        assert fee in games, (gid, fee, sorted(games))
        named += 1
    assert named >= 20


# --- a hand folded to one player ---------------------------------------------------------------------

THE101_LIMIT = "the101/limit-texas-holdem/gega-002034/1"


def _folded_preflop(g):
    """Three players, the button and the small blind fold before the flop: the big blind is left."""
    return [
        *start((1, 4, 7), 7, {1: 100, 4: 300}),  # the filed $1 and $3 blinds
        *cards("Ah 9c 2d Ad 9d 3c"),  # seats 1, 4, 7, twice round
        Decision(7, Action.FOLD),  # the button acts first three-handed
        Decision(1, Action.FOLD),
    ]


def test_a_hand_folded_to_the_big_blind_preflop_ends_with_no_flop_and_no_drop():
    from rules.fees import assess
    from rules.round import Status, Wait
    from terminal.config import fee_schedule

    g = _with_schedule(filed("holdem/the101"), THE101_LIMIT)
    # The schedule does charge this pot once the flop is seen: nothing below is a schedule taking nothing.
    assert assess(fee_schedule(THE101_LIMIT), (), players=3, flop_seen=True).pot > 0
    s = fold(g, _folded_preflop(g))
    assert s.status is Status.DEALT
    assert isinstance(s.expected, Wait) and s.expected.kind == "done"  # no burn, no flop is asked for
    assert "seat 4 takes the pot without a showdown" in s.prompt
    out = s.outcome.to_json()
    assert out["board"] == ""
    coll, sd = out["settlement"]["collection"], out["settlement"]["showdown"]
    assert coll["cents"] == 0 and "no flop, no drop" in coll["why"]
    assert sd["pot"] == 400 and sd["shares"] == {"4": 400} and sd["high_winners"] == [4]
    assert sd["hands"] == {} and sd["after_collection"] == 400  # no hand is shown
    assert sd["contributions"] == {"1": 100, "4": 300} and sd["nets"] == {"1": -100, "4": 100}
    # The confirm that would close the betting changes nothing; a burn pulled anyway is nobody's card.
    s = fold(g, [CONFIRM, Burn(parse_card("5s"))], s)
    assert [a.code.value for a in s.alerts] == ["EXTRA_CARD"]
    assert s.outcome.to_json()["settlement"]["showdown"]["shares"] == {"4": 400}


def test_a_hand_folded_out_after_the_flop_pays_the_drop_and_deals_no_turn():
    from rules.fees import assess
    from rules.round import Status
    from terminal.config import fee_schedule

    g = _with_schedule(filed("holdem/the101"), THE101_LIMIT)
    ev = [
        *start((1, 4, 7), 7, {1: 600, 4: 600, 7: 600}),
        *cards("Ah 9c 2d Ad 9d 3c"),
        CONFIRM,
        Burn(parse_card("5s")),
        *cards("As 9h Kd", True),
        Decision(1, Action.BET, 200),
        Decision(4, Action.FOLD),
    ]
    s = fold(g, ev)
    assert s.status is Status.DEALING  # seats 1 and 7 are still in
    s = fold(g, [Decision(7, Action.FOLD)], s)
    assert s.status is Status.DEALT
    due = assess(fee_schedule(THE101_LIMIT), (), players=3, flop_seen=True).pot
    out = s.outcome.to_json()["settlement"]
    assert out["collection"]["cents"] == due > 0
    assert out["showdown"]["shares"] == {"1": 1800 - due} and out["showdown"]["collected"] == due


def test_correcting_the_last_fold_resumes_the_hand():
    from rules.round import Status

    g = filed("holdem/the101")
    s = fold(g, _folded_preflop(g))
    assert s.status is Status.DEALT
    s = apply(s, Correction(of=s.seq))
    assert s.status is Status.DEALING and s.live_players == (1, 4)
    assert s.outcome is None
    s = fold(g, [CONFIRM], s)
    assert s.expected.target.kind.value == "burn"  # the flop's burn is owed again


def test_a_stud_hand_folded_out_on_third_street_deals_no_fourth_street():
    from rules.round import Status

    g = filed("stud/the101")
    s = fold(g, [*start((2, 5), None, {2: 300, 5: 300}), *cards("Kc 4d Qh 9s"), *cards("Ah 7c", True)])
    s = fold(g, [Decision(2, Action.FOLD)], s)
    assert s.status is Status.DEALT
    # the betting is keyed: the pot is the 7c's bring-in (the wagers say who is dealt in)
    sd = s.outcome.to_json()["settlement"]["showdown"]
    assert sd["shares"] == {"5": 100} and sd["contributions"] == {"5": 100} and sd["nets"] == {"5": 0}
