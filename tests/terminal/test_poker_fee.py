"""A live pot-game table takes its posted collection: the controller builds a pot game's rules with the
table's ``fee_schedule`` (``rules.poker.round.POSTED_SCHEDULE``), the round hook takes it from the pot
before the split, the dealer screen shows it, and ``config check`` refuses another game's schedule."""

from __future__ import annotations

from pathlib import Path

from rules.cards import parse_card, parse_cards
from rules.fees import assess
from rules.round.events import (
    Action,
    Burn,
    Button,
    ButtonPress,
    CardRead,
    Decision,
    RoundStart,
    Shuffle,
    Wager,
)
from terminal.config import check_config, fee_schedule
from terminal.console.view import ConsoleInput
from terminal.controller import TableController
from terminal.journal import Journal

REPO = Path(__file__).resolve().parents[2]
POKER_TABLE = REPO / "config" / "tables" / "poker.yaml"
CONFIRM = ButtonPress(Button.CONFIRM)


def _config(tmp_path, monkeypatch, *sets):
    monkeypatch.setenv("DEALER_TERMINAL_STATE_DIR", str(tmp_path))
    cfg, problems = check_config([POKER_TABLE], env={}, sets=sets)
    assert not problems, problems
    return cfg


async def _table(cfg):
    c = TableController(cfg, Journal(cfg.journal.resolved_path()))
    await c.start()
    return c


def _hole_cards(seats, button, cents):
    return [
        Shuffle(),
        RoundStart(tuple(seats), None, button, tuple(Wager(s, cents) for s in seats)),
        *(CardRead(c, False) for c in parse_cards("Ah 9c 2d Ad 9d 3c")),  # seats 1, 4, 7, twice round
    ]


def _board():
    up = [CardRead(c, True) for c in parse_cards("As 9h Kd 2s Qc")]
    return [
        CONFIRM,
        Burn(parse_card("5s")),
        *up[:3],
        CONFIRM,
        Burn(parse_card("6s")),
        up[3],
        CONFIRM,
        Burn(parse_card("7s")),
        up[4],
        CONFIRM,
    ]


async def _showdown(c):
    for e in [*_hole_cards((1, 4, 7), 7, 600), *_board()]:
        await c.apply_event(e)
    return c.state.outcome.to_json()["settlement"]


async def test_the_example_poker_table_takes_its_posted_drop_from_the_pot(tmp_path, monkeypatch):
    cfg = _config(tmp_path, monkeypatch)
    ref = cfg.table.fee_schedule
    assert ref == "the101/limit-texas-holdem/gega-002034/1"
    c = await _table(cfg)
    out = await _showdown(c)
    # The posted schedule's charge for three players dealt in, the flop seen.
    due = assess(fee_schedule(ref), (), players=3, flop_seen=True).pot
    assert due > 0
    coll, sd = out["collection"], out["showdown"]
    assert coll["cents"] == due and "limit-texas-holdem" in coll["schedule"]
    assert sd["pot"] == 1800 and sd["collected"] == due and sd["after_collection"] == 1800 - due
    assert sd["high_winners"] == [1]  # three aces over three nines
    assert sum(sd["shares"].values()) == 1800 - due
    # The dealer screen: the winner's share, the collection as a fee line from the pot, the pot after it.
    v = c.view()
    assert v.phase == "settlement" and v.fee_cents == due
    lines = {(ln.who, ln.outcome): ln.cents for ln in v.settlement}
    assert lines[("Seat 1", "wins")] == 1800 - due and lines[("Pot", "fee")] == -due
    assert "pot $18" in v.settlement_title and "limit-texas-holdem" in v.fee_note
    assert next(s for s in v.seats if s.seat == 1).status.startswith("wins")
    c.close()


async def test_without_a_posted_schedule_the_whole_pot_is_divided(tmp_path, monkeypatch):
    cfg = _config(tmp_path, monkeypatch)
    cfg = cfg.model_copy(update={"table": cfg.table.model_copy(update={"fee_schedule": None})}, deep=True)
    c = await _table(cfg)
    out = await _showdown(c)
    assert out["collection"]["cents"] == 0 and "no collection schedule" in out["collection"]["why"]
    assert out["showdown"]["shares"] == {"1": 1800}
    assert c.view().fee_cents == 0
    c.close()


async def test_the_technician_changing_the_schedule_refolds_the_pot_game(tmp_path, monkeypatch):
    c = await _table(_config(tmp_path, monkeypatch))
    before = await _showdown(c)
    assert before["collection"]["cents"] > 0
    said = await c.submit(ConsoleInput("tech.set-game", "technician", data={"game": "holdem/the101"}))
    assert "Hold'em" in said
    after = c.state.outcome.to_json()["settlement"]
    assert after["collection"]["cents"] == 0 and after["showdown"]["shares"] == {"1": 1800}
    # Another game's schedule is refused, and the table keeps what it had.
    bad = await c.submit(
        ConsoleInput(
            "tech.set-game",
            "technician",
            data={"game": "holdem/the101", "fee_schedule": "the101/no-limit-texas-holdem/gega-002034/1"},
        )
    )
    assert "'limit-texas-holdem'" in bad and c.config.table.fee_schedule is None
    c.close()


async def test_no_flop_no_drop(tmp_path, monkeypatch):
    c = await _table(_config(tmp_path, monkeypatch))
    for e in [*_hole_cards((1, 4, 7), 7, 300), Decision(7, Action.FOLD), Decision(1, Action.FOLD), CONFIRM]:
        await c.apply_event(e)
    out = c.state.outcome
    assert out is not None, c.state.prompt
    assert out.to_json()["settlement"]["collection"]["cents"] == 0
    assert c.view().fee_cents == 0
    c.close()


def test_config_check_names_a_schedule_of_another_game(tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_TERMINAL_STATE_DIR", str(tmp_path))
    ref = "the101/no-limit-texas-holdem/gega-002034/1"  # filed, but not the limit game's
    f = tmp_path / "table.yaml"
    f.write_text(POKER_TABLE.read_text().replace("the101/limit-texas-holdem/gega-002034/1", ref))
    cfg, problems = check_config([f], env={})
    assert cfg is None
    assert [p.field for p in problems] == ["table.fee_schedule"]
    assert "no-limit-texas-holdem" in problems[0].message and "'limit-texas-holdem'" in problems[0].message
    assert problems[0].where.startswith(f"{f}:")
