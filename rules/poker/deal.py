"""The deal's decisions that are not a fixed sequence of cards: the button, the stud bring-in and the
first to act, the stud not-enough-cards procedure, and the lowball joker.

Suit orders are the variant's data (``suit_order``, lowest first): clubs, diamonds, hearts, spades,
"alphabetical order" (seed 001 L145-199), the same order spelled from the top at Casino Marysville
(spades > hearts > diamonds > clubs, seed 004 S13 general rule 3) and Tres Lounge (seed 002 L996, L1300).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.cards import Card, Rank
from rules.errors import RulesError
from rules.poker.variant import BringIn, PokerVariant


class DealError(RulesError, ValueError):
    """A deal question asked with cards that cannot answer it (no cards, a repeated card)."""


def _check(cards: Mapping[int, Card]) -> None:
    if not cards:
        raise DealError("no cards to compare")
    if len(set(cards.values())) != len(cards):
        raise DealError("the same card twice: each player shows a different card")


def button_by_high_card(cards: Mapping[int, Card], v: PokerVariant) -> int:
    """A new game's button: each player is dealt a card face up; the highest card by suit gets it
    (seed 000 L113-131 "the highest card by suit", 004 S13 general rule 3, 002 L996).

    The ace is high. A joker drawn for the button counts as an ace below the four suited aces (no filing
    says; recorded as a choice in the Mexican Stud files).
    """
    _check(cards)

    def key(seat: int) -> tuple[int, int]:
        c = cards[seat]
        if c.rank is None or c.suit is None:
            return (Rank.ACE.value, -1)
        return (c.rank.value, v.suit_rank(c.suit))

    return max(cards, key=key)


def next_button(last: int | None, seats: Sequence[int], redeal: bool = False) -> int | None:
    """The dealer button for a hand dealt to ``seats`` after a hand whose button was ``last``.

    The button moves clockwise one seat each hand (seed 000 L125, L166, L2284; 001 L237-243; 002 L993,
    L1094; 003 L216 "moved to the next active player/position to the left"; 004 L1187): to the first seat
    in play after ``last``, so seats with nobody dealt in are skipped (004 L1776-1777 "open seats may force
    the dealer button to skip ahead"). A misdealt hand is dealt again with the button where it was
    (``redeal``: no filing says; a void hand is not a hand played). None when no hand was dealt yet (a new
    game: the button goes to the high card by suit, :func:`button_by_high_card`).
    """
    if last is None or not seats:
        return None
    if redeal and last in seats:
        return last
    ordered = sorted(seats)
    return next((s for s in ordered if s > last), ordered[0])


def _bring_rank(c: Card, bi: BringIn) -> int:
    if c.rank is None:
        return 14 if (bi.joker_up_as_ace and bi.aces == "high") else 1 if bi.joker_up_as_ace else 0
    if c.rank is Rank.ACE and bi.aces == "low":
        return 1
    return c.rank.value


def bring_in_seat(upcards: Mapping[int, Card], v: PokerVariant, deal_order: Sequence[int] = ()) -> int:
    """The seat that brings it in on the first round: the low card (or the high card, where filed) of
    the face-up cards, suits breaking ties in the filed order (or the first player dealt, where filed).

    ``deal_order``: the seats in the order they received cards (needed for ``ties: first_dealt``).
    Where the variant files no bring-in, a :class:`DealError` says so.
    """
    bi = v.bring_in
    if bi is None:
        raise DealError("this game has no bring-in")
    _check(upcards)

    def suit(c: Card) -> int:
        return -1 if c.suit is None else v.suit_rank(c.suit)

    seats = list(upcards)
    if bi.ties == "first_dealt":
        pos = {s: i for i, s in enumerate(deal_order)}
        missing = [s for s in seats if s not in pos]
        if missing:
            raise DealError(f"seats {missing} are not in the dealing order")
        if bi.card == "low":
            return min(seats, key=lambda s: (_bring_rank(upcards[s], bi), pos[s]))
        return min(seats, key=lambda s: (-_bring_rank(upcards[s], bi), pos[s]))
    if bi.card == "low":
        return min(seats, key=lambda s: (_bring_rank(upcards[s], bi), suit(upcards[s])))
    return max(seats, key=lambda s: (_bring_rank(upcards[s], bi), suit(upcards[s])))


def _showing_key_high(cards: Sequence[Card]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Open cards as a partial high hand: groups first (quads, trips, pairs), then ranks. A face-up joker
    shows as an ace (the bug)."""
    counts: dict[int, int] = {}
    for c in cards:
        r = 14 if c.rank is None else c.rank.value
        counts[r] = counts.get(r, 0) + 1
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    return tuple(counts[r] for r in order), tuple(order)


def _showing_key_low(cards: Sequence[Card]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Open cards as a partial A-5 low (smaller is better): pairs are worse, then the highest card down."""
    counts: dict[int, int] = {}
    for c in cards:
        r = 1 if c.rank is None or c.rank is Rank.ACE else c.rank.value
        counts[r] = counts.get(r, 0) + 1
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    return tuple(counts[r] for r in order), tuple(order)


def first_to_act_stud(
    showing: Mapping[int, Sequence[Card]], v: PokerVariant, button: int | None = None
) -> int:
    """Who acts first after the first round of stud: the best hand showing — the high hand, or the low
    hand in Razz (seed 001 L201-221) — and between equal hands the first seat to the left of the dealer
    position (seed 001 L145-199; 002 L1000 "closest to the left of the dealer button"). Without a button
    (The 101's Stud, seed 000 L16) the first seat from seat one.
    """
    if not showing:
        raise DealError("no hands showing")
    seats = sorted(showing)
    if button is not None:
        seats = [s for s in seats if s > button] + [s for s in seats if s <= button]
    if v.high_hand:
        best = max(_showing_key_high(showing[s]) for s in seats)
        return next(s for s in seats if _showing_key_high(showing[s]) == best)
    low = min(_showing_key_low(showing[s]) for s in seats)
    return next(s for s in seats if _showing_key_low(showing[s]) == low)


@dataclass(frozen=True, slots=True)
class ShortDeckPlan:
    """The stud not-enough-cards procedure for the last round (seed 000 L9, L23).

    ``deal_now``: cards dealt from what is left of the deck before the procedure (all but the last);
    ``scramble``: the last card and the burns are scrambled and cut; ``burn``: burn one before dealing
    from them; ``community``: one community card in the centre for every player; ``call_floor``: the
    filing is silent for this many players.
    """

    deal_now: int
    scramble: bool
    burn: bool
    community: bool
    call_floor: bool
    words: str


def stud_short_deck(remaining: int, needing: int, v: PokerVariant) -> ShortDeckPlan:
    """What the dealer does when ``remaining`` cards cannot give each of ``needing`` players a card.

    "Deal all the cards except the last card. Scramble the last card and the four burn cards, cut, burn a
    card and deliver the remaining down cards using the last card if necessary. If five players remain
    without a card, do not burn, so each receives a fresh card. If more than five are left, burn and put
    one community card in the centre for all to use" (seed 000 L9; L23 for Hi-Lo lacks the last sentence:
    there the terminal calls the floor).
    """
    if remaining < 0 or needing < 0:
        raise DealError("card counts are whole numbers from 0")
    if remaining >= needing:
        return ShortDeckPlan(needing, False, False, False, False, "enough cards: deal on")
    deal_now = max(0, remaining - 1)
    left = needing - deal_now
    pool = v.short_deck_burns + (1 if remaining >= 1 else 0)
    head = f"deal {deal_now} card(s), keep the last card; scramble it with the {v.short_deck_burns} burns and cut"
    if left == pool:
        return ShortDeckPlan(deal_now, True, False, False, False, f"{head}; no burn: deal {left} fresh cards")
    if left < pool:
        return ShortDeckPlan(deal_now, True, True, False, False, f"{head}; burn one, then deal {left} cards")
    if v.community_over is not None and left > v.community_over:
        return ShortDeckPlan(
            deal_now, True, True, True, False, f"{head}; burn one, then one community card for all to use"
        )
    return ShortDeckPlan(deal_now, True, False, False, True, f"{head}; {left} players wait: call the floor")


def lowball_joker(hand: Sequence[Card]) -> Rank:
    """The rank the joker plays as in Lowball: the lowest rank not already in the hand, the ace lowest
    ("the joker is wild and counts as the lowest missing card", seed 001 L78-79; seed 004 L7-8)."""
    held = {1 if c.rank is Rank.ACE else c.rank.value for c in hand if c.rank is not None}
    for r in range(1, 14):
        if r not in held:
            return Rank.ACE if r == 1 else Rank(r)
    raise DealError("every rank is in the hand")  # pragma: no cover - five cards hold at most four ranks
