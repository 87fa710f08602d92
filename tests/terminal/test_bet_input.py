"""The bet picker's inputs as round events (terminal/table/bet_input.py): the cards thrown in at a draw."""

from __future__ import annotations

from rules.cards import parse_cards
from rules.round import fold
from rules.round.events import (
    Action,
    Button,
    ButtonPress,
    CardRead,
    Decision,
    Discard,
    RoundStart,
    Shuffle,
    Wager,
)
from terminal.table.bet_input import bet_decision
from tests.round_helpers import filed


def _at_the_draw():
    g = filed("draw/lowball-winner-oaks")
    events = [
        Shuffle(),
        RoundStart((1, 2), None, 2, (Wager(1, 1000), Wager(2, 1000))),
        *(CardRead(c, False) for c in parse_cards("Ah Kd 2h Kc 3h 4c Ks 5c 8s 9d")),
    ]
    before = fold(g, events)
    return g, before, fold(g, [ButtonPress(Button.CONFIRM)], before)


def test_a_card_thrown_in_is_named_by_its_position_among_the_cards_dealt():
    g, before, s = _at_the_draw()
    assert bet_decision({"seat": 1, "action": "discard", "position": 4}, s) == Discard(
        1, parse_cards("Ks")[0]
    )
    assert bet_decision({"seat": 1, "action": "discard", "card": "8s"}, s) == Discard(1, parse_cards("8s")[0])
    s = fold(g, [Discard(1, parse_cards("Ks")[0])], s)
    assert "has thrown it in" in bet_decision({"seat": 1, "action": "discard", "position": 4}, s)
    assert "positions 1-5, not 6" in bet_decision({"seat": 1, "action": "discard", "position": 6}, s)
    assert "does not hold Kd" in bet_decision({"seat": 1, "action": "discard", "card": "Kd"}, s)
    assert "bad card" in bet_decision({"seat": 1, "action": "discard", "card": "Zz"}, s)
    # before the draw (the first betting round) nothing is thrown in
    assert "not at a draw" in bet_decision({"seat": 1, "action": "discard", "position": 1}, before)
    # the picker's u takes the throw-in back, as it takes a betting decision back
    correction = bet_decision({"correct": True}, s)
    assert "card thrown in corrected: seat 1 Ks" in correction.reason
    assert bet_decision({"seat": 1, "action": "draw", "count": 1}, s) == Decision(1, Action.DRAW, count=1)
