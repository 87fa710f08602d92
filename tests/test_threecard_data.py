"""Three Card Poker family data: every filed variant loads with its cites; bad data names the field;
the two alternating decks and WRONG_DECK."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules.cards import card
from rules.gamefile import GameFileError
from rules.round.alerts import AlertCode
from rules.threecard import AlternatingDecks, ThreeCardDataError, from_data, parse_qualifier
from rules.threecard.analyze import analyze
from rules.threecard.model import describe_value
from terminal.games import load_games

GAMES = sorted(g for g in load_games() if g.startswith("threecard/"))


def data(name: str) -> dict[str, Any]:
    return copy.deepcopy(load_games()[f"threecard/{name}"].data)


def test_every_filed_game_is_there() -> None:
    assert set(GAMES) == {
        "threecard/tres-lounge",
        "threecard/capitol",
        "threecard/marysville",
        "threecard/six-card-bonus-marysville",
        "threecard/six-card-bonus-oaks",
        "threecard/pair-and-up",
        "threecard/betwiser-3card-holdem",
    }


@pytest.mark.parametrize("gid", GAMES)
def test_variant_loads_with_cites(gid: str) -> None:
    g = load_games()[gid]
    v = from_data(g.data)
    assert v.id == gid
    assert g.source["seed"] and g.source["lines"]
    for b in v.bonuses:
        assert str(b.cite) and str(b.fold_cite)
    assert str(v.qualify_cite) and str(v.order_cite) and str(v.shows_cite)
    assert v.order[0] == "ante"
    for ch in g.choices:  # every choice of this family says what, what was chosen and why
        if "what" in ch:
            assert ch["chose"] and ch["why"]


def test_named_options_as_filed() -> None:
    names = {b.name for gid in GAMES for b in from_data(load_games()[gid].data).bonuses}
    assert names == {
        "Pair Plus",
        "6 Card Bonus",
        "Pair & Up",
        "Bonus 6",
        "Bonus",
        "Flush Or Pair",
        "Straight Or Up",
    }
    holdem = from_data(data("betwiser-3card-holdem"))
    assert set(holdem.bonus("flush-or-pair").tables) == {"A1", "A2"}
    assert set(holdem.bonus("straight-or-up").tables) == {"B1", "B2"}
    assert [r.step for r in holdem.raises] == ["bet-or-fold", "bet-or-check"]


@pytest.mark.parametrize(
    ("mutate", "where"),
    [
        (lambda d: d.pop("qualify"), "qualify"),
        (lambda d: d["qualify"].update(at_least="seven-ish"), "qualify.at_least"),
        (lambda d: d["bonuses"][0]["pays"][1].update(hand="Full House"), "bonuses[0].pays[1].hand"),
        (lambda d: d["bonuses"][0]["pays"][1].update(pays=-3), "bonuses[0].pays[1].pays"),
        (lambda d: d["bonuses"][0]["pays"][1].update(pays=0), "bonuses[0].pays[1].pays"),
        (lambda d: d["bonuses"][0].pop("on_fold"), "bonuses[0].on_fold"),
        (lambda d: d["bonuses"][0]["on_fold"].update(stays="yes"), "bonuses[0].on_fold.stays"),
        (lambda d: d["bonuses"][0].update(hand="seven-card"), "bonuses[0].hand"),
        (
            lambda d: d["showdown"]["not_qualified"]["tie"].update(ante="refund"),
            "showdown.not_qualified.tie.ante",
        ),
        (lambda d: d["decks"].update(backs=["red", "red"]), "decks.backs"),
        (lambda d: d.update(colour="green"), "colour"),
        (lambda d: d["order"].update(wagers=["ante", "play"]), "order.wagers"),
        (lambda d: d["raises"][0].pop("cite"), "raises[0].cite"),
        (lambda d: d["hands"].update(player=2), "hands"),
        (lambda d: d.update(game="blackjack"), "game"),
    ],
)
def test_bad_data_names_the_field(mutate: Any, where: str) -> None:
    """The family's schema (the one validator of its game files) refuses each, naming the field."""
    d = data("tres-lounge")
    mutate(d)
    with pytest.raises(GameFileError) as exc:
        from_data(d)
    assert exc.value.where == where


def test_analyze_refuses_decks_the_variant_does_not_use() -> None:
    with pytest.raises(ThreeCardDataError, match="decks"):
        analyze(data("tres-lounge"), 6)
    with pytest.raises(ThreeCardDataError, match="decks"):
        analyze(data("capitol"), 7)


def test_qualifier_words() -> None:
    assert parse_qualifier("queen high") == parse_qualifier("Q high") == 12 << 8
    assert parse_qualifier("pair of 4s") == parse_qualifier("pair of fours") == 1 << 12 | 4 << 8
    assert describe_value(0 << 12 | 12 << 8 | 6 << 4 | 4) == "Q-6-4"


# ------------------------------------------------------------------------------ alternating decks


def decks() -> AlternatingDecks:
    spec = from_data(data("tres-lounge")).alternating
    assert spec is not None
    return AlternatingDecks.from_spec(spec)


def test_decks_alternate_every_round() -> None:
    d = decks()
    assert [d.in_play(n) for n in (1, 2, 3, 4)] == ["red", "blue", "red", "blue"]
    assert [d.in_play(n, first="blue") for n in (1, 2)] == ["blue", "red"]
    assert d.in_shuffler(1) == "blue"


def test_a_card_of_the_deck_not_in_play_is_wrong_deck() -> None:
    d = decks()
    f = d.wrong_deck("Blue", "red", card=card("As"), seat=3)
    assert f is not None and f.code is AlertCode.WRONG_DECK and f.card == card("As") and f.seat == 3
    assert d.wrong_deck("red", "red") is None


def test_same_deck_twice_and_both_decks_in_the_rack() -> None:
    d = decks()
    assert d.not_alternated("red", "red") is not None
    assert d.not_alternated("red", "blue") is None
    assert d.discard_rack(["red", "red"]) is None
    rack = d.discard_rack(["red", "blue"])
    assert rack is not None and rack.code is AlertCode.WRONG_DECK


def test_unknown_back_is_an_error() -> None:
    with pytest.raises(ThreeCardDataError, match="green"):
        decks().wrong_deck("green", "red")
    with pytest.raises(ThreeCardDataError, match="round"):
        decks().in_play(0)
