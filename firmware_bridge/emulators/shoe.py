"""The emulated card-reading shoe: reads from a shuffled deck, seeded-random cards or a script."""

from __future__ import annotations

from typing import Any, ClassVar

from firmware_bridge.emulators.base import Emulator
from firmware_bridge.emulators.profile import Profile
from firmware_bridge.messages import CutCardMsg, DeviceKind, Read, ShoeEmptyMsg
from kernel.cards import ALL_CARDS, Card, parse_read


class ShoeEmulator(Emulator):
    """Draws cards one by one and reports each read."""

    KIND: ClassVar[DeviceKind] = DeviceKind.SHOE
    KIND_FAULTS: ClassVar[tuple[str, ...]] = ("misread_next", "draw")

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
            deck = profile.deck.cards()
            self.rng.shuffle(deck)
            self._cards = list(deck)
            self._total = len(deck)
        self._face_up = set(reads.face_up)
        self.drawn = 0
        self.misreads = 0
        self._next_at = now
        self._empty_sent = False
        self._misread_next = 0
        self._owed = 0  # on-demand shoes: cards the dealer has drawn but not yet read

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
        return {"drawn": self.drawn, "empty_sent": self._empty_sent, "owed": self._owed}

    def nv_restore(self, state: dict[str, Any]) -> None:
        self.drawn = int(state.get("drawn", 0))
        self._empty_sent = bool(state.get("empty_sent", False))
        self._owed = int(state.get("owed", 0))

    def inject_kind(self, fault: str, now: float, params: dict[str, Any]) -> bool:
        if fault == "draw":
            self._owed += int(params.get("count", 1))  # the dealer draws: the next read comes out
            return True
        self._misread_next += int(params.get("count", 1))
        return True

    def behaviour_deadline(self) -> float | None:
        if self.profile.reads.on_demand and not self._owed:
            return None
        if self.profile.reads.interval > 0 and self.drawn < self._total:
            return self._next_at
        return None
