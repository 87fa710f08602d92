"""The players' scoreboard of the current shoe: its coups' marks read from round events, and the roads as
a display draws them (``dealer-terminal roads FILE --json``; the players' table display).

A round counts when its settlement names a coup winner (``banker``, ``player`` or ``tie``) with the two
hands' cards, as the banker/player games' settlement does; a ``shuffle`` event starts a new shoe and
empties the roads. Games whose rounds settle otherwise have no roads (:class:`NoRoads`). The rules of
the roads are in :mod:`rules.baccarat.roads`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from rules.baccarat.report import CoupReport
from rules.baccarat.roads import DERIVED, Mark, Outcome, Roads, roads
from rules.cards import parse_cards
from rules.errors import RulesError
from rules.families import family as family_rules
from rules.round import GameRules, RoundState, Status, apply, initial
from rules.round.events import Event, EventError, RoundStart, Shuffle, TargetKind, event_from_json
from rules.round.report import RoundReport
from rules.ultimatewar.report import UltimateWarReport
from terminal.errors import UserError
from terminal.journal.store import ROUND_KIND

__all__ = [
    "LiveScoreboard",
    "NoRoads",
    "Scoreboard",
    "ShoeFold",
    "is_settled",
    "public_cards",
    "mark_of_settlement",
    "marks_of_events",
    "is_journal",
    "read_scoreboard",
    "roads_json",
]

_WINNERS = ("banker", "player", "tie")
RECENT_SETTLEMENTS = 12
"""Settled rounds a scoreboard keeps (the display's recent qualifying hands come from them)."""
SQLITE_MAGIC = b"SQLite format 3\x00"


class NoRoads(UserError):
    """The game's rounds have no banker/player coup to put on a scoreboard."""


@dataclass(frozen=True)
class Scoreboard:
    """The current shoe's marks and roads, for a game."""

    game: str
    marks: tuple[Mark, ...]
    roads: Roads | None
    hands: tuple[tuple[str, tuple[str | None, ...]], ...] = ()
    settlements: tuple[tuple[int, RoundReport], ...] = ()
    """The recent rounds' settlements, oldest first, each with its round's number in the file."""
    limits: tuple[int, int] | None = None
    """The table's posted (min, max) in cents, from its configuration entry (a journal only)."""
    seq: int = 0
    """The journal's last entry read (0 for a scenario file)."""


def mark_of_settlement(settlement: RoundReport | None) -> Mark | None:
    """The coup's mark from a round's report, or None when the report is not a banker/player coup (a
    baccarat coup, an Ultimate War round).

    A pair is a hand whose first two cards share a rank."""
    if not isinstance(settlement, CoupReport | UltimateWarReport) or settlement.winner not in _WINNERS:
        return None
    player, banker = parse_cards(settlement.player), parse_cards(settlement.banker)

    def pair(cards: Sequence[Any]) -> bool:
        return len(cards) >= 2 and cards[0].rank == cards[1].rank

    return Mark(cast(Outcome, settlement.winner), banker_pair=pair(banker), player_pair=pair(player))


class ShoeFold:
    """The round engine folded over a table's events, keeping what the scoreboard shows: the current
    shoe's marks (emptied by a ``shuffle``), the last round state, and the recent rounds' settlements
    (the last settlement each round reached, corrections included)."""

    def __init__(self, rules: GameRules, where: str) -> None:
        self.rules = rules
        self.where = where
        self.state = initial(rules)
        self.shoe: list[Mark | None] = []
        self.coups = True
        self.count = 0
        self.rounds = 0
        self.settlements: list[tuple[int, RoundReport]] = []
        self._last: object = None

    def feed(self, event: Event) -> None:
        """One more event; one the engine refuses is a UserError naming ``where`` and its number."""
        self.count += 1
        if isinstance(event, Shuffle):
            self.shoe = []
        if isinstance(event, RoundStart):
            self.shoe.append(None)
            self.rounds += 1
        try:
            self.state = apply(self.state, event)
        except RulesError as exc:
            raise UserError(f"{self.where}: event {self.count} ({event.type}): {exc}") from None
        outcome = self.state.outcome
        if outcome is None or not outcome.settlement or outcome.settlement is self._last:
            return
        self._last = outcome.settlement
        if self.shoe:
            mark = mark_of_settlement(outcome.settlement)
            self.coups = self.coups and mark is not None
            self.shoe[-1] = mark
        if self.settlements and self.settlements[-1][0] == self.rounds:
            self.settlements.pop()
        self.settlements.append((self.rounds, outcome.settlement))
        del self.settlements[:-RECENT_SETTLEMENTS]

    @property
    def marks(self) -> list[Mark] | None:
        """The current shoe's marks, or None when a round settled without a coup."""
        return [m for m in self.shoe if m is not None] if self.coups else None


def _fold(rules: GameRules, events: Iterable[Event], where: str) -> ShoeFold:
    fold = ShoeFold(rules, where)
    for event in events:
        fold.feed(event)
    return fold


def marks_of_events(rules: GameRules, events: Iterable[Event], where: str = "events") -> list[Mark]:
    """The marks of the current shoe's coups: one per round whose settlement is a coup (the last
    settlement a round reached, corrections included), emptied by each ``shuffle``.

    A round that settled otherwise raises :class:`NoRoads`; an event the engine refuses is a UserError
    naming ``where`` and the event's number."""
    marks = _fold(rules, events, where).marks
    if marks is None:
        raise NoRoads(f"{where}: the rounds of {rules.id} settle without a banker/player coup")
    return marks


def is_settled(state: RoundState) -> bool:
    """Whether the round is over and settled: dealt, no hand left to set nor play-or-fold owed (the
    controller's own test of a finished round), and the family's settlement reached."""
    if state.status is not Status.DEALT or state.start is None:
        return False
    fam = family_rules(state.game.family)
    if fam.hands_to_set(state) or fam.next_to_decide(state) is not None:
        return False
    outcome = state.outcome
    return outcome is not None and outcome.settlement is not None


def public_cards(state: RoundState) -> tuple[tuple[str, tuple[str | None, ...]], ...]:
    """The last round's hands as the players may see them: each hand's cards in dealing order, a card
    dealt face down (not yet public) as None; burns, the stub and voided cards left out.

    A card dealt face down is public once the round is settled: the settlement compares the hands, so
    every hand in it has been turned over (Pai Gow's hands are shown after all are set, Three Card's
    player hands at the showdown). Before that a face-down card is a card back, whatever the reader saw
    (:func:`is_settled`)."""
    hands: dict[str, list[str | None]] = {}
    shown = is_settled(state)
    for p in state.placed:
        if p.void or p.target.kind in (TargetKind.BURN, TargetKind.STUB):
            continue
        public = (p.face_up or shown) and p.card is not None
        hands.setdefault(str(p.target), []).append(str(p.card) if public else None)
    return tuple((name, tuple(cards)) for name, cards in hands.items())


def is_journal(path: Path) -> bool:
    """Whether ``path`` is an SQLite file (a table journal) rather than a scenario file."""
    try:
        with path.open("rb") as fh:
            return fh.read(16) == SQLITE_MAGIC
    except OSError as exc:
        raise UserError(f"{path}: cannot read: {exc.strerror or exc}") from None


def _board(game: str, fold: ShoeFold, limits: tuple[int, int] | None = None, seq: int = 0) -> Scoreboard:
    marks = fold.marks
    return Scoreboard(
        game,
        tuple(marks or ()),
        roads(marks) if marks is not None else None,
        public_cards(fold.state),
        tuple(fold.settlements),
        limits,
        seq,
    )


class LiveScoreboard:
    """A table journal's scoreboard kept current by reading only what was appended since the last look
    (:meth:`refresh`): the round events since the game was last set, as ``journal export`` takes them.

    The journal is opened read-only and never verified here (the table verifies its own journal). A
    journal replaced under the same path (a new file) is read again from its start."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._journal: Any = None
        self._inode: int | None = None
        self._seq = 0
        self._game: str | None = None
        self._decks: int | None = None
        self._limits: tuple[int, int] | None = None
        self._fold: ShoeFold | None = None

    def close(self) -> None:
        """Let go of the journal file."""
        if self._journal is not None:
            self._journal.close()
        self._journal = None

    def _open(self, inode: int) -> None:
        from terminal.journal import open_for_check

        self.close()
        self._journal = open_for_check(self.path)
        self._inode, self._seq, self._game, self._decks, self._limits, self._fold = (
            inode,
            0,
            None,
            None,
            None,
            None,
        )

    def _config(self, payload: Mapping[str, Any]) -> None:
        from terminal.games import get_game
        from terminal.scenario import game_rules

        limits = payload.get("limits")
        if isinstance(limits, Mapping) and all(
            isinstance(limits.get(k), int) for k in ("min_cents", "max_cents")
        ):
            self._limits = (int(limits["min_cents"]), int(limits["max_cents"]))
        game, decks = payload.get("game"), payload.get("decks")
        if isinstance(game, str) and game != self._game:  # a new game on the table: its events from here
            self._game, self._decks = game, decks if isinstance(decks, int) else None
        elif not (isinstance(decks, int) and decks != self._decks and self._game is not None):
            return
        else:  # the same game with another deck count: a new shoe under its rules
            self._decks = decks
        self._fold = ShoeFold(game_rules(get_game(self._game), self._decks), str(self.path))

    def refresh(self) -> Scoreboard:
        """The scoreboard now: the entries appended since the last call folded in."""
        try:
            inode = self.path.stat().st_ino
        except OSError as exc:
            raise UserError(f"{self.path}: cannot read: {exc.strerror or exc}") from None
        if self._journal is None or inode != self._inode:
            self._open(inode)
        for entry in self._journal.entries(since=self._seq):
            self._seq = entry.seq
            if entry.kind == "config":
                self._config(entry.payload)
            elif entry.kind == ROUND_KIND and self._fold is not None:
                try:
                    event = event_from_json(entry.payload)
                except EventError as exc:
                    raise UserError(f"{self.path}: round event at seq {entry.seq}: {exc}") from None
                self._fold.feed(event)
        if self._game is None or self._fold is None:
            raise UserError(f"{self.path}: the journal names no game (no config entry)")
        return _board(self._game, self._fold, self._limits, self._seq)


def read_scoreboard(path: str | Path) -> Scoreboard:
    """The current shoe's scoreboard of a table journal (SQLite) or a scenario file; ``roads`` is None for
    a game whose rounds settle without a banker/player coup."""
    p = Path(path)
    if is_journal(p):
        live = LiveScoreboard(p)
        try:
            return live.refresh()
        finally:
            live.close()
    from terminal.scenario import load_scenario

    sc = load_scenario(p)
    return _board(sc.game.id, _fold(sc.rules, sc.events, str(p)))


def _columns(cells: Iterable[tuple[int, int, dict[str, Any]]]) -> list[list[dict[str, Any]]]:
    """Entries grouped by drawn column (left to right), each column top to bottom, with its ``row``."""
    by_x: dict[int, list[dict[str, Any]]] = {}
    for x, y, entry in cells:
        by_x.setdefault(x, []).append({"row": y, **entry})
    width = max(by_x, default=-1) + 1
    return [sorted(by_x.get(x, []), key=lambda e: e["row"]) for x in range(width)]


def roads_json(board: Scoreboard) -> dict[str, Any]:
    """Each road as its drawn columns of entries (``row`` 0 at the top; six rows), as a display draws them.

    A game without roads raises :class:`NoRoads`."""
    r = board.roads
    if r is None:
        raise NoRoads(f"the rounds of {board.game} settle without a banker/player coup")
    out: dict[str, Any] = {
        "game": board.game,
        "coups": len(board.marks),
        "rows": 6,
        "bead_plate": _columns(
            (
                b.x,
                b.y,
                {
                    "winner": b.mark.winner,
                    "banker_pair": b.mark.banker_pair,
                    "player_pair": b.mark.player_pair,
                },
            )
            for b in r.bead_plate
        ),
        "big_road": _columns(
            (
                e.x,
                e.y,
                {
                    "winner": e.side,
                    "ties": e.ties,
                    "banker_pair": e.banker_pair,
                    "player_pair": e.player_pair,
                },
            )
            for e in r.big_road.entries
        ),
        "leading_ties": r.big_road.leading_ties,
    }
    for name, _ in DERIVED:
        out[name] = _columns((e.x, e.y, {"colour": e.colour}) for e in r.derived[name])
    return out
