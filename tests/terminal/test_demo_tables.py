"""The demo: each of its tables (Pai Gow, baccarat, Three Card Poker) deals a real round on emulated
devices, through the console's keys, to a settlement with the bank and the fee; ``t`` switches the table
(journaled); the wager panel puts wagers on the layout with keys."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from firmware_bridge.clock import ManualClock
from firmware_bridge.link import LinkConfig
from terminal.commands.run import DEMO_TABLES, build_app, demo_tables
from terminal.config import load_config
from terminal.console.render import header_text
from terminal.console.view import fmt_cents


def text_of(renderable) -> str:
    console = Console(width=140, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


async def until(pilot, cond, steps=1200):  # a bound for a broken run only (2 min), never a timing
    for _ in range(steps):
        if cond():
            return True
        await pilot.pause(0.05)
    return cond()


#: Link timing for end-to-end tests that never need COMMS_LOST: the silence watchdog on a manual clock
#: nobody moves (see :func:`manual_watchdog`); the I/O timers run on real time.
QUIET_LINK = LinkConfig(watchdog=ManualClock().now)


def manual_watchdog(controller) -> ManualClock:
    """Put the devices' silence watchdog on a manual clock the test moves (issue 16 item 9).

    The links' I/O timers (retransmission, heartbeats, acknowledgements, HELLO retries) keep running on
    real time, as they must for the handshake and the emulators' own watchdogs; only the verdict "the
    device fell silent" (COMMS_LOST) reads the manual clock. A starved test process therefore never times
    a live device out, and a test that wants COMMS_LOST moves the clock. (A manual clock for the whole
    driver stalled the handshake: its HELLO retries, heartbeats and acknowledgements never came due,
    and the emulator, on real time in its own thread, then timed the silent host out.)"""
    watch = ManualClock()
    controller.link_config = LinkConfig(watchdog=watch.now)
    return watch


def demo_app(tmp_path, monkeypatch, index=0):
    monkeypatch.setenv("DEALER_TERMINAL_STATE_DIR", str(tmp_path))
    base = load_config(None, env={"DEALER_TERMINAL_STATE_DIR": str(tmp_path)}, demo=True)
    tables = demo_tables(base)
    assert [t.table.game.split("/")[0] for t in tables] == [
        "paigow",
        "baccarat",
        "threecard",
        "twocardpeek",
        "ultimatewar",
        "chinese",
        "paigowtiles",
        "paigowtiles",
        "paigowtiles",
        "paigowtiles",
        "chinese",
        "chinese",
        "omaha",
        "draw",
        "ultimateholdem",
        "quickdraw",
        "panguingue",
        "partycraps",
    ]
    app = build_app(tables[index], tables=tables)
    # COMMS_LOST is decided on a manual clock: it cannot trip while a loaded machine starves the test
    # process (issue 16 item 9). Nothing here asserts on wall-clock time.
    app.watchdog = manual_watchdog(app.controller)
    return app


async def deal_to_settlement(app, pilot) -> None:
    """Press what the dealer presses until the round is settled."""
    c = app.controller
    assert await until(pilot, lambda: c.drivers and all(d.state == "ok" for d in c.devices.values()))
    assert await until(pilot, lambda: bool(c.board.wagers) and c.bank_cents > 0)  # the demo's layout
    # The shoe is not shuffled: new round asks the shuffler first (a shoe table records the dealer's
    # shuffle); once the deck is shuffled and checked, new round starts the round.
    assert c.step().value == "shuffle"
    await pilot.press("n")
    assert await until(pilot, lambda: c.step().value == "betting")
    await pilot.press("n")
    assert await until(pilot, lambda: c.state.start is not None)
    for _ in range(40):
        if c.settled is not None:
            break
        prompt = c.state.prompt.lower()
        if "press confirm" in prompt:
            await pilot.press("c")  # every Pai Gow pile is out
        elif "play or fold" in prompt:
            await pilot.press("p")
        elif c.game.family == "paigow" and c.state.status.name == "DEALT":
            await pilot.press("h")  # every hand set the House Way
        await pilot.pause(0.1)
        await until(pilot, lambda p=prompt: c.state.prompt.lower() != p or c.settled is not None, steps=100)
    assert c.settled is not None and c.settled.settlement is not None, c.state.prompt
    assert not c.state.active_alerts, [a.code for a in c.state.active_alerts]


# The players' own game with no bank (Chinese Poker) settles in points: tests/terminal/test_demo_chinese.py;
# Pai Gow Tiles deals tiles, not cards: tests/terminal/test_demo_tiles.py; the pot games (no bank; the betting is
# keyed on the bet picker): tests/terminal/test_demo_pot_games.py.
OWN_TESTS = ("chinese", "paigowtiles", "pineapple", "omaha-pl", "lowball-winner", "quickdraw", "panguingue")


@pytest.mark.parametrize("index", [i for i, name in enumerate(DEMO_TABLES) if not name.startswith(OWN_TESTS)])
async def test_each_demo_table_deals_a_round_to_settlement(tmp_path, monkeypatch, index):
    app = demo_app(tmp_path, monkeypatch, index)
    c = app.controller
    async with app.run_test(size=(140, 44)) as pilot:
        await deal_to_settlement(app, pilot)
        ts = c.settled
        assert ts.chips_before() == ts.chips_after()
        assert c.bank_cents == ts.settlement.bank_after  # the next round's bank is what is left
        assert await until(pilot, lambda: app.view is not None and app.view.phase == "settlement")
        assert await until(pilot, lambda: bool(app.view.settlement))
        lines = app.view.settlement
        assert lines[-1].outcome == "bank"
        if c.game.family == "paigow":  # Capitol's Pai Gow collection is not among the filings held
            assert app.view.fee_cents == 0 and "no collection schedule" in app.view.fee_note
        else:
            # the moment the posted schedule names ("before the deal"; Ultimate War: "before the
            # player-dealer's hand is opened")
            assert app.view.fee_cents > 0 and f"taken {c.schedule.taken.words}" in app.view.fee_note
            assert any(line.outcome == "fee" for line in lines)
        shown = text_of(app.screen.query_one("#settlement").content)
        assert "Settlement: action from seat" in shown and lines[0].who in shown and "Bank" in shown
        agrees_with_the_cards(c.view(), c)
        if c.game.family == "paigow":  # the dice that picked the first hand are in the header
            dice = c.state.dice
            assert len(dice) == 3 and app.view.dice == dice
            assert f"dice {'-'.join(map(str, dice))} = {sum(dice)}" in header_text(app.view).plain
        entries = list(c.journal.journal.entries(kind="settlement"))
        assert entries and entries[-1].payload["bank_before"] == ts.settlement.bank_before
        # The next round's wagers may go on the layout again.
        assert c.betting_open()
    c.close()


async def test_t_switches_the_demo_table_and_journals_it(tmp_path, monkeypatch):
    app = demo_app(tmp_path, monkeypatch)
    async with app.run_test(size=(140, 44)) as pilot:
        first = app.controller
        assert await until(pilot, lambda: first.drivers)
        await pilot.press("t")
        assert await until(pilot, lambda: app.controller is not first and app.controller.drivers)
        c = app.controller
        assert c.game.id == "baccarat/commission-free" and app.backend is c
        assert await until(pilot, lambda: app.view is not None and app.view.game_id == c.game.id)
        assert "Commission-Free Baccarat" in app.last_result
        await deal_to_settlement(app, pilot)
        await pilot.press("t")
        assert await until(pilot, lambda: app.controller.game.family == "threecard")
        await pilot.press("t")
        assert await until(pilot, lambda: app.controller.game.family == "twocardpeek")
        await pilot.press("t")
        assert await until(pilot, lambda: app.controller.game.family == "ultimatewar")
        await pilot.press("t")
        assert await until(pilot, lambda: app.controller.game.family == "chinese")
        await pilot.press("t")
        assert await until(pilot, lambda: app.controller.game.id == "paigowtiles/capitol")
        for room in ("oaks", "tres-lounge", "marysville"):  # each room's tiles table
            await pilot.press("t")
            assert await until(pilot, lambda r=room: app.controller.game.id == f"paigowtiles/{r}")
        await pilot.press("t")
        assert await until(pilot, lambda: app.controller.game.id == "chinese/the101")
        await pilot.press("t")
        assert await until(pilot, lambda: app.controller.game.id == "chinese/face-up-pineapple-parkwest")
        await pilot.press("t")
        assert await until(pilot, lambda: app.controller.game.id == "omaha/pot-limit-oaks")
        await pilot.press("t")
        assert await until(pilot, lambda: app.controller.game.id == "draw/lowball-winner-oaks")
        await pilot.press("t")
        assert await until(pilot, lambda: app.controller.game.id == "ultimateholdem/the101")
        await pilot.press("t")
        assert await until(pilot, lambda: app.controller.game.id == "quickdraw/the101")
        await pilot.press("t")
        assert await until(pilot, lambda: app.controller.game.id == "panguingue/oaks")
        await pilot.press("t")
        assert await until(pilot, lambda: app.controller.game.id == "partycraps/the101")
        await pilot.press("t")
        assert await until(pilot, lambda: app.controller.game.family == "paigow")
        c = app.controller
        moves = [e.payload["game"] for e in c.journal.journal.entries(kind="demo") if "game" in e.payload]
        assert moves == [
            "baccarat/commission-free",
            "threecard/capitol",
            "twocardpeek/the101",
            "ultimatewar/the101",
            "chinese/13-card-oaks",
            "paigowtiles/capitol",
            "paigowtiles/oaks",
            "paigowtiles/tres-lounge",
            "paigowtiles/marysville",
            "chinese/the101",
            "chinese/face-up-pineapple-parkwest",
            "omaha/pot-limit-oaks",
            "draw/lowball-winner-oaks",
            "ultimateholdem/the101",
            "quickdraw/the101",
            "panguingue/oaks",
            "partycraps/the101",
            "paigow/capitol",
        ]
        games = [e.payload["game"] for e in c.journal.journal.entries(kind="config")]
        assert games == [
            "paigow/capitol",
            "baccarat/commission-free",
            "threecard/capitol",
            "twocardpeek/the101",
            "ultimatewar/the101",
            "chinese/13-card-oaks",
            "paigowtiles/capitol",
            "paigowtiles/oaks",
            "paigowtiles/tres-lounge",
            "paigowtiles/marysville",
            "chinese/the101",
            "chinese/face-up-pineapple-parkwest",
            "omaha/pot-limit-oaks",
            "draw/lowball-winner-oaks",
            "ultimateholdem/the101",
            "quickdraw/the101",
            "panguingue/oaks",
            "partycraps/the101",
            "paigow/capitol",
        ]
        assert c.journal.journal.verify().ok
    c.close()


async def test_the_wager_panel_takes_chips_by_key(tmp_path, monkeypatch):
    app = demo_app(tmp_path, monkeypatch)
    c = app.controller
    async with app.run_test(size=(140, 44)) as pilot:
        assert await until(pilot, lambda: bool(c.board.wagers))
        before = c.board.wagers.get((3, 0, "main"), 0)
        await pilot.press("w")
        assert await until(pilot, lambda: type(app.screen).__name__ == "WagerPanel")
        await pilot.press("3", "d", "d", "s")  # seat 3: two $25 chips and a $5
        assert await until(pilot, lambda: c.board.wagers.get((3, 0, "main"), 0) == before + 5500)
        await pilot.press("minus")  # one $5 off
        assert await until(pilot, lambda: c.board.wagers.get((3, 0, "main"), 0) == before + 5000)
        await pilot.press("backspace")
        assert await until(pilot, lambda: (3, 0, "main") not in c.board.wagers)
        await pilot.press("1", "f")  # seat 1 is the demo's player-dealer: chips build the bank
        assert await until(pilot, lambda: c.bank_cents == 100000 + 10000)
        layout = text_of(app.screen.query_one("#wager-layout").content)
        assert "PD bank" in layout
        await pilot.press("enter")
        assert await until(pilot, lambda: type(app.screen).__name__ == "DealerScreen")
        # No more bets once the round starts: the layout stays, BETS_AFTER_CLOSE shows.
        await pilot.press("n")
        assert await until(pilot, lambda: c.state.prompt.startswith("take the wagers"))
        await pilot.press("n")
        assert await until(pilot, lambda: c.state.start is not None)
        await pilot.press("w", "2", "d", "enter")
        assert await until(pilot, lambda: app.view is not None and app.view.active_alert is not None)
        assert app.view.active_alert.code == "BETS_AFTER_CLOSE"
    c.close()


# -- the screen agrees with the cards: each shown outcome recomputed from the cards the screen draws ----

RANKS = "23456789TJQKA"


def _points(cards) -> int:
    """Baccarat: the hand's total from the drawn cards (tens and faces count 0)."""
    return sum(min(RANKS.index(c[0]) + 2, 10) % 10 if c[0] != "A" else 1 for c in cards) % 10


def _three(cards) -> tuple:
    """Three Card Poker's ranking, written out here (not the engine's): category, then ranks high first.
    Straight flush > three of a kind > straight > flush > pair > high card; A-2-3 is the lowest straight."""
    ranks = sorted((RANKS.index(c[0]) + 2 for c in cards), reverse=True)
    flush = len({c[1] for c in cards}) == 1
    if ranks == [14, 3, 2]:
        ranks = [3, 2, 1]
    straight = ranks[0] - ranks[2] == 2 and len(set(ranks)) == 3
    if straight and flush:
        return (5, ranks)
    if len(set(ranks)) == 1:
        return (4, ranks)
    if straight:
        return (3, ranks)
    if flush:
        return (2, ranks)
    if len(set(ranks)) == 2:
        pair = max(set(ranks), key=ranks.count)
        return (1, [pair, *[r for r in ranks if r != pair]])
    return (0, ranks)


def _word(cmp: int) -> str:
    return {1: "paid", -1: "collected", 0: "push"}[cmp]


def agrees_with_the_cards(view, c) -> None:
    """Every settlement line a seat shows agrees with the cards drawn on the screen."""
    family = c.game.family
    lines = {
        (ln.seat, ln.who.split()[-1]): ln
        for ln in view.settlement
        if ln.seat is not None and ln.outcome != "fee"
    }
    piles = {p.name.lower(): p.hands[0].cards for p in view.piles if p.hands}
    assert all("##" not in cards for cards in piles.values())  # the showdown: every card turned
    if family == "baccarat":
        player, banker = _points(piles["player"]), _points(piles["banker"])
        for (seat, spot), ln in lines.items():
            if spot in ("player", "banker"):
                mine, theirs = (player, banker) if spot == "player" else (banker, player)
                expected = _word((mine > theirs) - (mine < theirs))
                assert ln.outcome.replace("part paid", "paid") == expected, (seat, spot, player, banker, ln)
    elif family == "threecard":
        dealer = _three(piles["player_dealer"])
        qualifies = dealer >= (0, [12, 0, 0])  # Queen high or better
        for seat in {s for s, _ in lines}:
            hand = next(h.cards for sv in view.seats if sv.seat == seat for h in sv.hands)
            mine = _three(hand)
            ante, play = lines.get((seat, "ante")), lines.get((seat, "play"))
            if play is None:  # folded: the Ante is lost
                assert ante.outcome == "collected"
                continue
            if not qualifies:
                assert ante.outcome == "paid" and play.outcome in ("push", "returned"), (seat, ante, play)
            else:
                expected = _word((mine > dealer) - (mine < dealer))
                assert ante.outcome == play.outcome == expected, (
                    seat,
                    hand,
                    piles["player_dealer"],
                    ante,
                    play,
                )
            bonus = lines.get((seat, "bonus"))
            if bonus is not None:
                assert bonus.outcome == ("paid" if mine[0] >= 1 else "collected"), (seat, hand, bonus)
    elif family == "paigow":
        # Each seat's set hands are the cards of the pile the dice gave it, and the seat's result is the
        # one its two hands make against the player-dealer's two (both win: paid, both lose: collected).
        by_pile = {frozenset(cards) for cards in piles.values()}
        pd = next(sv for sv in view.seats if sv.player_dealer)
        pd_low, pd_high = (h.cards for h in pd.hands)
        result = c.state.outcome.settlement.hands
        for sv in view.seats:
            if not sv.hands or sv.player_dealer:
                continue
            low, high = (h.cards for h in sv.hands)
            assert frozenset(low + high) in by_pile, (sv.seat, low, high)
            engine = result[f"seat {sv.seat}"]
            assert (" ".join(low), " ".join(high)) == (engine.front, engine.back)  # drawn = settled
            ln = lines[(sv.seat, "main")]
            assert ln.outcome == {"win": "paid", "lose": "collected", "push": "push"}[engine.result]
        assert (" ".join(pd_low), " ".join(pd_high)) == (
            c.state.outcome.settlement.player_dealer.front,
            c.state.outcome.settlement.player_dealer.back,
        )
    # Whatever the family: a seat's status is its net over its lines, as the chips move.
    for sv in view.seats:
        net = sum(ln.cents for (seat, _), ln in lines.items() if seat == sv.seat)
        if net > 0:
            assert sv.status.startswith(f"won {fmt_cents(net)}"), (sv.seat, sv.status, net)
        elif net < 0:
            assert sv.status.startswith(f"lost {fmt_cents(-net)}"), (sv.seat, sv.status, net)


async def test_comms_lost_is_decided_by_the_manual_watchdog_only(tmp_path, monkeypatch):
    """A device that falls silent on the real pty: no COMMS_LOST however long the (maybe starved) test
    process takes, until the test moves the watchdog clock past the silence timeout; then the STOP names
    the device. Heartbeats and acknowledgements run on real time meanwhile (the handshake completes)."""
    import time

    from terminal.controller import _emulator_control

    app = demo_app(tmp_path, monkeypatch)
    c = app.controller
    async with app.run_test(size=(140, 44)) as pilot:
        assert await until(pilot, lambda: c.drivers and all(d.state == "ok" for d in c.devices.values()))
        name = next(n for n, d in c.config.devices.items() if d.kind == "shuffler")
        runner = _emulator_control(c.drivers[name])  # the emulator's thread runner, behind its control port
        emulator = runner.emulator
        runner.call(lambda: emulator.inject("disconnect", time.monotonic(), duration=3600.0))
        sent = c.drivers[name].link.counters.frames_out
        assert await until(pilot, lambda: c.drivers[name].link.counters.frames_out > sent + 2)  # heartbeats
        assert not c.drivers[name].comms_lost and all(
            a.code.value != "COMMS_LOST" for a in c.state.active_alerts
        )
        await app.watchdog.advance(c.drivers[name].link.config.comms_timeout, step=0.5)
        # The STOP names the silent device. (Not the driver's own flag: a frame the emulator wrote before it
        # fell silent, read late by a starved test process, is news from the device and lifts the flag; the
        # STOP stays until cleared. A starved process may also miss the other device's replies while the
        # clock jumps, so that device can be lost too: the test asks only for this one's STOP.)
        assert await until(
            pilot,
            lambda: any(
                a.code.value == "COMMS_LOST" and a.message.startswith(f"{name}:")
                for a in c.state.active_alerts
            ),
        )
    c.close()
