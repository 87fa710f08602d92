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

from rules.cards import Card, parse_card, parse_cards
from rules.round.events import Action, Correction, Decision, Discard, Meld, Target, TargetKind
from rules.round.procedure import PhaseKind
from rules.round.state import RoundState, undone

#: The pot games' betting actions, as the picker names them; an amount goes with a bet or a raise only. A draw
#: game's draw (``count`` cards, 0 to 5) and standing pat are keyed the same way.
DRAW = Action.DRAW.value  # the action's word (the draw family's name is also "draw": no branch on it here)
BET_ACTIONS: tuple[str, ...] = ("check", "call", "bet", "raise", "fold", DRAW, Action.STAND_PAT.value)
#: A card a player throws in to draw (keyed before the draw itself: the showdown keeps the rest of his cards
#: and his replacements, ``rules.poker.round.discards``).
THROW_IN = "discard"
#: Cards laid in a meld in a turn-by-turn play (Panguingue).
MELD = "meld"
WITH_AMOUNT = frozenset({"bet", "raise"})
WITH_COUNT = frozenset({DRAW})


def bet_decision(data: Mapping[str, Any], state: RoundState) -> Decision | Discard | Meld | Correction | str:
    """The ``decision`` event for a keyed betting decision (or the correction of the last one, ``correct``),
    or a sentence naming what is missing or wrong."""
    if data.get("correct"):
        off = undone(state.segment)
        for n, e in reversed(state.segment):
            if isinstance(e, Decision) and n not in off:
                return Correction(of=n, reason=f"betting decision corrected: seat {e.seat} {e.action.value}")
            if isinstance(e, Discard) and n not in off:
                return Correction(of=n, reason=f"card thrown in corrected: seat {e.seat} {e.card}")
            if isinstance(e, Meld) and n not in off:
                return Correction(of=n, reason=f"meld corrected: seat {e.seat} {' '.join(map(str, e.cards))}")
        return "no betting decision to correct in this round"
    seat, action, amount = data.get("seat"), data.get("action"), data.get("amount")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 1:
        return f"a betting decision names its seat (a number from 1), not {seat!r}"
    if action == THROW_IN:
        return thrown_in(seat, data, state)
    if action == MELD:
        return melded(seat, data, state)
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


def _held(seat: int, state: RoundState) -> list[Card]:
    """The cards ``seat`` holds now: those dealt and drawn, less those thrown in, discarded or melded."""
    held = [c for c in state.hand(Target(TargetKind.SEAT, seat)) if c is not None]
    pile: list[Card] = []  # the discard pile: a meld that takes its top card did not hold that card
    for _, e in state.plays:
        if isinstance(e, Discard):
            pile.append(e.card)
        cards = [e.card] if isinstance(e, Discard) else list(e.cards)
        if isinstance(e, Meld) and e.take and pile:
            top = pile.pop()
            if top in cards:
                cards.remove(top)
        if e.seat == seat:
            for c in cards:
                if c in held:
                    held.remove(c)
    return held


def _playing(state: RoundState) -> bool:
    ph = state.current_phase
    return ph is not None and ph.kind is PhaseKind.RULE_DRAWS


def thrown_in(seat: int, data: Mapping[str, Any], state: RoundState) -> Discard | str:
    """The ``discard`` event for a card ``seat`` throws in to draw (a draw game), or discards to end his
    turn (Panguingue's play), named by its ``card`` or by its ``position`` among his cards as they were
    dealt (1 for the first: the dealer screen hides hole cards, so the picker names positions), or what is
    wrong: the round is not at a draw or a play, the card is not one of his, or it is already gone."""
    ph = state.current_phase
    if ph is None or (ph.kind is not PhaseKind.DRAW and not _playing(state)):
        return "a card is thrown in at the draw, and the round is not at a draw"
    dealt = state.hand(Target(TargetKind.SEAT, seat))
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
    held = _held(seat, state)
    if card not in held:
        gone = card in (c for c in dealt if c is not None)
        return f"seat {seat} does not hold {card}" + (" (he has thrown it in)" if gone else "")
    return Discard(seat, card)


def melded(seat: int, data: Mapping[str, Any], state: RoundState) -> Meld | str:
    """The ``meld`` event for cards ``seat`` lays in the play (Panguingue): ``cards`` in the notation,
    ``take`` where one of them is the discard pile's top card, ``onto`` the number of his meld they are added
    to; or what is wrong. Whether they make a meld is the family's ruling (INVALID_MELD), not the console's."""
    if not _playing(state):
        return "cards are melded in the play, and the round is not at the play"
    try:
        cards = parse_cards(str(data.get("cards", "")))
    except ValueError as exc:
        return f"seat {seat} melds cards, not {data.get('cards')!r}: {exc}"
    if not cards:
        return f"seat {seat} melds no cards: pick the cards he lays"
    take, onto = bool(data.get("take")), data.get("onto")
    if onto is not None and (not isinstance(onto, int) or isinstance(onto, bool) or onto < 1):
        return f"a meld is added onto his meld number 1, 2 …, not {onto!r}"
    held = _held(seat, state)
    missing: list[Card] = []
    for c in cards:
        if c in held:
            held.remove(c)
        else:
            missing.append(c)
    if len(missing) > int(take):
        return f"seat {seat} does not hold {' '.join(map(str, missing))}"
    return Meld(seat, tuple(cards), onto=onto, take=take)
