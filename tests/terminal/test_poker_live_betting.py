"""At a live table the controller's round rules on each betting decision as it is entered (the poker family's
``check`` hook runs ``rules.poker.round.betting_round``): Oaks Omaha Pot Limit refuses a raise over the pot
(fees GEGA-001679, catalog 001 §3.4) and Winner Lowball plays at the killed limits once the last winner posts
his blind (seed 001 L99-113). A wrong action is BET_AGAINST_RULE, ruled by the game file (none filed: the floor)."""

from __future__ import annotations

from pathlib import Path

from rules.cards import parse_cards
from rules.round.alerts import AlertCode, Ruling
from rules.round.events import Action, CardRead, Correction, Decision, RoundStart, Shuffle, Wager
from terminal.config import check_config
from terminal.controller import TableController
from terminal.journal import Journal

POKER_TABLE = Path(__file__).resolve().parents[2] / "config" / "tables" / "poker.yaml"


async def _table(tmp_path, monkeypatch, game: str) -> TableController:
    """The example poker table dealing ``game`` (no collection posted: the betting is what is checked)."""
    monkeypatch.setenv("DEALER_TERMINAL_STATE_DIR", str(tmp_path))
    cfg, problems = check_config([POKER_TABLE], env={})
    assert not problems, problems
    table = cfg.table.model_copy(update={"game": game, "fee_schedule": None})
    cfg = cfg.model_copy(update={"table": table}, deep=True)
    c = TableController(cfg, Journal(cfg.journal.resolved_path()))
    await c.start()
    return c


def _bets(c: TableController) -> list:
    return [a for a in c.state.active_alerts if a.code is AlertCode.BET_AGAINST_RULE]


async def test_an_omaha_pot_limit_raise_over_the_pot_is_raised_as_it_is_entered(tmp_path, monkeypatch):
    c = await _table(tmp_path, monkeypatch, "omaha/pot-limit-oaks")
    assert c.game.id == "omaha/pot-limit-oaks"
    deal = [Shuffle(), RoundStart((1, 2, 3, 4), None, 4, ())]
    deal += [CardRead(x) for x in parse_cards("Ah Kh Qh Jh Ad Kd Qd Jd 2c 3c 4c 5c 6s 7s 8s 9s")]
    for e in deal:
        await c.apply_event(e)
    # blinds $2-$2; seat 3 calls 2 (pot 6) and may raise 6 more: 8 in all
    await c.apply_event(Decision(3, Action.RAISE, amount=900))
    bad = _bets(c)
    assert len(bad) == 1 and bad[0].seat == 3 and "pot limit: a raise makes at most 800" in bad[0].message
    assert bad[0].ruling is Ruling.CALL_FLOOR
    # the floor has the entry corrected: the pot-sized raise stands, and the re-raise is checked on the new pot
    await c.apply_event(Correction(c.state.seq))
    await c.apply_event(Decision(3, Action.RAISE, amount=800))
    await c.apply_event(Decision(4, Action.RAISE, amount=2800))
    assert not _bets(c), [a.message for a in _bets(c)]
    # pot 2 + 2 + 8 + 28 = 40; seat 1 (2 in) calls 26 (pot 66) and may raise 66: 94 in all
    await c.apply_event(Decision(1, Action.RAISE, amount=9500))
    assert len(_bets(c)) == 1 and "at most 9400" in _bets(c)[0].message
    assert c.journal.journal.verify().ok
    c.close()


async def test_winner_lowball_plays_at_the_killed_limits_at_the_table(tmp_path, monkeypatch):
    c = await _table(tmp_path, monkeypatch, "draw/lowball-winner-oaks")
    wagers = (Wager(5, 2000, "winner blind"),)
    deal = [Shuffle(), RoundStart((1, 2, 3, 4, 5), None, 5, wagers)]
    deal += [
        CardRead(x)
        for x in parse_cards("Ah 2h 3h 4h 5h Ad 2d 3d 4d 5d 6c 7c 8c 9c Tc Jk 2s 3s 4s 5s 6h 7h 8h 9h Th")
    ]
    for e in deal:
        await c.apply_event(e)
    await c.apply_event(Decision(4, Action.RAISE, amount=4000))  # the winner's $20 blind: the bets are $40
    assert not _bets(c)
    await c.apply_event(Decision(1, Action.RAISE, amount=6000))  # a $20 raise at the unkilled limit
    bad = _bets(c)
    assert len(bad) == 1 and bad[0].seat == 1 and "the raise makes 8000, not 6000" in bad[0].message
    c.close()
