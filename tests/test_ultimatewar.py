"""Ultimate War (The 101): the data, the war, each filed wager, the order the bank meets them, and the exact
analysis against independent counts."""

from __future__ import annotations

import copy
import random
from fractions import Fraction
from itertools import permutations
from typing import Any

import pytest

from rules.banking import Table, settle_results
from rules.cards import ALL_CARDS, parse_cards
from rules.gamefile import GameFileError
from rules.round import fold
from rules.round.events import CardRead, RoundStart, Shuffle, Wager
from rules.ultimatewar import FAMILY, from_data, settle_spot, showdown
from rules.ultimatewar.analyze import round_outcomes
from terminal.games import load_games
from tests.round_helpers import filed


def data() -> dict[str, Any]:
    return copy.deepcopy(load_games()["ultimatewar/the101"].data)


V = from_data(data())
GAME = filed("ultimatewar/the101")


def test_the_game_file_loads_and_bad_data_names_the_field() -> None:
    assert V.keys == ("player", "banker", "war", "ultimate-5-player", "ultimate-5-banker")
    bad = data()
    bad["war_bet"]["pays"][1]["wars"] = 3
    with pytest.raises(GameFileError, match="war_bet.pays"):
        from_data(bad)
    bad = data()
    bad["ultimate_5"]["rank"] = "X"
    with pytest.raises(GameFileError, match="ultimate_5.rank"):
        from_data(bad)
    bad = data()
    bad["wagers"] = bad["wagers"][:4]
    with pytest.raises(GameFileError, match="wagers"):
        from_data(bad)


def test_ties_go_to_war_and_the_last_cards_decide() -> None:
    sd = showdown(parse_cards("9h Qd"), parse_cards("9c 4s"))
    assert (sd.winner, sd.rank, sd.wars) == ("player", 12, 1)
    assert showdown(parse_cards("Kh 7c"), parse_cards("Ks 7d")).winner is None
    sd = showdown(parse_cards("Kh 7c 2h"), parse_cards("Ks 7d 5s"))
    assert (sd.winner, sd.rank, sd.wars) == ("banker", 5, 2)


def test_each_wager_as_filed() -> None:
    five = showdown(parse_cards("5d"), parse_cards("3c"))
    got = {s: (settle_spot(V, s, five).result, settle_spot(V, s, five).pays) for s in V.keys}
    assert got == {
        "player": ("push", 0),  # a win with a 5 pushes (L1190-1191)
        "banker": ("lose", 0),
        "war": ("lose", 0),
        "ultimate-5-player": ("win", 40),
        "ultimate-5-banker": ("lose", 0),
    }
    after = showdown(parse_cards("Kh 7c 2h"), parse_cards("Ks 7d 5s"))
    assert settle_spot(V, "war", after).pays == 20
    assert settle_spot(V, "ultimate-5-banker", after).pays == 120
    deep = showdown(parse_cards("2h 3h 4h 6h 8h 9c"), parse_cards("2s 3s 4s 6s 8s 7c"))
    assert deep.wars == 5 and settle_spot(V, "war", deep).pays == 300  # "Fourth War & more"


def test_the_bank_meets_every_player_bet_first_from_the_left_of_the_player_dealer() -> None:
    rng = random.Random(5)
    for _ in range(100):
        seats = sorted(rng.sample(range(1, 9), rng.randint(2, 7)))
        pd = rng.choice(seats)
        wagers = [
            {"seat": s, "spot": spot, "cents": rng.choice([500, 2500, 10000])}
            for s in seats
            if s != pd
            for spot in V.keys
            if rng.random() < 0.5
        ]
        cards = rng.sample(list(ALL_CARDS[:52]), 2)
        bank = rng.choice([1000, 20000])
        start = RoundStart(
            tuple(seats), pd, None, tuple(Wager(w["seat"], w["cents"], w["spot"]) for w in wagers), bank
        )
        state = fold(GAME, [Shuffle(), start, CardRead(cards[0], True), CardRead(cards[1], True)])
        rr = FAMILY.wager_results(state, Table(tuple(range(1, 9)), pd, frozenset(seats)))
        if rr is None:  # the first cards tied: the war card is still due
            assert showdown(cards[:1], cards[1:]).winner is None
            continue
        ranks = [V.keys.index(r.wager.name) for r in rr.results]
        assert ranks == sorted(ranks)  # all Player Bets, then all Banker Bets, ...
        ring = [s for s in range(pd + 1, 9)] + [s for s in range(1, pd)]
        first = next(s for s in ring if s in seats)
        assert rr.action_seat == first
        done = settle_results(state.start.bank, rr)
        stakes = sum(w["cents"] for w in wagers)
        assert done.bank_after + sum(done.receipts().values()) == state.start.bank + stakes
        assert -state.start.bank <= done.player_dealer_result <= state.start.bank


def test_one_deck_round_outcomes_against_card_by_card_counts() -> None:
    dist = round_outcomes(1, cap=4)
    assert sum(dist.values()) == 1
    deck = list(range(13)) * 4  # ranks 0 (deuce) .. 12 (ace), four of each
    # no war, and exactly one war, counted over ordered draws of the first two and four cards
    no_war = Fraction(sum(1 for a, b in permutations(range(52), 2) if deck[a] != deck[b]), 52 * 51)
    assert (
        sum(p for (w, _, n), p in dist.items() if n == 0 and w != "undecided") == no_war == Fraction(16, 17)
    )
    one = 0
    for a in range(52):
        for b in range(52):
            if a == b or deck[a] != deck[b]:
                continue
            rest = [c for c in range(52) if c not in (a, b)]
            counts = [sum(1 for c in rest if deck[c] == r) for r in range(13)]
            ties = sum(k * (k - 1) for k in counts)
            one += 50 * 49 - ties
    exact_one = Fraction(one, 52 * 51 * 50 * 49)
    assert sum(p for (w, _, n), p in dist.items() if n == 1 and w != "undecided") == exact_one
    # the Player wins with a 5 before war: a 5 then a 2, 3 or 4
    assert dist[("player", True, 0)] == Fraction(4 * 12, 52 * 51)


def test_even_money_edge_is_the_push_on_a_five_for_every_deck_count() -> None:
    for decks in (1, 2):
        a = FAMILY.analyze(data(), decks)
        player = next(w for w in a.wagers if w.name == "Player Bet")
        undecided = sum((o.probability for o in a.outcomes if o.name.startswith("not decided")), Fraction(0))
        assert abs(player.house_edge - Fraction(1, 52)) <= undecided
