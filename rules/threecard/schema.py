"""The schema of the threecard family's game files: strict pydantic models (``rules.gamefile``).

Written from the shipped files' keys and kept by hand: an unknown key or a wrong type is refused with its file,
line and field when the catalogue loads (``dealer-terminal games``, ``config check``). The family's engine
model is built from the same mapping by its own parser.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.gamefile import Cite, GameFileBase, PayFigure, Strict


class DecksCount(Strict):
    """``decks.count``."""

    min: int
    max: int
    default: int


class Decks(Strict):
    """``decks``."""

    alternating: bool
    backs: list[str] | None = None
    cite: Cite
    count: DecksCount | None = None


class Hands(Strict):
    """``hands``."""

    player: int
    board: int | None = None
    player_dealer: int
    best: int | None = None
    cite: Cite


class Ranking(Strict):
    """``ranking``."""

    mini_royal: bool
    cite: Cite


class Qualify(Strict):
    """``qualify``."""

    at_least: str
    cite: Cite


class PlayerDealerShows(Strict):
    """``player_dealer_shows``."""

    card: str
    cite: Cite


class Arrangement(Strict):
    """``arrangement``."""

    rule: str
    cite: Cite


class Ante(Strict):
    """``ante``."""

    required: bool
    cite: Cite


class Raises(Strict):
    """``raises[]``."""

    key: str
    name: str
    step: str
    cite: Cite


class Fold(Strict):
    """``fold``."""

    cite: Cite


class ShowdownQualifiedPlayerHigher(Strict):
    """``showdown.qualified.player_higher``."""

    ante: str
    raise_: str = Field(alias="raise")


class ShowdownQualifiedPlayerDealerHigher(Strict):
    """``showdown.qualified.player_dealer_higher``."""

    ante: str
    raise_: str = Field(alias="raise")


class ShowdownQualifiedTie(Strict):
    """``showdown.qualified.tie``."""

    ante: str
    raise_: str = Field(alias="raise")


class ShowdownQualified(Strict):
    """``showdown.qualified``."""

    player_higher: ShowdownQualifiedPlayerHigher
    player_dealer_higher: ShowdownQualifiedPlayerDealerHigher
    tie: ShowdownQualifiedTie
    cite: Cite


class ShowdownNotQualifiedPlayerHigher(Strict):
    """``showdown.not_qualified.player_higher``."""

    ante: str
    raise_: str = Field(alias="raise")


class ShowdownNotQualifiedPlayerDealerHigher(Strict):
    """``showdown.not_qualified.player_dealer_higher``."""

    ante: str
    raise_: str = Field(alias="raise")


class ShowdownNotQualifiedTie(Strict):
    """``showdown.not_qualified.tie``."""

    ante: str
    raise_: str = Field(alias="raise")


class ShowdownNotQualified(Strict):
    """``showdown.not_qualified``."""

    player_higher: ShowdownNotQualifiedPlayerHigher
    player_dealer_higher: ShowdownNotQualifiedPlayerDealerHigher
    tie: ShowdownNotQualifiedTie
    cite: Cite


class Showdown(Strict):
    """``showdown``."""

    qualified: ShowdownQualified
    not_qualified: ShowdownNotQualified


class BonusesOnFold(Strict):
    """``bonuses[].on_fold``."""

    stays: bool
    cite: Cite


class BonusesTables(Strict):
    """``bonuses[].tables.*[]``."""

    hand: str
    pays: PayFigure


class BonusesPays(Strict):
    """``bonuses[].pays[]``."""

    hand: str
    pays: PayFigure


class Bonuses(Strict):
    """``bonuses[]``."""

    key: str
    name: str
    hand: str
    needs_ante: bool
    on_fold: BonusesOnFold
    tables: dict[str, list[BonusesTables]] | None = None
    table: str | None = None
    cite: Cite
    equal_to_ante: bool | None = None
    pays: list[BonusesPays] | None = None


class Order(Strict):
    """``order``."""

    wagers: list[str]
    cite: Cite


class UnequalBets(Strict):
    """``unequal_bets``."""

    rule: str
    cite: Cite


class ActionButton(Strict):
    """``action_button``."""

    placed_by: str | None = None
    cite: Cite
    card: int | None = None
    positions: int | None = None
    from_: str | None = Field(None, alias="from")


class BankingRotation(Strict):
    """``banking.rotation``."""

    max_consecutive: int


class BankingAction(Strict):
    """``banking.action``."""

    source: str
    cite: Cite
    count_from: str | None = None
    count_player_dealer: bool | None = None
    card_values: dict[str, int] | None = None
    empty_landing: str | None = None


class BankingSettlement(Strict):
    """``banking.settlement``."""

    direction: str
    wager_order: list[str]
    cite: Cite
    mode: str | None = None


class BankingCovered(Strict):
    """``banking.covered``."""

    direction: str
    wager_order: list[str]
    mode: str
    cite: Cite


class Banking(Strict):
    """``banking``."""

    cite: Cite
    rotation: BankingRotation
    action: BankingAction
    settlement: BankingSettlement
    covered: BankingCovered | None = None


class InsufficientFunds(Strict):
    """``insufficient_funds``."""

    options: list[str]
    cite: Cite


class ThreeCardFile(GameFileBase):
    """A threecard game file: the shared keys (:class:`rules.gamefile.GameFileBase`) and the family's own."""

    family: Literal["threecard"]
    game: str
    decks: Decks
    hands: Hands
    ranking: Ranking
    qualify: Qualify
    player_dealer_shows: PlayerDealerShows
    arrangement: Arrangement
    ante: Ante
    raises: list[Raises]
    fold: Fold
    showdown: Showdown
    bonuses: list[Bonuses]
    order: Order
    unequal_bets: UnequalBets | None = None
    action_button: ActionButton
    banking: Banking
    insufficient_funds: InsufficientFunds | None = None
