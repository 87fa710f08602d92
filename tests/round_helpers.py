"""Shared helpers for the round-engine tests: inline game data for every dealing shape."""

from rules.round import GameRules, fold
from rules.round.events import CardRead, RoundStart, Shuffle
from terminal.games import load_games
from terminal.scenario import game_rules


def game(
    family: str, phases: list, deck: dict | None = None, irregularities: list | None = None
) -> GameRules:
    """A GameRules from inline data, as a game file would give it."""
    data = {"deck": deck or {"decks": 1}, "deal": {"phases": phases}}
    if irregularities is not None:
        data["irregularities"] = irregularities
    return GameRules.from_data(f"{family}/test", family, data)


def filed(game_id: str) -> GameRules:
    """A filed game's rules from config/games."""
    return game_rules(load_games()[game_id])


def reads(text: str, face_up: bool = False) -> list:
    """Card reads for a string of cards."""
    return [CardRead(c if c != "??" else None, face_up) for c in _cards(text)]


def _cards(text: str):
    from rules.cards import parse_read

    return [parse_read(t) for t in text.split()]


def started(g: GameRules, seats=(1, 2, 3), pd=None, button=None, wagers=()):
    """A state with a shuffled shoe and a round started."""
    return fold(g, [Shuffle(), RoundStart(tuple(seats), pd, button, tuple(wagers))])
