"""Backline wagers on the demo's Ultimate War (config/tables/ultimatewar.yaml): the wager panel offers, after
the game's own spots, a spot behind the seat for each wager a backline bettor may make ("Back-line betting is
permitted on all wagers", seed 000 L1163; ``Family.backline_spots``). A chip there is the backline bettor's
wager, checked against the table's limits like any other; the round starts with it marked ``backline`` and it
is settled on its own stake right after the seat's own wager on that spot, named apart (``seat 3 backline``),
on the screen too. (Cal Quick Draw Poker's backline wagers settle the same way:
tests/scenarios/quick-draw-backline-wagers-settled-apart-from-the-seats-own.yaml.)"""

from __future__ import annotations

from rules.round.events import Wager
from terminal.commands.run import DEMO_TABLES
from tests.terminal.test_demo_tables import deal_to_settlement, demo_app, text_of, until


async def test_a_backline_wager_keyed_on_the_wager_panel_is_settled_apart_from_the_seats_own(
    tmp_path, monkeypatch
):
    app = demo_app(tmp_path, monkeypatch, DEMO_TABLES.index("ultimatewar"))
    c = app.controller
    spots = ["player", "banker", "war", "ultimate-5-player", "ultimate-5-banker"]
    assert c.spots == spots + [f"{s} backline" for s in spots]
    async with app.run_test(size=(140, 44)) as pilot:
        assert await until(pilot, lambda: bool(c.board.wagers))
        own = c.board.wagers.get((3, 0, "player"), 0)
        assert own > 0  # the demo's layout: seat 3's own Player Bet
        await pilot.press("w")
        assert await until(pilot, lambda: type(app.screen).__name__ == "WagerPanel")
        await pilot.press("3", *["down"] * 5)  # seat 3, the spot behind its Player Bet
        layout = text_of(app.screen.query_one("#wager-layout").content)
        assert "backline" in layout
        await pilot.press("a")  # $1: under the table's $5 minimum, refused like any wager
        assert await until(pilot, lambda: "minimum" in str(app.last_result)), app.last_result
        assert (3, 0, "player backline") not in c.board.wagers
        await pilot.press("d")  # $25 behind seat 3
        assert await until(pilot, lambda: c.board.wagers.get((3, 0, "player backline")) == 2500)
        await pilot.press("enter")
        assert await until(pilot, lambda: type(app.screen).__name__ == "DealerScreen")
        await deal_to_settlement(app, pilot)
        assert Wager(3, 2500, "player", backline=True) in c.state.start.wagers
        assert Wager(3, own, "player") in c.state.start.wagers
        sd = c.state.outcome.to_json()["settlement"]
        seat3 = [w for w in sd["wagers"] if w["seat"] == 3 and w["spot"] == "player"]
        assert [(w["cents"], w.get("backline")) for w in seat3] == [(own, None), (2500, True)]
        i = sd["wagers"].index(seat3[0])
        assert sd["wagers"][i + 1] == seat3[1]  # right after the seat's own
        receipts = sd["bank"]["receipts"]
        back = {"win": 5000, "push": 2500, "lose": 0}[seat3[1]["result"]]  # Player Bet: 1 to 1
        assert receipts["seat 3 backline"] == back
        ts = c.settled
        assert ts.chips_before() == ts.chips_after()
        assert ts.settlement.receipts()["seat 3 backline"] == receipts["seat 3 backline"]

        def shown() -> str:
            return text_of(app.screen.query_one("#settlement").content)

        # the dealer screen's settlement (drawn when the view is next painted) names the bettor behind seat 3
        assert await until(pilot, lambda: "Seat 3 player backline" in shown()), shown()
        assert c.journal.journal.verify().ok
    c.close()
