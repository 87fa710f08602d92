"""A variant's banking, as one block of its data file: rotation, action seat, settlement order, limits, fees.

A game's YAML (``config/games/<family>/<variant>.yaml``) may carry::

    banking:
      cite: "003 §14 (Action button), §14 rules 7-8"
      rotation: {max_consecutive: 2}
      action: {source: card, count_from: dealer_left, count_player_dealer: false,
               card_values: {J: 0, Q: 0, K: 0}}
      settlement: {direction: clockwise, wager_order: [Ante, Play, Bonus]}
      covered: {direction: counterclockwise, wager_order: [Ante, Play, Bonus], mode: collect_then_pay}
      limits: {minimum: 5, maximum: 600, backline: false}
      fees: {game: three-card-poker}

``covered`` is the order a filing gives for when the bank covers every wager (003 §14: from the player right
of the house dealer, counter-clockwise, losers first); when everything is covered the money is the same in
any order, so it only changes the order the lines are shown in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.banking.action import ActionRule, SettlementOrder, Table, order_wagers
from rules.banking.errors import DataError
from rules.banking.money import pay
from rules.banking.rotation import RotationRules
from rules.banking.settlement import (
    Collection,
    Outcome,
    RoundResults,
    Settlement,
    WagerResult,
    settle_results,
)
from rules.banking.wagers import TableLimits


@dataclass(frozen=True)
class VariantBanking:
    """Everything a family engine needs to bank one variant the way its filing says."""

    action: ActionRule
    order: SettlementOrder
    rotation: RotationRules = RotationRules()
    covered: SettlementOrder | None = None
    limits: TableLimits | None = None
    fees_game: str | None = None
    cite: str = ""

    @classmethod
    def from_data(cls, data: object, where: str = "banking") -> VariantBanking:
        """From the ``banking:`` block of a variant file (see the module docstring)."""
        if not isinstance(data, Mapping):
            raise DataError(where, "expected a mapping")
        allowed = {"cite", "rotation", "action", "settlement", "covered", "limits", "fees"}
        for k in data:
            if k not in allowed:
                raise DataError(f"{where}.{k}", "unknown key")
        if "action" not in data:
            raise DataError(f"{where}.action", "is required")
        fees = data.get("fees")
        fees_game = None
        if fees is not None:
            if not isinstance(fees, Mapping) or not isinstance(fees.get("game"), str) or set(fees) - {"game"}:
                raise DataError(f"{where}.fees", "expected {game: <game in config/fees/<room>.yaml>}")
            fees_game = fees["game"]
        return cls(
            action=ActionRule.from_data(data["action"], f"{where}.action"),
            order=SettlementOrder.from_data(data.get("settlement", {}), f"{where}.settlement"),
            rotation=RotationRules.from_data(data.get("rotation", {}), f"{where}.rotation"),
            covered=(
                SettlementOrder.from_data(data["covered"], f"{where}.covered") if "covered" in data else None
            ),
            limits=TableLimits.from_data(data["limits"], f"{where}.limits") if "limits" in data else None,
            fees_game=fees_game,
            cite=str(data.get("cite", "")),
        )

    def ordered(self, bank: int, results: Sequence[WagerResult], table: Table, action: int) -> RoundResults:
        """``results`` in the variant's order from ``action`` (in the ``covered`` order, from its own first
        seat, when the bank covers all), ready for :func:`rules.banking.settle_results`."""
        order = self.order
        if self.covered is not None and covers_all(bank, results):
            order = self.covered
            start = table.seats[-1] if order.direction.value == "counterclockwise" else table.seats[0]
            action = start if start != table.player_dealer else table.ring(start, order.direction)[1]
        by_id = {id(r.wager): r for r in results}
        ordered = order_wagers(order, table, action, [r.wager for r in results])
        return RoundResults(tuple(by_id[id(w)] for w in ordered), order.mode, action)

    def settle(
        self,
        bank: int,
        results: Sequence[WagerResult],
        table: Table,
        action: int,
        collection: Collection | None = None,
    ) -> Settlement:
        """Settle in the variant's order from ``action``; in the ``covered`` order when the bank covers all."""
        return settle_results(bank, self.ordered(bank, results, table, action), collection)


def covers_all(bank: int, results: Sequence[WagerResult]) -> bool:
    """Whether ``bank`` pays every winner and absorbs every loser in full, in any order."""
    owed = sum(pay(r.wager.amount, r.pays) for r in results if r.outcome is Outcome.WIN)
    won = sum(
        (r.wager.amount * r.lost.numerator) // r.lost.denominator
        for r in results
        if r.outcome is Outcome.LOSE
    )
    return owed <= bank and won <= bank
