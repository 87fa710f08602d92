"""The dice-cup driver: cover, shake quality, and the round's three dice.

Rules (the sensor model of research/hardware.md §5 item 19; PA 645c.2 "a wager must be placed before
the electronic shaker is activated"):

- the controller arms the cup for a round once betting is closed (:meth:`DiceCupDriver.arm`);
- a shake below ``shake_threshold`` is :class:`InsufficientShake` and does not count;
- the cover opening before the round is armed, or before a sufficient shake, is
  :class:`CupOpenedEarly`;
- dice are accepted only after the cover opened properly, and only once per round; anything else is
  :class:`DiceRejected` (CUP_OPENED_EARLY).
"""

from __future__ import annotations

from typing import ClassVar

from devices.driver import Device
from devices.events import (
    CupClosed,
    CupOpened,
    CupOpenedEarly,
    DeviceEvent,
    DeviceFault,
    DiceRejected,
    DiceRolled,
    InsufficientShake,
    ShakeReported,
)
from firmware_bridge.messages import ArmCup, Cover, DeviceKind, Dice, Message, Shake

DEFAULT_SHAKE_THRESHOLD = 60


class DiceCupDriver(Device):
    """A dice cup with cover and shake sensors."""

    KIND: ClassVar[DeviceKind | None] = DeviceKind.DICE_CUP

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.shake_threshold = int(self.spec.options.get("shake_threshold", DEFAULT_SHAKE_THRESHOLD))
        self.round: int | None = None
        self.cover_closed = False
        self._good_shake = False
        self._opened_ok = False
        self._opened_early = False
        self._rolled = False

    def arm(self, round_no: int) -> None:
        """Betting is closed for ``round_no``: the cup may now be shaken and opened once."""
        self._command(ArmCup(round_no & 0xFFFF))
        self.round = round_no
        self._good_shake = self._opened_ok = self._opened_early = self._rolled = False

    def _on_message(self, msg: Message) -> list[DeviceEvent] | None:
        n = self.name
        if isinstance(msg, Cover):
            if msg.closed:
                self.cover_closed = True
                return [CupClosed(device=n)]
            self.cover_closed = False
            events: list[DeviceEvent] = [CupOpened(device=n)]
            if self.round is None:
                self._opened_early = True
                events.append(CupOpenedEarly("the cup was opened before betting closed", device=n))
            elif not self._good_shake:
                self._opened_early = True
                events.append(CupOpenedEarly("the cup was opened before a sufficient shake", device=n))
            else:
                self._opened_ok = True
            return events
        if isinstance(msg, Shake):
            ev: list[DeviceEvent] = [ShakeReported(msg.quality, self.shake_threshold, device=n)]
            if msg.quality < self.shake_threshold:
                ev.append(InsufficientShake(msg.quality, self.shake_threshold, device=n))
            elif self.cover_closed and not self._opened_early:
                self._good_shake = True
            return ev
        if isinstance(msg, Dice):
            dice = (msg.d1, msg.d2, msg.d3)
            if any(not 1 <= d <= 6 for d in dice):
                return [DeviceFault(0x42, f"impossible dice {dice}", device=n)]
            reason = None
            if self.round is None:
                reason = "no round is armed (betting not closed)"
            elif self._rolled:
                reason = "the round's dice were already accepted"
            elif self._opened_early:
                reason = "the cup was opened early this round"
            elif not self._opened_ok:
                reason = "the cup has not been opened"
            if reason is not None:
                return [DiceRejected(*dice, reason, msg.number, device=n)]
            self._rolled = True
            return [DiceRolled(*dice, round=self.round or 0, number=msg.number, device=n)]
        return None

    def _on_restart(self) -> None:
        self.round = None
        self.cover_closed = False
        self._good_shake = self._opened_ok = self._opened_early = self._rolled = False
