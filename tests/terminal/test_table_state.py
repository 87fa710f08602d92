"""The table as a fold (issue 16 item 1): the layout, the bank and its rotation, the deal tile, the alerts
and the round are journaled events folded into one ``TableState``; a replayed journal gives the same table
as the live controller, and a refused command changes nothing and is journaled as refused."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.cards import ALL_CARDS, card
from rules.round.alerts import AlertCode
from rules.round.events import CardRead, DeviceFault
from rules.round.procedure import Face, Slot
from terminal.config import check_config
from terminal.console.view import ConsoleInput
from terminal.controller import TableController
from terminal.journal import Journal
from terminal.table.commands import ChooseBanker, Malformed, PlaceWager, command_of
from terminal.table.machine import Step
from terminal.table.restore import fold_journal
from terminal.table.state import BankerChosen, BankPassed, BankSettled, TableState, apply


def _table(game: str = "paigow/capitol") -> TableController:
    d = Path(tempfile.mkdtemp(prefix="table-state-"))
    f = d / "table.yaml"
    f.write_text(
        f"table: {{game: {game}, seats: 7, limits: {{min_cents: 500, max_cents: 100000}}}}\n"
        f"journal: {{path: {d / 'j.db'}}}\n"
    )
    cfg, problems = check_config([f], env={})
    assert not problems, problems
    return TableController(cfg, Journal(cfg.journal.path))


def _folded(c: TableController) -> TableState:
    t = c.config.table
    return fold_journal(c.journal.journal.entries(), t.game, t.seats, t.fee_schedule, c.rules_for)


def _restarted(c: TableController) -> TableState:
    again = TableController(c.config, Journal(c.config.journal.path))
    try:
        return again.table
    finally:
        again.release()


#: A dealer's session on a table with no devices: the wager panel, the bank and its rotation, the
#: dealer's shuffle and new round, misdeals, maintenance, staff without a PIN.
INPUTS = st.one_of(
    st.builds(
        lambda seat, add: ConsoleInput("wager.place", data={"seat": seat, "spot": "main", "add": add}),
        st.integers(0, 8),
        st.sampled_from([500, 2500, -500, 200000]),
    ),
    st.builds(lambda seat: ConsoleInput("wager.player-dealer", data={"seat": seat}), st.integers(1, 7)),
    st.builds(lambda add: ConsoleInput("wager.bank", data={"add": add}), st.sampled_from([50000, -10000])),
    st.builds(lambda seat: ConsoleInput("wager.clear", data={"seat": seat}), st.integers(1, 7)),
    st.sampled_from(
        [
            ConsoleInput("bank-accepted"),
            ConsoleInput("new-round"),
            ConsoleInput("misdeal"),
            ConsoleInput("undo"),
            ConsoleInput("house-way"),
            ConsoleInput("play"),
            ConsoleInput("mode.change", "maintenance", data={"to": "maintenance"}),
            ConsoleInput("mode.change", "dealer", data={"to": "live"}),
            ConsoleInput("wager.place", "floor", data={"seat": 2, "add": 500}),
            ConsoleInput("clear-alert", data={"code": "BETS_AFTER_CLOSE"}),
        ]
    ),
)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(INPUTS, max_size=25))
def test_folding_the_journal_gives_the_live_table(inputs: list[ConsoleInput]) -> None:
    """After any session, the journal folded from its first entry, and a restart (the last checkpoint and
    the entries after it), both give exactly the live controller's table."""
    c = _table()
    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(c.start())
        for inp in inputs:
            loop.run_until_complete(c.submit(inp))
        assert _folded(c) == c.table
        assert _restarted(c) == c.table
    finally:
        c.close()
        loop.close()


def _refused(c: TableController, inp: ConsoleInput) -> str | None:
    loop = asyncio.new_event_loop()
    try:
        before, seq = c.table, c.journal.journal.head()[0]
        said = loop.run_until_complete(c.submit(inp))
        after = list(c.journal.journal.entries(since=seq))
        assert c.table == before  # nothing changed
        assert [e.kind for e in after] == ["input"] and after[0].payload["refused"] == said
        return said
    finally:
        loop.close()


@pytest.mark.parametrize(
    ("inp", "why"),
    [
        (ConsoleInput("wager.place", "floor", data={"seat": 2, "add": 500}), "PIN"),
        (ConsoleInput("house-way"), "not taken while the table is"),
        (ConsoleInput("play"), "not taken while the table is"),
        (ConsoleInput("wager.bank", data={"add": 500}), "player-dealer's seat first"),
        (ConsoleInput("wager.place", data={"seat": 9, "add": 500}), "the table has seats 1-7"),
        (ConsoleInput("wager.place", data={"seat": 2, "cents": -5}), "whole number of cents"),
        (ConsoleInput("wager.place", data={"seat": 2, "spot": "side", "add": 500}), "is not a wager of"),
        (ConsoleInput("wager.fill"), "unknown wager action"),
    ],
)
def test_a_refused_command_changes_nothing_and_is_journaled_as_refused(inp: ConsoleInput, why: str) -> None:
    c = _table()
    c.access = _NobodyLoggedIn()
    try:
        asyncio.run(c.start())
        said = _refused(c, inp)
        assert said is not None and why in said
    finally:
        c.close()


def test_a_seat_with_wagers_cannot_bank_and_maintenance_refuses_the_layout() -> None:
    c = _table()
    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(c.start())
        loop.run_until_complete(c.submit(ConsoleInput("wager.place", data={"seat": 3, "add": 2500})))
        assert "take them back before it banks" in (
            _refused(c, ConsoleInput("wager.player-dealer", data={"seat": 3})) or ""
        )
        loop.run_until_complete(
            c.submit(ConsoleInput("mode.change", "maintenance", data={"to": "maintenance"}))
        )
        assert not c.table.live
        assert _refused(c, ConsoleInput("wager.place", data={"seat": 2, "add": 500})) is not None
    finally:
        c.close()
        loop.close()


class _NobodyLoggedIn:
    session = None

    def lock_remaining(self) -> float:
        return 0.0


def test_the_bank_rotates_through_the_rotation_rules() -> None:
    """The dealer's choice is an offer accepted at that seat; the bank goes on clockwise; the deal tile
    turns once per settled round, and after two the rotation is due (rules/banking/rotation.py)."""
    c = _table()
    s = c.table
    c.close()
    s = apply(s, BankerChosen(3))
    assert s.player_dealer == 3 and s.rotation.deal_tile == 1
    s = apply(s, BankSettled(1, 1000))
    assert s.rotation.deal_tile == 2 and s.bank_cents == 1000
    assert apply(s, BankSettled(1, 900)).rotation == s.rotation  # the same round counts once
    s = apply(s, BankSettled(2, 800))
    assert s.rotation.due is not None and s.rotation.due.seat == 3
    s = apply(s, BankPassed())
    assert s.player_dealer == 4 and s.rotation.deal_tile == 1 and s.rotation.previous == "seat 3"
    s = apply(s, BankerChosen(None))
    assert s.player_dealer is None
    s = apply(s, BankPassed())
    assert s.player_dealer == 5  # on clockwise from the last player-dealer's seat


def test_commands_are_typed() -> None:
    assert command_of(
        ConsoleInput("wager.place", data={"seat": 2, "spot": "main", "add": 500}), 7
    ) == PlaceWager(2, "main", None, 500)
    assert command_of(ConsoleInput("wager.player-dealer", data={"seat": 1}), 7) == ChooseBanker(1)
    assert isinstance(command_of(ConsoleInput("wager.place", data={"seat": "two"}), 7), Malformed)
    assert isinstance(command_of(ConsoleInput("wager.bank", data={"add": True}), 7), Malformed)


def test_undo_never_takes_back_a_ruling() -> None:
    """After the technician clears a STOP (with the PIN), the dealer's undo does not take the clearing back
    (nor anything before it); it takes back what was entered after it (terminal/table/undo.py)."""
    c = _table("threecard/betwiser-3card-holdem")
    loop = asyncio.new_event_loop()
    run = loop.run_until_complete
    try:
        run(c.start())
        run(c.submit(ConsoleInput("new-round")))  # the dealer's shuffle
        run(c.submit(ConsoleInput("new-round")))  # the round
        run(c.apply_event(CardRead(card("As"))))
        run(c.apply_event(DeviceFault("shoe", AlertCode.COMMS_LOST, detail="unplugged")))
        assert c.step().value == "stopped"
        assert run(c.submit(ConsoleInput("clear-alert", "technician", data={"code": "COMMS_LOST"}))) is None
        assert c.step().value == "dealing"
        said = run(c.submit(ConsoleInput("undo")))
        assert said is not None and "the clearing of COMMS_LOST by the technician stands" in said
        assert not c.state.active_alerts and len(c.state.placed) == 1
        last = list(c.journal.journal.entries())[-1]
        assert last.kind == "input" and last.payload["refused"] == said
        # A card read after the ruling is the dealer's to take back; the clearing stays.
        run(c.apply_event(CardRead(card("Kd"))))
        assert run(c.submit(ConsoleInput("undo"))) is None
        assert [str(p.card) for p in c.state.placed if not p.void] == ["As"] and not c.state.active_alerts
        assert "stands" in (run(c.submit(ConsoleInput("undo"))) or "")
    finally:
        c.close()
        loop.close()


def test_no_round_is_dealt_past_the_bank_rotation() -> None:
    """After the filed number of rounds with one player-dealer (BANK_ROTATION_DUE, rules/banking/rotation.py)
    the next round is refused, on screen and in the journal, until the bank is passed."""
    c = _table("threecard/betwiser-3card-holdem")  # banking.rotation: {max_consecutive: 2}
    loop = asyncio.new_event_loop()
    run = loop.run_until_complete
    try:
        run(c.start())
        run(c.submit(ConsoleInput("wager.player-dealer", data={"seat": 1})))
        assert c.table.rotation.rules.max_consecutive == 2
        run(c.record(BankSettled(1, 1000)))
        assert c.table.rotation_due is None
        run(c.record(BankSettled(2, 1000)))
        said = _refused(c, ConsoleInput("new-round"))
        assert said is not None and said.startswith("BANK_ROTATION_DUE: seat 1 has banked 2 rounds in a row")
        assert c.round_no == 0 and c.state.start is None
        run(c.submit(ConsoleInput("bank-accepted")))  # the bank goes on clockwise
        assert c.player_dealer == 2 and c.table.rotation_due is None
        assert "shuffle recorded" in (run(c.submit(ConsoleInput("new-round"))) or "")
    finally:
        c.close()
        loop.close()


def test_a_held_settlement_is_not_replaced_by_a_new_round() -> None:
    """A round its bank cannot settle (wagers and no player-dealer) holds the table: a new round is refused
    with the reason, and the way out is the floor's ruling (a misdeal voids it, the wagers go back)."""
    c = _table("baccarat/commission-free")
    loop = asyncio.new_event_loop()
    run = loop.run_until_complete
    deck = iter(ALL_CARDS[:52])
    try:
        run(c.start())
        run(c.submit(ConsoleInput("wager.place", data={"seat": 2, "spot": c.spots[0], "add": 2500})))
        run(c.submit(ConsoleInput("new-round")))  # the dealer's shuffle
        assert run(c.submit(ConsoleInput("new-round"))) is None
        while isinstance(c.state.expected, Slot):
            run(c.apply_event(CardRead(next(deck), face_up=c.state.expected.face is Face.UP)))
        assert c.step() is Step.HELD and c.settled is not None and c.settled.problem
        assert "misdeal" in c.view().keys and "new-round" not in c.view().keys
        said = _refused(c, ConsoleInput("new-round"))
        assert said is not None and "not taken while the table is settlement held" in said
        assert c.round_no == 1
        run(c.submit(ConsoleInput("misdeal")))
        assert c.state.status.value == "void"
    finally:
        c.close()
        loop.close()
