"""Panguingue on the demo (config/tables/panguingue.yaml): the emulated reading shoe is loaded with eight
forty-card decks (its profile's deck composition, config/emulators/shoe-pan.yaml), the round deals ten cards
to each of three players (three of the demo layout's six take their tops back), everyone stays (``c``), and the play is keyed on the Pan picker
(``g``, terminal/console/pan_picker.py): a stock card is dealt by the shoe only when the picker's ``s`` asks for
it, a meld is its cards' buttons and ``m`` (``t`` with the discard pile's top card), a discard ``d``. A greedy
player decides (the same as tests/test_panguingue.py's property test) until one goes out with eleven cards;
the round is settled with the posted collection, journaled, and its export replays to the same settlement."""

from __future__ import annotations

import yaml

from rules.cards import Rank
from rules.panguingue.round import FAMILY
from terminal.cli import main
from terminal.commands.run import DEMO_TABLES
from terminal.scenario import check, load_scenario, run
from tests.terminal.test_demo_tables import demo_app, until
from tests.test_panguingue import _add_on, _find_meld


async def _select(app, pilot, seat: int) -> None:
    picker = app.screen
    for _ in range(len(picker.seats)):
        if picker.seat == seat:
            return
        await pilot.press("right")
    assert picker.seat == seat, (picker.seat, seat)


async def _send(app, pilot, *keys: str, cards=()) -> str:
    """Pick the cards on their buttons, press the keys; what the table said."""
    before = app.last_result
    for card in cards:
        await pilot.click(f"#card-{card}")
    await pilot.press(*keys)
    assert await until(pilot, lambda: app.last_result is not before), (app.screen.said, cards, keys)
    return app.last_result


async def test_a_pan_round_is_dealt_from_a_stripped_shoe_played_on_the_picker_and_settled(
    tmp_path, monkeypatch
):
    app = demo_app(tmp_path, monkeypatch, DEMO_TABLES.index("panguingue"))
    c = app.controller
    assert c.game.id == "panguingue/oaks"
    async with app.run_test(size=(150, 50)) as pilot:
        assert await until(pilot, lambda: c.drivers and all(d.state == "ok" for d in c.devices.values()))
        assert await until(pilot, lambda: bool(c.board.wagers))  # the demo layout: a $2 top a player
        await pilot.press("w")  # three players: seats 5, 6 and 7 take their tops back
        assert await until(pilot, lambda: type(app.screen).__name__ == "WagerPanel")
        await pilot.press("5", "backspace", "6", "backspace", "7", "backspace", "enter")
        assert await until(pilot, lambda: sorted({k[0] for k in c.board.wagers}) == [1, 2, 3])
        assert await until(pilot, lambda: type(app.screen).__name__ == "DealerScreen")
        await pilot.press("n")  # the shoe table records the dealer's shuffle …
        assert await until(pilot, lambda: c.step().value == "betting")
        await pilot.press("n")  # … and the round starts: the shoe deals ten cards each
        assert await until(pilot, lambda: c.state.prompt.startswith("stay or retire")), c.state.prompt
        players = c.state.start.players
        assert players == (1, 2, 3)
        dealt = [p.card for p in c.state.placed]
        assert len(dealt) == 30 and not {Rank.EIGHT, Rank.NINE, Rank.TEN} & {x.rank for x in dealt}
        await pilot.press("c")  # everyone stays: the play
        assert await until(pilot, lambda: FAMILY.table(c.state) is not None), c.state.prompt
        await pilot.press("g")
        assert await until(pilot, lambda: type(app.screen).__name__ == "PanPicker")
        for _ in range(300):
            t = FAMILY.table(c.state)
            assert not c.state.active_alerts, [a.message for a in c.state.active_alerts]
            if t.out is not None:
                break
            seat = t.seat
            await _select(app, pilot, seat)
            top = t.pile[-1] if t.pile else None
            took = None
            if top is not None and top.from_stock and top.seat == t.preceding:
                took = _find_meld([*t.hands[seat], top.card], top.card)
            if took is not None:
                rest = list(took)
                rest.remove(top.card)
                said = await _send(app, pilot, "t", "m", cards=[str(x) for x in [*rest, top.card]])
                assert said.startswith(f"seat {seat} melds"), said
            else:
                reads = len(c.state.placed)
                assert not FAMILY.card_wanted(c.state)  # the shoe deals no stock card until it is asked for
                said = await _send(app, pilot, "s")
                assert said == f"seat {seat} draws from the stock", said
                assert await until(pilot, lambda: FAMILY.table(c.state).drew)
                assert len(c.state.placed) == reads + 1  # one card, from the shoe
                t = FAMILY.table(c.state)
                drawn = t.drawn
                m = _find_meld(list(t.hands[seat]), drawn)
                onto = _add_on(t.melds[seat], drawn) if m is None else None
                if m is not None:
                    await _send(app, pilot, "m", cards=[str(x) for x in m])
                elif onto is not None:
                    await _send(app, pilot, *["o"] * onto, "m", cards=[str(drawn)])
            t = FAMILY.table(c.state)
            assert not c.state.active_alerts, [a.message for a in c.state.active_alerts]
            while t.out is None and t.drawn is None and (m := _find_meld(list(t.hands[seat]), None)):
                await _send(app, pilot, "m", cards=[str(x) for x in m])
                t = FAMILY.table(c.state)
            if t.out is None and t.hands[seat]:
                card = t.drawn if t.drawn is not None else t.hands[seat][-1]
                said = await _send(app, pilot, "d", cards=[str(card)])
                assert said == f"seat {seat} discards {card}", said
        t = FAMILY.table(c.state)
        assert t.out is not None and t.melded(t.out) == 11
        assert await until(pilot, lambda: c.state.outcome is not None and c.state.outcome.settlement)
        settlement = c.state.outcome.to_json()["settlement"]
        pan = settlement["pan"]
        collected = settlement["collection"]["cents"]
        assert collected == 100  # option 1: $1 up to four players (seed 001 L1535-1560)
        assert sum(pan["net"].values()) == -collected  # every chip moves between players
        assert pan["going_out"]["chips"] == 2 + sum(ln["chips"] for ln in pan["going_out"]["lines"][1:])
        assert c.journal.journal.verify().ok
        doc = c.journal.journal.export(game=None)
    c.close()
    doc["expect"] = {"alerts": [], "outcome": {"status": "dealt", "settlement": {"pan": {"net": pan["net"]}}}}
    out = tmp_path / "pan-round.yaml"
    out.write_text(yaml.safe_dump(doc, sort_keys=False))
    sc = load_scenario(out)
    assert check(sc, *run(sc)) == []  # the journal's export replays to the same settlement …
    assert main(["replay", "--check", str(out)]) == 0  # … as `dealer-terminal replay --check` says
