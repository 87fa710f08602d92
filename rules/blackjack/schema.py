"""The schema of the blackjack family's game files: strict pydantic models (``rules.gamefile``).

The one validator of a blackjack-family file (``docs/blackjack.md``): an unknown key, a wrong type or a value
the engine cannot take (a comparison or side-bet kind it does not know, a chart row whose totals run
backwards, two side bets with one key) is refused with its file, line and field when the catalogue loads.
:func:`rules.blackjack.model.from_data` builds the engine's model from the validated file. Side bets are a
discriminated union on ``kind``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, model_validator

from kernel.errors import RulesError
from rules.decks import parse_rank
from rules.evaluators.points import FILED_RULES
from rules.gamefile import Cite, FeesRef, GameFileBase, Ratio, Strict, refuse

#: The hands a Blackjack Bonus Bet row may name.
BONUS_HANDS = (
    "pair_of_ks_beaten_by_blackjack",
    "pair_of_ks",
    "same_rank_and_suit",
    "suited_20",
    "two_card_20",
    "first_card_picture",
)
#: The hands a Lucky Lucky row may name.
LUCKY_HANDS = ("suited_777", "suited_678", "777", "678", "suited_21", "21", "20", "19")


def _preset(name: str) -> str:
    if name not in FILED_RULES:
        raise ValueError(f"unknown preset {name!r}; one of {', '.join(FILED_RULES)}")
    return name


def _rank(value: str | int) -> str | int:
    try:
        parse_rank(str(value))
    except RulesError as exc:
        raise ValueError(str(exc)) from None
    return value


Count = Annotated[int, Field(ge=0)]


class Shoe(Strict):
    """``shoe``: the decks the room deals from."""

    min_decks: int = Field(default=1, ge=1)
    max_decks: int = Field(default=8, ge=1)
    marked: str | None = None
    note: str | None = None
    choice: str | None = None
    cite: Cite | None = None


class Totals(Strict):
    """``totals``: a filed preset, or the counting rules (``rules.evaluators.points.BlackjackRules``)."""

    preset: Annotated[str, AfterValidator(_preset)] | None = None
    name: str | None = None
    target: int | str | None = None
    limit: int | None = None
    over_name: str | None = None
    over_by_closeness: bool | None = None
    source: str | None = None


class Compare(Strict):
    """``compare``: how a hand is compared with the player-dealer's."""

    rule: Literal["no-bust-21.5", "no-bust-22", "pure-21.5", "play-to-31", "closest-22"]
    cite: Cite | None = None
    note: str | None = None
    choice: str | None = None


class Payouts(Strict):
    """``payouts``: what a winning game wager pays, by special hand, else ``win``."""

    specials: dict[str, Ratio] = {}
    win: Ratio = Fraction(1)
    cite: Cite | None = None
    note: str | None = None
    choice: str | None = None


class ChartRow(Strict):
    """``player_chart.rows[]`` / ``player_dealer_chart.rows[]``: totals ``[lowest, highest]``, whether soft
    only (true), hard only (false) or either (left out), and the action."""

    label: str | None = None
    totals: list[int] = Field(min_length=2, max_length=2)
    action: Literal["hit", "stand", "option"]
    soft: bool | None = None
    cite: Cite | None = None
    choice: str | None = None

    @model_validator(mode="after")
    def _ordered(self) -> ChartRow:
        if self.totals[0] > self.totals[1]:
            refuse(("totals",), f"{self.totals[0]} is above {self.totals[1]}", self.totals)
        return self


class Chart(Strict):
    """``player_chart`` / ``player_dealer_chart``: the first matching row decides."""

    cite: Cite | None = None
    rows: list[ChartRow]
    note: str | None = None


class Decision(Strict):
    """``decisions.<action>``: one decision the filing allows, and its limits."""

    cite: Cite | None = None
    first_two_only: bool | None = None
    totals: list[int] = []
    not_on_natural: bool = True
    not_after_split: bool = False
    not_with_joker: bool = False
    not_when_up: list[str] = []
    only_when_up: list[str] = []
    before_hit: bool = False
    pays: Ratio | None = None
    max_fraction: Ratio | None = None
    forfeit: Ratio | None = None
    no_action_on_natural: bool = False
    max_splits: Count = 0
    no_resplit_aces: bool = False
    max_total: Count = 0
    for_less: bool | None = None
    note: str | None = None
    choice: str | None = None


class Decisions(Strict):
    """``decisions``: the player decisions the filing allows."""

    hit: Decision | None = None
    stand: Decision | None = None
    double: Decision | None = None
    split: Decision | None = None
    surrender: Decision | None = None
    insurance: Decision | None = None


class PayRow(Strict):
    """A side bet's pay-table row: its words, what it needs (by the bet's kind), what it pays."""

    name: str = ""
    pays: Ratio
    cards: Count = 0
    or_more: bool = False
    special: Count = 0
    hand: str = ""
    with_natural: bool = False


class SideBetBase(Strict):
    """What every side bet names: its wager key, name, pay table (best row first) and cite."""

    key: str = Field(min_length=1)
    name: str | None = None
    pays: list[PayRow] = Field(min_length=1)
    cite: Cite | None = None
    decks: list[Annotated[int, Field(ge=1)]] | None = Field(default=None, min_length=2, max_length=2)
    note: str | None = None
    choice: str | None = None

    @model_validator(mode="after")
    def _decks(self) -> SideBetBase:
        if self.decks is not None and self.decks[0] > self.decks[1]:
            refuse(("decks",), "[fewest, most]: the decks the bet's filing deals it from", self.decks)
        return self


def _hands(bet: SideBetBase, known: tuple[str, ...]) -> None:
    for i, row in enumerate(bet.pays):
        if row.hand not in known:
            refuse(("pays", i, "hand"), f"one of {', '.join(known)}", row.hand)


class BustCardsBet(SideBetBase):
    """Buster: cards in the player-dealer's busted hand."""

    kind: Literal["player_dealer_bust_cards"]


class ThreeCardRankBet(SideBetBase):
    """Magic Sevens, Jack Magic: the player's two cards and the player-dealer's up card, by one rank."""

    kind: Literal["three_card_rank"]
    rank: Annotated[str | int, AfterValidator(_rank)]
    special_cards: list[str] = []


class FirstTwoPairBet(SideBetBase):
    """Lucky Pair: the player's first two cards a pair."""

    kind: Literal["first_two_pair"]


class FrozenPlusHoleBet(SideBetBase):
    """Cal Blackjack's side bet: a frozen 22-30 plus the player-dealer's second card makes 31."""

    kind: Literal["frozen_plus_hole"]


class BlackjackBonusBet(SideBetBase):
    """Marysville's Blackjack Bonus Bet: the player's first two cards."""

    kind: Literal["blackjack_bonus"]

    @model_validator(mode="after")
    def _known(self) -> BlackjackBonusBet:
        _hands(self, BONUS_HANDS)
        return self


class RedRunBet(SideBetBase):
    """Red Flex: consecutive red cards from the player-dealer's first card."""

    kind: Literal["red_run"]


class LuckyLuckyBet(SideBetBase):
    """Lucky Lucky: the player's two cards and the player-dealer's up card."""

    kind: Literal["lucky_lucky"]

    @model_validator(mode="after")
    def _known(self) -> LuckyLuckyBet:
        _hands(self, LUCKY_HANDS)
        return self


#: A side bet: its ``kind`` says which.
SideBet = Annotated[
    BustCardsBet
    | ThreeCardRankBet
    | FirstTwoPairBet
    | FrozenPlusHoleBet
    | BlackjackBonusBet
    | RedRunBet
    | LuckyLuckyBet,
    Field(discriminator="kind"),
]


class CardsUp(Strict):
    """``peek`` / ``frozen_by_up``: the player-dealer's up cards it applies to."""

    up: list[str] = []
    cite: Cite | None = None
    note: str | None = None
    choice: str | None = None


class ActionButton(Strict):
    """``action_button``: the player-dealer's ``card``-th card, counted with ``values``."""

    card: int = Field(default=2, ge=1)
    values: dict[str, int] = {}
    cite: Cite | None = None
    note: str | None = None
    choice: str | None = None


class BankingRotation(Strict):
    """``banking.rotation``."""

    max_consecutive: int
    offer_direction: Literal["clockwise", "counterclockwise"] | None = None
    cite: Cite | None = None


class BankingAction(Strict):
    """``banking.action``."""

    source: Literal["dice", "card", "button"]
    count_from: Literal["player_dealer", "after_player_dealer", "dealer_left", "dealer_right"]
    count_player_dealer: bool
    count_direction: Literal["clockwise", "counterclockwise"] | None = None


class BankingSettlement(Strict):
    """``banking.settlement``."""

    direction: Literal["clockwise", "counterclockwise"]
    wager_order: list[str]


class Banking(Strict):
    """``banking``."""

    cite: Cite
    rotation: BankingRotation
    action: BankingAction
    settlement: BankingSettlement
    fees: FeesRef | None = None


class BlackjackFile(GameFileBase):
    """A blackjack game file: the shared keys (:class:`rules.gamefile.GameFileBase`) and the family's own."""

    family: Literal["blackjack"]
    shoe: Shoe = Shoe()
    totals: Totals
    compare: Compare
    payouts: Payouts
    player_chart: Chart | None = None
    player_dealer_chart: Chart | None = None
    decisions: Decisions = Decisions()
    side_bets: list[SideBet] = []
    peek: CardsUp | None = None
    action_button: ActionButton | None = None
    banking: Banking | None = None
    frozen_by_up: CardsUp | None = None
    game_wager: str = "main"

    @model_validator(mode="after")
    def _keys(self) -> BlackjackFile:
        keys = [b.key for b in self.side_bets]
        if len(set(keys)) != len(keys):
            refuse(("side_bets",), "every side bet needs its own key")
        return self
