"""The footer shows only the keys that act now (issue 16 item 6), read from the real console driven with Pilot
on the demo tables: every key it shows is taken, `x` appears only with an alert to clear, `n` is hidden while
the bank's rotation is due (and the screen says where `a` sends the bank, in the game's offer direction), a
game with no bank shows no bank keys, and the header's "deal n/m" is the game's rotation, not a constant.

The whole flow on every demo table is audited by ``benchmarks/footer_keys.py`` (too long for ``make test``)."""

from __future__ import annotations

from dataclasses import replace

from rules.banking.rotation import RotationRules
from terminal.console import render
from terminal.table.machine import SPECS, Step, TableFacts, keys_of, refusal
from tests.terminal.test_demo_tables import demo_app, text_of, until


def footer(app) -> str:
    return text_of(app.screen.query_one("#keys").content).strip()


def header(app) -> str:
    return text_of(app.screen.query_one("#header").content).strip()


def shown(line: str) -> list[str]:
    """The keys a footer line shows (`o/a/d` is three): its tokens between two gaps."""
    keys = []
    for token in line.split("  "):
        first = token.strip().split(" ")[0] if token.strip() else ""
        if first and all(len(k) == 1 for k in first.split("/")):
            keys += first.split("/")
    return keys


def chips(app) -> list[str]:
    """The keys drawn as chips (reversed) on the keys line, whatever its spacing."""
    content = app.screen.query_one("#keys").content
    out = []
    for span in content.spans:
        if "reverse" in str(span.style):
            out += content.plain[span.start : span.end].strip().split("/")
    return out


def refusals(c) -> list[str]:
    return [
        str(e.payload["refused"]) for e in c.journal.journal.entries(kind="input") if e.payload.get("refused")
    ]


async def press_and_check(app, pilot, keys) -> None:
    """Press each key (closing the wager panel again): none may be refused."""
    c = app.controller
    said: list[str] = []
    say = app._say
    app._say = lambda text: (said.append(text) if text else None, say(text))[1]
    try:
        for key in keys:
            before = len(refusals(c))
            await pilot.press(key)
            await pilot.pause()
            if key == "w":
                assert await until(pilot, lambda: type(app.screen).__name__ == "WagerPanel")
                await pilot.press("escape")
                assert await until(pilot, lambda: type(app.screen).__name__ == "DealerScreen")
            assert refusals(c)[before:] == [], (key, refusals(c)[before:])
            assert not [s for s in said if "no alert to clear" in s], key
    finally:
        app._say = say


def test_the_state_machine_leaves_out_what_does_nothing_now():
    step = Step.SHUFFLE
    quiet = TableFacts(needs_shuffle=True)
    assert "clear-alert" in SPECS[step].accepts and "clear-alert" not in keys_of(step, quiet)
    assert "clear-alert" in keys_of(step, replace(quiet, alerts=True))
    assert refusal(step, "clear-alert", quiet) == "no alert to clear"
    due = replace(quiet, rotation_due="BANK_ROTATION_DUE: seat 1 has banked 2 rounds in a row")
    assert "new-round" not in keys_of(step, due) and refusal(step, "new-round", due).startswith(
        "BANK_ROTATION"
    )
    own = replace(quiet, banked=False)
    assert not [k for k in keys_of(step, own) if k.startswith("bank-")]
    assert refusal(step, "bank-accepted", own).startswith("this game has no bank")
    assert keys_of(Step.STOPPED, TableFacts(stop=True, alerts=True)) == ("clear-alert",)
    draw = TableFacts(status="dealing", expected="decision", keyed=True)  # Lowball's draw: the bet picker's
    assert keys_of(Step.DECISIONS, draw) == ("confirm", "bet", "misdeal", "undo")
    assert refusal(Step.DECISIONS, "play", draw) == "no player's decision is asked for now"
    assert "play" in keys_of(Step.DECISIONS, replace(draw, deciding=True, keyed=False))
    settled = TableFacts(status="dealt", undo="nothing to undo in this round")
    assert "undo" not in keys_of(Step.SETTLEMENT, settled)
    assert refusal(Step.SETTLEMENT, "undo", settled) == "nothing to undo in this round"


async def test_every_key_the_pai_gow_footer_shows_acts_and_x_only_with_an_alert(tmp_path, monkeypatch):
    app = demo_app(tmp_path, monkeypatch, 0)
    c = app.controller
    async with app.run_test(size=(80, 24)) as pilot:
        assert await until(pilot, lambda: c.drivers and all(d.state == "ok" for d in c.devices.values()))
        assert await until(pilot, lambda: app.view is not None and app.view.step == "shuffle")
        line = footer(app)
        assert "x" not in shown(line) and not app.view.alerts, line  # nothing to clear: no `x clear`
        await press_and_check(app, pilot, [k for k in shown(line) if k in "odw"])
        await pilot.press("x")  # not shown: refused, and it is in the complete list (`?`)
        await pilot.pause()
        assert app.last_result == "no alert to clear"
        assert "x  clear alert" in render.all_keys_words(app.key_names())
        await press_and_check(app, pilot, ["n"])
        assert await until(pilot, lambda: c.step() is Step.BETTING)
        assert await until(pilot, lambda: "x" not in shown(footer(app)) and "n" in shown(footer(app)))
        await press_and_check(app, pilot, ["n"])
        assert await until(pilot, lambda: c.step() in (Step.DEALING, Step.DICE))
        # A misdeal puts its STOP on the screen: now, and only now, x is on the footer (and nothing else).
        await press_and_check(app, pilot, ["m"])
        assert await until(pilot, lambda: bool(app.view.alerts) and shown(footer(app)) == ["x", "?"])
        assert " CLOSED " in header(app) and "STOPPED" in header(app)  # a STOP takes no wagers: not OPEN
    c.close()


async def test_rotation_due_hides_new_round_and_the_footer_names_where_the_bank_goes(tmp_path, monkeypatch):
    app = demo_app(tmp_path, monkeypatch, 1)  # baccarat: seat 1 banks on the demo layout
    c = app.controller
    async with app.run_test(size=(80, 24)) as pilot:
        assert await until(pilot, lambda: c.drivers and all(d.state == "ok" for d in c.devices.values()))
        assert await until(pilot, lambda: app.view is not None and c.player_dealer == 1)
        assert "bank → seat 2" in footer(app)  # a (bank accepted) would give it to seat 2, clockwise
        for deal in (1, 2):
            for _ in range(3):  # a table that needs a shuffle shuffles (or records it) first, then deals
                if c.round_no == deal:
                    break
                assert await until(pilot, lambda: "n" in shown(footer(app))), footer(app)
                was = (c.step(), c.round_no)
                await press_and_check(app, pilot, ["n"])
                assert await until(pilot, lambda w=was: (c.step(), c.round_no) != w)
            assert await until(pilot, lambda d=deal: c.step() is Step.SETTLEMENT and c.round_no == d)
            assert await until(pilot, lambda d=deal: f"deal {d}/2" in header(app)), header(app)
        assert await until(pilot, lambda: c.table.rotation_due is not None)
        assert await until(pilot, lambda: "n" not in shown(footer(app))), footer(app)
        assert "a gives it to seat 2" in app.view.next_detail
        assert "bank → seat 2" in footer(app)
        await press_and_check(app, pilot, ["a"])
        assert c.player_dealer == 2
        assert await until(pilot, lambda: "n" in shown(footer(app)) and "bank → seat 3" in footer(app))
    c.close()


async def test_a_game_with_no_bank_shows_no_bank_keys(tmp_path, monkeypatch):
    app = demo_app(tmp_path, monkeypatch, 5)  # Chinese Poker: the players' own game
    c = app.controller
    async with app.run_test(size=(80, 24)) as pilot:
        assert await until(pilot, lambda: app.view is not None and app.view.step in ("shuffle", "betting"))
        line = footer(app)
        assert not {"o", "a", "d"} & set(shown(line)) and "bank" not in line, line
        await pilot.press("a")
        await pilot.pause()
        assert refusals(c)[-1].startswith("this game has no bank")
    c.close()


async def test_the_header_counts_deals_to_the_games_rotation(tmp_path, monkeypatch):
    """A room whose rotation lets one player bank three rounds: the header says deal 1/3, not 1/2."""
    app = demo_app(tmp_path, monkeypatch, 1)
    c = app.controller
    async with app.run_test(size=(80, 24)) as pilot:
        assert await until(pilot, lambda: c.drivers and all(d.state == "ok" for d in c.devices.values()))
        assert await until(pilot, lambda: c.player_dealer == 1)
        three = replace(c.table.rotation, rules=RotationRules(max_consecutive=3))
        c.table = replace(c.table, rotation=three)
        for _ in range(3):
            if c.round_no == 0:
                was = c.step()
                await pilot.press("n")
                await until(pilot, lambda w=was: c.step() is not w or c.round_no > 0)
        assert await until(pilot, lambda: c.round_no == 1 and "deal 1/3" in header(app)), header(app)
    c.close()


async def press_new_round_until(pilot, c, started) -> None:
    """With the devices up, press `n` (up to three times: shuffle, then deal) until ``started()``."""
    assert await until(pilot, lambda: c.drivers and all(d.state == "ok" for d in c.devices.values()))
    for _ in range(3):
        if not started():
            was = c.step()
            await pilot.press("n")
            await until(pilot, lambda w=was: c.step() is not w or started())


async def start_a_round_to_its_betting(pilot, c) -> None:
    """Press `n` until a round has started, then wait until it waits on bets."""
    await press_new_round_until(pilot, c, lambda: c.state.start is not None)
    assert await until(pilot, lambda: c.facts().expected == "betting")


async def test_a_pot_games_betting_round_shows_the_bet_picker(tmp_path, monkeypatch):
    """Omaha's betting round: the footer shows `b bets` (the decisions are keyed on the bet picker) and no
    play or fold (those are Three Card's, asked of one seat)."""
    app = demo_app(tmp_path, monkeypatch, 12)
    c = app.controller
    async with app.run_test(size=(80, 24)) as pilot:
        await start_a_round_to_its_betting(pilot, c)
        assert await until(pilot, lambda: "b" in shown(footer(app))), footer(app)
        assert "bets" in footer(app) and not {"p", "k"} & set(shown(footer(app)))
        await pilot.press("b")
        assert await until(pilot, lambda: type(app.screen).__name__ == "BetPicker")
    c.close()


async def test_pai_gows_distribute_the_piles_gate_shows_confirm_not_the_bet_picker(tmp_path, monkeypatch):
    """Pai Gow's "distribute the piles" is a betting phase that confirm closes: nothing is keyed on the bet
    picker there, so the footer shows c and no b."""
    app = demo_app(tmp_path, monkeypatch, 0)
    c = app.controller
    async with app.run_test(size=(80, 24)) as pilot:
        await start_a_round_to_its_betting(pilot, c)
        assert await until(pilot, lambda: "c" in shown(footer(app))), footer(app)
        assert "b" not in shown(footer(app)), footer(app)
    c.close()


def test_a_tiles_round_being_read_hides_undo():
    """Once a round's tiles are read, undo is the tile picker's (key the position again): `u` leaves the footer
    and is refused with that sentence, as the tiles table refuses it."""
    from terminal.tiles_screen import TILES_UNDO, TilesFold, tiles_facts

    dealing = TableFacts(status="dealing", expected="dice")
    assert "undo" in keys_of(Step.DICE, tiles_facts(dealing, TilesFold()))
    read = tiles_facts(dealing, TilesFold(read=True))
    assert "undo" not in keys_of(Step.DICE, read) and refusal(Step.DICE, "undo", read) == TILES_UNDO


async def test_the_header_says_open_whenever_the_wager_panel_takes_bets(tmp_path, monkeypatch):
    """After a settled round the wager panel takes the next round's bets: the header says OPEN then, not
    CLOSED (it said CLOSED until the next round started); CLOSED from "no more bets" to the settlement."""
    app = demo_app(tmp_path, monkeypatch, 1)  # baccarat
    c = app.controller
    async with app.run_test(size=(80, 24)) as pilot:
        assert await until(pilot, lambda: c.drivers and all(d.state == "ok" for d in c.devices.values()))
        assert await until(pilot, lambda: app.view is not None and " OPEN " in header(app))
        await press_new_round_until(pilot, c, lambda: c.round_no > 0)
        assert await until(pilot, lambda: c.step() is Step.SETTLEMENT)
        assert await until(pilot, lambda: app.view.betting_open and " OPEN " in header(app)), header(app)
    c.close()


async def test_the_longest_keys_line_fits_80_columns_with_every_key(tmp_path):
    """Party Craps' settlement with an alert on screen has the most keys (n, x, u, o/a/d with the next seat,
    w, b, ?): at 80x24, inside the STOP's border, the line closes its gaps and keeps every key; at 160x50 it is
    drawn in full."""
    from terminal.console.app import DealerConsole
    from terminal.console.view import AlertView
    from terminal.roles import Access
    from tools.dealer_screens import Fixed, craps_views

    view = (await craps_views(tmp_path))["partycraps"]
    stop = AlertView("EXPOSED_CARD", "stop", "CALL_FLOOR", "call the floor", "seed", "floor")
    facts = TableFacts(status="dealt", alerts=True, banked=True)
    view = replace(view, alerts=(stop,), keys=keys_of(Step.SETTLEMENT, facts), bank_next="seat 10")
    assert view.keys == (
        "new-round",
        "clear-alert",
        "undo",
        "bank-offered",
        "bank-accepted",
        "bank-declined",
    )
    for size in ((80, 24), (160, 50)):
        app = DealerConsole(Fixed(view), Access({}))
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            keys = app.screen.query_one("#keys")
            line = footer(app)
            assert len(line) <= keys.region.width, (size, line)
            assert chips(app) == ["n", "x", "u", "o", "a", "d", "w", "b", "?"], line
            assert ("bank → seat 10" in line) is (size == (160, 50))  # drawn in full where it fits
            assert "→ seat 10" in line


async def test_the_settlement_order_fits_80x24(tmp_path, monkeypatch):
    """At 80x24 a settled Pai Gow round shows every settlement line above the keys line, with no scrolling: the
    piles' rows go to the settlement (the seats show every hand as set) and the device chips go above it. At
    120x40 the piles stay."""
    from tests.terminal.test_demo_tables import deal_to_settlement

    for size, piles in (((80, 24), False), ((120, 40), True)):
        app = demo_app(tmp_path / f"{size[0]}", monkeypatch, 0)
        c = app.controller
        async with app.run_test(size=size) as pilot:
            await deal_to_settlement(app, pilot)
            assert await until(pilot, lambda a=app: bool(a.view.settlement) and a.view.step == "settlement")
            await pilot.pause()
            screen = app.screen
            box = screen.query_one("#settlement").region
            keys = screen.query_one("#keys").region
            assert screen.max_scroll_y == 0, size
            # the rows drawn (the bottom row clips the box): its top border, title, column heads, each line
            drawn = min(box.bottom, screen.query_one("#bottom").region.bottom, keys.y) - box.y
            assert drawn >= 3 + len(app.view.settlement), (size, box, drawn)
            assert screen.query_one("#piles").display is piles
        c.close()


async def test_the_wager_panel_fits_80_columns():
    """At 80x24 the wager panel is all on screen: its box, the help line and every button, Done included (the
    box was 96 columns wide and Done fell off the right edge)."""
    from terminal.console.app import DealerConsole
    from terminal.console.demo import tour_views
    from terminal.roles import Access
    from tools.dealer_screens import Fixed

    view = (await tour_views())["waiting"]
    app = DealerConsole(Fixed(view), Access({}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("w")
        assert await until(pilot, lambda: type(app.screen).__name__ == "WagerPanel")
        await pilot.pause()
        assert app.screen.query_one("#wager-box").region.right <= 80
        for button in ("#chip-100", "#wager-take-back", "#wager-player-dealer", "#wager-done"):
            region = app.screen.query_one(button).region
            assert region.width > 0 and region.right <= 79, (button, region)
