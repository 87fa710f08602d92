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

from rules.decks import DeckSpec
from rules.errors import RulesError
from rules.paigow.hands import PaiGowRules


class VariantError(RulesError, ValueError):
    """A Pai Gow variant file whose family keys are missing or malformed."""


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
        """Read a variant file's mapping; a missing or malformed family key is a VariantError naming it."""
        gid = str(data.get("id", "?"))

        def need(key: str) -> Any:
            if key not in data:
                raise VariantError(f"{gid}: missing {key!r}")
            return data[key]

        hand = need("hand")
        ev = need("evaluator")
        if not isinstance(hand, Mapping) or not isinstance(ev, Mapping):
            raise VariantError(f"{gid}: hand and evaluator are mappings")
        if ev.get("joker", "bug") != "bug":
            raise VariantError(
                f"{gid}: evaluator.joker {ev.get('joker')!r}: only the bug joker is filed for Pai Gow Poker"
            )
        try:
            rules = PaiGowRules(
                wheel=str(ev.get("wheel", "lowest")),
                joker_flush=str(ev.get("joker_flush", "ace")),
                front_cards=int(hand.get("front", 2)),
                joker_above_ace=bool(ev.get("joker_above_ace", False)),
            )
        except RulesError as exc:
            raise VariantError(f"{gid}: evaluator: {exc}") from None
        if int(hand.get("cards", 7)) != rules.hand_cards or int(hand.get("back", 5)) != 5:
            raise VariantError(f"{gid}: hand: {hand.get('cards')} cards do not split {rules.front_cards} + 5")
        hw = data.get("house_way")
        chart = None if hw is None else str(hw.get("chart")) if isinstance(hw, Mapping) else str(hw)
        setting = need("setting")
        foul = setting.get("foul", {}) or {}
        settlement = need("settlement")
        bonuses = tuple(_bonus(gid, b) for b in (data.get("bonuses") or []))
        dd = settlement.get("double_down")
        return cls(
            id=gid,
            name=str(data.get("name", "")),
            room=str(data.get("room", "")),
            deck=DeckSpec.from_data(data.get("deck", {"decks": 1, "jokers": 1})),
            hand_rules=rules,
            chart=chart,
            foul_player=_ruling(foul.get("player")),
            foul_banker=_ruling(foul.get("banker")),
            house_way_misset=_ruling(setting.get("house_way_misset")),
            copies=str(settlement.get("copies", "banker")),
            pays=Fraction(str(settlement.get("pays", 1))),
            commission=str(settlement.get("commission", "none")),
            banker_ace_high_pushes=bool(settlement.get("banker_ace_high_pushes", False)),
            community_hands=bool(settlement.get("community_hands", False)),
            bonuses=bonuses,
            double_down_qualifier=str(dd.get("banker_qualifier", "")) if isinstance(dd, Mapping) else "",
        )

    def bonus(self, bonus_id: str) -> Bonus:
        """A bonus bet by id; an unknown id is a VariantError listing the variant's bonuses."""
        for b in self.bonuses:
            if b.id == bonus_id:
                return b
        known = ", ".join(b.id for b in self.bonuses) or "none"
        raise VariantError(f"{self.id} has no bonus bet {bonus_id!r} (it has: {known})")


def _ruling(d: object) -> Ruling | None:
    if not isinstance(d, Mapping):
        return None
    return Ruling(
        ruling=str(d.get("ruling", "CALL_FLOOR")),
        remedy=str(d.get("remedy", "")),
        cite=str(d.get("cite", "")),
        consequence=str(d.get("consequence", "")),
    )


def _bonus(gid: str, b: object) -> Bonus:
    if not isinstance(b, Mapping) or "id" not in b:
        raise VariantError(f"{gid}: a bonus is a mapping with id, name, pays and cite")
    rows: list[PayRow] = []
    for r in b.get("pays") or []:
        rows.append(
            PayRow(
                hand=str(r["hand"]),
                pays=Fraction(str(r.get("pays", 0))),
                cite=str(r.get("cite", "")),
                plus_pair=None if r.get("plus_pair") is None else Fraction(str(r["plus_pair"])),
                from_choice=r.get("from") == "choice",
                needs=str(r.get("needs", "")),
            )
        )
    for r in b.get("pays_cents") or []:
        rows.append(
            PayRow(
                hand=str(r["hand"]),
                pays=Fraction(0),
                cite=str(r.get("cite", "")),
                cents=int(r["cents"]),
                from_choice=r.get("from") == "choice",
            )
        )
    if not rows:
        raise VariantError(f"{gid}: bonus {b['id']!r} has no pay table")
    lim = b.get("limits_cents") or {}
    if not isinstance(lim, Mapping) or set(lim) - {"min", "max", "step"}:
        raise VariantError(f"{gid}: bonus {b['id']!r}: limits_cents is {{min, max, step}} in cents")
    paid = str(b.get("paid", "end_of_round"))
    if paid not in ("end_of_round", "in_turn"):
        raise VariantError(f"{gid}: bonus {b['id']!r}: paid is 'end_of_round' or 'in_turn', not {paid!r}")
    on_push = str(b.get("on_push", "return"))
    if on_push not in ("return", "lose"):
        raise VariantError(f"{gid}: bonus {b['id']!r}: on_push is 'return' or 'lose', not {on_push!r}")
    return Bonus(
        id=str(b["id"]),
        name=str(b.get("name", b["id"])),
        kind=str(b.get("kind", "hand")),
        rows=tuple(rows),
        cite=str(b.get("cite", "")),
        cards=str(b.get("cards", "first_seven")),
        needs_base_wager=bool(b.get("needs_base_wager", True)),
        joker_royal=bool(b.get("joker_royal", True)),
        min_fortune_wager_cents=int(b.get("min_fortune_wager_cents", 0)),
        several_winners=str(b.get("several_winners", "")),
        of=str(b.get("of", "")),
        on_push=on_push,
        paid=paid,
        side=str(b.get("side", "")),
        min_cents=_cents(lim, "min", gid, b),
        max_cents=_cents(lim, "max", gid, b),
        step_cents=_cents(lim, "step", gid, b),
    )


def _cents(limits: Mapping[str, Any], key: str, gid: str, b: Mapping[str, Any]) -> int | None:
    v = limits.get(key)
    if v is None:
        return None
    if not isinstance(v, int) or isinstance(v, bool) or v <= 0:
        raise VariantError(
            f"{gid}: bonus {b['id']!r}: limits_cents.{key} is a positive whole number of cents"
        )
    return v
