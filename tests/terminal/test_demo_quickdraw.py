"""The demo's Cal Quick Draw Poker (config/tables/quickdraw.yaml): the emulated shuffler deals the stacks of
five from the player left of the player-dealer, the dealer keys each player's draw on the bet picker (``b``:
``p`` stand pat, ``d`` and the positions of the cards thrown in, which are ``discard`` events followed by the
draw of that many); the player-dealer's two Draw Cards come and the round settles through the bank with the
collection. A backline bettor's Bonus Bet keyed on the wager panel (the spot behind the seat) is settled on its
own stake (seed 000 L2181)."""

from __future__ import annotations

from rules.round.events import Target, TargetKind
from terminal.commands.run import DEMO_TABLES
from tests.terminal.test_demo_pot_games import _deal, _key, _picker
from tests.terminal.test_demo_tables import demo_app, until


async def test_quick_draw_on_the_demo_keys_the_draws_and_settles_through_the_bank(tmp_path, monkeypatch):
    app = demo_app(tmp_path, monkeypatch, DEMO_TABLES.index("quickdraw"))
    c = app.controller
    assert c.game.id == "quickdraw/the101"
    assert c.spots == ["play", "bonus", "play backline", "bonus backline"]
    async with app.run_test(size=(140, 44)) as pilot:
        # a backline bettor's $5 Bonus Bet behind seat 2 (L2181), keyed on the wager panel
        assert await until(pilot, lambda: bool(c.board.wagers))
        await pilot.press("w")
        assert await until(pilot, lambda: type(app.screen).__name__ == "WagerPanel")
        await pilot.press("2", "down", "down", "down", "s", "enter")
        assert await until(pilot, lambda: c.board.wagers.get((2, 0, "bonus backline")) == 500)
        await _deal(app, pilot, "how many cards to draw")
        start = c.state.start
        pd = start.player_dealer
        ring = sorted(start.players, key=lambda s: (s < pd, s))
        assert all(len(c.state.hand(Target(TargetKind.SEAT, s))) == 5 for s in ring)
        assert len(c.state.hand(Target(TargetKind.PLAYER_DEALER))) == 5
        await _picker(app, pilot)
        first = ring[0]
        dealt = c.state.hand(Target(TargetKind.SEAT, first))
        await _key(app, pilot, first, "d", "2", "4")  # the first player throws in its second and fourth cards
        for seat in ring[1:]:
            await _key(app, pilot, seat, "p")  # stand pat
        assert await until(pilot, lambda: len(c.state.hand(Target(TargetKind.PLAYER_DEALER))) == 7)
        drawn = c.state.hand(Target(TargetKind.SEAT, first))[5:]
        assert len(drawn) == 2
        await pilot.press("escape")
        assert await until(pilot, lambda: c.settled is not None and c.settled.settlement is not None), (
            c.state.prompt
        )
        assert len(c.state.hand(Target(TargetKind.PLAYER_DEALER))) == 7  # the two Draw Cards
        sd = c.state.outcome.to_json()["settlement"]
        kept = (dealt[0], dealt[2], dealt[4], *drawn)
        assert sd["hands"][str(first)]["final"] == " ".join(str(x) for x in kept)
        plays = [w for w in sd["wagers"] if w["spot"] in ("play", "play-hand-bonus")]
        bonuses = [w for w in sd["wagers"] if w["spot"] == "bonus"]
        assert sd["wagers"] == plays + bonuses  # every Play first, then every Bonus Bet
        behind = [w for w in bonuses if w.get("backline")]
        assert [(w["seat"], w["cents"]) for w in behind] == [(2, 500)]  # settled on its own stake
        assert "seat 2 backline" in sd["bank"]["receipts"]
        ts = c.settled
        assert ts.chips_before() == ts.chips_after()
        assert app.view.fee_cents > 0
        assert c.journal.journal.verify().ok
    c.close()
