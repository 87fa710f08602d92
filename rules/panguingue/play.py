"""The play of a Panguingue hand, folded from its events (seed 001 L313-354).

Each active player in turn (to the right, counter-clockwise, from the eldest hand) draws one card: the top card
of the stock (a card read to his seat), or the top card of the discard pile, which he may take only if it was
drawn from the stock and discarded by the preceding player and he melds it at once (a ``meld`` with ``take``,
L313-318). A card drawn from the stock must at once be melded or discarded (L314-315). He may then meld and add
to his melds (L320-321) and ends his turn by discarding one card face up. The first to have eleven cards in melds
goes out (L323).

:class:`PanPlay` keeps the table (hands, melds, discard pile, whose turn) and the chips owed: each condition is
paid at once by every other active player (L333), and going out is paid by each of them (L350-351). A play the
filing does not allow is a :class:`~rules.round.rulings.Finding` and is not applied: the table stays as it was
until the floor rules (the dealer corrects the entry).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rules.cards import Card
from rules.panguingue.melds import PanRules, condition_chips, conditions, meld_kind, why_not
from rules.round.alerts import AlertCode
from rules.round.events import Discard, Meld, Target, TargetKind
from rules.round.rulings import Finding


@dataclass(frozen=True, slots=True)
class Payment:
    """Chips every other active player owes ``seat`` for ``what``."""

    seat: int
    chips: int
    what: str


@dataclass(frozen=True, slots=True)
class Discarded:
    """A card on the discard pile: who discarded it, and whether he had drawn it from the stock."""

    card: Card
    seat: int
    from_stock: bool


def shown(cards: Sequence[Card], rules: PanRules) -> str:
    """A meld's cards in the filed sequence (A 2 3 4 5 6 7 J Q K), for the dealer."""
    place = {r: i for i, r in enumerate(rules.order)}
    return " ".join(
        str(c) for c in sorted(cards, key=lambda c: (place.get(c.rank, 99) if c.rank else 99, str(c)))
    )


def _take(cards: list[Card], wanted: Sequence[Card]) -> list[Card] | None:
    """``cards`` less ``wanted`` (a multiset), or None if they do not hold them all."""
    rest = list(cards)
    for c in wanted:
        if c not in rest:
            return None
        rest.remove(c)
    return rest


@dataclass
class PanPlay:
    """The table during the play (see the module docstring)."""

    rules: PanRules
    order: tuple[int, ...]
    hands: dict[int, list[Card]]
    melds: dict[int, list[list[Card]]] = field(default_factory=dict)
    pile: list[Discarded] = field(default_factory=list)
    turn: int = 0
    drew: bool = False
    drawn: Card | None = None  # the stock card drawn this turn, until it is melded or discarded
    out: int | None = None
    payments: list[Payment] = field(default_factory=list)
    findings: dict[int, tuple[Finding, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for s in self.order:
            self.melds.setdefault(s, [])

    @property
    def seat(self) -> int:
        """Whose turn it is."""
        return self.order[self.turn % len(self.order)]

    @property
    def preceding(self) -> int:
        """The player who had the turn before."""
        return self.order[(self.turn - 1) % len(self.order)]

    def melded(self, seat: int) -> int:
        """How many cards ``seat`` has in melds."""
        return sum(len(m) for m in self.melds.get(seat, []))

    def words(self) -> str:
        """What is due, for the dealer's prompt."""
        s = self.seat
        if not self.drew:
            top = self.pile[-1] if self.pile else None
            may = (
                f", or take the {top.card} to meld it"
                if top is not None and top.from_stock and top.seat == self.preceding
                else ""
            )
            return f"seat {s}: draw from the stock (read the card){may}"
        if self.drawn is not None:
            return f"seat {s}: meld the {self.drawn} drawn from the stock, or discard it"
        return f"seat {s}: meld, then discard one card"

    # -- the plays ---------------------------------------------------------------------------

    def _not_your_turn(self, seat: int, what: str) -> Finding | None:
        if self.out is not None:
            return Finding(
                AlertCode.OUT_OF_ORDER, f"seat {seat} {what} after seat {self.out} went out", seat=seat
            )
        if seat not in self.order:
            return Finding(AlertCode.OUT_OF_ORDER, f"seat {seat} {what} but is not in the hand", seat=seat)
        if seat != self.seat:
            return Finding(
                AlertCode.OUT_OF_ORDER,
                f"seat {seat} {what} out of turn: it is seat {self.seat}'s turn",
                seat=seat,
            )
        return None

    def draw(self, seq: int, target: Target, card: Card | None) -> None:
        """A card read in the play: the stock's top card drawn by the seat it went to."""
        seat = target.index if target.kind is TargetKind.SEAT else 0
        wrong = self._not_your_turn(seat, "drew from the stock")
        if wrong is None and self.drew:
            wrong = Finding(
                AlertCode.DRAW_AGAINST_RULE,
                f"seat {seat} drew a second card this turn: one card a turn, from the stock or the discard pile (L313)",
                seat=seat,
                card=card,
                target=target,
            )
        if wrong is not None:
            self.findings[seq] = (wrong,)
            if seat in self.hands and card is not None:
                self.hands[seat].append(card)  # the card is in his hands until the floor rules
            return
        if card is None:
            self.findings[seq] = (
                Finding(AlertCode.UNREADABLE_CARD, "the stock card came out unread", seat=seat),
            )
            return
        self.hands[seat].append(card)
        self.drew, self.drawn = True, card

    def meld(self, seq: int, e: Meld) -> None:
        """A meld, or cards added to one (``onto``), possibly with the discard pile's top card (``take``)."""
        f = self._meld_finding(e)
        if f is not None:
            self.findings[seq] = (f,)
            return
        seat = e.seat
        if e.take:
            self.hands[seat].append(self.pile.pop().card)
            self.drew = True
        rest = _take(self.hands[seat], e.cards)
        assert rest is not None  # checked by _meld_finding
        self.hands[seat] = rest
        if e.onto is None:
            before: list[Card] = []
            self.melds[seat].append(list(e.cards))
            now = self.melds[seat][-1]
        else:
            now = self.melds[seat][e.onto - 1]
            before = list(now)
            now.extend(e.cards)
        if self.drawn is not None and self.drawn in e.cards:
            self.drawn = None
        gained = condition_chips(now, self.rules) - (condition_chips(before, self.rules) if before else 0)
        if gained > 0:
            names = ", ".join(n for n, _ in conditions(now, self.rules))
            self.payments.append(Payment(seat, gained, f"condition: {names} ({shown(now, self.rules)})"))
        if self.melded(seat) >= self.rules.pan.going_out.cards:
            self.out = seat

    def _meld_finding(self, e: Meld) -> Finding | None:
        seat = e.seat
        wrong = self._not_your_turn(seat, "melded")
        if wrong is not None:
            return wrong
        if not self.drew and not e.take:
            return Finding(
                AlertCode.OUT_OF_ORDER, f"seat {seat} melded before drawing (L313, L320)", seat=seat
            )
        if e.take:
            top = self.pile[-1] if self.pile else None
            why = ""
            if self.drew:
                why = "he has drawn already this turn"
            elif top is None:
                why = "the discard pile is empty"
            elif not top.from_stock:
                why = f"the {top.card} was not drawn from the stock by the player who discarded it"
            elif top.seat != self.preceding:
                why = f"the {top.card} was discarded by seat {top.seat}, not the preceding player"
            elif top.card not in e.cards:
                why = f"he did not meld the {top.card} at once"
            if why:
                return Finding(
                    AlertCode.DRAW_AGAINST_RULE,
                    f"seat {seat} took the top of the discard pile: {why} (L315-318)",
                    seat=seat,
                    card=top.card if top is not None else None,
                )
        held = list(self.hands[seat]) + ([self.pile[-1].card] if e.take and self.pile else [])
        if _take(held, e.cards) is None:
            return Finding(AlertCode.INVALID_MELD, f"seat {seat} melded cards he does not hold", seat=seat)
        if e.onto is not None and not 1 <= e.onto <= len(self.melds[seat]):
            return Finding(
                AlertCode.INVALID_MELD,
                f"seat {seat} added to meld {e.onto}; he has {len(self.melds[seat])}",
                seat=seat,
            )
        cards = list(e.cards) if e.onto is None else [*self.melds[seat][e.onto - 1], *e.cards]
        if meld_kind(cards, self.rules) is None:
            return Finding(
                AlertCode.INVALID_MELD,
                f"seat {seat}: {' '.join(map(str, cards))}: {why_not(cards, self.rules)}",
                seat=seat,
            )
        return None

    def discard(self, seq: int, e: Discard) -> None:
        """The discard that ends a turn."""
        seat = e.seat
        wrong = self._not_your_turn(seat, "discarded")
        if wrong is None and not self.drew:
            wrong = Finding(AlertCode.OUT_OF_ORDER, f"seat {seat} discarded before drawing (L313)", seat=seat)
        if wrong is None and e.card not in self.hands[seat]:
            wrong = Finding(
                AlertCode.INVALID_MELD,
                f"seat {seat} discarded the {e.card}, which he does not hold",
                seat=seat,
            )
        if wrong is None and self.drawn is not None and e.card != self.drawn:
            wrong = Finding(
                AlertCode.DRAW_AGAINST_RULE,
                f"seat {seat} kept the {self.drawn} drawn from the stock: it must be melded at once or discarded (L314-315)",
                seat=seat,
                card=self.drawn,
            )
        if wrong is not None:
            self.findings[seq] = (wrong,)
            return
        self.hands[seat].remove(e.card)
        self.pile.append(Discarded(e.card, seat, from_stock=self.drawn is not None))
        self.turn += 1
        self.drew, self.drawn = False, None

    # -- the money -----------------------------------------------------------------------------

    def going_out(self) -> tuple[int, tuple[tuple[str, int], ...]]:
        """What each other active player pays the player who went out: the chips for going out and, where the
        variant says so, each condition in his melds again (L350-351); with the lines."""
        assert self.out is not None
        g = self.rules.pan.going_out
        lines = [("going out", g.chips)]
        if g.conditions_again:
            for m in self.melds[self.out]:
                for name, chips in conditions(m, self.rules):
                    lines.append((f"{name} again ({shown(m, self.rules)})", chips))
        return sum(ch for _, ch in lines), tuple(lines)
