"""The dealer button moves clockwise one seat each hand at the live table (seed 001 L237-243 for the Oaks'
games; ``poker.button.rotates``): the demo's Omaha Pot Limit dealt twice by the emulated shuffler, each hand
folded to the big blind. The round start carries the button the table moved, so the blinds and the first to
act follow it."""

from __future__ import annotations

from rules.poker.round import betting_round
from terminal.commands.run import DEMO_TABLES
from tests.terminal.test_demo_pot_games import _close_round, _deal, _key, _picker
from tests.terminal.test_demo_tables import demo_app, until


async def _fold_to_the_big_blind(app, pilot, seats) -> None:
    c = app.controller
    await _picker(app, pilot)
    for seat in seats:
        await _key(app, pilot, seat, "k")
    assert not c.state.active_alerts, [a.message for a in c.state.active_alerts]
    await _close_round(app, pilot, "deal complete")
    assert await until(pilot, lambda: c.state.outcome is not None), c.state.prompt


async def test_the_button_and_the_blinds_move_one_seat_after_each_hand(tmp_path, monkeypatch):
    app = demo_app(tmp_path, monkeypatch, DEMO_TABLES.index("omaha-pl"))
    c = app.controller
    async with app.run_test(size=(140, 44)) as pilot:
        await _deal(app, pilot)
        first = c.state.start
        assert first.players == (1, 2, 3, 5, 6, 7, 9)
        # a new game: nobody placed the button, so the last seat in play holds it and seats 1 and 2 post
        assert first.button == 9
        r = betting_round(c.state)
        assert dict(r.committed) == {1: 200, 2: 200} and r.order[0] == 3
        await _fold_to_the_big_blind(app, pilot, (3, 5, 6, 7, 9, 1))
        show = c.state.outcome.to_json()["settlement"]["showdown"]
        assert list(show["shares"]) == ["2"] and show["contributions"] == {"1": 200, "2": 200}

        await _deal(app, pilot)
        second = c.state.start
        assert second.players == first.players
        assert second.button == 1  # clockwise to the next seat in play
        assert app.view.extra.get("button") == 1  # the header shows it: BUTTON seat 1
        r = betting_round(c.state)
        assert dict(r.committed) == {2: 200, 3: 200} and r.order[0] == 5  # the blinds moved with it
        assert not c.state.active_alerts  # the button the table moved is the one the filing moves it to
        await _fold_to_the_big_blind(app, pilot, (5, 6, 7, 9, 1, 2))
        show = c.state.outcome.to_json()["settlement"]["showdown"]
        assert list(show["shares"]) == ["3"] and show["contributions"] == {"2": 200, "3": 200}
        # the journal holds both round starts with their buttons: a restart refolds the same table
        starts = [e.payload for e in c.journal.journal.entries() if e.payload.get("type") == "round_start"]
        assert [s.get("button") for s in starts] == [9, 1]
    c.close()
