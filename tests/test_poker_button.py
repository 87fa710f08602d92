"""The dealer button between hands (``rules.poker.deal.next_button``, the family's ``next_button``): it moves
clockwise one seat each hand to the next seat in play (seed 000 L125, L166, L2284; 001 L16-18; 002 L1450-1457;
003 L216; 004 L1774-1777), a misdealt hand is dealt again with it where it was (choice), and a round start
naming another seat is BUTTON_OUT_OF_TURN. The filings' own two-hand examples are scenarios
(tests/scenarios/*button*)."""

from __future__ import annotations

import pytest

from rules.poker.deal import next_button
from rules.round import apply, event_from_json, initial
from rules.round.alerts import AlertCode
from rules.round.family import family_rules
from terminal.games import get_game
from terminal.scenario import game_rules


@pytest.mark.parametrize(
    ("last", "seats", "redeal", "due"),
    [
        (None, (1, 2, 3), False, None),  # a new game: the high-card draw, not a move
        (2, (1, 2, 3, 5), False, 3),
        (5, (1, 2, 3, 5), False, 1),  # round the table
        (3, (1, 2, 5, 7), False, 5),  # seat 3 left: the next seat in play (004 L1776-1777 "skip ahead")
        (9, (1, 4), False, 1),
        (4, (1, 4, 6), True, 4),  # the misdealt hand again: the button stays
        (4, (1, 6), True, 6),  # ... unless its seat has gone
    ],
)
def test_next_button_is_the_next_seat_in_play_clockwise(last, seats, redeal, due):
    assert next_button(last, seats, redeal) == due


def _state(game: str):
    return initial(game_rules(get_game(game)))


def _run(state, *events):
    for e in events:
        state = apply(state, event_from_json(e))
    return state


def _codes(state) -> list[str]:
    return [a.code.value for a in state.alerts]


def test_a_misdealt_hand_is_dealt_again_with_the_button_where_it_was():
    s = _run(
        _state("holdem/oaks"),
        {"type": "shuffle"},
        {"type": "round_start", "seats": [2, 4, 6], "button": 4},
        {"type": "declare", "what": "misdeal"},
        {"type": "shuffle"},
    )
    assert (s.last_button, s.redeal) == (4, True)
    fam = family_rules("holdem")
    assert fam.next_button(s, (2, 4, 6)) == 4
    again = _run(s, {"type": "round_start", "seats": [2, 4, 6], "button": 4})
    assert AlertCode.BUTTON_OUT_OF_TURN.value not in _codes(again) and not again.redeal
    moved = _run(s, {"type": "round_start", "seats": [2, 4, 6], "button": 6})
    (alert,) = [a for a in moved.alerts if a.code is AlertCode.BUTTON_OUT_OF_TURN]
    assert alert.seat == 6 and "moves clockwise to seat 4" in alert.message


def test_stud_without_a_filed_button_and_razz_do_not_move_one():
    """Seed 000 L17: "A 'Dealers Button' is not utilized in Stud games"; Razz at the Oaks files
    ``rotates: false``; Mexican Stud at Tres Lounge files a rotating button (002 L993)."""
    for game, due in (("stud/the101", None), ("stud/razz-oaks", None), ("stud/mexican-tres-lounge", 5)):
        s = _run(_state(game), {"type": "shuffle"}, {"type": "round_start", "seats": [2, 5, 7], "button": 2})
        fam = family_rules(game.split("/")[0])
        assert fam.next_button(s, (2, 5, 7)) == due, game
        assert fam.first_button(_state(game), (2, 5, 7)) == (7 if due else None), game


def test_chinese_buttons_rotate_where_filed_and_start_left_of_the_house_dealer():
    """The 101 and Parkwest: a new game gives both buttons to the player left of the house dealer, and they
    move clockwise to the next player after each round of play (seed 000 L3109, L3683); the Oaks' 13 Card
    Poker files no move (None: the round start's button stands)."""
    for game, first, due in (
        ("chinese/the101", 2, 3),
        ("chinese/face-up-pineapple-parkwest", 2, 3),
        ("chinese/13-card-oaks", None, None),
    ):
        fam = family_rules("chinese")
        assert fam.first_button(_state(game), (2, 3, 4)) == first, game
        s = _run(_state(game), {"type": "shuffle"}, {"type": "round_start", "seats": [2, 3, 4], "button": 2})
        assert fam.next_button(s, (2, 3, 4)) == due, game
