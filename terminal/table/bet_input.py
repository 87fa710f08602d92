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

from rules.cards import parse_card
from rules.round.events import Action, Correction, Decision, Discard, Target, TargetKind
from rules.round.procedure import PhaseKind
from rules.round.state import RoundState, undone

#: The pot games' betting actions, as the picker names them; an amount goes with a bet or a raise only. A draw
#: game's draw (``count`` cards, 0 to 5) and standing pat are keyed the same way.
DRAW = Action.DRAW.value  # the action's word (the draw family's name is also "draw": no branch on it here)
BET_ACTIONS: tuple[str, ...] = ("check", "call", "bet", "raise", "fold", DRAW, Action.STAND_PAT.value)
#: A card a player throws in to draw (keyed before the draw itself: the showdown keeps the rest of his cards
#: and his replacements, ``rules.poker.round.discards``).
THROW_IN = "discard"
WITH_AMOUNT = frozenset({"bet", "raise"})
WITH_COUNT = frozenset({DRAW})


def bet_decision(data: Mapping[str, Any], state: RoundState) -> Decision | Correction | str:
    """The ``decision`` event for a keyed betting decision (or the correction of the last one, ``correct``),
    or a sentence naming what is missing or wrong."""
    if data.get("correct"):
        off = undone(state.segment)
        for n, e in reversed(state.segment):
            if isinstance(e, Decision) and n not in off:
                return Correction(of=n, reason=f"betting decision corrected: seat {e.seat} {e.action.value}")
            if isinstance(e, Discard) and n not in off:
                return Correction(of=n, reason=f"card thrown in corrected: seat {e.seat} {e.card}")
        return "no betting decision to correct in this round"
    seat, action, amount = data.get("seat"), data.get("action"), data.get("amount")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 1:
        return f"a betting decision names its seat (a number from 1), not {seat!r}"
    if action == THROW_IN:
        return thrown_in(seat, data, state)
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
        box = data.get("count")  # a bet on one of the game's boxes (Two Card Peek's Peek Bonus: the row)
        if box is None:
            return Decision(seat, Action(action), amount=amount)
        if not isinstance(box, int) or isinstance(box, bool) or box < 1:
            return f"a {action} on a box names it by its number (from 1), not {box!r}"
        return Decision(seat, Action(action), amount=amount, count=box)
    if amount not in (None, 0):
        return f"a {action} takes no amount (it came with {amount!r})"
    return Decision(seat, Action(action))


def thrown_in(seat: int, data: Mapping[str, Any], state: RoundState) -> Discard | str:
    """The ``discard`` event for a card ``seat`` throws in to draw, named by its ``card`` or by its
    ``position`` among his cards as they were dealt (1 for the first: the dealer screen hides hole cards, so
    the picker names positions), or what is wrong: the round is not at a draw, the card is not one of his,
    or it is already thrown in."""
    ph = state.current_phase
    if ph is None or ph.kind is not PhaseKind.DRAW:
        return "a card is thrown in at the draw, and the round is not at a draw"
    dealt = state.hand(Target(TargetKind.SEAT, seat))
    gone = [e.card for _, e in state.plays if isinstance(e, Discard) and e.seat == seat]
    pos = data.get("position")
    if pos is not None:
        if not isinstance(pos, int) or isinstance(pos, bool) or not 1 <= pos <= len(dealt):
            return f"seat {seat} holds {len(dealt)} cards: a card thrown in is one of positions 1-{len(dealt)}, not {pos!r}"
        card = dealt[pos - 1]
        if card is None:
            return f"seat {seat}'s card {pos} was not read: enter it first"
    else:
        try:
            card = parse_card(str(data.get("card")))
        except ValueError as exc:
            return f"seat {seat} throws in a card, not {data.get('card')!r}: {exc}"
    held = [c for c in dealt if c is not None]
    for c in gone:
        if c in held:
            held.remove(c)
    if card not in held:
        return f"seat {seat} does not hold {card}" + (" (he has thrown it in)" if card in gone else "")
    return Discard(seat, card)
