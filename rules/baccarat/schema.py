"""The schema of the baccarat family's game files: strict pydantic models (``rules.gamefile``).

Written from the shipped files' keys and kept by hand: an unknown key or a wrong type is refused with its file,
line and field when the catalogue loads (``dealer-terminal games``, ``config check``). The family's engine
model is built from the same mapping by its own parser.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from rules.gamefile import Cite, GameFileBase, PayFigure, Strict


class ShoeDecks(Strict):
    """``shoe.decks``."""

    min: int
    max: int
    default: int


class ShoeBurn(Strict):
    """``shoe.burn``."""

    kind: str
    values: dict[str, int]
    cite: Cite


class Shoe(Strict):
    """``shoe``."""

    decks: ShoeDecks | int
    burn: str | ShoeBurn
    cite: Cite
    ranks_removed: list[int] | None = None


class TableauPlayer(Strict):
    """``tableau.player``."""

    draw: list[int]
    stand: list[int]


class TableauBankerIfPlayerStands(Strict):
    """``tableau.banker_if_player_stands``."""

    draw: list[int]
    stand: list[int]


class Tableau(Strict):
    """``tableau``."""

    naturals: list[int]
    first_cards: list[str]
    player: TableauPlayer
    banker_if_player_stands: TableauBankerIfPlayerStands
    banker: dict[int, str]
    chart: str
    cite: Cite


class OutcomesWhen(Strict):
    """``outcomes[].when``."""

    banker_cards: int | None = None
    banker_total: int | list[int] | None = None
    player_total: list[int] | int | None = None
    player_cards: int | None = None
    winner: str | None = None
    combined_total: int | None = None


class Outcomes(Strict):
    """``outcomes[]``."""

    key: str
    name: str
    when: OutcomesWhen
    cite: Cite


class WagersLineSettleWhen(Strict):
    """``wagers[].line.settle[].when``."""

    winner: str | None = None
    outcome: str | None = None
    banker_total: int | None = None


class WagersLineSettle(Strict):
    """``wagers[].line.settle[]``."""

    name: str
    when: WagersLineSettleWhen
    pays: PayFigure | None = None
    cite: Cite
    result: str | None = None
    setting: str | None = None


class WagersLine(Strict):
    """``wagers[].line`` (kind ``line``)."""

    key: str
    name: str
    kind: Literal["line"]
    backline: bool | None = None
    settle: list[WagersLineSettle]
    otherwise: str
    cite: Cite


class WagersTieSettleWhen(Strict):
    """``wagers[].tie.settle[].when``."""

    winner: str


class WagersTieSettle(Strict):
    """``wagers[].tie.settle[]``."""

    name: str
    when: WagersTieSettleWhen
    pays: PayFigure
    cite: Cite | None = None


class WagersTie(Strict):
    """``wagers[].tie`` (kind ``tie``)."""

    key: str
    name: str
    kind: Literal["tie"]
    requires: list[str] | None = None
    backline: bool | None = None
    settle: list[WagersTieSettle]
    otherwise: str
    cite: Cite


class WagersBonusSettleWhen(Strict):
    """``wagers[].bonus.settle[].when``."""

    outcome: str | None = None
    winner: str | None = None
    player_natural: bool | None = None
    banker_natural: bool | None = None
    margin: int | None = None
    banker_total: int | None = None


class WagersBonusSettle(Strict):
    """``wagers[].bonus.settle[]``."""

    name: str
    when: WagersBonusSettleWhen
    pays: PayFigure | None = None
    cite: Cite | None = None
    result: str | None = None


class WagersBonus(Strict):
    """``wagers[].bonus`` (kind ``bonus``)."""

    key: str
    name: str
    kind: Literal["bonus"]
    backline: bool | None = None
    settle: list[WagersBonusSettle]
    otherwise: str
    cite: Cite
    requires: list[str] | None = None


class ActionCard(Strict):
    """``action.card``."""

    hand: str
    nth: int


class Action(Strict):
    """``action``."""

    card: ActionCard
    values: dict[str, int]
    origin: str
    used: str
    cite: Cite


class SettlementWhenBankCovers(Strict):
    """``settlement.when_bank_covers``."""

    start: str
    direction: str
    collect_first: bool | None = None


class Settlement(Strict):
    """``settlement``."""

    start: str
    direction: str
    order: list[str]
    cite: Cite
    when_bank_covers: SettlementWhenBankCovers | None = None


class Settings(Strict):
    """``settings.*``."""

    default: bool
    about: str


class Pan9Player(Strict):
    """``pan9.player``."""

    draw: list[Any]
    option: list[int]
    stand: list[Any]
    cite: Cite


class Pan9HouseWay(Strict):
    """``pan9.house_way``."""

    draw: list[int]
    stand: list[int]
    cite: Cite


class Pan9PlayerDealer(Strict):
    """``pan9.player_dealer``."""

    draw: list[int]
    stand: list[int]
    cite: Cite
    option: list[int] | None = None


class Pan9PlayerDealerZeroSettle(Strict):
    """``pan9.player_dealer_zero.settle[]``."""

    name: str
    player_total: list[int] | int
    pays: PayFigure


class Pan9PlayerDealerZero(Strict):
    """``pan9.player_dealer_zero``."""

    total: int
    draws: bool
    settle: list[Pan9PlayerDealerZeroSettle]
    otherwise: str
    cite: Cite


class Pan9Wager(Strict):
    """``pan9.wager``."""

    pays: PayFigure
    ties: str
    cite: Cite


class Pan9Settlement(Strict):
    """``pan9.settlement``."""

    start: str
    direction: str
    cite: Cite


class Pan9(Strict):
    """``pan9``."""

    hand_cards: int
    draw_cards: int
    player: Pan9Player
    house_way: Pan9HouseWay | None = None
    player_dealer: Pan9PlayerDealer
    player_dealer_zero: Pan9PlayerDealerZero | None = None
    wager: Pan9Wager
    settlement: Pan9Settlement


class BaccaratFile(GameFileBase):
    """A baccarat game file: the shared keys (:class:`rules.gamefile.GameFileBase`) and the family's own."""

    family: Literal["baccarat"]
    game: str
    shoe: Shoe
    tableau: Tableau | None = None
    outcomes: list[Outcomes] | None = None
    wagers: list[Annotated[WagersLine | WagersTie | WagersBonus, Field(discriminator="kind")]] | None = None
    action: Action | None = None
    settlement: Settlement | None = None
    settings: dict[str, Settings] | None = None
    pan9: Pan9 | None = None
