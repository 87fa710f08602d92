"""Hands of the Three Card Poker family: what each bonus looks at, qualification, and the player-dealer's
arrangement in 3 Card Texas Hold'em.

A bonus pays the best line of its pay table that the cards make ("When a hand can have more than one rank,
only the highest rank applies", seed 000a L277): the matchers here return every line a hand makes, and
:func:`best_line` picks the one that pays most.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from rules.cards import Card, Rank
from rules.errors import HandError
from rules.evaluators.high import evaluate_high
from rules.evaluators.three import (
    FLUSH,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    evaluate_best_three,
    evaluate_three,
    rank3,
)
from rules.threecard.model import Bonus, Cite, PayLine, Variant

_ACE: Final = 14

_THREE_LINES: Final[dict[int, frozenset[str]]] = {
    STRAIGHT_FLUSH: frozenset({"straight flush"}),
    THREE_OF_A_KIND: frozenset({"three of a kind"}),
    STRAIGHT: frozenset({"straight"}),
    FLUSH: frozenset({"flush"}),
    PAIR: frozenset({"one pair", "pair"}),
}
_AKQ: Final = frozenset({"mini royal flush", "royal flush", "akq suited", "straight flush"})


def three_card_lines(value: int) -> frozenset[str]:
    """The pay-table lines a three-card value makes (``rank3`` value)."""
    cat = value >> 12
    if cat == STRAIGHT_FLUSH and (value >> 8) & 15 == _ACE:
        return _AKQ
    return _THREE_LINES.get(cat, frozenset())


def six_card_lines(cards: Sequence[Card]) -> frozenset[str]:
    """The lines the best five of six cards make (6 Card Bonus, Bonus 6): the player's three and the
    player-dealer's three."""
    if len(cards) != 6:
        raise HandError(f"the six-card bonus takes six cards, not {len(cards)}")
    return five_card_lines(evaluate_high(cards).category)


def five_card_lines(category: str) -> frozenset[str]:
    """The lines a five-card category makes (a royal flush is also a straight flush)."""
    c = category.lower()
    if c == "royal flush":
        return frozenset({"royal flush", "straight flush"})
    return frozenset({c})


def hole_card_lines(a: Card, b: Card) -> frozenset[str]:
    """Flush Or Pair: the lines the player's first two cards make (seed 000a L243-254)."""
    if a.rank is None or b.rank is None:
        raise HandError("no three-card filing uses a joker")
    lines: set[str] = set()
    if a.rank == b.rank:
        lines |= {"one pair", "pair"}
        if a.rank is Rank.ACE:
            lines.add("aa")
    elif a.suit == b.suit:
        lines.add("flush")
        if {a.rank, b.rank} == {Rank.ACE, Rank.KING}:
            lines.add("ak suited")
    return frozenset(lines)


def straight_or_up_lines_idx(five: Sequence[int]) -> frozenset[str]:
    """Straight Or Up on card indices: every line any three of the five make, with "plus a Pair" where
    the other two cards pair ("All five cards must be used", seed 000a L271)."""
    lines: set[str] = set()
    for trio in combinations(range(5), 3):
        i, j, k = (five[t] for t in trio)
        v = rank3(i, j, k)
        cat = v >> 12
        rest = [five[t] for t in range(5) if t not in trio]
        rest_pair = rest[0] >> 2 == rest[1] >> 2
        if cat == STRAIGHT_FLUSH:
            lines.add("straight flush")
            if (v >> 8) & 15 == _ACE:
                lines |= {"akq suited", "mini royal flush"}
            if rest_pair:
                lines.add("straight flush plus a pair")
        elif cat == THREE_OF_A_KIND:
            lines.add("three of a kind")
        elif cat == STRAIGHT:
            lines.add("straight")
            if rest_pair:
                lines.add("straight plus a pair")
    return frozenset(lines)


def straight_or_up_lines(hole: Sequence[Card], board: Sequence[Card]) -> frozenset[str]:
    """Straight Or Up: the player's two hole cards and the three communal cards."""
    if len(hole) != 2 or len(board) != 3:
        raise HandError("Straight Or Up takes two hole cards and three communal cards")
    _no_joker([*hole, *board])
    return straight_or_up_lines_idx([c.index for c in (*hole, *board)])


def best_line(table: Sequence[PayLine], lines: Iterable[str]) -> PayLine | None:
    """The table's best-paying line among ``lines``; None when the hand makes no line (the bonus loses)."""
    made = set(lines)
    best: PayLine | None = None
    for line in table:
        if line.key in made and (best is None or line.pays > best.pays):
            best = line
    return best


def _no_joker(cards: Iterable[Card]) -> None:
    for c in cards:
        if not isinstance(c, Card) or c.rank is None:
            raise HandError(f"not a card of a standard deck: {c!r}")


def bonus_line(
    bonus: Bonus, player: Sequence[Card], player_dealer: Sequence[Card], board: Sequence[Card] = ()
) -> PayLine | None:
    """The pay-table line a bonus wins on, or None (it loses)."""
    _no_joker([*player, *player_dealer, *board])
    if bonus.hand == "three-card":
        lines = three_card_lines(evaluate_three(player).value)
    elif bonus.hand == "six-card":
        lines = six_card_lines([*player, *player_dealer])
    elif bonus.hand == "hole-cards":
        if len(player) != 2:
            raise HandError("Flush Or Pair takes the player's two hole cards")
        lines = hole_card_lines(player[0], player[1])
    else:
        lines = straight_or_up_lines(player, board)
    return best_line(bonus.pays, lines)


def hand_value(variant: Variant, cards: Sequence[Card], board: Sequence[Card] = ()) -> int:
    """A hand's three-card value: the three cards, or the best three of hole cards plus board."""
    if variant.board_cards:
        if len(board) != variant.board_cards:
            raise HandError(f"{variant.name}: {variant.board_cards} communal cards, not {len(board)}")
        return evaluate_best_three([*cards, *board], variant.ranking).value
    return evaluate_three(cards, variant.ranking).value


def qualifies(variant: Variant, value: int) -> bool:
    """Whether the player-dealer's hand qualifies (queen high or better; a pair of fours in 3 Card Texas
    Hold'em)."""
    return value >= variant.qualifier


# ------------------------------------------------------------------------- 3 Card Texas Hold'em layout

POSITIONS: Final = ("left", "center", "right")


@dataclass(frozen=True, slots=True)
class Arrangement:
    """How the house dealer lays out the player-dealer's five cards (seed 000a L332-371).

    ``hole_used``: the hole cards in the hand; ``board_used``: the communal positions in the hand after any
    swap (0 left, 1 center, 2 right); ``swap``: the two communal positions to swap first, or None;
    ``case`` the filing's paragraph (a, b or c); ``steps`` the instructions in words.
    """

    value: int
    category: str
    hole_used: tuple[Card, ...]
    board_used: tuple[int, ...]
    swap: tuple[int, int] | None
    case: str
    steps: tuple[str, ...]
    cite: Cite


def arrange_player_dealer(variant: Variant, hole: Sequence[Card], board: Sequence[Card]) -> Arrangement:
    """The filed arrangement of the player-dealer's best three of five in 3 Card Texas Hold'em.

    ``board`` is the communal row left to right. Where several sets of three make the same best hand,
    the one needing no swap is laid out, and of those the one using more of the player-dealer's own
    cards (a recorded choice: the filing does not say).
    """
    if len(hole) != 2 or len(board) != 3:
        raise HandError("the player-dealer's hand is two hole cards and three communal cards")
    _no_joker([*hole, *board])
    cards = [*hole, *board]
    best = max(rank3(*(cards[t].index for t in trio)) for trio in combinations(range(5), 3))
    options = [trio for trio in combinations(range(5), 3) if rank3(*(cards[t].index for t in trio)) == best]

    def key(trio: tuple[int, ...]) -> tuple[int, int]:
        used_board = [t - 2 for t in trio if t >= 2]
        needs_swap = sorted(used_board) == [0, 2]
        return (0 if needs_swap else 1, sum(1 for t in trio if t < 2))

    trio = max(options, key=key)
    hole_used = tuple(cards[t] for t in trio if t < 2)
    board_used = tuple(t - 2 for t in trio if t >= 2)
    cat = evaluate_three([cards[t] for t in trio], variant.ranking).category
    swap: tuple[int, int] | None = None
    steps: tuple[str, ...]
    if len(hole_used) == 2:
        case = "a"
        steps = (
            f"Place both hole cards ({hole_used[0]} {hole_used[1]}) below the {POSITIONS[board_used[0]]} "
            "communal card.",
        )
    elif len(hole_used) == 1:
        case = "b"
        unused = next(c for c in hole if c not in hole_used)
        if board_used == (0, 2):
            swap = (1, 2)
            board_used = (0, 1)
            first = f"Swap the center communal card ({board[1]}) with the right one ({board[2]})."
        else:
            first = ""
        where = " and ".join(POSITIONS[p] for p in board_used)
        steps = tuple(
            s
            for s in (
                first,
                f"Place {hole_used[0]} below the {where} communal cards; "
                f"lay {unused} perpendicular to it (not used).",
            )
            if s
        )
    else:
        case = "c"
        steps = ("The player-dealer plays the board: place both hole cards in the unused position.",)
    return Arrangement(best, cat, hole_used, board_used, swap, case, steps, variant.arrangement_cite)
