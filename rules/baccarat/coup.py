"""The coup: which card goes to which hand, the draws the tableau calls for, totals and the result.

:func:`follow` reads the cards dealt so far, in dealing order, against a :class:`Tableau` and says what
is due next (``"player"``, ``"banker"``, or ``None`` when the coup is complete). The round engine
calls it as the family hook for rule-driven draws: a card dealt when ``next`` is ``None``, or a hand
closed while ``next`` names it, is a draw against the rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.baccarat.model import BaccaratDataError, Hand, Tableau, Winner
from rules.cards import Card
from rules.decks import DeckSpec
from rules.evaluators.points import baccarat_total

if TYPE_CHECKING:
    from rules.baccarat.model import Variant

__all__ = [
    "Coup",
    "CoupResult",
    "CoupState",
    "baccarat_total",
    "due_from_hands",
    "follow",
    "next_card",
    "result_of",
]


@dataclass(frozen=True, slots=True)
class CoupState:
    """The coup so far: each hand's cards, what is due next, and the dealer's calls in order.

    ``next`` is the hand owed the next card, or ``None`` once the coup is complete. ``extra`` holds
    cards dealt after the coup was complete (each one a draw against the rule). ``calls`` are the words
    the dealer says or the screen shows ("Player draws", "Banker stands", ...); ``prompt`` is the last.
    """

    player: tuple[Card, ...]
    banker: tuple[Card, ...]
    next: Hand | None
    extra: tuple[Card, ...]
    calls: tuple[str, ...]

    @property
    def complete(self) -> bool:
        """Whether every card the tableau calls for has been dealt."""
        return self.next is None

    @property
    def prompt(self) -> str:
        """The latest call, what the dealer acts on now."""
        return self.calls[-1] if self.calls else ""


def follow(tableau: Tableau, dealt: Sequence[Card]) -> CoupState:
    """Assign the cards dealt so far (in dealing order) to the hands and say what is due next."""
    hands: dict[Hand, list[Card]] = {"player": [], "banker": []}
    calls: list[str] = []
    cards = list(dealt)
    i = 0
    for hand in tableau.first_cards:
        if i == len(cards):
            calls.append(f"Deal {hand.capitalize()}")
            return _state(hands, hand, (), calls)
        hands[hand].append(cards[i])
        i += 1
    pt = baccarat_total(hands["player"])
    bt = baccarat_total(hands["banker"])
    calls.append(f"Player {pt}, Banker {bt}")
    if tableau.is_natural(pt) or tableau.is_natural(bt):
        who = " and ".join(
            f"{h.capitalize()} natural {t}"
            for h, t in (("player", pt), ("banker", bt))
            if tableau.is_natural(t)
        )
        calls.append(f"{who}: no draws")
        calls.append(_result_call(pt, bt))
        return _state(hands, None, cards[i:], calls)
    player_third: Card | None = None
    if tableau.player.draws(pt):
        calls.append("Player draws")
        if i == len(cards):
            return _state(hands, "player", (), calls)
        player_third = cards[i]
        hands["player"].append(player_third)
        i += 1
        pt = baccarat_total(hands["player"])
        calls.append(f"Player {pt}")
    else:
        calls.append("Player stands")
    if tableau.banker_draws(bt, player_third):
        calls.append("Banker draws")
        if i == len(cards):
            return _state(hands, "banker", (), calls)
        hands["banker"].append(cards[i])
        i += 1
        bt = baccarat_total(hands["banker"])
        calls.append(f"Banker {bt}")
    else:
        calls.append("Banker stands")
    calls.append(_result_call(pt, bt))
    return _state(hands, None, cards[i:], calls)


def _state(
    hands: dict[Hand, list[Card]], nxt: Hand | None, extra: Sequence[Card], calls: list[str]
) -> CoupState:
    return CoupState(tuple(hands["player"]), tuple(hands["banker"]), nxt, tuple(extra), tuple(calls))


def _result_call(pt: int, bt: int) -> str:
    if pt == bt:
        return f"Tie, {pt} to {bt}"
    if pt > bt:
        return f"Player wins, {pt} over {bt}"
    return f"Banker wins, {bt} over {pt}"


def next_card(tableau: Tableau, dealt: Sequence[Card]) -> Hand | None:
    """``"player"`` or ``"banker"`` when the next card is due to that hand; ``None``: the coup is complete."""
    return follow(tableau, dealt).next


@dataclass(frozen=True, slots=True)
class CoupResult:
    """What a finished coup's settlement depends on: totals, card counts and naturals."""

    player_total: int
    banker_total: int
    player_cards: int
    banker_cards: int
    player_natural: bool
    banker_natural: bool

    @property
    def winner(self) -> Winner:
        """``player``, ``banker`` or ``tie`` (closer to nine wins)."""
        if self.player_total == self.banker_total:
            return "tie"
        return "player" if self.player_total > self.banker_total else "banker"


@dataclass(frozen=True, slots=True)
class Coup:
    """A finished coup: the cards of each hand, the result, and the special outcomes that happened."""

    player: tuple[Card, ...]
    banker: tuple[Card, ...]
    result: CoupResult
    specials: tuple[str, ...]

    @property
    def winner(self) -> Winner:
        """``player``, ``banker`` or ``tie``."""
        return self.result.winner

    @property
    def player_total(self) -> int:
        """The Player hand's final total."""
        return self.result.player_total

    @property
    def banker_total(self) -> int:
        """The Banker hand's final total."""
        return self.result.banker_total

    @classmethod
    def from_cards(cls, variant: Variant, cards: Sequence[Card]) -> Coup:
        """The coup the cards (in dealing order) make under the variant's tableau.

        Too few cards for the tableau, or more than it calls for, is a BaccaratDataError.
        """
        state = follow(variant.tableau, cards)
        if state.next is not None:
            raise BaccaratDataError("cards", f"the coup is not complete: a card is due to the {state.next}")
        if state.extra:
            n = len(cards) - len(state.extra)
            raise BaccaratDataError(
                "cards", f"the coup was complete after {n} cards; {len(state.extra)} more were dealt"
            )
        result = result_of(variant.tableau, state.player, state.banker)
        specials = variant.specials
        happened = tuple(o.key for o in variant.outcomes if o.when.holds(result, specials))
        return cls(state.player, state.banker, result, happened)


def result_of(tableau: Tableau, player: Sequence[Card], banker: Sequence[Card]) -> CoupResult:
    """The :class:`CoupResult` of two finished hands."""
    pt, bt = baccarat_total(player), baccarat_total(banker)
    return CoupResult(
        pt,
        bt,
        len(player),
        len(banker),
        len(player) == 2 and tableau.is_natural(pt),
        len(banker) == 2 and tableau.is_natural(bt),
    )


def due_from_hands(tableau: Tableau, player: Sequence[Card], banker: Sequence[Card]) -> Hand | None:
    """What is due when the hands are known (as the round engine holds them): ``None`` when complete.

    Fewer than two cards in a hand: that hand (Player first). Then the tableau, as :func:`follow`.
    """
    if len(player) < 2 or len(banker) < 2:
        return "player" if len(player) <= len(banker) else "banker"
    pt = baccarat_total(player[:2])
    bt = baccarat_total(banker[:2])
    if tableau.is_natural(pt) or tableau.is_natural(bt):
        return None
    player_third: Card | None = None
    if tableau.player.draws(pt):
        if len(player) < 3:
            return "player"
        player_third = player[2]
    if len(banker) < 3 and tableau.banker_draws(bt, player_third):
        return "banker"
    return None


def value_counts(deck: DeckSpec) -> list[int]:
    """How many cards of each baccarat point value (0-9) the shoe holds."""
    counts = [0] * 10
    for card, n in deck.composition().items():
        if card.rank is None:
            continue
        v = card.rank.low_value
        counts[v if v < 10 else 0] += n
    return counts
