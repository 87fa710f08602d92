"""The banked families' round-report pieces in their journal JSON form: each decided wager's line and the
bank's settlement of the round (``rules.round.report`` reads them back typed)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any, Protocol

from rules.banking.backline import is_backline
from rules.banking.errors import BankingError
from rules.banking.settlement import RoundResults, Settlement, settle_results
from rules.errors import RulesError


class DecidedWager(Protocol):
    """A family's result of one wager: its spot, ``win``/``lose``/``push``, what a win pays to one, and
    the rule with its citation."""

    @property
    def spot(self) -> str: ...
    @property
    def result(self) -> str: ...
    @property
    def pays(self) -> Fraction: ...
    @property
    def rule(self) -> str: ...
    @property
    def cite(self) -> str: ...


def wager_lines(rows: Iterable[tuple[int, int, DecidedWager]]) -> list[dict[str, Any]]:
    """Each ``(seat, cents, result)`` as the report's wager line, its net in whole cents."""
    return [
        {
            "seat": seat,
            "spot": r.spot,
            "cents": cents,
            "result": r.result,
            "pays": str(r.pays),
            "net_cents": int(cents * r.pays) if r.result == "win" else (-cents if r.result == "lose" else 0),
            "rule": r.rule,
            "cite": r.cite,
        }
        for seat, cents, r in rows
    ]


def by_seat(settled: Settlement) -> dict[str, dict[str, int]]:
    """What the bank paid, collected and returned at each seat, by seat number."""
    return {
        str(k): {"paid": t.paid, "collected": t.collected, "returned": t.returned}
        for k, t in sorted(settled.by_seat().items())
    }


def bank_part(bank: int, rr: RoundResults) -> dict[str, Any]:
    """The round settled against the player-dealer's ``bank`` in ``rr``'s order, or why it cannot be; where a
    backline bettor was settled (:mod:`rules.banking.backline`), what each bettor takes back (``receipts``)."""
    try:
        done = settle_results(bank, rr)
    except (BankingError, RulesError) as exc:
        return {"problem": str(exc)}
    out: dict[str, Any] = {
        "action_seat": rr.action_seat,
        "bank_before": done.bank_before,
        "bank_after": done.bank_after,
        "by_seat": by_seat(done),
        "lines": done.describe(),
    }
    if any(is_backline(r.wager.player) for r in rr.results):
        # what each bettor takes back: a backline bettor apart from the seat's player
        out["receipts"] = dict(sorted(done.receipts().items()))
    return out
