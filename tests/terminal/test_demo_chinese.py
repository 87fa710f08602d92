"""The demo's Chinese Poker table (config/tables/chinese.yaml): the Oaks' 13 Card Poker dealt by the emulated
shuffler, a packet of thirteen to each player; ``h`` enters the setter's legal settings (advice, not a House
Way); the settlement shows each seat's points and money in the filed order, with no bank and no fee from the
hand."""

from __future__ import annotations

import pytest

from terminal.commands.run import DEMO_TABLES
from tests.terminal.test_demo_tables import demo_app, until


async def test_the_chinese_poker_demo_table_deals_and_settles_a_round(tmp_path, monkeypatch):
    app = demo_app(tmp_path, monkeypatch, DEMO_TABLES.index("chinese"))
    c = app.controller
    assert c.game.id == "chinese/13-card-oaks"
    async with app.run_test(size=(140, 44)) as pilot:
        assert await until(pilot, lambda: c.drivers and all(d.state == "ok" for d in c.devices.values()))
        # the demo layout: each player's table stakes, no player-dealer and no bank
        assert await until(pilot, lambda: bool(c.board.wagers))
        assert c.player_dealer is None and c.bank_cents == 0
        before = c.round_no
        await pilot.press("n")  # the shuffler shuffles and checks the deck (then the round starts)
        started = lambda: c.round_no == before + 1  # noqa: E731
        assert await until(pilot, lambda: started() or c.state.prompt.startswith("take the wagers"))
        if not started():
            await pilot.press("n")  # the round starts: a packet of thirteen to each player
        assert await until(pilot, started), c.state.prompt
        assert await until(pilot, lambda: c.state.status.name == "DEALT"), c.state.prompt
        start = c.state.start
        assert start is not None and start.player_dealer is None and len(start.players) == 3
        await pilot.press("h")
        assert await until(
            pilot, lambda: bool(app.view and app.view.settlement and app.view.settlement[0].seat)
        )
        out = c.state.outcome.settlement.chinese
        assert sum(out.points.values()) == 0 and sum(out.cents.values()) == 0
        assert all(h.foul is None for h in out.hands.values())  # the setter's settings are legal
        lines = app.view.settlement
        assert tuple(ln.seat for ln in lines[:3]) == out.order
        assert app.view.fee_cents == 0 and "no collection is taken from the hand" in app.view.fee_note
        assert not c.state.active_alerts, [a.code for a in c.state.active_alerts]
        assert "advice" in app.last_result
        assert c.journal.journal.verify().ok
    c.close()


@pytest.mark.parametrize(
    ("table", "game", "cards"),
    [("chinese-101", "chinese/the101", 39), ("pineapple", "chinese/face-up-pineapple-parkwest", 51)],
)
async def test_the_101_and_the_pineapple_deal_from_a_single_card_shuffler_and_settle(
    tmp_path, monkeypatch, table, game, cards
):
    """The 101's Chinese Poker (five face up one at a time, then one at a time) and Parkwest's Pineapple (five,
    then packets of three) from the shuffler one card at a time (packet 0): each card is dispensed once, as the
    round asks, and goes to the step due (no EXTRA_CARD, no OUT_OF_ORDER); ``h`` sets every hand (the Pineapple:
    the first five and two of each packet) and the round settles in points."""
    app = demo_app(tmp_path, monkeypatch, DEMO_TABLES.index(table))
    c = app.controller
    assert c.game.id == game
    async with app.run_test(size=(140, 44)) as pilot:
        assert await until(pilot, lambda: c.drivers and all(d.state == "ok" for d in c.devices.values()))
        assert await until(pilot, lambda: bool(c.board.wagers))
        before = c.round_no
        await pilot.press("n")
        started = lambda: c.round_no == before + 1  # noqa: E731
        assert await until(pilot, lambda: started() or c.state.prompt.startswith("take the wagers"))
        if not started():
            await pilot.press("n")
        assert await until(pilot, started), c.state.prompt
        assert await until(pilot, lambda: c.state.status.name == "DEALT"), c.state.prompt
        assert len(c.state.start.players) == 3 and len([p for p in c.state.placed if not p.void]) == cards
        assert not c.state.alerts, [(a.code.value, a.message) for a in c.state.alerts]
        await pilot.press("h")
        assert await until(
            pilot, lambda: bool(app.view and app.view.settlement and app.view.settlement[0].seat)
        )
        out = c.state.outcome.settlement.chinese
        assert sum(out.points.values()) == 0 and sum(out.cents.values()) == 0
        assert all(h.foul is None for h in out.hands.values())
        assert not c.state.alerts, [(a.code.value, a.message) for a in c.state.alerts]
        assert c.journal.journal.verify().ok
    c.close()
