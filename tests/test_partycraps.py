"""Party Craps (The 101, GEGA-004251): the augmented deck's exact two-card totals, the come-out and point cycle,
the filed settlement order for every two-card outcome, and the property test of issue 19 over random flip
sequences through the family's round engine: chips conserved, no bet settled out of the filed order, the bank
never pays beyond its wager."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from typing import Any

import pytest

from rules.banking import (
    settle_results,
)
from rules.cards import parse_card
from rules.partycraps import FAMILY
from rules.partycraps.cycle import deal
from rules.partycraps.deck import VALUES, PartyCrapsError, combination_probability, total_probabilities
from rules.partycraps.flip import Carried, place_in_order
from rules.partycraps.order import parse_order
from rules.partycraps.round import action_seat as tile_seat
from rules.partycraps.round import ring_from
from rules.partycraps.spots import every_spot
from rules.round import apply, initial
from rules.round.events import CardRead, RoundStart, Shuffle
from rules.round.events import Wager as Bet
from rules.round.state import Status
from terminal.config import load_yaml
from terminal.games import load_games
from terminal.paths import config_dir
from terminal.scenario import game_rules

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


# --- the family's round: random flip sequences through the round engine ---------------------------------


SUITS = "shdc"
RANKS = "A23456"
SPOTS = every_spot()
COMMON = (
    "pass",
    "dont-pass",
    "come",
    "dont-come",
    "come",
    "pass-odds",
    "field",
    "place-6",
    "lay-10",
    "buy-4",
)


@cache
def _rules(decks: int) -> Any:
    return game_rules(load_games()["partycraps/the101"], decks)


def _shoe(rng: random.Random, decks: int) -> list[str]:
    shoe = [r + s for _ in range(decks) for r in RANKS for s in SUITS]
    rng.shuffle(shoe)
    return shoe


def _layout(
    rng: random.Random, standing: list[tuple[int, str, int]], seats: tuple[int, ...], pd: int
) -> list[Bet]:
    """The next flip's layout: most standing bets kept (some taken down, some pressed, some called on/off),
    and a few random new bets of every kind, legal or not."""
    out: list[Bet] = []
    for seat, spot, cents in standing:
        roll = rng.random()
        if roll < 0.08:
            continue  # taken down (a contract bet raises BET_AGAINST_RULE)
        call = rng.choice(["", "", "", "/on", "/off"])
        out.append(Bet(seat, cents + (rng.choice([0, 0, 500]) if roll > 0.9 else 0), spot + call))
    for seat in seats:
        if seat == pd and rng.random() < 0.8:
            continue
        for _ in range(rng.randint(0, 4)):
            spot = rng.choice(SPOTS if rng.random() < 0.5 else COMMON)
            cents = rng.choice([100, 500, 600, 1000, 1200, 1500, 2000, 3000, 30000])
            out.append(Bet(seat, cents, spot + rng.choice(["", "", "/on", "/off"])))
    return out


def test_random_flip_sequences_through_the_round_conserve_chips_keep_the_filed_order_and_the_bank() -> None:
    """Checked by (issue 19): random Party Craps flip sequences through the family's round engine: every chip
    on the layout is decided, returned or still standing; no decided bet is settled out of the filed order for
    its cards (area by area, seat by seat from the Action tile); the bank never pays beyond its wager."""
    rng = random.Random(4705)
    flips = decided_total = 0
    seen: set[str] = set()
    for _seq in range(14):
        decks = rng.choice([1, 2, 6, 18])
        g = _rules(decks)
        s = apply(initial(g), Shuffle(source="shuffler"))
        shoe = _shoe(rng, decks)
        seats = tuple(sorted(rng.sample(range(1, 13), rng.randint(2, 8))))
        pd = rng.choice(seats)
        standing: list[tuple[int, str, int]] = []
        for n in range(rng.randint(3, 9)):
            if n % 2 == 0 and n and rng.random() < 0.7:
                pd = rng.choice(seats)  # the bank rotates after two flips (or stays: BANK_ROTATION_DUE)
            if len(shoe) < 2:
                s = apply(s, Shuffle(source="shuffler"))
                shoe = _shoe(rng, decks)
            bank = rng.choice([0, 1000, 5000, 30000, 200000])
            carried = Carried.from_pairs(s.carried if s.status is not Status.DEALT else FAMILY.carry(s))
            layout = _layout(rng, standing, seats, pd)
            s = apply(s, RoundStart(seats, pd, None, tuple(layout), bank))
            assert s.start is not None
            kept = sum(w.cents for w in s.start.wagers)
            assert kept + sum(w.cents for w in s.refused) == sum(w.cents for w in layout)
            for _card in range(2):
                s = apply(s, CardRead(parse_card(shoe.pop()), True, "shuffler"))
            assert s.status is Status.DEALT
            report = FAMILY.settle(s)
            assert report is not None
            flips += 1
            # chips: every cent on the layout is settled (won, lost, pushed, returned) or still standing
            settled = sum(w.cents for w in report.wagers)
            on_layout = {(w.seat, w.spot.split("/")[0]) for w in s.start.wagers}
            held = [b for b in report.standing if (b.seat, b.spot) not in on_layout and b.seat == pd]
            up = sum(b.cents for b in report.standing) - sum(b.cents for b in held)
            assert settled + up == kept  # (the player-dealer's own bets held aside are not on the layout)
            assert report.point_before == carried.point
            # the filed order: never back to an earlier area, within an area never back along the ring
            cards = tuple(int(c) if c.isdigit() else 1 for c in (t[0] for t in report.cards.split()))
            filed = ORDER.for_cards(*cards)
            action = tile_seat(report.total, seats, pd, 12, True)
            assert report.action_seat == action
            ring = ring_from(action, seats, pd)
            acted = [w for w in report.wagers if w.result != "no_action"]
            keys = [(place_in_order(filed, w.section), ring.index(w.seat)) for w in acted]
            assert keys == sorted(keys)
            for w in acted:
                assert w.section in filed or w.section in ("pass", "dont-pass"), (cards, w)
                assert w.seat != pd  # the player-dealer's own bets get no action
            decided_total += len(acted)
            seen |= {w.result for w in report.wagers} | {w.section for w in acted}
            seen |= {"point on" for _ in [0] if report.point_before is not None}
            seen |= {"come moved" for b in report.standing if b.spot.startswith(("come-", "dont-come-"))}
            # the bank: never pays beyond its wager; uncovered wins go back
            rr = FAMILY.wager_results(s, None)  # type: ignore[arg-type]
            assert rr is not None
            if bank:
                done = settle_results(bank, rr)
                assert done.bank_after >= 0 and done.player_dealer_result >= -bank
                assert done.bank_after + sum(done.receipts().values()) == bank + rr.stakes
                assert report.bank is not None and getattr(report.bank, "bank_after", None) == done.bank_after
            standing = [(b.seat, b.spot, b.cents) for b in report.standing]
            assert Carried.from_pairs(FAMILY.carry(s)).bets == tuple(standing)
    assert flips >= 40 and decided_total >= 120
    # the sequences reach every kind of result and the areas of the filed order
    assert {
        "win",
        "lose",
        "no_action",
        "point on",
        "come moved",
        "pass",
        "come",
        "place",
        "lay",
        "hop",
    } <= seen
