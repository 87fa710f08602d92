"""Collection fees: every filed schedule as data, evaluated per round, per wager, per spot, per pot or per time.

Public API: :class:`Schedule`, :class:`RoomFees` (``from_data``), :func:`assess`, :func:`time_collection`,
:func:`posted_rates`, :class:`FeePosting`, :class:`Collection`, :class:`FeeLine`, :class:`FeeScheduleError`.
"""

from rules.fees.assess import Collection, FeeLine, assess, posted_rates, table_action, time_collection
from rules.fees.posting import FeePosting
from rules.fees.schedule import (
    Charge,
    FeeScheduleError,
    Lookup,
    Missing,
    Payer,
    Per,
    RoomFees,
    Row,
    Schedule,
    Source,
    Taken,
)

__all__ = [
    "Charge",
    "Collection",
    "FeeLine",
    "FeePosting",
    "FeeScheduleError",
    "Lookup",
    "Missing",
    "Payer",
    "Per",
    "RoomFees",
    "Row",
    "Schedule",
    "Source",
    "Taken",
    "assess",
    "posted_rates",
    "table_action",
    "time_collection",
]
