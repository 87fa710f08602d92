"""The Three Card Poker family's variant model, built from a game file's mapping.

One model covers every filed game of the family: Three Card Poker (with Pair Plus, 6 Card Bonus, Pair & Up,
Bonus 6 or the Capitol "Bonus") and 3 Card Texas Hold'em (two hole cards and three communal cards, with its
Bet or Fold and Bet or Check steps and the Flush Or Pair and Straight Or Up side bets). Which wagers a room
offers, how its player-dealer qualifies, what the Ante does against a player-dealer who does not qualify,
which bonuses survive a fold and every pay table are data; nothing here names a room.

The game file is checked by the family's schema (:mod:`rules.threecard.schema`, a
:class:`rules.gamefile.GameFileError` naming the field, ``bonuses[1].pays[2].hand``); this module builds the
engine's model from the validated file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final, Literal, cast

from rules.banking import VariantBanking
from rules.errors import RulesError
from rules.evaluators.three import (
    FLUSH,
    HIGH_CARD,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    ThreeCardRules,
)
from rules.gamefile import Cite as GameCite
from rules.gamefile import cite_text, pay_ratio, validated
from rules.threecard import schema
from rules.threecard.schema import ThreeCardFile, qualifier_value

Game = Literal["three-card-poker", "three-card-holdem"]
Result = Literal["win", "lose", "push", "no-action"]
HandKind = Literal["three-card", "six-card", "hole-cards", "straight-or-up"]
Comparison = Literal["player_higher", "player_dealer_higher", "tie"]

GAMES: Final[tuple[str, ...]] = ("three-card-poker", "three-card-holdem")
RESULTS: Final[tuple[str, ...]] = ("win", "lose", "push", "no-action")
HAND_KINDS: Final[tuple[str, ...]] = ("three-card", "six-card", "hole-cards", "straight-or-up")
COMPARISONS: Final[tuple[Comparison, ...]] = ("player_higher", "player_dealer_higher", "tie")

class ThreeCardDataError(RulesError, ValueError):
    """A variant file (or a call) that does not fit the Three Card Poker vocabulary; names the field."""

    def __init__(self, where: str, reason: str) -> None:
        self.where = where
        self.reason = reason
        super().__init__(f"{where}: {reason}" if where else reason)


@dataclass(frozen=True, slots=True)
class Cite:
    """Where a rule comes from: the filing's lines (the seed file and section are the variant's)."""

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class PayLine:
    """One line of a pay table: the hand as filed and what it pays to 1."""

    hand: str
    pays: Fraction

    @property
    def key(self) -> str:
        """The line's hand in lower case, as the matchers know it."""
        return self.hand.strip().lower()


@dataclass(frozen=True, slots=True)
class Bonus:
    """An optional bonus wager: its name as filed, what hand it looks at, its pay tables and fold rule.

    ``tables`` holds every filed option (``A1``/``A2`` for Flush Or Pair); ``table`` is the one posted.
    ``needs_ante``: it may be placed only with an Ante. ``equal_to_ante``: it must equal the Ante to be
    paid (Capitol, seed 003 L984). ``survives_fold``: it stays in action when the player folds.
    """

    key: str
    name: str
    hand: HandKind
    tables: Mapping[str, tuple[PayLine, ...]]
    table: str
    needs_ante: bool
    equal_to_ante: bool
    survives_fold: bool
    cite: Cite
    fold_cite: Cite

    @property
    def pays(self) -> tuple[PayLine, ...]:
        """The posted pay table."""
        return self.tables[self.table]


@dataclass(frozen=True, slots=True)
class Raise:
    """A wager made after looking at the cards, equal to the Ante: Play, or Bet or Fold / Bet or Check."""

    key: str
    name: str
    step: Literal["play-or-fold", "bet-or-fold", "bet-or-check"]
    cite: Cite


@dataclass(frozen=True, slots=True)
class ShowdownRow:
    """What the Ante and each raise do for one comparison of the hands."""

    ante: Result
    raises: Result


@dataclass(frozen=True, slots=True)
class Showdown:
    """The showdown table for a qualifying or a non-qualifying player-dealer."""

    rows: Mapping[Comparison, ShowdownRow]
    cite: Cite

    def row(self, comparison: Comparison) -> ShowdownRow:
        """The row for one comparison."""
        return self.rows[comparison]


@dataclass(frozen=True, slots=True)
class AlternatingDecksSpec:
    """Two decks with different backs, used every other round (the other one is in the shuffler)."""

    backs: tuple[str, str]
    cite: Cite


@dataclass(frozen=True, slots=True)
class ActionButton:
    """Where settlement starts when the bank may not cover every wager (the action seat).

    ``how``: ``card`` (the player-dealer's ``nth`` card as dealt, counted with the ``banking.action``
    rule over ``positions`` seated positions), ``left_of_player_dealer`` (the first player clockwise from
    the player-dealer, no button), or ``dealer`` (the filing has a button but does not say where it goes:
    the dealer places it, the round's ``button`` seat).
    """

    how: Literal["card", "left_of_player_dealer", "dealer"]
    cite: Cite
    nth: int = 0
    positions: int = 8


@dataclass(frozen=True, slots=True)
class Variant:
    """A room's Three Card Poker family game."""

    id: str
    name: str
    game: Game
    decks_min: int
    decks_max: int
    decks_default: int
    alternating: AlternatingDecksSpec | None
    hole_cards: int  # 3 in Three Card Poker, 2 in 3 Card Texas Hold'em
    board_cards: int  # 0, or 3 communal cards
    ranking: ThreeCardRules
    qualifier: int  # the lowest qualifying three-card value (rules.evaluators.three)
    qualifier_text: str
    qualify_cite: Cite
    ante_required: bool
    raises: tuple[Raise, ...]
    fold_cite: Cite
    qualified: Showdown
    not_qualified: Showdown
    ante_bonus: tuple[PayLine, ...]
    ante_bonus_cite: Cite | None
    bonuses: tuple[Bonus, ...]
    shows: str  # which of the player-dealer's cards is turned up at the deal, as filed
    shows_cite: Cite
    arrangement: str
    arrangement_cite: Cite
    order: tuple[str, ...]
    order_cite: Cite
    unequal_bets: bool  # 3 Card Texas Hold'em irregularity (e)(5): pay on the smaller bet, refund the rest
    unequal_bets_cite: Cite | None
    #: 3 Card Texas Hold'em (e)(4): a player who cannot match the Ante may forfeit the Ante and side bets
    insufficient_funds_cite: Cite | None = None
    #: Where settlement starts (the action seat), and the banking block (rotation, order, coverage).
    button: ActionButton | None = None
    banking: VariantBanking | None = None

    def bonus(self, key: str) -> Bonus:
        """A bonus by key; an unknown key is a :class:`ThreeCardDataError` listing the variant's bonuses."""
        for b in self.bonuses:
            if b.key == key:
                return b
        known = ", ".join(b.key for b in self.bonuses) or "none"
        raise ThreeCardDataError("wager", f"{self.id} has no bonus {key!r} (its bonuses: {known})")

    def wager_keys(self) -> tuple[str, ...]:
        """Every wager key of the variant: ante, the raises, the bonuses."""
        return ("ante", *(r.key for r in self.raises), *(b.key for b in self.bonuses))


# --------------------------------------------------------------------------------------------- building


def parse_qualifier(text: object, where: str = "qualify.at_least") -> int:
    """The lowest qualifying value for ``queen high``, ``Q high``, ``pair of 4s``, ``pair of fours``, or
    a category name (``pair``: any pair)."""
    value = qualifier_value(text) if isinstance(text, str) else None
    if value is None:
        raise ThreeCardDataError(where, f"write the qualifier as 'queen high' or 'pair of 4s', not {text!r}")
    return value


def _cite(c: GameCite) -> Cite:
    return Cite(cite_text(c).strip())


def _pay_table(rows: list[schema.PayLine]) -> tuple[PayLine, ...]:
    return tuple(PayLine(r.hand, pay_ratio(r.pays)) for r in rows)


def _showdown(t: schema.ShowdownTable) -> Showdown:
    rows = {
        "player_higher": ShowdownRow(t.player_higher.ante, t.player_higher.raise_),
        "player_dealer_higher": ShowdownRow(t.player_dealer_higher.ante, t.player_dealer_higher.raise_),
        "tie": ShowdownRow(t.tie.ante, t.tie.raise_),
    }
    return Showdown(cast(Mapping[Comparison, ShowdownRow], rows), _cite(t.cite))


def _bonus(b: schema.Bonus) -> Bonus:
    if b.pays is not None:
        tables, table = {"posted": _pay_table(b.pays)}, "posted"
    else:
        assert b.tables is not None and b.table is not None
        tables, table = {k: _pay_table(v) for k, v in b.tables.items()}, b.table
    return Bonus(
        key=b.key,
        name=b.name,
        hand=b.hand,
        tables=tables,
        table=table,
        needs_ante=b.needs_ante,
        equal_to_ante=b.equal_to_ante,
        survives_fold=b.on_fold.stays,
        cite=_cite(b.cite),
        fold_cite=_cite(b.on_fold.cite),
    )


def _action_button(b: schema.ActionButton) -> ActionButton:
    cite = _cite(b.cite)
    if b.card is not None:
        return ActionButton("card", cite, b.card, b.positions)
    if b.from_ is not None:
        return ActionButton("left_of_player_dealer", cite)
    return ActionButton("dealer", cite)


def from_data(data: Mapping[str, Any]) -> Variant:
    """The variant of a game file's mapping (``family: threecard``), validated by the family's schema
    (:class:`rules.threecard.schema.ThreeCardFile`); a :class:`rules.gamefile.GameFileError` names the field."""
    return from_file(validated(ThreeCardFile, data), data)


def from_file(f: ThreeCardFile, data: Mapping[str, Any]) -> Variant:
    """The engine's model of a validated file (``data``: its mapping, for the ``banking`` block's reader)."""
    d = f.decks
    count = d.count
    alternating = (
        AlternatingDecksSpec((d.backs[0], d.backs[1]), _cite(d.cite)) if d.alternating and d.backs else None
    )
    ab = f.ante_bonus
    return Variant(
        id=f.id,
        name=f.name,
        game=f.game,
        decks_min=1 if count is None else count.min,
        decks_max=1 if count is None else count.max,
        decks_default=1 if count is None else count.default,
        alternating=alternating,
        hole_cards=f.hands.player,
        board_cards=f.hands.board,
        ranking=ThreeCardRules(mini_royal=f.ranking.mini_royal),
        qualifier=parse_qualifier(f.qualify.at_least),
        qualifier_text=f.qualify.at_least,
        qualify_cite=_cite(f.qualify.cite),
        ante_required=f.ante.required,
        raises=tuple(Raise(r.key, r.name, r.step, _cite(r.cite)) for r in f.raises),
        fold_cite=_cite(f.fold.cite),
        qualified=_showdown(f.showdown.qualified),
        not_qualified=_showdown(f.showdown.not_qualified),
        ante_bonus=() if ab is None else _pay_table(ab.pays),
        ante_bonus_cite=None if ab is None else _cite(ab.cite),
        bonuses=tuple(_bonus(b) for b in f.bonuses),
        shows=f.player_dealer_shows.card,
        shows_cite=_cite(f.player_dealer_shows.cite),
        arrangement=f.arrangement.rule,
        arrangement_cite=_cite(f.arrangement.cite),
        order=tuple(f.order.wagers),
        order_cite=_cite(f.order.cite),
        unequal_bets=f.unequal_bets is not None,
        unequal_bets_cite=None if f.unequal_bets is None else _cite(f.unequal_bets.cite),
        insufficient_funds_cite=(
            None if f.insufficient_funds is None else _cite(f.insufficient_funds.cite)
        ),
        button=_action_button(f.action_button),
        banking=VariantBanking.from_data(data["banking"]),
    )


def describe_value(value: int) -> str:
    """A three-card value in words a dealer reads: ``Q-6-4``, ``pair of 4s``, ``K-Q-J straight``."""
    names = {11: "J", 12: "Q", 13: "K", 14: "A"}

    def r(x: int) -> str:
        return names.get(x, str(x))

    cat = value >> 12
    a, b, c = (value >> 8) & 15, (value >> 4) & 15, value & 15
    if cat == HIGH_CARD:
        return "-".join(r(x) for x in (a, b, c) if x)
    if cat == PAIR:
        return f"pair of {r(a)}s" + (f", {r(b)} kicker" if b else "")
    if cat == FLUSH:
        return f"{r(a)}-{r(b)}-{r(c)} flush"
    if cat in (STRAIGHT, STRAIGHT_FLUSH):
        word = "straight" if cat == STRAIGHT else "straight flush"
        return f"{r(a)}-high {word}" if a != 3 else f"3-2-A {word}"
    return f"three {r(a)}s"
