"""California player-dealer banking: rotation, action order, bank coverage, wager rules, settlement.

Public API (see docs/banking.md):

- wagers: :class:`Wager`, :class:`Stake`, :class:`WagerKind`, :class:`TableLimits`, :func:`check_wagers`,
  :class:`Verdict`, :class:`BettingBoard` (BETS_AFTER_CLOSE);
- action: :class:`Table`, :class:`ActionRule`, :func:`action_seat`, :class:`SettlementOrder`,
  :func:`order_wagers`, :func:`plays_the_hand`;
- settlement: :class:`WagerResult`, :class:`Outcome`, :func:`settle`, :func:`settle_round`,
  :class:`Settlement`, :class:`SettledWager`;
- rotation: :class:`Rotation`, :class:`RotationRules`, :func:`offer_order`, :class:`BankRotationDue`;
- variant: :class:`VariantBanking` (the ``banking:`` block of a variant file), :func:`covers_all`;
- money: :func:`money`, :func:`dollars`, :func:`pay`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.banking.action import (
    ActionRule,
    CountFrom,
    Direction,
    Grouping,
    SettlementOrder,
    SettleMode,
    SquareBettor,
    Table,
    action_seat,
    order_wagers,
    plays_the_hand,
    seat_order,
)
from rules.banking.errors import BankingError, DataError, MoneyError, RotationError, WagerError
from rules.banking.money import dollars, money, pay
from rules.banking.rotation import (
    BANK_ROTATION_DUE,
    Banker,
    BankRotationDue,
    Candidate,
    Phase,
    Rotation,
    RotationRules,
    offer_order,
)
from rules.banking.settlement import (
    Collection,
    Coverage,
    Outcome,
    RoundResults,
    SeatTotal,
    SettledWager,
    Settlement,
    WagerResult,
    settle,
    settle_results,
)
from rules.banking.variant import VariantBanking, covers_all
from rules.banking.wagers import (
    BetsAfterClose,
    BettingBoard,
    Checked,
    SpotLimit,
    Stake,
    TableLimits,
    Verdict,
    Wager,
    WagerKind,
    check_wagers,
)


def settle_round(
    bank: int,
    results: Sequence[WagerResult],
    order: SettlementOrder,
    table: Table,
    action: int,
    collection: Collection | None = None,
) -> Settlement:
    """Order ``results`` the variant's way from the ``action`` seat, then :func:`settle` them."""
    by_wager = {id(r.wager): r for r in results}
    if len(by_wager) != len(results):
        raise BankingError("the same wager appears twice in the results")
    ordered = order_wagers(order, table, action, [r.wager for r in results])
    return settle(bank, [by_wager[id(w)] for w in ordered], order.mode, collection)


__all__ = [
    "BANK_ROTATION_DUE",
    "ActionRule",
    "BankRotationDue",
    "Banker",
    "BankingError",
    "BetsAfterClose",
    "BettingBoard",
    "Candidate",
    "Checked",
    "CountFrom",
    "Collection",
    "Coverage",
    "DataError",
    "Direction",
    "Grouping",
    "MoneyError",
    "Outcome",
    "Phase",
    "Rotation",
    "RoundResults",
    "RotationError",
    "RotationRules",
    "SeatTotal",
    "SettleMode",
    "SettledWager",
    "Settlement",
    "SettlementOrder",
    "SpotLimit",
    "SquareBettor",
    "Stake",
    "Table",
    "TableLimits",
    "VariantBanking",
    "Verdict",
    "Wager",
    "WagerError",
    "WagerKind",
    "WagerResult",
    "action_seat",
    "check_wagers",
    "covers_all",
    "dollars",
    "money",
    "offer_order",
    "order_wagers",
    "pay",
    "plays_the_hand",
    "seat_order",
    "settle",
    "settle_results",
    "settle_round",
]
