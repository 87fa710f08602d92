"""The bank's rotation on a configured Pai Gow Tiles table (config/tables/paigowtiles.yaml, Capitol Casino):
the player/dealer position is offered "starting at seat #1 … counterclockwise every two hands" (seed 003
L527; the game file's ``rotation.offer_direction``), so after seat 1 has banked two rounds the bank goes to
seat 8, not seat 2; the screen's refusal names that seat, and the journal folds (and a restart restores) the
same player-dealer. Tres Lounge deals its tiles counterclockwise but offers the bank clockwise (seed 002
L643, L722-724): the same table there passes it to seat 2."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from devices.events import DiceRolled
from devices.tilereader import TilesRead
from rules.paigowtiles.tiles import ALL_TILES
from terminal.console.view import ConsoleInput
from terminal.journal import Journal
from terminal.table.restore import fold_journal
from terminal.table.state import BankerChosen, BankPassed, BankSettled, LayoutFilled, apply
from terminal.tiles_table import TilesController
from tests.test_paigowtiles_controller import table

DEALER = ConsoleInput("wager.fill", "dealer", "test")


async def play_round(c: TilesController, seed: int) -> None:
    """One round with seat 1 banking, from the layout to the settlement (House Way for every hand)."""
    layout = LayoutFilled(((2, "main", 2000), (3, "main", 1000), (5, "main", 1500)), 1, 50_000)
    await c.record(layout, {"input": DEALER.to_json()})
    await c.submit(ConsoleInput("new-round"))  # the tiles washed (recorded)
    if c.state.start is None or c.outcome() is not None:
        await c.submit(ConsoleInput("new-round"))
    assert c.step().value == "dice", c.step()
    await c.on_device_event(DiceRolled(device="dice", d1=3, d2=3, d3=3))
    faces = [str(t) for t in ALL_TILES]
    random.Random(seed).shuffle(faces)
    for n, seat in enumerate(c.needed()):
        read = TilesRead(device="tiles", position=seat, tiles=tuple(faces[4 * n : 4 * n + 4]), number=n + 1)
        await c.on_device_event(read)
    await c.submit(ConsoleInput("house-way"))
    assert c.outcome() is not None and c.step().value == "settlement"


@pytest.mark.parametrize(
    ("room", "direction", "after"), [("capitol", "counterclockwise", 8), ("tres-lounge", "clockwise", 2)]
)
async def test_after_two_hands_the_bank_goes_the_rooms_way(
    tmp_path: Path, room: str, direction: str, after: int
) -> None:
    path = tmp_path / "j.sqlite3"
    c = TilesController(table(room), Journal(path))
    try:
        await c.start()
        assert c.table.rotation.rules.offer_direction.value == direction
        for seed in (1, 2):
            await play_round(c, seed)
        assert c.player_dealer == 1 and c.table.rotation.due is not None
        assert c.table.next_banker == after
        said = await c.submit(ConsoleInput("new-round"))
        assert said is not None and said.startswith("BANK_ROTATION_DUE: seat 1 has banked 2 rounds in a row")
        assert f"gives it to seat {after}, the next seat {direction}" in said
        assert c.round_no == 2  # refused: nothing dealt
        said = await c.submit(ConsoleInput("bank-accepted"))
        assert said == f"seat {after} takes the bank from the next round"
        assert c.player_dealer == after and c.table.rotation_due is None
        t = c.config.table
        folded = fold_journal(c.journal.journal.entries(), t.game, t.seats, t.fee_schedule, c.rules_for)
        assert folded.player_dealer == after and folded.rotation == c.table.rotation
    finally:
        c.close()
    again = TilesController(table(room), Journal(path))  # a restart: the journal gives the bank back
    try:
        assert again.player_dealer == after and again.table.rotation.previous_seat == 1
    finally:
        again.close()


def test_the_table_fold_passes_capitols_bank_counterclockwise(tmp_path: Path) -> None:
    """The fold alone (terminal/table/state.py): "the bank goes on" from seat 1 is seat 8, then 7; a bank
    given up early goes on from the seat that gave it up; nobody banking, the offer starts at seat #1."""
    c = TilesController(table("capitol"), Journal(tmp_path / "j.sqlite3"))
    s = c.table
    c.close()
    assert s.seats == 8 and s.next_banker == 1  # "determined by starting at seat #1" (L527)
    s = apply(s, BankerChosen(1))
    s = apply(apply(s, BankSettled(1, 1000)), BankSettled(2, 1000))
    assert s.rotation.due is not None and s.next_banker == 8
    s = apply(s, BankPassed())
    assert s.player_dealer == 8 and s.rotation.deal_tile == 1 and s.rotation.previous_seat == 1
    s = apply(apply(s, BankSettled(3, 1000)), BankPassed())  # after one hand: the bank may be passed
    assert s.player_dealer == 7
    s = apply(s, BankerChosen(None))
    assert s.player_dealer is None and apply(s, BankPassed()).player_dealer == 6
