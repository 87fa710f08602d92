"""Every cell of every punto banco variant's tableau, through the coup follower the round engine calls.

The expected draws are written here from the filings' prose (seed 002 L164-175, 000 L5456-5465, 003
L1157-1164), not read from the data files, so a wrong cell in any file fails.
"""

from __future__ import annotations

import pytest

from rules.baccarat import Variant, from_data
from rules.baccarat.coup import follow
from rules.cards import Card, parse_card, parse_cards
from terminal.games import load_games

PUNTO_BANCO = sorted(
    g.id for g in load_games().values() if g.family == "baccarat" and g.data.get("game") != "pan9"
)

SUITS = "cdhs"


def _variant(gid: str) -> Variant:
    v = from_data(load_games()[gid].data)
    assert isinstance(v, Variant)
    return v


def card_of(value: int, n: int = 0) -> Card:
    """A card of baccarat value ``value`` (0 as a king), varying the suit with ``n``."""
    rank = {0: "K", 1: "A"}.get(value, str(value))
    return parse_card(rank + SUITS[n % 4])


def two_cards(total: int, n: int) -> tuple[Card, Card]:
    """Two cards making ``total``: a ten-value card and the total (or two cards where the total is 0)."""
    return (card_of(total, n), card_of(0, n + 1))


def deal(pt: int, bt: int, *rest: Card) -> list[Card]:
    """Player and Banker two-card totals, dealt Player, Banker, Player, Banker, then ``rest``."""
    p1, p2 = two_cards(pt, 0)
    b1, b2 = two_cards(bt, 2)
    return [p1, b1, p2, b2, *rest]


def banker_draws_by_the_prose(banker: int, third: int) -> bool:
    """The filed rule in words: 0-2 draw; 3 unless an 8; 4 on 2-7; 5 on 4-7; 6 on 6-7; 7 stands."""
    if banker <= 2:
        return True
    if banker == 3:
        return third != 8
    if banker == 4:
        return third not in (0, 1, 8, 9)
    if banker == 5:
        return third in (4, 5, 6, 7)
    if banker == 6:
        return third in (6, 7)
    return False


def result_call(player: int, banker: int) -> str:
    if player == banker:
        return f"Tie, {player} to {banker}"
    return (
        f"Player wins, {player} over {banker}" if player > banker else f"Banker wins, {banker} over {player}"
    )


def test_every_filed_punto_banco_game_is_covered():
    assert len(PUNTO_BANCO) == 8
    assert "baccarat/ez-panda8" in PUNTO_BANCO


@pytest.mark.parametrize("gid", PUNTO_BANCO)
@pytest.mark.parametrize("banker", range(8))
@pytest.mark.parametrize("third", range(10))
def test_banker_chart_cell(gid, banker, third):
    v = _variant(gid)
    expected = banker_draws_by_the_prose(banker, third)
    assert v.tableau.banker_draws(banker, third) is expected
    assert v.tableau.cell(banker, third) == ("H" if expected else "S")
    # The same cell through the follower: the Player (on 0) drew a card worth ``third``.
    dealt = deal(0, banker, card_of(third, 3))
    state = follow(v.tableau, dealt)
    assert state.next == ("banker" if expected else None)
    if expected:
        assert state.prompt == "Banker draws"
    else:
        assert state.prompt == result_call(third, banker)
    assert ("Banker draws" in state.calls) is expected
    assert ("Banker stands" in state.calls) is not expected


@pytest.mark.parametrize("gid", PUNTO_BANCO)
@pytest.mark.parametrize("player", range(10))
@pytest.mark.parametrize("banker", range(10))
def test_player_draw_and_naturals(gid, player, banker):
    v = _variant(gid)
    natural = player >= 8 or banker >= 8
    draws = not natural and player <= 5
    assert v.tableau.player_draws(player, banker) is draws
    state = follow(v.tableau, deal(player, banker))
    if natural:
        assert state.next is None and state.complete
        assert any("natural" in c and "no draws" in c for c in state.calls)
    elif draws:
        assert state.next == "player" and state.prompt == "Player draws"
    else:
        # The Player stood on 6 or 7: the Banker draws on 5 or less.
        assert "Player stands" in state.calls
        assert state.next == ("banker" if banker <= 5 else None)
        assert v.tableau.banker_draws(banker, None, player_total=player) is (banker <= 5)


@pytest.mark.parametrize("gid", PUNTO_BANCO)
def test_a_player_natural_stops_the_banker_even_on_zero(gid):
    t = _variant(gid).tableau
    assert t.banker_draws(0, None, player_total=8) is False
    assert t.banker_draws(0, None, player_total=9) is False
    assert t.banker_draws(0, None) is True  # the Player stood on 6 or 7


def test_first_cards_go_player_banker_player_banker():
    v = _variant("baccarat/zoobac")
    cards = list(parse_cards("2c 3c 3d Kc"))
    assert [follow(v.tableau, cards[:i]).next for i in range(4)] == ["player", "banker", "player", "banker"]
    state = follow(v.tableau, cards)
    assert state.player == (cards[0], cards[2]) and state.banker == (cards[1], cards[3])
    assert state.prompt == "Player draws"


def test_cards_after_a_complete_coup_are_extra():
    v = _variant("baccarat/ez-panda8")
    cards = list(parse_cards("9c Kc Kd 5c 3h"))  # Player natural 9: nothing more is due
    state = follow(v.tableau, cards)
    assert state.next is None and state.extra == (cards[4],)


def test_tableau_provenance_is_recorded():
    charts = {gid: _variant(gid).tableau.chart for gid in PUNTO_BANCO}
    assert charts["baccarat/21st-century"] == "filed"
    assert charts["baccarat/ez-panda8-oaks"] == "rebuilt"
    assert charts["baccarat/zoobac"] == "rebuilt"
    assert charts["baccarat/cash-in"] == "rebuilt"
    assert charts["baccarat/supreme"] == "prose"
