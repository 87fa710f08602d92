"""Which pile goes to which seat: the Pai Gow deal's dice count, as data (the ``assign:`` of a ``deal:``).

Every Pai Gow Poker filing deals piles face down (seven of seven; Mini Pai Gow eight of six), marks one
pile with the Action button (the pile the player-dealer calls or chooses, or the first pile the shuffler
dispenses) and lets the dice (three in a cup, or a random number) name the seat that receives it,
"counting from the Player/Dealer as number 1" (seed 003 L48; seed 000 L92, L3840; seed 002 L388-395;
seed 004 L97-101, L3055-3062). The other piles follow in order around the table. Ultimate Pai Gow Poker
counts piles instead of seats: from the chosen pile as one, the total names the player's community hand
and the next pile the banker's (seed 000 L1404-1408).

``assign:`` keys (all optional)::

    assign:
      positions: 7             # positions in the count (the player-dealer is 1, 8, 15); Mini: 8 (1, 9, 17)
      count: clockwise         # or counterclockwise
      on_player_dealer: first_hand   # or action_left: the PD takes the first hand, the Action button goes
                                     # to the seat on its left (Tres Lounge, Casino Marysville Face Up, Mini)
      community: [player, banker]    # Ultimate: count piles from the chosen one; no seat gets a pile
      cite: "..."

The piles are numbered in the order they were dealt (a shuffler's packets 1..n); the Action pile is the
pile the player-dealer called (a ``decision`` of the player-dealer's seat, ``action: bank``, ``count: N``)
or else pile 1 (the first pile dispensed). A random number stands for the dice as a ``dice`` event from the
generator (``source: rng``) whose values add up to the number.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.banking import ActionRule, CountFrom, Direction, Table, action_seat
from rules.errors import RulesError


class DealError(RulesError, ValueError):
    """An ``assign:`` section, a seat or a count that does not fit the deal."""


@dataclass(frozen=True, slots=True)
class Assign:
    """How piles go to seats (see the module docstring)."""

    positions: int = 7
    direction: Direction = Direction.CLOCKWISE
    action_left: bool = False
    community: tuple[str, ...] = ()
    cite: str = ""

    @classmethod
    def from_data(cls, data: object, piles: int) -> Assign:
        """From the ``deal.assign`` mapping (None: the defaults with as many positions as piles)."""
        if data is None:
            return cls(positions=piles)
        if not isinstance(data, Mapping):
            raise DealError("deal.assign: a mapping (positions, count, on_player_dealer, community, cite)")
        unknown = set(map(str, data)) - {
            "positions",
            "count",
            "on_player_dealer",
            "community",
            "cite",
            "note",
            "choice",
        }
        if unknown:
            raise DealError(f"deal.assign.{sorted(unknown)[0]}: unknown key")
        positions = data.get("positions", piles)
        if not isinstance(positions, int) or isinstance(positions, bool) or not 2 <= positions <= 14:
            raise DealError(f"deal.assign.positions: a whole number of seats 2 to 14, not {positions!r}")
        try:
            direction = Direction(str(data.get("count", "clockwise")))
        except ValueError:
            raise DealError("deal.assign.count: clockwise or counterclockwise") from None
        opd = data.get("on_player_dealer", "first_hand")
        if opd not in ("first_hand", "action_left"):
            raise DealError("deal.assign.on_player_dealer: first_hand or action_left")
        community = data.get("community") or ()
        if not isinstance(community, list | tuple) or not all(isinstance(c, str) for c in community):
            raise DealError("deal.assign.community: a list of hand names, e.g. [player, banker]")
        return cls(positions, direction, opd == "action_left", tuple(community), str(data.get("cite", "")))


@dataclass(frozen=True, slots=True)
class Distribution:
    """The result of the count: the first-hand seat, the action seat, and each pile's recipient.

    ``hands`` maps pile number -> recipient: a seat number (``"seat 4"``), ``"player_dealer"``, or a
    community hand's name (``"player"``, ``"banker"``); ``order`` lists the piles in the order they are
    handed out, the Action pile first.
    """

    total: int
    first_seat: int | None
    action_seat: int | None
    action_pile: int
    hands: Mapping[int, str]
    order: tuple[int, ...]

    def pile_of(self, recipient: str) -> int | None:
        """The pile a recipient receives (``"seat 4"``, ``"player_dealer"``, ``"banker"``)."""
        for pile, r in self.hands.items():
            if r == recipient:
                return pile
        return None

    def words(self, player_dealer: int | None) -> str:
        """``pile 3 (Action) to seat 5, pile 4 to seat 6, …`` in handing-out order."""
        parts = []
        for i, pile in enumerate(self.order):
            r = self.hands[pile]
            if r == "player_dealer":
                r = (
                    f"the player-dealer (seat {player_dealer})"
                    if player_dealer is not None
                    else "the player-dealer"
                )
            elif not r.startswith("seat"):
                r = f"the {r} hand"
            parts.append(f"pile {pile}{' (Action)' if i == 0 else ''} to {r}")
        return ", ".join(parts)

    def to_json(self) -> dict[str, Any]:
        """For the settlement record."""
        return {
            "dice_total": self.total,
            "first_seat": self.first_seat,
            "action_seat": self.action_seat,
            "action_pile": self.action_pile,
            "piles": {str(p): self.hands[p] for p in self.order},
        }


def ring(seats: Sequence[int], start: int, direction: Direction) -> list[int]:
    """Every seat once from ``start`` in ``direction`` (seat numbers run clockwise from the dealer's left)."""
    order = sorted(seats) if direction is Direction.CLOCKWISE else sorted(seats, reverse=True)
    if start not in order:
        raise DealError(f"seat {start} is not one of the {len(order)} positions")
    i = order.index(start)
    return order[i:] + order[:i]


def distribute(
    assign: Assign, piles: int, total: int, player_dealer: int | None, action_pile: int = 1
) -> Distribution:
    """Where each pile goes for a dice total (or random number) ``total``.

    Seats: the positions are seats 1..``assign.positions``; the player-dealer's seat counts as 1 and the
    count goes ``assign.direction`` (the banking engine's :func:`~rules.banking.action_seat` with the
    player-dealer counted and empty seats counted: "all seven piles go to all seats, whether or not a
    player sits there"). The Action pile goes to the seat counted; the next piles follow around the table.
    Community hands (Ultimate): the count runs over the piles from the Action pile as one; that pile is the
    first community hand, the next pile the second.
    """
    if total < 1:
        raise DealError(f"a dice total or random number of {total} counts no position")
    if not 1 <= action_pile <= piles:
        raise DealError(f"pile {action_pile} called: there are piles 1 to {piles}")
    if assign.community:
        first = (action_pile - 1 + total - 1) % piles + 1
        named = {(first - 1 + i) % piles + 1: name for i, name in enumerate(assign.community)}
        return Distribution(total, None, None, action_pile, named, tuple(named))
    if player_dealer is None:
        raise DealError("the count starts from the player-dealer's seat: the round names none")
    seats = tuple(range(1, assign.positions + 1))
    if player_dealer not in seats:
        raise DealError(
            f"player-dealer seat {player_dealer}: the table's positions are 1 to {assign.positions}"
        )
    table = Table(seats, player_dealer)
    rule = ActionRule("dice", CountFrom.PLAYER_DEALER, assign.direction, True, True, "stays")
    first = action_seat(rule, table, total)
    around = ring(seats, first, assign.direction)
    pile_order = [(action_pile - 1 + i) % piles + 1 for i in range(piles)]
    hands: dict[int, str] = {}
    for pile, seat in zip(pile_order, around, strict=False):
        hands[pile] = "player_dealer" if seat == player_dealer else f"seat {seat}"
    action = first
    if first == player_dealer and assign.action_left:
        action = around[1] if len(around) > 1 else first
    return Distribution(total, first, action, action_pile, hands, tuple(p for p in pile_order if p in hands))
