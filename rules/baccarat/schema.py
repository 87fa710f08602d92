"""The schema of the baccarat family's game files: strict pydantic models (``rules.gamefile``).

The one validator of a baccarat file, punto banco or Pan 9 (``docs/baccarat.md``): an unknown key, a wrong
type or a value the engine cannot take (a chart row that is not ten cells H or S, a total that both draws and
stands, an outcome or wager named before it is defined, a settlement order that leaves a wager out) is
refused with its file, line and field when the catalogue loads. :func:`rules.baccarat.from_data` builds the
engine's model from the validated file.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, model_validator

from kernel.errors import RulesError
from rules.decks import parse_rank
from rules.gamefile import Cite, GameFileBase, Ratio, Strict, refuse

Hand = Literal["player", "banker"]
Direction = Literal["clockwise", "counterclockwise"]
#: Where settlement starts.
Start = Literal["action-button", "left-of-player-dealer", "left-of-house-dealer", "right-of-house-dealer"]


def _positive(value: Fraction) -> Fraction:
    if value <= 0:
        raise ValueError(f"a winning payout is more than zero, not {value}")
    return value


#: What a win pays to one (more than zero): ``8``, ``"1/2"``.
Pays = Annotated[Ratio, AfterValidator(_positive)]


def _totals(lo: int, hi: int):  # type: ignore[no-untyped-def]
    def check(value: int | list[int]) -> int | list[int]:
        for v in [value] if isinstance(value, int) else value:
            if not lo <= v <= hi:
                raise ValueError(f"{v} is out of range {lo}..{hi}")
        return value

    return AfterValidator(check)


#: A total, or a list of totals, 0 to 9.
Totals = Annotated[int | list[int], _totals(0, 9)]


def totals(value: int | list[int] | None) -> frozenset[int]:
    """A validated total or list of totals as a set."""
    if value is None:
        return frozenset()
    return frozenset([value] if isinstance(value, int) else value)


def _rank(value: str | int) -> str | int:
    try:
        parse_rank(str(value))
    except RulesError as exc:
        raise ValueError(str(exc)) from None
    return value


#: A count by rank (``{A: 1, K: 10}``), 0 to 52.
RankValues = dict[Annotated[str | int, AfterValidator(_rank)], Annotated[int, Field(ge=0, le=52)]]


class ShoeDecks(Strict):
    """``shoe.decks`` as a range: one to sixteen, the default within."""

    min: int = Field(ge=1, le=16)
    max: int = Field(ge=1, le=16)
    default: int | None = None

    @model_validator(mode="after")
    def _ordered(self) -> ShoeDecks:
        if self.max < self.min:
            refuse(("max",), f"{self.max} is out of range {self.min}..16", self.max)
        if self.default is not None and not self.min <= self.default <= self.max:
            refuse(("default",), f"{self.default} is out of range {self.min}..{self.max}", self.default)
        return self


class ShoeBurn(Strict):
    """``shoe.burn``: none, a fixed count, or the first card's burn value."""

    kind: Literal["none", "fixed", "first-card-value"]
    count: int = Field(default=0, ge=0, le=52)
    values: RankValues = {}
    cite: Cite | None = None

    @model_validator(mode="after")
    def _count(self) -> ShoeBurn:
        if self.kind == "fixed" and self.count == 0:
            refuse(("count",), "a fixed burn names how many cards")
        return self


class Shoe(Strict):
    """``shoe``: the decks allowed (one number or a range), ranks removed, the new-shoe burn."""

    decks: Annotated[int, Field(ge=1, le=16)] | ShoeDecks
    burn: Literal["none"] | ShoeBurn | None = None
    cite: Cite | None = None
    ranks_removed: list[int | str] = []
    note: str | None = None

    @model_validator(mode="after")
    def _ranks(self) -> Shoe:
        for i, r in enumerate(self.ranks_removed):
            try:
                parse_rank(str(r))
            except RulesError as exc:
                refuse(("ranks_removed", i), str(exc), r)
        return self


class DrawRule(Strict):
    """``tableau.player`` / ``tableau.banker_if_player_stands``: the totals that draw (the rest stand)."""

    draw: Totals
    stand: Totals = []

    @model_validator(mode="after")
    def _disjoint(self) -> DrawRule:
        both = totals(self.draw) & totals(self.stand)
        if both:
            refuse((), f"total(s) {sorted(both)} both draw and stand")
        return self


def chart_row(value: str | list[str | int]) -> tuple[bool, ...]:
    """A chart row's ten cells (Player's third card 0-9) as draws: ``'S S S S S S H H S S'``."""
    cells = (
        value.replace(" ", "").replace(",", "").upper()
        if isinstance(value, str)
        else "".join(str(c).strip().upper() for c in value)
    )
    return tuple(c == "H" for c in cells)


def _row(value: str | list[str | int]) -> str | list[str | int]:
    cells = (
        value.replace(" ", "").replace(",", "").upper()
        if isinstance(value, str)
        else "".join(str(c).strip().upper() for c in value)
    )
    if len(cells) != 10 or set(cells) - {"H", "S"}:
        raise ValueError(f"a chart row is ten cells H or S (Player's third card 0-9), not {value!r}")
    return value


class Tableau(Strict):
    """``tableau``: naturals, the first cards' order, the Player's rule and the Banker's chart."""

    naturals: Totals
    first_cards: list[Hand] = Field(min_length=4, max_length=4)
    player: DrawRule
    banker_if_player_stands: DrawRule
    banker: dict[int | str, Annotated[str | list[str | int], AfterValidator(_row)]]
    chart: Literal["filed", "rebuilt", "prose"]
    cite: Cite | None = None
    note: str | None = None

    @model_validator(mode="after")
    def _whole(self) -> Tableau:
        if sorted(self.first_cards) != ["banker", "banker", "player", "player"]:
            refuse(("first_cards",), "two first cards go to each hand", self.first_cards)
        keys = {str(k) for k in self.banker}
        for b in range(8):
            if str(b) not in keys:
                refuse(("banker",), f"missing the row for Banker total {b} (rows 0 to 7)")
        extra = keys - {str(b) for b in range(8)}
        if extra:
            refuse(("banker",), f"rows are Banker totals 0 to 7; unknown row(s) {', '.join(sorted(extra))}")
        return self

    def banker_chart(self) -> tuple[tuple[bool, ...], ...]:
        """The Banker's chart rows 0 to 7 as draws by the Player's third card."""
        rows = {str(k): v for k, v in self.banker.items()}
        return tuple(chart_row(rows[str(b)]) for b in range(8))


class Condition(Strict):
    """A test on a finished coup (``when:``); every given field must hold."""

    winner: Literal["player", "banker", "tie"] | None = None
    player_total: Totals | None = None
    banker_total: Totals | None = None
    player_cards: int | None = Field(default=None, ge=2, le=3)
    banker_cards: int | None = Field(default=None, ge=2, le=3)
    player_natural: bool | None = None
    banker_natural: bool | None = None
    margin: Totals | None = None
    combined_total: Annotated[int | list[int], _totals(0, 18)] | None = None
    outcome: str | None = None


class Outcome(Strict):
    """``outcomes[]``: a named outcome a bonus pays on (Dragon 7, Panda 8 …)."""

    key: str = Field(min_length=1)
    name: str = Field(min_length=1)
    when: Condition
    cite: Cite | None = None
    note: str | None = None


class PayRule(Strict):
    """``wagers[].settle[]``: when the condition holds, a win (``pays``) or a ``result``."""

    name: str = Field(min_length=1)
    when: Condition
    pays: Pays | None = None
    result: Literal["push", "lose", "no-action"] | None = None
    cite: Cite | None = None
    setting: str | None = None

    @model_validator(mode="after")
    def _one(self) -> PayRule:
        if (self.pays is None) == (self.result is None):
            refuse((), "give either pays (a win, e.g. 8 or '1/2') or result (push, lose, no-action)")
        return self


def _commission(value: int | str) -> int | str:
    try:
        c = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"a fraction of the win, e.g. '1/20', not {value!r}") from None
    if not 0 <= c < 1:
        raise ValueError(f"a fraction of the win below one, not {value!r}")
    return value


class WagerBase(Strict):
    """What every wager names: key, name, pay rules (first that holds decides) and what happens otherwise."""

    key: str = Field(min_length=1)
    name: str = Field(min_length=1)
    settle: list[PayRule] = Field(min_length=1)
    otherwise: Literal["lose", "push", "no-action"]
    requires: list[str] = []
    backline: bool | None = None
    commission: Annotated[int | str, AfterValidator(_commission)] = 0
    cite: Cite | None = None
    note: str | None = None


class LineWager(WagerBase):
    """A Player or Banker wager."""

    kind: Literal["line"]


class TieWager(WagerBase):
    """The Tie wager."""

    kind: Literal["tie"]


class BonusWager(WagerBase):
    """A bonus wager (Dragon 7, Panda 8 …)."""

    kind: Literal["bonus"]


#: A wager: its ``kind`` says which.
Wager = Annotated[LineWager | TieWager | BonusWager, Field(discriminator="kind")]


class ActionCard(Strict):
    """``action.card``: which hand's nth card sets the button."""

    hand: Hand
    nth: int = Field(ge=1, le=2)


class Action(Strict):
    """``action``: where the action starts, read from one of the first cards."""

    card: ActionCard
    values: RankValues = {}
    origin: Literal["player-dealer", "left-of-house-dealer"]
    used: Literal["always", "when-bank-does-not-cover"]
    cite: Cite | None = None
    note: str | None = None


class WhenBankCovers(Strict):
    """``settlement.when_bank_covers``."""

    start: Start
    direction: Direction
    collect_first: bool = False


class Settlement(Strict):
    """``settlement``: where it starts, the direction, every wager in order."""

    start: Start
    direction: Direction
    order: list[str]
    cite: Cite | None = None
    when_bank_covers: WhenBankCovers | None = None
    note: str | None = None


class Setting(Strict):
    """``settings.<key>``: a rule that is a setting (the filings are silent or contradict)."""

    default: bool
    about: str = Field(min_length=1)


def _outcome_refs(c: Condition, where: Sequence[str | int], known: Sequence[str]) -> None:
    if c.outcome is not None and c.outcome not in known:
        defined = ", ".join(known) or "none"
        refuse((*where, "outcome"), f"unknown outcome {c.outcome!r} (defined: {defined})", c.outcome)


class DrawChart(Strict):
    """``pan9.player`` / ``house_way`` / ``player_dealer``: every total 0-9 once, under draw, option or stand."""

    draw: Totals
    option: Totals = []
    stand: Totals
    cite: Cite | None = None

    @model_validator(mode="after")
    def _once(self) -> DrawChart:
        d, o, s = totals(self.draw), totals(self.option), totals(self.stand)
        if d & o or d & s or o & s or (d | o | s) != frozenset(range(10)):
            refuse((), "every total 0-9 is listed exactly once under draw, option or stand")
        return self


class ZeroLine(Strict):
    """``pan9.player_dealer_zero.settle[]``."""

    name: str = Field(min_length=1)
    player_total: Totals
    pays: Pays | None = None
    result: Literal["push", "lose"] | None = None

    @model_validator(mode="after")
    def _one(self) -> ZeroLine:
        if self.pays is None and self.result is None:
            refuse(("result",), "pays (a win) or result: push | lose")
        return self


class ZeroRule(Strict):
    """``pan9.player_dealer_zero``: a player-dealer's total that does not draw and settles by its own lines."""

    total: int = Field(ge=0, le=9)
    draws: Literal[False] = Field(default=False, description="the zero rule is a player-dealer that does not draw")
    settle: list[ZeroLine]
    otherwise: Literal["push", "lose"]
    cite: Cite | None = None


class Pan9Wager(Strict):
    """``pan9.wager``: what a win pays; ties push in every filed Pan 9 game."""

    pays: Pays
    ties: Literal["push"] = Field(description="every filed Pan 9 game pushes ties")
    cite: Cite | None = None


class Pan9Settlement(Strict):
    """``pan9.settlement``."""

    start: str = Field(min_length=1)
    direction: Direction
    cite: Cite | None = None


class Pan9(Strict):
    """``pan9``: a Pan 9 game."""

    hand_cards: int = Field(ge=1, le=5)
    draw_cards: int = Field(ge=0, le=2)
    player: DrawChart
    house_way: DrawChart | None = None
    player_dealer: DrawChart
    player_dealer_zero: ZeroRule | None = None
    wager: Pan9Wager
    settlement: Pan9Settlement
    note: str | None = None


class BaccaratFile(GameFileBase):
    """A baccarat game file: the shared keys (:class:`rules.gamefile.GameFileBase`) and the family's own
    (punto banco: ``shoe``, ``tableau``, ``outcomes``, ``wagers``, ``action``, ``settlement``, ``settings``;
    Pan 9: ``shoe`` and ``pan9``)."""

    family: Literal["baccarat"]
    game: Literal["punto-banco", "pan9"] = "punto-banco"
    shoe: Shoe
    tableau: Tableau | None = None
    outcomes: list[Outcome] = []
    wagers: list[Wager] | None = None
    action: Action | None = None
    settlement: Settlement | None = None
    settings: dict[str, Setting] = {}
    pan9: Pan9 | None = None

    @model_validator(mode="after")
    def _whole(self) -> BaccaratFile:
        self._deck_in_shoe()
        if self.game == "pan9":
            if self.pan9 is None:
                refuse(("pan9",), "missing required field")
            return self
        for key in ("tableau", "wagers", "settlement"):
            if getattr(self, key) is None:
                refuse((key,), "missing required field")
        assert self.wagers is not None and self.settlement is not None
        if not self.wagers:
            refuse(("wagers",), "a non-empty list of wagers")
        outcome_keys = [o.key for o in self.outcomes]
        if len(set(outcome_keys)) != len(outcome_keys):
            refuse(("outcomes",), "duplicate outcome key")
        for i, o in enumerate(self.outcomes):
            _outcome_refs(o.when, ("outcomes", i, "when"), outcome_keys[:i])
        keys = [w.key for w in self.wagers]
        if len(set(keys)) != len(keys):
            refuse(("wagers",), "duplicate wager key")
        for i, w in enumerate(self.wagers):
            for r in w.requires:
                if r not in keys:
                    refuse(("wagers", i, "requires"), f"unknown wager {r!r}", w.requires)
            for j, rule in enumerate(w.settle):
                _outcome_refs(rule.when, ("wagers", i, "settle", j, "when"), outcome_keys)
                if rule.setting is not None and rule.setting not in self.settings:
                    where = ("wagers", i, "settle", j, "setting")
                    refuse(where, f"no setting {rule.setting!r} in settings:", rule.setting)
        order = self.settlement.order
        unknown = [k for k in order if k not in keys]
        if unknown:
            refuse(("settlement", "order"), f"unknown wager(s) {', '.join(unknown)}", order)
        missing = [k for k in keys if k not in order]
        if missing:
            refuse(("settlement", "order"), f"wager(s) missing from the order: {', '.join(missing)}", order)
        return self

    def _deck_in_shoe(self) -> None:
        """The round engine's ``deck:`` (what is dealt) must fit the ``shoe:`` (what is allowed)."""
        if self.deck is None:
            return
        lo, hi = (
            (self.shoe.decks, self.shoe.decks)
            if isinstance(self.shoe.decks, int)
            else (self.shoe.decks.min, self.shoe.decks.max)
        )
        if not lo <= self.deck.decks <= hi:
            refuse(("deck", "decks"), f"{self.deck.decks} decks is outside shoe.decks ({lo}-{hi})")
        removed = {parse_rank(str(r)) for r in self.deck.ranks_removed or ()}
        if removed != {parse_rank(str(r)) for r in self.shoe.ranks_removed} or self.deck.jokers:
            refuse(("deck",), "the deck's removed ranks and jokers must match shoe:")
