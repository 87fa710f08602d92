"""The pot games' filed irregularities through the round engine's family hooks: a premature turn
(Omaha with a joker, seed 004 S13 dealing rule 6), a flop with too many cards (one alert), and the
wrong-hole-card window (004 S8, S13 dealing rule 3) decided by who has acted."""

from __future__ import annotations

from rules.cards import parse_card, parse_cards
from rules.round import apply, fold
from rules.round.alerts import AlertCode, Ruling
from rules.round.events import (
    Action,
    Burn,
    Button,
    ButtonPress,
    CardRead,
    Correction,
    Decision,
    Declare,
    DeclareKind,
    RoundStart,
    Shuffle,
    Target,
    TargetKind,
    Wager,
)
from rules.round.procedure import Slot
from rules.round.state import Wait
from tests.round_helpers import filed

CONFIRM = ButtonPress(Button.CONFIRM)


def cards(text, face_up=False):
    return [CardRead(c, face_up) for c in parse_cards(text)]


def start(seats, button, cents=900):
    return [Shuffle(), RoundStart(tuple(seats), None, button, tuple(Wager(s, cents) for s in seats))]


def to_flop(game):
    return [
        *start((3, 9), 9),
        *cards("Ac Kh 2d Kd 9s 5s 4h Qc"),
        CONFIRM,
        Burn(parse_card("2s")),
        *cards("3c 7h Kc", True),
    ]


def test_premature_turn_asks_for_a_second_burn_then_no_burn_before_the_river():
    g = filed("omaha/hilo-joker-marysville")
    s = fold(g, [*to_flop(g), Burn(parse_card("6s")), *cards("8d", True)])
    s = apply(s, Correction(s.seq, "premature fourth card"))
    # the flop's betting, which the early burn ran through, is asked again before the next card
    assert isinstance(s.expected, Wait) and "a card came before it closed" in s.expected.words
    s = apply(s, CONFIRM)
    slot = s.expected
    assert isinstance(slot, Slot) and slot.target.kind is TargetKind.BURN
    assert "burn again" in slot.words
    s = fold(g, [Burn(parse_card("Js")), *cards("Ts", True), CONFIRM], s)
    slot = s.expected
    # the river comes without a burn after the reshuffle
    assert isinstance(slot, Slot) and slot.target == Target(TargetKind.BOARD, 5)
    burns = [p.card for p in s.placed if p.target.kind is TargetKind.BURN and not p.void]
    assert burns == list(parse_cards("2s 6s Js"))


def test_holdem_s8_premature_turn_keeps_the_engine_order():
    g = filed("holdem/marysville")
    ev = [
        *start((2, 6), 6),
        *cards("Ah Kh As Kd"),
        CONFIRM,
        Burn(parse_card("2c")),
        *cards("Kc 7s 2d", True),
        Burn(parse_card("3c")),
    ]
    s = fold(g, ev)
    assert isinstance(s.expected, Wait)  # the flop's betting is asked again first
    s = apply(s, CONFIRM)
    slot = s.expected
    assert isinstance(slot, Slot) and slot.target.kind is TargetKind.BOARD  # no second burn at S8


def test_a_timely_turn_has_the_usual_burns():
    g = filed("omaha/hilo-joker-marysville")
    s = fold(g, [*to_flop(g), CONFIRM, Burn(parse_card("6s")), *cards("8d", True), CONFIRM])
    slot = s.expected
    assert isinstance(slot, Slot) and slot.target.kind is TargetKind.BURN
    assert not s.alerts


def test_a_fourth_flop_card_is_one_alert():
    for game in ("omaha/hilo-joker-marysville", "holdem/marysville"):
        g = filed(game)
        if game.startswith("holdem"):
            ev = [*start((3, 9), 9), *cards("Ac Kh 2d Kd"), CONFIRM, Burn(parse_card("2s"))]
        else:
            ev = to_flop(g)[:-3]
        s = fold(g, [*ev, *cards("3c 7h Kc Td", True)])
        assert [a.code for a in s.alerts] == [AlertCode.EXTRA_CARD], game


def _declared_short(game, seats, acted):
    g = filed(game)
    n = {"holdem/marysville": 2, "omaha/hilo-joker-marysville": 4}[game]
    deck = ["2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc", "Jc", "Qc", "Kc"]
    ev = [*start(seats, seats[-1]), *cards(" ".join(deck[: n * len(seats)]))]
    ev += [Decision(s, Action.CALL) for s in acted]
    return fold(g, [*ev, Declare(DeclareKind.MISSED_SEAT, seat=seats[1])])


def test_holdem_window_closes_when_two_players_have_acted():
    for acted, ruling in (((), Ruling.MISDEAL), ((6,), Ruling.MISDEAL), ((6, 2), Ruling.DEAD_HAND)):
        s = _declared_short("holdem/marysville", (2, 4, 6), acted)
        assert [a.ruling for a in s.alerts] == [ruling], acted
        if ruling is Ruling.DEAD_HAND:
            assert 4 not in s.live_players


def test_omaha_short_hand_is_fixed_until_that_player_acts():
    for acted, ruling in (((3,), Ruling.BACK_UP_CARDS), ((3, 5), Ruling.DEAD_HAND)):
        s = _declared_short("omaha/hilo-joker-marysville", (3, 5, 9), acted)
        assert [a.ruling for a in s.alerts] == [ruling], acted


def test_omaha_extra_hole_card_is_the_burn_unless_the_player_acted():
    g = filed("omaha/hilo-joker-marysville")
    base = [*start((3, 9), 9), *cards("Ac Kh 2d Kd 9s 5s 4h Qc")]
    extra = CardRead(parse_card("2s"), False, to=Target(TargetKind.SEAT, 3))
    s = fold(g, [*base, extra])
    assert [(a.code, a.ruling) for a in s.alerts] == [(AlertCode.EXTRA_CARD, Ruling.CONTINUE)]
    s = fold(g, [*base, Decision(3, Action.CALL), extra])
    assert [(a.code, a.ruling) for a in s.alerts] == [(AlertCode.WRONG_CARD_COUNT, Ruling.DEAD_HAND)]


def test_mexican_stud_one_card_down_at_a_time():
    from rules.poker.round import FAMILY, showing

    g = filed("stud/mexican-the101")
    ev = [
        Shuffle(),
        RoundStart((2, 4, 6, 7), None, 4),
        *cards("Ah 9c Kd 4s"),  # down: seats 6 7 2 4
        *cards("Qh 3c 7d Jk", True),  # up
        Decision(6, Action.DOWN),
        *cards("5s"),  # seat 6 asked for it down: his Ah is turned up
        *cards("Ts", True),
        *cards("2h 6d", True),
    ]
    s = fold(g, ev)
    v = FAMILY.variant(s)
    assert not s.alerts
    assert set(showing(s, 6, v)) == set(parse_cards("Ah Qh"))  # the 5s is his one down card
    assert set(showing(s, 7, v)) == set(parse_cards("3c Ts"))
    # without asking, a second down card is against the rule
    ev2 = [*ev[:-5], *cards("5s"), *cards("Ts", True)]
    s2 = fold(g, ev2)
    assert [(a.code, a.seat) for a in s2.alerts] == [(AlertCode.DRAW_AGAINST_RULE, 6)]


def test_a_standing_fourth_flop_card_follows_substantial_action():
    from rules.poker.round import standing_extra_flop_card

    g = filed("omaha/hilo-joker-marysville")
    s = fold(g, [*to_flop(g)[:-3], *cards("3c 7h Kc Td", True)])
    assert "take back the flop" in standing_extra_flop_card(s).words
    s = fold(g, [Decision(3, Action.CHECK), Decision(9, Action.CHECK)], s)
    assert "take back the flop" in standing_extra_flop_card(s).words  # two checks are not substantial
    s = fold(g, [Decision(3, Action.BET, 300), Decision(9, Action.CALL)], s)
    # two players put money in: the card the players acted on stands; the betting prompt says so
    assert "stands" in standing_extra_flop_card(s).words
    assert isinstance(s.expected, Wait) and "the card the players acted on stands" in s.expected.words
    s = apply(s, CONFIRM)
    slot = s.expected
    # the fourth card took the burn's place: no burn before the turn
    assert isinstance(slot, Slot) and slot.target == Target(TargetKind.BOARD, 4)
    s = fold(g, [*cards("Qs", True)], s)
    assert standing_extra_flop_card(s) is not None
    assert standing_extra_flop_card(fold(g, to_flop(g))) is None


def test_holdem_extra_hole_card_by_the_window():
    g = filed("holdem/marysville")
    base = [*start((2, 4, 6), 6), *cards("Ah Kh Qh As Kd Qd")]
    extra = CardRead(parse_card("2c"), False, to=Target(TargetKind.SEAT, 4))
    s = fold(g, [*base, Decision(6, Action.CALL), extra])
    assert [(a.code, a.ruling) for a in s.alerts] == [(AlertCode.EXTRA_CARD, Ruling.MISDEAL)]
    s = fold(g, [*base, Decision(6, Action.CALL), Decision(2, Action.CALL), extra])
    assert [(a.code, a.ruling) for a in s.alerts] == [(AlertCode.WRONG_CARD_COUNT, Ruling.DEAD_HAND)]
