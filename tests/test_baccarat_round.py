"""The Baccarat family hook inside the round engine: every tableau cell, draws against the rule, settlement."""

from __future__ import annotations

import pytest

from rules.cards import Card, parse_card
from rules.round import Target, TargetKind, apply, fold
from rules.round.events import CardRead, RoundStart, Shuffle, Wager
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


def started(gid: str, wagers=()):
    g = game_rules(load_games()[gid])
    return g, fold(g, [Shuffle(), RoundStart((1, 2, 3), 3, None, tuple(wagers), 100000)])


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
