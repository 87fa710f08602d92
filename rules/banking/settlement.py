"""Settling a round the California way: the player-dealer's bank pays and collects in action order until it
is exhausted; uncovered wagers come back; the collection is never refunded.

A family engine decides each wager (:class:`WagerResult`: win at a ratio, lose, push, or void) and puts the
wagers in the variant's order (:func:`rules.banking.action.order_wagers`); :func:`settle` applies the bank.
The bank is the player-dealer's wager on the table. The player-dealer never wins or loses more than it:
a losing wager is collected only while the bank's winnings stay within the bank, a winning one is paid only
from the money the bank holds at that moment, and once the bank holds nothing the rest of the wagers get no
action and go back ("The round ends when the PD bankroll is exhausted or every wager has received full
action", 000a §7). Everything is integer cents.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Protocol

from rules.banking.action import SettleMode
from rules.banking.errors import BankingError
from rules.banking.money import cents_of, money, pay
from rules.banking.wagers import Wager


class Collection(Protocol):
    """What the settlement records of the collection (``rules.fees.assess.Collection``; fees sit above
    banking, so banking names only what it reads)."""

    @property
    def total(self) -> int: ...

    def by_player(self) -> dict[str, int]: ...

    def describe(self) -> list[str]: ...


class Outcome(StrEnum):
    """A wager's result against the player-dealer."""

    WIN = "win"
    LOSE = "lose"
    PUSH = "push"
    VOID = "void"  # no action: dead hand, misdeal, over the maximum; the wager goes back


@dataclass(frozen=True)
class WagerResult:
    """What the engine decided for one wager. ``pays`` is the win ratio to 1 (a commission is a ratio below
    1, e.g. 19/20); ``lost`` the share of the stake lost (1/2 for a surrender)."""

    wager: Wager
    outcome: Outcome
    pays: Fraction = Fraction(1)
    lost: Fraction = Fraction(1)
    note: str = ""
    #: A fixed payout in cents owed to a button with no stake (the Envy Bonus): see :meth:`award`.
    award_cents: int | None = None

    def __post_init__(self) -> None:
        if self.pays < 0:
            raise BankingError(f"{self.wager.describe()}: pays {self.pays} is negative")
        if self.award_cents is not None and (self.outcome is not Outcome.WIN or self.award_cents < 0):
            raise BankingError(f"{self.wager.describe()}: an award is a win of zero or more cents")
        if not 0 <= self.lost <= 1:
            raise BankingError(f"{self.wager.describe()}: lost share {self.lost} is not between 0 and 1")

    @classmethod
    def win(cls, wager: Wager, pays: Fraction | int | str = 1, note: str = "") -> WagerResult:
        """A win paid ``pays`` to 1 (``3``, ``Fraction(3, 2)``, ``"3/2"``)."""
        return cls(wager, Outcome.WIN, Fraction(pays), note=note)

    @classmethod
    def award(cls, button: Wager, cents: int, note: str = "") -> WagerResult:
        """A fixed payout of ``cents`` owed to a button that has no stake (seed 004 L1555: the Envy Bonus pays
        a fixed amount for another player's hand). ``button``'s amount marks the button and is not a chip:
        nothing of it is collected or returned; the bank pays the award in its turn, as far as it holds."""
        return cls(button, Outcome.WIN, Fraction(0), note=note, award_cents=cents_of(cents, "award"))

    @classmethod
    def lose(cls, wager: Wager, lost: Fraction | int | str = 1, note: str = "") -> WagerResult:
        """A loss of the stake (or of the ``lost`` share of it)."""
        return cls(wager, Outcome.LOSE, lost=Fraction(lost), note=note)

    @classmethod
    def push(cls, wager: Wager, note: str = "") -> WagerResult:
        """A push: the wager goes back."""
        return cls(wager, Outcome.PUSH, note=note)

    @classmethod
    def void(cls, wager: Wager, note: str = "") -> WagerResult:
        """No action: the wager goes back."""
        return cls(wager, Outcome.VOID, note=note)

    @classmethod
    def decided(
        cls, wager: Wager, result: str, pays: Fraction | int | str = 1, note: str = ""
    ) -> WagerResult:
        """From a family's word for the result: ``win`` (at ``pays`` to 1), ``lose`` (the whole stake),
        ``push``, anything else no action (the wager goes back)."""
        if result == "win":
            return cls.win(wager, pays, note)
        if result == "lose":
            return cls.lose(wager, 1, note)
        if result == "push":
            return cls.push(wager, note)
        return cls.void(wager, note)


@dataclass(frozen=True)
class RoundResults:
    """A family's decision on a round, for the table's one settlement (:func:`settle_results`): every
    wager's result in the order the player-dealer settles them (who, spot, outcome, stake, payout, order),
    how (in order, or every loser collected first) and the action seat; or ``held``: why the round cannot
    be settled (a problem for the floor). The family never touches the bank."""

    results: tuple[WagerResult, ...] = ()
    mode: SettleMode = SettleMode.IN_ORDER
    action_seat: int | None = None
    held: str = ""

    @classmethod
    def hold(cls, why: str) -> RoundResults:
        """A round that cannot be settled, and why."""
        return cls(held=why)

    @property
    def stakes(self) -> int:
        """Every stake in the circles, in cents (an award's button is no stake)."""
        return sum(r.wager.amount for r in self.results if r.award_cents is None)

    @property
    def wagers(self) -> tuple[Wager, ...]:
        """The wagers with a stake (what the collection is assessed on)."""
        return tuple(r.wager for r in self.results if r.award_cents is None)


class Coverage(StrEnum):
    """How far the bank covered a wager."""

    FULL = "full"
    PARTIAL = "partial"  # part paid or collected, the rest returned
    NONE = "none"  # no action: the bank was exhausted, or had already won all it may


@dataclass(frozen=True)
class SettledWager:
    """One settlement line: what the bank paid or collected and what went back to the player(s)."""

    result: WagerResult
    paid: int  # from the bank to the wager, beyond its stake
    collected: int  # from the wager into the bank
    returned: int  # the stake (or the part of it) that goes back
    due: int  # what the wager was owed (win) or owed (loss) before coverage
    coverage: Coverage
    bank_after: int
    shares: tuple[tuple[str, int], ...]  # what each stake's player takes back from the circle

    @property
    def wager(self) -> Wager:
        """The wager settled."""
        return self.result.wager

    @property
    def receipt(self) -> int:
        """Everything that goes back to the wager's players: stake returned plus winnings."""
        return self.returned + self.paid

    def describe(self) -> str:
        """``seat 3 Pair Plus: paid $40.00`` / ``seat 5 Ante: $25.00 returned, bank exhausted``."""
        w = self.wager.describe()
        o = self.result.outcome
        pool = " (kum-kum, one bet)" if self.wager.pooled else ""
        if o is Outcome.PUSH:
            return f"{w}{pool}: push, {money(self.returned)} returned"
        if o is Outcome.VOID:
            why = f" ({self.result.note})" if self.result.note else ""
            return f"{w}{pool}: no action{why}, {money(self.returned)} returned"
        if self.result.award_cents is not None:
            why = f" ({self.result.note})" if self.result.note else ""
            if self.coverage is Coverage.FULL:
                return f"{w}{why}: paid {money(self.paid)}"
            return f"{w}{why}: paid {money(self.paid)} of {money(self.due)}, bank exhausted"
        if self.coverage is Coverage.NONE:
            if o is Outcome.LOSE and self.bank_after > 0:
                why = "the player-dealer has won all its bank may win"
            else:
                why = "bank exhausted"
            return f"{w}{pool}: {money(self.returned)} returned, {why}"
        if o is Outcome.WIN:
            if self.coverage is Coverage.PARTIAL:
                return f"{w}{pool}: paid {money(self.paid)} of {money(self.due)}, bank exhausted"
            return f"{w}{pool}: paid {money(self.paid)}"
        text = f"{w}{pool}: collected {money(self.collected)}"
        if self.coverage is Coverage.PARTIAL:
            text += f", {money(self.wager.amount - self.collected)} returned, bank's win capped at its bank"
        elif self.returned:
            text += f", {money(self.returned)} returned"
        return text


@dataclass(frozen=True)
class SeatTotal:
    """One seat's settlement: paid to it, collected from it, returned to it (stakes back), in cents."""

    paid: int = 0
    collected: int = 0
    returned: int = 0

    @property
    def receipt(self) -> int:
        """Chips pushed back to the seat: stakes returned plus winnings."""
        return self.returned + self.paid


@dataclass(frozen=True)
class Settlement:
    """A settled round: the bank before and after, every line in order, and the collection taken."""

    bank_before: int
    bank_after: int
    lines: tuple[SettledWager, ...]
    collection: Collection | None = None

    @property
    def player_dealer_result(self) -> int:
        """The player-dealer's win (positive) or loss (negative) on the wagers, fees apart."""
        return self.bank_after - self.bank_before

    @property
    def exhausted(self) -> bool:
        """Whether the bank ran out before every wager had full action."""
        return any(
            line.coverage is not Coverage.FULL and line.result.outcome in (Outcome.WIN, Outcome.LOSE)
            for line in self.lines
        )

    def by_seat(self) -> dict[int, SeatTotal]:
        """Per seat (square): what the bank paid to it, collected from it, and what went back to it."""
        out: dict[int, SeatTotal] = {}
        for line in self.lines:
            t = out.get(line.wager.seat, SeatTotal())
            out[line.wager.seat] = SeatTotal(
                t.paid + line.paid, t.collected + line.collected, t.returned + line.returned
            )
        return out

    def receipts(self) -> dict[str, int]:
        """What each player takes back from the betting circles (returned stakes plus winnings)."""
        out: dict[str, int] = {}
        for line in self.lines:
            for player, amount in line.shares:
                out[player] = out.get(player, 0) + amount
        return out

    def net(self) -> dict[str, int]:
        """Each player's result: receipts minus stakes minus the fees that player paid."""
        out = {p: r for p, r in self.receipts().items()}
        for line in self.lines:
            for st in line.wager.stakes:
                out[st.player] = out.get(st.player, 0) - st.amount
        if self.collection is not None:
            for p, fee in self.collection.by_player().items():
                out[p] = out.get(p, 0) - fee
        return out

    def describe(self) -> list[str]:
        """The whole settlement line by line: fees with their moment, wagers in order, the bank."""
        out: list[str] = []
        if self.collection is not None:
            out.extend(self.collection.describe())
        out.extend(line.describe() for line in self.lines)
        if self.collection is not None and self.collection.total and self.exhausted:
            out.append("collections stand: no refund when the bank runs short")
        sign = "+" if self.player_dealer_result >= 0 else ""
        out.append(
            f"bank: {money(self.bank_before)} -> {money(self.bank_after)} "
            f"({sign}{money(self.player_dealer_result)} to the player-dealer)"
        )
        return out


def _shares(wager: Wager, receipt: int) -> tuple[tuple[str, int], ...]:
    """Split a pooled wager's receipt in proportion to the stakes.

    choice: the filings pay a kum-kum bet as one bet and leave the split to the bettors ("at their own
    risk", 003 §2 rules 10-11); the terminal proposes a split in proportion to the stakes, cents rounded
    down, the odd cents to the first stake (the front position)."""
    if not wager.pooled:
        return ((wager.player, receipt),)
    total = wager.amount
    parts = [(st.player, receipt * st.amount // total) for st in wager.stakes]
    rest = receipt - sum(a for _, a in parts)
    first_player, first_amount = parts[0]
    parts[0] = (first_player, first_amount + rest)
    return tuple(parts)


def settle(
    bank: int,
    results: Sequence[WagerResult],
    mode: SettleMode = SettleMode.IN_ORDER,
    collection: Collection | None = None,
) -> Settlement:
    """Settle ``results`` (already in the variant's action order) against a bank of ``bank`` cents.

    ``collection`` (from :func:`rules.fees.assess`) is recorded with the settlement and never refunded,
    however short the bank runs (003 §7 rule 12: "no free collection button, refund or other conciliatory
    action").
    """
    cents_of(bank, "bank")
    seen: set[int] = set()
    for r in results:
        if id(r.wager) in seen:
            raise BankingError(f"{r.wager.describe()}: the same wager is settled twice")
        seen.add(id(r.wager))
    net = 0  # the player-dealer's result so far; always within [-bank, +bank]
    lines: dict[int, SettledWager] = {}

    def one(i: int, r: WagerResult) -> None:
        nonlocal net
        w = r.wager
        held = bank + net
        if r.outcome in (Outcome.PUSH, Outcome.VOID):
            lines[i] = SettledWager(r, 0, 0, w.amount, 0, Coverage.FULL, held, _shares(w, w.amount))
            return
        if r.award_cents is not None:  # a button: no stake to return, only the award to pay
            due = r.award_cents
            paid = min(due, held)
            cov = Coverage.FULL if paid == due else Coverage.NONE if paid == 0 else Coverage.PARTIAL
            net -= paid
            lines[i] = SettledWager(r, paid, 0, 0, due, cov, bank + net, _shares(w, paid))
            return
        if r.outcome is Outcome.WIN:
            due = pay(w.amount, r.pays)
            if held == 0 and due > 0:
                lines[i] = SettledWager(r, 0, 0, w.amount, due, Coverage.NONE, held, _shares(w, w.amount))
                return
            paid = min(due, held)
            net -= paid
            cov = Coverage.FULL if paid == due else Coverage.PARTIAL
            lines[i] = SettledWager(r, paid, 0, w.amount, due, cov, bank + net, _shares(w, w.amount + paid))
            return
        due = (w.amount * r.lost.numerator) // r.lost.denominator
        room = bank - net  # the bank may win at most its own size
        if (mode is SettleMode.IN_ORDER and held == 0) or room == 0:
            lines[i] = SettledWager(r, 0, 0, w.amount, due, Coverage.NONE, held, _shares(w, w.amount))
            return
        got = min(due, room)
        net += got
        cov = Coverage.FULL if got == due else Coverage.PARTIAL
        back = w.amount - got
        lines[i] = SettledWager(r, 0, got, back, due, cov, bank + net, _shares(w, back))

    if mode is SettleMode.IN_ORDER:
        for i, r in enumerate(results):
            one(i, r)
        ordered = [lines[i] for i in range(len(results))]
    else:
        # Losers first, in action order; then winners (and pushes, returned in place), in action order.
        losers = [i for i, r in enumerate(results) if r.outcome is Outcome.LOSE]
        others = [i for i, r in enumerate(results) if r.outcome is not Outcome.LOSE]
        for i in losers:
            one(i, results[i])
        for i in others:
            one(i, results[i])
        ordered = [lines[i] for i in losers + others]
    return Settlement(bank, bank + net, tuple(ordered), collection)


def settle_results(
    bank: int, round_results: RoundResults, collection: Collection | None = None
) -> Settlement:
    """The one settlement of a round: the family's results, already in order, against the player-dealer's
    bank of ``bank`` cents (``collection`` recorded with it). The fold, ``replay``, the journal and the
    screen all take a table's settlement from here."""
    if round_results.held:
        raise BankingError(round_results.held)
    return settle(bank, round_results.results, round_results.mode, collection)
