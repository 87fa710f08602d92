"""The emulated dice cup: once armed for a round, cover closed, shake, cover open, three dice."""

from __future__ import annotations

from typing import ClassVar

from firmware_bridge.emulators.base import Emulator
from firmware_bridge.emulators.profile import Profile
from firmware_bridge.messages import ArmCup, Cover, DeviceKind, Dice, Message, Shake


class DiceCupEmulator(Emulator):
    """Plays a round's cup actions one ``dice.step`` apart after ARM_CUP."""

    KIND: ClassVar[DeviceKind] = DeviceKind.DICE_CUP

    def __init__(self, profile: Profile, *, now: float = 0.0) -> None:
        super().__init__(profile, now=now)
        self._script: list[tuple[float, Message]] = []
        self.rounds = 0

    def on_command(self, msg: Message, now: float) -> None:
        if not isinstance(msg, ArmCup):
            super().on_command(msg, now)
            return
        d = self.profile.dice
        f = self.profile.faults
        if self.rounds < len(d.results):
            d1, d2, d3 = d.results[self.rounds]
        else:
            d1, d2, d3 = (self.rng.randint(1, 6) for _ in range(3))
        self.rounds += 1
        acts: list[Message] = [Cover(1)]
        if f.cover_opened_early:
            acts += [Cover(0), Shake(d.shake_quality), Dice(d1, d2, d3)]
        else:
            acts += [Shake(d.shake_quality), Cover(0), Dice(d1, d2, d3)]
        if f.double_result:
            acts.append(Dice(d1, d2, d3))
        self._script = [(now + d.step * (i + 1), m) for i, m in enumerate(acts)]

    def step(self, now: float) -> None:
        while self._script and self._script[0][0] <= now and self.room() > 0:
            _, m = self._script.pop(0)
            self.emit(m, now)

    def behaviour_deadline(self) -> float | None:
        return self._script[0][0] if self._script else None

    def on_reboot(self, now: float) -> None:
        self._script = []
