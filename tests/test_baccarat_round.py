"""The Baccarat family hook inside the round engine: every tableau cell, draws against the rule, settlement."""

from __future__ import annotations

import pytest

from rules.cards import Card, parse_card
from rules.round import Target, TargetKind, apply, fold
from rules.round.events import (
    Burn,
    Button,
    ButtonPress,
    CardRead,
    Declare,
    DeclareKind,
    RoundStart,
    Shuffle,
    Wager,
)
from rules.round.procedure import Slot
from rules.round.state import Status
from terminal.games import load_games
from terminal.scenario import game_rules

PUNTO_BANCO = sorted(
    g.id for g in load_games().values() if g.family == "baccarat" and g.data.get("game") != "pan9"
)
PLAYER, BANKER = Target(TargetKind.BOX, 1), Target(TargetKind.BOX, 2)


def card_of(value: int, suit: str = "c") -> Card:
    return parse_card({0: "K", 1: "A"}.get(value, str(value)) + suit)


def banker_draws_by_the_prose(banker: int, third: int) -> bool:
    """The filed rule in words (seed 002 L166-175): 0-2 draw; 3 unless 8; 4 on 2-7; 5 on 4-7; 6 on 6-7."""
    return {
        0: True,
        1: True,
        2: True,
        3: third != 8,
        4: 2 <= third <= 7,
        5: 4 <= third <= 7,
        6: third in (6, 7),
    }.get(banker, False)


def _face(gid: str) -> bool:
    return gid != "baccarat/supreme"  # Supreme deals face down (L1142)


def burn_new_shoe(s):
    """Cash-In's new-shoe burn (000b §8): an exposed ace, then one card burned."""
    while isinstance(s.expected, Slot) and s.expected.target.kind is TargetKind.BURN:
        s = apply(s, Burn(parse_card("As")))
    return s


def started(gid: str, wagers=()):
    g = game_rules(load_games()[gid])
    return g, burn_new_shoe(fold(g, [Shuffle(), RoundStart((1, 2, 3), 3, None, tuple(wagers), 100000)]))


def deal(state, gid, cards):
    for c in cards:
        state = apply(state, CardRead(c, _face(gid)))
    return state


@pytest.mark.parametrize("gid", PUNTO_BANCO)
@pytest.mark.parametrize("banker", range(8))
@pytest.mark.parametrize("third", range(10))
def test_tableau_cell_in_the_round_engine(gid, banker, third):
    """Player 0 draws ``third``; the Banker's third card is due exactly where the chart says H."""
    _g, s = started(gid)
    s = deal(s, gid, [card_of(0), card_of(banker), card_of(0, "d"), card_of(0, "h"), card_of(third, "s")])
    hit = banker_draws_by_the_prose(banker, third)
    if hit:
        assert s.status is Status.DEALING and s.prompt == "Banker draws (third card)"
        s = apply(s, CardRead(card_of(5, "h"), _face(gid)))
        assert s.status is Status.DEALT and not s.alerts
        assert len(s.hand(BANKER)) == 3
    else:
        assert s.status is Status.DEALT and not s.alerts
        s = apply(s, CardRead(card_of(5, "h"), _face(gid)))
        assert [a.code.value for a in s.alerts] == ["DRAW_AGAINST_RULE"]


@pytest.mark.parametrize("gid", PUNTO_BANCO)
@pytest.mark.parametrize(
    ("player", "banker", "due"),
    [(8, 0, None), (0, 9, None), (6, 6, None), (7, 5, "Banker"), (5, 7, "Player")],
)
def test_naturals_and_standing_hands(gid, player, banker, due):
    _g, s = started(gid)
    s = deal(s, gid, [card_of(player), card_of(banker), card_of(0, "d"), card_of(0, "h")])
    if due is None:
        assert s.status is Status.DEALT
        s = apply(s, CardRead(card_of(2, "s"), _face(gid)))
        assert [a.code.value for a in s.alerts] == ["DRAW_AGAINST_RULE"]
    else:
        assert s.prompt == f"{due} draws (third card)"


def test_settlement_comes_out_with_the_outcome():
    wagers = (
        Wager(1, 1000, "banker"),
        Wager(2, 500, "dragon-7"),
        Wager(2, 500, "player"),
        Wager(1, 200, "panda-8"),
    )
    _g, s = started("baccarat/ez-panda8", wagers)
    s = deal(s, "baccarat/ez-panda8", [parse_card(c) for c in ("3c", "4c", "Kc", "Kd", "3d", "3h")])
    out = s.outcome.to_json()["settlement"]
    assert (out["player_total"], out["banker_total"], out["winner"], out["specials"]) == (
        6,
        7,
        "banker",
        ["dragon-7"],
    )
    got = [(w["seat"], w["spot"], w["result"], w["net_cents"]) for w in out["wagers"]]
    # In the filed order: Player, Banker, Tie, Panda 8, Dragon 7 (seed 002 L259).
    assert got == [
        (2, "player", "lose", -500),
        (1, "banker", "push", 0),
        (1, "panda-8", "lose", -200),
        (2, "dragon-7", "win", 20000),
    ]


# --- a draw that was due and not made ------------------------------------------------------------

MISSED_BY = {
    "confirm": lambda: ButtonPress(Button.CONFIRM),
    "deal_done": lambda: Declare(DeclareKind.DEAL_DONE),
    "shuffle": lambda: Shuffle(),
    "round_start": lambda: RoundStart((1, 2, 3), 3, None, (), 100000),
}


@pytest.mark.parametrize("gid", PUNTO_BANCO)
@pytest.mark.parametrize("banker", range(8))
@pytest.mark.parametrize("third", range(10))
def test_a_missing_banker_draw_is_a_draw_against_the_rule(gid, banker, third):
    """Where the chart says H, confirming instead of dealing the Banker's card is DRAW_AGAINST_RULE; where
    it says S, the coup is already complete and confirm raises nothing."""
    _g, s = started(gid)
    s = deal(s, gid, [card_of(0), card_of(banker), card_of(0, "d"), card_of(0, "h"), card_of(third, "s")])
    after = apply(s, ButtonPress(Button.CONFIRM))
    if banker_draws_by_the_prose(banker, third):
        assert [a.code.value for a in after.alerts] == ["DRAW_AGAINST_RULE"]
        assert "Banker's third card was due and not dealt" in after.alerts[0].message
        assert after.alerts[0].remedy and after.blocked
    else:
        assert after.alerts == () and after.status is Status.DEALT


@pytest.mark.parametrize("gid", PUNTO_BANCO)
@pytest.mark.parametrize("how", sorted(MISSED_BY))
def test_a_missing_player_draw_is_caught_however_the_dealer_moves_on(gid, how):
    _g, s = started(gid)
    s = deal(s, gid, [card_of(2), card_of(3), card_of(0, "d"), card_of(0, "h")])  # Player 2 draws
    assert s.prompt == "Player draws (third card)"
    after = apply(s, MISSED_BY[how]())
    if how == "round_start":
        # A new round while the Player's card is owed is refused: the coup stays, waiting for its card.
        assert [a.code.value for a in after.alerts] == ["ROUND_UNFINISHED"], how
        assert len(after.hand(PLAYER)) == 2 and after.prompt == "Player draws (third card)"
        return
    assert [a.code.value for a in after.alerts] == ["DRAW_AGAINST_RULE"], how
    assert "Player" in after.alerts[0].message
    if how == "deal_done":
        assert after.status is Status.DEALT and after.outcome.settlement is None  # no coup to settle


@pytest.mark.parametrize("gid", PUNTO_BANCO)
@pytest.mark.parametrize("how", sorted(MISSED_BY))
def test_moving_on_after_a_complete_coup_raises_nothing(gid, how):
    _g, s = started(gid)
    s = deal(s, gid, [card_of(9), card_of(3), card_of(0, "d"), card_of(0, "h")])  # a natural
    assert s.status is Status.DEALT
    assert apply(s, MISSED_BY[how]()).alerts == ()


# --- Cash-In's new-shoe burn (000b §8, L5413-5421) ------------------------------------------------

# The filed burn chart in words: an ace burns 1, 2-10 their face value, a face card 10.
FILED_BURN = {"A": 1, "J": 10, "Q": 10, "K": 10} | {str(n): n for n in range(2, 11)}


def _fresh(gid: str):
    g = game_rules(load_games()[gid])
    return g, fold(g, [Shuffle(), RoundStart((1, 2, 3), 3, None, (), 100000)])


@pytest.mark.parametrize("rank", sorted(FILED_BURN))
def test_cash_in_burns_the_first_cards_value_on_a_new_shoe(rank):
    g, s = _fresh("baccarat/cash-in")
    assert s.prompt.startswith("new shoe: turn the first card face up")
    s = apply(s, CardRead(parse_card(rank + "h"), True, to=Target(TargetKind.BURN)))
    burned = 0
    while isinstance(s.expected, Slot) and s.expected.target.kind is TargetKind.BURN:
        assert s.prompt.startswith(f"new shoe: burn {burned + 1} of {FILED_BURN[rank]}")
        s = apply(s, Burn(parse_card("23456"[burned % 5] + "cdhs"[burned // 5])))
        burned += 1
    assert burned == FILED_BURN[rank] and s.prompt == "Player first card" and not s.alerts
    # The shoe's next round has no burn; a new shoe burns again.
    s = deal(s, "baccarat/cash-in", [card_of(9), card_of(3), card_of(0, "d"), card_of(0, "h")])
    nxt = apply(s, RoundStart((1, 2, 3), 3, None, (), 100000))
    assert nxt.prompt == "Player first card"
    s = fold(g, [Shuffle(), RoundStart((1, 2, 3), 3, None, (), 100000)], s)
    assert s.prompt.startswith("new shoe: turn the first card face up")


def test_cash_in_a_burn_too_many_or_a_card_dealt_before_the_burn_is_done_is_flagged():
    _g, s = _fresh("baccarat/cash-in")
    s = apply(s, CardRead(parse_card("2h"), True, to=Target(TargetKind.BURN)))
    s = apply(s, Burn(parse_card("3c")))
    # One burn owed; the dealer deals the Player's card instead.
    early = apply(s, CardRead(parse_card("4c"), True, to=PLAYER))
    assert [a.code.value for a in early.alerts] == ["OUT_OF_ORDER"]
    s = apply(s, Burn(parse_card("3d")))
    extra = apply(s, Burn(parse_card("3h")))  # a third burn after the exposed 2
    assert [a.code.value for a in extra.alerts] == ["OUT_OF_ORDER"]


@pytest.mark.parametrize("gid", [g for g in PUNTO_BANCO if g != "baccarat/cash-in"])
def test_no_burn_where_none_is_filed(gid):
    _g, s = _fresh(gid)
    assert s.prompt.startswith("Player first card")
