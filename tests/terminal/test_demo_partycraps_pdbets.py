"""Party Craps on the demo table: the new player-dealer's own Pass Line bet from an earlier flip stays up and gets
no action (seed 000 L4136-4141). Flip 1 (4c 2c) sets the point 6 with a Pass on every player's seat; the bank goes
on ("bank accepted") to the next seat, whose Pass stays on the layout and goes into flip 2's round start; flip 2
(2c 4c) makes the 6: every other Pass wins, the new player-dealer's Pass is returned (no action, net 0)."""

from __future__ import annotations

from terminal.commands.run import DEMO_TABLES
from terminal.console.view import ConsoleInput
from terminal.table.restore import fold_journal
from tests.terminal.test_demo_partycraps import bets_of, felt, flip
from tests.terminal.test_demo_tables import demo_app, until


async def test_the_new_player_dealers_pass_with_the_point_on_stays_up_and_gets_no_action(
    tmp_path, monkeypatch
):
    app = demo_app(tmp_path, monkeypatch, DEMO_TABLES.index("partycraps"))
    c = app.controller
    async with app.run_test(size=(120, 40)) as pilot:
        assert await until(pilot, lambda: c.drivers and all(d.state == "ok" for d in c.devices.values()))
        # the demo's layout: Pass Lines, Fields, a bank
        assert await until(pilot, lambda: bool(c.board.wagers))
        old = c.player_dealer
        first = await flip(app, pilot, 1)
        assert (first["cards"], first["point_after"]) == ("4c 2c", 6)
        passes = {s: cents for s, spot, cents in c.table.wagers if spot == "pass"}
        x = c.table.next_banker
        assert x is not None and x != old and x in passes
        # A seat with a bet keyed since the flip cannot take the bank until it is taken back; its standing
        # Pass does not stand in the way.
        await c.submit(ConsoleInput("wager.place", data={"seat": x, "spot": "field", "cents": 1000}))
        assert (x, "field", 1000) in c.table.wagers
        refused = await c.submit(ConsoleInput("wager.player-dealer", data={"seat": x}))
        assert "field" in str(refused) and "pass" not in str(refused) and c.player_dealer == old
        await c.submit(ConsoleInput("wager.place", data={"seat": x, "spot": "field", "cents": 0}))
        # The bank goes on to seat x: its Pass (the point 6 on) stays on the layout.
        await c.submit(ConsoleInput("bank-accepted"))
        assert c.player_dealer == x
        assert (x, "pass", passes[x]) in c.table.wagers
        # and on the felt, on the new player-dealer's seat
        assert await until(pilot, lambda: felt(app).player_dealer == x and "pass" in bets_of(app, x))
        start = c.round_start_event()
        assert not isinstance(start, str), start
        assert any(w.seat == x for w in start.wagers)  # it goes into the flip's round start

        second = await flip(app, pilot, 2)  # chips conserved (asserted by flip)
        assert (second["cards"], second["point_before"], second["point_after"]) == ("2c 4c", 6, None)
        assert second["player_dealer"] == x
        lines = {(w["seat"], w["spot"]): w for w in second["wagers"]}
        mine = lines[(x, "pass")]
        assert (mine["result"], mine["net_cents"], mine["cents"]) == ("no_action", 0, passes[x])
        won = {s for (s, spot), w in lines.items() if spot == "pass" and w["result"] == "win"}
        assert won == set(passes) - {x}  # every other Pass wins from the new player-dealer's bank
        assert not c.settled.problem
        assert await until(pilot, lambda: not any(s == x and spot == "pass" for s, spot, _ in c.table.wagers))
        assert c.journal.journal.verify().ok
        t = c.config.table
        table = fold_journal(c.journal.journal.entries(), t.game, t.seats, t.fee_schedule, c.rules_for)
        assert table.wagers == c.table.wagers and table.player_dealer == x
    c.close()
