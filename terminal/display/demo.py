"""Shoes and a server for trying the players' display (its tests, ``benchmarks/display_latency.py`` and
the screenshots): a baccarat shoe dealt as real coups giving the wanted marks, journaled as the table
does, and any ASGI app served on a loopback port from a thread."""

from __future__ import annotations

import asyncio
import random
import socket
import threading
import urllib.request
from pathlib import Path
from typing import Any

from rules.baccarat import Variant, from_data
from rules.baccarat.coup import Coup
from rules.cards import parse_cards
from rules.round.events import event_from_json

GAME = "baccarat/ez-panda8"
RANKS = "A23456789TJQK"
SUITS = "cdhs"


def _variant(game: str) -> Variant:
    from terminal.games import load_games

    v = from_data(load_games()[game].data)
    if not isinstance(v, Variant):
        raise TypeError(f"{game} is not a baccarat variant")
    return v


def coup_cards(ch: str, rng: random.Random, game: str = GAME) -> str:
    """Four to six cards (dealing order) whose coup under ``game`` is the mark ``ch``: ``B``/``P``/``T``
    for a banker/player win or a tie without pairs; ``b``/``p`` a win with that side's pair."""
    variant = _variant(game)
    want = {"b": "banker", "p": "player", "t": "tie"}[ch.lower()]
    while True:
        cards = [rng.choice(RANKS) + rng.choice(SUITS) for _ in range(6)]
        if ch == "b":
            cards[3] = cards[1][0] + rng.choice(SUITS)
        if ch == "p":
            cards[2] = cards[0][0] + rng.choice(SUITS)
        for n in (4, 5, 6):
            try:
                coup = Coup.from_cards(variant, parse_cards(" ".join(cards[:n])))
            except Exception:  # noqa: BLE001 - not a complete coup at n cards: try the next n
                continue
            pp = coup.player[0].rank == coup.player[1].rank
            bp = coup.banker[0].rank == coup.banker[1].rank
            if coup.winner == want and pp == (ch == "p") and bp == (ch == "b"):
                return " ".join(cards[:n])
            break


def shoe_events(shoe: str, seed: int = 7, game: str = GAME) -> list[dict[str, Any]]:
    """A shuffle, then one dealt round per mark of ``shoe`` (see :func:`coup_cards`), as round events."""
    rng = random.Random(seed)
    events: list[dict[str, Any]] = [{"type": "shuffle"}]
    for ch in shoe:
        events.append(
            {"type": "round_start", "seats": [1, 2, 3], "player_dealer": 3, "wagers": [], "bank": 100000}
        )
        events += [{"type": "card", "card": c, "face_up": True} for c in coup_cards(ch, rng, game).split()]
    return events


def journal_with(
    path: Path, events: list[dict[str, Any]], game: str = GAME, limits: tuple[int, int] | None = None
) -> None:
    """Journal ``events`` at the table journal ``path`` as the controller does (a ``config`` entry naming
    the game, with ``limits`` in cents, first if the journal has none)."""
    from terminal.journal import Journal
    from terminal.journal.store import ROUND_KIND

    with Journal(path) as j:
        if not j.last("config"):
            config: dict[str, Any] = {"game": game, "seats": 7}
            if limits is not None:
                config["limits"] = {"min_cents": limits[0], "max_cents": limits[1]}
            j.append("config", config)
        for ev in events:
            j.append(ROUND_KIND, event_from_json(ev).to_json())


class Served:
    """An ASGI app served by uvicorn on a free loopback port from a thread (``with Served(app) as s``)."""

    def __init__(self, app: Any) -> None:
        import uvicorn

        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
        self.thread = threading.Thread(target=lambda: asyncio.run(self.server.serve(sockets=[self.sock])))

    def __enter__(self) -> Served:
        self.thread.start()
        while not self.server.started:
            self.thread.join(0.01)
            if not self.thread.is_alive():
                raise RuntimeError("the server stopped at start-up")
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(30)
        self.sock.close()

    def get(self, path: str) -> str:
        """The body of a 200 answer to GET ``path``."""
        with urllib.request.urlopen(self.url + path, timeout=60) as r:
            if r.status != 200:
                raise RuntimeError(f"GET {path}: {r.status}")
            return str(r.read().decode())
