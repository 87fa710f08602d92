"""The bridge to the banking engine: the action seat counts as filed, and a coup settles against a bank."""

from __future__ import annotations

import pytest

from rules.baccarat import Variant, from_data
from rules.baccarat.banking import (
    action_rule,
    button_count,
    button_seat,
    first_seat,
    settlement_order,
    wager_kind,
    wager_results,
)
from rules.baccarat.coup import Coup
from rules.banking import (
    Coverage,
    Direction,
    Grouping,
    SettleMode,
    Table,
    Wager,
    action_seat,
    order_wagers,
    settle,
)
from rules.cards import Card, Rank, Suit, parse_cards
from terminal.games import load_games


def _variant(gid: str) -> Variant:
    v = from_data(load_games()[gid].data)
    assert isinstance(v, Variant)
    return v


@pytest.mark.parametrize(
    "gid", ["baccarat/21st-century", "baccarat/supreme", "baccarat/zoobac", "baccarat/commission-free-dragon"]
)
@pytest.mark.parametrize("pd", [1, 4, 8])
@pytest.mark.parametrize("rank", list(Rank))
def test_banking_action_seat_agrees_with_the_filed_count(gid, pd, rank):
    """Seat numbers from the house dealer's left (banking) against the filing's own count (the variant)."""
    v = _variant(gid)
    table = Table(tuple(range(1, 9)), pd)
    card = Card(rank, Suit.SPADES)
    # The button card in its place: ZooBac reads the Player's first card, the Dragon Bonus the Banker's second.
    dealt = [card, card, card, card]
    count = button_count(v, dealt)
    rule = action_rule(v)
    assert rule is not None and count == {Rank.ACE: 1, Rank.JACK: 11, Rank.QUEEN: 12, Rank.KING: 13}.get(
        rank, rank.value
    )
    seat = action_seat(rule, table, count)
    own = button_seat(v, dealt, seats=8 if v.action.origin == "player-dealer" else 7)
    if v.action.origin == "player-dealer":
        assert seat == (pd - 1 + own) % 8 + 1  # ``own`` seats clockwise of the player-dealer (0 = itself)
    else:
        others = [s for s in range(1, 9) if s != pd]
        assert seat == others[own - 1]  # ``own``-th seat from the dealer's left, the player-dealer skipped


def test_ez_settlement_against_a_short_bank():
    v = _variant("baccarat/ez-panda8")
    coup = Coup.from_cards(v, parse_cards("3c 4c Kc Kd 3d 3h"))  # Banker three-card 7 over Player 6: Dragon 7
    table = Table(tuple(range(1, 8)), player_dealer=4)
    wagers = [
        Wager.single(2, "dragon-7", "Ann", 500, wager_kind(v, "dragon-7")),
        Wager.single(1, "banker", "Bo", 2000, wager_kind(v, "banker")),
        Wager.single(5, "player", "Cy", 3000, wager_kind(v, "player")),
        Wager.single(6, "dragon-7", "Di", 500, wager_kind(v, "dragon-7")),
    ]
    order = settlement_order(v)
    assert order.direction is Direction.CLOCKWISE and order.grouping is Grouping.WAGER
    start = first_seat(v, table, coup.player + coup.banker)
    assert start == 5  # left of the player-dealer (seat 4), clockwise
    ordered = order_wagers(order, table, start, wagers)
    # Wager by wager (seed 002 L259), each from seat 5 clockwise: 5, 6, 7, 1, 2, 3.
    assert [(w.seat, w.name) for w in ordered] == [
        (5, "player"),
        (1, "banker"),
        (6, "dragon-7"),
        (2, "dragon-7"),
    ]
    s = settle(20000, wager_results(v, coup, ordered))
    lines = {(ln.wager.seat, ln.wager.name): ln for ln in s.lines}
    assert lines[(5, "player")].collected == 3000  # the bank grows to $230
    assert lines[(1, "banker")].paid == 0 and lines[(1, "banker")].returned == 2000  # pushes (EZ)
    assert lines[(6, "dragon-7")].paid == 20000  # 40 to 1 on $5; the bank is down to $30
    assert lines[(2, "dragon-7")].paid == 3000 and lines[(2, "dragon-7")].coverage is Coverage.PARTIAL
    assert s.bank_after == 0


def test_zoobac_collects_first_when_the_bank_covers():
    v = _variant("baccarat/zoobac")
    covered = settlement_order(v, bank_covers=True)
    assert covered.direction is Direction.COUNTERCLOCKWISE and covered.mode is SettleMode.COLLECT_THEN_PAY
    assert settlement_order(v).mode is SettleMode.IN_ORDER
    table = Table(tuple(range(1, 13)), player_dealer=3)
    assert (
        first_seat(v, table, parse_cards("Kc 2c 3c 4c"), bank_covers=True) == 12
    )  # the house dealer's right


def test_supreme_flex_no_action_goes_back():
    v = _variant("baccarat/supreme")
    coup = Coup.from_cards(v, parse_cards("Kc 4c Kd Kh Ks"))  # Banker 4: Flex bets have no action
    w = Wager.single(1, "flex-5", "Ed", 500, wager_kind(v, "flex-5"))
    (r,) = wager_results(v, coup, [w])
    s = settle(10000, [r])
    assert s.lines[0].returned == 500 and s.bank_after == 10000
