"""The demo's Two Card Peek (config/tables/twocardpeek.yaml): the Peek Bonus is keyed on the bet picker (``b``:
Tab and the seat, Tab and the row 1-3, ``b`` and the amount in dollars) during the Peek betting round, and is
settled with the Peek and Super Bet after the fifth set. The table's posted limits (config/tables/twocardpeek.yaml,
``table.limits``, the posted fee option's $5-$100) reach the round engine at the live table as in replay: a Peek
under the table minimum or over its own $50 maximum (seed 000 L889) gets no action, and the settlement on the
screen says which rule."""

from __future__ import annotations

import yaml

from terminal.cli import main
from terminal.commands.run import DEMO_TABLES
from terminal.scenario import load_scenario, run
from tests.terminal.test_demo_pot_games import _deal, _key, _picker
from tests.terminal.test_demo_tables import demo_app, text_of, until


async def test_peeks_keyed_on_the_bet_picker_settle_on_their_row_within_the_posted_limits(
    tmp_path, monkeypatch
):
    """Three Peeks keyed during the Peek betting round: one at the table minimum on row B is settled on B; one
    under the posted minimum and one over the Peek's $50 maximum get no action (their chips go back) and the
    settlement on the dealer screen names the rule for each. The journal carries the posted limits: the round
    exported from it (``journal export``) and replayed gets the same rulings."""
    app = demo_app(tmp_path, monkeypatch, DEMO_TABLES.index("twocardpeek"))
    c = app.controller
    assert c.game.id == "twocardpeek/the101"
    minimum = c.config.table.limits.min_cents
    assert (minimum, c.config.table.limits.max_cents) == (500, 10000)  # the posted option 2: $5-$100
    async with app.run_test(size=(140, 44)) as pilot:
        await _deal(app, pilot, "call for Peek Bonus bets")
        start = c.state.start
        picks = sorted({w.seat for w in start.wagers if w.spot.startswith("pick-")})
        assert len(picks) >= 3
        at, under, over = picks[:3]
        await _picker(app, pilot)
        said = await _key(app, pilot, at, "tab", "2", "b", *str(minimum // 100))  # a Peek on row B
        assert said == f"seat {at} bet", said
        assert await _key(app, pilot, under, "tab", "1", "b", "3") == f"seat {under} bet"  # $3 on row A
        assert await _key(app, pilot, over, "tab", "3", "b", "6", "0") == f"seat {over} bet"  # $60 on C
        peeks = [(d.seat, d.amount, d.count) for d in c.state.decisions]
        assert peeks == [(at, minimum, 2), (under, 300, 1), (over, 6000, 3)]
        await pilot.press("escape", "c")  # "No more bets"
        assert await until(pilot, lambda: c.settled is not None and c.settled.settlement is not None), (
            c.state.prompt
        )
        sd = c.state.outcome.to_json()["settlement"]
        mine = {(w["seat"], w["spot"]): w for w in sd["wagers"] if w["spot"].startswith("peek-")}
        assert set(mine) == {(at, "peek-b"), (under, "peek-a"), (over, "peek-c")}
        assert mine[(at, "peek-b")]["result"] != "no-action"
        assert mine[(under, "peek-a")]["result"] == "no-action" and mine[(under, "peek-a")]["net_cents"] == 0
        assert (
            mine[(under, "peek-a")]["rule"]
            == "a Peek Bonus is at least the table minimum, 500 cents, not 300"
        )
        assert mine[(over, "peek-c")]["result"] == "no-action" and mine[(over, "peek-c")]["net_cents"] == 0
        assert mine[(over, "peek-c")]["rule"] == "a Peek Bonus is at most 5000 cents, not 6000"

        # the dealer screen's settlement: the two go back, each with its rule
        def shown() -> str:
            return text_of(app.screen.query_one("#settlement").content)

        # the settlement is drawn when the view is next painted
        assert await until(pilot, lambda: f"Seat {over} peek-c" in shown()), shown()
        for seat, spot, why in (
            (under, "peek-a", "at least the table minimum, 500 cents, not 300"),
            (over, "peek-c", "at most 5000 cents, not 6000"),
        ):
            (line,) = [ln for ln in shown().splitlines() if f"Seat {seat} {spot}" in ln]
            assert "returned" in line and why in line, shown()
        ts = c.settled
        assert ts.chips_before() == ts.chips_after()
        assert c.journal.journal.verify().ok
        # the journal carries the posted limits: the round exported and replayed gets the same rulings
        out = tmp_path / "round.yaml"
        assert main(["journal", "export", "-o", str(out), str(c.journal.journal.path)]) == 0
        assert yaml.safe_load(out.read_text())["table"]["limits"] == {"min_cents": 500, "max_cents": 10000}
        state, _ = run(load_scenario(out))
        replayed = state.outcome.to_json()["settlement"]["wagers"]
        assert [w for w in replayed if w["spot"].startswith("peek-")] == list(mine.values())
    c.close()
