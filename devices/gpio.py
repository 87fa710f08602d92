"""Buttons and lamps wired to the computer's GPIO pins, through gpiozero.

gpiozero is imported only when a panel is opened, never at import time, so nothing here touches a
Raspberry Pi library on a machine without one. Tests pass ``pin_factory=MockFactory()``.

Options (from the device spec): ``button_pins`` {button name: BCM pin}, ``lamp_pins`` {lamp name:
BCM pin}, ``long_press_ms`` (default 2000), ``bounce_ms`` (default none).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

from devices.errors import DeviceConfigError
from devices.eventqueue import EventQueue
from devices.events import ButtonPressed, DeviceEvent, DeviceIdentity
from devices.panel import LONG_PRESS_MS, PanelState, PanelView, button_event, panel_view
from devices.spec import DeviceSpec
from firmware_bridge.clock import Clock, MonotonicClock


def _pins(options: Any, key: str, name: str) -> dict[str, int]:
    raw = options.get(key) or {}
    try:
        return {str(k): int(v) for k, v in dict(raw).items()}
    except (TypeError, ValueError):
        raise DeviceConfigError(f"device {name!r}: {key} must map names to pin numbers") from None


class GpioPanel:
    """Dealer buttons and lamps on GPIO pins; the same events and ``show`` as a linked panel."""

    def __init__(self, spec: DeviceSpec, *, clock: Clock | None = None, pin_factory: Any = None) -> None:
        self.spec = spec
        self.name = spec.name
        self.clock = clock or MonotonicClock()
        self.pin_factory = pin_factory
        self.button_pins = _pins(spec.options, "button_pins", spec.name)
        self.lamp_pins = _pins(spec.options, "lamp_pins", spec.name)
        if not self.button_pins and not self.lamp_pins:
            raise DeviceConfigError(f"device {spec.name!r}: a GPIO panel needs button_pins or lamp_pins")
        self.long_press_ms = int(spec.options.get("long_press_ms", LONG_PRESS_MS))
        self.identity = DeviceIdentity("panel", "GPIO panel", "gpio", "n/a", "", 0, device=spec.name)
        self.disabled: str | None = None
        self.restart_pending = False
        self.shown: PanelView | None = None
        self._buttons: dict[str, Any] = {}
        self._lamps: dict[str, Any] = {}
        self._down_at: dict[str, float] = {}
        self._queue = EventQueue(self.name)
        self._loop: asyncio.AbstractEventLoop | None = None

    async def start(self, **_: Any) -> DeviceIdentity:
        """Claim the pins."""
        from gpiozero import LED, Button  # type: ignore[import-untyped]  # never at import time

        self._loop = asyncio.get_running_loop()
        bounce = self.spec.options.get("bounce_ms")
        for name, pin in self.button_pins.items():
            b = Button(
                pin,
                pull_up=True,
                bounce_time=None if bounce is None else float(bounce) / 1000,
                pin_factory=self.pin_factory,
            )
            b.when_pressed = lambda _dev=None, n=name: self._edge(n, True)
            b.when_released = lambda _dev=None, n=name: self._edge(n, False)
            self._buttons[name] = b
        for name, pin in self.lamp_pins.items():
            self._lamps[name] = LED(pin, pin_factory=self.pin_factory)
        self._queue.put(self.identity)
        return self.identity

    def _edge(self, name: str, pressed: bool) -> None:
        # Called from gpiozero's thread (or the caller's, with mock pins): hop onto the loop.
        now = self.clock.now()
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._on_edge, name, pressed, now)

    def _on_edge(self, name: str, pressed: bool, at: float) -> None:
        if pressed:
            self._down_at[name] = at
            return
        down = self._down_at.pop(name, None)
        if down is None:
            return
        held_ms = int(round((at - down) * 1000))
        self._queue.put(button_event(name, held_ms, self.name, self.long_press_ms))

    def show(self, view: PanelView) -> None:
        """Light the lamps of ``view`` (a GPIO panel has no text display)."""
        for name, led in self._lamps.items():
            if name in view.lamps_blink:
                led.blink(on_time=0.5, off_time=0.5)
            elif name in view.lamps_on:
                led.on()
            else:
                led.off()
        self.shown = view

    def show_state(self, state: PanelState) -> PanelView:
        """Show what :func:`panel_view` derives from ``state``."""
        view = panel_view(state)
        self.show(view)
        return view

    def lamp_states(self) -> dict[str, bool]:
        """Whether each lamp's pin is driven on now (diagnostics and tests)."""
        return {n: bool(led.value) for n, led in self._lamps.items()}

    def acknowledge_restart(self) -> None:
        """A GPIO panel never restarts on its own; nothing to acknowledge."""

    def events(self) -> AsyncIterator[DeviceEvent]:
        """Button presses, in order, until closed."""
        return self._queue.stream()

    async def next_event(self) -> DeviceEvent:
        """The next event (raises a ConnectionError once closed)."""
        return await self._queue.next()

    async def next_events(self) -> list[DeviceEvent]:
        """Every press queued so far (waiting for at least one)."""
        return await self._queue.batch()

    def pending_events(self) -> list[DeviceEvent]:
        """Events queued so far."""
        return self._queue.pending()

    async def close(self) -> None:
        """Release the pins."""
        for dev in (*self._buttons.values(), *self._lamps.values()):
            dev.close()
        self._buttons.clear()
        self._lamps.clear()
        self._queue.close()


__all__ = ["ButtonPressed", "GpioPanel"]
