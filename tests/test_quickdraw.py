"""Cal Quick Draw Poker (The 101, GEGA-004282): the data, the hands with the wild joker, each wager's
settlement, the bank in the filed order over random rounds, and the exact Bonus Bet count."""

from __future__ import annotations

import copy
import random
from math import comb
from typing import Any

import pytest

from rules.banking import Table, settle_results
from rules.cards import ALL_CARDS, parse_cards
from rules.gamefile import GameFileError
from rules.quickdraw import FAMILY, from_data, hand_of, settle_play
from rules.quickdraw.analyze import first_five_counts
from rules.round import fold
from rules.round.events import Action, CardRead, Decision, HandSet, RoundStart, Shuffle, Wager
from terminal.games import load_games
from tests.round_helpers import filed


def data() -> dict[str, Any]:
    return copy.deepcopy(load_games()["quickdraw/the101"].data)


V = from_data(data())
GAME = filed("quickdraw/the101")


def test_the_game_file_loads_and_bad_data_names_the_field() -> None:
    assert V.keys == ("play", "play-hand-bonus", "bonus")
    bad = data()
    bad["bonus_bet"]["pays"][0]["hand"] = "Five Aces"
    with pytest.raises(GameFileError, match="bonus_bet.pays"):
        from_data(bad)
    bad = data()
    bad["play"]["tie"] = "push"
    with pytest.raises(GameFileError, match="play.tie"):
        from_data(bad)


def test_hands_are_named_and_ranked_as_the_filing() -> None:
    def h(text: str) -> Any:
        return hand_of(parse_cards(text))

    assert h("Ah Ad Ac As Jk").name == "Five of a Kind"
    assert h("As Ks Qs Js Ts").name == "Royal Flush (no Joker)"
    assert h("As Ks Qs Js Jk").name == "Royal Flush (with Joker)"
    assert h("As Ks Qs Js Ts").value > h("Ah Kh Qh Jh Jk").value  # L2104-2105
    assert h("2h 2d 2c 2s Jk").value > h("As Ks Qs Js Ts").value  # five of a kind is the highest hand
    assert h("5s 4s 3s 2s Jk").name == "Straight Flush"
    assert h("Kc Kd Ks 4c 4d 7h 2s").name == "Full House"  # the player-dealer's best five of seven
    # a copy wins for the player (L2135)
    (play,) = settle_play(V, h("9s 9d 4c 4h 8s"), h("9h 9c 4d 4s 8d"))
    assert play.result == "win"


def test_the_first_five_cards_counts_are_the_wild_joker_table() -> None:
    counts = first_five_counts()
    assert sum(counts.values()) == comb(53, 5)
    # the 53-card table with a fully wild joker (Joker Poker / Deuces-style references print it so)
    assert counts == {
        "Five of a Kind": 13,
        "Royal Flush (no Joker)": 4,
        "Royal Flush (with Joker)": 20,
        "Straight Flush": 180,
        "Four of a Kind": 3120,
        "Full House": 6552,
        "Flush": 7804,
        "Straight": 20532,
        "Three of a Kind": 137280,
        "Two Pair": 123552,
        "One Pair": 1268088,
        "High Card": 1302540,
    }


def test_random_rounds_settle_every_play_first_and_conserve_chips() -> None:
    rng = random.Random(16)
    for _ in range(120):
        seats = sorted(rng.sample(range(1, 6), rng.randint(2, 5)))
        pd = rng.choice(seats)
        ring = [s for s in range(pd + 1, 6) if s in seats] + [s for s in range(1, pd) if s in seats]
        wagers = [
            Wager(s, rng.choice([500, 1000, 5000]), spot)
            for s in ring
            for spot in ("play", "bonus")
            if rng.random() < 0.6
        ]
        deck = rng.sample(list(ALL_CARDS), 53)
        events: list[Any] = [
            Shuffle(),
            RoundStart(tuple(seats), pd, None, tuple(wagers), rng.choice([1500, 40000])),
        ]
        firsts: dict[int, list[Any]] = {}
        for s in [*ring, pd]:
            firsts[s] = [deck.pop() for _ in range(5)]
            events += [CardRead(c) for c in firsts[s]]
        for s in ring:
            n = rng.randint(0, 5) if rng.random() < 0.5 else 0
            if n:
                drawn = [deck.pop() for _ in range(n)]
                events += [Decision(s, Action.DRAW, count=n), *(CardRead(c) for c in drawn)]
                firsts[s] = [*firsts[s][n:], *drawn]  # the first n discarded
            else:
                events.append(Decision(s, Action.STAND_PAT))
        events += [CardRead(deck.pop(), True), CardRead(deck.pop(), True)]
        events += [HandSet(s, (), tuple(firsts[s])) for s in ring]
        state = fold(GAME, events)
        assert not state.active_alerts, [a.message for a in state.active_alerts]
        rr = FAMILY.wager_results(state, Table(tuple(range(1, 6)), pd, frozenset(seats)))
        if not wagers:
            continue
        assert rr is not None and not rr.held, rr
        assert rr.action_seat == ring[0]
        kinds = [r.wager.name == "bonus" for r in rr.results]
        assert kinds == sorted(kinds)  # every Play (and its hand bonus) before any Bonus Bet
        for group in (False, True):
            order = [ring.index(r.wager.seat) for r in rr.results if (r.wager.name == "bonus") is group]
            assert order == sorted(order)
        done = settle_results(state.start.bank, rr)
        assert done.bank_after + sum(done.receipts().values()) == state.start.bank + rr.stakes
        assert rr.stakes == sum(w.cents for w in wagers)
        assert done.bank_after >= 0 and -state.start.bank <= done.player_dealer_result <= state.start.bank
