"""The schema of the threecard family's game files: strict pydantic models (``rules.gamefile``).

The one validator of a Three Card Poker / 3 Card Texas Hold'em file: an unknown key, a wrong type or a value
the engine cannot take (a qualifier it cannot read, a pay-table line the bonus's hand cannot make, a wager
order that leaves a wager out) is refused with its file, line and field when the catalogue loads
(``dealer-terminal games``, ``config check``). :func:`rules.threecard.model.from_data` builds the engine's
model from the validated file.
"""

from __future__ import annotations

import re
from typing import Annotated, Final, Literal

from pydantic import AfterValidator, Field, model_validator

from rules.evaluators.three import FLUSH, HIGH_CARD, PAIR, STRAIGHT, STRAIGHT_FLUSH, THREE_OF_A_KIND
from rules.gamefile import Cite, GameFileBase, PayFigure, Strict, pay_ratio, refuse

Game = Literal["three-card-poker", "three-card-holdem"]
Result = Literal["win", "lose", "push", "no-action"]
HandKind = Literal["three-card", "six-card", "hole-cards", "straight-or-up"]
Step = Literal["play-or-fold", "bet-or-fold", "bet-or-check"]

#: The pay-table lines each kind of bonus understands (lower case; the file may use any case).
LINES: Final[dict[str, frozenset[str]]] = {
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

_RANK_WORDS: Final[dict[str, int]] = {
    **{str(v): v for v in range(2, 11)},
    "t": 10,
    "j": 11,
    "q": 12,
    "k": 13,
    "a": 14,
    **{w: i + 2 for i, w in enumerate(["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"])},
    "jack": 11,
    "queen": 12,
    "king": 13,
    "ace": 14,
    **{w: i + 2 for i, w in enumerate(["twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens"])},
    "jacks": 11,
    "queens": 12,
    "kings": 13,
    "aces": 14,
}
_CATEGORY_WORDS: Final[dict[str, int]] = {
    "high card": HIGH_CARD,
    "pair": PAIR,
    "one pair": PAIR,
    "flush": FLUSH,
    "straight": STRAIGHT,
    "three of a kind": THREE_OF_A_KIND,
    "straight flush": STRAIGHT_FLUSH,
}


def qualifier_value(text: str) -> int | None:
    """The lowest qualifying three-card value for ``queen high``, ``Q high``, ``pair of 4s``, ``pair of
    fours`` or a category name (``pair``: any pair); None for words it cannot read."""
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
    return None


def _qualifier(text: str) -> str:
    if qualifier_value(text) is None:
        raise ValueError(f"write the qualifier as 'queen high' or 'pair of 4s', not {text!r}")
    return text


def _text(value: str) -> str:
    if not value.strip():
        raise ValueError("expected text, not an empty string")
    return value.strip()


#: Words: text that is not empty (surrounding spaces dropped).
Text = Annotated[str, AfterValidator(_text)]


def _positive(value: int | str) -> int | str:
    if pay_ratio(value) <= 0:
        raise ValueError(f"pays is a positive ratio to 1 (40, '3/2'), not {value!r}")
    return value


class DecksCount(Strict):
    """``decks.count``: how many decks the room may deal from, one to eight."""

    min: int = Field(ge=1, le=8)
    max: int = Field(ge=1, le=8)
    default: int = Field(ge=1, le=8)

    @model_validator(mode="after")
    def _ordered(self) -> DecksCount:
        if self.max < self.min:
            refuse(("max",), f"expected a whole number from {self.min} to 8, not {self.max}", self.max)
        if not self.min <= self.default <= self.max:
            refuse(("default",), f"expected a whole number from {self.min} to {self.max}", self.default)
        return self


class Decks(Strict):
    """``decks``: one deck, several, or two alternating decks with different backs."""

    alternating: bool
    backs: list[Text] | None = None
    cite: Cite
    count: DecksCount | None = None

    @model_validator(mode="after")
    def _backs(self) -> Decks:
        if self.alternating:
            b = self.backs or []
            if len(b) != 2 or b[0].lower() == b[1].lower():
                refuse(("backs",), f"two different back colours, e.g. [red, blue], not {self.backs!r}", b)
            if self.count is not None and self.count.max != 1:
                refuse(("count",), "alternating decks are single decks")
        return self


class Hands(Strict):
    """``hands``: the cards each hand holds."""

    player: int = Field(ge=2, le=3)
    board: int = Field(0, ge=0, le=3)
    player_dealer: int
    best: int | None = None
    cite: Cite


class Ranking(Strict):
    """``ranking``."""

    mini_royal: bool
    cite: Cite


class Qualify(Strict):
    """``qualify``: the player-dealer's lowest qualifying hand, in words."""

    at_least: Annotated[str, AfterValidator(_qualifier)]
    cite: Cite


class PlayerDealerShows(Strict):
    """``player_dealer_shows``."""

    card: Text
    cite: Cite


class Arrangement(Strict):
    """``arrangement``."""

    rule: Text
    cite: Cite


class Ante(Strict):
    """``ante``."""

    required: bool = True
    cite: Cite


class Raise(Strict):
    """``raises[]``: a wager made after looking at the cards."""

    key: Text
    name: Text
    step: Step
    cite: Cite


class Fold(Strict):
    """``fold``."""

    cite: Cite


class Outcome(Strict):
    """A showdown row: what the Ante and each raise do."""

    ante: Result
    raise_: Result = Field(alias="raise")


class ShowdownTable(Strict):
    """``showdown.qualified`` / ``showdown.not_qualified``."""

    player_higher: Outcome
    player_dealer_higher: Outcome
    tie: Outcome
    cite: Cite
    note: str | None = None


class Showdown(Strict):
    """``showdown``."""

    qualified: ShowdownTable
    not_qualified: ShowdownTable


class PayLine(Strict):
    """A pay-table line: the hand as filed and what it pays to 1 (more than 0)."""

    hand: Text
    pays: Annotated[PayFigure, AfterValidator(_positive)]


def _check_table(rows: list[PayLine], kind: str, where: tuple[str | int, ...]) -> None:
    seen: set[str] = set()
    for i, row in enumerate(rows):
        hand = row.hand.lower()
        if hand not in LINES[kind]:
            known = ", ".join(sorted(LINES[kind]))
            refuse((*where, i, "hand"), f"{row.hand!r} is not a {kind} hand; known: {known}", row.hand)
        if hand in seen:
            refuse((*where, i, "hand"), f"{row.hand!r} is listed twice", row.hand)
        seen.add(hand)


class OnFold(Strict):
    """``bonuses[].on_fold``: whether the bonus stays in action when the player folds."""

    stays: bool
    cite: Cite
    note: str | None = None


class Bonus(Strict):
    """``bonuses[]``: an optional bonus wager, with one pay table (``pays``) or the filed options
    (``tables``) and the posted one (``table``)."""

    key: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$")]
    name: Text
    hand: HandKind
    needs_ante: bool = True
    on_fold: OnFold
    tables: dict[str, list[PayLine]] | None = None
    table: str | None = None
    cite: Cite
    equal_to_ante: bool = False
    pays: list[PayLine] | None = None
    note: str | None = None

    @model_validator(mode="after")
    def _tables(self) -> Bonus:
        if self.key == "ante":
            refuse(("key",), "a key is lower-case words joined by '-', not 'ante'", self.key)
        if (self.pays is None) == (self.tables is None):
            refuse((), "give either pays (one table) or tables (the filed options) with table")
        if self.pays is not None:
            if self.table is not None:
                refuse(("table",), "table names one of tables; this bonus has one pays", self.table)
            if not self.pays:
                refuse(("pays",), "a pay table is a non-empty list of {hand, pays}")
            _check_table(self.pays, self.hand, ("pays",))
        else:
            assert self.tables is not None
            if not self.tables:
                refuse(("tables",), "no pay table")
            for name, rows in self.tables.items():
                if not rows:
                    refuse(("tables", name), "a pay table is a non-empty list of {hand, pays}")
                _check_table(rows, self.hand, ("tables", name))
            if self.table is None:
                refuse(("table",), "missing 'table' (the posted one of tables)")
            if self.table not in self.tables:
                refuse(("table",), f"{self.table!r} is not one of {', '.join(self.tables)}", self.table)
        return self


class AnteBonus(Strict):
    """``ante_bonus``: what the Ante pays on a premium hand, whatever the player-dealer holds."""

    pays: list[PayLine] = Field(min_length=1)
    cite: Cite
    note: str | None = None

    @model_validator(mode="after")
    def _lines(self) -> AnteBonus:
        _check_table(self.pays, "three-card", ("pays",))
        return self


class Order(Strict):
    """``order``: every wager once, in the filed order."""

    wagers: list[str]
    cite: Cite


class UnequalBets(Strict):
    """``unequal_bets``: bets not equal to the Ante are paid on the smaller (the only filed rule)."""

    rule: Literal["pay-on-smaller"]
    cite: Cite


class ActionButton(Strict):
    """``action_button``: one of ``card`` (the player-dealer's Nth card, counted over ``positions``),
    ``from: left_of_player_dealer`` or ``placed_by: dealer``."""

    placed_by: Literal["dealer"] | None = None
    cite: Cite
    card: int | None = Field(None, ge=1, le=3)
    positions: int = Field(8, ge=2, le=14)
    from_: Literal["left_of_player_dealer"] | None = Field(None, alias="from")

    @model_validator(mode="after")
    def _one(self) -> ActionButton:
        if sum(x is not None for x in (self.card, self.from_, self.placed_by)) != 1:
            refuse((), "give one of card (N), from, placed_by")
        return self


class BankingRotation(Strict):
    """``banking.rotation``."""

    max_consecutive: int
    offer_direction: Literal["clockwise", "counterclockwise"] | None = None
    cite: Cite | None = None


class BankingAction(Strict):
    """``banking.action``."""

    source: Literal["dice", "card", "button"]
    cite: Cite
    count_from: Literal["player_dealer", "after_player_dealer", "dealer_left", "dealer_right"] | None = None
    count_player_dealer: bool | None = None
    card_values: dict[str, int] | None = None
    empty_landing: Literal["next_occupied", "stays"] | None = None


class BankingOrder(Strict):
    """``banking.settlement`` / ``banking.covered``: the settlement order."""

    direction: Literal["clockwise", "counterclockwise"]
    wager_order: list[str]
    cite: Cite
    mode: Literal["in_order", "collect_then_pay"] | None = None


class Banking(Strict):
    """``banking``."""

    cite: Cite
    rotation: BankingRotation
    action: BankingAction
    settlement: BankingOrder
    covered: BankingOrder | None = None


class InsufficientFunds(Strict):
    """``insufficient_funds``."""

    options: list[str]
    cite: Cite


class ThreeCardFile(GameFileBase):
    """A threecard game file: the shared keys (:class:`rules.gamefile.GameFileBase`) and the family's own."""

    family: Literal["threecard"]
    game: Game
    decks: Decks
    hands: Hands
    ranking: Ranking
    qualify: Qualify
    player_dealer_shows: PlayerDealerShows
    arrangement: Arrangement
    ante: Ante
    raises: list[Raise] = Field(min_length=1)
    fold: Fold
    showdown: Showdown
    ante_bonus: AnteBonus | None = None
    bonuses: list[Bonus] = []
    order: Order
    unequal_bets: UnequalBets | None = None
    action_button: ActionButton
    banking: Banking
    insufficient_funds: InsufficientFunds | None = None

    def wager_keys(self) -> list[str]:
        """Every wager key: the Ante, the raises, the bonuses."""
        return ["ante", *(r.key for r in self.raises), *(b.key for b in self.bonuses)]

    @model_validator(mode="after")
    def _whole(self) -> ThreeCardFile:
        hole, board = self.hands.player, self.hands.board
        if self.game == "three-card-poker" and (hole, board) != (3, 0):
            refuse(("hands",), "Three Card Poker deals three cards to each hand and no board")
        if self.game == "three-card-holdem" and (hole, board) != (2, 3):
            refuse(("hands",), "3 Card Texas Hold'em deals two hole cards and three communal cards")
        steps = [r.step for r in self.raises]
        if steps[0] == "bet-or-check" or any(s != "bet-or-check" for s in steps[1:]):
            refuse(("raises",), "the first step is play-or-fold or bet-or-fold; later steps bet-or-check")
        keys = self.wager_keys()
        if len(set(keys)) != len(keys):
            refuse(("bonuses",), f"wager keys repeat: {', '.join(keys)}")
        for i, b in enumerate(self.bonuses):
            if self.game == "three-card-poker" and b.hand in ("hole-cards", "straight-or-up"):
                refuse(("bonuses", i, "hand"), f"a {b.hand} bonus belongs to 3 Card Texas Hold'em", b.hand)
            if self.game == "three-card-holdem" and b.hand == "six-card":
                refuse(("bonuses", i, "hand"), "the six-card bonus belongs to Three Card Poker", b.hand)
        if sorted(self.order.wagers) != sorted(keys):
            refuse(("order", "wagers"), f"list every wager once, in the filed order: {', '.join(keys)}")
        order = self.banking.settlement.wager_order
        missing = [k for k in keys if k not in order]
        if order and missing:
            refuse(("banking", "settlement", "wager_order"), f"name every wager; missing {', '.join(missing)}")
        return self
