"""The schema of the paigow family's game files: strict pydantic models (``rules.gamefile``).

Written from the shipped files' keys and kept by hand: an unknown key or a wrong type is refused with its file,
line and field when the catalogue loads (``dealer-terminal games``, ``config check``). The family's engine
model is built from the same mapping by its own parser.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Discriminator, Field, Tag

from rules.gamefile import Cite, GameFileBase, PayFigure, Strict, kind_or


class Hand(Strict):
    """``hand``."""

    cards: int
    front: int
    back: int
    cite: Cite


class Evaluator(Strict):
    """``evaluator``."""

    joker: str
    wheel: str
    five_aces: bool
    joker_flush: str
    cite: Cite
    joker_above_ace: bool | None = None


class HouseWay(Strict):
    """``house_way``."""

    chart: str
    cite: Cite


class SettingFoulPlayer(Strict):
    """``setting.foul.player``."""

    ruling: str
    consequence: str
    remedy: str
    cite: Cite


class SettingFoulBanker(Strict):
    """``setting.foul.banker``."""

    ruling: str
    remedy: str
    cite: Cite


class SettingFoul(Strict):
    """``setting.foul``."""

    player: SettingFoulPlayer | None
    banker: SettingFoulBanker | None


class SettingHouseWayMisset(Strict):
    """``setting.house_way_misset``."""

    ruling: str
    remedy: str
    cite: Cite


class SettingHouseWayRequired(Strict):
    """``setting.house_way_required[]``."""

    who: str
    when: str
    cite: Cite


class Setting(Strict):
    """``setting``."""

    foul: SettingFoul
    house_way_misset: SettingHouseWayMisset | None
    house_way_required: list[SettingHouseWayRequired]


class SettlementDoubleDown(Strict):
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
    double_down: SettlementDoubleDown | None = None
    community_hands: bool | None = None


class BonusesHandPays(Strict):
    """``bonuses[].hand.pays[]``."""

    hand: str
    pays: PayFigure
    cite: Cite
    from_: str | None = Field(None, alias="from")
    needs: str | None = None


class BonusesHandLimitsCents(Strict):
    """``bonuses[].hand.limits_cents``."""

    min: int
    max: int
    step: int


class BonusesHand(Strict):
    """``bonuses[].hand`` (kind ``hand``)."""

    kind: Literal["hand"] = "hand"
    id: str
    name: str
    cards: str
    needs_base_wager: bool
    cite: Cite
    pays: list[BonusesHandPays]
    limits_cents: BonusesHandLimitsCents | None = None
    joker_royal: bool | None = None


class BonusesAceHighPays(Strict):
    """``bonuses[].ace_high.pays[]``."""

    hand: str
    pays: PayFigure
    cite: Cite


class BonusesAceHigh(Strict):
    """``bonuses[].ace_high`` (kind ``ace_high``)."""

    id: str
    name: str
    kind: Literal["ace_high"]
    needs_base_wager: bool
    cite: Cite
    pays: list[BonusesAceHighPays]


class BonusesEnvyPaysCents(Strict):
    """``bonuses[].envy.pays_cents[]``."""

    hand: str
    cents: int
    cite: Cite
    from_: str | None = Field(None, alias="from")


class BonusesEnvy(Strict):
    """``bonuses[].envy`` (kind ``envy``)."""

    id: str
    name: str
    kind: Literal["envy"]
    of: str
    min_fortune_wager_cents: int
    several_winners: str
    own_hand: bool
    banker_hand: bool
    paid: str
    cite: Cite
    pays_cents: list[BonusesEnvyPaysCents]


class BonusesPushPays(Strict):
    """``bonuses[].push.pays[]``."""

    hand: str
    pays: PayFigure
    cite: Cite


class BonusesPush(Strict):
    """``bonuses[].push`` (kind ``push``)."""

    id: str
    name: str
    kind: Literal["push"]
    needs_base_wager: bool
    cite: Cite
    pays: list[BonusesPushPays]


class BonusesContainsPays(Strict):
    """``bonuses[].contains.pays[]``."""

    hand: str
    pays: PayFigure
    cite: Cite
    plus_pair: int | None = None


class BonusesContains(Strict):
    """``bonuses[].contains`` (kind ``contains``)."""

    id: str
    name: str
    kind: Literal["contains"]
    needs_base_wager: bool
    cite: Cite
    pays: list[BonusesContainsPays]


class BonusesCommunityPays(Strict):
    """``bonuses[].community.pays[]``."""

    hand: str
    pays: PayFigure
    cite: Cite
    from_: str | None = Field(None, alias="from")


class BonusesCommunity(Strict):
    """``bonuses[].community`` (kind ``community``)."""

    id: str
    name: str
    kind: Literal["community"]
    side: str | None = None
    on_push: str | None = None
    cite: Cite
    pays: list[BonusesCommunityPays]


class PaiGowFile(GameFileBase):
    """A paigow game file: the shared keys (:class:`rules.gamefile.GameFileBase`) and the family's own."""

    family: Literal["paigow"]
    hand: Hand
    evaluator: Evaluator
    house_way: HouseWay | None
    setting: Setting
    settlement: Settlement
    bonuses: list[
        Annotated[
            Annotated[BonusesHand, Tag("hand")]
            | Annotated[BonusesAceHigh, Tag("ace_high")]
            | Annotated[BonusesEnvy, Tag("envy")]
            | Annotated[BonusesPush, Tag("push")]
            | Annotated[BonusesContains, Tag("contains")]
            | Annotated[BonusesCommunity, Tag("community")],
            Discriminator(kind_or("hand")),
        ]
    ]
