"""The deal's decisions: stud bring-ins for every filed rule and suit order, the first to act, the new
game's button, the stud not-enough-cards procedure and the lowball joker."""

from __future__ import annotations

import pytest

from rules.cards import Rank, parse_card, parse_cards
from rules.poker import bring_in_seat, button_by_high_card, first_to_act_stud, lowball_joker, parse_poker
from rules.poker.deal import DealError, stud_short_deck
from terminal.games import get_game


def variant(gid):
    return parse_poker(get_game(gid).data["poker"])


def up(**seats):
    return {int(k[1:]): parse_card(v) for k, v in seats.items()}


# --- bring-ins: each filed rule ------------------------------------------------------------------


def test_stud_high_the101_low_card_by_suit_brings_it_in():
    v = variant("stud/the101")
    # two deuces showing: clubs is the lowest suit of the order
    assert bring_in_seat(up(s1="2d", s3="2c", s5="9h", s7="Ks"), v) == 3
    assert bring_in_seat(up(s1="2h", s3="2s", s5="9h"), v) == 1
    # the ace is high in high stud: a three brings it in over an ace
    assert bring_in_seat(up(s1="Ac", s2="3s"), v) == 2


def test_stud_oaks_alphabetical_suit_order_clubs_diamonds_hearts_spades():
    v = variant("stud/oaks")
    cards = ["4s", "4h", "4d", "4c"]
    for k in range(4):
        seats = {i + 1: parse_card(c) for i, c in enumerate(cards[k:] + cards[:k])}
        low = bring_in_seat(seats, v)
        assert str(seats[low]) == "4c"


def test_stud_hilo_the101_high_card_brings_it_in():
    v = variant("stud/hilo-the101")
    assert bring_in_seat(up(s1="Kd", s2="Ks", s3="2c"), v) == 2
    assert bring_in_seat(up(s1="Ac", s2="Ks"), v) == 1


def test_razz_high_card_aces_low_brings_it_in():
    v = variant("stud/razz-oaks")
    assert bring_in_seat(up(s1="Ah", s2="Kc", s3="Qs"), v) == 2  # the ace is low in Razz
    assert bring_in_seat(up(s1="Kh", s2="Kc", s3="Ks"), v) == 3  # equal kings: the highest suit


def test_mexican_the101_low_card_and_the_face_up_joker_counts_as_an_ace():
    v = variant("stud/mexican-the101")
    assert bring_in_seat(up(s1="Jk", s2="3d", s3="3c"), v) == 3
    # a joker and an ace are equal in rank; the joker has no suit and counts below the four suits
    assert bring_in_seat(up(s1="Jk", s2="As"), v) == 1
    # the joker is an ace: any other card is lower
    assert bring_in_seat(up(s1="Jk", s2="Kc"), v) == 2


def test_mexican_tres_lounge_high_card_ties_go_to_the_first_dealt():
    v = variant("stud/mexican-tres-lounge")
    order = [4, 6, 1]  # the dealing order from the button's left
    assert bring_in_seat(up(s1="Kc", s4="Ks", s6="Kd"), v, order) == 4
    assert bring_in_seat(up(s1="Kc", s4="Qs", s6="Kd"), v, order) == 6
    # the joker dealt face up on the first round is an ace for the bring-in (L996)
    assert bring_in_seat(up(s1="Jk", s4="Ks", s6="As"), v, order) == 6
    assert bring_in_seat(up(s1="Jk", s4="Ks", s6="Qs"), v, order) == 1
    with pytest.raises(DealError):
        bring_in_seat(up(s1="Kc", s9="Ks"), v, order)


def test_a_game_without_a_bring_in_says_so():
    with pytest.raises(DealError, match="no bring-in"):
        bring_in_seat(up(s1="2c", s2="3c"), variant("holdem/marysville"))


def test_the_same_card_twice_is_refused():
    with pytest.raises(DealError):
        bring_in_seat({1: parse_card("2c"), 2: parse_card("2c")}, variant("stud/the101"))


# --- first to act after the first round ------------------------------------------------------------


def test_stud_high_hand_showing_acts_first_ties_left_of_dealer():
    v = variant("stud/oaks")
    showing = {1: parse_cards("Kc 9d"), 4: parse_cards("7c 7d"), 6: parse_cards("Ah Qs")}
    assert first_to_act_stud(showing, v) == 4  # a pair beats ace-high
    tie = {2: parse_cards("Ah Qs"), 5: parse_cards("Ad Qc"), 7: parse_cards("Kc 9d")}
    assert first_to_act_stud(tie, v) == 2
    assert first_to_act_stud(tie, v, button=3) == 5  # the first to the left of the dealer position


def test_razz_low_hand_showing_acts_first():
    v = variant("stud/razz-oaks")
    showing = {1: parse_cards("Kc 9d"), 4: parse_cards("3c 3d"), 6: parse_cards("Ah 5s")}
    assert first_to_act_stud(showing, v) == 6
    assert first_to_act_stud({1: parse_cards("Kc 9d"), 4: parse_cards("3c 3d")}, v) == 1  # a pair is worse


# --- a new game's button -------------------------------------------------------------------------


@pytest.mark.parametrize("gid", ["holdem/marysville", "omaha/hilo-joker-marysville", "holdem/tres-lounge"])
def test_new_game_button_highest_card_by_suit(gid):
    v = variant(gid)
    assert button_by_high_card(up(s1="Ah", s2="As", s3="Kc"), v) == 2  # spades over hearts
    assert button_by_high_card(up(s1="Ad", s2="Ac", s3="Kc"), v) == 1
    assert button_by_high_card(up(s1="2c", s2="3c"), v) == 2


def test_a_joker_at_the_button_draw_is_an_ace_below_the_suited_aces():
    v = variant("stud/mexican-tres-lounge")
    assert button_by_high_card(up(s1="Jk", s2="Kc"), v) == 1
    assert button_by_high_card(up(s1="Jk", s2="Ac"), v) == 2


# --- stud: not enough cards (seed 000 L9, L23) --------------------------------------------------------


def test_short_deck_enough_cards_deal_on():
    plan = stud_short_deck(6, 6, variant("stud/the101"))
    assert plan.deal_now == 6 and not plan.scramble


def test_short_deck_five_players_without_a_card_no_burn():
    # 3 cards left for 7 players: deal 2, keep the last; five players take the last card and the four burns
    plan = stud_short_deck(3, 7, variant("stud/the101"))
    assert (plan.deal_now, plan.scramble, plan.burn, plan.community) == (2, True, False, False)


def test_short_deck_fewer_than_five_burn_first():
    plan = stud_short_deck(4, 6, variant("stud/the101"))
    assert (plan.deal_now, plan.burn, plan.community) == (3, True, False)


def test_short_deck_more_than_five_one_community_card_where_filed():
    plan = stud_short_deck(1, 7, variant("stud/the101"))
    assert (plan.deal_now, plan.burn, plan.community, plan.call_floor) == (0, True, True, False)
    # Stud Hi-Lo's rule stops at five players: the floor decides
    plan = stud_short_deck(1, 7, variant("stud/hilo-the101"))
    assert plan.call_floor and not plan.community


# --- lowball: the joker is the lowest missing card (seed 001 L78-79, 004 L7-8) ------------------------------


@pytest.mark.parametrize(
    ("hand", "rank"),
    [
        ("2c 3d 4h 6s", Rank.ACE),
        ("As 3d 4h 6s", Rank.TWO),
        ("As 2d 3h 4s", Rank.FIVE),
        ("Ac 2d 3h 5s", Rank.FOUR),
    ],
)
def test_lowball_joker_is_the_lowest_missing_rank(hand, rank):
    assert lowball_joker(parse_cards(hand)) is rank
