"""Table rules the round engine checks when a round starts: the variant's wager limits and the
player-dealer rotation.

Both are data. ``wager_limits:`` in a game file (:class:`rules.banking.wagers.VariantLimits`) with the
table's posted limits (put into the game's data under :data:`rules.banking.wagers.TABLE_LIMITS` by the
terminal or a scenario's ``table: {limits: …}``) say which wagers of a ``round_start`` get action: a
wager over the maximum gets none and goes back (Capitol rule 7, seed 003 L41), or only its excess does
(``over_maximum: excess``); a wager under the minimum that is acted on gets action this once (rule 6, L40)
unless the variant says ``below_minimum: refuse``; a side bet over its cap or without its game wager goes
back; where ``wager_limits.backline`` is false, a wager marked ``backline`` goes back (3 Card Texas Hold'em,
seed 000 L193), or where it lists wagers, a backline wager on any other (Tres Lounge Fortune Pai Gow, seed 002
L378: the base game wager only): a WAGER_NOT_ACCEPTED finding with ``where: backline`` for the variant's
ruling.
``rotation: {max_consecutive: N, cite}`` makes a round banked by the same player-dealer for more than
N consecutive rounds BANK_ROTATION_DUE (Cash-In Baccarat, seed 000 L5405: two consecutive rounds). A block
that files only the bank's ``offer_direction`` (the table's rotation, ``rules.banking.rotation``) counts
nothing here.

Each refusal is a :class:`~rules.round.rulings.Finding`; the variant's ``irregularities:`` table gives it a
ruling and a cite like any other.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rules.banking.backline import bettor, is_backline
from rules.banking.errors import DataError
from rules.banking.money import money
from rules.banking.rotation import RotationRules
from rules.banking.wagers import (
    TABLE_LIMITS,
    Checked,
    SpotLimit,
    VariantLimits,
    Verdict,
    WagerKind,
    check_wagers,
)
from rules.banking.wagers import Wager as BankWager
from rules.decks import DeckRange
from rules.round.alerts import Alert, AlertCode, Role
from rules.round.events import Correction, RoundStart, Wager
from rules.round.procedure import ProcedureError
from rules.round.rulings import Finding, RulingTable

if TYPE_CHECKING:
    from rules.round.game import GameRules
    from rules.round.state import RoundState

_CODE = {
    Verdict.OVER_MAXIMUM: AlertCode.WAGER_OVER_MAXIMUM,
    Verdict.SEAT_OVER_MAXIMUM: AlertCode.WAGER_OVER_MAXIMUM,
    Verdict.BELOW_MINIMUM: AlertCode.WAGER_UNDER_MINIMUM,
    Verdict.BELOW_MINIMUM_ACTED_ON: AlertCode.WAGER_UNDER_MINIMUM,
    Verdict.BONUS_OVER_BASE: AlertCode.SIDE_BET_OVER_WAGER,
    Verdict.BONUS_WITHOUT_BASE: AlertCode.SIDE_BET_WITHOUT_WAGER,
    Verdict.NOT_FIXED_AMOUNT: AlertCode.WAGER_NOT_ACCEPTED,
    Verdict.NOT_AN_INCREMENT: AlertCode.WAGER_NOT_ACCEPTED,
    Verdict.BACKLINE_NOT_ALLOWED: AlertCode.WAGER_NOT_ACCEPTED,
}


def variant_limits(data: Mapping[str, Any]) -> VariantLimits:
    """The game file's ``wager_limits:`` (empty when it has none); a bad block is a ProcedureError."""
    try:
        return VariantLimits.from_data(data.get("wager_limits"))
    except DataError as exc:
        raise ProcedureError(tuple(exc.field.split(".")), exc.reason) from None


def table_limits(data: Mapping[str, Any]) -> tuple[int | None, int | None]:
    """The table's posted minimum and maximum in cents, where the terminal or a scenario posted them."""
    posted = data.get(TABLE_LIMITS)
    if not isinstance(posted, Mapping):
        return None, None
    return posted.get("min_cents"), posted.get("max_cents")


def check_round_start(
    data: Mapping[str, Any], start: RoundStart, extra: Mapping[str, SpotLimit] | None = None
) -> tuple[RoundStart, tuple[Wager, ...], list[Finding]]:
    """The round start with only the wagers that get action, the wagers (or parts) that go back, and a
    finding for each wager the limits touch. ``extra``: the family's per-spot limits of its bonus bets
    (``Family.spot_limits``: Pai Gow's Fortune Bonus $1 to $20 in $1 steps, seed 004 L1507-1509; bonuses
    that need a main wager), the same the wager panel checks. A variant with no ``wager_limits:``, no
    posted table limits and no such spot limits checks nothing."""
    needs = _required_with(data)
    if "wager_limits" not in data and TABLE_LIMITS not in data and not extra and not needs:
        return start, (), []
    vl = variant_limits(data)
    if extra:
        vl = replace(vl, side_bets=vl.side_bets | frozenset(extra))
    lo, hi = table_limits(data)
    limits = vl.with_table(lo, hi, extra)
    kept: list[Wager] = [w for w in start.wagers if w.cents == 0]
    back: list[Wager] = []
    found: list[Finding] = []
    offered = [w for w in start.wagers if w.cents > 0]
    if not vl.backline or vl.backline_bets:
        for w in offered:
            if w.backline and not vl.takes_backline(w.spot):
                back.append(w)
                found.append(
                    Finding(
                        AlertCode.WAGER_NOT_ACCEPTED,
                        f"seat {w.seat} {w.spot} {money(w.cents)} behind the seat: this game takes no backline"
                        f" {'wagers' if not vl.backline else w.spot + ' wager'} (the wager goes back)",
                        seat=w.seat,
                        where="backline",
                    )
                )
        offered = [w for w in offered if not (w.backline and not vl.takes_backline(w.spot))]
    bank = [
        BankWager.single(
            w.seat,
            w.spot,
            bettor(w.seat, w.backline),  # a backline bettor's wager keeps its mark (rules.banking.backline)
            w.cents,
            WagerKind.BONUS if w.spot in vl.side_bets else WagerKind.BASE,
        )
        for w in offered
    ]
    # Once the round starts the wagers are acted on (cards go out to them): rule 6's "acted on".
    acted = bank if vl.below_minimum == "action_once" else []
    if vl.bets:
        for w in offered:
            if w.spot not in vl.bets:
                back.append(w)
                found.append(
                    Finding(
                        AlertCode.WAGER_NOT_ACCEPTED,
                        f"seat {w.seat} {w.spot} {money(w.cents)}: this game takes only {', '.join(vl.bets)}"
                        " (the wager goes back)",
                        seat=w.seat,
                    )
                )
        bank = [b for b in bank if b.name in vl.bets]
    if needs:
        bet = {(w.seat, w.spot) for w in offered}
        for w in offered:
            want = needs.get(w.spot)
            if want and not any((w.seat, r) in bet for r in want):
                back.append(w)
                found.append(
                    Finding(
                        AlertCode.SIDE_BET_WITHOUT_WAGER,
                        f"seat {w.seat} {w.spot} {money(w.cents)}: needs a wager on {' or '.join(want)} beside it"
                        " (the wager goes back)",
                        seat=w.seat,
                    )
                )
        bank = [b for b in bank if (b.seat, b.name) not in {(w.seat, w.spot) for w in back}]
    for c in check_wagers(limits, bank, acted_on=acted):
        w = Wager(c.wager.seat, c.wager.amount, c.wager.name, is_backline(c.wager.player))
        if c.in_action:
            kept.append(replace(w, cents=c.in_action))
        if c.returned:
            back.append(replace(w, cents=c.returned))
        if c.verdict is not Verdict.ACTION:
            found.append(_finding(c))
    return replace(start, wagers=tuple(kept)), tuple(back), found


def _required_with(data: Mapping[str, Any]) -> dict[str, tuple[str, ...]]:
    """The game file's ``wagers[].requires``: a bet taken only with one of these wagers on the same seat
    (Commission-Free Dragon Bonus, seed 003 L1282; EZ Panda 8's Dragon 7 and Panda 8)."""
    out: dict[str, tuple[str, ...]] = {}
    for w in data.get("wagers") or []:
        if isinstance(w, Mapping) and w.get("requires") and w.get("key"):
            out[str(w["key"])] = tuple(str(r) for r in w["requires"])
    return out


def _finding(c: Checked) -> Finding:
    w = c.wager
    what = f"seat {w.seat} {w.name} {money(w.amount)}: {c.reason}"
    if c.returned and c.in_action:
        what += f" ({money(c.returned)} goes back)"
    elif c.returned:
        what += " (the wager goes back)"
    return Finding(_CODE[c.verdict], what, seat=w.seat)


def rotation_rules(data: Mapping[str, Any]) -> RotationRules | None:
    """The game file's ``rotation:``, or its ``banking.rotation`` (the blackjack and Three Card files keep it
    with the bank's other rules, e.g. Pure 21.5 at Capitol, seed 003 L781: no one holds the position more
    than two consecutive hands); None when the variant files none."""
    raw, key = _rotation_block(data)
    if raw is None:
        return None
    try:
        return RotationRules.from_data(raw)
    except DataError as exc:
        raise ProcedureError((*key, *exc.field.split(".")[1:]), exc.reason) from None


def _rotation_block(data: Mapping[str, Any]) -> tuple[Any, tuple[str, ...]]:
    """The game file's ``rotation:`` or ``banking.rotation`` as written (None: neither), and its key."""
    raw = data.get("rotation")
    banking = data.get("banking")
    if raw is None and isinstance(banking, Mapping):
        return banking.get("rotation"), ("banking", "rotation")
    return raw, ("rotation",)


def banked_after(banked: tuple[int, int], start: RoundStart) -> tuple[int, int]:
    """``(seat, consecutive rounds)`` of the player-dealer once ``start`` begins; ``(0, 0)``: no bank."""
    pd = start.player_dealer
    if pd is None:
        return (0, 0)
    return (pd, banked[1] + 1 if banked[0] == pd else 1)


def rotation_finding(data: Mapping[str, Any], banked: tuple[int, int]) -> Finding | None:
    """BANK_ROTATION_DUE when the player-dealer now banks more consecutive rounds than the variant allows."""
    rules = rotation_rules(data)
    raw, _ = _rotation_block(data)
    filed = isinstance(raw, Mapping) and "max_consecutive" in raw  # not a block of the direction alone
    if rules is None or not filed or banked[0] == 0 or banked[1] <= rules.max_consecutive:
        return None
    return Finding(
        AlertCode.BANK_ROTATION_DUE,
        f"seat {banked[0]} banks a round {banked[1]} times in a row; the filing allows {rules.max_consecutive}",
        seat=banked[0],
    )


def button_finding(due: int | None, start: RoundStart) -> Finding | None:
    """BUTTON_OUT_OF_TURN when ``start`` names a dealer button other than ``due``, the seat the filing moves
    it to after the last hand (``Family.next_button``; None: nothing to check, as at a new game)."""
    if due is None or start.button is None or start.button == due:
        return None
    return Finding(
        AlertCode.BUTTON_OUT_OF_TURN,
        f"the dealer button is at seat {start.button}; after the last hand it moves clockwise to seat {due}",
        seat=start.button,
    )


def decks_finding(game: GameRules, filed: DeckRange | None) -> Finding | None:
    """DECKS_NOT_FILED when the table deals ``game`` from a number of decks outside the range its filing
    allows (``Family.filed_decks``): the message names the game, the range and the filing's lines."""
    if filed is None:
        return None
    name = str(game.data.get("name") or game.id)
    room = game.data.get("room")
    why = filed.refusal(f"{name} ({room})" if room else name, game.deck.decks)
    return None if why is None else Finding(AlertCode.DECKS_NOT_FILED, why)


def late_floor_decision(state: RoundState, event: Correction) -> Finding | None:
    """LATE_FLOOR_DECISION: the floor corrects an event of a hand before the one now in play, where the
    variant files that no decision may be rendered once the next hand has commenced (Capitol rule 3, seed 003
    L37: an ``irregularities:`` entry for the code). Other variants only note the refused correction."""
    if event.role is not Role.FLOOR or state.start is None or not state.segment:
        return None
    if event.of >= state.segment[0][0]:
        return None
    if not any(AlertCode.LATE_FLOOR_DECISION in e.when.codes for e in state.game.rulings.entries):
        return None
    return Finding(
        AlertCode.LATE_FLOOR_DECISION,
        f"the floor's correction of event {event.of} is of a hand before this one; the next hand has started",
    )


_AMOUNT = r"\$\s*(\d+(?:,\d{3})*(?:\.\d\d?)?|\.\d\d?)"
_PAIR = _AMOUNT + r"\s*[-–/]\s*" + _AMOUNT


def _cents_of(text: str) -> int:
    whole, _, frac = text.replace(",", "").partition(".")
    return int(whole or 0) * 100 + (int(frac.ljust(2, "0")) if frac else 0)


def option_limits(text: str) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The table limits a fee option is filed for, in cents, as (minimum range, maximum range): ``"$3-$6
    (blinds $1-$3)"`` -> ``((300, 300), (600, 600))``; ``"minimum $5-$25, maximum $100-$2,000"`` -> ``((500,
    2500), (10000, 200000))``; None where it names no limits."""
    lo = re.search(r"minimum\s*" + _PAIR, text)
    hi = re.search(r"maximum\s*" + _PAIR, text)
    if lo is not None and hi is not None:
        return (_cents_of(lo.group(1)), _cents_of(lo.group(2))), (
            _cents_of(hi.group(1)),
            _cents_of(hi.group(2)),
        )
    m = re.search(_PAIR, text)
    if m is None:
        return None
    a, b = _cents_of(m.group(1)), _cents_of(m.group(2))
    return (a, a), (b, b)


def posted_limits_problem(option_text: str, min_cents: int, max_cents: int) -> str | None:
    """Why a posted collection option does not fit the table's limits, or None: a room files one schedule
    option per table limit ("Only one collection schedule option, which utilizes one table limit and the
    specified collection fees for that table limit … shall be used at a gaming table", seed 000 L5397), so
    a $3-$6 option on a $2/$4 table collects another limit's fees."""
    filed = option_limits(option_text)
    if filed is None:
        return None
    (lo_a, lo_b), (hi_a, hi_b) = filed
    if lo_a <= min_cents <= lo_b and hi_a <= max_cents <= hi_b:
        return None
    return (
        f"the posted option is filed for {option_text!r}, but the table's limits are "
        f"{money(min_cents)}-{money(max_cents)}"
    )


def late_wager_ruling(rulings: RulingTable, message: str, seat: int | None) -> Alert | None:
    """The variant's ruling on a wager placed or changed after betting closed (BETS_AFTER_CLOSE), where its
    ``irregularities:`` table has an entry for it (Capitol rules 23 and 25, Supreme rule 2, Commission-Free
    rule 5); None where the filing has none (the wager panel keeps the layout as it was)."""
    if not any(AlertCode.BETS_AFTER_CLOSE in e.when.codes for e in rulings.entries):
        return None
    return rulings.rule(
        Finding(AlertCode.BETS_AFTER_CLOSE, message, seat=seat), {AlertCode.BETS_AFTER_CLOSE: 1}
    )
