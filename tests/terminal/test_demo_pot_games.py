"""The demo's pot games (config/tables/omaha-pl.yaml, lowball-winner.yaml): the Oaks' Omaha Pot Limit and Winner
Lowball dealt by the emulated shuffler one card at a time; the dealer keys each betting decision on the bet
picker (``b``, terminal/console/bet_picker.py); a decision the filed betting rules refuse is BET_AGAINST_RULE
(the family's ``check``), the floor clears it with its PIN and the picker's ``u`` corrects the entry; ``c``
closes each betting round and the pot is settled with the room's collection. The pot is every chip the hand
put in: the blinds and every keyed bet, call and raise (``rules.poker.round.chips_in``); the layout's chips
say who is dealt in."""

from __future__ import annotations

from rules.fees import assess
from rules.poker.round import betting_round, discards
from rules.round.events import Target, TargetKind
from terminal.commands.run import DEMO_TABLES
from terminal.config import fee_schedule
from tests.terminal.test_demo_tables import demo_app, until

FLOOR_PIN = "2222"  # the demo's floor PIN (config/demo.yaml)


async def _deal(app, pilot, prompt: str = "first betting round") -> None:
    """New round (the shuffler shuffles and checks its deck), then the round starts and the cards come
    until the table asks for what ``prompt`` names (a pot game's first betting round; the demo tests of
    the banked games pass their own: Two Card Peek's Peek Bonus call, a Quick Draw draw, UTH's Play)."""
    c = app.controller
    assert await until(pilot, lambda: c.drivers and all(d.state == "ok" for d in c.devices.values()))
    assert await until(pilot, lambda: bool(c.board.wagers))
    await pilot.press("n")
    assert await until(
        pilot, lambda: c.state.start is not None or c.state.prompt.startswith("take the wagers")
    )
    if c.state.start is None:
        await pilot.press("n")
    assert await until(pilot, lambda: prompt in c.state.prompt), c.state.prompt


async def _key(app, pilot, seat: int, *keys: str) -> str:
    """Key one decision on the open bet picker: Tab, the seat's digit, the action and amount keys, Enter."""
    before = app.last_result
    await pilot.press("tab", str(seat), *keys, "enter")
    assert await until(pilot, lambda: app.last_result is not before)
    return app.last_result


async def _picker(app, pilot) -> None:
    await pilot.press("b")
    assert await until(pilot, lambda: type(app.screen).__name__ == "BetPicker")


async def _close_round(app, pilot, prompt: str) -> None:
    """Escape the picker and confirm the betting round closed; the shuffler deals what comes next."""
    c = app.controller
    await pilot.press("escape", "c")
    assert await until(pilot, lambda: c.state.prompt.startswith(prompt) or c.state.outcome is not None), (
        c.state.prompt,
        app.last_result,
        [a.message for a in c.state.active_alerts],
    )


def _held(c, seat: int) -> tuple[str, ...]:
    return tuple(str(x) for x in c.state.hand(Target(TargetKind.SEAT, seat)))


def _bets(c) -> list:
    return [a for a in c.state.active_alerts if a.code.value == "BET_AGAINST_RULE"]


async def test_omaha_pot_limit_on_the_demo_refuses_a_raise_over_the_pot_and_settles_with_the_drop(
    tmp_path, monkeypatch
):
    app = demo_app(tmp_path, monkeypatch, DEMO_TABLES.index("omaha-pl"))
    c = app.controller
    assert c.game.id == "omaha/pot-limit-oaks"
    async with app.run_test(size=(140, 44)) as pilot:
        await _deal(app, pilot)
        players = c.state.start.players
        assert players == (1, 2, 3, 5, 6, 7, 9)  # the demo layout's seats; seats 1 and 2 post the $2 blinds
        await _picker(app, pilot)
        # seat 3 acts first: call 2 (pot 6) and raise 6 more, 8 in all; $9 is over the pot
        await _key(app, pilot, 3, "r", "9")
        (bad,) = _bets(c)
        assert bad.seat == 3 and "pot limit: a raise makes at most 800" in bad.message
        assert (bad.severity.value, bad.ruling.value, bad.clear_role.value) == ("stop", "CALL_FLOOR", "floor")
        assert c.step().value == "stopped"
        assert "holds the table" in await _key(app, pilot, 5, "k")  # nothing is keyed while the STOP holds
        await pilot.press("escape", "x")  # the floor clears it with its PIN …
        assert await until(pilot, lambda: type(app.screen).__name__ == "PinScreen")
        await pilot.press(*FLOOR_PIN, "enter")
        assert await until(pilot, lambda: not c.state.active_alerts and c.step().value == "dealing")
        await _picker(app, pilot)
        await pilot.press("u")  # … and the wrong entry is corrected (journaled, never deleted)
        assert await until(pilot, lambda: not c.state.decisions)
        assert not c.state.active_alerts
        assert await _key(app, pilot, 3, "r", "8") == "seat 3 raise"  # the pot-sized raise stands
        for seat in (5, 6, 7, 9):
            await _key(app, pilot, seat, "k")
        await _key(app, pilot, 1, "l")
        await _key(app, pilot, 2, "l")
        assert not c.state.active_alerts
        await _close_round(app, pilot, "second betting round")  # the flop
        await _picker(app, pilot)
        await _key(app, pilot, 1, "b", "2", "4")  # the pot: 3 x $8
        await _key(app, pilot, 2, "k")
        await _key(app, pilot, 3, "l")
        assert not c.state.active_alerts, [a.message for a in c.state.active_alerts]
        await _close_round(app, pilot, "third betting round")  # the turn
        await _picker(app, pilot)
        await _key(app, pilot, 1, "x")
        await _key(app, pilot, 3, "x")
        await _close_round(app, pilot, "final betting round")  # the river
        await _picker(app, pilot)
        await _key(app, pilot, 1, "x")
        await _key(app, pilot, 3, "x")
        await _close_round(app, pilot, "deal complete")
        assert await until(pilot, lambda: c.state.outcome is not None and c.step().value == "settlement")
        sd = c.state.outcome.to_json()["settlement"]
        due = assess(fee_schedule(c.config.table.fee_schedule), (), players=len(players), flop_seen=True).pot
        assert (
            due > 0 and sd["collection"]["cents"] == due and "omaha-pot-limit" in sd["collection"]["schedule"]
        )
        show = sd["showdown"]
        assert set(show["high_winners"]) <= {1, 3}  # seats 2, 5, 6, 7 and 9 folded
        # the pot from the bets made: $2-$2 blinds called to $8 three ways ($24), the flop's $24 bet called
        put_in = {"1": 800 + 2400, "2": 800, "3": 800 + 2400}
        assert show["contributions"] == put_in and show["pot"] == 7200
        assert show["collected"] == due and sum(show["shares"].values()) == 7200 - due
        assert show["nets"] == {s: show["shares"].get(s, 0) - c for s, c in put_in.items()}
        assert sum(show["nets"].values()) == -due  # chips conserved: the collection is all that leaves
        if len(show["high_winners"]) == 1:
            (w,) = show["high_winners"]
            assert show["nets"][str(w)] == 7200 - due - 3200
        assert app.view.fee_cents == due
        assert c.journal.journal.verify().ok
    c.close()


async def test_winner_lowball_on_the_demo_refuses_a_raise_off_the_limit_draws_and_settles(
    tmp_path, monkeypatch
):
    """The table's first hand has no winner (no winner's blind): the $20 limit. The draw is keyed on the
    picker: the positions of the cards each player throws in, then the shuffler deals his replacements; the
    showdown plays what he kept and what he drew. The room's lowball collection is a time collection: none
    is taken from the hand."""
    app = demo_app(tmp_path, monkeypatch, DEMO_TABLES.index("lowball-winner"))
    c = app.controller
    assert c.game.id == "draw/lowball-winner-oaks"
    async with app.run_test(size=(140, 44)) as pilot:
        await _deal(app, pilot)
        assert c.state.start.players == (1, 2, 3, 5, 6, 7)  # seats 1, 2 and 3 post $5, $5 and $10
        await _picker(app, pilot)
        await _key(app, pilot, 5, "r", "4", "0")  # seat 5 acts first: a raise makes $20 in this limit
        (bad,) = _bets(c)
        assert bad.seat == 5 and "in this limit the bet makes 2000, not 4000" in bad.message
        await pilot.press("escape", "x")
        assert await until(pilot, lambda: type(app.screen).__name__ == "PinScreen")
        await pilot.press(*FLOOR_PIN, "enter")
        assert await until(pilot, lambda: not c.state.active_alerts and c.step().value == "dealing")
        await _picker(app, pilot)
        await pilot.press("u")
        assert await until(pilot, lambda: not c.state.decisions)
        await _key(app, pilot, 5, "r", "2", "0")
        for seat in (6, 7):
            await _key(app, pilot, seat, "k")
        for seat in (1, 2, 3):
            await _key(app, pilot, seat, "l")
        assert not c.state.active_alerts, [a.message for a in c.state.active_alerts]
        await _close_round(app, pilot, "seat 1: how many cards to draw")
        await _picker(app, pilot)
        dealt = {s: _held(c, s) for s in (1, 2, 3, 5)}
        assert all(len(h) == 5 for h in dealt.values())
        # the draw keyed with the cards thrown in (their positions); the replacements come from the shuffler
        throws = {1: (1, 2), 2: (5,), 3: (), 5: (2, 3, 4)}
        for seat, positions in throws.items():
            if positions:
                said = await _key(app, pilot, seat, "d", *map(str, positions))
            else:
                said = await _key(app, pilot, seat, "p")  # he stands pat
            assert said == f"seat {seat} {'draw' if positions else 'stand_pat'}", said
            nxt = {1: "seat 2", 2: "seat 3", 3: "seat 5", 5: "final betting round"}[seat]
            assert await until(pilot, lambda n=nxt: c.state.prompt.startswith(n)), c.state.prompt
            held = _held(c, seat)
            assert len(held) == 5 + len(positions) and held[:5] == dealt[seat]  # his replacements came
        thrown = discards(c.state)
        assert {s: tuple(map(str, cs)) for s, cs in thrown.items()} == {
            s: tuple(dealt[s][p - 1] for p in ps) for s, ps in throws.items() if ps
        }
        for seat in (1, 2, 3, 5):
            await _key(app, pilot, seat, "x")
        assert not c.state.active_alerts, [a.message for a in c.state.active_alerts]
        await _close_round(app, pilot, "deal complete")
        assert await until(pilot, lambda: c.state.outcome is not None and c.step().value == "settlement")
        sd = c.state.outcome.to_json()["settlement"]
        show = sd["showdown"]
        assert show is not None and set(show["low_winners"] or show["high_winners"]) <= {1, 2, 3, 5}
        for seat, positions in throws.items():  # each hand shown is what he kept and his replacements
            shown = show["hands"][str(seat)]
            cards = set((shown.get("low_cards") or shown.get("high_cards")).split())
            assert not cards & {dealt[seat][p - 1] for p in positions if dealt[seat][p - 1] != "Jk"}
        assert sd["collection"]["cents"] == 0 and sum(show["shares"].values()) == show["pot"]
        # the pot from the bets made: the $5-$5-$10 blinds and seat 5's $20 raise, called by the blinds
        put_in = {"1": 2000, "2": 2000, "3": 2000, "5": 2000}
        assert show["contributions"] == put_in and show["pot"] == 8000
        assert show["nets"] == {s: show["shares"].get(s, 0) - c for s, c in put_in.items()}
        assert sum(show["nets"].values()) == 0
        assert app.view.fee_cents == 0
        winners = {*show["low_winners"], *show["high_winners"]}
        assert len(winners) == 1  # the emulated shuffler is seeded (config/emulators/shuffler-basic.yaml)
        # the next hand: the winner posts the winner's blind and it plays at $40
        await _winner_blind_hand(app, pilot, winners.pop())
        assert c.journal.journal.verify().ok
    c.close()


async def _winner_blind_hand(app, pilot, winner: int) -> None:
    """The hand after a single winner: the table carries the kill button, the winner posts the $20 winner's
    blind (nobody enters it) and acts last on the first round; the final round's bet is $40 (seed 001
    L99-113); the pot holds his blind."""
    c = app.controller
    await pilot.press("escape")
    await _deal(app, pilot)
    assert c.state.carried == ((winner, "kill button 1"),)
    await _picker(app, pilot)
    acted: list[int] = []
    while (r := betting_round(c.state)) is not None and not r.complete:
        seat = r.next_to_act
        await _key(app, pilot, seat, "l" if r.owes(seat) else "x")
        acted.append(seat)
        assert not c.state.active_alerts, [a.message for a in c.state.active_alerts]
    assert acted[-1] == winner and r.committed[winner] >= 2000  # his blind: the other three combined
    first_round = dict(r.committed)
    await _close_round(app, pilot, "seat ")
    await _picker(app, pilot)
    while "how many cards to draw" in c.state.prompt:
        before = c.state.prompt
        await _key(app, pilot, int(before.split()[1].rstrip(":")), "p")
        assert await until(pilot, lambda b=before: c.state.prompt != b)
    assert c.state.prompt.startswith("final betting round"), c.state.prompt
    first = betting_round(c.state).next_to_act
    await _key(app, pilot, first, "b", "4", "0")  # the killed limit: a bet makes $40
    assert not c.state.active_alerts, [a.message for a in c.state.active_alerts]
    while (r := betting_round(c.state)) is not None and not r.complete:
        await _key(app, pilot, r.next_to_act, "l")
    await _close_round(app, pilot, "deal complete")
    assert await until(pilot, lambda: c.state.outcome is not None and c.step().value == "settlement")
    show = c.state.outcome.to_json()["settlement"]["showdown"]
    # every seat called the first round and the $40 bet: what it put in is its first round and $40
    assert show["contributions"] == {str(seat): put + 4000 for seat, put in first_round.items()}
    assert show["pot"] == sum(first_round.values()) + 4000 * len(first_round)
    assert sum(show["nets"].values()) == 0
