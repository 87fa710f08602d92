"""The schema of the paigow family's game files: strict pydantic models (``rules.gamefile``).

The one validator of a Pai Gow Poker file: an unknown key, a wrong type or a value the engine cannot take
(a joker other than the bug, a hand that does not split front + 5, a bonus without a pay table) is refused
with its file, line and field when the catalogue loads (``dealer-terminal games``, ``config check``).
:meth:`rules.paigow.variant.PaiGowVariant.from_data` builds the engine's model from the validated file.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Discriminator, Field, PositiveInt, Tag, model_validator

from rules.gamefile import (
    Cite,
    GameFileBase,
    PayFigure,
    PayRow,
    Ruling,
    Strict,
    kind_or,
    refuse,
)


class Hand(Strict):
    """``hand``: the cards dealt and how they split (front + 5 behind)."""

    cards: int
    front: Literal[1, 2]
    back: Literal[5]
    cite: Cite

    @model_validator(mode="after")
    def _splits(self) -> Hand:
        if self.cards != self.front + self.back:
            refuse(("cards",), f"{self.cards} cards do not split {self.front} + {self.back}", self.cards)
        return self


class Evaluator(Strict):
    """``evaluator``: the room's ranking options (:class:`rules.paigow.hands.PaiGowRules`)."""

    joker: Literal["bug"] = Field(description="only the bug joker is filed for Pai Gow Poker")
    wheel: Literal["lowest", "second_highest"]
    five_aces: bool
    joker_flush: Literal["ace", "highest_missing"]
    cite: Cite
    joker_above_ace: bool | None = None


class HouseWay(Strict):
    """``house_way``: the room's House Way chart."""

    chart: str
    cite: Cite


class FoulRuling(Ruling):
    """``setting.foul.player``: a player's foul hand, and what it costs."""

    consequence: str


class SettingFoul(Strict):
    """``setting.foul``."""

    player: FoulRuling | None
    banker: Ruling | None


class HouseWayRequired(Strict):
    """``setting.house_way_required[]``."""

    who: str
    when: str
    cite: Cite


class Setting(Strict):
    """``setting``."""

    foul: SettingFoul
    house_way_misset: Ruling | None
    house_way_required: list[HouseWayRequired]


class DoubleDown(Strict):
    """``settlement.double_down``."""

    banker_qualifier: str
    pays: PayFigure
    cite: Cite


class Settlement(Strict):
    """``settlement``."""

    pays: PayFigure | None = None
    copies: str
    commission: str
    banker_ace_high_pushes: bool | None = None
    order: list[str] | None = None
    cite: Cite
    double_down: DoubleDown | None = None
    community_hands: bool | None = None


class ChosenPayRow(PayRow):
    """A pay row whose figure may be a choice where the filing's cell is lost (``from: choice``)."""

    from_: Literal["choice"] | None = Field(None, alias="from")


class HandPayRow(ChosenPayRow):
    """``bonuses[].pays[]`` of a hand bonus; ``needs``: what the row is offered only with."""

    needs: str | None = None


class ContainsPayRow(PayRow):
    """``bonuses[].pays[]`` of a Double Luck bonus, with its "+Pair" column."""

    plus_pair: PayFigure | None = None


class EnvyPayRow(Strict):
    """``bonuses[].pays_cents[]``: a fixed Envy payout."""

    hand: str
    cents: PositiveInt
    cite: Cite
    from_: Literal["choice"] | None = Field(None, alias="from")


class LimitsCents(Strict):
    """``bonuses[].limits_cents``: the bet's own limits where filed."""

    min: PositiveInt
    max: PositiveInt
    step: PositiveInt


class BonusBase(Strict):
    """What every bonus bet names: its id, name and cite."""

    id: str
    name: str
    cite: Cite


class HandBonus(BonusBase):
    """``bonuses[]`` of kind ``hand`` (the default): pays on the hand's rank."""

    kind: Literal["hand"] = "hand"
    cards: Literal["first_seven", "first_six"]
    needs_base_wager: bool
    pays: list[HandPayRow] = Field(min_length=1)
    limits_cents: LimitsCents | None = None
    joker_royal: bool | None = None


class AceHighBonus(BonusBase):
    """``bonuses[]`` of kind ``ace_high``."""

    kind: Literal["ace_high"]
    needs_base_wager: bool
    pays: list[PayRow] = Field(min_length=1)


class EnvyBonus(BonusBase):
    """``bonuses[]`` of kind ``envy``: fixed payouts on another hand."""

    kind: Literal["envy"]
    of: str
    min_fortune_wager_cents: int = Field(ge=0)
    several_winners: Literal["each_other_hand", "highest_hand_only", "highest_hand_only_no_ties"]
    own_hand: bool
    banker_hand: bool
    paid: Literal["end_of_round", "in_turn"]
    pays_cents: list[EnvyPayRow] = Field(min_length=1)


class PushBonus(BonusBase):
    """``bonuses[]`` of kind ``push``."""

    kind: Literal["push"]
    needs_base_wager: bool
    pays: list[PayRow] = Field(min_length=1)


class ContainsBonus(BonusBase):
    """``bonuses[]`` of kind ``contains`` (Double Luck)."""

    kind: Literal["contains"]
    needs_base_wager: bool
    pays: list[ContainsPayRow] = Field(min_length=1)


class CommunityBonus(BonusBase):
    """``bonuses[]`` of kind ``community`` (Ultimate Pai Gow's side bets)."""

    kind: Literal["community"]
    side: Literal["player", "banker"] | None = None
    on_push: Literal["return", "lose"] | None = None
    pays: list[ChosenPayRow] = Field(min_length=1)


#: A bonus bet: its ``kind`` says which (``hand`` where it names none).
Bonus = Annotated[
    Annotated[HandBonus, Tag("hand")]
    | Annotated[AceHighBonus, Tag("ace_high")]
    | Annotated[EnvyBonus, Tag("envy")]
    | Annotated[PushBonus, Tag("push")]
    | Annotated[ContainsBonus, Tag("contains")]
    | Annotated[CommunityBonus, Tag("community")],
    Discriminator(kind_or("hand")),
]


class PaiGowFile(GameFileBase):
    """A paigow game file: the shared keys (:class:`rules.gamefile.GameFileBase`) and the family's own."""

    family: Literal["paigow"]
    hand: Hand
    evaluator: Evaluator
    house_way: HouseWay | None
    setting: Setting
    settlement: Settlement
    bonuses: list[Bonus]
