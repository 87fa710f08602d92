"""The table's settlement: the family's results through the bank, the action order, coverage and the posted
collection; journaled; on the dealer screen; chips conserved. And the wager panel's rules: limits, the
player-dealer's bank, BETS_AFTER_CLOSE after no more bets, the layout surviving a restart."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.banking.money import money
from rules.cards import STANDARD_CARDS
from rules.round import Status, apply, initial
from rules.round.events import CardRead, RoundStart, Wager
from terminal.config import check_config, fee_schedule
from terminal.console.view import ConsoleInput
from terminal.controller import TableController, house_way_sets
from terminal.games import get_game
from terminal.journal import Journal
from terminal.scenario import game_rules, load_scenario, run
from terminal.settlement import settle_table, settlement_words

REPO = Path(__file__).resolve().parents[2]
SCENARIOS = REPO / "tests" / "scenarios"
TCP = SCENARIOS / "capitol-three-card-poker-full-round-bank-exhausted-from-the-action-button.yaml"
PAIGOW = SCENARIOS / "paigow-capitol-full-round-piles-dice-to-settlement.yaml"


def config_for(
    tmp_path: Path, game: str, seats: int, fees: str | None = None, lo: int = 500, hi: int = 100000
):
    f = tmp_path / "table.yaml"
    fee = f", fee_schedule: {fees}" if fees else ""
    f.write_text(
        f"table: {{game: {game}, seats: {seats}, limits: {{min_cents: {lo}, max_cents: {hi}}}{fee}}}\n"
        f"journal: {{path: {tmp_path / 'j.db'}}}\n"
    )
    cfg, problems = check_config([f], env={})
    assert not problems, problems
    return cfg


async def controller(tmp_path: Path, game: str, seats: int, fees: str | None = None, **kw) -> TableController:
    cfg = config_for(tmp_path, game, seats, fees, **kw)
    c = TableController(cfg, Journal(cfg.journal.path))
    await c.start()
    return c


async def test_three_card_round_settles_through_the_bank_with_the_posted_fee(tmp_path):
    c = await controller(tmp_path, "threecard/capitol", 8, "capitol/three-card-poker/1", hi=60000)
    for e in load_scenario(TCP).events:
        await c.apply_event(e)
    ts = c.settled
    assert ts is not None and ts.settlement is not None
    s = ts.settlement
    # The family's action seat (the button card 9d lands on seat 3), the bank exhausted part-way.
    assert ts.action_seat == 3 and s.lines[0].wager.seat == 3 and s.exhausted
    assert s.bank_before == 5000 and s.bank_after == 0
    by_seat = s.by_seat()
    assert (by_seat[2].paid, by_seat[3].paid, by_seat[5].paid) == (3000, 2000, 0)
    # Capitol's option 1 by total table action (Ante + Bonus = $50): $1 from the player-dealer, before the deal.
    assert ts.collection is not None and ts.collection.total == 100
    assert [ln.taken.words for ln in ts.collection.lines] == ["before the deal"]
    assert ts.chips_before() == ts.chips_after()
    assert c.bank_cents == 0  # the bank was exhausted: the player-dealer has nothing left in its circle
    # Journaled once, with the fee and each wager's coverage.
    (entry,) = list(c.journal.journal.entries(kind="settlement"))
    assert entry.payload["fee_cents"] == 100 and entry.payload["bank_after"] == 0
    assert {w["coverage"] for w in entry.payload["wagers"]} >= {"full", "partial"}
    # The dealer screen: the lines in action order, the fee with its moment, the bank.
    view = c.view()
    assert view.fee_cents == 100 and "from seat 3" in view.settlement_title
    assert view.settlement[0].who == "Seat 3 ante" and view.settlement[0].outcome == "paid"
    fee = next(line for line in view.settlement if line.outcome == "fee")
    assert fee.cents == -100 and "before the deal" in fee.note
    assert view.settlement[-1].outcome == "bank" and view.settlement[-1].cents == -5000
    assert "part paid" in [line.outcome for line in view.settlement]
    c.close()


async def test_a_restart_does_not_journal_the_settlement_again(tmp_path):
    c = await controller(tmp_path, "threecard/capitol", 8, "capitol/three-card-poker/1", hi=60000)
    for e in load_scenario(TCP).events:
        await c.apply_event(e)
    c.close()
    again = TableController(c.config, Journal(c.config.journal.path))
    assert again.settled is not None and again.settled.to_json() == c.settled.to_json()
    assert len(list(again.journal.journal.entries(kind="settlement"))) == 1
    again.close()


async def test_pai_gow_house_way_key_sets_every_hand_and_the_bank_settles(tmp_path):
    c = await controller(tmp_path, "paigow/capitol", 7)
    events = load_scenario(PAIGOW).events
    for e in events:
        if type(e).__name__ == "HandSet":
            break
        await c.apply_event(e)
    assert c.settled is None and c.betting_open() is False
    assert await c.submit(ConsoleInput("house-way")) == "4 hand(s) set the House Way"
    ts = c.settled
    assert ts is not None and ts.settlement is not None
    assert [(ln.wager.seat, ln.collected, ln.paid) for ln in ts.settlement.lines] == [
        (2, 2500, 0),
        (3, 0, 1000),
        (5, 500, 0),
    ]
    assert ts.collection is None and "no collection schedule" in ts.fee_words
    assert c.betting_open()  # settled: the next round's bets may go on the layout
    assert await c.submit(ConsoleInput("house-way")) is not None  # nothing left to set: refused, said why
    c.close()


def test_house_way_waits_for_the_dice():
    rules = game_rules(get_game("paigow/capitol"))
    s = apply(initial(rules), RoundStart(seats=tuple(range(1, 8)), player_dealer=1, bank=100))
    assert "dice" in house_way_sets(s)


BACCARAT = game_rules(get_game("baccarat/commission-free"))
SCHEDULE = fee_schedule("the101/commission-free-baccarat/gega-002034/1")


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    bank=st.integers(0, 40000),
    wagers=st.lists(
        st.tuples(st.integers(2, 9), st.sampled_from(["player", "banker", "tie"]), st.integers(500, 20000)),
        min_size=1,
        max_size=10,
        unique_by=lambda w: (w[0], w[1]),
    ),
)
def test_baccarat_settlement_conserves_chips(seed, bank, wagers):
    rng = random.Random(seed)
    shoe = list(STANDARD_CARDS) * 8
    rng.shuffle(shoe)
    seats = tuple(sorted({1, *(w[0] for w in wagers)}))
    start = RoundStart(
        seats=seats, player_dealer=1, wagers=tuple(Wager(s, c, spot) for s, spot, c in wagers), bank=bank
    )
    state = apply(initial(BACCARAT), start)
    while state.status is Status.DEALING:
        state = apply(state, CardRead(shoe.pop(), face_up=True))
    ts = settle_table(state, SCHEDULE, 9)
    assert ts is not None
    if bank == 0:
        assert ts.settlement is None and "no player-dealer bank" in ts.problem
        return
    s = ts.settlement
    assert s is not None
    # Bank and stakes before = bank and what goes back to the circles after; fees are paid on top.
    assert ts.chips_before() == ts.chips_after() == bank + sum(c for _, _, c in wagers)
    assert -bank <= s.player_dealer_result <= bank
    net = s.net()
    assert sum(net.values()) + s.player_dealer_result == 0
    assert ts.collection is not None and ts.collection.total == ts.collection.player_dealer > 0


async def test_wager_panel_inputs_are_checked_and_journaled(tmp_path):
    c = await controller(tmp_path, "threecard/capitol", 8, "capitol/three-card-poker/1", lo=500, hi=60000)
    assert c.spots == ["ante", "bonus"]

    async def send(action, **data):
        return await c.submit(ConsoleInput(action, "dealer", "key", data))

    assert "player-dealer's seat first" in await send("wager.bank", add=10000)
    assert await send("wager.player-dealer", seat=1) == "seat 1 banks"
    assert await send("wager.bank", add=50000) is None and c.bank_cents == 50000
    assert "its money is the bank" in await send("wager.place", seat=1, spot="ante", add=500)
    assert await send("wager.place", seat=2, spot="ante", add=100) is not None  # $1: below the $5 minimum
    assert c.board.wagers == {}
    assert await send("wager.place", seat=2, spot="bonus", add=500) is not None  # no Ante beside it
    assert await send("wager.place", seat=2, spot="ante", add=2500) is None
    assert await send("wager.place", seat=2, spot="bonus", add=2500) is None
    assert await send("wager.place", seat=3, spot="ante", add=70000) is not None  # over the $600 maximum
    assert await send("wager.place", seat=2, spot="play", add=500) is not None  # Play is the decision's
    assert c.board.wagers == {(2, 0, "ante"): 2500, (2, 0, "bonus"): 2500}
    assert c.view().betting == ((2, "ante", 2500), (2, "bonus", 2500))
    assert c.table.wagers == ((2, "ante", 2500), (2, "bonus", 2500))  # the fold of the journaled events
    refused = [e for e in c.journal.journal.entries(kind="input") if "refused" in e.payload]
    assert len(refused) == 6
    # The round starts with the layout: the seats with wagers and the player-dealer, the bank.
    assert "shuffle recorded" in await send("new-round")  # no shuffler: the dealer's shuffle first
    assert await send("new-round") is None
    start = c.state.start
    assert start.seats == (1, 2) and start.bank == 50000 and start.player_dealer == 1
    assert {(w.seat, w.spot, w.cents) for w in start.wagers} == {(2, "ante", 2500), (2, "bonus", 2500)}
    # After no more bets the layout stays as it was and BETS_AFTER_CLOSE is raised (the dealer clears it).
    assert "no more bets" in await send("wager.place", seat=2, spot="ante", add=500)
    assert c.board.wagers[(2, 0, "ante")] == 2500
    assert "no more bets" in await send("wager.bank", cents=0)
    assert c.bank_cents == 50000
    alert = c.view().active_alert
    assert alert is not None and alert.code == "BETS_AFTER_CLOSE" and alert.clear_role == "dealer"
    assert [e.payload["code"] for e in c.journal.journal.entries(kind="alert")] == ["BETS_AFTER_CLOSE"] * 2
    assert await send("clear-alert", code="BETS_AFTER_CLOSE") is None
    assert c.view().active_alert is None
    c.close()
    # The layout survives a restart (the journal's last snapshot).
    again = TableController(c.config, Journal(c.config.journal.path))
    assert again.board.wagers == {(2, 0, "ante"): 2500, (2, 0, "bonus"): 2500}
    assert again.bank_cents == 50000 and again.player_dealer == 1
    again.close()


async def test_play_and_fold_go_to_the_seat_the_round_asks(tmp_path):
    c = await controller(tmp_path, "threecard/capitol", 8, "capitol/three-card-poker/1", hi=60000)
    events = load_scenario(TCP).events
    for e in events:
        if type(e).__name__ == "Decision":
            break
        await c.apply_event(e)
    assert "play or fold: seat 2" in c.state.prompt.lower()
    assert await c.submit(ConsoleInput("play")) == "seat 2 plays"
    assert await c.submit(ConsoleInput("fold")) == "seat 3 folds"
    assert await c.submit(ConsoleInput("play")) == "seat 5 plays"
    decided = [(d.seat, d.action.value) for d in c.state.decisions]
    assert decided == [(2, "bet"), (3, "fold"), (5, "bet")]
    assert c.settled is not None and c.settled.settlement is not None
    # Every decision is taken: the table is at settlement, where play is not an input (said and journaled).
    assert "not taken while the table is settlement" in await c.submit(ConsoleInput("play"))
    assert "refused" in list(c.journal.journal.entries(kind="input"))[-1].payload
    c.close()


def test_envy_bonus_awards_reach_the_table_settlement_without_fees_or_phantom_chips():
    """The family pays the Envy Bonus (a button with no stake) from the player-dealer's bank; the table's
    settlement — what the dealer screen and the journal show — pays the same awards in the same places, takes
    no fee on them, and every chip is accounted for."""
    sc = load_scenario(
        SCENARIOS / "fortune-marysville-envy-each-holder-paid-for-every-other-qualifying-hand.yaml"
    )
    state, _ = run(sc)
    fam = state.outcome.settlement
    envy = {e.seat: e.paid for e in fam.envy if e.paid}
    assert envy, "the scenario pays at least one Envy Bonus"
    schedule = fee_schedule("marysville/fortune-pai-gow-poker/gega-002888-2024-part2/1")
    ts = settle_table(state, schedule, 7)
    assert ts is not None and ts.settlement is not None, ts
    s = ts.settlement
    awards = {ln.wager.seat: ln.paid for ln in s.lines if ln.result.award_cents is not None}
    assert awards == envy
    assert s.bank_after == fam.bank_after
    assert ts.chips_before() == ts.chips_after()
    assert ts.stakes == sum(w.cents for w in state.start.wagers)
    assert ts.collection is not None and all(ln.wager != "envy" for ln in ts.collection.lines)
    words = settlement_words(ts)
    for seat, paid in envy.items():
        assert f"seat {seat} envy (Envy Bonus): paid {money(paid)}" in words, words
    journal = ts.to_json()
    assert all(w["cents"] == 0 for w in journal["wagers"] if w["spot"] == "envy")


def _dir(root: Path, name: str) -> Path:
    (root / name).mkdir()
    return root / name


async def test_pai_gow_layouts_take_each_games_own_bets(tmp_path):
    """Ultimate Pai Gow has no main wager: its Player and Banker Bets are the base, and the Push and Tie Bets
    need one of them (seed 000 L1429, L1484-1486, L1500-1502). Triple Bonus's bonus bets may stand alone (L3932).
    The Fortune Bonus needs a standard wager (seed 004 L1507-1508); the Envy Bonus is a button, not a spot."""

    async def send(c, action, **data):
        return await c.submit(ConsoleInput(action, "dealer", "key", data))

    c = await controller(_dir(tmp_path, "u"), "paigow/ultimate-the101", 7, lo=500, hi=100000)
    assert c.spots == ["ultimate_player", "ultimate_banker", "ultimate_push", "ultimate_tie"]
    assert await send(c, "wager.player-dealer", seat=1) == "seat 1 banks"
    assert await send(c, "wager.bank", add=100000) is None
    assert "needs a base wager" in await send(c, "wager.place", seat=2, spot="ultimate_tie", add=500)
    assert await send(c, "wager.place", seat=2, spot="ultimate_player", add=2500) is None
    assert await send(c, "wager.place", seat=2, spot="ultimate_tie", add=500) is None
    assert await send(c, "wager.place", seat=3, spot="ultimate_banker", add=1000) is None
    assert "shuffle recorded" in await send(c, "new-round")  # no shuffler: the dealer's shuffle first
    assert await send(c, "new-round") is None
    assert {(w.seat, w.spot) for w in c.state.start.wagers} == {
        (2, "ultimate_player"),
        (2, "ultimate_tie"),
        (3, "ultimate_banker"),
    }
    c.close()

    t = await controller(_dir(tmp_path, "t"), "paigow/triple-bonus-the101", 7, lo=500, hi=100000)
    assert t.spots == ["main", "ultimate_push", "happy_pai_gow", "double_luck"]
    assert await send(t, "wager.place", seat=2, spot="happy_pai_gow", add=500) is None  # no base needed
    t.close()

    f = await controller(_dir(tmp_path, "f"), "paigow/fortune-marysville", 7, lo=500, hi=100000)
    assert f.spots == ["main", "fortune"]
    assert "needs a base wager" in await send(f, "wager.place", seat=2, spot="fortune", add=500)
    assert await send(f, "wager.place", seat=2, spot="main", add=2500) is None
    # the Fortune Bonus's own limits, $1 to $20 in steps of $1 (seed 004 L1507-1509), not the table's $5 minimum
    assert await send(f, "wager.place", seat=2, spot="fortune", add=100) is None
    assert "steps of $1.00" in await send(f, "wager.place", seat=2, spot="fortune", cents=150)
    assert "maximum" in await send(f, "wager.place", seat=2, spot="fortune", cents=2500)
    assert f.board.wagers[(2, 0, "fortune")] == 100
    f.close()
