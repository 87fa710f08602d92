"""Ultimate War's result and each wager's settlement; nothing here moves money.

The two hands' cards are compared by rank (ace high, suits ignored); equal ranks go to war, one more card
to each, until one is higher. The result is who won, with which card, and after how many wars.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from rules.cards import Card
from rules.errors import HandError
from rules.ultimatewar.model import Variant

Result = Literal["win", "lose", "push"]


@dataclass(frozen=True, slots=True)
class Showdown:
    """The hands compared: the winner (None while they tie), its winning rank, and the wars gone to."""

    winner: Literal["player", "banker"] | None
    rank: int
    wars: int

    def words(self) -> str:
        """``Player wins with a 9 after 1 war`` / ``tied: war``."""
        if self.winner is None:
            return "tied: war"
        names = {14: "an ace", 13: "a king", 12: "a queen", 11: "a jack", 8: "an 8"}
        card = names.get(self.rank, f"a {self.rank}")
        after = "" if not self.wars else f" after {self.wars} war{'s' if self.wars > 1 else ''}"
        return f"{self.winner.title()} wins with {card}{after}"


def showdown(player: Sequence[Card], banker: Sequence[Card]) -> Showdown:
    """Compare card by card: the first pair that differs decides; every equal pair before it is a war."""
    if len(player) != len(banker) or not player:
        raise HandError(
            f"the hands hold the same number of cards, at least one: {len(player)} and {len(banker)}"
        )
    for i, (p, b) in enumerate(zip(player, banker, strict=True)):
        if p.rank is None or b.rank is None:
            raise HandError("Ultimate War has no joker")
        if p.rank != b.rank:
            win_p = p.rank.value > b.rank.value
            return Showdown("player" if win_p else "banker", max(p.rank.value, b.rank.value), i)
    return Showdown(None, 0, len(player))


@dataclass(frozen=True, slots=True)
class WagerSettlement:
    """One wager's result: ``pays`` is the ratio to one of a win."""

    spot: str
    result: Result
    pays: Fraction
    rule: str
    cite: str


def settle_spot(v: Variant, spot: str, sd: Showdown) -> WagerSettlement:
    """How a wager on ``spot`` settles for a decided showdown."""
    if sd.winner is None:
        raise HandError("the hands still tie: they go to war before anything settles")
    em, u5, war = v.even_money, v.ultimate_5, v.war_bet
    if spot in ("player", "banker"):
        if sd.winner != spot:
            return WagerSettlement(spot, "lose", Fraction(0), sd.words(), em.cite)
        if sd.rank == em.push_when_winning_with:
            return WagerSettlement(spot, "push", Fraction(0), f"{sd.words()}: a win with a 5 pushes", em.cite)
        return WagerSettlement(spot, "win", em.pays, sd.words(), em.cite)
    if spot == war.key:
        pays = war.pays_for(sd.wars)
        if pays is None:
            return WagerSettlement(
                spot, "lose", Fraction(0), "the first cards differ" if not sd.wars else sd.words(), war.cite
            )
        return WagerSettlement(spot, "win", pays, f"{sd.wars} war{'s' if sd.wars > 1 else ''}", war.cite)
    side = spot.removeprefix("ultimate-5-")
    if spot.startswith("ultimate-5-") and side in ("player", "banker"):
        if sd.winner == side and sd.rank == u5.rank:
            pays = u5.after_war if sd.wars else u5.before_war
            return WagerSettlement(spot, "win", pays, sd.words(), u5.cite)
        return WagerSettlement(spot, "lose", Fraction(0), sd.words(), u5.cite)
    raise HandError(f"{spot!r} is not a wager of Ultimate War ({', '.join(v.keys)})")
