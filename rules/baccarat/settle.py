"""Per-wager settlement of a finished coup, for the banking engine to apply in the filed order.

A wager's pay table is an ordered list of rules; the first whose condition holds (and whose setting,
if any, is on) decides; if none does, the wager's ``otherwise`` applies. Nothing here moves money: the
banking engine pays and collects in the settlement order until the player-dealer's bank is exhausted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from rules.baccarat.coup import Coup, CoupResult
from rules.baccarat.model import BaccaratDataError, Cite, Condition, Result, Variant, WagerRule


@dataclass(frozen=True, slots=True)
class Settlement:
    """How one wager settles.

    ``result`` is ``win``, ``push``, ``lose`` or ``no-action`` (the wager stays up, e.g. a Flex bet on
    a Banker 4). ``pays`` is the net win per unit: ``8`` for 8 to 1, ``1/2`` for half pay, ``0`` for a
    push or no action, ``-1`` for a loss. ``commission`` is the fraction of a win kept back (zero in
    every filed California variant: the house takes flat fees, never a percentage). ``rule`` names the
    pay-table line that applied and ``cite`` where it comes from.
    """

    wager: str
    result: Result
    pays: Fraction
    rule: str
    cite: Cite
    commission: Fraction = Fraction(0)

    def net_cents(self, stake_cents: int) -> int:
        """The bettor's net result in cents for a stake (a win after commission; a loss is the stake).

        Half pay on an odd number of cents rounds down to the cent (no filing says; wagers are whole
        dollars at every filed table limit, so it never comes up at a live table).
        """
        if not isinstance(stake_cents, int) or isinstance(stake_cents, bool) or stake_cents < 0:
            raise BaccaratDataError("stake", f"a stake is a whole number of cents, not {stake_cents!r}")
        if self.result == "lose":
            return -stake_cents
        if self.result != "win":
            return 0
        won = Fraction(stake_cents) * self.pays * (1 - self.commission)
        return int(won)  # floor: never pay a fraction of a cent


def settle(variant: Variant, wager: str, coup: Coup | CoupResult) -> Settlement:
    """Settle ``wager`` (its key, e.g. ``"banker"``, ``"dragon-7"``) on a finished coup."""
    w = variant.wager(wager)
    result = coup.result if isinstance(coup, Coup) else coup
    return settle_rule(w, result, variant.specials, variant.settings)


def settle_rule(
    w: WagerRule, result: CoupResult, specials: Mapping[str, Condition], settings: Mapping[str, bool]
) -> Settlement:
    """Settle one wager rule on a coup result (the engine of :func:`settle`, also used by analysis)."""
    for rule in w.rules:
        if rule.setting is not None and not settings.get(rule.setting, False):
            continue
        if rule.when.holds(result, specials):
            return Settlement(w.key, rule.result, rule.pays, rule.name, rule.cite or w.cite, w.commission)
    pays = Fraction(-1) if w.otherwise == "lose" else Fraction(0)
    name = {"lose": "loses", "push": "pushes", "no-action": "no action"}[w.otherwise]
    return Settlement(w.key, w.otherwise, pays, name, w.cite, w.commission)


def wager_problems(variant: Variant, wagers: Mapping[str, int]) -> list[str]:
    """Wagers that break the filing's rules on who may bet what (e.g. a Dragon 7 without a line bet).

    ``wagers`` maps wager keys to amounts in cents; the result is one sentence per problem.
    """
    problems: list[str] = []
    for key, amount in wagers.items():
        w = variant.wager(key)
        if amount <= 0:
            continue
        if w.requires and not any(wagers.get(r, 0) > 0 for r in w.requires):
            names = " or ".join(variant.wager(r).name for r in w.requires)
            problems.append(f"{w.name} needs a wager on the {names} ({w.cite})")
    return problems
