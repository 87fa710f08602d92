"""A blackjack-family variant as data: counting rules, charts, decisions, payouts, side bets, the button.

Built from a game file's mapping (``config/games/blackjack/<variant>.yaml``; ``docs/blackjack.md`` is the
schema). The counting itself is :mod:`rules.evaluators.points` (``totals:`` names a filed preset of
:data:`~rules.evaluators.points.FILED_RULES` or gives the rules inline). Everything here is a value: the
round hooks, settlement and analysis read it and never test a room's name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from rules import gamefile
from rules.banking import VariantBanking
from rules.banking.action import CARD_VALUES
from rules.blackjack import schema
from rules.blackjack.schema import BlackjackFile
from rules.cards import Card, Rank
from rules.decks import parse_rank
from rules.evaluators.points import (
    FILED_RULES,
    TEN_POINT,
    BlackjackRules,
    BlackjackRulesError,
    Total,
)
from rules.gamefile import CiteBlock, GameFileError, validated


def cite_text(data: object) -> str:
    """A cite as one line: ``seed, section, lines`` from a mapping or a cite block, or the words as given."""
    if isinstance(data, CiteBlock):
        return gamefile.cite_text(data)
    if isinstance(data, Mapping):
        return ", ".join(str(data[k]) for k in ("seed", "section", "lines") if data.get(k))
    return "" if data is None else str(data)


# --------------------------------------------------------------------------------------------------
# Hit/stand charts
# --------------------------------------------------------------------------------------------------

HIT: Final = "hit"
STAND: Final = "stand"
OPTION: Final = "option"
_ACTIONS: Final = (HIT, STAND, OPTION)


@dataclass(frozen=True, slots=True)
class ChartRow:
    """One row of a hit/stand chart: totals ``lo``..``hi`` (``soft``: only soft, only hard, or either)."""

    label: str
    lo: int
    hi: int
    soft: bool | None
    action: str
    cite: str = ""
    choice: str = ""

    def matches(self, total: Total) -> bool:
        """Whether an ordinary (not special, not frozen) total falls in this row."""
        best = int(total.best)
        if not self.lo <= best <= self.hi:
            return False
        return self.soft is None or self.soft is total.is_soft


@dataclass(frozen=True, slots=True)
class Chart:
    """A hit/stand chart as filed: the first matching row decides; special and frozen hands take no card."""

    name: str
    rows: tuple[ChartRow, ...]
    cite: str = ""

    def row(self, total: Total) -> ChartRow | None:
        """The row for ``total``; None for a hand that takes no card whatever the chart (special, frozen)."""
        if total.special is not None or total.frozen:
            return None
        for r in self.rows:
            if r.matches(total):
                return r
        return None

    def action(self, total: Total) -> str:
        """``hit``, ``stand`` or ``option`` for ``total`` (a hand the chart does not list stands)."""
        r = self.row(total)
        return STAND if r is None else r.action

    @classmethod
    def from_schema(cls, c: schema.Chart, name: str) -> Chart:
        """The chart of a validated ``player_chart`` / ``player_dealer_chart``."""
        cite = cite_text(c.cite)
        rows = tuple(
            ChartRow(
                r.label or f"{r.totals[0]}-{r.totals[1]}",
                r.totals[0],
                r.totals[1],
                r.soft,
                r.action,
                cite_text(r.cite) or cite,
                r.choice or "",
            )
            for r in c.rows
        )
        return cls(name, rows, cite)


# --------------------------------------------------------------------------------------------------
# Decisions, payouts, comparison
# --------------------------------------------------------------------------------------------------

DECISIONS: Final = ("hit", "stand", "double", "split", "surrender", "insurance")


@dataclass(frozen=True, slots=True)
class DecisionRule:
    """One player decision the filing allows, and its limits."""

    action: str
    cite: str
    first_two_only: bool = False
    totals: tuple[int, ...] = ()  # double only on these hard totals (10, 11); empty = any
    not_on_natural: bool = True
    not_after_split: bool = False
    not_with_joker: bool = False
    not_when_up: tuple[str, ...] = ()  # card patterns: the player-dealer's up card forbids it (Jk)
    only_when_up: tuple[str, ...] = ()  # insurance: the player-dealer shows an ace
    before_hit: bool = False
    pays: Fraction = Fraction(2)  # insurance
    max_fraction: Fraction = Fraction(1)  # insurance: at most this share of the game wager
    forfeit: Fraction = Fraction(1, 2)  # surrender
    no_action_on_natural: bool = False  # double: "If the PD's hand is a Natural, DD ... receive no action"
    max_splits: int = 0  # split: at most this many splits per seat (0: no limit filed)
    no_resplit_aces: bool = False
    max_total: int = 0  # surrender: only while the hand does not exceed this total (0: any)


def _decision(action: str, d: schema.Decision | None) -> DecisionRule:
    d = d or schema.Decision()
    first_two = d.first_two_only if d.first_two_only is not None else action in ("double", "split", "surrender")
    return DecisionRule(
        action,
        cite_text(d.cite),
        first_two,
        tuple(d.totals),
        d.not_on_natural,
        d.not_after_split,
        d.not_with_joker,
        tuple(d.not_when_up),
        tuple(d.only_when_up),
        d.before_hit,
        Fraction(2) if d.pays is None else d.pays,
        Fraction(1) if d.max_fraction is None else d.max_fraction,
        Fraction(1, 2) if d.forfeit is None else d.forfeit,
        d.no_action_on_natural,
        d.max_splits,
        d.no_resplit_aces,
        d.max_total,
    )


COMPARISONS: Final = ("no-bust-21.5", "no-bust-22", "pure-21.5", "play-to-31", "closest-22")


@dataclass(frozen=True, slots=True)
class Payouts:
    """What a winning game wager pays: by special hand name (``Natural 31: 3:2``), else ``win``."""

    specials: Mapping[str, Fraction]
    win: Fraction
    cite: str

    def for_total(self, total: Total) -> Fraction:
        """The odds a winning hand of ``total`` is paid."""
        if total.special is not None and total.special in self.specials:
            return self.specials[total.special]
        return self.win


# --------------------------------------------------------------------------------------------------
# Side bets
# --------------------------------------------------------------------------------------------------

SIDE_BET_KINDS: Final = (
    "player_dealer_bust_cards",  # Buster: cards in the player-dealer's busted hand
    "first_two_pair",  # Lucky Pair: the player's first two cards a pair (more with a PD natural)
    "three_card_rank",  # Magic Sevens, Jack Magic: player's two cards + PD up card, by one rank
    "red_run",  # Red Flex: consecutive red cards from the player-dealer's first card
    "blackjack_bonus",  # Marysville Blackjack Bonus Bet: the player's first two cards
    "lucky_lucky",  # Lucky Lucky: player's two cards + PD up card
    "frozen_plus_hole",  # Cal Blackjack side bet: a frozen 22-30 plus the PD's second card makes 31
)


@dataclass(frozen=True, slots=True)
class PayRow:
    """One row of a side bet's pay table: its words, what it needs (kind-specific), and what it pays."""

    name: str
    pays: Fraction
    cards: int = 0  # bust cards / red run length / rank count
    or_more: bool = False
    special: int = 0  # three_card_rank: at least this many of the special cards (red sevens, one-eyed jacks)
    hand: str = ""  # blackjack_bonus / lucky_lucky: the named hand
    with_natural: bool = False  # first_two_pair: the player-dealer also has a natural


@dataclass(frozen=True, slots=True)
class SideBet:
    """A side bet: its wager key, name, kind, pay table (best row first) and where it is filed."""

    key: str
    name: str
    kind: str
    rows: tuple[PayRow, ...]
    cite: str
    rank: Rank | None = None  # three_card_rank
    special_cards: tuple[str, ...] = ()  # three_card_rank: e.g. [7h, 7d] or [Js, Jh]
    #: The decks the bet's filing deals it from, ``(fewest, most)`` (Buster: six to eight, seed 003 L795);
    #: ``analyze`` notes a shoe outside them. None where the filing does not say.
    decks: tuple[int, int] | None = None

    @classmethod
    def from_schema(cls, b: schema.SideBet) -> SideBet:
        """One validated ``side_bets:`` entry (see docs/blackjack.md)."""
        rows = tuple(
            PayRow(r.name, r.pays, r.cards, r.or_more, r.special, r.hand, r.with_natural) for r in b.pays
        )
        three = b if isinstance(b, schema.ThreeCardRankBet) else None
        return cls(
            b.key,
            b.name or b.key,
            b.kind,
            rows,
            cite_text(b.cite),
            None if three is None else parse_rank(str(three.rank)),
            () if three is None else tuple(three.special_cards),
            None if b.decks is None else (b.decks[0], b.decks[1]),
        )


# --------------------------------------------------------------------------------------------------
# The variant
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ActionButton:
    """The action button from one of the player-dealer's cards: its ``nth`` card's value (A=1 … K=13, the
    joker ``joker``), counted by the banking engine's rule (``banking.action``)."""

    nth: int
    values: Mapping[str, int]
    cite: str

    def count(self, card: Card) -> int:
        """The count a card gives."""
        if card.is_joker:
            return self.values.get("Jk", 14)
        assert card.rank is not None
        return self.values.get(card.rank.char, 0)


_DEFAULT_VALUES: Final = {**CARD_VALUES, "Jk": 14}


@dataclass(frozen=True, slots=True)
class Variant:
    """One blackjack-family variant (see the module notes and docs/blackjack.md)."""

    id: str
    totals: BlackjackRules
    compare: str
    payouts: Payouts
    player_chart: Chart | None
    player_dealer_chart: Chart | None
    peek: tuple[str, ...]  # the PD's up cards on which the dealer checks the hole card for a natural
    peek_cite: str
    frozen_by_up: tuple[str, ...]  # PD up cards that freeze every player's hand (No Bust: a joker)
    decisions: Mapping[str, DecisionRule]
    side_bets: tuple[SideBet, ...]
    button: ActionButton | None
    banking: VariantBanking | None
    game_wager: str = "main"
    compare_cite: str = ""
    shoe_decks: tuple[int, int] = (1, 8)

    def side_bet(self, key: str) -> SideBet | None:
        """The side bet with wager key ``key``."""
        return next((b for b in self.side_bets if b.key == key), None)

    def pd_chart_action(self, total: Total) -> str:
        """``hit``/``stand``/``option`` for the player-dealer (no chart filed: every total is an option)."""
        if self.player_dealer_chart is None:
            return STAND if total.special is not None or total.frozen or total.busted_or_over else OPTION
        return self.player_dealer_chart.action(total)


def matches_any(patterns: Sequence[str], card: Card) -> bool:
    """Whether ``card`` matches one of the card patterns (``A``, ``10pt``, ``Jk``, ``As``, ``*``)."""
    from rules.evaluators.points import _matches  # the evaluator's own pattern matcher

    return any(_matches(p, card) for p in patterns)


def _totals(t: schema.Totals) -> BlackjackRules:
    if t.preset is not None:
        return FILED_RULES[t.preset]
    try:
        return BlackjackRules.from_data(t.model_dump(exclude_none=True))
    except BlackjackRulesError as exc:
        raise GameFileError("totals", str(exc)) from None


def from_data(data: Mapping[str, Any]) -> Variant:
    """The variant of a game file's mapping, validated by the family's schema
    (:class:`rules.blackjack.schema.BlackjackFile`); a :class:`rules.gamefile.GameFileError` names the field."""
    return from_file(validated(BlackjackFile, data), data)


def from_file(f: BlackjackFile, data: Mapping[str, Any]) -> Variant:
    """The engine's model of a validated file (``data``: its mapping, for the ``banking`` block's reader)."""
    button = None
    if f.action_button is not None:
        values = dict(_DEFAULT_VALUES)
        for k, v in f.action_button.values.items():
            values["T" if k == "10" else k] = v
        button = ActionButton(f.action_button.card, values, cite_text(f.action_button.cite))
    decisions = {
        action: _decision(action, d)
        for action in DECISIONS
        if (d := getattr(f.decisions, action)) is not None or action in f.decisions.model_fields_set
    }
    peek = f.peek or schema.CardsUp()
    frozen = f.frozen_by_up or schema.CardsUp()
    return Variant(
        f.id,
        _totals(f.totals),
        f.compare.rule,
        Payouts(dict(f.payouts.specials), f.payouts.win, cite_text(f.payouts.cite)),
        None if f.player_chart is None else Chart.from_schema(f.player_chart, "players"),
        None if f.player_dealer_chart is None else Chart.from_schema(f.player_dealer_chart, "player-dealer"),
        tuple(peek.up),
        cite_text(peek.cite),
        tuple(frozen.up),
        decisions,
        tuple(SideBet.from_schema(b) for b in f.side_bets),
        button,
        None if f.banking is None else VariantBanking.from_data(data["banking"]),
        f.game_wager,
        cite_text(f.compare.cite),
        (f.shoe.min_decks, f.shoe.max_decks),
    )


__all__ = [
    "HIT",
    "OPTION",
    "STAND",
    "TEN_POINT",
    "ActionButton",
    "Chart",
    "ChartRow",
    "DecisionRule",
    "PayRow",
    "Payouts",
    "SideBet",
    "Variant",
    "cite_text",
    "from_data",
    "matches_any",
    "from_file",
]
