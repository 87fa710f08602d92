"""The demo's Party Craps (config/tables/partycraps.yaml) on the real console with the emulated shuffler dealing
six A-6 decks (config/emulators/shuffler-augmented.yaml, seed 48: the first flip is 4c 2c, the second 2c 4c).

Flip 1, a come-out: the dealer keys on the craps picker (``b``) a Place 6 for seat 3 and turns it ON (``w``: on
the come-out a Place bet is off unless turned on, seed 000 L4113) and a Place 8 for seat 6 left OFF; the 6 sets
the point (the puck ON 6), the Place 6 that was on wins 7:6, the Place 8 that was off stands untouched, the
Field bets lose. Flip 2: the 6 again makes the point: every Pass wins, the puck comes OFF, the Place 8 (working
now that a point was on) stays up, and a Come keyed before it travels to the 6; the dealer then puts odds behind
that Come (``o``) and takes the Place 8 down (Delete). Both flips settle through the player-dealer's bank in the filed order from
the action tile, chips conserved, and the felt shows each step."""

from __future__ import annotations

from terminal.commands.run import DEMO_TABLES
from terminal.craps_view import CrapsLayout, craps_of
from terminal.table.restore import fold_journal
from tests.terminal.test_demo_tables import demo_app, until


def felt(app) -> CrapsLayout:
    craps = app.view.extra.get("craps")
    assert isinstance(craps, CrapsLayout)
    return craps


def bets_of(app, seat: int) -> dict[str, object]:
    return {b.spot: b for s in felt(app).seats if s.seat == seat for b in s.bets}


async def flip(app, pilot, number: int) -> dict:
    """``n`` (the shuffler shuffles and checks its deck first), then no more bets and the two cards: the flip's
    report once the bank has settled it."""
    c = app.controller
    await pilot.press("n")
    assert await until(
        pilot, lambda: c.state.start is not None or c.state.prompt.startswith("take the wagers")
    )
    if c.state.start is None:
        await pilot.press("n")
    assert await until(pilot, lambda: c.table.round_no == number and c.settled is not None), c.state.prompt
    assert await until(pilot, lambda: c.settled.settlement is not None), c.settled.problem
    assert await until(pilot, lambda: app.view.round_no == number and felt(app).total is not None)  # painted
    ts = c.settled
    assert ts.chips_before() == ts.chips_after()
    return c.state.outcome.settlement.to_json()


async def key(app, pilot, *keys: str) -> str | None:
    before = app.last_result
    await pilot.press(*keys)
    assert await until(pilot, lambda: app.last_result is not before), keys
    return app.last_result


async def test_party_craps_on_the_demo_sets_the_point_then_makes_it_with_bets_turned_on_and_off(
    tmp_path, monkeypatch
):
    app = demo_app(tmp_path, monkeypatch, DEMO_TABLES.index("partycraps"))
    c = app.controller
    assert c.game.id == "partycraps/the101"
    async with app.run_test(size=(120, 40)) as pilot:
        assert await until(pilot, lambda: c.drivers and all(d.state == "ok" for d in c.devices.values()))
        assert await until(
            pilot, lambda: bool(c.board.wagers)
        )  # the demo's layout: Pass Lines, Fields, a bank
        pd = c.player_dealer
        assert await until(pilot, lambda: app.view is not None and felt(app).player_dealer == pd)
        assert felt(app).puck == "OFF" and not felt(app).no_more_bets
        await pilot.press("b")
        assert await until(pilot, lambda: type(app.screen).__name__ == "CrapsPicker")
        assert await key(app, pilot, "tab", "3", "l", "6", "1", "2", "enter") == "seat 3 Place 6 $12"
        assert await until(pilot, lambda: "place-6" in bets_of(app, 3))
        assert bets_of(app, 3)["place-6"].working is False  # off on the come-out until turned on
        spots = list(bets_of(app, 3))
        await pilot.press(*["down"] * spots.index("place-6"))
        assert await key(app, pilot, "w") == "seat 3 Place 6 ON"
        assert await until(pilot, lambda: bets_of(app, 3)["place-6"].working is True)
        assert bets_of(app, 3)["place-6"].call is True  # the felt marks it ON
        assert await key(app, pilot, "tab", "6", "l", "8", "1", "2", "enter") == "seat 6 Place 8 $12"
        await pilot.press("tab", "7")
        await pilot.click("#craps-kind-h")  # the picker's buttons key the same bets
        assert await key(app, pilot, "8", "5", "enter") == "seat 7 Hard 8 $5"
        await pilot.press("escape")
        assert (3, "place-6/on", 1200) in c.table.wagers and (6, "place-8", 1200) in c.table.wagers

        first = await flip(app, pilot, 1)
        assert (first["cards"], first["total"], first["point_before"], first["point_after"]) == (
            "4c 2c",
            6,
            None,
            6,
        )
        decided = {(w["seat"], w["spot"]): w for w in first["wagers"]}
        assert (
            decided[(3, "place-6/on")]["result"] == "win" and decided[(3, "place-6/on")]["net_cents"] == 1400
        )
        assert (6, "place-8") not in decided  # off: it stands untouched
        assert all(w["result"] == "lose" for (s, spot), w in decided.items() if spot == "field")
        shown = felt(app)
        assert shown.puck == "ON 6" and not shown.no_more_bets  # the point is on; bets open for the next flip
        assert shown.action_seat == first["action_seat"] and shown.pd_side == 1
        assert await until(pilot, lambda: (6, "place-8", 1200) in c.table.wagers)  # the layout: what stands
        assert not any(spot == "field" for _, spot, _ in c.table.wagers), c.table.wagers
        passes = {s for s, spot, _ in c.table.wagers if spot == "pass"}
        assert passes

        await pilot.press("b")
        assert await until(pilot, lambda: type(app.screen).__name__ == "CrapsPicker")
        assert await key(app, pilot, "tab", "5", "c", "1", "0", "enter") == "seat 5 Come $10"
        await pilot.press("escape")

        second = await flip(app, pilot, 2)
        assert (second["cards"], second["total"], second["point_before"], second["point_after"]) == (
            "2c 4c",
            6,
            6,
            None,
        )
        won = {w["seat"] for w in second["wagers"] if w["spot"] == "pass" and w["result"] == "win"}
        assert won == passes  # the point made: every Pass Line wins
        assert not any((w["seat"], w["spot"]) == (6, "place-8") for w in second["wagers"])  # works, stays up
        assert (6, "place-8", 1200) in c.table.wagers and (7, "hard-8", 500) in c.table.wagers  # two easy 6s
        assert felt(app).puck == "OFF" and felt(app).pd_side == 2
        # The Come bet travelled to the 6; the dealer puts odds behind it and takes the Place 8 down.
        assert await until(pilot, lambda: (5, "come-6", 1000) in c.table.wagers), c.table.wagers
        assert await until(pilot, lambda: "come-6" in bets_of(app, 5))  # the felt shows it on its number
        await pilot.press("b")
        assert await until(pilot, lambda: type(app.screen).__name__ == "CrapsPicker")
        await pilot.press("tab", "5")
        await pilot.press(*["down"] * list(bets_of(app, 5)).index("come-6"))
        assert await key(app, pilot, "o", "2", "0", "enter") == "seat 5 Come 6 odds $20"
        await pilot.press("tab", "6")
        await pilot.press(*["down"] * list(bets_of(app, 6)).index("place-8"))
        assert await key(app, pilot, "delete") == "seat 6 Place 8 taken down"
        assert (5, "come-6-odds", 2000) in c.table.wagers and not any(
            spot == "place-8" for s, spot, _ in c.table.wagers if s == 6
        )
        assert c.journal.journal.verify().ok
        # The felt is a fold of the journal: folded again from its first entry it is the live one.
        t = c.config.table
        table = fold_journal(c.journal.journal.entries(), t.game, t.seats, t.fee_schedule, c.rules_for)
        assert table.wagers == c.table.wagers
        live = craps_of(c.table, c.betting_open())
        assert craps_of(table, c.betting_open()) == live
        assert await until(pilot, lambda: felt(app) == live)  # and the screen draws it (after its repaint)
    c.close()
