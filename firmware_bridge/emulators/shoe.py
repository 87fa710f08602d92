"""The emulated card-reading shoe: reads from a shuffled deck, seeded-random cards or a script."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from firmware_bridge.emulators.base import Emulator
from firmware_bridge.emulators.profile import Profile
from firmware_bridge.messages import CutCardMsg, DeviceKind, Read, ShoeEmptyMsg
from kernel.cards import ALL_CARDS, Card, parse_read


class ShoeEmulator(Emulator):
    """Draws cards one by one and reports each read."""

    KIND: ClassVar[DeviceKind] = DeviceKind.SHOE
    KIND_FAULTS: ClassVar[tuple[str, ...]] = ("misread_next", "draw", "load")

    def __init__(self, profile: Profile, *, now: float = 0.0, **kw: Any) -> None:
        super().__init__(profile, now=now, **kw)
        reads = profile.reads
        self._cards: list[Card | None]
        if reads.source == "script":
            self._cards = [parse_read(c) for c in reads.cards]
            self._total = len(self._cards)
        elif reads.source == "random":
            self._cards = []
            self._total = reads.count if reads.count is not None else 52
        else:
            self._cards = self._shuffled()
            self._total = len(self._cards)
        self._face_up = set(reads.face_up)
        self.drawn = 0
        self.misreads = 0
        self._next_at = now
        self._empty_sent = False
        self._misread_next = 0
        self._owed = 0  # on-demand shoes: cards the dealer has drawn but not yet read
        self.loads = 0  # shoes loaded since the first (each shuffled from the seed and its number)

    def _shuffled(self, load: int = 0) -> list[Card | None]:
        """The shoe's order: the first from the emulator's generator, a reload from the seed and its
        number (so the order survives a restart that restores the load count from non-volatile memory)."""
        deck = self.profile.deck.cards()
        (self.rng if load == 0 else random.Random(f"{self.seed}:{load}")).shuffle(deck)
        return list(deck)

    @property
    def total(self) -> int:
        """How many reads this shoe will make before it is empty."""
        return self._total

    def _card(self, i: int) -> Card | None:
        if self.profile.reads.source == "random":
            return ALL_CARDS[self.rng.randrange(52)]
        return self._cards[i]

    def step(self, now: float) -> None:
        interval = self.profile.reads.interval
        faults = self.profile.faults
        while self.room() > 0 and now >= self._next_at:
            if self.profile.reads.on_demand and not self._owed:
                return  # a shoe reads a card only when the dealer draws one
            if self.drawn >= self._total:
                if not self._empty_sent:
                    self._empty_sent = True
                    self.emit(ShoeEmptyMsg(), now)
                return
            card = self._card(self.drawn)
            self.drawn += 1
            self._owed = max(0, self._owed - 1)
            quality = 95
            if card is not None and self._misread_next:
                self._misread_next -= 1
                card, quality = None, 12
                self.misreads += 1
            elif card is not None and faults.misread_rate and self.rng.random() < faults.misread_rate:
                card, quality = None, 12
                self.misreads += 1
            elif card is None:
                quality = 10
            self.emit(Read(card, int(self.drawn in self._face_up), quality), now)
            if self.profile.reads.cut_card_after == self.drawn:
                self.emit(CutCardMsg(), now)
            if interval > 0:
                self._next_at = now + interval
                return

    def nv_state(self) -> dict[str, Any]:
        return {"drawn": self.drawn, "empty_sent": self._empty_sent, "owed": self._owed, "loads": self.loads}

    def nv_restore(self, state: dict[str, Any]) -> None:
        self.drawn = int(state.get("drawn", 0))
        self._empty_sent = bool(state.get("empty_sent", False))
        self._owed = int(state.get("owed", 0))
        loads = int(state.get("loads", 0))
        if loads and self.profile.reads.source == "deck":
            self.loads = loads
            self._cards = self._shuffled(loads)
            self._total = len(self._cards)

    def inject_kind(self, fault: str, now: float, params: dict[str, Any]) -> bool:
        if fault == "draw":
            # the dealer draws the card the screen asks for: asked again before it is read, it is still
            # one card (a terminal that restarted, or reconnected, asks again for the card it waits for)
            self._owed = max(self._owed, int(params.get("count", 1)))
            return True
        if fault == "load":
            # the dealer loads a freshly shuffled shoe (the dealer's shuffle, recorded at the terminal)
            self.loads += 1
            if self.profile.reads.source == "deck":
                self._cards = self._shuffled(self.loads)
                self._total = len(self._cards)
            self.drawn, self._empty_sent, self._owed = 0, False, 0
            return True
        self._misread_next += int(params.get("count", 1))
        return True

    def behaviour_deadline(self) -> float | None:
        if self.profile.reads.on_demand and not self._owed:
            return None
        if self.profile.reads.interval > 0 and self.drawn < self._total:
            return self._next_at
        return None
