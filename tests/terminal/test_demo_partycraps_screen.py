"""The Party Craps felt on the dealer screen (terminal/craps_view.py, terminal/console/craps_render.py), drawn
from a fixture of the round engine's documented state (a flip's report, the layout's bets): the ON/OFF puck on
the point, each seat's bets and which are working, the action tile's seat, the player-dealer's tile side, the
no-more-bets light and the flip's two cards with their number — at 80x24, 120x40 and 160x50."""

from __future__ import annotations

import os

import pytest

from terminal.console.view import ConsoleInput, DeviceView, SettlementLine, TableView
from terminal.craps_view import CrapsLayout, craps_layout, engine_working, layout_after_flip, spot_words
from terminal.games import get_game
from tests.terminal.test_demo_tables import until

GAME = get_game("partycraps/the101").data

#: Twelve seats: the player-dealer in 5, standing and new bets on the others (seat 5's own Pass stands).
LAYOUT = (
    (1, "pass", 1000),
    (1, "pass-odds", 2000),
    (2, "dont-pass", 1500),
    (2, "hard-8", 500),
    (3, "place-6/off", 1200),
    (3, "place-8", 1200),
    (4, "come-9", 1000),
    (4, "come-9-odds", 1500),
    (6, "field", 500),
    (7, "lay-4", 2000),
    (8, "big-6", 1000),
    (9, "hop-3-4", 500),
    (10, "buy-10/on", 2500),
    (11, "dont-come-5", 1000),
    (12, "any-seven", 500),
)
#: The flip's report (rules/partycraps PartyCrapsReport.to_json(), the shape in its API note): 3 and 4, a seven
#: out with the point 6 on.
REPORT = {
    "cards": "3s 4h",
    "total": 7,
    "point_before": 6,
    "point_after": None,
    "words": "7 before the point 6: Don't Pass wins",
    "player_dealer": 5,
    "player_dealer_flip": 2,
    "action_seat": 9,
    "wagers": [
        {"seat": 9, "spot": "hop-3-4", "cents": 500, "result": "win", "net_cents": 7500},
        {"seat": 12, "spot": "any-seven", "cents": 500, "result": "win", "net_cents": 2000},
        {"seat": 1, "spot": "pass", "cents": 1000, "result": "lose", "net_cents": -1000},
        {"seat": 2, "spot": "dont-pass", "cents": 1500, "result": "win", "net_cents": 1500},
        {"seat": 3, "spot": "place-8", "cents": 1200, "result": "lose", "net_cents": -1200},
    ],
    "standing": [{"seat": 3, "spot": "place-6", "cents": 1200, "fee_paid": True, "working": False}],
    "no_action": [],
}


def felt(**kw) -> CrapsLayout:
    point = kw.get("point", 6)
    args = {
        "working": engine_working(GAME, LAYOUT, point),
        "wagers": LAYOUT,
        "seats": 12,
        "point": 6,
        "player_dealer": 5,
        "bank_cents": 50000,
        "betting_open": False,
        "cards": ("3s", "4h"),
        "pd_side": 2,
    }
    return craps_layout(**(args | kw))


def test_the_felt_says_the_point_the_light_the_tiles_and_which_bets_work():
    before = felt(point=None, cards=(), betting_open=True, pd_side=1)
    assert before.puck == "OFF" and not before.no_more_bets and before.pd_side == 1
    bets = {(s.seat, b.spot): b for s in before.seats for b in s.bets}
    # On the come-out the Place bets are off (L4113), Come odds too (L4114); Lay, Hard Ways work (L4115-4118).
    assert not bets[(3, "place-8")].working and not bets[(3, "place-6")].working
    assert bets[(2, "hard-8")].working and bets[(7, "lay-4")].working and not bets[(4, "come-9-odds")].working
    dealt = felt(report=REPORT)
    assert dealt.no_more_bets and dealt.total == 7 and dealt.action_seat == 9 and dealt.pd_side == 2
    assert dealt.puck == "OFF"  # seven out: the puck comes off the 6
    bets = {(s.seat, b.spot): b for s in dealt.seats for b in s.bets}
    assert (
        bets[(3, "place-6")].working is False and bets[(3, "place-6")].result == ""
    )  # turned off: untouched
    assert bets[(3, "place-8")].working and bets[(3, "place-8")].result == "lost"
    assert bets[(9, "hop-3-4")].result == "won $75"
    assert dealt.seats[8].action and dealt.seats[4].player_dealer and dealt.seats[8].net == "+$75"
    assert felt(point=6, betting_open=True, cards=()).puck == "ON 6"


def test_spot_words_and_the_engines_working_status():
    assert [spot_words(s) for s in ("dont-pass", "come-6-odds", "hop-3-4", "big-8", "place-6/on", "c")] == [
        "Don't Pass",
        "Come 6 odds",
        "Hop 3-4",
        "Big 8",
        "Place 6",
        "C",
    ]
    come_out = engine_working(GAME, (*LAYOUT, (1, "buy-4", 2000), (2, "dont-come-5-odds", 1000)), None)
    assert not come_out[(1, "buy-4")] and come_out[(2, "dont-come-5-odds")] and come_out[(2, "hard-8")]
    assert all(
        engine_working(GAME, LAYOUT, 6)[(s, b)] for s, b, _ in [(3, "place-8", 0), (4, "come-9-odds", 0)]
    )
    # one Place called on turns the seat's others on (L4113 "one 'on' all 'on'"); a call off stands
    on = engine_working(GAME, ((3, "place-6/on", 1200), (3, "place-8", 1200), (6, "place-8/off", 1200)), 6)
    assert on == {(3, "place-6"): True, (3, "place-8"): True, (6, "place-8"): False}


class _Flip:
    """Just enough of a settled round state for :func:`layout_after_flip`: the family and the report."""

    class game:  # noqa: N801 - the round state's attribute
        family = "partycraps"

    class outcome:  # noqa: N801
        class settlement:  # noqa: N801
            @staticmethod
            def to_json():
                return REPORT


def test_after_the_flip_the_layout_is_what_stands_and_a_call_lasts_one_flip():
    assert layout_after_flip(_Flip) == ((3, "place-6", 1200),)


class Fixed:
    def __init__(self, view: TableView) -> None:
        self.view = view

    def attach(self, publish) -> None:
        publish(self.view)

    async def submit(self, inp: ConsoleInput) -> str | None:
        return None


def _view(layout: CrapsLayout) -> TableView:
    return TableView(
        game_id="partycraps/the101",
        game_name="Party Craps",
        room="The 101 Casino",
        table_id="pc-1",
        round_no=7,
        phase="settlement",
        next_step="Pay and collect from seat 9, in the order below",
        devices=(DeviceView("shuffler", "shuffler"),),
        keys=("new-round", "undo", "call-floor"),
        settlement=tuple(
            SettlementLine(
                f"Seat {w['seat']} {w['spot']}", "paid" if w["net_cents"] > 0 else "collected", w["net_cents"]
            )
            for w in REPORT["wagers"]
        )
        if layout.no_more_bets
        else (),
        extra={"craps": layout},
    )


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (160, 50)])
async def test_the_felt_fits_the_dealers_screen(size):
    from terminal.console.app import DealerConsole
    from terminal.roles import Access

    for layout in (felt(report=REPORT), felt(point=None, cards=(), betting_open=True)):
        app = DealerConsole(Fixed(_view(layout)), Access({}))
        async with app.run_test(size=size) as pilot:
            box = app.screen.query_one("#craps")
            assert await until(pilot, lambda b=box, a=app: b.display and a.paints > 0)  # painted, under load too
            await pilot.pause()
            assert not app.screen.query_one("#seats").display
            width = box.content_region.width
            rows = _plain_lines(box.content, width)
            shown = rows[: box.content_region.height]
            top = shown[0]
            assert (layout.puck in top) and (
                "NO MORE BETS" in top if layout.no_more_bets else "bets open" in top
            )
            assert "P/D seat 5" in top and (("action seat 9" in top) == (layout.action_seat == 9))
            assert all(len(r) <= width for r in rows)
            if layout.cards:  # the flip and the action tile's seat first (the payoffs start there)
                assert "= 7" in shown[1] and "Don't Pass wins" in shown[1]
                assert shown[2].startswith("▶ 9") and "Hop 3-4 $5 won $75" in shown[2]
            else:  # between flips every seat's bets are on screen, the ones that are off marked
                assert len(shown) == len(rows) == 14, rows
                assert "Come 9 odds $15 off" in shown[5] and "Place 6 $12 off · Place 8 $12 off" in shown[4]
                assert "Buy 10 $25 ON" in shown[11]  # turned on by the dealer for the come-out
            keys = app.screen.query_one("#keys")
            assert keys.region.y >= size[1] - 2
            line = _plain_lines(keys.content, 200)[0].strip()
            assert " b  bets" in line and line.endswith("?  keys") and len(line) <= keys.region.width, line


def _plain_lines(renderable, width: int) -> list[str]:
    """The felt as the dealer reads it: plain text lines at the widget's width."""
    from rich.console import Console

    console = Console(width=width, record=True, color_system=None, file=open(os.devnull, "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text().rstrip("\n").split("\n")


def test_the_craps_picker_keys_numbers_hops_odds_and_on_off():
    from terminal.console.craps_picker import BY_KEY, number_typed, odds_spot, spot_of, toggled

    place, craps, hop = BY_KEY["l"], BY_KEY["t"], BY_KEY["j"]
    assert number_typed(place, "6") == ("", "6") and number_typed(place, "0") == ("", "10")
    assert number_typed(place, "1") == ("1", None) and number_typed(place, "10") == ("", "10")
    assert number_typed(place, "7") == ("", None)  # no 7 to place on
    assert number_typed(craps, "1") == ("1", None) and number_typed(craps, "12") == ("", "12")
    assert number_typed(hop, "3") == ("3", None) and number_typed(hop, "34") == number_typed(hop, "43") == (
        "",
        "34",
    )
    assert (
        spot_of(place, "6") == "place-6" and spot_of(hop, "34") == "hop-3-4" and spot_of(place, None) is None
    )
    assert spot_of(BY_KEY["p"], None) == "pass" and spot_of(BY_KEY["h"], "10") == "hard-10"
    assert [odds_spot(s) for s in ("pass", "dont-come-5", "come", "place-6", "come-6/on")] == [
        "pass-odds",
        "dont-come-5-odds",
        None,
        None,
        "come-6-odds",
    ]
    assert toggled("place-6", False) == "place-6/on" and toggled("place-6/on", True) == "place-6/off"
