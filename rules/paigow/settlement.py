"""Settling a Pai Gow Poker hand against the banker's (the player-dealer's).

Every filing: both hands higher wins (paid even money), both lower loses, one each is a push, and a
copy (a hand identical in rank) goes to the banker (seed 002 L445-449; seed 004 L150-160; seed 000
L47-51, L1082-1086, L5664-5668, L5970-5976). Face Up and Ace Up push every base wager when the banker's
seven cards are an ace-high Pai Gow (seed 004 L3105, seed 000 L5921). A foul player hand loses. No
filing takes a commission: the house collects a flat fee (rules/fees), never a share of the win.

Amounts are integer cents; the player-dealer's coverage (bank exhaustion, action order) is the
banking module's job: these functions settle one wager as if it were covered.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from rules.errors import RulesError
from rules.paigow.bonus import ace_high_kind, bonus_result, qualifying_names, table_row
from rules.paigow.hands import PaiGowRules, front_beats_back, front_value, value5
from rules.paigow.variant import Bonus, PaiGowVariant


class SettlementError(RulesError, ValueError):
    """Hands that cannot be settled (wrong counts) or a bet the variant does not have."""


class Result(Enum):
    """A base wager's result for the player."""

    WIN = "win"
    PUSH = "push"
    LOSE = "lose"


@dataclass(frozen=True, slots=True)
class SetHand:
    """A hand as set: front and back card indices."""

    front: tuple[int, ...]
    back: tuple[int, ...]

    @classmethod
    def of(cls, front: Sequence[int], back: Sequence[int]) -> SetHand:
        """From index sequences."""
        return cls(tuple(front), tuple(back))

    @property
    def cards(self) -> tuple[int, ...]:
        """All the hand's cards."""
        return self.front + self.back


@dataclass(frozen=True, slots=True)
class Comparison:
    """Segment by segment ("win", "lose", "copy" for the player) and the base wager's result."""

    front: str
    back: str
    result: Result
    reason: str


def _segment(mine: int, theirs: int) -> str:
    if mine > theirs:
        return "win"
    if mine < theirs:
        return "lose"
    return "copy"


def is_foul(hand: SetHand, rules: PaiGowRules) -> bool:
    """Wrong counts, or the front outranking the back."""
    if len(hand.front) != rules.front_cards or len(hand.back) != 5:
        return True
    return front_beats_back(hand.front, value5(hand.back, rules), hand.back, rules)


def compare(player: SetHand, banker: SetHand, variant: PaiGowVariant) -> Comparison:
    """The base wager's result for ``player`` against the banker's hand (banker wins copies)."""
    rules = variant.hand_rules
    if is_foul(banker, rules):
        raise SettlementError("the banker's hand is foul: it must be reset before settlement (FOUL_HAND)")
    if variant.banker_ace_high_pushes and ace_high_kind(banker.cards) is not None:
        return Comparison(
            "-", "-", Result.PUSH, "the player-dealer holds a seven-card ace-high: every hand pushes"
        )
    if is_foul(player, rules):
        return Comparison("-", "-", Result.LOSE, "the player's hand is foul")
    f = _segment(front_value(player.front, rules), front_value(banker.front, rules))
    b = _segment(value5(player.back, rules), value5(banker.back, rules))
    won = (f == "win") + (b == "win")  # copies go to the banker
    result = Result.WIN if won == 2 else Result.PUSH if won == 1 else Result.LOSE
    return Comparison(f, b, result, f"front {f}, back {b}")


def settle_base(result: Result, wager_cents: int, pays: Fraction = Fraction(1)) -> int:
    """The player's net in cents: the wager times the pay on a win, nothing on a push, minus it on a loss."""
    if wager_cents < 0:
        raise SettlementError(f"a wager is not negative ({wager_cents} cents)")
    if result is Result.WIN:
        won = wager_cents * pays
        if won.denominator != 1:
            raise SettlementError(f"{wager_cents} cents at {pays} to 1 is not a whole number of cents")
        return int(won)
    return 0 if result is Result.PUSH else -wager_cents


def double_down(result: Result, banker: SetHand, variant: PaiGowVariant) -> Result:
    """Mini Pai Gow's double-down (seed 000 L1088): when the player-dealer's five-card hand is a pair of fives
    or better it follows the Mini Pai Gow wager's result (paid 1 to 1); otherwise it pushes (variant choice)."""
    if variant.double_down_qualifier != "pair_of_fives":
        raise SettlementError(f"{variant.id} has no double-down wager")
    v = value5(banker.back, variant.hand_rules)
    qualifies = v >> 20 >= 2 or (v >> 20 == 1 and (v >> 16) & 15 >= 5)
    return result if qualifies else Result.PUSH


def settle_bonus(
    cards: Sequence[int], bonus: Bonus, wager_cents: int, variant: PaiGowVariant, *, shuffler: bool = True
) -> tuple[str, int]:
    """A hand-type bonus (Fortune, Lucky, Aces Bonus, Happy Pai Gow) on the player's first cards:
    (qualifying hand, net cents)."""
    if bonus.kind not in ("hand",):
        raise SettlementError(f"{bonus.id} is settled with its own function, not as a hand bonus")
    n = variant.hand_rules.hand_cards
    if len(cards) != n:
        raise SettlementError(f"the {bonus.name} looks at the first {n} cards, not {len(cards)}")
    hand, pays = bonus_result(cards, bonus, variant.hand_rules, shuffler=shuffler)
    net = wager_cents * pays
    if net.denominator != 1:
        raise SettlementError(f"{wager_cents} cents at {pays} to 1 is not a whole number of cents")
    return hand, int(net)


def ace_high_bonus(player: Sequence[int], banker: Sequence[int], bonus: Bonus) -> tuple[str, Fraction]:
    """The Ace-High / Ace Up bonus (seed 004 L3437-3474, seed 000 L6012-6028): (hand, net per unit)."""
    b = ace_high_kind(banker)
    if b is None:
        return "no_qualifying_hand", Fraction(-1)
    names = []
    if ace_high_kind(player) is not None:
        names.append("player_and_banker_ace_high")
    names.append(f"banker_ace_high_{b}")
    for n in names:
        row = bonus.row(n)
        if row is not None:
            return n, row.pays
    return "no_qualifying_hand", Fraction(-1)


def envy_payouts(hands: dict[str, str], holders: Sequence[str], bonus: Bonus) -> dict[str, int]:
    """Envy Bonus payouts in cents, by holder.

    ``hands`` maps each seat that placed a Fortune bet to its qualifying hand name (the player-dealer's
    hand never counts, seed 004 L1563, L3421); ``holders`` are the seats with an Envy button.
    ``several_winners``: ``each_other_hand`` (Tres Lounge L488, Marysville Fortune L1557-1561: one payout per
    qualifying hand of another player); ``highest_hand_only`` (Face Up L3427-3430: only the highest
    qualifying hand pays, once, to each holder who did not achieve it: "none of the players who achieved the
    qualifying hand will receive a payout") or ``highest_hand_only_no_ties`` (the other reading of those lines:
    nobody is paid for a hand several players hold).
    """
    paying = {seat: bonus.row(h) for seat, h in hands.items()}
    qualifying = {seat: r for seat, r in paying.items() if r is not None and r.cents}
    out = {h: 0 for h in holders}
    if not qualifying:
        return out
    if bonus.several_winners in ("highest_hand_only_no_ties", "highest_hand_only"):
        top = max(r.cents or 0 for r in qualifying.values())
        owners = [s for s, r in qualifying.items() if r.cents == top]
        if len(owners) > 1 and bonus.several_winners == "highest_hand_only_no_ties":
            return out  # several players hold the exact same qualifying hand: nobody is paid for it
        for h in holders:
            if h not in owners:  # those who achieved the hand are never paid for it
                out[h] = top
        return out
    for h in holders:
        out[h] = sum((r.cents or 0) for s, r in qualifying.items() if s != h)
    return out


def envy_hand(cards: Sequence[int], bonus: Bonus, rules: PaiGowRules) -> str | None:
    """The Envy pay-table row the first seven cards dealt qualify for (four of a kind or better in every
    filing), or None. The hand is named as the Fortune Bonus names it (seed 002 L482, seed 004 L1555,
    L3418: "the first seven cards dealt")."""
    if bonus.kind != "envy":
        raise SettlementError(f"{bonus.id} is not an Envy Bonus")
    for name in qualifying_names(cards, bonus, rules):
        row = table_row(bonus, name)  # the same row analyze pays the hand on
        paid = bonus.row(row) if row is not None else None
        if row is not None and paid is not None and paid.cents:
            return row
    return None


def compare_community(
    player: SetHand, banker: SetHand, rules: PaiGowRules
) -> tuple[Result, Result, Comparison]:
    """Ultimate Pai Gow Poker's two community hands (seed 000 L1373): (player side, banker side, detail).

    A copy loses for both sides and the other segment alone decides; two copies lose for both.
    """
    f = _segment(front_value(player.front, rules), front_value(banker.front, rules))
    b = _segment(value5(player.back, rules), value5(banker.back, rules))

    def side(won: int) -> Result:
        return Result.WIN if won == 2 else Result.PUSH if won == 1 else Result.LOSE

    p = side((f == "win") + (b == "win"))
    k = side((f == "lose") + (b == "lose"))
    return p, k, Comparison(f, b, p, f"front {f}, back {b}")
