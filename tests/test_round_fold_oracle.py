"""The fold against an oracle written apart from the engine: punto banco's filed tableau.

``baccarat/commission-free`` files the standard tableau (seed 000, rules 11 and 14, L783-813: the Player
draws on 0-5; a Banker whose Player stood draws on 0-5; otherwise the Banker's chart by the Player's third
card). The oracle below is that rule written out by hand, sharing no code with ``rules.baccarat`` or
``rules.round``; the fold must deal exactly the cards it says, to the boxes it says, and end the coup there.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import STANDARD_CARDS
from rules.round import Status, Target, TargetKind, apply, initial
from rules.round.events import CardRead, RoundStart, Shuffle
from tests.round_helpers import filed

GAME = "baccarat/commission-free"
#: The Banker draws (True) by its total (rows) and the Player's third card's value (columns 0-9).
BANKER_DRAWS = {
    0: [True] * 10,
    1: [True] * 10,
    2: [True] * 10,
    3: [v != 8 for v in range(10)],
    4: [2 <= v <= 7 for v in range(10)],
    5: [4 <= v <= 7 for v in range(10)],
    6: [6 <= v <= 7 for v in range(10)],
    7: [False] * 10,
}


def value(card) -> int:
    """A baccarat card value: ace 1, two to nine at face value, tens and pictures 0."""
    rank = str(card)[0]
    return {"A": 1, "T": 0, "J": 0, "Q": 0, "K": 0}.get(rank, 0 if not rank.isdigit() else int(rank))


def oracle(shoe: list) -> tuple[list, list]:
    """The Player's and the Banker's cards a coup takes from the top of ``shoe``."""
    player, banker = [shoe[0], shoe[2]], [shoe[1], shoe[3]]
    rest = iter(shoe[4:])

    def total(hand: list) -> int:
        return sum(value(c) for c in hand) % 10

    if total(player) >= 8 or total(banker) >= 8:
        return player, banker
    if total(player) <= 5:
        third = next(rest)
        player.append(third)
        if BANKER_DRAWS[total(banker)][value(third)]:
            banker.append(next(rest))
    elif total(banker) <= 5:
        banker.append(next(rest))
    return player, banker


def test_the_oracle_counts_cards_as_the_filing_does():
    by_name = {str(c): c for c in STANDARD_CARDS}
    assert [value(by_name[n]) for n in ("As", "9d", "Tc", "Kh", "5s")] == [1, 9, 0, 0, 5]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(STANDARD_CARDS), min_size=6, max_size=6))
def test_the_fold_deals_the_coup_the_filed_tableau_deals(shoe):
    rules = filed(GAME)
    s = apply(initial(rules), Shuffle())
    s = apply(s, RoundStart((1, 2), 1, None, (), 0))
    used = 0
    while s.status is Status.DEALING and used < len(shoe):
        s = apply(s, CardRead(shoe[used], face_up=True))
        used += 1
    player, banker = oracle(shoe)
    assert s.status is Status.DEALT
    assert used == len(player) + len(banker)
    assert list(s.hand(Target(TargetKind.BOX, 1))) == player
    assert list(s.hand(Target(TargetKind.BOX, 2))) == banker
    assert not s.active_alerts
