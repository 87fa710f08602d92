"""The table's posted schedule: exactly one at a time, chosen and posted before play, never changed mid-round.

Every filing says it: "Only one collection schedule option ... shall be used at a table at any one time",
rates "are determined before the start of any hand or round", and "must be conspicuously posted". The
posting is an immutable value; each step returns a new one, so the table's state stays a fold over events.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.fees.schedule import FeeScheduleError, Schedule


@dataclass(frozen=True)
class FeePosting:
    """The schedule posted at one table, and whether a round is in progress."""

    schedule: Schedule | None = None
    round_in_progress: bool = False

    def post(self, schedule: Schedule) -> FeePosting:
        """Post ``schedule`` (replacing the one before). Refused while a round is in progress."""
        if self.round_in_progress:
            raise FeeScheduleError(
                "posting", "the collection schedule cannot change while a round is in progress"
            )
        return FeePosting(schedule, False)

    def begin_round(self) -> FeePosting:
        """A round starts: a schedule must already be posted ("posted before play")."""
        if self.schedule is None:
            raise FeeScheduleError("posting", "no collection schedule is posted; post one before play")
        if self.round_in_progress:
            raise FeeScheduleError("posting", "a round is already in progress")
        return FeePosting(self.schedule, True)

    def end_round(self) -> FeePosting:
        """The round is settled; the schedule may be changed before the next."""
        return FeePosting(self.schedule, False)

    @property
    def active(self) -> Schedule:
        """The posted schedule; a FeeScheduleError if none is."""
        if self.schedule is None:
            raise FeeScheduleError("posting", "no collection schedule is posted")
        return self.schedule
