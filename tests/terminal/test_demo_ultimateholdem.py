"""The demo's Ultimate Texas Hold'em (config/tables/ultimateholdem.yaml): the emulated shuffler deals the hole
cards, the player-dealer's two and the five community cards; the dealer keys each Play wager on the bet picker
(``b``: ``b`` and the amount in dollars, ``x`` check, ``k`` fold), a Play of a size the round does not allow is
BET_AGAINST_RULE, ``c`` closes each of the three betting rounds, and the round settles through the bank with
the Play wagers and the posted collection."""

from __future__ import annotations

from terminal.commands.run import DEMO_TABLES
from tests.terminal.test_demo_pot_games import FLOOR_PIN, _close_round, _deal, _key, _picker
from tests.terminal.test_demo_tables import demo_app, until


async def test_ultimate_holdem_on_the_demo_keys_play_wagers_and_settles_through_the_bank(
    tmp_path, monkeypatch
):
    app = demo_app(tmp_path, monkeypatch, DEMO_TABLES.index("ultimateholdem"))
    c = app.controller
    assert c.game.id == "ultimateholdem/the101"
    async with app.run_test(size=(140, 44)) as pilot:
        await _deal(app, pilot, "before the flop")
        players = [
            s
            for s in c.state.start.players
            if any(w.seat == s and w.spot == "ante" for w in c.state.start.wagers)
        ]
        assert len(players) >= 2
        ante = {w.seat: w.cents for w in c.state.start.wagers if w.spot == "ante"}
        first, second = players[0], players[1]
        await _picker(app, pilot)
        # 2x before the flop is not a Play this round allows: BET_AGAINST_RULE, the floor's
        await _key(app, pilot, first, "b", *str(2 * ante[first] // 100))
        assert [a.code.value for a in c.state.active_alerts] == ["BET_AGAINST_RULE"]
        await pilot.press("escape", "x")  # the floor clears it with its PIN ...
        assert await until(pilot, lambda: type(app.screen).__name__ == "PinScreen")
        await pilot.press(*FLOOR_PIN, "enter")
        assert await until(pilot, lambda: not c.state.active_alerts)
        await _picker(app, pilot)
        await pilot.press("u")  # ... and the wrong entry is corrected (journaled, never deleted)
        assert await until(pilot, lambda: not c.state.decisions and not c.state.active_alerts)
        await _key(app, pilot, first, "b", *str(4 * ante[first] // 100))  # 4x: allowed
        for seat in players[1:]:
            await _key(app, pilot, seat, "x")
        assert not c.state.active_alerts
        await _close_round(app, pilot, "turn the flop")
        await _picker(app, pilot)
        await _key(app, pilot, second, "b", *str(2 * ante[second] // 100))  # 2x on the flop
        await _close_round(app, pilot, "turn the turn and the river")
        await _picker(app, pilot)
        for seat in players[2:]:
            await _key(app, pilot, seat, "k")
        await _close_round(app, pilot, "deal complete")
        assert await until(pilot, lambda: c.settled is not None and c.settled.settlement is not None)
        sd = c.state.outcome.to_json()["settlement"]
        plays = {w["seat"]: w["cents"] for w in sd["wagers"] if w["spot"] == "play"}
        assert plays == {first: 4 * ante[first], second: 2 * ante[second]}
        assert all(sd["hands"][str(s)]["folded"] for s in players[2:])
        ts = c.settled
        assert ts.chips_before() == ts.chips_after()
        assert app.view.fee_cents > 0
        assert c.journal.journal.verify().ok
    c.close()
