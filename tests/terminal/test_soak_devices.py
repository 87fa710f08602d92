"""The bounded soak through the emulated devices (``benchmarks/soak.py --through devices``): the real
controller of the Pai Gow example table, its emulated shuffler and dice cup over ptys under the device
supervisor, deals a handful of rounds with device faults injected through the emulator-control port at a
much higher rate than the long run's (5% of the dealer's steps), and restarts twice — mid-round too. Every
restart lands where the table was and the live table is the journal folded from its first entry (the soak
stops otherwise), the cards and dice of the rounds came off the devices, and the journal verifies. No clock
is waited on for a verdict: the devices' watchdog and the controller's timer are manual clocks
(``soak_devices.DevicesTable``); the dealer acts once the table needs the dealer (``soak_devices.ready``)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))

import soak  # noqa: E402
import soak_devices  # noqa: E402


def test_bounded_soak_through_the_emulated_devices(tmp_path):
    s = soak.Soak(tmp_path, random.Random(5), 50_000, "full", "devices", measure=False)
    s.device_tables = ("paigow",)
    s.faults_per_round = s.misdeals_per_round = s.pauses_per_round = 0.0
    s.fault_rate, s.pause_rate = 0.05, 0.02
    dealt = soak_devices.deal_devices(s, days=1, rounds_per_day=4, restarts=2, quiet=True)
    assert dealt["rounds"] >= 4 and dealt["restarts_checked"] >= 2
    assert dealt["settled"] >= 1
    # the cards came off the shuffler and the dice out of the cup, through the drivers
    assert dealt["read_from"].get("shuffler", 0) >= 7 * 3 and dealt["read_from"].get("dice", 0) >= 1
    assert sum(n for k, n in dealt["injected"].items() if k.startswith(("shuffler", "dice"))) >= 1
    assert dealt["replayed_entries"] > 0
    assert [m["day"] for m in dealt["memory"]] == [0, 1]  # the table process measured at each day's end
    assert not dealt["stuck"], dealt["stuck"]  # every round moved without a misdeal to unstick it
    report = soak.verify_all(tmp_path)
    assert report["ok"], report["problems"]
