"""A betting round entered by the dealer: who acts next, what is legal, and when the round is complete.

The filed structures (variant ``betting:``):

* limit: bets and raises of the round's fixed size — the small bet on the first two rounds, the big bet
  after (seed 000 L2-3, L113-131; seed 001 G03: stud's big bet from the fifth card); a bet and three raises,
  unlimited raises heads-up (seed 000 L5, 004 S13 betting rule 5); Tres Lounge files four raises in
  Hold'em and Omaha (seed 002 §10-14) and three in Pineapple; completing a forced bet is not a raise
  (seed 000 L8);
* no limit: a raise at least the size of the last bet or raise (seed 002 L1010);
* spread limit: any amount from the minimum to the maximum; a raise at least the last bet (seed 000 L148,
  003 L205-236);
* pot limit: no raise larger than the pot (seed 001 G13).

Blinds are live: the big blind has the option to raise when the action comes back unraised (seed 004 S13
betting rule 7). Only a full bet counts as a bet or raise; a short all-in does not reopen or count toward
the cap (seed 004 S13 betting rule 1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from rules.errors import RulesError
from rules.poker.variant import Betting, Structure
from rules.round.events import Action


class BettingError(RulesError, ValueError):
    """An action the round does not allow: out of turn, a check facing a bet, a raise over the cap, a
    wrong amount. The message says what is allowed."""


class TurnError(BettingError):
    """An action out of turn, or after the round is complete (the dealer may enter a seat's action loosely,
    to record that it acted: the family's live check leaves these to the engine's own notes)."""


@dataclass(frozen=True, slots=True)
class BettingRound:
    """One betting round's state; :meth:`act` returns the next state. Amounts in cents.

    ``order``: the seats in the hand in acting order (the first to act first); ``committed``: what each
    put in this round (blinds, a bring-in); ``unit``: the round's bet (limit), or the minimum bet.
    """

    order: tuple[int, ...]
    rules: Betting
    unit: int
    committed: Mapping[int, int] = field(default_factory=dict)
    current: int = 0
    last_raise: int = 0
    raises: int = 0
    folded: frozenset[int] = frozenset()
    all_in: frozenset[int] = frozenset()
    acted: frozenset[int] = frozenset()
    turn: int = 0
    pot: int = 0

    @classmethod
    def start(
        cls,
        order: Sequence[int],
        rules: Betting,
        betting_round: int = 1,
        posted: Mapping[int, int] | None = None,
        pot: int = 0,
    ) -> BettingRound:
        """A round: seats in acting order, the variant's betting rules, the round number (1-based), the
        blinds or bring-in already posted this round, and the pot before the round (pot limit)."""
        if len(order) < 2 or len(set(order)) != len(order):
            raise BettingError(f"a betting round needs two or more different seats, not {list(order)}")
        posted = dict(posted or {})
        unit = rules.bet_size(betting_round) if rules.structure is Structure.LIMIT else rules.min_bet
        current = max(posted.values(), default=0)
        # A posted full bet (the big blind) is the round's bet; a bring-in smaller than it is not.
        return cls(
            tuple(order),
            rules,
            unit,
            posted,
            current,
            last_raise=unit,
            raises=0,
            pot=pot + sum(posted.values()),
        )

    # --- what the table shows ------------------------------------------------------------------

    @property
    def live(self) -> tuple[int, ...]:
        """Seats still in the hand (not folded), in acting order."""
        return tuple(s for s in self.order if s not in self.folded)

    def owes(self, seat: int) -> int:
        """What ``seat`` must add to call."""
        return max(0, self.current - self.committed.get(seat, 0))

    def _needs_to_act(self, seat: int) -> bool:
        return (
            seat not in self.folded
            and seat not in self.all_in
            and (seat not in self.acted or self.owes(seat) > 0)
        )

    @property
    def complete(self) -> bool:
        """Whether the round is over: one player left, or everyone still able to act has acted and called."""
        if len(self.live) <= 1:
            return True
        return not any(self._needs_to_act(s) for s in self.order)

    @property
    def next_to_act(self) -> int | None:
        """The seat whose turn it is, or None when the round is complete."""
        if self.complete:
            return None
        n = len(self.order)
        for k in range(n):
            s = self.order[(self.turn + k) % n]
            if self._needs_to_act(s):
                return s
        return None  # pragma: no cover - complete covers it

    @property
    def cap_reached(self) -> bool:
        """Whether no more raises are allowed (unlimited heads-up where filed)."""
        cap = self.rules.max_raises
        if cap is None or self.rules.structure is Structure.NO_LIMIT:
            return False
        if self.rules.unlimited_heads_up and len(self.live) == 2:
            return False
        return self.raises >= cap

    # --- actions -------------------------------------------------------------------------------

    def act(self, seat: int, action: Action, amount: int | None = None, all_in: bool = False) -> BettingRound:
        """The state after ``seat`` acts. ``amount`` is the total the seat has in this round after a bet
        or raise (implied in limit games); ``all_in`` for a call or bet of everything the seat has."""
        who = self.next_to_act
        if who is None:
            raise TurnError("the betting round is complete")
        if seat != who:
            raise TurnError(f"seat {seat} acted out of turn: seat {who} is to act")
        nxt = self.order.index(seat) + 1
        owes = self.owes(seat)
        had = self.committed.get(seat, 0)
        acted = self.acted | {seat}
        if action is Action.FOLD:
            return replace(self, folded=self.folded | {seat}, acted=acted, turn=nxt)
        if action is Action.CHECK:
            if owes:
                raise BettingError(f"seat {seat} cannot check: {owes} cents to call")
            return replace(self, acted=acted, turn=nxt)
        if action is Action.CALL:
            put = owes if amount is None or not all_in else min(owes, max(0, amount - had))
            com = {**self.committed, seat: had + put}
            ai = self.all_in | {seat} if all_in else self.all_in
            return replace(self, committed=com, acted=acted, all_in=ai, turn=nxt, pot=self.pot + put)
        if action in (Action.BET, Action.RAISE):
            return self._raise(seat, action, amount, all_in, had, acted, nxt)
        raise BettingError(f"{action.value} is not a betting action (fold, check, call, bet, raise)")

    def _raise(
        self,
        seat: int,
        action: Action,
        amount: int | None,
        all_in: bool,
        had: int,
        acted: frozenset[int],
        nxt: int,
    ) -> BettingRound:
        r = self.rules
        completing = self.current < self.unit  # no full bet yet (nothing, or only a bring-in)
        if action is Action.BET and self.current >= self.unit and not completing:
            raise BettingError(f"seat {seat} cannot bet: there is a bet of {self.current}; raise or call")
        if not completing and self.cap_reached:
            raise BettingError(
                f"seat {seat} cannot raise: the cap of one bet and {r.max_raises} raises is reached"
            )
        if r.structure is Structure.LIMIT:
            full = self.unit if completing else self.current + self.unit
            total = full if amount is None else amount
            if total != full and not (all_in and total < full):
                raise BettingError(
                    f"in this limit the {'bet' if completing else 'raise'} makes {full}, not {total}"
                )
        else:
            if amount is None:
                raise BettingError("say how much: the total this seat puts in on this round")
            total = amount
            least = max(self.unit, self.current + (self.last_raise if not completing else 0))
            if completing:
                least = self.unit
            if total < least and not all_in:
                raise BettingError(
                    f"a {'bet' if completing else 'raise'} makes at least {least}, not {total}"
                )
            if r.structure is Structure.SPREAD_LIMIT and r.max_bet and total - self.current > r.max_bet:
                raise BettingError(f"a bet or raise is at most {r.max_bet}")
            if r.structure is Structure.POT_LIMIT:
                most = self.current + self.pot + (self.current - had)
                if total > most:
                    raise BettingError(f"pot limit: a raise makes at most {most}")
        if total <= self.current:
            raise BettingError(f"a {action.value} must put in more than the {self.current} to call")
        increment = total - self.current
        full_raise = completing or increment >= (
            self.unit if r.structure is Structure.LIMIT else self.last_raise
        )
        com = {**self.committed, seat: total}
        ai = self.all_in | {seat} if all_in else self.all_in
        if not full_raise:
            # A short all-in: the others must call the difference but it is not a raise (S13 betting 1).
            return replace(
                self,
                committed=com,
                current=total,
                all_in=ai,
                acted=acted,
                turn=nxt,
                pot=self.pot + total - had,
            )
        return replace(
            self,
            committed=com,
            current=total,
            last_raise=max(increment, self.unit),
            raises=self.raises if completing else self.raises + 1,
            all_in=ai,
            acted=frozenset({seat}),
            turn=nxt,
            pot=self.pot + total - had,
        )
