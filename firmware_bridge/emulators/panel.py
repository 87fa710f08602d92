"""The emulated button and display panel: scripted presses; remembers what the host lit and wrote."""

from __future__ import annotations

from typing import Any, ClassVar

from firmware_bridge.emulators.base import Emulator
from firmware_bridge.emulators.profile import Profile
from firmware_bridge.messages import Button, DeviceKind, Message, SetDisplay, SetLamps


class PanelEmulator(Emulator):
    """Presses the profile's buttons at their times; shows lamps and text as commanded."""

    KIND: ClassVar[DeviceKind] = DeviceKind.PANEL
    KIND_FAULTS: ClassVar[tuple[str, ...]] = ("press",)

    def __init__(self, profile: Profile, *, now: float = 0.0, **kw: Any) -> None:
        super().__init__(profile, now=now, **kw)
        self._presses = sorted(profile.buttons, key=lambda b: b.at)
        self.lamps_on = 0
        self.lamps_blink = 0
        self.display = ("", "")

    def press(self, button: int, held_ms: int, now: float) -> None:
        """Press a button now (tests and the demo's fault injector)."""
        self.emit(Button(button, held_ms), now)

    def inject_kind(self, fault: str, now: float, params: dict[str, Any]) -> bool:
        self.press(int(params.get("button", 0)), int(params.get("held_ms", 120)), now)
        return True

    def on_command(self, msg: Message, now: float) -> None:
        if isinstance(msg, SetLamps):
            self.lamps_on, self.lamps_blink = msg.lit, msg.blink
        elif isinstance(msg, SetDisplay):
            self.display = (msg.line1, msg.line2)
        else:
            super().on_command(msg, now)

    def step(self, now: float) -> None:
        t = self.elapsed(now)
        while self._presses and self._presses[0].at <= t and self.room() > 0:
            b = self._presses.pop(0)
            self.emit(Button(b.button, b.held_ms), now)

    def behaviour_deadline(self) -> float | None:
        if not self._presses or self._session_start is None:
            return None
        return self._session_start + self._presses[0].at
