"""The showdown: the best hands under the variant's evaluator, and the pot divided in whole chips.

* High: Hold'em plays any of its hole cards with the board (seed 002 L1413-1516, "or the five community
  cards and no hole cards"); Omaha and Big O exactly two hole cards and three board cards (seed 004
  S13 showdown rule 6, seed 000 L2326); stud the best five of seven; draw the five held.
* Low: 8 or better for the split games (five unpaired cards from A to 8, straights and flushes ignored,
  seed 004 S13 showdown rules 7-9, seed 000 L26); Razz and Lowball play the low for the whole pot.
* The split: the high half and the low half; no qualifying low, the high takes the whole pot (seed 000
  L26, 004 S13 rule 8). Odd chips between the halves go to the high half (seed 000 L30, 004 S13 general
  rule, 002 §12); between tied hands, to the seat the variant's filing names
  (:class:`~rules.poker.variant.TieOrder`). A pot is divided in whole chips of ``chip_cents``; every
  odd chip of one division goes to the one player the filing names ("the odd chip goes to the player
  closest to the left of the dealer button", seed 002 L1145).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules.cards import Card, Rank
from rules.errors import HandError
from rules.evaluators.handrank import HandRank
from rules.evaluators.high import JokerMode, evaluate_high, evaluate_omaha
from rules.evaluators.low import evaluate_low, evaluate_low_omaha
from rules.poker.variant import GameKind, LowKind, PokerVariant, TieOrder


@dataclass(frozen=True, slots=True)
class SeatHand:
    """A contender at the showdown: the seat and its own cards (hole cards; stud: every card; draw: five).

    ``wild_joker``: the joker was dealt face down in Mexican Stud and is fully wild (it stays wild when
    turned up later, seed 002 L968).
    """

    seat: int
    cards: tuple[Card, ...]
    wild_joker: bool = False


def high_hand(v: PokerVariant, hand: SeatHand, board: Sequence[Card] = ()) -> HandRank:
    """The best high hand of a contender under the variant's rules."""
    rules = v.high
    if v.wild_face_down_joker and any(c.is_joker for c in hand.cards):
        rules = replace(rules, joker=JokerMode.WILD if hand.wild_joker else JokerMode.BUG)
    if v.game is GameKind.BOARD and v.use_hole == "exactly_two":
        return evaluate_omaha(hand.cards, board, rules)
    return evaluate_high([*hand.cards, *board], rules)


def low_hand(v: PokerVariant, hand: SeatHand, board: Sequence[Card] = ()) -> HandRank | None:
    """The best low of a contender (None: no low plays, or none qualifies)."""
    if v.low is LowKind.NONE:
        return None
    qualifier = 8 if v.low is LowKind.EIGHT_OR_BETTER else None
    if v.game is GameKind.BOARD and v.use_hole == "exactly_two":
        return evaluate_low_omaha(hand.cards, board, v.low_joker, qualifier)
    return evaluate_low([*hand.cards, *board], v.low_joker, qualifier)


@dataclass(frozen=True, slots=True)
class PotAward:
    """How one pot is divided: cents per winning seat, the winners of each half and the odd chips."""

    pot: int
    shares: tuple[tuple[int, int], ...]
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...]
    high: tuple[tuple[int, HandRank], ...]
    low: tuple[tuple[int, HandRank | None], ...]
    odd_chips: tuple[tuple[int, int, str], ...]
    collected: int = 0

    def share(self, seat: int) -> int:
        """What ``seat`` receives, in cents."""
        return dict(self.shares).get(seat, 0)

    def _hands_json(self) -> dict[str, dict[str, str]]:
        out: dict[str, dict[str, str]] = {}
        for s, h in self.high:
            out.setdefault(str(s), {}).update(high=h.category, high_cards=" ".join(map(str, h.cards)))
        for s, lo in self.low:
            if lo is not None:
                out.setdefault(str(s), {}).update(low=lo.category, low_cards=" ".join(map(str, lo.cards)))
        return out

    def to_json(self) -> dict[str, Any]:
        """The settlement's JSON form."""
        return {
            "pot": self.pot,
            "collected": self.collected,
            "shares": {str(s): c for s, c in self.shares},
            "high_winners": list(self.high_winners),
            "low_winners": list(self.low_winners),
            "hands": self._hands_json(),
            "odd_chips": [{"seat": s, "cents": c, "why": w} for s, c, w in self.odd_chips],
        }


def clockwise_from(seats: Sequence[int], button: int | None) -> list[int]:
    """Seats in clockwise order starting with the first seat after the button (ascending if none)."""
    ordered = sorted(seats)
    if button is None:
        return ordered
    return [s for s in ordered if s > button] + [s for s in ordered if s <= button]


def _card_key_high(v: PokerVariant, c: Card) -> tuple[int, int]:
    if c.rank is None or c.suit is None:
        return (0, -1)  # the joker: below every card (choice recorded in the draw variant)
    return (c.rank.value, v.suit_rank(c.suit))


def _card_key_low(v: PokerVariant, c: Card) -> tuple[int, int]:
    if c.rank is None or c.suit is None:
        return (0, -1)  # "the joker is the lowest card in the deck" (seed 001 L76-144)
    return (1 if c.rank is Rank.ACE else c.rank.value, v.suit_rank(c.suit))


def tie_order(
    v: PokerVariant, seats: Sequence[int], played: dict[int, tuple[Card, ...]], button: int | None
) -> list[int]:
    """The tied seats in the order the odd chip goes (the first gets it)."""
    rule = v.odd_chip_tied
    if rule is TieOrder.LEFT_OF_BUTTON:
        return clockwise_from(seats, button)
    if rule is TieOrder.SEAT_ONE:
        return sorted(seats)
    if rule is TieOrder.HIGHEST_CARD_BY_SUIT:
        return sorted(
            seats, key=lambda s: sorted((_card_key_high(v, c) for c in played[s]), reverse=True), reverse=True
        )
    return sorted(seats, key=lambda s: sorted(_card_key_low(v, c) for c in played[s]))


def _divide(
    amount: int,
    order: list[int],
    chip: int,
    why: str,
    shares: dict[int, int],
    odd: list[tuple[int, int, str]],
) -> None:
    n = len(order)
    each = (amount // chip // n) * chip
    rest = amount - each * n
    for s in order:
        shares[s] = shares.get(s, 0) + each
    if rest:
        shares[order[0]] += rest
        odd.append((order[0], rest, why))


def award_pot(
    v: PokerVariant,
    pot_cents: int,
    hands: Sequence[SeatHand],
    board: Sequence[Card] = (),
    button: int | None = None,
    collected: int = 0,
) -> PotAward:
    """Divide a pot among the contenders (the live hands at the showdown). ``collected``: the collection
    fee already taken from the pot (see :func:`rules.poker.collect.collect_and_award`); the rest is divided."""
    if pot_cents < 0:
        raise HandError(f"a pot is a positive number of cents, not {pot_cents}")
    if not 0 <= collected <= pot_cents:
        raise HandError(f"the collection ({collected}) must be between 0 and the pot ({pot_cents})")
    total = pot_cents
    pot_cents -= collected
    if not hands:
        raise HandError("a pot needs at least one hand at the showdown")
    seats = [h.seat for h in hands]
    if len(set(seats)) != len(seats):
        raise HandError(f"each seat shows one hand: {seats}")
    highs: dict[int, HandRank] = {}
    if v.high_hand:
        highs = {h.seat: high_hand(v, h, board) for h in hands}
    lows = {h.seat: low_hand(v, h, board) for h in hands}
    shares: dict[int, int] = {}
    odd: list[tuple[int, int, str]] = []
    chip = v.chip_cents
    hi_w: list[int] = []
    lo_w: list[int] = []
    if highs:
        best = max(r.value for r in highs.values())
        hi_w = [s for s in seats if highs[s].value == best]
    qualified = {s: r for s, r in lows.items() if r is not None}
    if qualified:
        best_low = max(r.value for r in qualified.values())
        lo_w = [s for s in seats if s in qualified and qualified[s].value == best_low]
    if v.high_hand and lo_w:
        low_half = (pot_cents // chip // 2) * chip
        high_half = pot_cents - low_half
        hi_order = tie_order(v, hi_w, {s: highs[s].cards for s in hi_w}, button)
        if high_half > low_half:
            odd.append((hi_order[0], high_half - low_half, "odd chip to the high half"))
        _divide(high_half, hi_order, chip, "tied high", shares, odd)
        played_lo = {s: qualified[s].cards for s in lo_w}
        _divide(low_half, tie_order(v, lo_w, played_lo, button), chip, "tied low", shares, odd)
    elif v.high_hand:
        _divide(
            pot_cents,
            tie_order(v, hi_w, {s: highs[s].cards for s in hi_w}, button),
            chip,
            "tied high",
            shares,
            odd,
        )
    elif lo_w:
        _divide(
            pot_cents,
            tie_order(v, lo_w, {s: qualified[s].cards for s in lo_w}, button),
            chip,
            "tied low",
            shares,
            odd,
        )
    else:  # pragma: no cover - a low-only game always has a low (qualifier None)
        raise HandError("no hand qualifies for the pot")
    order = clockwise_from(seats, button)
    return PotAward(
        total,
        tuple((s, shares[s]) for s in order if shares.get(s)),
        tuple(hi_w),
        tuple(lo_w),
        tuple((s, highs[s]) for s in seats if s in highs),
        tuple((s, lows[s]) for s in seats),
        tuple(odd),
        collected,
    )


@dataclass(frozen=True, slots=True)
class SidePot:
    """One pot of a hand with all-in players: its amount and the live seats that may win it."""

    cents: int
    eligible: tuple[int, ...]


def side_pots(contributions: Mapping[int, int], live: Sequence[int]) -> tuple[SidePot, ...]:
    """The main pot and the side pots from each seat's total contribution (folded and dead seats too).

    A pot is built per contribution level of the live players: every seat puts in up to that level, and
    only the live seats that put in at least that much may win it. Chips above the highest live level (a
    folded player who put in more than every live player) go to the last pot: no one else could win them.
    """
    if any(c < 0 for c in contributions.values()):
        raise HandError(f"contributions are whole cents from 0: {dict(contributions)}")
    live_set = [s for s in live if s in contributions]
    if not live_set:
        raise HandError("a pot needs at least one live hand")
    levels = sorted({contributions[s] for s in live_set})
    pots: list[SidePot] = []
    prev = 0
    for level in levels:
        amount = sum(max(0, min(c, level) - prev) for c in contributions.values())
        eligible = tuple(s for s in live_set if contributions[s] >= level)
        if amount:
            pots.append(SidePot(amount, eligible))
        prev = level
    above = sum(max(0, c - prev) for c in contributions.values())
    if above and pots:
        pots[-1] = SidePot(pots[-1].cents + above, pots[-1].eligible)
    elif above or not pots:
        pots.append(SidePot(above, tuple(live_set)))  # (an empty pot where nothing was wagered)
    return tuple(pots)


@dataclass(frozen=True, slots=True)
class HandAward:
    """A hand's pots divided: the main pot first, then each side pot (see :func:`award_pots`)."""

    pots: tuple[PotAward, ...]
    eligible: tuple[tuple[int, ...], ...]
    collected: int = 0

    @property
    def total(self) -> int:
        """Every chip of the hand, the collection included."""
        return sum(p.pot for p in self.pots)

    def share(self, seat: int) -> int:
        """What ``seat`` receives from all the pots, in cents."""
        return sum(p.share(seat) for p in self.pots)

    def to_json(self) -> dict[str, Any]:
        """The settlement's JSON form: the main pot's fields for the whole hand (shares summed over the
        pots, the winners of the main pot) and ``pots`` with each pot's own division."""
        main = self.pots[0].to_json()
        shares: dict[str, int] = {}
        for p in self.pots:
            for s, c in p.shares:
                shares[str(s)] = shares.get(str(s), 0) + c
        hands: dict[str, dict[str, str]] = {}
        for p in self.pots:
            for s, h in p.to_json()["hands"].items():
                hands.setdefault(s, h)
        out = dict(main)
        out.update(
            pot=self.total,
            collected=self.collected,
            shares=shares,
            hands=hands,
            odd_chips=[o for p in self.pots for o in p.to_json()["odd_chips"]],
        )
        if len(self.pots) > 1:
            out["pots"] = [
                {
                    "name": "main pot" if i == 0 else f"side pot {i}",
                    "eligible": list(e),
                    **{k: v for k, v in p.to_json().items() if k != "hands"},
                }
                for i, (p, e) in enumerate(zip(self.pots, self.eligible, strict=True))
            ]
        return out


def award_pots(
    v: PokerVariant,
    contributions: Mapping[int, int],
    hands: Sequence[SeatHand],
    board: Sequence[Card] = (),
    button: int | None = None,
    collected: int = 0,
) -> HandAward:
    """Divide a hand with all-in players: the main pot and each side pot among the live hands eligible for
    it (:func:`side_pots`), each pot high-low and odd chips as filed (:func:`award_pot`). ``collected``
    (the collection fee) comes out of the main pot, the pot every player contested (choice, docs/poker.md)."""
    pots = side_pots(contributions, [h.seat for h in hands])
    if not 0 <= collected <= pots[0].cents:
        raise HandError(f"the collection ({collected}) must be between 0 and the main pot ({pots[0].cents})")
    by_seat = {h.seat: h for h in hands}
    awards = tuple(
        award_pot(
            v,
            p.cents,
            [by_seat[s] for s in p.eligible],
            board,
            button,
            collected=collected if i == 0 else 0,
        )
        for i, p in enumerate(pots)
    )
    return HandAward(awards, tuple(p.eligible for p in pots), collected)
