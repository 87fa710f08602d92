"""A Pai Gow Tiles round at the table, pure: the dice, the eight sets, the tiles, setting, comparison and
settlement through the banking engine with the room's collection (docs/paigow-tiles.md, "The round").

The room's procedure is data, the game file's ``round:`` block (:class:`RoundRules`): how many positions,
how the three dice are counted to the first set (from the player-dealer as 1, counter-clockwise, seed 002
L722, seed 003 L527), who gets the Action button when the dice land on the player-dealer (L723, L527), the
direction the sets are dealt, the settlement order, and the irregularities with their rulings — where a
room is silent the ruling is CALL_FLOOR.

:class:`TilesRound` is the round's state: :meth:`~TilesRound.roll` (three dice), :meth:`~TilesRound.place`
(four tiles read for a position, from the dealer's tile picker or the tile reader: the same call),
:meth:`~TilesRound.set_hand` (the high and low hands, or the House Way), :meth:`~TilesRound.results` and
:meth:`~TilesRound.settle`. Every departure from the procedure is a :class:`Finding` with the room's ruling.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from rules.banking import (
    ActionRule,
    Collection,
    CountFrom,
    Direction,
    Settlement,
    SettlementOrder,
    Table,
    Wager,
    WagerResult,
    action_seat,
    settle_round,
)
from rules.errors import RulesError
from rules.gamefile import Strict
from rules.paigowtiles.hands import Ties, describe, outcome, strength
from rules.paigowtiles.house_way import Chart, set_house_way
from rules.paigowtiles.tiles import ALL_TILES, Tile
from rules.round.alerts import AlertCode, Ruling


class RoundError(RulesError, ValueError):
    """A call the round cannot take (a die that is not 1-6, a seat that is not at the table, …)."""


class DiceRule(Strict):
    """How the three dice place the first set: counted from the player-dealer as 1, in a direction."""

    dice: int = 3
    count_direction: Literal["clockwise", "counterclockwise"]
    #: When the count lands on the player-dealer: it takes the first set and the Action button goes to the
    #: next seat in the count's direction that has a wager (``next_with_wager``), or the count stands.
    on_player_dealer: Literal["next_with_wager", "player_dealer"]
    cite: str


class IrregularityRule(Strict):
    """A filed ruling for a condition."""

    code: str
    ruling: str
    remedy: str
    cite: str


class RoundRules(Strict):
    """The ``round:`` block of a Pai Gow Tiles game file."""

    positions: int = 8
    dice: DiceRule
    deal_direction: Literal["clockwise", "counterclockwise"]
    settle_direction: Literal["clockwise", "counterclockwise"]
    #: Within a position, the wagers' order by name (Tres Lounge: the seat's player, then its backline bettor).
    wager_order: list[str] = []
    fee_game: str = "pai-gow-tiles"
    irregularities: list[IrregularityRule] = []
    cite: str

    def ruling(self, code: AlertCode) -> tuple[Ruling, str, str]:
        """(ruling, remedy, cite) for ``code``: the room's where filed, else CALL_FLOOR."""
        for r in self.irregularities:
            if r.code == code.value:
                return Ruling(r.ruling), r.remedy, r.cite
        return Ruling.CALL_FLOOR, "The filing is silent: call the floor.", "not filed"


@dataclass(frozen=True, slots=True)
class Finding:
    """A departure from the procedure and the room's ruling on it."""

    code: AlertCode
    ruling: Ruling
    remedy: str
    cite: str
    seat: int | None = None
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Hands:
    """One position's two hands: (high, low), the tiles of each and the rule that set them."""

    high: tuple[Tile, Tile]
    low: tuple[Tile, Tile]
    how: str

    @property
    def strengths(self) -> tuple[int, int]:
        """(high, low) strengths."""
        return (
            strength(self.high[0].kind.index, self.high[1].kind.index),
            strength(self.low[0].kind.index, self.low[1].kind.index),
        )


@dataclass
class TilesRound:
    """One round: the table, the player-dealer's bank, the wagers, and what the dealer enters."""

    rules: RoundRules
    chart: Chart
    ties: Ties
    player_dealer: int
    bank: int
    wagers: tuple[Wager, ...]
    dice: tuple[int, ...] = ()
    first_set: int | None = None
    action: int | None = None
    tiles: dict[int, tuple[Tile, ...]] = field(default_factory=dict)
    hands: dict[int, Hands] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.player_dealer not in self.table.seats:
            raise RoundError(f"the player-dealer's position {self.player_dealer} is not at this table")
        for w in self.wagers:
            if w.seat not in self.table.seats or w.seat == self.player_dealer:
                raise RoundError(f"{w.describe()}: not a player's position at this table")

    @property
    def table(self) -> Table:
        """Positions 1..N, the player-dealer's, and which positions have a wager."""
        seats = tuple(range(1, self.rules.positions + 1))
        return Table(seats, self.player_dealer, frozenset(w.seat for w in self.wagers) | {self.player_dealer})

    def _find(self, code: AlertCode, seat: int | None = None, detail: str = "") -> Finding:
        ruling, remedy, cite = self.rules.ruling(code)
        f = Finding(code, ruling, remedy, cite, seat, detail)
        self.findings.append(f)
        return f

    # -- the dice and the sets ---------------------------------------------------------------------

    def roll(self, dice: Sequence[int]) -> list[int]:
        """Read the dice: the first set's position and the Action button; returns the order the sets go out."""
        if len(dice) != self.rules.dice.dice or not all(isinstance(d, int) and 1 <= d <= 6 for d in dice):
            raise RoundError(f"{self.rules.dice.dice} dice of 1 to 6, not {list(dice)}")
        if self.dice:
            self._find(AlertCode.OUT_OF_ORDER, detail="the dice were already read this round")
            return self.deal_order()
        self.dice = tuple(dice)
        rule = ActionRule(
            "dice",
            CountFrom.PLAYER_DEALER,
            Direction(self.rules.dice.count_direction),
            count_player_dealer=True,
            count_empty_seats=True,
            empty_landing="stays",
            cite=self.rules.dice.cite,
        )
        table = self.table
        self.first_set = action_seat(rule, table, sum(dice))
        self.action = self.first_set
        if self.first_set == self.player_dealer and self.rules.dice.on_player_dealer == "next_with_wager":
            ring = table.ring(self.player_dealer, Direction(self.rules.dice.count_direction))[1:]
            self.action = next((s for s in ring if any(w.seat == s for w in self.wagers)), ring[0])
        return self.deal_order()

    def deal_order(self) -> list[int]:
        """Every position once, from the first set, in the deal's direction (all eight sets go out)."""
        if self.first_set is None:
            raise RoundError("the dice have not been read")
        return self.table.ring(self.first_set, Direction(self.rules.deal_direction))

    def collected(self) -> list[int]:
        """Positions whose set is collected face down unplayed: no wager and not the player-dealer."""
        return [
            s
            for s in self.deal_order()
            if s != self.player_dealer and not any(w.seat == s for w in self.wagers)
        ]

    # -- the tiles ---------------------------------------------------------------------------------

    def place(self, seat: int, tiles: Sequence[Tile], exposed: Sequence[Tile] = ()) -> list[Finding]:
        """The tiles read for a position (picker or reader alike); the findings they raise."""
        if self.first_set is None:
            return [self._find(AlertCode.PREMATURE_CARD, seat, "tiles before the dice were read")]
        if seat not in self.table.seats:
            raise RoundError(f"position {seat} is not at this table")
        found: list[Finding] = []
        if seat in self.collected():
            found.append(self._find(AlertCode.EXPOSED_CARD, seat, "a set collected unplayed was read"))
        if len(tiles) != 4:
            found.append(self._find(AlertCode.WRONG_CARD_COUNT, seat, f"{len(tiles)} tiles, not 4"))
        tiles, dup = self._assign(seat, tiles)
        if dup:
            found.append(
                self._find(AlertCode.DUPLICATE_CARD, seat, f"{' '.join(dup)}: more than the set holds")
            )
        for t in exposed:
            found.append(self._find(AlertCode.EXPOSED_CARD, seat, f"{t} exposed"))
        if not found or all(f.ruling is Ruling.CONTINUE for f in found):
            self.tiles[seat] = tuple(tiles)
        return found

    def _assign(self, seat: int, tiles: Sequence[Tile]) -> tuple[tuple[Tile, ...], list[str]]:
        """Each tile read as a tile of the set not held by another position (a reader or the picker gives a
        face; the set has two 6-6 but one 4-5); faces beyond what the set holds are the duplicates."""
        taken = {t.index for s, ts in self.tiles.items() if s != seat for t in ts}
        out: list[Tile] = []
        dup: list[str] = []
        for t in tiles:
            free = next((x for x in ALL_TILES if x.face == t.face and x.index not in taken), None)
            if free is None:
                dup.append(str(t))
                out.append(t)
            else:
                taken.add(free.index)
                out.append(free)
        return tuple(out), dup

    def set_hand(
        self, seat: int, high: Sequence[Tile] | None = None, low: Sequence[Tile] | None = None
    ) -> list[Finding]:
        """Set a position's hands: as given, or the House Way when ``high`` is None. A given setting whose
        low hand ranks above its high is the room's HOUSE_WAY_MISSET ruling (Tres Lounge: the stacks have no
        place, the higher is the high hand)."""
        tiles = self.tiles.get(seat)
        if tiles is None or len(tiles) != 4:
            raise RoundError(f"position {seat} has no four tiles to set")
        if high is None:
            s = set_house_way(tiles, self.chart)
            self.hands[seat] = Hands(s.high, s.low, f"House Way: {s.rule} ({s.cite})")
            return []
        if low is None or len(high) != 2 or len(low) != 2:
            raise RoundError(f"position {seat}: the two hands are two tiles each")
        pool = list(tiles)
        mine: list[Tile] = []
        for t in (*high, *low):  # the position's own tiles, by face
            match = next((p for p in pool if p.face == t.face), None)
            if match is None:
                raise RoundError(
                    f"position {seat}: {t} is not one of its tiles ({' '.join(map(str, tiles))})"
                )
            pool.remove(match)
            mine.append(match)
        h = Hands((mine[0], mine[1]), (mine[2], mine[3]), "as set")
        if h.strengths[1] > h.strengths[0]:
            f = self._find(AlertCode.HOUSE_WAY_MISSET, seat, "the low hand ranks above the high hand")
            if f.ruling is Ruling.CONTINUE:
                h = Hands(h.low, h.high, "as set, the higher two tiles the high hand")
            else:
                return [f]
        self.hands[seat] = h
        return []

    # -- comparison and settlement -----------------------------------------------------------------

    def results(self) -> list[WagerResult]:
        """Each wager against the player-dealer: both hands higher wins, both lower (or copies) loses."""
        pd = self.hands.get(self.player_dealer)
        if pd is None:
            raise RoundError("the player-dealer's hands are not set")
        out = []
        for w in self.wagers:
            h = self.hands.get(w.seat)
            if h is None:
                raise RoundError(f"{w.describe()}: position {w.seat}'s hands are not set")
            r = outcome(h.strengths, pd.strengths, self.ties)
            note = f"{describe(*(t.kind.index for t in h.high))} / {describe(*(t.kind.index for t in h.low))}"
            if r > 0:
                out.append(WagerResult.win(w, 1, note))
            elif r < 0:
                out.append(WagerResult.lose(w, note=note))
            else:
                out.append(WagerResult.push(w, note))
        return out

    def settle(self, collection: Collection | None = None) -> Settlement:
        """Settle from the Action button in the room's order, as far as the bank covers, with the collection."""
        if self.action is None:
            raise RoundError("the dice have not been read")
        order = SettlementOrder(
            Direction(self.rules.settle_direction), tuple(self.rules.wager_order), cite=self.rules.cite
        )
        return settle_round(self.bank, self.results(), order, self.table, self.action, collection)


def round_rules(data: Mapping[str, object]) -> RoundRules:
    """The ``round:`` block of a game file's mapping."""
    raw = data.get("round")
    if not isinstance(raw, Mapping):
        raise RoundError(f"{data.get('id', '?')}: no round: block")
    return RoundRules.model_validate(dict(raw))
