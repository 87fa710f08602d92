"""Super Pan 9 and Fast Nine through the banking engine: each hand against the player-dealer's, then the
player-dealer's bank pays and collects hand by hand from the action seat the dice named, clockwise, until it
is exhausted (001 L501-503, 003 L203); uncovered hands go back; chips are conserved; and the terminal's
``settle_table`` banks them the same way."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.baccarat import from_data
from rules.baccarat.banking import pan9_order, pan9_settle, pan9_wager_results
from rules.baccarat.model import BaccaratDataError
from rules.banking import Coverage, Table, Wager
from rules.round import fold
from rules.round.events import DiceResult, RoundStart, Shuffle
from rules.round.events import Wager as EventWager
from rules.round.state import Status
from terminal.games import load_games
from terminal.scenario import game_rules
from terminal.settlement import settle_table
from tests.test_baccarat_pan9_round import PAN9, card, counted_seat, deal_hands, play_players

GAMES = load_games()
VARIANTS = {gid: from_data(GAMES[gid].data) for gid in PAN9}
#: Player-dealer hands (card values) that stand in both games without an option: 7, 8, 9; and Fast Nine's 0.
PD_STANDS = {7: [3, 4, 0], 8: [4, 4, 0], 9: [5, 4, 0], 0: [0, 0, 0]}


def cards(*values: int) -> list:
    return [card(v, i) for i, v in enumerate(values)]


def test_bank_runs_out_mid_settlement_and_later_hands_go_back():
    """Bank $15: seat 1 wins $10 (paid), seat 2 wins $10 (paid $5 of $10), seat 3 loses $10 - returned, the
    bank is exhausted and the player-dealer never wins back what it already paid out of an empty bank."""
    v = VARIANTS["baccarat/super-pan9"]
    table = Table((1, 2, 3, 4), 4)
    wagers = [Wager.single(s, "main", f"seat {s}", 1000) for s in (3, 1, 2)]
    hands = {1: cards(4, 4, 0), 2: cards(5, 4, 0), 3: cards(1, 1, 0)}  # 8, 9, 2 against the player-dealer's 7
    results = pan9_wager_results(v, cards(3, 4, 0), hands, wagers)
    s = pan9_settle(v, 1500, results, table, 1)
    got = [(ln.wager.seat, ln.paid, ln.collected, ln.returned, ln.coverage) for ln in s.lines]
    assert got == [
        (1, 1000, 0, 1000, Coverage.FULL),
        (2, 500, 0, 1000, Coverage.PARTIAL),
        (3, 0, 0, 1000, Coverage.NONE),
    ]
    assert s.bank_after == 0 and s.exhausted
    assert s.describe()[2] == "seat 3 main: $10.00 returned, bank exhausted"


def test_a_loser_before_a_winner_refills_the_bank():
    v = VARIANTS["baccarat/super-pan9"]
    table = Table((1, 2, 3, 4), 4)
    wagers = [Wager.single(s, "main", f"seat {s}", 1000) for s in (1, 2, 3)]
    hands = {1: cards(1, 1, 0), 2: cards(4, 4, 0), 3: cards(5, 4, 0)}  # 2 loses, 8 and 9 win
    s = pan9_settle(v, 500, pan9_wager_results(v, cards(3, 4, 0), hands, wagers), table, 2)
    # From seat 2 clockwise: 2 (paid $5 of $10), 3 (returned), 1 (the loser: returned, the bank is empty).
    assert [(ln.wager.seat, ln.paid, ln.collected) for ln in s.lines] == [(2, 500, 0), (3, 0, 0), (1, 0, 0)]
    s = pan9_settle(v, 500, pan9_wager_results(v, cards(3, 4, 0), hands, wagers), table, 1)
    # From seat 1: the loser's $10 is collected first, capped at the bank's $5; then $10 is there to pay.
    assert [(ln.wager.seat, ln.paid, ln.collected) for ln in s.lines] == [
        (1, 0, 500),
        (2, 1000, 0),
        (3, 0, 0),
    ]
    assert s.bank_after == 0


def test_fast_nine_half_pay_on_six_rounds_down_to_the_cent():
    v = VARIANTS["baccarat/fast-nine"]
    w = Wager.single(1, "main", "seat 1", 1001)
    (r,) = pan9_wager_results(v, cards(0, 0, 0), {1: cards(3, 3, 0)}, [w])
    assert r.pays == Fraction(1, 2)
    s = pan9_settle(v, 100000, [r], Table((1, 2), 2), 1)
    assert s.lines[0].paid == 500


def test_a_seat_without_a_hand_has_no_action():
    v = VARIANTS["baccarat/super-pan9"]
    w = Wager.single(1, "main", "seat 1", 1000)
    s = pan9_settle(v, 100000, pan9_wager_results(v, cards(3, 4, 0), {}, [w]), Table((1, 2), 2), 1)
    assert s.lines[0].returned == 1000 and s.lines[0].paid == s.lines[0].collected == 0


def test_no_action_seat_is_a_typed_error():
    v = VARIANTS["baccarat/fast-nine"]
    with pytest.raises(BaccaratDataError, match="action seat"):
        pan9_settle(v, 1000, [], Table((1, 2), 2), None)
    with pytest.raises(BaccaratDataError, match="not at this table"):
        pan9_settle(v, 1000, [], Table((1, 2), 2), 5)


@pytest.mark.parametrize("gid", PAN9)
def test_the_order_is_the_filed_clockwise_seat_by_seat(gid):
    o = pan9_order(VARIANTS[gid], ["main", "extra"])
    assert o.direction.value == "clockwise" and o.wager_order == ("main", "extra")


def _round(gid, seats, pd, dice, stakes, hands, pd_total, hits, bank):
    g = game_rules(GAMES[gid])
    wagers = tuple(EventWager(s, stakes[s], "main") for s in seats if s != pd)
    s = fold(g, [Shuffle(), RoundStart(tuple(seats), pd, None, wagers, bank), DiceResult(tuple(dice))])
    s = deal_hands(s, {**hands, "pd": PD_STANDS[pd_total]})
    s = play_players(s, hits)
    assert s.status is Status.DEALT, s.prompt
    return s


@pytest.mark.parametrize("gid", PAN9)
@settings(max_examples=60, deadline=None)
@given(
    seats=st.sets(st.integers(1, 7), min_size=2, max_size=7).map(sorted),
    data=st.data(),
    dice=st.tuples(*[st.integers(1, 6)] * 3),
    bank=st.integers(0, 30000),
)
def test_chips_conserved_and_the_bank_never_pays_more_than_it_holds(gid, seats, data, dice, bank):
    pd = data.draw(st.sampled_from(seats))
    players = [x for x in seats if x != pd]
    stakes = {x: data.draw(st.integers(100, 10000)) for x in players}
    hands = {x: data.draw(st.lists(st.integers(0, 6), min_size=3, max_size=3)) for x in players}
    hits = {x: data.draw(st.integers(0, 6)) for x in players if data.draw(st.booleans())}
    pd_total = data.draw(st.sampled_from([7, 8, 9, 0] if gid.endswith("fast-nine") else [7, 8, 9]))
    s = _round(gid, seats, pd, dice, stakes, hands, pd_total, hits, bank)
    out = s.outcome.to_json()["settlement"]
    rows = out["wagers"]

    # From the seat the dice count to, clockwise over the seats in play, the player-dealer's seat last.
    first = counted_seat(seats, pd, sum(dice))
    ring = seats[seats.index(first) :] + seats[: seats.index(first)]
    assert out["action_seat"] == first
    assert [r["seat"] for r in rows] == [x for x in ring if x != pd]

    # Chips: the bank and every stake before = the bank after and everything pushed back to the circles.
    assert bank + sum(stakes.values()) == out["bank_after"] + sum(r["paid"] + r["returned"] for r in rows)
    assert -bank <= out["player_dealer_result"] <= bank
    held = bank
    for r in rows:
        assert 0 <= r["paid"] <= held  # the bank never pays more than it holds at that moment
        assert r["collected"] + r["returned"] <= r["cents"]
        if held == 0 and r["result"] in ("win", "lose"):
            assert r["coverage"] == "none" and r["returned"] == r["cents"]  # exhausted: back untouched
        held = held - r["paid"] + r["collected"]
        if r["coverage"] == "full":
            assert r["net_cents"] == r["due_cents"]  # full action: exactly what the hand won or lost
    assert held == out["bank_after"]
    if bank >= sum(stakes.values()):  # the bank covers every hand (a Pan 9 win pays at most even money)
        assert not out["exhausted"] and all(r["coverage"] == "full" for r in rows)

    # The terminal's table settlement banks the round the same way.
    ts = settle_table(s, None, 9)
    assert ts is not None
    if bank == 0:
        assert ts.settlement is None and "no player-dealer bank" in ts.problem
        return
    assert ts.settlement is not None, ts.problem
    assert ts.chips_before() == ts.chips_after() == bank + sum(stakes.values())
    assert ts.action_seat == first
    terminal = [(ln.wager.seat, ln.paid, ln.collected, ln.returned) for ln in ts.settlement.lines]
    assert terminal == [(r["seat"], r["paid"], r["collected"], r["returned"]) for r in rows]
