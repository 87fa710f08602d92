"""The emulated dice cup: once armed for a round, cover closed, shake, cover open, three dice."""

from __future__ import annotations

from typing import Any, ClassVar

from firmware_bridge.emulators.base import Emulator
from firmware_bridge.emulators.profile import Profile
from firmware_bridge.messages import ArmCup, Cover, DeviceKind, Dice, Message, Shake


class DiceCupEmulator(Emulator):
    """Plays a round's cup actions one ``dice.step`` apart after ARM_CUP."""

    KIND: ClassVar[DeviceKind] = DeviceKind.DICE_CUP
    KIND_FAULTS: ClassVar[tuple[str, ...]] = ("open_early_next", "weak_shake_next")

    def __init__(self, profile: Profile, *, now: float = 0.0, **kw: Any) -> None:
        super().__init__(profile, now=now, **kw)
        self._script: list[tuple[float, Message]] = []
        self.rounds = 0
        self._early_next = False
        self._weak_next = False

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
        quality = 10 if self._weak_next else d.shake_quality
        early = f.cover_opened_early or self._early_next
        self._weak_next = self._early_next = False
        acts: list[Message] = [Cover(1)]
        if early:
            acts += [Cover(0), Shake(quality), Dice(d1, d2, d3)]
        else:
            acts += [Shake(quality), Cover(0), Dice(d1, d2, d3)]
        if f.double_result:
            acts.append(Dice(d1, d2, d3))
        self._script = [(now + d.step * (i + 1), m) for i, m in enumerate(acts)]

    def inject_kind(self, fault: str, now: float, params: dict[str, Any]) -> bool:
        if fault == "open_early_next":
            self._early_next = True
        else:
            self._weak_next = True
        return True

    def step(self, now: float) -> None:
        while self._script and self._script[0][0] <= now and self.room() > 0:
            _, m = self._script.pop(0)
            self.emit(m, now)

    def behaviour_deadline(self) -> float | None:
        return self._script[0][0] if self._script else None

    def on_reboot(self, now: float) -> None:
        self._script = []
