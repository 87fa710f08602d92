"""The demo's Two Card Peek (config/tables/twocardpeek.yaml): the Peek Bonus is keyed on the bet picker (``b``:
Tab and the seat, Tab and the row 1-3, ``b`` and the amount in dollars) during the Peek betting round, and is
settled with the Peek and Super Bet after the fifth set. (The Peek's minimum is checked where the round engine
has the table's posted limits: tests/scenarios/two-card-peek-2-2-4-5-peek-under-the-table-minimum-no-action.yaml;
the live controller does not give the round engine its limits yet.)"""

from __future__ import annotations

from terminal.commands.run import DEMO_TABLES
from tests.terminal.test_demo_pot_games import _key, _picker
from tests.terminal.test_demo_tables import demo_app, until


async def test_a_peek_bonus_keyed_on_the_bet_picker_is_settled_on_its_row(tmp_path, monkeypatch):
    app = demo_app(tmp_path, monkeypatch, DEMO_TABLES.index("twocardpeek"))
    c = app.controller
    assert c.game.id == "twocardpeek/the101"
    async with app.run_test(size=(140, 44)) as pilot:
        assert await until(pilot, lambda: c.drivers and all(d.state == "ok" for d in c.devices.values()))
        assert await until(pilot, lambda: bool(c.board.wagers))
        await pilot.press("n")
        assert await until(
            pilot, lambda: c.state.start is not None or c.state.prompt.startswith("take the wagers")
        )
        if c.state.start is None:
            await pilot.press("n")
        assert await until(pilot, lambda: "call for Peek Bonus bets" in c.state.prompt), c.state.prompt
        start = c.state.start
        picks = sorted({w.seat for w in start.wagers if w.spot.startswith("pick-")})
        minimum = c.config.table.limits.min_cents
        await _picker(app, pilot)
        said = await _key(app, pilot, picks[0], "tab", "2", "b", *str(minimum // 100))  # a Peek on row B
        assert said == f"seat {picks[0]} bet", said
        (peek,) = c.state.decisions
        assert (peek.seat, peek.amount, peek.count) == (picks[0], minimum, 2)
        await pilot.press("escape", "c")  # "No more bets"
        assert await until(pilot, lambda: c.settled is not None and c.settled.settlement is not None), (
            c.state.prompt
        )
        sd = c.state.outcome.to_json()["settlement"]
        mine = [w for w in sd["wagers"] if w["spot"] == "peek-b" and w["seat"] == picks[0]]
        assert len(mine) == 1 and mine[0]["cents"] == minimum and mine[0]["result"] != "no-action"
        ts = c.settled
        assert ts.chips_before() == ts.chips_after()
        assert c.journal.journal.verify().ok
    c.close()
