import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.cards import (
    ALL_CARDS,
    JOKER,
    STANDARD_CARDS,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
    parse_read,
)
from rules.errors import CardParseError


def test_every_card_round_trips_through_its_notation():
    assert len(STANDARD_CARDS) == 52 and len(set(STANDARD_CARDS)) == 52
    for c in ALL_CARDS:
        assert parse_card(str(c)) is c
        assert ALL_CARDS[c.index] is c


@pytest.mark.parametrize(
    ("token", "text"),
    [("As", "As"), ("as", "As"), ("10h", "Th"), ("th", "Th"), ("JK", "Jk"), ("jk", "Jk"), ("2C", "2c")],
)
def test_input_accepts_lower_case_and_ten(token, text):
    assert str(parse_card(token)) == text


@pytest.mark.parametrize("token", ["", "A", "1s", "Ax", "Zs", "11h", "Ass", "??", "10"])
def test_bad_token_is_a_typed_error_naming_it(token):
    with pytest.raises(CardParseError) as info:
        parse_card(token)
    assert repr(token) in str(info.value)


def test_unread_card_is_none_only_through_parse_read():
    assert parse_read("??") is None
    assert parse_read("Kd") is parse_card("Kd")


def test_parse_cards_accepts_spaces_commas_and_compact_runs():
    assert parse_cards("As,Kd 10h") == parse_cards("AsKd10h") == parse_cards(["As", "Kd", "Th"])
    assert format_cards([parse_card("As"), None, JOKER]) == "As ?? Jk"


def test_card_attributes():
    c = parse_card("Qh")
    assert c.rank is Rank.QUEEN and c.suit is Suit.HEARTS and c.suit.is_red and c.pretty == "Q♥"
    assert JOKER.is_joker and JOKER.rank is None and JOKER.pretty == "JOKER"
    assert Rank.ACE.low_value == 1 and Rank.KING.low_value == 13


@given(st.sampled_from(ALL_CARDS))
def test_cards_are_interned_and_pickle_to_the_same_object(c):
    assert pickle.loads(pickle.dumps(c)) is c
    with pytest.raises(AttributeError):
        c.rank = Rank.TWO  # type: ignore[misc]
