"""Party Craps' flip, rule by rule (seed 000 L4082-4142): the bets' pays and the Buy/Lay fee, the working
status on the come-out and the dealer's on/off calls, what a flip leaves standing, the new player-dealer's own
bets, the refusals the floor hears about, the Action tile and the bank's extent."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from rules.banking import settle_results
from rules.cards import parse_card
from rules.partycraps import FAMILY, from_data
from rules.partycraps.deck import PartyCrapsError
from rules.partycraps.flip import Carried, Decided, flip
from rules.partycraps.order import parse_order
from rules.partycraps.round import action_seat
from rules.partycraps.spots import parse_spot
from rules.round import fold
from rules.round.alerts import AlertCode
from rules.round.events import CardRead, RoundStart, Shuffle
from rules.round.events import Wager as Bet
from terminal.config import load_yaml
from terminal.games import load_games
from terminal.paths import config_dir
from terminal.scenario import game_rules

GAME = load_games()["partycraps/the101"]
V = from_data(GAME.data)
DATA: dict[str, Any] = load_yaml(config_dir() / V.settlement_order.file).data
ORDER = parse_order(DATA)
RULES = game_rules(GAME)


def _dealt(seats: tuple[int, ...], pd: int, bets: list[Bet], bank: int, cards: str):
    """One flip through the round engine: a fresh shoe, the round start, the two cards face up."""
    start = RoundStart(seats, pd, None, tuple(bets), bank)
    reads = [CardRead(parse_card(c), True) for c in cards.split()]
    return fold(RULES, [Shuffle(source="shuffler"), start, *reads])


def _flip(wagers: list[tuple[int, str, int]], a: int, b: int, point: int | None = None, carried=(), pd=9):
    return flip(V, DATA, ORDER, Carried(point, tuple(carried)), pd, wagers, a, b)


def _one(f, spot: str) -> Decided:
    got = [d for d in f.decided if d.spot == spot]
    assert len(got) == 1, f.decided
    return got[0]


def test_spots_read_and_refuse_what_the_grammar_does_not_have() -> None:
    assert parse_spot("place-6/on").working is True and parse_spot("place-6/on").name == "place-6"
    assert parse_spot("come-8-odds").odds and parse_spot("come-8-odds").number == 8
    assert parse_spot("hop-4-3").hop == (3, 4)
    for bad in ("place-7", "hop-1-2", "field-odds", "come-odds", "pass/maybe", "lay"):
        with pytest.raises(PartyCrapsError):
            parse_spot(bad)


def test_buy_five_pays_three_to_two_less_the_fee_and_lay_four_pays_one_to_two_less_the_fee() -> None:
    # Buy 5: $20 wins $30 (3:2, choice over the filed "2:3"), the fee on a $21-$40 win is $2 (L4093, L4095)
    f = _flip([(1, "buy-5", 2000)], 2, 3, point=6, carried=[(1, "buy-5", 2000)])
    d = _one(f, "buy-5")
    assert (d.result, d.vig, d.pays) == ("win", 200, Fraction(2800, 2000))
    # Lay 4: $40 wins $20 on a 7 (1:2), the fee on a $1-$20 win is $1 (L4094-4095)
    d = _one(_flip([(1, "lay-4", 4000)], 3, 4, point=6, carried=[(1, "lay-4", 4000)]), "lay-4")
    assert (d.result, d.vig, d.pays) == ("win", 100, Fraction(1900, 4000))
    # above a $100 win the bands go on by $20 (choice): $101-$120 pays $6
    assert V.vig.on(10000) == 500 and V.vig.on(10001) == 600 and V.vig.on(12000) == 600


def test_place_bets_are_off_on_the_come_out_unless_called_on_and_one_on_turns_all_on() -> None:
    # L4113: Place and Buy are off on the come-out; the 6 sets the point and the Place 6 stays up untouched
    f = _flip([(1, "place-6", 1200), (1, "pass", 1000)], 2, 4)
    assert [s.spot for s in f.standing] == ["place-6", "pass"] and not f.decided
    # called on: it works (7:6); one on, all on: the seat's Place 8 works too
    f = _flip([(1, "place-6/on", 1200), (1, "place-8", 1200), (2, "place-8", 1200)], 4, 4)
    assert _one(f, "place-8").pays == Fraction(7, 6) and _one(f, "place-8").seat == 1
    assert [s.seat for s in f.standing if s.spot == "place-8"] == [2]
    # Lay works on the come-out unless called off (L4115, choice over the glossary)
    assert _one(_flip([(1, "lay-10", 2000)], 3, 4), "lay-10").result == "win"
    assert not _flip([(1, "lay-10/off", 2000)], 3, 4).decided
    # Hard Ways work unless called off (L4117)
    assert _one(_flip([(1, "pass", 1000), (1, "hard-8", 100)], 4, 4), "hard-8").pays == 9


def test_a_come_bet_moves_to_its_number_and_its_odds_are_off_on_the_come_out() -> None:
    f = _flip([(1, "come", 1000)], 5, 5, point=4)
    assert [(s.spot, s.cents) for s in f.standing] == [("come-10", 1000)] and f.point_after == 4
    # the point made, the next flip a come-out: the Come on 10 wins, its odds (off) go back (L4114)
    carried = [(1, "come-10", 1000), (1, "come-10-odds", 1000)]
    f = _flip([(1, "come-10", 1000), (1, "come-10-odds", 1000)], 4, 6, point=None, carried=carried)
    assert _one(f, "come-10").result == "win" and _one(f, "come-10-odds").result == "no_action"
    # with a point on the odds work and pay 2:1 (L4086)
    f = _flip([(1, "come-10", 1000), (1, "come-10-odds", 1000)], 4, 6, point=5, carried=carried)
    assert _one(f, "come-10-odds").pays == 2


def test_dont_pass_ties_on_a_come_out_twelve_and_stays_up_without_a_new_fee() -> None:
    f = _flip([(1, "dont-pass", 1000)], 6, 6)
    assert [(s.spot, s.fee_paid) for s in f.standing] == [("dont-pass", True)] and not f.decided
    again = _flip([(1, "dont-pass", 1000)], 3, 4, carried=[(1, "dont-pass", 1000)])
    assert again.new_wagers == () and _one(again, "dont-pass").result == "lose"
    # a won bet is not carried: bet again, it is new (its fee is taken again, L4202-4204)
    assert _flip([(1, "place-6", 1200)], 3, 3, point=8).new_wagers == ((1, "place-6", 1200),)


def test_the_new_player_dealers_own_pass_bet_gets_no_action() -> None:
    # seat 3's Pass on 6 from before it took the bank: the 6 would decide it, it is returned (L4136-4138)
    f = _flip(
        [(3, "pass", 1000), (1, "pass", 1000)],
        3,
        3,
        point=6,
        carried=[(3, "pass", 1000), (1, "pass", 1000)],
        pd=3,
    )
    assert {(d.seat, d.spot, d.result) for d in f.decided} == {(3, "pass", "no_action"), (1, "pass", "win")}
    # a total that does not decide it leaves it up
    f = _flip([(3, "pass", 1000)], 2, 3, point=6, carried=[(3, "pass", 1000)], pd=3)
    assert [(s.seat, s.spot) for s in f.standing] == [(3, "pass")]


def test_the_round_raises_bet_against_rule_for_what_the_filing_does_not_allow() -> None:
    bets = [Bet(1, 1000, "come"), Bet(2, 100, "any-seven"), Bet(1, 1000, "pass"), Bet(5, 1000, "field")]
    s = _dealt((1, 2, 5), 5, bets, 10000, "As 6d")
    found = [a.message for a in s.alerts if a.code is AlertCode.BET_AGAINST_RULE]
    assert any("only after the point" in m for m in found)  # a Come bet on the come-out (L4084)
    assert any("proposition" in m for m in found)  # Any Seven with no line bet (L4099)
    assert any("own bank" in m for m in found)  # the player-dealer's Field
    report = FAMILY.settle(s)
    assert report is not None
    by = {(w.seat, w.spot): w.result for w in report.wagers}
    assert by == {
        (1, "come"): "no_action",
        (2, "any-seven"): "no_action",
        (5, "field"): "no_action",
        (1, "pass"): "win",
    }


def test_the_action_tile_counts_from_the_player_dealers_left_and_moves_on_from_an_empty_seat() -> None:
    # player-dealer at seat 5; a 4 counts 6, 7, 8, 9: seat 9 is empty, on to seat 12
    assert action_seat(4, (1, 5, 12), 5, 12, counted=True) == 12
    # empty seats skipped (the other reading): 12 is the first, 1 the second …
    assert action_seat(4, (1, 5, 12), 5, 12, counted=False) == 1


def test_the_bank_pays_in_the_filed_order_until_it_runs_out_and_the_rest_goes_back() -> None:
    bets = [Bet(1, 2000, "pass"), Bet(2, 2000, "pass"), Bet(3, 1000, "field"), Bet(3, 2000, "pass")]
    s = _dealt((1, 2, 3, 6), 6, bets, 3000, "5s 6d")
    rr = FAMILY.wager_results(s, None)  # type: ignore[arg-type]
    assert rr is not None
    done = settle_results(3000, rr)
    # 11: E, Pass, Field … (L4358-4369); the Action tile: 11 from seat 6's left is seat 5 (empty), on to seat 1
    assert rr.action_seat == 1
    assert [(ln.wager.seat, ln.wager.name, ln.paid, ln.returned) for ln in done.lines] == [
        (1, "pass", 2000, 2000),
        (2, "pass", 1000, 2000),
        (3, "pass", 0, 2000),
        (3, "field", 0, 1000),
    ]
    assert done.bank_after == 0


def test_a_card_not_in_the_deck_raises_foreign_card_and_the_flip_is_not_settled() -> None:
    s = _dealt((1, 5), 5, [Bet(1, 1000, "pass")], 10000, "7s 4h")
    assert [a.code for a in s.alerts] == [AlertCode.FOREIGN_CARD]
    assert FAMILY.settle(s) is None and FAMILY.wager_results(s, None) is None  # type: ignore[arg-type]
    assert FAMILY.carry(s) == s.carried  # the flip leaves the point and the bets as they were


def test_a_flip_dealt_without_a_shuffle_is_not_shuffled() -> None:
    start = RoundStart((1, 5), 5, None, (Bet(1, 1000, "pass"),), 10000)
    cards = [CardRead(parse_card("As"), True), CardRead(parse_card("5d"), True)]
    shuffled = fold(RULES, [Shuffle(source="shuffler"), start, *cards, Shuffle(source="shuffler"), start])
    assert [a.code for a in shuffled.alerts] == []
    s = fold(RULES, [Shuffle(source="shuffler"), start, *cards, start])
    assert [a.code for a in s.alerts] == [AlertCode.NOT_SHUFFLED]


def test_a_proposition_needs_a_wager_that_is_itself_taken() -> None:
    # L4099: a Come bet on the come-out is refused (L4084), so it does not let seat 1 make Any Seven
    f = _flip([(1, "come", 1000), (1, "any-seven", 100)], 3, 4)
    assert {(d.spot, d.result) for d in f.decided} == {("come", "no_action"), ("any-seven", "no_action")}
    # with a Pass Line bet it does, and pays 4:1 (L4101)
    f = _flip([(1, "pass", 1000), (1, "any-seven", 100)], 3, 4)
    assert _one(f, "any-seven").pays == 4


def test_the_player_dealers_own_bets_held_aside_by_the_table_stay_until_the_flip_would_decide_them() -> None:
    # seat 3 took the bank with a Pass on 6 and a Come on 9; the table keeps them off the round start
    carried = [(3, "pass", 1000), (3, "come-9", 1000), (1, "pass", 1000)]
    f = _flip([(1, "pass", 1000)], 2, 2, point=6, carried=carried, pd=3)  # a 4 decides neither
    assert [(s.seat, s.spot) for s in f.standing] == [(1, "pass"), (3, "pass"), (3, "come-9")]
    f = _flip([(1, "pass", 1000)], 4, 5, point=6, carried=carried, pd=3)  # a 9 decides the Come on 9
    assert [(s.seat, s.spot) for s in f.standing] == [(1, "pass"), (3, "pass")]
    assert all(d.seat != 3 for d in f.decided)  # no action: not compared against the bank (L4136-4138)
