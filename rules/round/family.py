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
- ``settle(state)``: the round's report once the deal is complete (a :class:`rules.round.report.RoundReport`,
  the family's own frozen dataclass, whose ``to_json`` is what ``replay`` and scenarios hold), or None.
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
- ``carry(state)`` (optional): on a dealt round, what the next round carries from it, ``(seat, status)``
  pairs (Chinese Poker's Fantasy Land, a pot game's kill button); the next round's hooks read them in
  ``state.carried``.
- ``card_wanted(state)`` (optional): whether a device that deals on demand deals the card the round expects
  now, or waits for the dealer to ask for it (Panguingue's stock card, which the player may leave for the
  discard); the terminal then shows the table waiting on a decision, not on its devices.
- ``dead_hand_returned`` (class attribute, default True): whether a hand ruled dead has its wagers returned in
  the outcome; a pot game's dead hand forfeits its chips to the pot.

A turn-by-turn game (Panguingue) runs its play as a ``rule_draws`` phase: ``next_extra_card`` is the card the
player in turn may draw, and its ``meld`` and ``discard`` events (``state.plays``) move the phase on.

Beyond the round engine, the same object is the family's whole contract with the rest of the program
(:class:`Family`; ``docs/architecture.md`` shows the layers and how to add a family):

- ``schema``: the pydantic model of the family's game files (``rules.gamefile``), strict, so a wrong key or
  type is refused with its file, line and field when the catalogue loads;
- ``parse_variant(data)``: the family's typed model of a game file, built from what its schema validated;
- ``data_files(data)`` / ``analysis_files(data)``: other data files the round or the analysis needs;
  ``table_data(data, posted)``: the game data with what the family reads of the table (a pot game's
  posted collection schedule);
- ``analyze(data, decks, progress)``: the exact analysis of a variant (``dealer-terminal analyze``);
- the layout: ``wager_spots``, ``base_spots``, ``spot_limits``, ``deals_every_seat``, ``demo_spots``;
- the dealer's helpers: ``house_way_sets`` (set the hands the House Way), ``hands_to_set`` (the hands still
  to be set), ``next_to_decide`` (whose play-or-fold the round waits for);
- ``pieces``: what the round is played with: ``cards`` (the round engine's, every card a
  :class:`~rules.round.events.CardRead`) or ``tiles`` (the round engine takes the round start and the dice,
  the family's own round the tiles: the terminal's table for it is ``terminal/tiles_table.py``);
- ``house_way_pieces``: what ``dealer-terminal house-way`` sets for this family (``cards``: a poker hand into
  two; ``tiles``: four tiles into two pairs). The terminal asks these; it never tests a family's name. The
  round's report (``settle``) is typed: ``report_types`` names the family's report classes
  (:mod:`rules.round.report`), and the settlement panel reads a report by its class (every report's
  ``wagers`` lines; a pot game's showdown, a points game's scoring);
- ``wager_results(state, table)``: every wager's typed result in the order the player-dealer settles
  them (:class:`rules.banking.RoundResults`), or None for a family whose pot or bank is not the table's
  player-dealer bank. The family never touches the bank: :func:`rules.banking.settle_results` does.
- ``collection(state, schedule, results)``: the round's fees under the table's posted schedule; by default every
  wager in action assessed by :func:`rules.fees.assess`. A family whose bets outlive a round (Party Craps)
  charges only the wagers first placed in it.

Families are registered one way, :func:`register_family` at the bottom of the family's ``round`` module,
and found one way: :func:`family_rules` looks one up, importing the family's package on first use (the table
in :mod:`rules.family_packages`), so a process loads only the families it deals.
"""

from __future__ import annotations

import importlib
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from rules.decks import DeckRange
from rules.family_packages import FAMILY_PACKAGES
from rules.round.events import Event, HandSet, Target
from rules.round.procedure import Phase, Slot
from rules.round.rulings import Finding

if TYPE_CHECKING:
    from pydantic import BaseModel

    from rules.analysis import Analysis
    from rules.banking.action import Table
    from rules.banking.settlement import RoundResults
    from rules.banking.wagers import SpotLimit
    from rules.fees import Collection, Schedule
    from rules.round.report import RoundReport
    from rules.round.state import RoundState

#: A progress callback for long work: ``progress(done, total)`` (``analyze``, the audits).
Progress = Callable[[int, int], None]


class Steps:
    """The steps of long work reported to a :data:`Progress` callback: ``step()`` after each of ``total``
    (``progress(0, total)`` at the start); nothing at all without a callback."""

    def __init__(self, progress: Progress | None, total: int) -> None:
        self._progress = progress
        self.total = total
        self.done = 0
        if progress is not None:
            progress(0, total)

    def __call__(self) -> None:
        """One more step done."""
        self.done += 1
        if self._progress is not None:
            self._progress(min(self.done, self.total), self.total)


class FamilyRules(Protocol):
    """The hooks a family engine provides to the round engine."""

    def next_extra_card(self, state: RoundState, phase: Phase) -> Slot | None: ...

    def may_draw(self, state: RoundState, target: Target) -> bool: ...

    def check(self, state: RoundState, event: Event) -> Sequence[Finding]: ...

    def settle(self, state: RoundState) -> RoundReport | None: ...


class Family(FamilyRules, Protocol):
    """A family's whole contract: the round hooks, its game files' schema, its analysis, its layout, the
    dealer's helpers and its typed wager results (see the module docstring)."""

    #: The pydantic model of the family's game files (``rules.gamefile``), or None where none is written.
    schema: ClassVar[type[BaseModel] | None]
    #: Whether every seat is dealt whatever the wagers (Pai Gow: seven piles go out, the dice pick).
    deals_every_seat: ClassVar[bool]
    #: Whether the table's player-dealer bank settles the rounds (:meth:`wager_results` gives results).
    settled_at_table: ClassVar[bool]
    #: What ``dealer-terminal house-way`` sets: ``cards`` (a poker hand into two) or ``tiles`` (four tiles).
    #: What the round is played with: ``cards`` or ``tiles`` (see the module docstring).
    pieces: ClassVar[str]
    house_way_pieces: ClassVar[str]
    #: The family's round report classes (what ``settle`` returns), for reading a JSON report back
    #: (:func:`rules.round.report.read_report`).
    report_types: ClassVar[tuple[type[RoundReport], ...]]

    def parse_variant(self, data: Mapping[str, Any]) -> object: ...

    def data_files(self, data: Mapping[str, Any]) -> dict[str, str]: ...

    def analysis_files(self, data: Mapping[str, Any]) -> dict[str, str]: ...

    def table_data(self, data: Mapping[str, Any], posted: Any) -> Mapping[str, Any]: ...

    def analyze(
        self, data: Mapping[str, Any], decks: int | None, progress: Progress | None = None
    ) -> Analysis: ...

    def wager_spots(self, state: RoundState) -> list[str]: ...

    def base_spots(self, state: RoundState) -> frozenset[str]: ...

    def backline_spots(self, state: RoundState) -> list[str]: ...

    def spot_limits(self, state: RoundState) -> dict[str, SpotLimit]: ...

    def demo_spots(self, spots: Sequence[str], index: int) -> list[str]: ...

    def house_way_sets(self, state: RoundState) -> list[HandSet] | str: ...

    def hands_to_set(self, state: RoundState) -> list[str]: ...

    def next_to_decide(self, state: RoundState) -> int | None: ...

    def wager_results(self, state: RoundState, table: Table) -> RoundResults | None: ...

    def next_button(self, state: RoundState, seats: Sequence[int]) -> int | None: ...

    def filed_decks(self, data: Mapping[str, Any]) -> DeckRange | None: ...

    def collection(self, state: RoundState, schedule: Schedule, results: RoundResults) -> Collection: ...

    def first_button(self, state: RoundState, seats: Sequence[int]) -> int | None: ...


class NoAnalysis(Exception):
    """The family has no exact analysis (``dealer-terminal analyze`` says so)."""


class BaseFamily:
    """Defaults: no rule-driven draws, every hand may draw, no extra checks, no settlement, one ``main``
    wager, no analysis, no dealer's helpers."""

    schema: ClassVar[type[BaseModel] | None] = None
    deals_every_seat: ClassVar[bool] = False
    settled_at_table: ClassVar[bool] = False
    pieces: ClassVar[str] = "cards"
    house_way_pieces: ClassVar[str] = "cards"
    report_types: ClassVar[tuple[type[RoundReport], ...]] = ()
    #: Whether a hand ruled dead has its wagers returned (the round outcome's ``returned``); a pot game's
    #: dead hand forfeits its chips to the pot instead (the family's settlement says so).
    dead_hand_returned: ClassVar[bool] = True

    def next_extra_card(self, state: RoundState, phase: Phase) -> Slot | None:
        """No rule-driven card (the phase ends at once)."""
        return None

    def may_draw(self, state: RoundState, target: Target) -> bool:
        """Every hand may draw until it stands."""
        return True

    def check(self, state: RoundState, event: Event) -> Sequence[Finding]:
        """No family-specific findings."""
        return ()

    def settle(self, state: RoundState) -> RoundReport | None:
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

    def next_button(self, state: RoundState, seats: Sequence[int]) -> int | None:
        """The seat the dealer button moves to for a hand dealt to ``seats``, from the last hand's
        (``state.last_button``, ``state.redeal``); None: the game has no moving button, or no hand was dealt
        yet. The round engine raises BUTTON_OUT_OF_TURN when a round start names another seat."""
        return None

    def first_button(self, state: RoundState, seats: Sequence[int]) -> int | None:
        """The dealer button of a new game's first hand when nobody placed it; None: no button."""
        return None

    def filed_decks(self, data: Mapping[str, Any]) -> DeckRange | None:
        """The numbers of decks the game's filing allows a table to deal from (its ``shoe:``), or None where
        the filing sets no range (the game file's ``deck:`` is the count)."""
        return None

    def collection(self, state: RoundState, schedule: Schedule, results: RoundResults) -> Collection:
        """The round's collection under the table's posted ``schedule``: every wager in action (``results``),
        the players dealt in and the player-dealer's bank, assessed by :func:`rules.fees.assess`."""
        from rules.fees import assess

        start = state.start
        players = len(start.players) if start is not None else None
        bank = start.bank if start is not None else None
        return assess(schedule, list(results.wagers), players=players, bank=bank)

    # -- beyond the round engine -------------------------------------------------------------------

    def parse_variant(self, data: Mapping[str, Any]) -> object:
        """The family's typed model of a game file's mapping, built from what its schema validated
        (:func:`rules.gamefile.validated`: a :class:`rules.gamefile.GameFileError` names the field). None:
        no model."""
        return None

    def data_files(self, data: Mapping[str, Any]) -> dict[str, str]:
        """Other data files the round needs, by the key to put their mapping under (paths under ``config/``)."""
        return {}

    def analysis_files(self, data: Mapping[str, Any]) -> dict[str, str]:
        """Other data files the analysis needs (as :meth:`data_files`); if absent the analysis does without."""
        return {}

    def table_data(self, data: Mapping[str, Any], posted: Any) -> Mapping[str, Any]:
        """The game data with what the family reads of the table (``posted``: the posted collection
        schedule, a ``rules.fees.Schedule`` or None); unchanged by default."""
        return data

    def analyze(
        self, data: Mapping[str, Any], decks: int | None, progress: Progress | None = None
    ) -> Analysis:
        """The exact analysis of a variant; this family has none."""
        raise NoAnalysis("this family has no exact analysis yet")

    def wager_spots(self, state: RoundState) -> list[str]:
        """The betting spots the dealer fills, base first."""
        return ["main"]

    def base_spots(self, state: RoundState) -> frozenset[str]:
        """The base wagers (a bonus needs one beside it)."""
        return frozenset({"ante", "main", "base"})

    def backline_spots(self, state: RoundState) -> list[str]:
        """The spots on which a backline bettor's wager is taken apart from the seat's own (a round start
        wager with ``backline: true``, settled on its own stake, :mod:`rules.banking.backline`); none unless
        the family settles them apart."""
        return []

    def spot_limits(self, state: RoundState) -> dict[str, SpotLimit]:
        """Per-spot rules beyond the table's limits (a bet's own filed limits, a bonus that may stand alone)."""
        return {}

    def demo_spots(self, spots: Sequence[str], index: int) -> list[str]:
        """The demo layout's wagers for the ``index``-th seat: the base, and a bonus on every other seat."""
        if not spots:
            return []
        out = [spots[0]]
        if len(spots) > 1 and index % 2 == 0:
            bonus = [s for s in spots[1:] if s != "tie"][:1] or list(spots[1:2])
            out.append(bonus[0])
        return out

    def house_way_sets(self, state: RoundState) -> list[HandSet] | str:
        """Hands the dealer sets the House Way; this family sets none."""
        return "this game has no House Way"

    def hands_to_set(self, state: RoundState) -> list[str]:
        """The hands the players still have to set, in words (``seat 3``), for the dealer's screen; none."""
        return []

    def next_to_decide(self, state: RoundState) -> int | None:
        """The seat whose play-or-fold the round waits for; None (this family asks none)."""
        return None

    def wager_results(self, state: RoundState, table: Table) -> RoundResults | None:
        """Every wager's result, in settlement order; None: the table's bank does not settle this family."""
        return None


_DEFAULT = BaseFamily()
_REGISTRY: dict[str, Any] = {}


T = TypeVar("T")


class PerGame(Generic[T]):
    """What a family builds once per game file (its variant model), by the identity of the game's mapping;
    the mapping is kept so that its id cannot be reused by another.

    Bounded: the :data:`PER_GAME_KEPT` games used last are kept (a table deals one game at a time). Every
    table controller builds its game's rules, and so its mapping, anew, so a process that builds
    controllers again and again (an in-process restart, the next table) would otherwise keep every one it
    ever built."""

    def __init__(self, build: Callable[[RoundState], T]) -> None:
        self._build = build
        self._cache: OrderedDict[int, tuple[Mapping[str, Any], T]] = OrderedDict()

    def __call__(self, state: RoundState) -> T:
        """The value for the game being dealt, built on first use."""
        data = state.game.data
        key = id(data)
        hit = self._cache.get(key)
        if hit is not None and hit[0] is data:
            self._cache.move_to_end(key)
            return hit[1]
        value = self._build(state)
        self._cache[key] = (data, value)
        self._cache.move_to_end(key)
        while len(self._cache) > PER_GAME_KEPT:
            self._cache.popitem(last=False)
        return value

    def __len__(self) -> int:
        """How many games' values are kept."""
        return len(self._cache)


#: How many games' values a :class:`PerGame` keeps (the ones used last).
PER_GAME_KEPT = 8


def register_family(name: str, rules: FamilyRules) -> None:
    """Register a family's hooks under its family name (the ``family:`` of its game files). The one way a
    family is registered: once, at the bottom of its ``round`` module."""
    _REGISTRY[name] = rules


@contextmanager
def family_registered(name: str, rules: FamilyRules) -> Iterator[None]:
    """``rules`` registered as ``name`` for the ``with`` block only (a test's toy family)."""
    _load(name)  # a known family's own hooks come back after the block, even if not loaded before it
    before = _REGISTRY.get(name)
    _REGISTRY[name] = rules
    try:
        yield
    finally:
        if before is None:
            _REGISTRY.pop(name, None)
        else:
            _REGISTRY[name] = before


def _load(name: str) -> None:
    """Import the package of family ``name`` (which registers it) if it is a known family not yet loaded."""
    if name not in _REGISTRY and name in FAMILY_PACKAGES:
        importlib.import_module(FAMILY_PACKAGES[name])


def family_rules(name: str) -> Family:
    """The family registered for ``name`` (its package imported on first use), or the defaults
    (:class:`BaseFamily`) for a name no package registers."""
    _load(name)
    fam: Family = _REGISTRY.get(name, _DEFAULT)
    return fam


def is_registered(name: str) -> bool:
    """Whether a family is registered under ``name`` (a known family's package is imported to tell)."""
    _load(name)
    return name in _REGISTRY


def registered_families() -> tuple[str, ...]:
    """Names with registered hooks: every known family (each package imported) and any registered
    otherwise (a test's toy family)."""
    for name in FAMILY_PACKAGES:
        _load(name)
    return tuple(sorted(_REGISTRY))


def loaded_families() -> tuple[str, ...]:
    """The families registered so far, without importing any (what this process has loaded)."""
    return tuple(sorted(_REGISTRY))
