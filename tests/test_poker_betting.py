"""Betting rounds the dealer enters: who acts next, when the round is complete, the filed caps and limits;
kill pots; the misdeal windows."""

from __future__ import annotations

import pytest

from rules.poker import (
    BettingError,
    BettingRound,
    next_kill,
    parse_poker,
    premature_board,
    substantial_action,
)
from rules.poker.irregular import wrong_hole_cards
from rules.poker.kill import KillButton, killed_limits
from rules.round.alerts import Ruling
from rules.round.events import Action
from terminal.games import get_game

B, C, CH, F, R = Action.BET, Action.CALL, Action.CHECK, Action.FOLD, Action.RAISE


def variant(gid):
    return parse_poker(get_game(gid).data["poker"])


def play(rnd, *moves):
    for m in moves:
        rnd = rnd.act(*m)
    return rnd


def preflop(gid, seats=(4, 5, 6, 1)):
    """Seats in first-round acting order (the first left of the big blind first; blinds last)."""
    v = variant(gid)
    sb, bb = seats[-2], seats[-1]
    return BettingRound.start(seats, v.betting, 1, {sb: v.blinds[0].cents, bb: v.blinds[1].cents})


def test_limit_preflop_everyone_calls_big_blind_has_the_option():
    r = preflop("holdem/marysville")
    assert r.next_to_act == 4 and r.owes(4) == 300
    r = play(r, (4, C), (5, C), (6, C))
    assert not r.complete and r.next_to_act == 1  # the live big blind's option
    assert r.owes(1) == 0
    done = r.act(1, CH)
    assert done.complete and done.next_to_act is None
    assert done.pot == 1200


def test_limit_a_bet_and_three_raises_then_capped():
    r = preflop("holdem/marysville")
    r = play(r, (4, R), (5, R), (6, R))  # the big blind is the bet: three raises
    assert r.current == 1200 and r.cap_reached
    with pytest.raises(BettingError, match="cap"):
        r.act(1, R)
    r = play(r, (1, C), (4, C), (5, C))
    assert r.complete


def test_limit_raise_amount_is_fixed():
    r = preflop("holdem/marysville")
    with pytest.raises(BettingError, match="makes 600"):
        r.act(4, R, 900)
    assert r.act(4, R, 600).current == 600


def test_unlimited_raises_heads_up():
    r = preflop("holdem/marysville", seats=(1, 2))
    for _ in range(6):
        r = r.act(r.next_to_act, R)
    assert r.raises == 6 and not r.cap_reached


def test_tres_lounge_files_four_raises():
    r = preflop("holdem/tres-lounge")
    r = play(r, (4, R), (5, R), (6, R), (1, R))
    assert r.cap_reached and r.raises == 4


def test_out_of_turn_and_check_facing_a_bet_are_refused():
    r = preflop("holdem/marysville")
    with pytest.raises(BettingError, match="out of turn"):
        r.act(5, C)
    with pytest.raises(BettingError, match="cannot check"):
        r.act(4, CH)


def test_everyone_folds_to_one_player_completes_the_round():
    r = play(preflop("holdem/marysville"), (4, F), (5, F), (6, F))
    assert r.complete and r.live == (1,)


def test_later_round_checks_around_and_a_bet_reopens():
    v = variant("holdem/marysville")
    r = BettingRound.start((1, 4, 6), v.betting, 3)
    assert r.unit == 600  # the big bet on the turn
    r = play(r, (1, CH), (4, B))
    assert r.next_to_act == 6 and r.current == 600
    r = play(r, (6, C), (1, C))
    assert r.complete


def test_stud_completing_the_bring_in_is_not_a_raise():
    v = variant("stud/the101")
    r = BettingRound.start((5, 7, 1, 3), v.betting, 1, {3: 100})  # seat 3 brought it in
    r = r.act(5, B)  # completes to the $2 small bet
    assert r.raises == 0 and r.current == 200
    r = play(r, (7, R), (1, R), (3, R))
    assert r.raises == 3 and r.cap_reached


def test_no_limit_minimum_raise_is_the_last_raise():
    v = variant("holdem/no-limit-the101")
    r = BettingRound.start((4, 5, 6), v.betting, 1, {5: 100, 6: 300})
    with pytest.raises(BettingError, match="at least 600"):
        r.act(4, R, 500)
    r = r.act(4, R, 1000)  # a raise of 700
    with pytest.raises(BettingError, match="at least 1700"):
        r.act(5, R, 1500)
    assert r.act(5, R, 1700).current == 1700


def test_spread_limit_bets_between_minimum_and_maximum():
    v = variant("holdem/spread-limit-capitol")
    r = BettingRound.start((1, 2, 3), v.betting, 2)
    with pytest.raises(BettingError, match="at least 500"):
        r.act(1, B, 200)
    with pytest.raises(BettingError, match="at most"):
        r.act(1, B, 200_000)
    assert r.act(1, B, 4000).current == 4000


def test_a_short_all_in_raise_is_not_a_raise():
    v = variant("omaha/hilo-joker-marysville")
    r = BettingRound.start((1, 2, 3), v.betting, 4)  # $6 bets on the last round
    r = play(r, (1, B))
    r = r.act(2, R, 1000, all_in=True)  # $10 all in: short of a full raise to $12
    assert r.raises == 0 and r.current == 1000 and r.next_to_act == 3
    r = r.act(3, C)
    assert r.next_to_act == 1 and r.owes(1) == 400
    assert r.act(1, C).complete


# --- kill pots (seed 004 L1234-1265) ---------------------------------------------------------------


def test_kill_after_two_qualifying_pots_in_a_row():
    v = variant("holdem/marysville")
    k = next_kill(None, 3, 2500, v)
    assert k == KillButton(3, 1) and not k.kills_next(v)
    k = next_kill(k, 3, 2000, v)
    assert k is not None and k.kills_next(v)
    assert killed_limits(300, 600, v) == (600, 1200)  # 3-6 becomes 6-12
    assert next_kill(KillButton(3, 1), 5, 2500, v) == KillButton(5, 1)
    assert next_kill(KillButton(3, 1), 3, 1999, v) is None  # under $20 is no leg
    assert next_kill(KillButton(3, 1), None, 5000, v) is None  # a split pot


def test_no_kill_where_not_filed():
    assert next_kill(None, 3, 100_000, variant("holdem/tres-lounge")) is None


# --- misdeal windows (seed 004 S8, S13) ---------------------------------------------------------------


def test_substantial_action_is_three_acting_or_two_putting_money_in():
    assert not substantial_action([(1, CH), (2, F)])
    assert substantial_action([(1, CH), (2, F), (3, CH)])
    assert substantial_action([(1, B), (2, C)])
    assert not substantial_action([(1, B), (1, R)])


def test_wrong_hole_cards_holdem_misdeal_before_two_players_acted():
    assert wrong_hole_cards("misdeal_before_two_acted", 1, 2, 1, False).ruling is Ruling.MISDEAL
    assert wrong_hole_cards("misdeal_before_two_acted", 3, 2, 2, False).ruling is Ruling.DEAD_HAND


def test_wrong_hole_cards_omaha_joker_fixed_in_place_until_the_player_acts():
    extra = wrong_hole_cards("fix_before_player_acts", 5, 4, 3, False)
    assert extra.ruling is Ruling.CONTINUE and "burn" in extra.words
    short = wrong_hole_cards("fix_before_player_acts", 3, 4, 3, False)
    assert short.ruling is Ruling.CONTINUE and "top of the deck" in short.words
    assert wrong_hole_cards("fix_before_player_acts", 3, 4, 0, True).ruling is Ruling.DEAD_HAND


def test_premature_board_procedures_cite_their_rules():
    assert premature_board("flop").rule.endswith("rule 5")
    assert premature_board("flop", too_many=True).rule.endswith("rule 4")
    assert "stands" in premature_board("flop", too_many=True, substantial=True).words
    assert "fifth card" in premature_board("turn").words or "river" in premature_board("turn").words
    assert "no burn" in premature_board("river").words


@pytest.mark.parametrize("gid", ["stud/oaks", "stud/razz-oaks"])
def test_oaks_stud_lower_limit_through_fourth_street_upper_from_fifth(gid):
    """Oaks Seven Card Stud (seed 001 L157-159) and Razz (L214-216): the lower limit on the first two betting
    rounds, the upper from the fifth card (poker.betting big_from_round)."""
    v = variant(gid)
    fourth = BettingRound.start((1, 2), v.betting, 2, {})
    assert fourth.act(1, B).current == 200
    fifth = BettingRound.start((1, 2), v.betting, 3, {})
    assert fifth.act(1, B).current == 400
