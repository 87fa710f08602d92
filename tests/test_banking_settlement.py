"""Settlement against the player-dealer's bank: examples from the filings and hypothesis properties
(chips conserved, coverage within the bank, uncovered wagers back in full, the variant's order kept)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.banking import (
    BankingError,
    Coverage,
    Grouping,
    Outcome,
    SettlementOrder,
    SettleMode,
    Stake,
    Table,
    Wager,
    WagerKind,
    WagerResult,
    money,
    order_wagers,
    settle,
    settle_round,
)
from rules.fees import Schedule, assess


def w(
    seat: int, name: str, dollars: int, kind: WagerKind = WagerKind.BASE, player: str | None = None
) -> Wager:
    return Wager.single(seat, name, player or f"p{seat}", dollars * 100, kind)


def test_console_lines() -> None:
    pair_plus = w(3, "Pair Plus", 10, WagerKind.BONUS)
    ante5 = w(5, "Ante", 25)
    s = settle(
        3000, [WagerResult.win(w(3, "Ante", 10)), WagerResult.win(pair_plus, 4), WagerResult.lose(ante5)]
    )
    assert s.describe() == [
        "seat 3 Ante: paid $10.00",
        "seat 3 Pair Plus: paid $20.00 of $40.00, bank exhausted",
        "seat 5 Ante: $25.00 returned, bank exhausted",
        "bank: $30.00 -> $0.00 (-$30.00 to the player-dealer)",
    ]
    assert s.exhausted
    assert s.receipts() == {"p3": 1000 + 1000 + 1000 + 2000, "p5": 2500}
    seats = s.by_seat()
    assert (seats[3].paid, seats[3].collected, seats[3].returned) == (3000, 0, 2000)
    assert seats[5].receipt == 2500 and seats[5].collected == 0


def test_bank_collects_then_pays_in_order_until_exhausted() -> None:
    """Losers before a winner refill the bank; the player-dealer's loss never exceeds its bank."""
    results = [
        WagerResult.lose(w(1, "Ante", 50)),
        WagerResult.win(w(2, "Ante", 100)),
        WagerResult.win(w(3, "Ante", 100)),
        WagerResult.lose(w(4, "Ante", 100)),
    ]
    s = settle(10000, results)
    assert [(line.paid, line.collected, line.coverage) for line in s.lines] == [
        (0, 5000, Coverage.FULL),
        (10000, 0, Coverage.FULL),
        (5000, 0, Coverage.PARTIAL),
        (0, 0, Coverage.NONE),
    ]
    assert s.bank_after == 0 and s.player_dealer_result == -10000


def test_collect_then_pay_mode() -> None:
    """003 §14: "The PD will first collect all losing wagers and then pay all winning wagers"."""
    results = [
        WagerResult.win(w(1, "Ante", 100)),
        WagerResult.win(w(2, "Ante", 100)),
        WagerResult.lose(w(3, "Ante", 100)),
    ]
    in_order = settle(10000, results)
    first_collect = settle(10000, results, SettleMode.COLLECT_THEN_PAY)
    assert [line.paid for line in in_order.lines] == [10000, 0, 0]
    assert [line.wager.seat for line in first_collect.lines] == [3, 1, 2]
    assert [line.paid for line in first_collect.lines[1:]] == [10000, 10000]
    assert first_collect.bank_after == 0


def test_the_bank_never_wins_more_than_itself() -> None:
    """001 G11: the player-dealer "cannot win or lose more than was on the table before the hand"."""
    s = settle(5000, [WagerResult.lose(w(1, "Ante", 30)), WagerResult.lose(w(2, "Ante", 30))])
    assert [line.collected for line in s.lines] == [3000, 2000]
    assert s.lines[1].coverage is Coverage.PARTIAL and s.lines[1].returned == 1000
    assert s.player_dealer_result == 5000
    assert "capped" in s.lines[1].describe()


def test_kum_kum_pool_is_one_bet_split_by_stakes() -> None:
    pool = Wager(2, "Base", (Stake("front", 6000), Stake("back", 3000), Stake("third", 1000)))
    s = settle(100000, [WagerResult.win(pool, Fraction(19, 20))])
    (line,) = s.lines
    assert line.paid == 9500 and line.receipt == 19500
    assert dict(line.shares) == {"front": 11700, "back": 5850, "third": 1950}
    assert "kum-kum" in line.describe()


def test_payout_rounds_down_to_the_cent() -> None:
    s = settle(100000, [WagerResult.win(Wager.single(1, "Ante", "a", 25), Fraction(3, 2))])
    assert s.lines[0].paid == 37


def test_push_surrender_and_void() -> None:
    s = settle(
        10000,
        [
            WagerResult.push(w(1, "Ante", 10)),
            WagerResult.lose(w(2, "Ante", 10), Fraction(1, 2)),
            WagerResult.void(w(3, "Ante", 10), note="over the maximum"),
        ],
    )
    assert [line.receipt for line in s.lines] == [1000, 500, 1000]
    assert s.describe()[2] == "seat 3 Ante: no action (over the maximum), $10.00 returned"


def test_bad_input_is_a_typed_error() -> None:
    with pytest.raises(BankingError):
        settle(-1, [])
    a = w(1, "Ante", 5)
    with pytest.raises(BankingError, match="twice"):
        settle(100, [WagerResult.win(a), WagerResult.lose(a)])
    with pytest.raises(BankingError):
        WagerResult.win(a, -1)


def test_baccarat_order_player_banker_tie_then_bonuses() -> None:
    """003 §16 Dragon Bonus: all Player line, then all Banker line, then all Tie, then the two Dragon bonuses,
    from the action seat clockwise, the player-dealer's seat not counted."""
    order = SettlementOrder.from_data(
        {
            "grouping": "wager",
            "wager_order": ["Player", "Banker", "Tie", "Player Dragon", "Banker Dragon"],
        }
    )
    table = Table((1, 2, 3, 4, 5, 6, 7, 8), player_dealer=4)
    wagers = [
        w(1, "Banker Dragon", 5, WagerKind.BONUS),
        w(1, "Player", 10),
        w(6, "Tie", 5),
        w(6, "Banker", 10),
        w(2, "Player", 10),
        w(7, "Player Dragon", 5, WagerKind.BONUS),
    ]
    got = [(x.name, x.seat) for x in order_wagers(order, table, 6, wagers)]
    assert got == [
        ("Player", 1),
        ("Player", 2),
        ("Banker", 6),
        ("Tie", 6),
        ("Player Dragon", 7),
        ("Banker Dragon", 1),
    ]


def test_settle_round_orders_then_settles_with_the_collection() -> None:
    order = SettlementOrder.from_data({"wager_order": ["Ante", "Play", "Pair Plus"]})
    table = Table(tuple(range(1, 8)), player_dealer=7)
    a1, p1, pp1, a2 = (
        w(1, "Ante", 10),
        w(1, "Play", 10),
        w(1, "Pair Plus", 5, WagerKind.BONUS),
        w(2, "Ante", 10),
    )
    sched = Schedule.from_data(
        {
            "room": "r",
            "game": "g",
            "option": "1",
            "title": "t",
            "source": {"seed": "s.txt", "section": "§1", "lines": "L1"},
            "taken": "before_deal",
            "charges": [{"payer": "player_dealer", "per": "round", "fee": 1}],
        }
    )
    coll = assess(sched, [a1, pp1, a2])
    results = [WagerResult.win(pp1, 3), WagerResult.lose(a2), WagerResult.win(p1), WagerResult.win(a1)]
    s = settle_round(1000, results, order, table, action=2, collection=coll)
    assert [(x.wager.seat, x.wager.name) for x in s.lines] == [
        (2, "Ante"),
        (1, "Ante"),
        (1, "Play"),
        (1, "Pair Plus"),
    ]
    assert s.describe()[0].startswith("player-dealer: collection $1.00")
    assert s.describe()[-3:] == [
        "seat 1 Pair Plus: $5.00 returned, bank exhausted",
        "collections stand: no refund when the bank runs short",
        "bank: $10.00 -> $0.00 (-$10.00 to the player-dealer)",
    ]


# --- properties -------------------------------------------------------------------------------------------------

_PAYS = st.sampled_from(
    [Fraction(1), Fraction(3, 2), Fraction(2), Fraction(19, 20), Fraction(40), Fraction(6, 5)]
)


@st.composite
def wagers_and_results(draw: st.DrawFn) -> list[WagerResult]:
    n = draw(st.integers(0, 14))
    out = []
    for i in range(n):
        seat = draw(st.integers(1, 7))
        stakes = draw(
            st.lists(st.integers(1, 20000), min_size=1, max_size=3).map(
                lambda amounts, i=i: tuple(Stake(f"s{i}-{k}", a) for k, a in enumerate(amounts))
            )
        )
        kind = draw(st.sampled_from(WagerKind))
        wager = Wager(seat, "Base" if kind is WagerKind.BASE else "Bonus", stakes, kind)
        outcome = draw(st.sampled_from(Outcome))
        if outcome is Outcome.WIN:
            out.append(WagerResult.win(wager, draw(_PAYS)))
        elif outcome is Outcome.LOSE:
            out.append(WagerResult.lose(wager, draw(st.sampled_from([Fraction(1), Fraction(1, 2)]))))
        else:
            out.append(WagerResult(wager, outcome))
    return out


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 100000), wagers_and_results(), st.sampled_from(SettleMode))
def test_properties(bank: int, results: list[WagerResult], mode: SettleMode) -> None:
    s = settle(bank, results, mode)
    staked = sum(r.wager.amount for r in results)
    # Chips are conserved: everything on the table goes back to the bank or to the players.
    assert bank + staked == s.bank_after + sum(s.receipts().values())
    # The player-dealer never wins or loses more than its bank; the bank never goes below zero.
    assert -bank <= s.player_dealer_result <= bank
    assert all(line.bank_after >= 0 for line in s.lines)
    for line in s.lines:
        amount = line.wager.amount
        assert line.paid <= line.due and line.collected <= line.due
        assert sum(a for _, a in line.shares) == line.receipt
        if line.coverage is Coverage.NONE or line.result.outcome in (Outcome.PUSH, Outcome.VOID):
            assert line.receipt == amount, "every cent of an uncovered wager comes back"
        if line.result.outcome is Outcome.WIN:
            assert line.returned == amount
        if line.result.outcome is Outcome.LOSE:
            assert line.returned == amount - line.collected
    # The settlement keeps the order it was given (losers first when the variant collects first).
    if mode is SettleMode.IN_ORDER:
        assert [line.result for line in s.lines] == results
    else:
        losers = [r for r in results if r.outcome is Outcome.LOSE]
        assert [line.result for line in s.lines] == losers + [
            r for r in results if r.outcome is not Outcome.LOSE
        ]
    # A bank big enough for every payout and every loss covers everything.
    due_out = sum(line.due for line in s.lines if line.result.outcome is Outcome.WIN)
    due_in = sum(line.due for line in s.lines if line.result.outcome is Outcome.LOSE)
    if bank >= due_out and bank >= due_in:
        assert all(line.coverage is Coverage.FULL for line in s.lines)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 100000), wagers_and_results(), st.integers(0, 300))
def test_chips_conserved_with_fees(bank: int, results: list[WagerResult], fee_cents: int) -> None:
    """Before the round = after the round + fees, for the bank and every player together."""
    sched = Schedule.from_data(
        {
            "room": "r",
            "game": "g",
            "option": "1",
            "title": "t",
            "source": {"seed": "s.txt", "section": "§1", "lines": "L1"},
            "taken": "before_deal",
            "charges": [
                {"payer": "player_dealer", "per": "round", "fee": money(fee_cents).removeprefix("$")},
                {"payer": "player", "per": "wager", "wagers": ["base"], "fee": 1},
            ],
        }
    )
    coll = assess(sched, [r.wager for r in results])
    stacks = {st_.player: 1_000_000 for r in results for st_ in r.wager.stakes}
    pd_stack = bank + 10_000
    before = sum(stacks.values()) + pd_stack
    s = settle(bank, results, SettleMode.IN_ORDER, coll)
    net = s.net()
    after_players = sum(stacks[p] + net.get(p, 0) for p in stacks)
    after_pd = pd_stack - coll.player_dealer + s.player_dealer_result
    assert before == after_players + after_pd + coll.total


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.integers(1, 8), st.sampled_from(["Ante", "Play", "Pair Plus"])), max_size=20),
    st.integers(1, 8),
    st.sampled_from(["clockwise", "counterclockwise"]),
)
def test_order_matches_the_variant(spots: list[tuple[int, str]], action: int, direction: str) -> None:
    """Seat by seat from the action seat in the variant's direction; within a seat Ante, Play, Pair Plus."""
    order = SettlementOrder.from_data({"direction": direction, "wager_order": ["Ante", "Play", "Pair Plus"]})
    table = Table(tuple(range(1, 9)), player_dealer=8)
    wagers = [w(seat, name, 5) for seat, name in spots]
    got = order_wagers(order, table, action, wagers)
    assert sorted(map(id, got)) == sorted(map(id, wagers))
    ring = table.ring(action, order.direction)
    ring.remove(8)
    ring.append(8)
    keys = [(ring.index(x.seat), order.wager_order.index(x.name)) for x in got]
    assert keys == sorted(keys)
    assert Grouping.SEAT is order.grouping


def test_an_award_to_a_button_is_paid_in_turn_as_far_as_the_bank_holds() -> None:
    """A button with no stake (the Envy Bonus) is owed a fixed amount: the bank pays it in its turn while it
    holds money; nothing of the button's mark is collected or returned, so no chip appears from nowhere."""
    lose = WagerResult.lose(Wager.single(2, "main", "p2", 3000))
    button = Wager.single(3, "envy", "p3", 1, WagerKind.BONUS)
    award = WagerResult.award(button, 5000, "Envy Bonus")
    win = WagerResult.win(Wager.single(4, "main", "p4", 4000))
    s = settle(5000, [lose, award, win])  # 5,000 + 3,000 collected, then 5,000 awarded, 3,000 left
    by = {ln.wager.seat: ln for ln in s.lines}
    assert (by[3].paid, by[3].returned, by[3].collected, by[3].coverage) == (5000, 0, 0, Coverage.FULL)
    assert by[3].receipt == 5000 and by[3].describe() == "seat 3 envy (Envy Bonus): paid $50.00"
    assert (by[4].paid, by[4].returned, by[4].coverage) == (3000, 4000, Coverage.PARTIAL)  # the bank runs out
    assert s.bank_after == 0
    # a bank that runs short pays part of the award, and one already spent pays none
    short = settle(1000, [award, win])
    assert (short.lines[0].paid, short.lines[0].coverage) == (1000, Coverage.PARTIAL)
    assert "of $50.00, bank exhausted" in short.lines[0].describe()
    none = settle(0, [award])
    assert (none.lines[0].paid, none.lines[0].coverage) == (0, Coverage.NONE)
    with pytest.raises(BankingError):
        WagerResult(button, Outcome.LOSE, award_cents=100)
