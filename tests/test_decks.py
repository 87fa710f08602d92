import pytest

from rules.cards import JOKER, Rank, parse_card, parse_cards
from rules.decks import DeckSpec
from rules.errors import DeckError


def test_pai_gow_deck_is_53_cards_with_one_joker():
    d = DeckSpec.from_data({"decks": 1, "jokers": 1})
    assert d.size == 53 and d.max_copies(JOKER) == 1 and d.describe() == "1 deck + 1 joker"


def test_stripped_deck_has_no_removed_ranks():
    d = DeckSpec.from_data({"ranks_removed": [8, 9, "10"]})
    assert d.size == 40
    assert not d.contains(parse_card("9h")) and d.contains(parse_card("7h"))
    assert Rank.TEN in d.ranks_removed


def test_eight_deck_shoe_counts_and_checks():
    d = DeckSpec(decks=8)
    assert d.size == 416 and d.max_copies(parse_card("As")) == 8
    foreign, over = d.check([JOKER, *([parse_card("As")] * 9), parse_card("Kd")])
    assert foreign == [JOKER] and over == [parse_card("As")]


def test_missing_reports_what_a_deck_check_lacks():
    d = DeckSpec(decks=1, jokers=1)
    seen = [c for c in d.one_deck() if c not in parse_cards("As Jk")]
    assert sorted(d.missing(seen)) == sorted(parse_cards("As Jk"))


@pytest.mark.parametrize(
    "data", [{"decks": 0}, {"decks": "two"}, {"jokers": 9}, {"colour": "red"}, {"ranks_removed": ["X"]}]
)
def test_bad_deck_data_is_a_typed_error(data):
    with pytest.raises(DeckError):
        DeckSpec.from_data(data)


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"decks": 8},
        {"decks": 2, "jokers": 1},
        {"ranks_removed": [8, 9, 10], "jokers": 1},
        {"extra_cards": ["As"]},
    ],
)
def test_size_is_what_the_composition_adds_up_to(data):
    d = DeckSpec.from_data(data)
    assert d.size == sum(d.composition().values())
