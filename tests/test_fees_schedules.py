"""Every filed collection schedule under config/fees/: it loads, every row boundary lands in its row, and the
filings' own rules hold (flat amounts, at most the filing's number of rates, sources cited)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rules.banking import Wager, WagerKind
from rules.fees import Lookup, Payer, Per, RoomFees, Schedule, assess, posted_rates, time_collection

FEES = Path(__file__).resolve().parent.parent / "config" / "fees"
# The C build of the safe loader when present: the same safe subset of YAML, parsed faster.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
ROOM_FILES = sorted(FEES.glob("*.yaml"))
ROOMS = {
    p.stem: RoomFees.from_data(yaml.load(p.read_text(encoding="utf-8"), Loader=_LOADER), p.stem)
    for p in ROOM_FILES
}
SCHEDULES = [s for room in ROOMS.values() for s in room.schedules.values()]


def _id(s: Schedule) -> str:
    return f"{s.room}:{s.game}:{s.option}"


def test_every_room_the_brief_names_is_filed() -> None:
    assert {"the101", "capitol", "tres-lounge", "marysville", "oaks"} <= set(ROOMS)
    for stem, room in ROOMS.items():
        assert room.room == stem, "the file name is the room slug"


@pytest.mark.parametrize("schedule", SCHEDULES, ids=_id)
def test_schedule_is_cited_and_flat(schedule: Schedule) -> None:
    assert schedule.source.seed.endswith(".txt")
    assert schedule.source.lines.startswith("L")
    for charge in schedule.charges:
        assert charge.rates() <= schedule.max_rates
        for row in charge.rows:
            assert isinstance(row.fee, int) and row.fee >= 0
    assert posted_rates(schedule), "a schedule can be posted"


def _wager_for(charge_wagers: frozenset[str] | None, amount: int, seat: int = 1) -> Wager:
    name = "Base" if charge_wagers is None or "base" in charge_wagers else sorted(charge_wagers)[0]
    kind = WagerKind.BASE if charge_wagers is None or "base" in charge_wagers else WagerKind.BONUS
    return Wager.single(seat, name, f"p{seat}", amount, kind)


@pytest.mark.parametrize("schedule", SCHEDULES, ids=_id)
def test_every_row_boundary_lands_in_its_row(schedule: Schedule) -> None:
    """At each row's low and printed high (and one cent/one player either side), the charge takes that row."""
    for ci, charge in enumerate(schedule.charges):
        for ri, row in enumerate(charge.rows):
            points = [row.low]
            if row.high is not None:
                points.append(row.high)
            for value in points:
                got, below = charge.row_for(value)
                assert got == row and not below, (ci, ri, value)
            if ri + 1 < len(charge.rows):
                nxt = charge.rows[ri + 1]
                assert charge.row_for(nxt.low - 1)[0] == row
                assert charge.row_for(nxt.low)[0] == nxt
            # Through the whole pipeline: the assessed fee equals the row's fee.
            if charge.per is Per.PERIOD:
                n = row.low if charge.lookup is Lookup.PLAYERS else 1
                coll = time_collection(schedule, [f"p{i}" for i in range(max(n, 1))])
                mine = [line for line in coll.lines if line.amount == row.fee]
                assert mine, (ci, ri)
                continue
            if charge.payer is Payer.POT:
                n = row.low
                coll = assess(schedule, [], players=n)
                assert coll.lines[ci].amount == row.fee
                continue
            value = max(row.low, 1)
            if charge.lookup is Lookup.BANK:
                coll = assess(schedule, [_wager_for(None, 500)], bank=value)
                fees = [line.amount for line in coll.lines if line.payer is charge.payer]
                assert row.fee in fees, (ci, ri, fees)
            elif charge.lookup is Lookup.TABLE_ACTION and charge.per is Per.ROUND:
                coll = assess(schedule, [_wager_for(charge.wagers, value)], bank=value)
                fees = [line.amount for line in coll.lines if line.payer is charge.payer]
                assert row.fee in fees, (ci, ri, fees)
            elif charge.lookup is Lookup.WAGER:
                w = _wager_for(charge.wagers, value)
                coll = assess(schedule, [w], bank=value)
                fees = [line.amount for line in coll.lines if line.payer is charge.payer]
                assert row.fee in fees, (ci, ri, fees)


@pytest.mark.parametrize(
    "schedule", [s for s in SCHEDULES if any(c.no_flop is not None for c in s.charges)], ids=_id
)
def test_a_hand_that_ends_before_the_flop_never_pays_more(schedule: Schedule) -> None:
    for ci, charge in enumerate(schedule.charges):
        if charge.no_flop is None:
            continue
        for n in range(0, 11):
            no_flop = assess(schedule, [], players=n, flop_seen=False).lines[ci].amount
            flop = assess(schedule, [], players=n, flop_seen=True).lines[ci].amount
            assert no_flop <= flop
            if not charge.no_flop:
                assert no_flop == 0, "this filing takes nothing when there is no flop"


def test_missing_options_are_refused_with_the_reason() -> None:
    from rules.fees import FeeScheduleError

    for room in ROOMS.values():
        for gap in room.missing:
            with pytest.raises(FeeScheduleError, match="not usable"):
                room.schedule(gap.game, gap.option)
