"""The player-dealer rotation, as a pure state machine.

California law lets a player bank a game only if the bank rotates (Oliver v. County of Los Angeles (1998)
66 Cal.App.4th 1397, 1408-09; Penal Code §330.11): the bank is offered seat by seat, in the direction the
room files for the game (:class:`RotationRules` ``offer_direction``: clockwise where a filing says nothing,
as The 101 offers it in every California game, seed 000 L54 and L1116; counterclockwise at Capitol's
Pai Gow Tiles, "starting at seat #1 ... counterclockwise every two hands", seed 003 L527); one player
banks at most two consecutive rounds (the 1/2 "deal" tile shows which); at each seat the seated player is
asked first, then those who bet on that square the round before, in the order of the circles they bet in
(000a §3); if no intervening player accepts, the game is closed (the open/closed disk), pauses, and reopens
as a new game (000a §7). Third-party proposition players bank under the same rule. At Capitol, "if no wager
was placed on the prior hand, no one will be Player/Dealer at that seat" (003 §2 rule 27).

Every step is a method returning a new :class:`Rotation`; a step the state does not allow is a
:class:`RotationError`. Inputs are explicit: the offer list, accept, decline, pass, a round played, reopen.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from rules.banking.action import Direction
from rules.banking.errors import DataError, RotationError

BANK_ROTATION_DUE = "BANK_ROTATION_DUE"

_CITE = "000a §3 and §7 (Oliver v. County of Los Angeles; Penal Code 330.11)"


class Phase(StrEnum):
    """Where the rotation stands."""

    NO_BANK = "no_bank"  # nobody banks: offer the bank before the next round
    OFFERING = "offering"  # the bank is offered to one candidate, who accepts or declines
    BANKING = "banking"  # a player-dealer holds the bank
    CLOSED = "closed"  # no intervening player accepted: the game is closed, pauses, then reopens


@dataclass(frozen=True)
class Candidate:
    """A player the bank is offered to, at a seat (the square the bank would be played from)."""

    seat: int
    player: str
    proposition_player: bool = False  # a third-party proposition player (TPPPS), same rotation rule


@dataclass(frozen=True)
class RotationRules:
    """A variant's or room's rotation settings, as data."""

    max_consecutive: int = 2
    require_prior_wager: bool = False  # 003 §2 rule 27 (Capitol)
    offer_to_square_bettors: bool = True  # 000a §3: then whoever bet on that square last round
    cite: str = _CITE
    #: Which way the bank goes on, seats being numbered clockwise from the house dealer's left; the offer
    #: with nobody banking yet starts at the first seat either way (Capitol, seed 003 L527: "determined by
    #: starting at seat #1"; The 101, seed 000 L1415: "start in seat one").
    offer_direction: Direction = Direction.CLOCKWISE

    @classmethod
    def from_data(cls, data: object, where: str = "rotation") -> RotationRules:
        """From ``{max_consecutive?, require_prior_wager?, offer_to_square_bettors?, offer_direction?,
        cite?}`` (``offer_direction``: ``clockwise`` or ``counterclockwise``; clockwise when absent)."""
        if not isinstance(data, Mapping):
            raise DataError(where, "expected a mapping")
        for k in data:
            if k not in _KEYS:
                raise DataError(f"{where}.{k}", "unknown key")
        mc = data.get("max_consecutive", 2)
        if isinstance(mc, bool) or not isinstance(mc, int) or mc < 1:
            raise DataError(f"{where}.max_consecutive", "must be a whole number, 1 or more")
        flags = {}
        for k, default in (("require_prior_wager", False), ("offer_to_square_bettors", True)):
            v = data.get(k, default)
            if not isinstance(v, bool):
                raise DataError(f"{where}.{k}", "must be true or false")
            flags[k] = v
        way = data.get("offer_direction", Direction.CLOCKWISE.value)
        if way not in {d.value for d in Direction}:
            raise DataError(f"{where}.offer_direction", "must be clockwise or counterclockwise")
        return cls(
            mc,
            flags["require_prior_wager"],
            flags["offer_to_square_bettors"],
            _cite_line(data.get("cite", _CITE)),
            Direction(way),
        )


def _cite_line(cite: object) -> str:
    """A ``cite:`` as one line: the words, or a block's ``seed, section, lines, note`` (never its repr)."""
    if isinstance(cite, Mapping):
        return ", ".join(str(cite[k]) for k in ("seed", "section", "lines", "note") if cite.get(k))
    return str(cite)


_KEYS = frozenset(
    {"max_consecutive", "require_prior_wager", "offer_to_square_bettors", "offer_direction", "cite"}
)


def offer_ring(seats: Sequence[int], direction: Direction = Direction.CLOCKWISE) -> list[int]:
    """The seats in the order the bank goes round: from the first seat, in ``direction`` (``seats`` are
    numbered clockwise; counterclockwise from seat 1 of eight is 1, 8, 7, ... 2)."""
    order = list(seats)
    if direction is Direction.COUNTERCLOCKWISE:
        order = order[:1] + order[:0:-1]
    return order


def offer_order(
    seats: Sequence[int],
    after_seat: int | None,
    seated: Mapping[int, str],
    prior_bettors: Mapping[int, Sequence[str]],
    rules: RotationRules = RotationRules(),
    *,
    exclude: Iterable[str] = (),
    proposition_players: Iterable[str] = (),
) -> tuple[Candidate, ...]:
    """Who is asked, in order: seat by seat in ``rules.offer_direction`` after ``after_seat`` (the last
    player-dealer's seat, which comes last; None: from the first seat), at each seat the seated player, then
    that square's bettors of the prior round in the order of the circles they bet in. A player asked once is
    not asked again at a later seat.

    ``seats`` are numbered clockwise; ``seated`` maps seat -> seated player; ``prior_bettors`` maps seat -> players who
    bet on that square last round (in circle order); ``exclude``: players who may not take the bank now (the
    player-dealer who has just banked the maximum).
    """
    if after_seat is not None and after_seat not in seats:
        raise RotationError(f"seat {after_seat} is not at this table")
    order = offer_ring(seats, rules.offer_direction)
    if after_seat is not None:
        i = order.index(after_seat)
        order = order[i + 1 :] + order[: i + 1]
    barred = set(exclude)
    tppp = set(proposition_players)
    asked: set[str] = set()
    out: list[Candidate] = []
    for seat in order:
        bettors = list(prior_bettors.get(seat, ()))
        if rules.require_prior_wager and not bettors:
            continue  # "If no wager was placed on the prior hand, no one will be Player/Dealer at that seat."
        names = [seated[seat]] if seat in seated else []
        if rules.offer_to_square_bettors:
            names += bettors
        for name in names:
            if name in barred or name in asked:
                continue
            asked.add(name)
            out.append(Candidate(seat, name, name in tppp))
    return tuple(out)


@dataclass(frozen=True)
class Banker:
    """The player-dealer: who, at which seat, and how many consecutive rounds banked so far."""

    player: str
    seat: int
    rounds: int = 0
    proposition_player: bool = False


@dataclass(frozen=True)
class BankRotationDue:
    """The BANK_ROTATION_DUE condition: the player-dealer has banked the maximum; offer the bank on."""

    player: str
    seat: int
    rounds: int
    code: str = BANK_ROTATION_DUE
    cite: str = _CITE
    severity: str = "warning"
    direction: Direction = Direction.CLOCKWISE

    @property
    def remedy(self) -> str:
        """What the dealer does: offer the bank on, in the game's direction."""
        return (
            f"offer the bank {self.direction.value}: the next seated player first, then the players who bet "
            "on that square; if nobody intervenes, close the game, pause, and reopen"
        )

    def describe(self) -> str:
        """One line for the dealer."""
        return (
            f"{self.code}: {self.player} (seat {self.seat}) has banked {self.rounds} consecutive rounds; "
            f"offer the bank {self.direction.value}"
        )


@dataclass(frozen=True)
class Rotation:
    """The rotation state. Start with ``Rotation()`` and feed it steps."""

    rules: RotationRules = RotationRules()
    phase: Phase = Phase.NO_BANK
    banker: Banker | None = None
    pending: tuple[Candidate, ...] = ()
    previous: str | None = None  # the last player-dealer; needs an intervening one before banking again
    previous_seat: int | None = None
    closures: int = 0

    # --- what the console shows -------------------------------------------------------------------------

    @property
    def game_open(self) -> bool:
        """The open/closed disk."""
        return self.phase is not Phase.CLOSED

    @property
    def deal_tile(self) -> int | None:
        """The 1/2 tile: which of its consecutive rounds the player-dealer is dealing (None: nobody banks)."""
        if self.banker is None:
            return None
        return min(self.banker.rounds + 1, self.rules.max_consecutive)

    @property
    def asked(self) -> Candidate | None:
        """The candidate the bank is offered to now."""
        return self.pending[0] if self.phase is Phase.OFFERING else None

    @property
    def due(self) -> BankRotationDue | None:
        """BANK_ROTATION_DUE when the player-dealer has banked the maximum number of consecutive rounds."""
        b = self.banker
        if b is not None and b.rounds >= self.rules.max_consecutive:
            return BankRotationDue(
                b.player, b.seat, b.rounds, cite=self.rules.cite, direction=self.rules.offer_direction
            )
        return None

    @property
    def can_play(self) -> bool:
        """Whether a round may be dealt: a player-dealer banks and has not banked the maximum."""
        return self.phase is Phase.BANKING and self.due is None

    # --- steps --------------------------------------------------------------------------------------------

    def offer(self, candidates: Sequence[Candidate]) -> Rotation:
        """Offer the bank to ``candidates`` in order (see :func:`offer_order`). Allowed when nobody banks, or
        when the player-dealer's turn is up (then the player-dealer steps down first). The player-dealer who
        just banked cannot be offered it again: an intervening player is required. With nobody left to ask,
        the game closes."""
        state = self
        if self.phase is Phase.BANKING:
            if self.due is None:
                raise RotationError("the player-dealer has not finished its turn; pass the bank first")
            state = self._step_down()
        elif self.phase is not Phase.NO_BANK:
            raise RotationError(f"cannot offer the bank while {self.phase.value}")
        pending = tuple(c for c in candidates if c.player != state.previous)
        if not pending:
            return state._close()
        return replace(state, phase=Phase.OFFERING, pending=pending)

    def offer_next(
        self,
        seats: Sequence[int],
        seated: Mapping[int, str],
        prior_bettors: Mapping[int, Sequence[str]],
        proposition_players: Iterable[str] = (),
    ) -> Rotation:
        """Offer the bank on from where it last was: :func:`offer_order` after the current (or last)
        player-dealer's seat, that player left out, then :meth:`offer`."""
        b = self.banker
        after = b.seat if b is not None else self.previous_seat
        barred = [b.player] if b is not None else ([self.previous] if self.previous else [])
        candidates = offer_order(
            seats,
            after,
            seated,
            prior_bettors,
            self.rules,
            exclude=barred,
            proposition_players=proposition_players,
        )
        return self.offer(candidates)

    def accept(self) -> Rotation:
        """The asked candidate takes the bank: deal 1."""
        if self.phase is not Phase.OFFERING:
            raise RotationError("nobody has been offered the bank")
        c = self.pending[0]
        return replace(
            self, phase=Phase.BANKING, banker=Banker(c.player, c.seat, 0, c.proposition_player), pending=()
        )

    def decline(self) -> Rotation:
        """The asked candidate passes; the next is asked, and with nobody left the game closes."""
        if self.phase is not Phase.OFFERING:
            raise RotationError("nobody has been offered the bank")
        rest = self.pending[1:]
        if not rest:
            return replace(self, pending=())._close()
        return replace(self, pending=rest)

    def round_played(self) -> Rotation:
        """A round was dealt and settled with this player-dealer; the tile turns to 2, then rotation is due."""
        if self.phase is not Phase.BANKING or self.banker is None:
            raise RotationError("no player-dealer banks: the house never banks, so no round can be played")
        if self.due is not None:
            raise RotationError(self.due.describe())
        return replace(self, banker=replace(self.banker, rounds=self.banker.rounds + 1))

    def pass_bank(self) -> Rotation:
        """The player-dealer gives up the bank (after one round, or before dealing); offer it on next."""
        if self.phase is not Phase.BANKING:
            raise RotationError("nobody banks")
        return self._step_down()

    def reopen(self) -> Rotation:
        """After the pause, the closed game reopens as a new game: anyone may bank, the last player-dealer too."""
        if self.phase is not Phase.CLOSED:
            raise RotationError("the game is not closed")
        return replace(self, phase=Phase.NO_BANK, previous=None)

    def _step_down(self) -> Rotation:
        b = self.banker
        assert b is not None
        return replace(self, phase=Phase.NO_BANK, banker=None, previous=b.player, previous_seat=b.seat)

    def _close(self) -> Rotation:
        return replace(self, phase=Phase.CLOSED, banker=None, pending=(), closures=self.closures + 1)
