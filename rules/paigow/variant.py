"""A Pai Gow Poker variant file (``config/games/paigow/*.yaml``) as a typed model.

The header (id, name, room, source, choices, supports) is the catalogue's; this module reads the
family's own keys: ``hand``, ``evaluator``, ``house_way``, ``setting``, ``settlement`` and ``bonuses``
(docs/paigow.md lists them). The ``deal`` and ``irregularities`` keys belong to the round engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules import gamefile
from rules.decks import DeckSpec
from rules.errors import RulesError
from rules.gamefile import cite_text, pay_ratio, validated
from rules.paigow import schema
from rules.paigow.hands import PaiGowRules
from rules.paigow.schema import PaiGowFile


class VariantError(RulesError, ValueError):
    """A bonus bet the variant does not offer (the game file itself is checked by its schema)."""


@dataclass(frozen=True, slots=True)
class Ruling:
    """What the room does about a condition (FOUL_HAND, HOUSE_WAY_MISSET): ruling, remedy words, cite."""

    ruling: str
    remedy: str
    cite: str
    consequence: str = ""


@dataclass(frozen=True, slots=True)
class PayRow:
    """One row of a bonus pay table: the qualifying hand, what it pays per unit (net), and its cite.

    ``pays`` is ``X`` for "X to 1" (0 for a push); ``plus_pair`` the Double Luck "+Pair" column; ``cents`` a
    fixed Envy payout.
    """

    hand: str
    pays: Fraction
    cite: str
    plus_pair: Fraction | None = None
    cents: int | None = None
    from_choice: bool = False
    needs: str = ""


@dataclass(frozen=True, slots=True)
class Bonus:
    """A bonus bet and its pay table, in the filing's order (highest first)."""

    id: str
    name: str
    kind: str
    rows: tuple[PayRow, ...]
    cite: str
    cards: str = "first_seven"
    needs_base_wager: bool = True
    joker_royal: bool = True
    min_fortune_wager_cents: int = 0
    several_winners: str = ""
    of: str = ""
    #: What a side's bet does when its side pushes (Ultimate Pai Gow's Player and Banker bets): ``"return"``
    #: (the wager comes back) or ``"lose"`` ("otherwise the wager loses", seed 000 L1464, L1473).
    on_push: str = "return"
    #: The Envy Bonus: when the player-dealer pays it, ``"end_of_round"`` (after every wager: seed 002 L454,
    #: seed 004 L1555) or ``"in_turn"`` (in the holder's turn among the seat's bets: Face Up, L3136, L3278).
    paid: str = "end_of_round"
    #: Ultimate Pai Gow: the community hand a side's bet backs (``player`` or ``banker``); such bets are the
    #: game's base wagers, and its Push and Tie bets need one beside them (seed 000 L1482-1486, L1498-1502).
    side: str = ""
    #: The bet's own limits in cents where filed (``limits_cents: {min, max, step}``; the Fortune Bonus: $1 to
    #: $20 in increments of $1, seed 004 L1507-1509), else the table's.
    min_cents: int | None = None
    max_cents: int | None = None
    step_cents: int | None = None

    def row(self, hand: str) -> PayRow | None:
        """The row for a qualifying hand name, if the table pays it."""
        for r in self.rows:
            if r.hand == hand:
                return r
        return None


@dataclass(frozen=True, slots=True)
class PaiGowVariant:
    """The family's view of one variant file."""

    id: str
    name: str
    room: str
    deck: DeckSpec
    hand_rules: PaiGowRules
    chart: str | None
    foul_player: Ruling | None
    foul_banker: Ruling | None
    house_way_misset: Ruling | None
    copies: str
    pays: Fraction
    commission: str
    banker_ace_high_pushes: bool
    community_hands: bool
    bonuses: tuple[Bonus, ...]
    double_down_qualifier: str = ""

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> PaiGowVariant:
        """The variant of a game file's mapping, validated by the family's schema
        (:class:`rules.paigow.schema.PaiGowFile`); a :class:`rules.gamefile.GameFileError` names the field."""
        return cls.from_file(validated(PaiGowFile, data), data)

    @classmethod
    def from_file(cls, f: PaiGowFile, data: Mapping[str, Any]) -> PaiGowVariant:
        """The engine's model of a validated file (``data``: its mapping, for the round engine's ``deck``)."""
        ev = f.evaluator
        rules = PaiGowRules(
            wheel=ev.wheel,
            joker_flush=ev.joker_flush,
            front_cards=f.hand.front,
            joker_above_ace=bool(ev.joker_above_ace),
        )
        s = f.settlement
        return cls(
            id=f.id,
            name=f.name,
            room=f.room,
            deck=DeckSpec.from_data(data.get("deck", {"decks": 1, "jokers": 1})),
            hand_rules=rules,
            chart=None if f.house_way is None else f.house_way.chart,
            foul_player=_ruling(f.setting.foul.player),
            foul_banker=_ruling(f.setting.foul.banker),
            house_way_misset=_ruling(f.setting.house_way_misset),
            copies=s.copies,
            pays=Fraction(1) if s.pays is None else pay_ratio(s.pays),
            commission=s.commission,
            banker_ace_high_pushes=bool(s.banker_ace_high_pushes),
            community_hands=bool(s.community_hands),
            bonuses=tuple(_bonus(b) for b in f.bonuses),
            double_down_qualifier="" if s.double_down is None else s.double_down.banker_qualifier,
        )

    def bonus(self, bonus_id: str) -> Bonus:
        """A bonus bet by id; an unknown id is a VariantError listing the variant's bonuses."""
        for b in self.bonuses:
            if b.id == bonus_id:
                return b
        known = ", ".join(b.id for b in self.bonuses) or "none"
        raise VariantError(f"{self.id} has no bonus bet {bonus_id!r} (it has: {known})")


def _ruling(r: gamefile.Ruling | None) -> Ruling | None:
    if r is None:
        return None
    return Ruling(
        ruling=r.ruling,
        remedy=r.remedy,
        cite=cite_text(r.cite),
        consequence=getattr(r, "consequence", ""),
    )


def _row(r: gamefile.PayRow) -> PayRow:
    plus = getattr(r, "plus_pair", None)
    return PayRow(
        hand=r.hand,
        pays=pay_ratio(r.pays),
        cite=cite_text(r.cite),
        plus_pair=None if plus is None else pay_ratio(plus),
        from_choice=getattr(r, "from_", None) == "choice",
        needs=getattr(r, "needs", None) or "",
    )


def _bonus(b: schema.Bonus) -> Bonus:
    if isinstance(b, schema.EnvyBonus):
        rows = tuple(
            PayRow(r.hand, Fraction(0), cite_text(r.cite), cents=r.cents, from_choice=r.from_ == "choice")
            for r in b.pays_cents
        )
        return Bonus(
            id=b.id,
            name=b.name,
            kind=b.kind,
            rows=rows,
            cite=cite_text(b.cite),
            min_fortune_wager_cents=b.min_fortune_wager_cents,
            several_winners=b.several_winners,
            of=b.of,
            paid=b.paid,
        )
    lim = b.limits_cents if isinstance(b, schema.HandBonus) else None
    return Bonus(
        id=b.id,
        name=b.name,
        kind=b.kind,
        rows=tuple(_row(r) for r in b.pays),
        cite=cite_text(b.cite),
        cards=b.cards if isinstance(b, schema.HandBonus) else "first_seven",
        needs_base_wager=getattr(b, "needs_base_wager", True),
        joker_royal=not (isinstance(b, schema.HandBonus) and b.joker_royal is False),
        on_push=(b.on_push or "return") if isinstance(b, schema.CommunityBonus) else "return",
        side=(b.side or "") if isinstance(b, schema.CommunityBonus) else "",
        min_cents=None if lim is None else lim.min,
        max_cents=None if lim is None else lim.max,
        step_cents=None if lim is None else lim.step,
    )
