"""One settlement: what ``replay`` reports (the family's round report, ``outcome.settlement``) and what the
live table shows and journals (``terminal.settlement.settle_table``) are the same settlement, for every family
the table's bank settles; chips are conserved.

The rounds are every filed scenario that reaches a decided round, each folded again with the player-dealer's
bank drawn by hypothesis (from nothing to more than the table), so covered, exhausted and capped banks are
all met.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.families import family, names
from rules.round import fold
from rules.round.events import RoundStart
from rules.round.report import RoundReport
from terminal.scenario import load_scenario
from terminal.settlement import settle_table

SCENARIOS = sorted((Path(__file__).resolve().parents[1] / "scenarios").glob("*.yaml"))
SEATS = 9
#: Every family whose rounds the table's player-dealer bank settles.
BANKED = sorted(n for n in names() if family(n).settled_at_table)


@cache
def decided_rounds() -> dict[str, list[tuple[str, object, list]]]:
    """By family, the scenarios whose last round is decided with a player-dealer: (name, rules, events)."""
    out: dict[str, list[tuple[str, object, list]]] = {}
    for path in SCENARIOS:
        sc = load_scenario(path)
        if not family(sc.game.family).settled_at_table:
            continue
        state = fold(sc.rules, sc.events)
        if (
            state.start is None
            or state.start.player_dealer is None
            or settle_table(state, None, SEATS) is None
        ):
            continue
        out.setdefault(sc.game.family, []).append((path.stem, sc.rules, list(sc.events)))
    return out


def _report_bank(report: RoundReport) -> tuple[int, Mapping[int, Any] | None] | None:
    """The bank after and each seat's money in a family's round report (the families that settle the bank
    apart report it under ``bank``; Pai Gow and Pan 9 at the top), or None where it reports none."""
    bank = getattr(report, "bank", None)
    if bank is not None and not isinstance(bank, int):
        return bank.bank_after, bank.by_seat
    after = getattr(report, "bank_after", None)
    return (after, None) if after is not None else None


def test_every_family_the_table_banks_has_decided_rounds_to_compare():
    assert {"baccarat", "threecard", "paigow", "blackjack"} <= set(BANKED)
    assert set(BANKED) <= set(decided_rounds()), (BANKED, sorted(decided_rounds()))


@pytest.mark.parametrize("fam", BANKED)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_replay_and_the_table_show_one_settlement_and_chips_are_conserved(fam, data):
    name, rules, events = data.draw(st.sampled_from(decided_rounds()[fam]))
    bank = data.draw(st.integers(0, 2_000_000))
    last = max(i for i, e in enumerate(events) if isinstance(e, RoundStart))
    events = [*events[:last], replace(events[last], bank=bank), *events[last + 1 :]]
    state = fold(rules, events)
    table = settle_table(state, None, SEATS)
    assert table is not None, name
    if table.settlement is None:
        assert table.problem, name  # held: said why, and no money moved
        return
    s = table.settlement
    assert s.bank_before == bank
    assert table.chips_before() == table.chips_after(), name  # the bank and the stakes, before and after
    report = state.outcome.settlement
    assert report is not None
    mine = _report_bank(report)
    if mine is None:  # punto banco's report decides the wagers; only the table banks them
        results = {(r.seat, r.spot): r.result for r in report.wagers}
        for ln in s.lines:
            want = results[(ln.wager.seat, ln.wager.name)]
            assert ln.result.outcome.value == ("void" if want not in ("win", "lose", "push") else want), name
        return
    bank_after, by_seat = mine
    assert bank_after == s.bank_after, name
    if by_seat is not None:
        for seat, t in s.by_seat().items():
            got = by_seat[seat]
            assert (got.paid, got.collected, got.returned) == (t.paid, t.collected, t.returned), name
