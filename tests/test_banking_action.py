"""The action seat from dice, a card's value or a button, as each variant files it; who plays a square's hand."""

from __future__ import annotations

import pytest

from rules.banking import (
    ActionRule,
    BankingError,
    DataError,
    SquareBettor,
    Table,
    action_seat,
    plays_the_hand,
    seat_order,
)
from rules.banking.action import Direction

PAI_GOW = ActionRule.from_data({"source": "dice", "count_from": "player_dealer", "cite": "003 §2 rule 14"})


@pytest.mark.parametrize("pd", [1, 3, 7])
def test_pai_gow_dice_player_dealer_is_1_8_15(pd: int) -> None:
    """003 §2 rule 14: counting from the Player/Dealer as number 1, clockwise; its position is always 1, 8, 15."""
    table = Table((1, 2, 3, 4, 5, 6, 7), player_dealer=pd)
    ring = table.ring(pd, Direction.CLOCKWISE)
    for total in range(3, 19):
        seat = action_seat(PAI_GOW, table, total)
        assert (seat == pd) == (total in (8, 15))
        assert seat == ring[(total - 1) % 7]
    assert action_seat(PAI_GOW, table, 2) == ring[1]


def test_three_card_poker_face_down_card_counted_from_the_dealers_left() -> None:
    """003 §14: the player-dealer's face-down card; seats from the dealer's left count 1, 2, ...; the
    player-dealer position is not counted; Ace 1, 2-10 face value, J Q K 0."""
    rule = ActionRule.from_data(
        {
            "source": "card",
            "count_from": "dealer_left",
            "count_player_dealer": False,
            "card_values": {"J": 0, "Q": 0, "K": 0},
        }
    )
    table = Table((1, 2, 3, 4, 5, 6, 7, 8), player_dealer=4)
    assert action_seat(rule, table, rule.card_value("A")) == 1
    assert action_seat(rule, table, rule.card_value("3")) == 3
    assert action_seat(rule, table, rule.card_value("4")) == 5, "the player-dealer's seat is skipped"
    assert action_seat(rule, table, rule.card_value("10")) == 3, "ten wraps past the seventh counted seat"
    assert action_seat(rule, table, rule.card_value("K")) == 8, "choice: 0 lands on the last counted seat"


def test_party_craps_count_from_the_left_of_the_player_dealer_to_the_next_occupied_seat() -> None:
    """000b §6: add the two cards, count one from the left of the player-dealer and continue clockwise; an
    unoccupied seat moves the tile to the next occupied space."""
    rule = ActionRule.from_data(
        {"source": "card", "count_from": "after_player_dealer", "count_player_dealer": False}
    )
    table = Table(tuple(range(1, 13)), player_dealer=5, occupied=frozenset({1, 2, 5, 9, 10}))
    assert action_seat(rule, table, 1) == 9, "seat 6 is empty: the tile moves on to seat 9"
    assert action_seat(rule, table, 4) == 9
    assert action_seat(rule, table, 6) == 1
    skipping = ActionRule.from_data(
        {
            "source": "card",
            "count_from": "after_player_dealer",
            "count_player_dealer": False,
            "count_empty_seats": False,
        }
    )
    assert [action_seat(skipping, table, n) for n in (1, 2, 3, 4, 5)] == [9, 10, 1, 2, 9]


def test_action_button_and_settlement_seats() -> None:
    rule = ActionRule.from_data({"source": "button"})
    table = Table((1, 2, 3, 4, 5), player_dealer=2)
    assert action_seat(rule, table, 4) == 4
    assert seat_order(table, 4, Direction.CLOCKWISE) == [4, 5, 1, 3, 2]
    assert seat_order(table, 4, Direction.COUNTERCLOCKWISE) == [4, 3, 1, 5, 2]
    with pytest.raises(BankingError):
        action_seat(rule, table, 9)


def test_action_rule_data_errors_name_the_field() -> None:
    with pytest.raises(DataError, match="action.source"):
        ActionRule.from_data({"source": "roulette"})
    with pytest.raises(DataError, match="action.card_values.Z"):
        ActionRule.from_data({"source": "card", "card_values": {"Z": 1}})
    with pytest.raises(DataError, match="action.count_from"):
        ActionRule.from_data({"source": "dice", "count_from": "moon"})


def test_largest_money_in_action_decides() -> None:
    """000a §3 rule 16: the most money at risk decides; equal: the seated player; seated player not among them:
    whoever paid the collection; collection split equally: the front betting position."""
    b = SquareBettor
    assert plays_the_hand("sam", [b("sam", 100, 0), b("bo", 200, 1)]) == "bo"
    assert plays_the_hand("sam", [b("sam", 200, 0), b("bo", 200, 1)]) == "sam"
    assert plays_the_hand("sam", [b("sam", 50, 0), b("bo", 200, 1, 0), b("al", 200, 2, 100)]) == "al"
    assert plays_the_hand("sam", [b("sam", 50, 0), b("bo", 200, 2, 50), b("al", 200, 1, 50)]) == "al"
    assert plays_the_hand(None, [b("bo", 200, 2), b("al", 200, 1)]) == "al"
    assert plays_the_hand("sam", []) == "sam"
    with pytest.raises(BankingError):
        plays_the_hand(None, [])


def test_variant_banking_block_three_card_poker() -> None:
    """003 §14: the action button from the player-dealer's face-down card when the bank cannot cover everything
    (clockwise, Ante, Play, Bonus); when it covers everything, from the player right of the house dealer,
    counter-clockwise, losers collected first."""
    from fractions import Fraction

    from rules.banking import VariantBanking, Wager, WagerKind, WagerResult, covers_all

    vb = VariantBanking.from_data(
        {
            "cite": "003 §14",
            "action": {
                "source": "card",
                "count_from": "dealer_left",
                "count_player_dealer": False,
                "card_values": {"J": 0, "Q": 0, "K": 0},
            },
            "settlement": {"direction": "clockwise", "wager_order": ["Ante", "Play", "Bonus"]},
            "covered": {
                "direction": "counterclockwise",
                "wager_order": ["Ante", "Play", "Bonus"],
                "mode": "collect_then_pay",
            },
            "limits": {"minimum": 5, "maximum": 600},
            "fees": {"game": "three-card-poker"},
        }
    )
    assert vb.fees_game == "three-card-poker" and vb.limits is not None and vb.rotation.max_consecutive == 2
    table = Table((1, 2, 3, 4, 5, 6, 7, 8), player_dealer=4)
    a1 = Wager.single(1, "Ante", "p1", 1000)
    b1 = Wager.single(1, "Bonus", "p1", 500, WagerKind.BONUS)
    a7 = Wager.single(7, "Ante", "p7", 1000)
    results = [WagerResult.win(a1), WagerResult.win(b1, Fraction(4)), WagerResult.lose(a7)]
    seat = action_seat(vb.action, table, vb.action.card_value("6"))
    assert seat == 7
    short = vb.settle(1500, results, table, seat)
    assert not covers_all(1500, results)
    assert [(x.wager.seat, x.wager.name) for x in short.lines] == [(7, "Ante"), (1, "Ante"), (1, "Bonus")]
    assert [x.paid for x in short.lines] == [0, 1000, 1500]
    covered = vb.settle(10000, results, table, seat)
    assert covers_all(10000, results)
    assert [(x.wager.seat, x.wager.name) for x in covered.lines] == [(7, "Ante"), (1, "Ante"), (1, "Bonus")]
    assert covered.player_dealer_result == 1000 - 1000 - 2000
    with pytest.raises(DataError, match="banking.action"):
        VariantBanking.from_data({"settlement": {}})
    with pytest.raises(DataError, match="banking.fees"):
        VariantBanking.from_data({"action": {"source": "button"}, "fees": "x"})
