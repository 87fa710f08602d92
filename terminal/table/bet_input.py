"""A betting decision keyed at the console (the bet picker, ``b``) as the round's ``decision`` event.

The console sends ``ConsoleInput("bet", data={"seat", "action", "amount"})``; :func:`bet_decision` turns it
into :class:`rules.round.events.Decision` or says what is wrong with it. ``data={"correct": True}`` takes the
last betting decision back (a journaled :class:`~rules.round.events.Correction`): once the floor has cleared a
BET_AGAINST_RULE, the wrong entry is corrected and the right one keyed (the dealer's undo would take the
clearing back first). Whether the decision is one the
game's rules allow (a raise over the pot, a bet at the old limit of a killed hand) is the family's ``check``
(``rules.poker.round.betting_round``), which raises BET_AGAINST_RULE: the console never rules on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.round.events import Action, Correction, Decision, HandSet, Target, TargetKind
from rules.round.state import RoundState, undone

#: The pot games' betting actions, as the picker names them; an amount goes with a bet or a raise only. A draw
#: game's draw (``count`` cards, 0 to 5) and standing pat are keyed the same way.
DRAW = Action.DRAW.value  # the action's word (the draw family's name is also "draw": no branch on it here)
BET_ACTIONS: tuple[str, ...] = ("check", "call", "bet", "raise", "fold", DRAW, Action.STAND_PAT.value)
WITH_AMOUNT = frozenset({"bet", "raise"})
WITH_COUNT = frozenset({DRAW})
#: After a draw, the cards a player keeps and shows (``keep``: the positions, 1 first, of the cards it held
#: before the draw; the replacement cards are always kept): a ``hand_set`` whose ``back`` is the hand played.
KEEP = "keep"


def bet_decision(data: Mapping[str, Any], state: RoundState) -> Decision | Correction | HandSet | str:
    """The ``decision`` event for a keyed betting decision (or the correction of the last one, ``correct``),
    or a sentence naming what is missing or wrong."""
    if data.get("correct"):
        off = undone(state.segment)
        for n, e in reversed(state.segment):
            if isinstance(e, Decision) and n not in off:
                return Correction(of=n, reason=f"betting decision corrected: seat {e.seat} {e.action.value}")
            if isinstance(e, HandSet) and n not in off and not e.front and not e.player_dealer:
                return Correction(of=n, reason=f"kept cards corrected: seat {e.seat}")
        return "no betting decision to correct in this round"
    seat, action, amount = data.get("seat"), data.get("action"), data.get("amount")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 1:
        return f"a betting decision names its seat (a number from 1), not {seat!r}"
    if action == KEEP:
        return kept_hand(seat, str(data.get("keep", "")), state)
    if action not in BET_ACTIONS:
        return f"a betting decision is one of {', '.join(BET_ACTIONS)}, not {action!r}"
    if action in WITH_COUNT:
        count = data.get("count")
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 5:
            return f"a draw names how many cards (1 to 5; none is standing pat), not {count!r}"
        return Decision(seat, Action.DRAW, count=count)
    if action in WITH_AMOUNT:
        if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
            return f"a {action} names its amount in cents (more than 0), not {amount!r}"
        return Decision(seat, Action(action), amount=amount)
    if amount not in (None, 0):
        return f"a {action} takes no amount (it came with {amount!r})"
    return Decision(seat, Action(action))


def kept_hand(seat: int, positions: str, state: RoundState) -> HandSet | str:
    """The ``hand_set`` of the cards a seat keeps after its draw: ``positions`` are digits naming the cards it
    held before the draw (1 the first dealt), the replacement cards kept with them; or what is wrong."""
    drew = [d.count or 0 for d in state.decisions if d.seat == seat and d.action is Action.DRAW]
    cards = state.hand(Target(TargetKind.SEAT, seat))
    if not drew or None in cards:
        return f"seat {seat} has not drawn (or a card of it was not read): nothing to show"
    n = drew[-1]
    before, drawn = cards[: len(cards) - n], cards[len(cards) - n :]
    picks = [int(ch) for ch in positions if ch.isdigit()]
    if len(set(picks)) != len(picks) or not all(1 <= p <= len(before) for p in picks):
        return f"seat {seat} keeps distinct cards 1 to {len(before)} of those it held, not {positions!r}"
    if len(picks) != len(before) - n:
        return (
            f"seat {seat} drew {n}: it keeps {len(before) - n} of its {len(before)} cards, not {len(picks)}"
        )
    kept = tuple(c for c in (*(before[p - 1] for p in sorted(picks)), *drawn) if c is not None)
    return HandSet(seat, (), kept)
