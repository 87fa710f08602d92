"""Party Craps' collection (rules/partycraps/collection.py) against the filed schedule (seed 000 L4162-4207,
config/fees/the101.yaml ``game: party-craps``): the player-dealer's initial and additional fees per section,
the player's fee per Place/Lay/Buy spot, only on wagers first placed before the flip."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
import yaml

from rules.fees import Payer, RoomFees, Schedule
from rules.partycraps.collection import NewWager, collect, fee_section
from rules.partycraps.deck import PartyCrapsError

FEES = Path(__file__).resolve().parent.parent / "config" / "fees" / "the101.yaml"


@cache
def schedule(option: int = 1) -> Schedule:
    room = RoomFees.from_data(yaml.safe_load(FEES.read_text(encoding="utf-8")), "the101")
    return room.schedule("party-craps", option)


def w(seat: int, spot: str, dollars: int) -> NewWager:
    return NewWager(seat, spot, dollars * 100, f"p{seat}")


def pd_fees(new: list[NewWager], option: int = 1) -> dict[str | None, int]:
    c = collect(schedule(option), new)
    return {line.wager: line.amount for line in c.lines if line.payer is Payer.PLAYER_DEALER}


@pytest.mark.parametrize("option", [1, 2])
def test_the_initial_fee_per_line_section_by_its_action(option: int) -> None:
    # L4172, L4180-4183: Pass/Don't Pass/Come/Don't Come, $10-$200 -> $1, $201+ -> $3, per section
    new = [w(1, "pass", 150), w(2, "pass", 100), w(3, "dont-pass", 10), w(4, "come", 200)]
    assert pd_fees(new, option) == {"pass-line": 300, "dont-pass": 100, "come": 100}


def test_no_fee_on_odds() -> None:
    # L4172: "There is no fee for placing odds behind an established Pass Line, ... Don't Come Bet."
    new = [w(1, "pass-odds", 100), w(2, "come-6-odds/on", 50), w(3, "dont-come-4-odds", 40)]
    c = collect(schedule(), new)
    assert c.total == 0 and c.lines == ()


def test_the_additional_fee_per_proposition_section() -> None:
    # L4191, L4195-4198: $1-$100 -> $1, $101+ -> $3; the Hard Ways one section, the Hops one section
    new = [
        w(1, "field", 5),
        w(1, "hard-4", 60),
        w(2, "hard-8/off", 50),
        w(3, "hop-3-4", 25),
        w(4, "hop-2-2", 25),
        w(5, "big-6", 10),
        w(5, "any-seven", 1),
        w(6, "horn", 4),
    ]
    assert pd_fees(new) == {
        "field": 100,
        "hard-ways": 300,  # $110 in the section: the $101+ row
        "hop": 100,
        "big-6": 100,
        "any-7": 100,
        "horn": 100,
    }


def test_the_player_pays_per_place_buy_lay_spot() -> None:
    # L4202, L4206: $1 per spot; a seat's Place 6 and Place 8 are two spots
    new = [w(2, "place-6/on", 12), w(2, "place-8", 12), w(3, "buy-4", 10), w(4, "lay-10", 20)]
    c = collect(schedule(), new)
    assert c.by_player() == {"p2": 200, "p3": 100, "p4": 100}
    assert c.player_dealer == 0


def test_nothing_new_nothing_taken() -> None:
    # L4170, L4189, L4202: the position rotates and no new wagers are placed: no one pays again
    assert collect(schedule(), []).total == 0


def test_craps_numbers_count_with_c_and_eleven_with_e() -> None:
    # choice: L4191 names no section for Craps Two/Three/Twelve and Eleven
    assert [fee_section(s) for s in ("craps-2", "craps-3", "craps-12", "eleven")] == ["c", "c", "c", "e"]
    assert pd_fees([w(1, "c", 50), w(2, "craps-12", 60), w(3, "eleven", 5)]) == {"c": 300, "e": 100}


def test_established_come_numbers_map_to_their_sections() -> None:
    assert fee_section("come-6") == "come" and fee_section("dont-come-10") == "dont-come"
    with pytest.raises(PartyCrapsError):
        fee_section("dont-pass-4")
    assert fee_section("buy-5/on") == "buy" and fee_section("hard-10") == "hard-ways"


def test_a_spot_the_filing_does_not_have_is_named() -> None:
    with pytest.raises(PartyCrapsError, match="'place-7'"):
        fee_section("place-7")
    with pytest.raises(PartyCrapsError, match="not Party Craps"):
        collect(
            RoomFees.from_data(yaml.safe_load(FEES.read_text()), "the101").schedule("ultimate-war", 1), []
        )


def test_the_table_charges_a_flip_only_for_its_new_wagers() -> None:
    """The second flip of the two-flip scenario through the table's settlement (Family.collection): seat 1's
    Pass and seat 2's Don't Pass stand from flip 1 and pay nothing again; seat 1's odds are free; seat 2's new
    Come and seat 1's Hard 6 (re-bet after it lost) cost the player-dealer $1 each; seat 3's Place 8 costs
    seat 3 $1 (L4164-4172, L4191, L4202)."""
    from terminal.scenario import load_scenario, run
    from terminal.settlement import settle_table

    path = Path(__file__).parent / "scenarios" / "party-craps-point-set-then-made-on-a-hard-six.yaml"
    state, _ = run(load_scenario(path))
    ts = settle_table(state, schedule(), 12)
    assert ts is not None and ts.collection is not None
    got = sorted((line.payer.value, line.wager, line.amount) for line in ts.collection.lines)
    assert got == [
        ("player", "place", 100),
        ("player_dealer", "come", 100),
        ("player_dealer", "hard-ways", 100),
    ]
    assert ts.collection.by_player() == {"seat 3": 100}


def test_a_schedule_of_another_game_is_a_named_problem_not_a_traceback() -> None:
    from terminal.scenario import load_scenario, run
    from terminal.settlement import settle_table

    path = Path(__file__).parent / "scenarios" / "party-craps-point-set-then-made-on-a-hard-six.yaml"
    state, _ = run(load_scenario(path))
    other = RoomFees.from_data(yaml.safe_load(FEES.read_text()), "the101").schedule("ultimate-war", 1)
    ts = settle_table(state, other, 12)
    assert ts is not None and ts.settlement is None
    assert ts.problem == "collection: the ultimate-war schedule is not Party Craps'"
