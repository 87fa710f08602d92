"""The schema of the blackjack family's game files: strict pydantic models (``rules.gamefile``).

Written from the shipped files' keys and kept by hand: an unknown key or a wrong type is refused with its file,
line and field when the catalogue loads (``dealer-terminal games``, ``config check``). The family's engine
model is built from the same mapping by its own parser.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from rules.gamefile import Cite, GameFileBase, PayFigure, Strict


class Shoe(Strict):
    """``shoe``."""

    min_decks: int
    max_decks: int
    marked: str
    note: str | None = None
    cite: Cite


class Totals(Strict):
    """``totals``."""

    preset: str | None = None
    name: str | None = None
    target: int | None = None
    limit: int | None = None
    over_name: str | None = None
    over_by_closeness: bool | None = None
    source: str | None = None


class Compare(Strict):
    """``compare``."""

    rule: str
    cite: Cite


class Payouts(Strict):
    """``payouts``."""

    specials: dict[str, str] | None = None
    win: int
    cite: Cite


class PlayerChartRows(Strict):
    """``player_chart.rows[]``."""

    label: str
    totals: list[int]
    action: str
    soft: bool | None = None


class PlayerChart(Strict):
    """``player_chart``."""

    cite: Cite
    rows: list[PlayerChartRows]


class PlayerDealerChartRows(Strict):
    """``player_dealer_chart.rows[]``."""

    label: str
    totals: list[int]
    action: str
    choice: str | None = None
    soft: bool | None = None


class PlayerDealerChart(Strict):
    """``player_dealer_chart``."""

    cite: Cite
    rows: list[PlayerDealerChartRows]


class DecisionsHit(Strict):
    """``decisions.hit``."""

    cite: Cite


class DecisionsStand(Strict):
    """``decisions.stand``."""

    cite: Cite


class DecisionsDouble(Strict):
    """``decisions.double``."""

    cite: Cite
    not_with_joker: bool | None = None
    not_when_up: list[str] | None = None
    no_action_on_natural: bool | None = None
    totals: list[int] | None = None
    not_after_split: bool | None = None


class DecisionsSplit(Strict):
    """``decisions.split``."""

    cite: Cite
    not_with_joker: bool | None = None
    not_when_up: list[str] | None = None
    max_splits: int | None = None
    no_resplit_aces: bool | None = None


class DecisionsSurrender(Strict):
    """``decisions.surrender``."""

    cite: Cite
    not_with_joker: bool | None = None
    not_when_up: list[str] | None = None
    before_hit: bool | None = None
    first_two_only: bool | None = None
    not_after_split: bool | None = None
    max_total: int | None = None
    note: str | None = None
    choice: str | None = None


class DecisionsInsurance(Strict):
    """``decisions.insurance``."""

    cite: Cite
    only_when_up: list[str]
    pays: PayFigure
    max_fraction: str


class Decisions(Strict):
    """``decisions``."""

    hit: DecisionsHit
    stand: DecisionsStand
    double: DecisionsDouble | None = None
    split: DecisionsSplit | None = None
    surrender: DecisionsSurrender | None = None
    insurance: DecisionsInsurance | None = None


class SideBetsPlayerDealerBustCardsPays(Strict):
    """``side_bets[].player_dealer_bust_cards.pays[]``."""

    name: str
    cards: int
    pays: PayFigure
    or_more: bool | None = None


class SideBetsPlayerDealerBustCards(Strict):
    """``side_bets[].player_dealer_bust_cards`` (kind ``player_dealer_bust_cards``)."""

    key: str
    name: str
    kind: Literal["player_dealer_bust_cards"]
    pays: list[SideBetsPlayerDealerBustCardsPays]
    cite: Cite
    decks: list[int] | None = None
    choice: str | None = None


class SideBetsThreeCardRankPays(Strict):
    """``side_bets[].three_card_rank.pays[]``."""

    name: str
    cards: int
    special: int | None = None
    pays: PayFigure


class SideBetsThreeCardRank(Strict):
    """``side_bets[].three_card_rank`` (kind ``three_card_rank``)."""

    key: str
    name: str
    kind: Literal["three_card_rank"]
    rank: str | int
    special_cards: list[str]
    cite: Cite
    pays: list[SideBetsThreeCardRankPays]


class SideBetsFirstTwoPairPays(Strict):
    """``side_bets[].first_two_pair.pays[]``."""

    name: str
    with_natural: bool | None = None
    pays: PayFigure


class SideBetsFirstTwoPair(Strict):
    """``side_bets[].first_two_pair`` (kind ``first_two_pair``)."""

    key: str
    name: str
    kind: Literal["first_two_pair"]
    cite: Cite
    choice: str
    pays: list[SideBetsFirstTwoPairPays]


class SideBetsFrozenPlusHolePays(Strict):
    """``side_bets[].frozen_plus_hole.pays[]``."""

    name: str
    pays: PayFigure


class SideBetsFrozenPlusHole(Strict):
    """``side_bets[].frozen_plus_hole`` (kind ``frozen_plus_hole``)."""

    key: str
    name: str
    kind: Literal["frozen_plus_hole"]
    cite: Cite
    pays: list[SideBetsFrozenPlusHolePays]


class SideBetsBlackjackBonusPays(Strict):
    """``side_bets[].blackjack_bonus.pays[]``."""

    name: str
    hand: str
    pays: PayFigure


class SideBetsBlackjackBonus(Strict):
    """``side_bets[].blackjack_bonus`` (kind ``blackjack_bonus``)."""

    key: str
    name: str
    kind: Literal["blackjack_bonus"]
    cite: Cite
    choice: str
    pays: list[SideBetsBlackjackBonusPays]


class SideBetsRedRunPays(Strict):
    """``side_bets[].red_run.pays[]``."""

    name: str
    cards: int
    or_more: bool | None = None
    pays: PayFigure


class SideBetsRedRun(Strict):
    """``side_bets[].red_run`` (kind ``red_run``)."""

    key: str
    name: str
    kind: Literal["red_run"]
    cite: Cite
    choice: str
    pays: list[SideBetsRedRunPays]


class SideBetsLuckyLuckyPays(Strict):
    """``side_bets[].lucky_lucky.pays[]``."""

    name: str
    hand: str
    pays: PayFigure


class SideBetsLuckyLucky(Strict):
    """``side_bets[].lucky_lucky`` (kind ``lucky_lucky``)."""

    key: str
    name: str
    kind: Literal["lucky_lucky"]
    cite: Cite
    choice: str
    pays: list[SideBetsLuckyLuckyPays]


class Peek(Strict):
    """``peek``."""

    up: list[str]
    cite: Cite


class ActionButton(Strict):
    """``action_button``."""

    card: int
    values: dict[str, int]
    cite: Cite
    choice: str | None = None


class BankingRotation(Strict):
    """``banking.rotation``."""

    max_consecutive: int


class BankingAction(Strict):
    """``banking.action``."""

    source: str
    count_from: str
    count_player_dealer: bool
    count_direction: str | None = None


class BankingSettlement(Strict):
    """``banking.settlement``."""

    direction: str
    wager_order: list[str]


class BankingFees(Strict):
    """``banking.fees``."""

    game: str


class Banking(Strict):
    """``banking``."""

    cite: Cite
    rotation: BankingRotation
    action: BankingAction
    settlement: BankingSettlement
    fees: BankingFees | None = None


class FrozenByUp(Strict):
    """``frozen_by_up``."""

    up: list[str]
    cite: Cite


class BlackjackFile(GameFileBase):
    """A blackjack game file: the shared keys (:class:`rules.gamefile.GameFileBase`) and the family's own."""

    family: Literal["blackjack"]
    shoe: Shoe
    totals: Totals
    compare: Compare
    payouts: Payouts
    player_chart: PlayerChart | None = None
    player_dealer_chart: PlayerDealerChart | None = None
    decisions: Decisions
    side_bets: list[
        Annotated[
            SideBetsPlayerDealerBustCards
            | SideBetsThreeCardRank
            | SideBetsFirstTwoPair
            | SideBetsFrozenPlusHole
            | SideBetsBlackjackBonus
            | SideBetsRedRun
            | SideBetsLuckyLucky,
            Field(discriminator="kind"),
        ]
    ]
    peek: Peek | None = None
    action_button: ActionButton | None = None
    banking: Banking | None = None
    frozen_by_up: FrozenByUp | None = None
