"""The Baccarat family's variant model, built from a variant's data file (``config/games/baccarat/*.yaml``).

A punto banco variant is data: the shoe, the tableau (Player and Banker drawing rules as a chart), the
special outcomes (Dragon 7, Panda 8, ...), every wager with its pay rules, the action button and the
settlement order. :func:`from_data` turns the mapping into a typed :class:`Variant` and raises
:class:`rules.gamefile.GameFileError` naming the field that is wrong: the family's schema
(:mod:`rules.baccarat.schema`) is the one validator of the file. The vocabulary is documented in
``docs/baccarat.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, Literal

from rules.baccarat import schema
from rules.cards import Card, Rank
from rules.decks import DeckSpec, parse_rank
from rules.errors import RulesError
from rules.gamefile import Cite as GameCite
from rules.gamefile import validated

if TYPE_CHECKING:
    from rules.baccarat.coup import CoupResult

Hand = Literal["player", "banker"]
Winner = Literal["player", "banker", "tie"]
HANDS: Final[tuple[Hand, Hand]] = ("player", "banker")


class BaccaratDataError(RulesError, ValueError):
    """A variant file (or a call) that does not fit the Baccarat vocabulary; the message names the field."""

    def __init__(self, where: str, reason: str) -> None:
        self.where = where
        self.reason = reason
        super().__init__(f"{where}: {reason}" if where else reason)


# ------------------------------------------------------------------------------------------------ cite


@dataclass(frozen=True, slots=True)
class Cite:
    """Where a rule comes from: seed file, section and lines (a rule's own cite inherits the file's seed)."""

    seed: str
    section: str = ""
    lines: str = ""
    note: str = ""

    @classmethod
    def of(cls, value: GameCite | None, parent: Cite) -> Cite:
        """A validated cite (a block, or a bare string of lines); missing parts come from ``parent``."""
        if value is None:
            return parent
        if isinstance(value, str):
            return cls(seed=parent.seed, section=parent.section, lines=value)
        return cls(
            seed=value.seed or parent.seed,
            section=parent.section if value.section is None else value.section,
            lines=value.lines or "",
            note=value.note or "",
        )

    def __str__(self) -> str:
        parts = [self.seed, self.section, self.lines]
        return ", ".join(p for p in parts if p) + (f" ({self.note})" if self.note else "")


# ------------------------------------------------------------------------------------------------ shoe


@dataclass(frozen=True, slots=True)
class Burn:
    """Burn cards on a new shoe: none, a fixed count, or as many as the first card's burn value says."""

    kind: Literal["none", "fixed", "first-card-value"] = "none"
    count: int = 0
    values: Mapping[Rank, int] = field(default_factory=dict)
    cite: Cite | None = None

    def cards_to_burn(self, first_card: Card | None = None) -> int:
        """How many cards are burned after the first (exposed) card; for ``fixed``, the whole count."""
        if self.kind == "none":
            return 0
        if self.kind == "fixed":
            return self.count
        if first_card is None or first_card.rank is None:
            raise BaccaratDataError(
                "shoe.burn", "the burn count is read from the first card; give a standard card"
            )
        return self.values.get(first_card.rank, first_card.rank.low_value)


@dataclass(frozen=True, slots=True)
class Shoe:
    """Decks allowed in the shoe (the table configuration picks), ranks removed, and the new-shoe burn."""

    min_decks: int
    max_decks: int
    default_decks: int
    ranks_removed: frozenset[Rank] = frozenset()
    burn: Burn = Burn()
    cite: Cite | None = None

    def deck_spec(self, decks: int | None = None) -> DeckSpec:
        """The shoe's composition in ``decks`` decks (default: the variant's); a count not allowed is an error."""
        n = self.default_decks if decks is None else decks
        if not self.min_decks <= n <= self.max_decks:
            allowed = (
                f"{self.min_decks}"
                if self.min_decks == self.max_decks
                else f"{self.min_decks} to {self.max_decks}"
            )
            raise BaccaratDataError("decks", f"this game is dealt from {allowed} decks, not {n}")
        return DeckSpec(decks=n, ranks_removed=self.ranks_removed)


def _shoe(d: schema.Shoe, parent: Cite) -> Shoe:
    if isinstance(d.decks, int):
        lo = hi = default = d.decks
    else:
        lo, hi = d.decks.min, d.decks.max
        default = hi if d.decks.default is None else d.decks.default
    removed = frozenset(parse_rank(str(r)) for r in d.ranks_removed)
    cite = Cite.of(d.cite, parent)
    burn = Burn()
    if isinstance(d.burn, schema.ShoeBurn):
        b = d.burn
        values = {parse_rank(str(k)): v for k, v in b.values.items()}
        burn = Burn(b.kind, b.count, values, Cite.of(b.cite, cite))
    return Shoe(lo, hi, default, removed, burn, cite)


@dataclass(frozen=True, slots=True)
class DrawRule:
    """Totals on which a hand draws; every other total stands."""

    draw: frozenset[int]

    def draws(self, total: int) -> bool:
        """Whether a hand with this total takes a card."""
        return total in self.draw


@dataclass(frozen=True, slots=True)
class Tableau:
    """The drawing rules as data.

    ``banker_chart[b][p]`` says whether the Banker draws on a two-card total ``b`` (0-7) when the
    Player's third card counts ``p`` (0-9); ``banker_if_player_stands`` applies when the Player stood.
    ``chart`` says where the chart comes from: ``filed`` (printed in the filing), ``rebuilt`` (lost to
    OCR and rebuilt from the filing's prose by the catalog) or ``prose`` (the filing has only prose).
    """

    naturals: frozenset[int]
    first_cards: tuple[Hand, ...]
    player: DrawRule
    banker_if_player_stands: DrawRule
    banker_chart: tuple[tuple[bool, ...], ...]
    chart: str
    cite: Cite

    def is_natural(self, two_card_total: int) -> bool:
        """Whether a two-card total is a natural (8 or 9 in every filed variant)."""
        return two_card_total in self.naturals

    def player_draws(self, player_total: int, banker_total: int | None = None) -> bool:
        """Whether the Player hand draws a third card on its two-card total.

        With ``banker_total`` given, a Banker natural stops the draw too.
        """
        _check_total(player_total, "player_total")
        if self.is_natural(player_total):
            return False
        if banker_total is not None and self.is_natural(_check_total(banker_total, "banker_total")):
            return False
        return self.player.draws(player_total)

    def banker_draws(
        self,
        banker_total: int,
        player_third: Card | int | None,
        *,
        player_total: int | None = None,
    ) -> bool:
        """Whether the Banker hand draws: from the chart when the Player drew, else the stood rule.

        ``player_third`` is the Player's third card (or its point value), ``None`` when the Player stood.
        With ``player_total`` (the Player's two-card total) given, a Player natural stops the draw.
        """
        _check_total(banker_total, "banker_total")
        if self.is_natural(banker_total):
            return False
        if player_third is None:
            if player_total is not None and self.is_natural(_check_total(player_total, "player_total")):
                return False
            return self.banker_if_player_stands.draws(banker_total)
        p = player_third if isinstance(player_third, int) else card_points(player_third)
        _check_total(p, "player_third")
        if banker_total >= len(self.banker_chart):
            return False
        return self.banker_chart[banker_total][p]

    def cell(self, banker_total: int, player_third: int) -> str:
        """The chart cell as printed: ``H`` (hit) or ``S`` (stand)."""
        return "H" if self.banker_draws(banker_total, player_third) else "S"


def _check_total(total: int, name: str) -> int:
    if not isinstance(total, int) or isinstance(total, bool) or not 0 <= total <= 9:
        raise BaccaratDataError(name, f"a baccarat total is 0 to 9, not {total!r}")
    return total


def card_points(card: Card) -> int:
    """A card's baccarat value: ace 1, two to nine face value, ten and picture cards 0."""
    if card.rank is None:
        raise BaccaratDataError("card", f"{card} has no baccarat value (no jokers in baccarat)")
    v = card.rank.low_value
    return v if v < 10 else 0


def _tableau(t: schema.Tableau, parent: Cite) -> Tableau:
    return Tableau(
        naturals=schema.totals(t.naturals),
        first_cards=tuple(t.first_cards),
        player=DrawRule(schema.totals(t.player.draw)),
        banker_if_player_stands=DrawRule(schema.totals(t.banker_if_player_stands.draw)),
        banker_chart=t.banker_chart(),
        chart=t.chart,
        cite=Cite.of(t.cite, parent),
    )


@dataclass(frozen=True, slots=True)
class Condition:
    """A test on a finished coup; every given field must hold (an empty condition always holds)."""

    winner: Winner | None = None
    player_total: frozenset[int] | None = None
    banker_total: frozenset[int] | None = None
    player_cards: int | None = None
    banker_cards: int | None = None
    player_natural: bool | None = None
    banker_natural: bool | None = None
    margin: frozenset[int] | None = None
    combined_total: frozenset[int] | None = None
    outcome: str | None = None

    def holds(self, r: CoupResult, specials: Mapping[str, Condition]) -> bool:
        """Whether the coup result meets every field."""
        if self.winner is not None and r.winner != self.winner:
            return False
        if self.player_total is not None and r.player_total not in self.player_total:
            return False
        if self.banker_total is not None and r.banker_total not in self.banker_total:
            return False
        if self.player_cards is not None and r.player_cards != self.player_cards:
            return False
        if self.banker_cards is not None and r.banker_cards != self.banker_cards:
            return False
        if self.player_natural is not None and r.player_natural != self.player_natural:
            return False
        if self.banker_natural is not None and r.banker_natural != self.banker_natural:
            return False
        if self.margin is not None and abs(r.player_total - r.banker_total) not in self.margin:
            return False
        if self.combined_total is not None and r.player_total + r.banker_total not in self.combined_total:
            return False
        return self.outcome is None or specials[self.outcome].holds(r, specials)

    @classmethod
    def of(cls, c: schema.Condition) -> Condition:
        """A validated ``when:`` mapping."""
        return cls(
            winner=c.winner,
            player_total=None if c.player_total is None else schema.totals(c.player_total),
            banker_total=None if c.banker_total is None else schema.totals(c.banker_total),
            player_cards=c.player_cards,
            banker_cards=c.banker_cards,
            player_natural=c.player_natural,
            banker_natural=c.banker_natural,
            margin=None if c.margin is None else schema.totals(c.margin),
            combined_total=None if c.combined_total is None else schema.totals(c.combined_total),
            outcome=c.outcome,
        )


@dataclass(frozen=True, slots=True)
class SpecialOutcome:
    """A named outcome a bonus pays on (Dragon 7, Panda 8, Phoenix 7, Tiger 8, Monkey, ...)."""

    key: str
    name: str
    when: Condition
    cite: Cite


# -------------------------------------------------------------------------------------------- wagers

Result = Literal["win", "push", "lose", "no-action"]


@dataclass(frozen=True, slots=True)
class PayRule:
    """One line of a wager's pay table: when the condition holds, the wager wins ``pays`` to 1 (or pushes...)."""

    name: str
    when: Condition
    result: Result
    pays: Fraction
    cite: Cite | None = None
    setting: str | None = None


@dataclass(frozen=True, slots=True)
class WagerRule:
    """A wager, its pay table (first rule that holds decides) and what happens otherwise."""

    key: str
    name: str
    kind: Literal["line", "tie", "bonus"]
    rules: tuple[PayRule, ...]
    otherwise: Result
    requires: tuple[str, ...]
    backline: bool | None
    commission: Fraction
    cite: Cite


# ------------------------------------------------------------------------------- action and settlement


@dataclass(frozen=True, slots=True)
class ActionButton:
    """Where action starts, read from one of the first cards.

    ``card`` is (hand, nth card of that hand, 1-based). ``values`` gives ranks that do not count their
    face value (A=1, J=11, Q=12, K=13 as filed). ``origin`` is the seat counted as zero:
    ``player-dealer`` (the count runs clockwise from the player-dealer, who is seat 0) or
    ``left-of-house-dealer`` (the player-dealer is not counted; the first seat left of the house
    dealer is 1). ``used`` is ``always`` or ``when-bank-does-not-cover``.
    """

    hand: Hand
    nth: int
    values: Mapping[Rank, int]
    origin: Literal["player-dealer", "left-of-house-dealer"]
    used: Literal["always", "when-bank-does-not-cover"]
    cite: Cite

    def count(self, card: Card) -> int:
        """The card's count for the button: A=1, J=11, Q=12, K=13 as filed, other ranks face value."""
        if card.rank is None:
            raise BaccaratDataError("action.button", "the joker has no button count")
        return self.values.get(card.rank, card.rank.low_value)


@dataclass(frozen=True, slots=True)
class SettlementOrder:
    """The order wagers are settled: where it starts, the direction, and the wager order seat to seat."""

    start: str
    direction: Literal["clockwise", "counterclockwise"]
    order: tuple[str, ...]
    when_bank_covers: CoveredOrder | None
    cite: Cite


@dataclass(frozen=True, slots=True)
class CoveredOrder:
    """Where a filing settles differently when the bank covers every wager (start, direction, and
    whether every losing wager is collected before any winner is paid)."""

    start: str
    direction: Literal["clockwise", "counterclockwise"]
    collect_first: bool = False


_STARTS: Final = (
    "action-button",
    "left-of-player-dealer",
    "left-of-house-dealer",
    "right-of-house-dealer",
)


@dataclass(frozen=True, slots=True)
class Setting:
    """A rule that is a setting because the filings are silent or contradict each other."""

    key: str
    default: bool
    about: str


# ----------------------------------------------------------------------------------------- variant


@dataclass(frozen=True)
class Variant:
    """A punto banco variant: shoe, tableau, outcomes, wagers, action button and settlement order."""

    id: str
    name: str
    room: str
    source: Cite
    shoe: Shoe
    tableau: Tableau
    outcomes: tuple[SpecialOutcome, ...]
    wagers: tuple[WagerRule, ...]
    action: ActionButton | None
    settlement: SettlementOrder
    settings: Mapping[str, bool]
    setting_notes: Mapping[str, str] = field(default_factory=dict)

    @property
    def specials(self) -> dict[str, Condition]:
        """Special outcomes by key (what ``outcome:`` in a condition refers to)."""
        return {o.key: o.when for o in self.outcomes}

    def wager(self, key: str) -> WagerRule:
        """One wager by key; an unknown key is a BaccaratDataError listing the known ones."""
        for w in self.wagers:
            if w.key == key:
                return w
        raise BaccaratDataError(
            "wager", f"{self.id} has no wager {key!r}; it has {', '.join(w.key for w in self.wagers)}"
        )

    def with_settings(self, **settings: bool) -> Variant:
        """The same variant with some settings changed (a table configuration's overrides)."""
        unknown = set(settings) - set(self.settings)
        if unknown:
            raise BaccaratDataError("settings", f"unknown setting(s) {', '.join(sorted(unknown))}")
        merged = {**self.settings, **settings}
        return Variant(
            self.id, self.name, self.room, self.source, self.shoe, self.tableau, self.outcomes, self.wagers,
            self.action, self.settlement, merged, self.setting_notes,
        )  # fmt: skip


def _wager(w: schema.Wager, parent: Cite) -> WagerRule:
    cite = Cite.of(w.cite, parent)
    rules = tuple(
        PayRule(
            name=r.name,
            when=Condition.of(r.when),
            result="win" if r.pays is not None else r.result or "push",
            pays=(
                r.pays
                if r.pays is not None
                else Fraction(-1)
                if r.result == "lose"
                else Fraction(0)
            ),
            cite=None if r.cite is None else Cite.of(r.cite, cite),
            setting=r.setting,
        )
        for r in w.settle
    )
    return WagerRule(
        key=w.key,
        name=w.name,
        kind=w.kind,
        rules=rules,
        otherwise=w.otherwise,
        requires=tuple(w.requires),
        backline=w.backline,
        commission=Fraction(str(w.commission)),
        cite=cite,
    )


def _action(a: schema.Action | None, parent: Cite) -> ActionButton | None:
    if a is None:
        return None
    return ActionButton(
        hand=a.card.hand,
        nth=a.card.nth,
        values={parse_rank(str(k)): v for k, v in a.values.items()},
        origin=a.origin,
        used=a.used,
        cite=Cite.of(a.cite, parent),
    )


def _settlement(st: schema.Settlement, parent: Cite) -> SettlementOrder:
    c = st.when_bank_covers
    return SettlementOrder(
        start=st.start,
        direction=st.direction,
        order=tuple(st.order),
        when_bank_covers=None if c is None else CoveredOrder(c.start, c.direction, c.collect_first),
        cite=Cite.of(st.cite, parent),
    )


def source_cite(f: schema.BaccaratFile) -> Cite:
    """The file's ``source:`` header as a Cite."""
    return Cite(seed=f.source.seed, section=f.source.section, lines=f.source.lines)


def punto_banco_from_data(data: Mapping[str, Any], settings: Mapping[str, bool] | None = None) -> Variant:
    """A punto banco :class:`Variant` from a variant file's mapping, validated by the family's schema
    (:class:`rules.baccarat.schema.BaccaratFile`; a :class:`rules.gamefile.GameFileError` names the field);
    ``settings`` overrides the file's settings' defaults (a table configuration's)."""
    return punto_banco(validated(schema.BaccaratFile, data), settings)


def punto_banco(f: schema.BaccaratFile, settings: Mapping[str, bool] | None = None) -> Variant:
    """The engine's model of a validated punto banco file."""
    assert f.tableau is not None and f.wagers is not None and f.settlement is not None
    src = source_cite(f)
    declared = {k: s.default for k, s in f.settings.items()}
    if settings:
        unknown = set(settings) - set(declared)
        if unknown:
            raise BaccaratDataError("settings", f"{f.id} has no setting(s) {', '.join(sorted(unknown))}")
        declared.update({k: bool(v) for k, v in settings.items()})
    return Variant(
        id=f.id,
        name=f.name,
        room=f.room,
        source=src,
        shoe=_shoe(f.shoe, src),
        tableau=_tableau(f.tableau, src),
        outcomes=tuple(
            SpecialOutcome(o.key, o.name, Condition.of(o.when), Cite.of(o.cite, src)) for o in f.outcomes
        ),
        wagers=tuple(_wager(w, src) for w in f.wagers),
        action=_action(f.action, src),
        settlement=_settlement(f.settlement, src),
        settings=declared,
        setting_notes={k: s.about for k, s in f.settings.items()},
    )
