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

from rules.banking import VariantBanking
from rules.banking.action import CARD_VALUES
from rules.banking.errors import DataError as BankingDataError
from rules.cards import Card, Rank
from rules.errors import RulesError
from rules.evaluators.points import (
    FILED_RULES,
    TEN_POINT,
    BlackjackRules,
    BlackjackRulesError,
    Total,
)
from rules.gamefile import HEADER_KEYS, ROUND_KEYS


class BlackjackDataError(RulesError, ValueError):
    """A blackjack variant file whose family keys do not make sense; ``path`` names the field."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}")


def cite_text(data: object) -> str:
    """A cite as one line: ``seed, section, lines`` from a mapping, or the string as given."""
    if isinstance(data, Mapping):
        return ", ".join(str(data[k]) for k in ("seed", "section", "lines") if data.get(k))
    return "" if data is None else str(data)


def ratio(value: object, path: str) -> Fraction:
    """A payout ``"6:5"``, ``"3 to 2"``, ``2`` or ``"1/2"`` as the net paid per unit."""
    if isinstance(value, bool):
        raise BlackjackDataError(path, f"bad payout {value!r}")
    if isinstance(value, int):
        return Fraction(value)
    text = str(value).strip().replace(" to ", ":")
    try:
        if ":" in text:
            a, b = text.split(":")
            return Fraction(int(a), int(b))
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise BlackjackDataError(path, f"bad payout {value!r}: write it as '6:5' or a number") from None


def _map(data: object, path: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise BlackjackDataError(path, "expected a mapping")
    return data


def _only(data: Mapping[str, Any], allowed: set[str], path: str) -> None:
    unknown = sorted(set(map(str, data)) - allowed)
    if unknown:
        raise BlackjackDataError(f"{path}.{unknown[0]}", "unknown key")


def _int(value: object, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BlackjackDataError(path, f"expected a whole number, not {value!r}")
    return value


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
    def from_data(cls, data: object, path: str, name: str) -> Chart:
        """``{cite, rows: [{label, totals: [lo, hi], soft: true|false (omit: either), action, cite?, choice?}]}``."""
        m = _map(data, path)
        _only(m, {"cite", "rows", "note"}, path)
        rows_data = m.get("rows")
        if not isinstance(rows_data, list):
            raise BlackjackDataError(f"{path}.rows", "a list of chart rows")
        rows: list[ChartRow] = []
        for i, r in enumerate(rows_data):
            rp = f"{path}.rows.{i}"
            rm = _map(r, rp)
            _only(rm, {"label", "totals", "soft", "action", "cite", "choice"}, rp)
            totals = rm.get("totals")
            if not isinstance(totals, list) or len(totals) != 2:
                raise BlackjackDataError(f"{rp}.totals", "give [lowest, highest]")
            lo, hi = _int(totals[0], f"{rp}.totals"), _int(totals[1], f"{rp}.totals")
            if lo > hi:
                raise BlackjackDataError(f"{rp}.totals", f"{lo} is above {hi}")
            action = rm.get("action")
            if action not in _ACTIONS:
                raise BlackjackDataError(f"{rp}.action", "hit, stand or option")
            soft = rm.get("soft")
            if soft is not None and not isinstance(soft, bool):
                raise BlackjackDataError(f"{rp}.soft", "true (soft only), false (hard only), or leave it out")
            rows.append(
                ChartRow(
                    str(rm.get("label", f"{lo}-{hi}")),
                    lo,
                    hi,
                    soft,
                    str(action),
                    cite_text(rm.get("cite")) or cite_text(m.get("cite")),
                    str(rm.get("choice", "")),
                )
            )
        return cls(name, tuple(rows), cite_text(m.get("cite")))


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


_DECISION_KEYS: Final = {
    "cite",
    "first_two_only",
    "totals",
    "not_on_natural",
    "not_after_split",
    "not_with_joker",
    "not_when_up",
    "only_when_up",
    "before_hit",
    "pays",
    "max_fraction",
    "forfeit",
    "no_action_on_natural",
    "note",
    "choice",
    "max_splits",
    "no_resplit_aces",
    "max_total",
    "for_less",
}


def _decision(action: str, data: object, path: str) -> DecisionRule:
    m = _map(data, path) if data is not None else {}
    _only(m, _DECISION_KEYS, path)
    totals = m.get("totals") or []
    if not isinstance(totals, list):
        raise BlackjackDataError(f"{path}.totals", "a list of totals")
    return DecisionRule(
        action,
        cite_text(m.get("cite")),
        bool(m.get("first_two_only", action in ("double", "split", "surrender"))),
        tuple(_int(t, f"{path}.totals") for t in totals),
        bool(m.get("not_on_natural", True)),
        bool(m.get("not_after_split", False)),
        bool(m.get("not_with_joker", False)),
        tuple(str(p) for p in m.get("not_when_up", ()) or ()),
        tuple(str(p) for p in m.get("only_when_up", ()) or ()),
        bool(m.get("before_hit", False)),
        ratio(m.get("pays", 2), f"{path}.pays"),
        ratio(m.get("max_fraction", 1), f"{path}.max_fraction"),
        ratio(m.get("forfeit", "1/2"), f"{path}.forfeit"),
        bool(m.get("no_action_on_natural", False)),
        _int(m.get("max_splits", 0), f"{path}.max_splits"),
        bool(m.get("no_resplit_aces", False)),
        _int(m.get("max_total", 0), f"{path}.max_total"),
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
    def from_data(cls, data: object, path: str) -> SideBet:
        """One ``side_bets:`` entry (see docs/blackjack.md)."""
        m = _map(data, path)
        _only(
            m,
            {
                "key",
                "name",
                "kind",
                "pays",
                "cite",
                "rank",
                "special_cards",
                "note",
                "choice",
                "decks",
            },
            path,
        )
        kind = m.get("kind")
        if kind not in SIDE_BET_KINDS:
            raise BlackjackDataError(f"{path}.kind", f"one of {', '.join(SIDE_BET_KINDS)}")
        rows_data = m.get("pays")
        if not isinstance(rows_data, list) or not rows_data:
            raise BlackjackDataError(f"{path}.pays", "a non-empty pay table, best row first")
        rows: list[PayRow] = []
        for i, r in enumerate(rows_data):
            rp = f"{path}.pays.{i}"
            rm = _map(r, rp)
            _only(rm, {"name", "pays", "cards", "or_more", "special", "hand", "with_natural"}, rp)
            rows.append(
                PayRow(
                    str(rm.get("name", "")),
                    ratio(rm.get("pays"), f"{rp}.pays"),
                    _int(rm.get("cards", 0), f"{rp}.cards"),
                    bool(rm.get("or_more", False)),
                    _int(rm.get("special", 0), f"{rp}.special"),
                    str(rm.get("hand", "")),
                    bool(rm.get("with_natural", False)),
                )
            )
        rank = None
        if kind == "three_card_rank":
            from rules.decks import parse_rank

            try:
                rank = parse_rank(m.get("rank"))
            except RulesError as exc:
                raise BlackjackDataError(f"{path}.rank", str(exc)) from None
        if kind in ("blackjack_bonus", "lucky_lucky"):
            known = _BONUS_HANDS if kind == "blackjack_bonus" else _LUCKY_HANDS
            for i, row in enumerate(rows):
                if row.hand not in known:
                    raise BlackjackDataError(f"{path}.pays.{i}.hand", f"one of {', '.join(known)}")
        decks = None
        if m.get("decks") is not None:
            d = m["decks"]
            if not (
                isinstance(d, list)
                and len(d) == 2
                and all(isinstance(x, int) and x > 0 for x in d)
                and d[0] <= d[1]
            ):
                raise BlackjackDataError(
                    f"{path}.decks", "[fewest, most]: the decks the bet's filing deals it from"
                )
            decks = (int(d[0]), int(d[1]))
        return cls(
            str(m.get("key", "")),
            str(m.get("name", m.get("key", ""))),
            str(kind),
            tuple(rows),
            cite_text(m.get("cite")),
            rank,
            tuple(str(c) for c in m.get("special_cards", ()) or ()),
            decks,
        )


_BONUS_HANDS: Final = (
    "pair_of_ks_beaten_by_blackjack",
    "pair_of_ks",
    "same_rank_and_suit",
    "suited_20",
    "two_card_20",
    "first_card_picture",
)
_LUCKY_HANDS: Final = ("suited_777", "suited_678", "777", "678", "suited_21", "21", "20", "19")


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


def _totals(data: object) -> BlackjackRules:
    if isinstance(data, str):
        if data not in FILED_RULES:
            raise BlackjackDataError("totals", f"unknown preset {data!r}; one of {', '.join(FILED_RULES)}")
        return FILED_RULES[data]
    m = _map(data, "totals")
    if "preset" in m:
        return _totals(m["preset"])
    try:
        return BlackjackRules.from_data(m)
    except BlackjackRulesError as exc:
        raise BlackjackDataError("totals", str(exc)) from None


_FAMILY_KEYS: Final = {
    "totals",
    "compare",
    "payouts",
    "player_chart",
    "player_dealer_chart",
    "peek",
    "frozen_by_up",
    "decisions",
    "side_bets",
    "action_button",
    "banking",
    "game_wager",
    "shoe",
}
_HEADER_KEYS: Final = HEADER_KEYS | ROUND_KEYS


def from_data(data: Mapping[str, Any]) -> Variant:
    """The variant from a game file's whole mapping; unknown keys are an error naming the field."""
    _only(data, _FAMILY_KEYS | _HEADER_KEYS, "game")
    gid = str(data.get("id", "blackjack/unnamed"))
    if "totals" not in data:
        raise BlackjackDataError("totals", "a preset name or the counting rules")
    totals = _totals(data["totals"])
    cmp = _map(data.get("compare"), "compare")
    _only(cmp, {"rule", "cite", "note", "choice"}, "compare")
    if cmp.get("rule") not in COMPARISONS:
        raise BlackjackDataError("compare.rule", f"one of {', '.join(COMPARISONS)}")
    pay = _map(data.get("payouts"), "payouts")
    _only(pay, {"specials", "win", "cite", "choice", "note"}, "payouts")
    specials = {
        str(k): ratio(v, f"payouts.specials.{k}")
        for k, v in (_map(pay.get("specials") or {}, "payouts.specials")).items()
    }
    payouts = Payouts(specials, ratio(pay.get("win", 1), "payouts.win"), cite_text(pay.get("cite")))
    pc = data.get("player_chart")
    pdc = data.get("player_dealer_chart")
    peek = _map(data.get("peek") or {}, "peek")
    _only(peek, {"up", "cite", "note", "choice"}, "peek")
    fz = _map(data.get("frozen_by_up") or {}, "frozen_by_up")
    _only(fz, {"up", "cite", "note"}, "frozen_by_up")
    dec = _map(data.get("decisions") or {}, "decisions")
    for k in dec:
        if k not in DECISIONS:
            raise BlackjackDataError(f"decisions.{k}", f"one of {', '.join(DECISIONS)}")
    decisions = {str(k): _decision(str(k), v, f"decisions.{k}") for k, v in dec.items()}
    bets_data = data.get("side_bets") or []
    if not isinstance(bets_data, list):
        raise BlackjackDataError("side_bets", "a list")
    bets = tuple(SideBet.from_data(b, f"side_bets.{i}") for i, b in enumerate(bets_data))
    keys = [b.key for b in bets]
    if len(set(keys)) != len(keys) or "" in keys:
        raise BlackjackDataError("side_bets", "every side bet needs its own key")
    button = None
    if data.get("action_button") is not None:
        ab = _map(data["action_button"], "action_button")
        _only(ab, {"card", "values", "cite", "note", "choice"}, "action_button")
        values = dict(_DEFAULT_VALUES)
        for k, v in (_map(ab.get("values") or {}, "action_button.values")).items():
            values["T" if str(k) == "10" else str(k)] = _int(v, f"action_button.values.{k}")
        button = ActionButton(
            _int(ab.get("card", 2), "action_button.card"), values, cite_text(ab.get("cite"))
        )
    banking = None
    if data.get("banking") is not None:
        try:
            banking = VariantBanking.from_data(data["banking"])
        except BankingDataError as exc:
            raise BlackjackDataError("banking", str(exc)) from None
    shoe = _map(data.get("shoe") or {}, "shoe")
    _only(shoe, {"min_decks", "max_decks", "marked", "cite", "note", "choice"}, "shoe")
    return Variant(
        gid,
        totals,
        str(cmp["rule"]),
        payouts,
        None if pc is None else Chart.from_data(pc, "player_chart", "players"),
        None if pdc is None else Chart.from_data(pdc, "player_dealer_chart", "player-dealer"),
        tuple(str(p) for p in peek.get("up", ()) or ()),
        cite_text(peek.get("cite")),
        tuple(str(p) for p in fz.get("up", ()) or ()),
        decisions,
        bets,
        button,
        banking,
        str(data.get("game_wager", "main")),
        cite_text(cmp.get("cite")),
        (_int(shoe.get("min_decks", 1), "shoe.min_decks"), _int(shoe.get("max_decks", 8), "shoe.max_decks")),
    )


__all__ = [
    "HIT",
    "OPTION",
    "STAND",
    "TEN_POINT",
    "ActionButton",
    "BlackjackDataError",
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
    "ratio",
]
