"""Party Craps (The 101, GEGA-004251), the start: the augmented deck's exact two-card totals, the come-out and
point cycle, the filed settlement order for every two-card outcome, and a property test over random deal
sequences: chips conserved, no bet settled out of the filed order, the bank never pays beyond its wager."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations_with_replacement
from typing import Any

import pytest

from rules.banking import (
    Direction,
    RoundResults,
    SettleMode,
    Table,
    Wager,
    WagerKind,
    WagerResult,
    seat_order,
    settle_results,
)
from rules.partycraps.bets import action_seat, resolve
from rules.partycraps.cycle import deal
from rules.partycraps.deck import VALUES, PartyCrapsError, combination_probability, total_probabilities
from rules.partycraps.order import in_filed_order, parse_order
from terminal.config import load_yaml
from terminal.paths import config_dir

DATA: dict[str, Any] = load_yaml(config_dir() / "partycraps" / "the101-settlement-order.yaml").data
ORDER = parse_order(DATA)


def test_two_card_totals_are_exact_per_number_of_decks() -> None:
    one = total_probabilities(1)
    assert sum(one.values()) == 1
    # catalog 000b §6.2 (two cards without replacement from 24): the oracle values
    assert one[7] == Fraction(4, 23) and one[2] == Fraction(1, 46) and one[6] == Fraction(19, 138)
    assert combination_probability(2, 2, 1) == Fraction(1, 46)
    assert total_probabilities(8)[7] == Fraction(32, 191) and total_probabilities(8)[2] == Fraction(31, 1146)
    assert total_probabilities(18)[7] == Fraction(72, 431) and total_probabilities(18)[2] == Fraction(
        71, 2586
    )
    with pytest.raises(PartyCrapsError):
        total_probabilities(19)


def test_the_come_out_and_point_cycle() -> None:
    assert deal(None, 7).pass_line == "win" and deal(None, 11).dont_pass == "lose"
    assert (deal(None, 12).pass_line, deal(None, 12).dont_pass) == ("lose", "push")  # Don't Pass ties on 12
    assert deal(None, 6).point == 6 and deal(None, 6).pass_line == "stays"
    assert deal(6, 6).pass_line == "win" and deal(6, 6).point is None
    assert deal(6, 7).dont_pass == "win" and deal(6, 7).point is None
    assert deal(6, 8).point == 6 and deal(6, 8).pass_line == "stays"


def test_the_filed_order_names_every_two_card_outcome_once() -> None:
    assert set(ORDER.orders) == set(combinations_with_replacement(VALUES, 2))
    assert ORDER.for_cards(6, 1)[:3] == ("hop-this", "any-seven", "pass")  # L4286-4288
    assert ORDER.for_cards(5, 6)[0] == "horn-this" and ORDER.for_cards(5, 6)[-1] == "any-seven"
    assert ORDER.for_cards(2, 2)[:2] == ("hop-this", "hard-4")  # L4430-4431
    for cards, order in ORDER.orders.items():
        if sum(cards) != 7:
            assert order[-1] == "any-seven"  # Any Seven last on every other outcome


BETS = (
    "pass",
    "dont-pass",
    "field",
    "any-seven",
    "any-craps",
    "c",
    "e",
    "horn",
    "big-6",
    "big-8",
    "hard-6",
    "hop-3-4",
    "hop-2-2",
)


def test_random_deal_sequences_settle_in_the_filed_order_and_conserve_chips() -> None:
    rng = random.Random(4072)
    for _ in range(60):
        decks = rng.randint(1, 18)
        shoe = [v for v in VALUES for _ in range(4 * decks)]
        rng.shuffle(shoe)
        seats = tuple(sorted(rng.sample(range(1, 13), rng.randint(2, 12))))
        pd = rng.choice(seats)
        bank = rng.choice([2000, 50000])
        point: int | None = None
        up: list[Wager] = []  # the bets still up from earlier deals
        for _deal in range(rng.randint(1, 6)):
            a, b = shoe.pop(), shoe.pop()
            new = [
                Wager.single(s, bet, f"seat {s}", rng.choice([100, 500, 2500]), WagerKind.BASE)
                for s in seats
                if s != pd
                for bet in BETS
                if rng.random() < 0.15 and not (bet == "pass" and point is not None)
            ]
            action = action_seat(a + b, seats, pd)
            table = Table(tuple(range(1, 13)), pd, frozenset(seats))
            ring = seat_order(table, action, Direction.CLOCKWISE)
            decided: list[tuple[str, int, WagerResult]] = []
            stay: list[Wager] = []
            for w in [*up, *new]:
                result, pays, section = resolve(DATA, w.name, a, b, point)
                if result == "stays":
                    stay.append(w)
                    continue
                decided.append((section, w.seat, WagerResult.decided(w, result, pays)))
            rng.shuffle(decided)  # the bets in no particular order: in_filed_order puts them in the filed one
            ordered = in_filed_order(ORDER, a, b, decided, ring)
            rr = RoundResults(tuple(ordered), SettleMode.IN_ORDER, action)
            done = settle_results(bank, rr)
            # no bet settled out of the filed order: the sections' places never go back
            places = [
                (
                    ORDER.position(a, b, resolve(DATA, ln.wager.name, a, b, point)[2]),
                    ring.index(ln.wager.seat),
                )
                for ln in done.lines
            ]
            assert places == sorted(places) and len(done.lines) == len(decided)
            # chips conserved; the bank never pays beyond its wager
            assert done.bank_after + sum(done.receipts().values()) == bank + rr.stakes
            assert done.bank_after >= 0 and -bank <= done.player_dealer_result
            point = deal(point, a + b).point
            up = stay
            bank = done.bank_after or bank  # an exhausted bank is replenished for the next deal of the test
