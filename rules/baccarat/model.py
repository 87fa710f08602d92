"""The Baccarat family's variant model, built from a variant's data file (``config/games/baccarat/*.yaml``).

A punto banco variant is data: the shoe, the tableau (Player and Banker drawing rules as a chart), the
special outcomes (Dragon 7, Panda 8, ...), every wager with its pay rules, the action button and the
settlement order. :func:`from_data` turns the mapping into a typed :class:`Variant` and raises
:class:`BaccaratDataError` naming the field that is wrong. The vocabulary is documented in
``docs/baccarat.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, Literal

from rules.cards import Card, Rank
from rules.decks import DeckSpec, parse_rank
from rules.errors import DeckError, RulesError

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


# --------------------------------------------------------------------------------------------- helpers


def _mapping(value: object, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise BaccaratDataError(where, f"expected a mapping, not {type(value).__name__}")
    return value


def _only(
    data: Mapping[str, Any], where: str, allowed: set[str], required: set[str] | frozenset[str] = frozenset()
) -> None:
    unknown = set(map(str, data)) - allowed
    if unknown:
        raise BaccaratDataError(where, f"unknown field(s) {', '.join(sorted(unknown))}")
    missing = required - set(map(str, data))
    if missing:
        raise BaccaratDataError(where, f"missing field(s) {', '.join(sorted(missing))}")


def _int(value: object, where: str, lo: int | None = None, hi: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise BaccaratDataError(where, f"expected a whole number, not {value!r}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise BaccaratDataError(where, f"{value} is out of range {lo}..{hi}")
    return value


def _ints(value: object, where: str, lo: int, hi: int) -> frozenset[int]:
    if isinstance(value, int) and not isinstance(value, bool):
        return frozenset({_int(value, where, lo, hi)})
    if not isinstance(value, list):
        raise BaccaratDataError(where, f"expected a number or a list of numbers, not {value!r}")
    return frozenset(_int(v, f"{where}[{i}]", lo, hi) for i, v in enumerate(value))


def _str(value: object, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise BaccaratDataError(where, f"expected text, not {value!r}")
    return value.strip()


def _choice(value: object, where: str, options: Sequence[str]) -> str:
    if value not in options:
        raise BaccaratDataError(where, f"expected one of {', '.join(options)}, not {value!r}")
    return str(value)


def _bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise BaccaratDataError(where, f"expected true or false, not {value!r}")
    return value


def parse_pays(value: object, where: str) -> Fraction:
    """A payout 'to one' from data: ``1``, ``8``, ``"1/2"`` (half pay), ``0.5``."""
    if isinstance(value, bool):
        raise BaccaratDataError(where, f"bad payout {value!r}")
    try:
        if isinstance(value, int):
            pays = Fraction(value)
        elif isinstance(value, float):
            pays = Fraction(value).limit_denominator(1000)
        elif isinstance(value, str):
            pays = Fraction(value.strip().replace(" to ", "/").replace(":", "/"))
        else:
            raise ValueError
    except (ValueError, ZeroDivisionError):
        raise BaccaratDataError(
            where, f"bad payout {value!r}: write 8 for 8 to 1, '1/2' for 1 to 2"
        ) from None
    if pays <= 0:
        raise BaccaratDataError(where, f"a winning payout is more than zero, not {value!r}")
    return pays


# ------------------------------------------------------------------------------------------------ cite


@dataclass(frozen=True, slots=True)
class Cite:
    """Where a rule comes from: seed file, section and lines (a rule's own cite inherits the file's seed)."""

    seed: str
    section: str = ""
    lines: str = ""
    note: str = ""

    @classmethod
    def from_data(cls, value: object, where: str, parent: Cite | None = None) -> Cite:
        """``{seed?, section?, lines?, note?}``, or a bare string of lines; missing parts come from ``parent``."""
        if value is None:
            if parent is None:
                raise BaccaratDataError(where, "missing cite")
            return parent
        if isinstance(value, str):
            value = {"lines": value}
        d = _mapping(value, where)
        _only(d, where, {"seed", "section", "lines", "note"})
        seed = str(d.get("seed", parent.seed if parent else ""))
        if not seed:
            raise BaccaratDataError(where, "a cite names its seed file")
        return cls(
            seed=seed,
            section=str(d.get("section", parent.section if parent else "")),
            lines=str(d.get("lines", "")),
            note=str(d.get("note", "")),
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


def _parse_shoe(value: object, parent: Cite) -> Shoe:
    d = _mapping(value, "shoe")
    _only(d, "shoe", {"decks", "ranks_removed", "burn", "cite", "note"}, {"decks"})
    decks = d["decks"]
    if isinstance(decks, int) and not isinstance(decks, bool):
        lo = hi = default = _int(decks, "shoe.decks", 1, 16)
    else:
        dd = _mapping(decks, "shoe.decks")
        _only(dd, "shoe.decks", {"min", "max", "default"}, {"min", "max"})
        lo = _int(dd["min"], "shoe.decks.min", 1, 16)
        hi = _int(dd["max"], "shoe.decks.max", lo, 16)
        default = _int(dd.get("default", hi), "shoe.decks.default", lo, hi)
    try:
        removed = frozenset(parse_rank(r) for r in (d.get("ranks_removed") or []))
    except DeckError as exc:
        raise BaccaratDataError("shoe.ranks_removed", str(exc)) from None
    cite = Cite.from_data(d.get("cite"), "shoe.cite", parent)
    burn = Burn()
    if "burn" in d and d["burn"] not in (None, "none"):
        b = _mapping(d["burn"], "shoe.burn")
        _only(b, "shoe.burn", {"kind", "count", "values", "cite"}, {"kind"})
        kind = _choice(b["kind"], "shoe.burn.kind", ("none", "fixed", "first-card-value"))
        values: dict[Rank, int] = {}
        for k, v in _mapping(b.get("values") or {}, "shoe.burn.values").items():
            try:
                values[parse_rank(k)] = _int(v, f"shoe.burn.values.{k}", 0, 52)
            except DeckError as exc:
                raise BaccaratDataError(f"shoe.burn.values.{k}", str(exc)) from None
        count = _int(b.get("count", 0), "shoe.burn.count", 0, 52)
        if kind == "fixed" and count == 0:
            raise BaccaratDataError("shoe.burn.count", "a fixed burn names how many cards")
        burn = Burn(kind, count, values, Cite.from_data(b.get("cite"), "shoe.burn.cite", cite))  # type: ignore[arg-type]
    return Shoe(lo, hi, default, removed, burn, cite)


# --------------------------------------------------------------------------------------------- tableau


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


def _parse_rule(value: object, where: str) -> DrawRule:
    d = _mapping(value, where)
    _only(d, where, {"draw", "stand"}, {"draw"})
    draw = _ints(d["draw"], f"{where}.draw", 0, 9)
    stand = _ints(d.get("stand", []), f"{where}.stand", 0, 9)
    if draw & stand:
        raise BaccaratDataError(where, f"total(s) {sorted(draw & stand)} both draw and stand")
    return DrawRule(draw)


def _parse_row(value: object, where: str) -> tuple[bool, ...]:
    if isinstance(value, str):
        cells = value.replace(" ", "").replace(",", "").upper()
    elif isinstance(value, list):
        cells = "".join(str(c).strip().upper() for c in value)
    else:
        raise BaccaratDataError(
            where, f"a chart row is ten cells H or S, e.g. 'S S S S S S H H S S', not {value!r}"
        )
    if len(cells) != 10 or set(cells) - {"H", "S"}:
        raise BaccaratDataError(
            where, f"a chart row is ten cells H or S (Player's third card 0-9), not {value!r}"
        )
    return tuple(c == "H" for c in cells)


def _parse_tableau(value: object, parent: Cite) -> Tableau:
    d = _mapping(value, "tableau")
    _only(
        d,
        "tableau",
        {"naturals", "first_cards", "player", "banker_if_player_stands", "banker", "chart", "cite", "note"},
        {"naturals", "first_cards", "player", "banker_if_player_stands", "banker", "chart"},
    )
    naturals = _ints(d["naturals"], "tableau.naturals", 0, 9)
    first = d["first_cards"]
    if not isinstance(first, list) or len(first) != 4:
        raise BaccaratDataError(
            "tableau.first_cards",
            "the four first cards' hands in dealing order, e.g. [player, banker, player, banker]",
        )
    first_cards = tuple(_choice(h, f"tableau.first_cards[{i}]", HANDS) for i, h in enumerate(first))
    if sorted(first_cards) != ["banker", "banker", "player", "player"]:
        raise BaccaratDataError("tableau.first_cards", "two first cards go to each hand")
    rows: Mapping[Any, Any] = _mapping(d["banker"], "tableau.banker")
    chart: list[tuple[bool, ...]] = []
    for b in range(8):
        key: object = b if b in rows else str(b)
        if key not in rows:
            raise BaccaratDataError("tableau.banker", f"missing the row for Banker total {b} (rows 0 to 7)")
        chart.append(_parse_row(rows[key], f"tableau.banker.{b}"))
    extra = {str(k) for k in rows} - {str(b) for b in range(8)}
    if extra:
        raise BaccaratDataError(
            "tableau.banker", f"rows are Banker totals 0 to 7; unknown row(s) {', '.join(sorted(extra))}"
        )
    return Tableau(
        naturals=naturals,
        first_cards=first_cards,  # type: ignore[arg-type]
        player=_parse_rule(d["player"], "tableau.player"),
        banker_if_player_stands=_parse_rule(d["banker_if_player_stands"], "tableau.banker_if_player_stands"),
        banker_chart=tuple(chart),
        chart=_choice(d["chart"], "tableau.chart", ("filed", "rebuilt", "prose")),
        cite=Cite.from_data(d.get("cite"), "tableau.cite", parent),
    )


# ------------------------------------------------------------------------------------------ conditions

_CONDITION_KEYS: Final = {
    "winner",
    "player_total",
    "banker_total",
    "player_cards",
    "banker_cards",
    "player_natural",
    "banker_natural",
    "margin",
    "combined_total",
    "outcome",
}


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
    def from_data(cls, value: object, where: str) -> Condition:
        """Parse a ``when:`` mapping."""
        d = _mapping(value, where)
        _only(d, where, _CONDITION_KEYS)

        def ints(k: str, lo: int, hi: int) -> frozenset[int] | None:
            return _ints(d[k], f"{where}.{k}", lo, hi) if k in d else None

        def cards(k: str) -> int | None:
            return _int(d[k], f"{where}.{k}", 2, 3) if k in d else None

        def flag(k: str) -> bool | None:
            return _bool(d[k], f"{where}.{k}") if k in d else None

        return cls(
            winner=_choice(d["winner"], f"{where}.winner", ("player", "banker", "tie"))
            if "winner" in d
            else None,  # type: ignore[arg-type]
            player_total=ints("player_total", 0, 9),
            banker_total=ints("banker_total", 0, 9),
            player_cards=cards("player_cards"),
            banker_cards=cards("banker_cards"),
            player_natural=flag("player_natural"),
            banker_natural=flag("banker_natural"),
            margin=ints("margin", 0, 9),
            combined_total=ints("combined_total", 0, 18),
            outcome=_str(d["outcome"], f"{where}.outcome") if "outcome" in d else None,
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


def _parse_wager(value: object, where: str, parent: Cite, settings: Mapping[str, bool]) -> WagerRule:
    d = _mapping(value, where)
    _only(
        d,
        where,
        {"key", "name", "kind", "settle", "otherwise", "requires", "backline", "commission", "cite", "note"},
        {"key", "name", "kind", "settle", "otherwise"},
    )
    cite = Cite.from_data(d.get("cite"), f"{where}.cite", parent)
    rules: list[PayRule] = []
    settle = d["settle"]
    if not isinstance(settle, list) or not settle:
        raise BaccaratDataError(f"{where}.settle", "a non-empty list of {when, pays | result, name}")
    for i, r in enumerate(settle):
        rw = f"{where}.settle[{i}]"
        rd = _mapping(r, rw)
        _only(rd, rw, {"when", "pays", "result", "name", "cite", "setting"}, {"when", "name"})
        if ("pays" in rd) == ("result" in rd):
            raise BaccaratDataError(
                rw, "give either pays (a win, e.g. 8 or '1/2') or result (push, lose, no-action)"
            )
        if "pays" in rd:
            result: Result = "win"
            pays = parse_pays(rd["pays"], f"{rw}.pays")
        else:
            result = _choice(rd["result"], f"{rw}.result", ("push", "lose", "no-action"))  # type: ignore[assignment]
            pays = Fraction(0) if result != "lose" else Fraction(-1)
        setting = None
        if "setting" in rd:
            setting = _str(rd["setting"], f"{rw}.setting")
            if setting not in settings:
                raise BaccaratDataError(f"{rw}.setting", f"no setting {setting!r} in settings:")
        rules.append(
            PayRule(
                name=_str(rd["name"], f"{rw}.name"),
                when=Condition.from_data(rd["when"], f"{rw}.when"),
                result=result,
                pays=pays,
                cite=Cite.from_data(rd["cite"], f"{rw}.cite", cite) if "cite" in rd else None,
                setting=setting,
            )
        )
    requires = d.get("requires") or []
    if not isinstance(requires, list):
        raise BaccaratDataError(f"{where}.requires", "a list of wager keys, any one of which must be bet too")
    commission = d.get("commission", 0)
    try:
        comm = Fraction(str(commission))
    except (ValueError, ZeroDivisionError):
        raise BaccaratDataError(
            f"{where}.commission", f"a fraction of the win, e.g. '1/20', not {commission!r}"
        ) from None
    if not 0 <= comm < 1:
        raise BaccaratDataError(f"{where}.commission", f"a fraction of the win below one, not {commission!r}")
    return WagerRule(
        key=_str(d["key"], f"{where}.key"),
        name=_str(d["name"], f"{where}.name"),
        kind=_choice(d["kind"], f"{where}.kind", ("line", "tie", "bonus")),  # type: ignore[arg-type]
        rules=tuple(rules),
        otherwise=_choice(d["otherwise"], f"{where}.otherwise", ("lose", "push", "no-action")),  # type: ignore[arg-type]
        requires=tuple(_str(x, f"{where}.requires") for x in requires),
        backline=_bool(d["backline"], f"{where}.backline") if "backline" in d else None,
        commission=comm,
        cite=cite,
    )


def _parse_action(value: object, parent: Cite) -> ActionButton | None:
    if value is None:
        return None
    d = _mapping(value, "action")
    _only(d, "action", {"card", "values", "origin", "used", "cite", "note"}, {"card", "origin", "used"})
    card = _mapping(d["card"], "action.card")
    _only(card, "action.card", {"hand", "nth"}, {"hand", "nth"})
    values: dict[Rank, int] = {}
    for k, v in _mapping(d.get("values") or {}, "action.values").items():
        try:
            values[parse_rank(k)] = _int(v, f"action.values.{k}", 0, 52)
        except DeckError as exc:
            raise BaccaratDataError(f"action.values.{k}", str(exc)) from None
    return ActionButton(
        hand=_choice(card["hand"], "action.card.hand", HANDS),  # type: ignore[arg-type]
        nth=_int(card["nth"], "action.card.nth", 1, 2),
        values=values,
        origin=_choice(d["origin"], "action.origin", ("player-dealer", "left-of-house-dealer")),  # type: ignore[arg-type]
        used=_choice(d["used"], "action.used", ("always", "when-bank-does-not-cover")),  # type: ignore[arg-type]
        cite=Cite.from_data(d.get("cite"), "action.cite", parent),
    )


def _parse_settlement(value: object, parent: Cite, wager_keys: Sequence[str]) -> SettlementOrder:
    d = _mapping(value, "settlement")
    _only(
        d,
        "settlement",
        {"start", "direction", "order", "when_bank_covers", "cite", "note"},
        {"start", "direction", "order"},
    )
    order = d["order"]
    if not isinstance(order, list):
        raise BaccaratDataError("settlement.order", "a list of wager keys")
    keys = tuple(_str(k, f"settlement.order[{i}]") for i, k in enumerate(order))
    unknown = [k for k in keys if k not in wager_keys]
    if unknown:
        raise BaccaratDataError("settlement.order", f"unknown wager(s) {', '.join(unknown)}")
    missing = [k for k in wager_keys if k not in keys]
    if missing:
        raise BaccaratDataError("settlement.order", f"wager(s) missing from the order: {', '.join(missing)}")
    covers = None
    if d.get("when_bank_covers") is not None:
        c = _mapping(d["when_bank_covers"], "settlement.when_bank_covers")
        _only(
            c, "settlement.when_bank_covers", {"start", "direction", "collect_first"}, {"start", "direction"}
        )
        covers = CoveredOrder(
            _choice(c["start"], "settlement.when_bank_covers.start", _STARTS),
            _choice(
                c["direction"], "settlement.when_bank_covers.direction", ("clockwise", "counterclockwise")
            ),  # type: ignore[arg-type]
            _bool(c.get("collect_first", False), "settlement.when_bank_covers.collect_first"),
        )
    return SettlementOrder(
        start=_choice(d["start"], "settlement.start", _STARTS),
        direction=_choice(d["direction"], "settlement.direction", ("clockwise", "counterclockwise")),  # type: ignore[arg-type]
        order=keys,
        when_bank_covers=covers,
        cite=Cite.from_data(d.get("cite"), "settlement.cite", parent),
    )


#: Top-level keys this module reads; the rest of a game file belongs to other parts (deal, fees, ...).
PUNTO_BANCO_KEYS: Final = ("shoe", "tableau", "outcomes", "wagers", "action", "settlement", "settings")


def check_deck(data: Mapping[str, Any], shoe: Shoe) -> None:
    """The common ``deck:`` key (what the round engine deals from) must fit the ``shoe:`` (what is allowed)."""
    if data.get("deck") is None:
        return
    try:
        deck = DeckSpec.from_data(_mapping(data["deck"], "deck"))
    except DeckError as exc:
        raise BaccaratDataError("deck", str(exc)) from None
    if not shoe.min_decks <= deck.decks <= shoe.max_decks:
        raise BaccaratDataError(
            "deck.decks", f"{deck.decks} decks is outside shoe.decks ({shoe.min_decks}-{shoe.max_decks})"
        )
    if deck.ranks_removed != shoe.ranks_removed or deck.jokers:
        raise BaccaratDataError("deck", "the deck's removed ranks and jokers must match shoe:")


def source_cite(data: Mapping[str, Any]) -> Cite:
    """The file's ``source:`` header as a Cite."""
    src = _mapping(data.get("source"), "source")
    if "seed" not in src:
        raise BaccaratDataError("source", "source names its seed file")
    return Cite(seed=str(src["seed"]), section=str(src.get("section", "")), lines=str(src.get("lines", "")))


def punto_banco_from_data(data: Mapping[str, Any], settings: Mapping[str, bool] | None = None) -> Variant:
    """Build a punto banco :class:`Variant` from a variant file's mapping (header keys included)."""
    d = _mapping(data, "")
    for k in ("id", "name", "room", "source", "shoe", "tableau", "wagers", "settlement"):
        if k not in d:
            raise BaccaratDataError(k, "missing required field")
    src = source_cite(d)
    gid = _str(d["id"], "id")

    declared: dict[str, bool] = {}
    notes: dict[str, str] = {}
    for k, v in _mapping(d.get("settings") or {}, "settings").items():
        sv = _mapping(v, f"settings.{k}")
        _only(sv, f"settings.{k}", {"default", "about"}, {"default", "about"})
        declared[str(k)] = _bool(sv["default"], f"settings.{k}.default")
        notes[str(k)] = _str(sv["about"], f"settings.{k}.about")
    if settings:
        unknown = set(settings) - set(declared)
        if unknown:
            raise BaccaratDataError("settings", f"{gid} has no setting(s) {', '.join(sorted(unknown))}")
        declared.update({k: bool(v) for k, v in settings.items()})

    outcomes: list[SpecialOutcome] = []
    raw_outcomes = d.get("outcomes") or []
    if not isinstance(raw_outcomes, list):
        raise BaccaratDataError("outcomes", "a list of {key, name, when, cite}")
    for i, o in enumerate(raw_outcomes):
        w = f"outcomes[{i}]"
        od = _mapping(o, w)
        _only(od, w, {"key", "name", "when", "cite", "note"}, {"key", "name", "when"})
        outcomes.append(
            SpecialOutcome(
                key=_str(od["key"], f"{w}.key"),
                name=_str(od["name"], f"{w}.name"),
                when=Condition.from_data(od["when"], f"{w}.when"),
                cite=Cite.from_data(od.get("cite"), f"{w}.cite", src),
            )
        )
    outcome_keys = [o.key for o in outcomes]
    if len(set(outcome_keys)) != len(outcome_keys):
        raise BaccaratDataError("outcomes", "duplicate outcome key")

    raw_wagers = d["wagers"]
    if not isinstance(raw_wagers, list) or not raw_wagers:
        raise BaccaratDataError("wagers", "a non-empty list of wagers")
    wagers = tuple(_parse_wager(w, f"wagers[{i}]", src, declared) for i, w in enumerate(raw_wagers))
    keys = [w.key for w in wagers]
    if len(set(keys)) != len(keys):
        raise BaccaratDataError("wagers", "duplicate wager key")
    for i, wr in enumerate(wagers):
        for r in wr.requires:
            if r not in keys:
                raise BaccaratDataError(f"wagers[{i}].requires", f"unknown wager {r!r}")
        for j, rule in enumerate(wr.rules):
            _check_outcome_refs(rule.when, f"wagers[{i}].settle[{j}].when", outcome_keys)
    for i, o in enumerate(outcomes):
        _check_outcome_refs(o.when, f"outcomes[{i}].when", outcome_keys[:i])

    shoe = _parse_shoe(d["shoe"], src)
    check_deck(d, shoe)
    return Variant(
        id=gid,
        name=_str(d["name"], "name"),
        room=_str(d["room"], "room"),
        source=src,
        shoe=shoe,
        tableau=_parse_tableau(d["tableau"], src),
        outcomes=tuple(outcomes),
        wagers=wagers,
        action=_parse_action(d.get("action"), src),
        settlement=_parse_settlement(d["settlement"], src, keys),
        settings=declared,
        setting_notes=notes,
    )


def _check_outcome_refs(c: Condition, where: str, known: Sequence[str]) -> None:
    if c.outcome is not None and c.outcome not in known:
        raise BaccaratDataError(
            f"{where}.outcome", f"unknown outcome {c.outcome!r} (defined: {', '.join(known) or 'none'})"
        )
