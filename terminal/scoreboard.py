"""The players' scoreboard of the current shoe: its coups' marks read from round events, and the roads as
a display draws them (``dealer-terminal roads FILE --json``; the players' table display).

A round counts when its settlement names a coup winner (``banker``, ``player`` or ``tie``) with the two
hands' cards, as the banker/player games' settlement does; a ``shuffle`` event starts a new shoe and
empties the roads. Games whose rounds settle otherwise have no roads (:class:`NoRoads`). The rules of
the roads are in :mod:`rules.baccarat.roads`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from rules.baccarat.report import CoupReport
from rules.baccarat.roads import DERIVED, Mark, Outcome, Roads, roads
from rules.cards import parse_cards
from rules.errors import RulesError
from rules.round import GameRules, RoundState, apply, initial
from rules.round.events import Event, EventError, RoundStart, Shuffle, TargetKind, event_from_json
from rules.round.report import RoundReport
from rules.ultimatewar.report import UltimateWarReport
from terminal.errors import UserError

__all__ = [
    "NoRoads",
    "Scoreboard",
    "public_cards",
    "mark_of_settlement",
    "marks_of_events",
    "read_scoreboard",
    "roads_json",
]

_WINNERS = ("banker", "player", "tie")
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


def _fold(rules: GameRules, events: Iterable[Event], where: str) -> tuple[list[Mark] | None, RoundState]:
    """The current shoe's marks (None when a round settled without a coup) and the last round state."""
    state = initial(rules)
    shoe: list[Mark | None] = []
    coups = True
    for n, event in enumerate(events, 1):
        if isinstance(event, Shuffle):
            shoe = []
        if isinstance(event, RoundStart):
            shoe.append(None)
        try:
            state = apply(state, event)
        except RulesError as exc:
            raise UserError(f"{where}: event {n} ({event.type}): {exc}") from None
        outcome = state.outcome
        if shoe and outcome is not None and outcome.settlement:
            mark = mark_of_settlement(outcome.settlement)
            coups = coups and mark is not None
            shoe[-1] = mark
    return ([m for m in shoe if m is not None] if coups else None), state


def marks_of_events(rules: GameRules, events: Iterable[Event], where: str = "events") -> list[Mark]:
    """The marks of the current shoe's coups: one per round whose settlement is a coup (the last
    settlement a round reached, corrections included), emptied by each ``shuffle``.

    A round that settled otherwise raises :class:`NoRoads`; an event the engine refuses is a UserError
    naming ``where`` and the event's number."""
    marks, _ = _fold(rules, events, where)
    if marks is None:
        raise NoRoads(f"{where}: the rounds of {rules.id} settle without a banker/player coup")
    return marks


def public_cards(state: RoundState) -> tuple[tuple[str, tuple[str | None, ...]], ...]:
    """The last round's hands as the players may see them: each hand's cards in dealing order, a card
    dealt face down (not yet public) as None; burns, the stub and voided cards left out."""
    hands: dict[str, list[str | None]] = {}
    for p in state.placed:
        if p.void or p.target.kind in (TargetKind.BURN, TargetKind.STUB):
            continue
        hands.setdefault(str(p.target), []).append(str(p.card) if p.face_up and p.card is not None else None)
    return tuple((name, tuple(cards)) for name, cards in hands.items())


def _rules_and_events(path: Path) -> tuple[str, GameRules, list[Event]]:
    """A journal's (the events since its game was last set) or a scenario file's rules and events."""
    try:
        with path.open("rb") as fh:
            magic = fh.read(16)
    except OSError as exc:
        raise UserError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if magic != SQLITE_MAGIC:
        from terminal.scenario import load_scenario

        sc = load_scenario(path)
        return sc.game.id, sc.rules, list(sc.events)
    from terminal.games import get_game
    from terminal.journal import open_for_check
    from terminal.scenario import game_rules

    with open_for_check(path) as journal:
        doc = journal.export()
    if not isinstance(doc.get("game"), str):
        raise UserError(f"{path}: the journal names no game (no config entry)")
    game = get_game(doc["game"])
    decks = (doc.get("table") or {}).get("decks")
    events: list[Event] = []
    for n, raw in enumerate(doc["events"], 1):
        try:
            events.append(event_from_json(raw))
        except EventError as exc:
            raise UserError(f"{path}: round event {n}: {exc}") from None
    return game.id, game_rules(game, decks), events


def read_scoreboard(path: str | Path) -> Scoreboard:
    """The current shoe's scoreboard of a table journal (SQLite) or a scenario file; ``roads`` is None for
    a game whose rounds settle without a banker/player coup."""
    p = Path(path)
    game, rules, events = _rules_and_events(p)
    marks, state = _fold(rules, events, str(p))
    return Scoreboard(
        game,
        tuple(marks or ()),
        roads(marks) if marks is not None else None,
        public_cards(state),
    )


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
