"""The Three Card Poker family's variant model, built from a game file's mapping.

One model covers every filed game of the family: Three Card Poker (with Pair Plus, 6 Card Bonus, Pair & Up,
Bonus 6 or the Capitol "Bonus") and 3 Card Texas Hold'em (two hole cards and three communal cards, with its
Bet or Fold and Bet or Check steps and the Flush Or Pair and Straight Or Up side bets). Which wagers a room
offers, how its player-dealer qualifies, what the Ante does against a player-dealer who does not qualify,
which bonuses survive a fold and every pay table are data; nothing here names a room.

Errors are :class:`ThreeCardDataError`, naming the field (``bonuses[1].pays[2].hand``) and what is wrong.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final, Literal, cast

from rules.banking import VariantBanking
from rules.banking.errors import BankingError
from rules.errors import RulesError
from rules.evaluators.three import (
    FLUSH,
    HIGH_CARD,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    ThreeCardRules,
)
from rules.gamefile import HEADER_KEYS, ROUND_KEYS

Game = Literal["three-card-poker", "three-card-holdem"]
Result = Literal["win", "lose", "push", "no-action"]
HandKind = Literal["three-card", "six-card", "hole-cards", "straight-or-up"]
Comparison = Literal["player_higher", "player_dealer_higher", "tie"]

GAMES: Final[tuple[str, ...]] = ("three-card-poker", "three-card-holdem")
RESULTS: Final[tuple[str, ...]] = ("win", "lose", "push", "no-action")
HAND_KINDS: Final[tuple[str, ...]] = ("three-card", "six-card", "hole-cards", "straight-or-up")
COMPARISONS: Final[tuple[Comparison, ...]] = ("player_higher", "player_dealer_higher", "tie")

#: The pay-table lines each kind of bonus understands (lower case; the file may use any case).
LINES: Final[Mapping[str, frozenset[str]]] = {
    "three-card": frozenset(
        {
            "mini royal flush",
            "royal flush",
            "akq suited",
            "straight flush",
            "three of a kind",
            "straight",
            "flush",
            "one pair",
            "pair",
        }
    ),
    "six-card": frozenset(
        {
            "royal flush",
            "straight flush",
            "four of a kind",
            "full house",
            "flush",
            "straight",
            "three of a kind",
            "two pair",
            "one pair",
        }
    ),
    "hole-cards": frozenset({"ak suited", "aa", "one pair", "pair", "flush"}),
    "straight-or-up": frozenset(
        {
            "straight flush plus a pair",
            "akq suited",
            "mini royal flush",
            "straight flush",
            "three of a kind",
            "straight plus a pair",
            "straight",
        }
    ),
}


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


# --------------------------------------------------------------------------------------------- parsing

_RANK_WORDS: Final[Mapping[str, int]] = {
    **{str(v): v for v in range(2, 11)},
    "t": 10,
    "j": 11,
    "q": 12,
    "k": 13,
    "a": 14,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "jack": 11,
    "queen": 12,
    "king": 13,
    "ace": 14,
    "twos": 2,
    "threes": 3,
    "fours": 4,
    "fives": 5,
    "sixes": 6,
    "sevens": 7,
    "eights": 8,
    "nines": 9,
    "tens": 10,
    "jacks": 11,
    "queens": 12,
    "kings": 13,
    "aces": 14,
}
_CATEGORY_WORDS: Final[Mapping[str, int]] = {
    "high card": HIGH_CARD,
    "pair": PAIR,
    "one pair": PAIR,
    "flush": FLUSH,
    "straight": STRAIGHT,
    "three of a kind": THREE_OF_A_KIND,
    "straight flush": STRAIGHT_FLUSH,
}


def parse_qualifier(text: object, where: str = "qualify.at_least") -> int:
    """The lowest qualifying value for ``queen high``, ``Q high``, ``pair of 4s``, ``pair of fours``, or
    a category name (``pair``: any pair)."""
    if not isinstance(text, str) or not text.strip():
        raise ThreeCardDataError(where, f"write the qualifier as 'queen high' or 'pair of 4s', not {text!r}")
    t = text.strip().lower()
    m = re.fullmatch(r"(\w+)[ -]high", t)
    if m and m.group(1) in _RANK_WORDS:
        return HIGH_CARD << 12 | _RANK_WORDS[m.group(1)] << 8
    m = re.fullmatch(r"(?:a )?pair of (\w+?)(?:'?s)?", t)
    if m:
        word = m.group(1)
        rank = _RANK_WORDS.get(word) or _RANK_WORDS.get(word + "s")
        if rank is not None:
            return PAIR << 12 | rank << 8
    if t in _CATEGORY_WORDS:
        return _CATEGORY_WORDS[t] << 12
    raise ThreeCardDataError(where, f"write the qualifier as 'queen high' or 'pair of 4s', not {text!r}")


def _mapping(value: object, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ThreeCardDataError(where, f"expected a mapping, not {type(value).__name__}")
    return cast(Mapping[str, Any], value)


def _only(m: Mapping[str, Any], allowed: AbstractSet[str], where: str) -> None:
    unknown = set(m) - allowed
    if unknown:
        raise ThreeCardDataError(
            where,
            f"unknown field(s) {', '.join(sorted(map(str, unknown)))}; known: {', '.join(sorted(allowed))}",
        )


def _required(m: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in m:
        raise ThreeCardDataError(f"{where}.{key}" if where else key, "missing required field")
    return m[key]


def _str(value: object, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ThreeCardDataError(where, f"expected text, not {value!r}")
    return value.strip()


def _bool(m: Mapping[str, Any], key: str, default: bool, where: str) -> bool:
    v = m.get(key, default)
    if not isinstance(v, bool):
        raise ThreeCardDataError(f"{where}.{key}", f"expected true or false, not {v!r}")
    return v


def _int(value: object, where: str, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise ThreeCardDataError(where, f"expected a whole number from {lo} to {hi}, not {value!r}")
    return value


def _cite(m: Mapping[str, Any], where: str) -> Cite:
    c = m.get("cite")
    if not isinstance(c, str) or not c.strip():
        raise ThreeCardDataError(f"{where}.cite", "every rule carries its cite (the filing's lines)")
    return Cite(c.strip())


def _pays(value: object, where: str) -> Fraction:
    if isinstance(value, bool):
        raise ThreeCardDataError(where, f"pays is a ratio to 1 (40, '3/2'), not {value!r}")
    try:
        f = Fraction(value) if isinstance(value, int | str) else None
    except (ValueError, ZeroDivisionError):
        f = None
    if f is None or f <= 0:
        raise ThreeCardDataError(where, f"pays is a positive ratio to 1 (40, '3/2'), not {value!r}")
    return f


def _pay_table(value: object, kind: str, where: str) -> tuple[PayLine, ...]:
    if not isinstance(value, list) or not value:
        raise ThreeCardDataError(where, "a pay table is a non-empty list of {hand, pays}")
    lines: list[PayLine] = []
    seen: set[str] = set()
    for i, row in enumerate(value):
        w = f"{where}[{i}]"
        r = _mapping(row, w)
        _only(r, {"hand", "pays"}, w)
        hand = _str(_required(r, "hand", w), f"{w}.hand")
        if hand.lower() not in LINES[kind]:
            raise ThreeCardDataError(
                f"{w}.hand", f"{hand!r} is not a {kind} hand; known: {', '.join(sorted(LINES[kind]))}"
            )
        if hand.lower() in seen:
            raise ThreeCardDataError(f"{w}.hand", f"{hand!r} is listed twice")
        seen.add(hand.lower())
        lines.append(PayLine(hand, _pays(_required(r, "pays", w), f"{w}.pays")))
    return tuple(lines)


def _showdown(value: object, where: str) -> Showdown:
    m = _mapping(value, where)
    _only(m, {*COMPARISONS, "cite", "note"}, where)
    rows: dict[Comparison, ShowdownRow] = {}
    for comp in COMPARISONS:
        w = f"{where}.{comp}"
        r = _mapping(_required(m, comp, where), w)
        _only(r, {"ante", "raise"}, w)
        got: list[Result] = []
        for k in ("ante", "raise"):
            v = _required(r, k, w)
            if v not in RESULTS:
                raise ThreeCardDataError(f"{w}.{k}", f"expected one of {', '.join(RESULTS)}, not {v!r}")
            got.append(cast(Result, v))
        rows[comp] = ShowdownRow(got[0], got[1])
    return Showdown(rows, _cite(m, where))


def _bonus(value: object, i: int) -> Bonus:
    where = f"bonuses[{i}]"
    m = _mapping(value, where)
    _only(
        m,
        {
            "key",
            "name",
            "hand",
            "pays",
            "tables",
            "table",
            "needs_ante",
            "equal_to_ante",
            "on_fold",
            "cite",
            "note",
        },
        where,
    )
    key = _str(_required(m, "key", where), f"{where}.key")
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", key) or key == "ante":
        raise ThreeCardDataError(f"{where}.key", f"a key is lower-case words joined by '-', not {key!r}")
    hand = _required(m, "hand", where)
    if hand not in HAND_KINDS:
        raise ThreeCardDataError(f"{where}.hand", f"expected one of {', '.join(HAND_KINDS)}, not {hand!r}")
    if ("pays" in m) == ("tables" in m):
        raise ThreeCardDataError(
            where, "give either pays (one table) or tables (the filed options) with table"
        )
    tables: dict[str, tuple[PayLine, ...]]
    if "pays" in m:
        tables = {"posted": _pay_table(m["pays"], hand, f"{where}.pays")}
        table = "posted"
        if "table" in m:
            raise ThreeCardDataError(f"{where}.table", "table names one of tables; this bonus has one pays")
    else:
        t = _mapping(m["tables"], f"{where}.tables")
        if not t:
            raise ThreeCardDataError(f"{where}.tables", "no pay table")
        tables = {str(k): _pay_table(v, hand, f"{where}.tables.{k}") for k, v in t.items()}
        table = _str(_required(m, "table", where), f"{where}.table")
        if table not in tables:
            raise ThreeCardDataError(f"{where}.table", f"{table!r} is not one of {', '.join(tables)}")
    fold = _mapping(_required(m, "on_fold", where), f"{where}.on_fold")
    _only(fold, {"stays", "cite", "note"}, f"{where}.on_fold")
    survives = fold.get("stays")
    if not isinstance(survives, bool):
        raise ThreeCardDataError(f"{where}.on_fold.stays", f"expected true or false, not {survives!r}")
    needs_ante = _bool(m, "needs_ante", True, where)
    return Bonus(
        key=key,
        name=_str(_required(m, "name", where), f"{where}.name"),
        hand=cast(HandKind, hand),
        tables=tables,
        table=table,
        needs_ante=needs_ante,
        equal_to_ante=_bool(m, "equal_to_ante", False, where),
        survives_fold=survives,
        cite=_cite(m, where),
        fold_cite=_cite(fold, f"{where}.on_fold"),
    )


_TOP: Final = (
    HEADER_KEYS
    | ROUND_KEYS
    | {
        "fees",
        "banking",
        "settlement_order",
        "game",
        "decks",
        "hands",
        "ranking",
        "qualify",
        "player_dealer_shows",
        "arrangement",
        "ante",
        "raises",
        "fold",
        "showdown",
        "ante_bonus",
        "bonuses",
        "order",
        "unequal_bets",
        "insufficient_funds",
        "action_button",
        "note",
    }
)


def from_data(data: Mapping[str, Any]) -> Variant:
    """The variant of a game file's mapping (``family: threecard``). Unknown keys are errors."""
    m = _mapping(data, "")
    _only(m, _TOP, "game file")
    gid = str(m.get("id", "threecard/?"))
    game = _required(m, "game", "")
    if game not in GAMES:
        raise ThreeCardDataError("game", f"expected one of {', '.join(GAMES)}, not {game!r}")

    decks = _mapping(_required(m, "decks", ""), "decks")
    _only(decks, {"alternating", "backs", "count", "cite", "note"}, "decks")
    alternating: AlternatingDecksSpec | None = None
    dmin = dmax = ddef = 1
    if _bool(decks, "alternating", False, "decks"):
        backs = decks.get("backs")
        if (
            not isinstance(backs, list)
            or len(backs) != 2
            or not all(isinstance(b, str) and b.strip() for b in backs)
            or backs[0].strip().lower() == backs[1].strip().lower()
        ):
            raise ThreeCardDataError(
                "decks.backs", f"two different back colours, e.g. [red, blue], not {backs!r}"
            )
        alternating = AlternatingDecksSpec((backs[0].strip(), backs[1].strip()), _cite(decks, "decks"))
    else:
        _cite(decks, "decks")
    if "count" in decks:
        c = _mapping(decks["count"], "decks.count")
        _only(c, {"min", "max", "default"}, "decks.count")
        dmin = _int(_required(c, "min", "decks.count"), "decks.count.min", 1, 8)
        dmax = _int(_required(c, "max", "decks.count"), "decks.count.max", dmin, 8)
        ddef = _int(_required(c, "default", "decks.count"), "decks.count.default", dmin, dmax)
        if alternating is not None and dmax != 1:
            raise ThreeCardDataError("decks.count", "alternating decks are single decks")

    hands = _mapping(_required(m, "hands", ""), "hands")
    _only(hands, {"player", "board", "player_dealer", "best", "cite", "note"}, "hands")
    _cite(hands, "hands")
    hole = _int(_required(hands, "player", "hands"), "hands.player", 2, 3)
    board = _int(hands.get("board", 0), "hands.board", 0, 3)
    if game == "three-card-poker" and (hole, board) != (3, 0):
        raise ThreeCardDataError("hands", "Three Card Poker deals three cards to each hand and no board")
    if game == "three-card-holdem" and (hole, board) != (2, 3):
        raise ThreeCardDataError(
            "hands", "3 Card Texas Hold'em deals two hole cards and three communal cards"
        )

    ranking = _mapping(m.get("ranking", {}), "ranking")
    _only(ranking, {"mini_royal", "cite", "note"}, "ranking")
    rules = ThreeCardRules(mini_royal=_bool(ranking, "mini_royal", False, "ranking"))

    q = _mapping(_required(m, "qualify", ""), "qualify")
    _only(q, {"at_least", "cite", "note"}, "qualify")
    qualifier = parse_qualifier(_required(q, "at_least", "qualify"))

    ante = _mapping(_required(m, "ante", ""), "ante")
    _only(ante, {"required", "cite", "note"}, "ante")
    ante_required = _bool(ante, "required", True, "ante")
    _cite(ante, "ante")

    raw_raises = _required(m, "raises", "")
    if not isinstance(raw_raises, list) or not raw_raises:
        raise ThreeCardDataError("raises", "a list of the wagers made after looking (Play, Bet or Fold …)")
    raises: list[Raise] = []
    for i, r in enumerate(raw_raises):
        w = f"raises[{i}]"
        rm = _mapping(r, w)
        _only(rm, {"key", "name", "step", "cite", "note"}, w)
        step = _required(rm, "step", w)
        if step not in ("play-or-fold", "bet-or-fold", "bet-or-check"):
            raise ThreeCardDataError(
                f"{w}.step", f"expected play-or-fold, bet-or-fold or bet-or-check, not {step!r}"
            )
        raises.append(
            Raise(
                _str(_required(rm, "key", w), f"{w}.key"),
                _str(_required(rm, "name", w), f"{w}.name"),
                step,
                _cite(rm, w),
            )
        )
    if raises[0].step == "bet-or-check":
        raises_ok = False
    else:
        raises_ok = all(r.step == "bet-or-check" for r in raises[1:])
    if not raises_ok:
        raise ThreeCardDataError(
            "raises", "the first step is play-or-fold or bet-or-fold; later steps bet-or-check"
        )

    fold = _mapping(_required(m, "fold", ""), "fold")
    _only(fold, {"cite", "note"}, "fold")

    sd = _mapping(_required(m, "showdown", ""), "showdown")
    _only(sd, {"qualified", "not_qualified"}, "showdown")
    qualified = _showdown(_required(sd, "qualified", "showdown"), "showdown.qualified")
    not_qualified = _showdown(_required(sd, "not_qualified", "showdown"), "showdown.not_qualified")

    ab_lines: tuple[PayLine, ...] = ()
    ab_cite: Cite | None = None
    ab = m.get("ante_bonus")
    if ab is not None:
        abm = _mapping(ab, "ante_bonus")
        _only(abm, {"pays", "cite", "note"}, "ante_bonus")
        ab_lines = _pay_table(_required(abm, "pays", "ante_bonus"), "three-card", "ante_bonus.pays")
        ab_cite = _cite(abm, "ante_bonus")

    raw_bonuses = m.get("bonuses", []) or []
    if not isinstance(raw_bonuses, list):
        raise ThreeCardDataError("bonuses", "a list of bonus wagers")
    bonuses = tuple(_bonus(b, i) for i, b in enumerate(raw_bonuses))
    keys = ["ante", *(r.key for r in raises), *(b.key for b in bonuses)]
    if len(set(keys)) != len(keys):
        raise ThreeCardDataError("bonuses", f"wager keys repeat: {', '.join(keys)}")
    for b in bonuses:
        if game == "three-card-poker" and b.hand in ("hole-cards", "straight-or-up"):
            raise ThreeCardDataError(f"bonus {b.key}", f"a {b.hand} bonus belongs to 3 Card Texas Hold'em")
        if game == "three-card-holdem" and b.hand == "six-card":
            raise ThreeCardDataError(f"bonus {b.key}", "the six-card bonus belongs to Three Card Poker")

    shows = _mapping(_required(m, "player_dealer_shows", ""), "player_dealer_shows")
    _only(shows, {"card", "cite", "note"}, "player_dealer_shows")
    arrangement = _mapping(_required(m, "arrangement", ""), "arrangement")
    _only(arrangement, {"rule", "cite", "note"}, "arrangement")

    order = _mapping(_required(m, "order", ""), "order")
    _only(order, {"wagers", "cite", "note"}, "order")
    ow = order.get("wagers")
    if not isinstance(ow, list) or sorted(map(str, ow)) != sorted(keys):
        raise ThreeCardDataError(
            "order.wagers", f"list every wager once, in the filed order: {', '.join(keys)}"
        )

    unequal = m.get("unequal_bets")
    ub_cite: Cite | None = None
    if unequal is not None:
        um = _mapping(unequal, "unequal_bets")
        _only(um, {"rule", "cite", "note"}, "unequal_bets")
        if um.get("rule") != "pay-on-smaller":
            raise ThreeCardDataError(
                "unequal_bets.rule", f"the filed rule is pay-on-smaller, not {um.get('rule')!r}"
            )
        ub_cite = _cite(um, "unequal_bets")
    if_cite: Cite | None = None
    if m.get("insufficient_funds") is not None:
        im = _mapping(m["insufficient_funds"], "insufficient_funds")
        _only(im, {"options", "cite", "note"}, "insufficient_funds")
        if_cite = _cite(im, "insufficient_funds")

    button = _action_button(m.get("action_button"))
    vbank: VariantBanking | None = None
    if m.get("banking") is not None:
        try:
            vbank = VariantBanking.from_data(m["banking"])
        except BankingError as exc:
            raise ThreeCardDataError("banking", str(exc)) from None
        missing = [k for k in keys if k not in vbank.order.wager_order]
        if vbank.order.wager_order and missing:
            raise ThreeCardDataError(
                "banking.settlement.wager_order", f"name every wager; missing {', '.join(missing)}"
            )
    if button is not None and button.how == "card" and vbank is None:
        raise ThreeCardDataError("action_button", "a button counted from a card needs banking.action")

    return Variant(
        id=gid,
        name=str(m.get("name", gid)),
        game=cast(Game, game),
        decks_min=dmin,
        decks_max=dmax,
        decks_default=ddef,
        alternating=alternating,
        hole_cards=hole,
        board_cards=board,
        ranking=rules,
        qualifier=qualifier,
        qualifier_text=str(q["at_least"]),
        qualify_cite=_cite(q, "qualify"),
        ante_required=ante_required,
        raises=tuple(raises),
        fold_cite=_cite(fold, "fold"),
        qualified=qualified,
        not_qualified=not_qualified,
        ante_bonus=ab_lines,
        ante_bonus_cite=ab_cite,
        bonuses=bonuses,
        shows=_str(_required(shows, "card", "player_dealer_shows"), "player_dealer_shows.card"),
        shows_cite=_cite(shows, "player_dealer_shows"),
        arrangement=_str(_required(arrangement, "rule", "arrangement"), "arrangement.rule"),
        arrangement_cite=_cite(arrangement, "arrangement"),
        order=tuple(str(x) for x in ow),
        order_cite=_cite(order, "order"),
        unequal_bets=unequal is not None,
        unequal_bets_cite=ub_cite,
        insufficient_funds_cite=if_cite,
        button=button,
        banking=vbank,
    )


def _action_button(value: object) -> ActionButton | None:
    """``{card: N, positions: 8, cite}`` | ``{from: left_of_player_dealer, cite}`` | ``{placed_by: dealer, cite}``."""
    if value is None:
        return None
    m = _mapping(value, "action_button")
    _only(m, {"card", "positions", "from", "placed_by", "cite", "note"}, "action_button")
    cite = _cite(m, "action_button")
    kinds = [k for k in ("card", "from", "placed_by") if k in m]
    if len(kinds) != 1:
        raise ThreeCardDataError("action_button", "give one of card (N), from, placed_by")
    if "card" in m:
        nth = _int(m["card"], "action_button.card", 1, 3)
        positions = _int(m.get("positions", 8), "action_button.positions", 2, 14)
        return ActionButton("card", cite, nth, positions)
    if "from" in m:
        if m["from"] != "left_of_player_dealer":
            raise ThreeCardDataError("action_button.from", f"left_of_player_dealer, not {m['from']!r}")
        return ActionButton("left_of_player_dealer", cite)
    if m["placed_by"] != "dealer":
        raise ThreeCardDataError("action_button.placed_by", f"dealer, not {m['placed_by']!r}")
    return ActionButton("dealer", cite)


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
