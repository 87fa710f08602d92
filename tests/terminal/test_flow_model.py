"""The table-flow model on emulated devices (issue 16 item 8; the model is ``tests/terminal/flow_model.py``):
every demo table and one configured game per family, each driven by Hypothesis through a bounded random
run of dealer keys, wagers, injected device faults, misdeals and PIN attempts, with the invariants checked
after every step. Bounded so ``make test`` stays quick (one run of a few steps per table, derandomized);
``benchmarks/flow_model.py`` runs the same model longer."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

from tests.terminal.flow_model import DEMO, EmulatedTable, configured_games, table_config

CASES = [(t, None) for t in DEMO] + list(configured_games())
STEPS = int(os.environ.get("FLOW_MODEL_STEPS", "8"))
EXAMPLES = int(os.environ.get("FLOW_MODEL_EXAMPLES", "2"))


@pytest.mark.parametrize(("table", "game"), CASES, ids=[f"{t}-{g}" if g else t for t, g in CASES])
def test_the_flow_on_emulated_devices(table: str, game: str | None) -> None:
    machine = type("Table", (EmulatedTable,), {"CASES": ((table, game),), "reached": set()})
    run_state_machine_as_test(
        machine,
        settings=settings(
            max_examples=EXAMPLES,
            stateful_step_count=STEPS,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
        ),
    )
    if game is not None:
        return  # a configured game may stop for good reason (a deck its shuffler does not hold)
    # the simplest run (a dealer following the prompt) deals a demo table's rounds through its states
    cfg = table_config(table, None, Path("."))
    kinds = {d.kind for d in cfg.devices.values()}
    # (states a device passes through quickly, shuffling and the dice, are seen only if a pause falls
    # in them: the dice are required only where the cup must be armed for the round, not shuffling)
    want = {"betting"} | ({"shuffle"} if "shuffler" in kinds else set())
    # (a draw game's draws are keyed on the bet picker, Pan's stock draws and melds on the Pan picker, which the
    # model does not key: no settlement)
    want |= {"settlement"} if table not in ("lowball-winner", "quickdraw", "panguingue") else {"decisions"}
    want |= {"dice"} if "dice_cup" in kinds else set()
    want |= {"setting"} if table == "paigow" else set()
    want |= {"decisions"} if table == "threecard" else set()
    assert want <= machine.reached, (want - machine.reached, machine.reached)
