"""The coup follower on random shoes (hypothesis): it agrees with an independent statement of the rules."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.baccarat import Variant, from_data
from rules.baccarat.coup import Coup, due_from_hands, follow
from rules.baccarat.settle import settle
from rules.cards import STANDARD_CARDS, Card
from terminal.games import load_games

EZ = from_data(load_games()["baccarat/ez-panda8"].data)
assert isinstance(EZ, Variant)

six_cards = st.lists(st.sampled_from(STANDARD_CARDS), min_size=6, max_size=6)


def points(cards: list[Card]) -> int:
    return sum(min(c.rank.low_value, 10) % 10 for c in cards if c.rank is not None) % 10


def coup_in_words(cards: list[Card]) -> tuple[list[Card], list[Card]]:
    """Punto banco as the filings word it (seed 002 L156-175), written independently of the engine."""
    player, banker = [cards[0], cards[2]], [cards[1], cards[3]]
    rest = iter(cards[4:])
    p, b = points(player), points(banker)
    if p >= 8 or b >= 8:
        return player, banker
    third = None
    if p <= 5:
        third = next(rest)
        player.append(third)
    if third is None:
        if b <= 5:
            banker.append(next(rest))
        return player, banker
    t = points([third])
    draws = (
        b <= 2
        or (b == 3 and t != 8)
        or (b == 4 and t in (2, 3, 4, 5, 6, 7))
        or (b == 5 and t in (4, 5, 6, 7))
        or (b == 6 and t in (6, 7))
    )
    if draws:
        banker.append(next(rest))
    return player, banker


@settings(max_examples=400, deadline=None)
@given(six_cards)
def test_follower_matches_the_rules_in_words(cards):
    player, banker = coup_in_words(cards)
    used = len(player) + len(banker)
    state = follow(EZ.tableau, cards[:used])
    assert state.complete and list(state.player) == player and list(state.banker) == banker
    # Every shorter prefix still owes a card, to the hand that gets the next one.
    for k in range(used):
        nxt = follow(EZ.tableau, cards[:k]).next
        assert nxt is not None
        assert (cards[k] in player and nxt == "player") or (cards[k] in banker and nxt == "banker")
    # Anything more is a card dealt against the rule.
    assert follow(EZ.tableau, cards).extra == tuple(cards[used:])
    coup = Coup.from_cards(EZ, cards[:used])
    assert coup.player_total == points(player) and coup.banker_total == points(banker)


@settings(max_examples=300, deadline=None)
@given(six_cards)
def test_due_from_hands_agrees_with_the_follower(cards):
    for k in range(4, 7):
        state = follow(EZ.tableau, cards[:k])
        if state.extra:
            break
        assert due_from_hands(EZ.tableau, state.player, state.banker) == state.next


@settings(max_examples=200, deadline=None)
@given(six_cards)
def test_exactly_one_of_banker_player_tie_and_specials_are_consistent(cards):
    player, banker = coup_in_words(cards)
    coup = Coup.from_cards(EZ, cards[: len(player) + len(banker)])
    results = {w: settle(EZ, w, coup).result for w in ("player", "banker", "tie", "dragon-7", "panda-8")}
    if coup.winner == "tie":
        assert results["tie"] == "win" and results["player"] == results["banker"] == "push"
    else:
        assert results["tie"] == "lose"
        assert (
            results[coup.winner] in ("win", "push")
            and results["player" if coup.winner == "banker" else "banker"] == "lose"
        )
    assert (
        (results["dragon-7"] == "win")
        == ("dragon-7" in coup.specials)
        == (len(banker) == 3 and coup.banker_total == 7 and coup.player_total <= 6)
    )
    assert (results["panda-8"] == "win") == (
        len(player) == 3 and coup.player_total == 8 and coup.banker_total <= 7
    )
