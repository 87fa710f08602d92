"""How a family engine plugs into the generic round engine.

A family (``paigow``, ``baccarat``, ``threecard``, ``blackjack``, ``stud`` …) implements
:class:`FamilyRules` — usually by subclassing :class:`BaseFamily` and overriding what it needs — and
registers it once with :func:`register_family`. The generic engine never tests a family or room name:
it calls these hooks and the variant's data does the rest.

- ``next_extra_card(state, phase)``: for a ``rule_draws`` phase, the next card the rules require
  (a :class:`~rules.round.procedure.Slot`), or None when the rule says stand (baccarat third cards,
  a player-dealer who must hit soft 17).
- ``may_draw(state, target)``: in a ``hits`` or ``draw`` phase, whether that hand may still take a card
  (False moves the action on: a frozen 22-30, a blackjack).
- ``check(state, event)``: family-specific findings after each event (FOUL_HAND, HOUSE_WAY_MISSET …);
  the variant's ``irregularities:`` table rules on them like on any other.
- ``settle(state)``: the round's settlement once the deal is complete (a JSON-able mapping), or None.
- ``action_seat(state)`` (optional): the seat a ``start: action_seat`` phase begins at (Pan 9: the
  dice counted by the game's ``deal.assign.action``), or None while it is not known.
- ``wait_words(state, kind, words)`` (optional, :class:`BaseFamily` has it): the family's words for a step
  that is not a card, or None to keep the engine's.
- ``review(state, findings)`` (optional): the engine's findings on the card just placed (the last of
  ``state.placed``) or on a declaration, before the table rules on them; the family may replace them with what its filing
  calls the same mishap (a flop with a fourth card is one EXTRA_CARD, not also a premature turn).
- ``phase_slots(state, index, slots)`` (optional): the cards phase ``index`` expects, as the engine
  expanded them, when it is entered; the family may change them where a filed procedure moves a burn
  (Omaha with a joker, a premature turn: a second burn before the turn, none before the river).
- ``hand_over(state)`` (optional): after a fold, whether the hand is over before its deal is complete
  (a pot game folded to one player): the engine then expects no more cards and the round settles.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from rules.round.events import Event, Target
from rules.round.procedure import Phase, Slot
from rules.round.rulings import Finding

if TYPE_CHECKING:
    from rules.round.state import RoundState


class FamilyRules(Protocol):
    """The hooks a family engine provides."""

    def next_extra_card(self, state: RoundState, phase: Phase) -> Slot | None: ...

    def may_draw(self, state: RoundState, target: Target) -> bool: ...

    def check(self, state: RoundState, event: Event) -> Sequence[Finding]: ...

    def settle(self, state: RoundState) -> Mapping[str, Any] | None: ...


class BaseFamily:
    """Defaults: no rule-driven draws, every hand may draw, no extra checks, no settlement."""

    def next_extra_card(self, state: RoundState, phase: Phase) -> Slot | None:
        """No rule-driven card (the phase ends at once)."""
        return None

    def may_draw(self, state: RoundState, target: Target) -> bool:
        """Every hand may draw until it stands."""
        return True

    def check(self, state: RoundState, event: Event) -> Sequence[Finding]:
        """No family-specific findings."""
        return ()

    def settle(self, state: RoundState) -> Mapping[str, Any] | None:
        """No settlement (the banking issue and the family provide it)."""
        return None

    def wait_words(self, state: RoundState, kind: str, words: str) -> str | None:
        """Words for a step that is not a card (``kind`` as in ``Wait.kind``), or None for the engine's own
        (Pai Gow: which pile goes to which seat once the dice are read)."""
        return None

    def review(self, state: RoundState, findings: Sequence[Finding]) -> Sequence[Finding]:
        """The engine's findings on the card just placed (or a declaration), unchanged."""
        return findings

    def phase_slots(self, state: RoundState, index: int, slots: tuple[Slot, ...]) -> tuple[Slot, ...]:
        """The slots of phase ``index`` as the engine expanded them, unchanged."""
        return slots

    def hand_over(self, state: RoundState) -> bool:
        """A fold never ends the deal early."""
        return False


_DEFAULT = BaseFamily()
_REGISTRY: dict[str, FamilyRules] = {}


T = TypeVar("T")


class PerGame(Generic[T]):
    """What a family builds once per game file (its variant model), by the identity of the game's mapping;
    the mapping is kept so that its id cannot be reused by another."""

    def __init__(self, build: Callable[[RoundState], T]) -> None:
        self._build = build
        self._cache: dict[int, tuple[Mapping[str, Any], T]] = {}

    def __call__(self, state: RoundState) -> T:
        """The value for the game being dealt, built on first use."""
        data = state.game.data
        hit = self._cache.get(id(data))
        if hit is not None and hit[0] is data:
            return hit[1]
        value = self._build(state)
        self._cache[id(data)] = (data, value)
        return value


def register_family(name: str, rules: FamilyRules) -> None:
    """Register a family's hooks under its family name (the ``family:`` of its game files)."""
    _REGISTRY[name] = rules


def family_rules(name: str) -> FamilyRules:
    """The hooks registered for ``name``, or the defaults."""
    return _REGISTRY.get(name, _DEFAULT)


def registered_families() -> tuple[str, ...]:
    """Names with registered hooks."""
    return tuple(sorted(_REGISTRY))
