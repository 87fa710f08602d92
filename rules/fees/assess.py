"""Evaluating a posted schedule: which fee each payer owes this round, why, and when it is taken."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.banking.money import money
from rules.banking.wagers import Wager
from rules.fees.schedule import Charge, FeeScheduleError, Lookup, Payer, Per, Row, Schedule, Taken, slug


@dataclass(frozen=True)
class FeeLine:
    """One fee: who pays, on what, how much, why, and when it is taken."""

    payer: Payer
    amount: int
    reason: str
    taken: Taken
    player: str | None = None  # the paying player (None: the player-dealer or the pot)
    seat: int | None = None
    wager: str | None = None
    label: str = ""

    def describe(self) -> str:
        """``seat 3 Ante: collection $1.00 (total table action $11.00 in row $11.00-$50.00), before the deal``."""
        who = {
            Payer.PLAYER_DEALER: "player-dealer",
            Payer.POT: "pot",
            Payer.PLAYER: f"seat {self.seat} {self.wager}" if self.wager else f"player {self.player}",
        }[self.payer]
        kind = f"{self.label} fee" if self.label else "collection"
        return f"{who}: {kind} {money(self.amount)} ({self.reason}), {self.taken.words}"


@dataclass(frozen=True)
class Collection:
    """The fees of one round under one schedule."""

    schedule: Schedule
    lines: tuple[FeeLine, ...]

    @property
    def total(self) -> int:
        """Every fee together, in cents."""
        return sum(line.amount for line in self.lines)

    @property
    def player_dealer(self) -> int:
        """What the player-dealer pays."""
        return sum(line.amount for line in self.lines if line.payer is Payer.PLAYER_DEALER)

    @property
    def pot(self) -> int:
        """What is taken from the pot."""
        return sum(line.amount for line in self.lines if line.payer is Payer.POT)

    def by_player(self) -> dict[str, int]:
        """What each player pays (players only)."""
        out: dict[str, int] = {}
        for line in self.lines:
            if line.payer is Payer.PLAYER and line.player is not None:
                out[line.player] = out.get(line.player, 0) + line.amount
        return out

    def describe(self) -> list[str]:
        """One line per fee, for the console."""
        return [line.describe() for line in self.lines]


def matches(charge: Charge, wager: Wager) -> bool:
    """Whether ``wager`` counts for ``charge`` (by the wager's name or its kind; no list = every wager)."""
    if charge.wagers is None:
        return True
    return slug(wager.name) in charge.wagers or wager.kind.value in charge.wagers


def table_action(wagers: Sequence[Wager], charge: Charge | None = None) -> int:
    """Total table action: the wagers placed against the bank before the deal (those ``charge`` counts)."""
    return sum(w.amount for w in wagers if charge is None or _counts_for_action(charge, w))


def _counts_for_action(charge: Charge, w: Wager) -> bool:
    # A per-wager player fee looked up by table action charges base wagers, but the action is the table's.
    if charge.lookup is Lookup.TABLE_ACTION and charge.per is not Per.ROUND:
        return True
    return matches(charge, w)


def assess(
    schedule: Schedule,
    wagers: Sequence[Wager],
    *,
    players: int | None = None,
    flop_seen: bool = True,
    river_seen: bool = True,
    bank: int | None = None,
) -> Collection:
    """The collection of one round: every per-round, per-wager and per-spot charge of ``schedule``.

    ``wagers`` are the wagers in action against the bank (for poker, pass none); ``players`` is the number of
    players dealt in (pot charges); ``flop_seen`` is False when the hand ended before the schedule's collection
    point (the flop; Mexican Stud's second card); ``river_seen`` the same for fees taken after the river (a
    designated table fee); ``bank`` is the player-dealer's own wager, for fees filed by it.
    Time collections are :func:`time_collection`.
    """
    lines: list[FeeLine] = []
    for charge in schedule.charges:
        if charge.per is Per.PERIOD:
            continue
        # A hand that never saw the flop never saw the river either.
        after_river = (charge.taken or schedule.taken) is Taken.AFTER_RIVER
        reached = (river_seen and flop_seen) if after_river else flop_seen
        lines.extend(_assess_charge(schedule, charge, wagers, players, reached, bank))
    return Collection(schedule, tuple(lines))


def _why(charge: Charge, row: Row, value: int, below: bool, what: str) -> str:
    if charge.lookup is Lookup.NONE:
        return "flat fee"
    shown = f"{value} players" if charge.lookup is Lookup.PLAYERS else money(value)
    where = "below the first row, so the first row" if below else "row"
    text = f"{what} {shown}: {where} {row.label(charge.lookup)}"
    if row is charge.rows[-1] and row.high is not None and value > row.high:
        # choice: the filing printed a closed last row; amounts past it take the last row rather than nothing.
        text += " (above the last row printed, which applies)"
    return text


def _assess_charge(
    schedule: Schedule,
    charge: Charge,
    wagers: Sequence[Wager],
    players: int | None,
    flop_seen: bool,
    bank: int | None,
) -> list[FeeLine]:
    taken = charge.taken or schedule.taken
    if charge.payer is Payer.POT:
        if charge.lookup is Lookup.PLAYERS and players is None:
            raise FeeScheduleError(
                f"{schedule.room}.{schedule.game}", "a pot collection needs the number of players"
            )
        n = players or 0
        if not flop_seen and charge.no_flop is not None:
            if not charge.no_flop:
                return [
                    FeeLine(
                        Payer.POT,
                        0,
                        f"the hand ended before {taken.words.removeprefix('from the pot ')}: no collection",
                        taken,
                        label=charge.label,
                    )
                ]
            nf = Charge(charge.payer, Lookup.PLAYERS, charge.per, charge.no_flop)
            row, below = nf.row_for(n)
            return [
                FeeLine(
                    Payer.POT,
                    row.fee,
                    "no flop; " + _why(nf, row, n, below, "players"),
                    taken,
                    label=charge.label,
                )
            ]
        row, below = charge.row_for(n if charge.lookup is Lookup.PLAYERS else 0)
        return [
            FeeLine(Payer.POT, row.fee, _why(charge, row, n, below, "players"), taken, label=charge.label)
        ]

    counted = [w for w in wagers if matches(charge, w)]
    tta = table_action(wagers, charge)
    if charge.per is Per.ROUND:
        if charge.payer is Payer.PLAYER:
            raise FeeScheduleError(
                f"{schedule.room}.{schedule.game}", "a player's fee is per wager or per spot"
            )
        if not wagers:
            return []  # no action, no round to collect on
        if charge.lookup is Lookup.BANK:
            if bank is None:
                raise FeeScheduleError(
                    f"{schedule.room}.{schedule.game}", "this fee is looked up by the player-dealer's bank"
                )
            value, what = bank, "player-dealer's bank"
        else:
            value, what = (tta if charge.lookup is Lookup.TABLE_ACTION else 0), "total table action"
        row, below = charge.row_for(value)
        return [
            FeeLine(
                Payer.PLAYER_DEALER,
                row.fee,
                _why(charge, row, value, below, what),
                taken,
                label=charge.label,
            )
        ]

    out: list[FeeLine] = []
    if charge.per is Per.SECTION:
        if charge.payer is not Payer.PLAYER_DEALER:
            raise FeeScheduleError(
                f"{schedule.room}.{schedule.game}", "a per-section fee is the player-dealer's"
            )
        sections: dict[str, int] = {}
        for w in counted:
            sections[w.name] = sections.get(w.name, 0) + w.amount
        for name, total in sections.items():
            value = total if charge.lookup is not Lookup.NONE else 0
            row, below = charge.row_for(value)
            reason = _why(charge, row, total, below, f"{name} section action")
            out.append(FeeLine(Payer.PLAYER_DEALER, row.fee, reason, taken, wager=name, label=charge.label))
        return out
    if charge.per is Per.PLAYER:
        if charge.payer is not Payer.PLAYER:
            raise FeeScheduleError(f"{schedule.room}.{schedule.game}", "a per-player fee is paid by players")
        totals: dict[str, tuple[int, Wager]] = {}
        for w in counted:
            total, first = totals.get(w.player, (0, w))
            totals[w.player] = (total + w.amount, first)
        for player, (total, first) in totals.items():
            if charge.lookup is Lookup.TABLE_ACTION:
                value, what = tta, "total table action"
            elif charge.lookup is Lookup.WAGER:
                value, what = total, "player's total wager"
            else:
                value, what = 0, ""
            row, below = charge.row_for(value)
            out.append(
                FeeLine(
                    Payer.PLAYER,
                    row.fee,
                    _why(charge, row, value, below, what) + "; per player",
                    taken,
                    player=player,
                    seat=first.seat,
                    label=charge.label,
                )
            )
        return out
    if charge.per is Per.SPOT:
        seen: dict[tuple[int, int], Wager] = {}
        for w in counted:
            seen.setdefault(w.spot, w)
        items = list(seen.values())
    else:
        items = counted
    for w in items:
        if charge.lookup is Lookup.TABLE_ACTION:
            value, what = tta, "total table action"
        elif charge.lookup is Lookup.WAGER:
            value, what = w.amount, "wager"
        else:
            value, what = 0, ""
        row, below = charge.row_for(value)
        reason = _why(charge, row, value, below, what)
        if charge.per is Per.SPOT:
            reason += f"; per betting spot (seat {w.seat})"
        if charge.payer is Payer.PLAYER_DEALER:
            out.append(
                FeeLine(
                    Payer.PLAYER_DEALER, row.fee, reason, taken, seat=w.seat, wager=w.name, label=charge.label
                )
            )
        else:
            out.append(
                FeeLine(
                    Payer.PLAYER,
                    row.fee,
                    reason,
                    taken,
                    player=w.player,
                    seat=w.seat,
                    wager=w.name,
                    label=charge.label,
                )
            )
    return out


def posted_rates(schedule: Schedule) -> list[str]:
    """The schedule as it is posted at the table, one line per rate."""
    out = []
    who = {Payer.PLAYER_DEALER: "Player/Dealer", Payer.PLAYER: "Player", Payer.POT: "Pot"}
    for c in schedule.charges:
        per = {
            Per.ROUND: "per round",
            Per.WAGER: "per wager",
            Per.SPOT: "per betting spot",
            Per.SECTION: "per section",
            Per.PLAYER: "per player",
            Per.PERIOD: "per period",
        }[c.per]
        names = "" if c.wagers is None else f" ({', '.join(sorted(c.wagers))})"
        label = f" {c.label}" if c.label else ""
        for r in c.rows:
            out.append(f"{who[c.payer]}{label}{names} {per}: {r.label(c.lookup)} -> {money(r.fee)}")
        if c.no_flop is not None:
            if c.no_flop:
                for r in c.no_flop:
                    out.append(f"{who[c.payer]}{label} no flop: {r.label(Lookup.PLAYERS)} -> {money(r.fee)}")
            else:
                out.append(f"{who[c.payer]}{label} no flop: no collection")
    return out


def time_collection(
    schedule: Schedule,
    players: Sequence[str],
    *,
    joined_minute: dict[str, int] | None = None,
) -> Collection:
    """One period's time collection from each player in ``players``.

    Rows looked up by players use ``len(players)``. With ``half_after_minutes`` (per 40-minute down, 000b
    §1.12) a player who joined at or after that minute of the down pays half; ``joined_minute`` maps a
    player to the minute of the period they sat down (absent: there from the start).
    choice: "after the 20-minute mark" is read as minute 20 or later; half of an odd number of cents is
    rounded down (the house never takes more than the posted rate).
    """
    lines: list[FeeLine] = []
    joined = joined_minute or {}
    n = len(players)
    for charge in schedule.charges:
        if charge.per is not Per.PERIOD:
            continue
        row, below = charge.row_for(n if charge.lookup is Lookup.PLAYERS else 0)
        why = _why(charge, row, n, below, "players")
        for p in players:
            fee = row.fee
            reason = f"{why}; per {charge.period_minutes} minutes"
            m = joined.get(p, 0)
            if charge.half_after_minutes is not None and m >= charge.half_after_minutes:
                fee //= 2
                reason += f"; joined at minute {m}, half fee"
            if charge.payer is Payer.POT:
                lines.append(FeeLine(Payer.POT, fee, reason, schedule.taken, player=p, label=charge.label))
            else:
                lines.append(FeeLine(Payer.PLAYER, fee, reason, schedule.taken, player=p, label=charge.label))
    return Collection(schedule, tuple(lines))
