"""The emulated firmware's common part: the device end of the link, the fault injector, the clock hooks.

An emulator is sans-IO like the link: :meth:`Emulator.receive` takes bytes, :meth:`Emulator.poll`
runs its timers and behaviour, :meth:`Emulator.data_to_send` gives the bytes to write (after line
faults). :mod:`firmware_bridge.emulators.runner` drives one over any transport.

Like the reference firmware, an emulator keeps in non-volatile memory (:class:`Nvram`: a state file
when one is given, else the emulator object) its message counter and the events the host has not yet
acknowledged: a reboot — or a restart of the emulator's process — sends them again, and the host drops
the ones it already had by their number. Its boot id is fresh at every boot (process start included)
unless one is given.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import random
from pathlib import Path
from typing import Any, ClassVar

from firmware_bridge.auth import fingerprint
from firmware_bridge.emulators.profile import Profile
from firmware_bridge.framer import FrameError, decode_frame
from firmware_bridge.link import DeviceIdentityTemplate, DeviceLink, LinkConfig, LinkEvent, Received
from firmware_bridge.messages import (
    Counters,
    CountersRequest,
    DeviceKind,
    EchoReply,
    EchoRequest,
    Message,
    Pair,
    Paired,
    Rejected,
    RejectReason,
)

log = logging.getLogger("firmware_bridge.emulator")


def _sequenced(frame: bytes) -> bool:
    try:
        return decode_frame(frame.strip(b"\x00")).sequenced
    except FrameError:
        return False


def fresh_boot_id() -> int:
    """A random non-zero 32-bit boot id (a new one at every boot, as firmware draws it)."""
    return int.from_bytes(os.urandom(4), "big") or 1



#: ``fresh``: every emulator built takes a new seed (the demo deals a new deck each run); a number: that
#: seed for every emulator (replay a demo run); unset: each profile's own ``seed`` (tests, reproducible).
SEED_ENV = "DEALER_TERMINAL_EMULATOR_SEED"


def emulator_seed(profile_seed: int) -> int:
    """The seed an emulator is built with: the profile's, unless :data:`SEED_ENV` says otherwise."""
    want = os.environ.get(SEED_ENV, "").strip()
    if want == "fresh":
        seed = random.SystemRandom().randrange(2**32)
        log.info("emulator seed %d (%s=%d replays it)", seed, SEED_ENV, seed)
        return seed
    if want.isdigit():
        return int(want)
    return profile_seed

class Nvram:
    """What survives a reboot: the message counter, unacknowledged events and behaviour position.

    With ``path``, kept in a JSON file written atomically (temporary file, then rename) at every change,
    so it also survives the emulator's process being killed.
    """

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = None if path is None else Path(path)
        self.data: dict[str, Any] = {}
        if self.path is not None and self.path.exists():
            self.data = json.loads(self.path.read_text(encoding="utf-8"))

    def save(self, data: dict[str, Any]) -> None:
        """Keep ``data`` (write the file if there is one)."""
        if data == self.data:
            return
        self.data = data
        if self.path is not None:
            tmp = self.path.with_name(self.path.name + ".tmp")
            tmp.write_text(json.dumps(data), encoding="utf-8")
            os.replace(tmp, self.path)


class Emulator:
    """Base class of the emulated devices. Subclasses implement :meth:`on_command` and :meth:`step`."""

    KIND: ClassVar[DeviceKind]

    def __init__(
        self,
        profile: Profile,
        *,
        now: float = 0.0,
        boot_id: int | None = None,
        nvram: Nvram | None = None,
        key_file: str | Path | None = None,
    ) -> None:
        self.profile = profile
        #: The seed of this emulator's cards, dice and line faults (:func:`emulator_seed`).
        self.seed = emulator_seed(profile.seed)
        self.rng = random.Random(self.seed)
        self._line_rng = random.Random(self.seed ^ 0x5EED)
        ident = profile.identity
        lp = profile.link
        self.link = DeviceLink(
            DeviceIdentityTemplate(
                int(self.KIND), ident.model, ident.serial, ident.firmware_version, ident.hash_bytes()
            ),
            LinkConfig(lp.window, lp.rto, lp.heartbeat_interval, lp.comms_timeout, lp.hello_interval),
            now=now,
            boot_id=boot_id if boot_id is not None else fresh_boot_id(),
        )
        self.nvram = nvram or Nvram()
        self.key_file = None if key_file is None else Path(key_file)
        if self.key_file is not None and self.key_file.exists():
            self.link.key = bytes.fromhex(self.key_file.read_text(encoding="ascii").strip())
        self._pairing_until: float | None = None
        self.number = 0  # the last number given to a numbered event (READ, CARD_OUT, DICE, BUTTON)
        self.events_sent = 0
        self.boots = 1
        self._silent_until: float | None = None
        self._disconnect_done = False
        self._reboot_done = False
        self._session_start: float | None = None
        self.frames_dropped = 0
        self.frames_garbled = 0
        self.frames_duplicated = 0
        self._forced: list[str] = []  # line faults injected for the next frames
        self._held_frame: bytes | None = None  # a frame held back by a "reorder" fault
        self._restored = False  # non-volatile memory is read at the first poll (subclasses are built)
        self.link.boot(now)

    def __repr__(self) -> str:  # never shows internal state such as a shuffler's card order
        return f"<{type(self).__name__} {self.profile.identity.serial}>"

    # -- driving -----------------------------------------------------------------------------

    def receive(self, data: bytes, now: float) -> None:
        """Bytes from the host."""
        self._restore()
        if self._silent(now):
            return
        for ev in self.link.receive(data, now):
            self._on_link_event(ev, now)
        self.poll(now)
        self._persist()

    def poll(self, now: float) -> None:
        """Timers and behaviour."""
        self._restore()
        for ev in self.link.poll(now):
            self._on_link_event(ev, now)
        if self.link.established:
            if self._session_start is None:
                self._session_start = now
            self._maybe_reboot(now)
            self.step(now)
        self._maybe_disconnect(now)

    def next_deadline(self) -> float:
        """When :meth:`poll` next has something to do."""
        t = self.link.next_deadline()
        b = self.behaviour_deadline()
        if b is not None:
            t = min(t, b)
        if self._silent_until is not None:
            t = min(t, self._silent_until)
        return t

    def data_to_send(self, now: float) -> bytes:
        """Bytes for the host, after the profile's line faults and the injected ones."""
        faults = self.profile.faults
        out = bytearray()
        for frame in self.link.frames_to_send():
            if self._silent(now):
                self.frames_dropped += 1
                continue
            forced = self._forced[0] if self._forced else None
            if forced in ("gap", "reorder") and not _sequenced(frame):
                forced = None  # these wait for the next sequenced frame
            elif forced is not None:
                self._forced.pop(0)
            r = self._line_rng.random()
            if forced in ("drop", "gap") or (forced is None and r < faults.drop_rate):
                self.frames_dropped += 1
                continue
            if forced == "reorder":
                self._held_frame = frame  # goes out after the next frame: the host sees a gap
                continue
            if forced == "garble" or (forced is None and r < faults.drop_rate + faults.garble_rate):
                self.frames_garbled += 1
                b = bytearray(frame)
                i = self._line_rng.randrange(len(b))
                b[i] ^= self._line_rng.randrange(1, 256)
                out += b
                continue
            out += frame
            if self._held_frame is not None:
                out += self._held_frame
                self._held_frame = None
            if forced == "duplicate" or (
                forced is None and r < faults.drop_rate + faults.garble_rate + faults.duplicate_rate
            ):
                self.frames_duplicated += 1
                out += frame
        return bytes(out)

    # -- live fault injection (demo and training mode, tests) ---------------------------------

    COMMON_FAULTS: ClassVar[tuple[str, ...]] = (
        "pairing", "disconnect", "reboot", "drop_next", "garble_next", "duplicate_next", "gap_next", "reorder_next",
    )  # fmt: skip
    KIND_FAULTS: ClassVar[tuple[str, ...]] = ()

    def inject(self, fault: str, now: float, **params: Any) -> None:
        """Trigger ``fault`` now. Common: ``pairing`` (pairing mode for ``duration`` s, default 120: the
        technician's button on a real device), ``disconnect`` (``duration`` s, default 5), ``reboot``
        (immediately; unacknowledged events are kept, as in non-volatile memory; ``same_boot_id=True``
        keeps the boot id, as faulty firmware might), ``drop_next`` /
        ``garble_next`` / ``duplicate_next`` (``count`` frames, default 1), ``gap_next`` (drop the next
        sequenced frame), ``reorder_next`` (send the next sequenced frame after the one that follows
        it). Per kind: see ``KIND_FAULTS``. Raises
        ValueError naming the faults this device knows."""
        if fault == "pairing":
            self._pairing_until = now + float(params.get("duration", 120.0))
        elif fault == "disconnect":
            self._silent_until = now + float(params.get("duration", 5.0))
        elif fault == "reboot":
            self._reboot(now, keep_boot_id=bool(params.get("same_boot_id", False)))
        elif fault in ("drop_next", "garble_next", "duplicate_next", "gap_next", "reorder_next"):
            self._forced += [fault.removesuffix("_next")] * int(params.get("count", 1))
        elif fault not in self.KIND_FAULTS or not self.inject_kind(fault, now, params):
            known = ", ".join((*self.COMMON_FAULTS, *self.KIND_FAULTS))
            raise ValueError(f"{self.profile.kind} emulator: unknown fault {fault!r} (known: {known})")
        log.info("%s: fault %s injected", self, fault)

    def inject_kind(self, fault: str, now: float, params: dict[str, Any]) -> bool:
        """Per kind: apply one of ``KIND_FAULTS``; True if applied."""
        return False

    # -- for subclasses ----------------------------------------------------------------------

    def emit(self, msg: Message, now: float) -> None:
        """Send a device event (sequenced, reliable); a numbered one gets the next number."""
        if "number" in getattr(msg, "__dataclass_fields__", {}) and not getattr(msg, "number", 0):
            self.number += 1
            msg = dataclasses.replace(msg, number=self.number)  # type: ignore[type-var]
        self.link.send(msg, now)
        self.events_sent += 1
        self._persist()

    def room(self) -> int:
        """How many more events fit in the link's window right now (behaviour waits for room)."""
        n = self.profile.faults.reboot_after_events
        if n is not None and not self._reboot_done and self.events_sent >= n:
            return 0  # the scheduled reboot waits for the link to drain; nothing new meanwhile
        return max(0, self.link.config.window - self.link.in_flight - self.link.queued)

    def on_command(self, msg: Message, now: float) -> None:
        """A command from the host; the default refuses it."""
        self.emit(Rejected(msg.TYPE, RejectReason.UNSUPPORTED), now)

    def step(self, now: float) -> None:
        """Produce whatever events are due (called on every poll while the session is up)."""

    def behaviour_deadline(self) -> float | None:
        """When :meth:`step` next has something to do, if it is waiting on time."""
        return None

    def on_reboot(self, now: float) -> None:
        """Lose volatile state after a reboot."""

    def nv_state(self) -> dict[str, Any]:
        """Per kind: the behaviour position kept in non-volatile memory (JSON-able)."""
        return {}

    def nv_restore(self, state: dict[str, Any]) -> None:
        """Per kind: take the position back after a restart of the process."""

    def elapsed(self, now: float) -> float:
        """Seconds since the session opened (for scripted behaviour)."""
        return 0.0 if self._session_start is None else now - self._session_start

    # -- internals ---------------------------------------------------------------------------

    def _on_link_event(self, ev: LinkEvent, now: float) -> None:
        if not isinstance(ev, Received) or ev.seq is None:
            return
        msg = ev.message
        if isinstance(msg, EchoRequest):
            self.link.send(EchoReply(msg.data), now)
        elif isinstance(msg, Pair):
            self._pair(msg.key, now)
        elif isinstance(msg, CountersRequest):
            c = self.link.counters
            self.link.send(
                Counters(c.frames_in, c.frames_out, c.bad_frames, c.retransmits, c.duplicates), now
            )
        else:
            self.on_command(msg, now)

    def _pair(self, key: bytes, now: float) -> None:
        """Keep ``key`` if the device is in pairing mode (then leave it), else refuse."""
        if self._pairing_until is None or now > self._pairing_until:
            self.link.send(Rejected(Pair.TYPE, RejectReason.NOT_PAIRING), now)
            return
        self._pairing_until = None
        self.link.key = key
        if self.key_file is not None:
            self.key_file.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.key_file.with_name(self.key_file.name + ".tmp")
            tmp.write_text(key.hex(), encoding="ascii")
            os.chmod(tmp, 0o600)
            os.replace(tmp, self.key_file)
        self.link.send(Paired(int(fingerprint(key), 16)), now)
        log.info("%s: paired (key %s)", self, fingerprint(key))

    @property
    def pairing(self) -> bool:
        """True while the device accepts a new pairing key."""
        return self._pairing_until is not None

    def _silent(self, now: float) -> bool:
        if self._silent_until is None:
            return False
        if now >= self._silent_until:
            log.info("%s: reconnected", self)
            self._silent_until = None
            return False
        return True

    def _maybe_disconnect(self, now: float) -> None:
        d = self.profile.faults.disconnect
        if d is None or self._disconnect_done or self.events_sent < d.after_events:
            return
        self._disconnect_done = True
        self._silent_until = now + d.duration
        log.info("%s: disconnected for %.1f s (fault schedule)", self, d.duration)

    def _maybe_reboot(self, now: float) -> None:
        n = self.profile.faults.reboot_after_events
        if n is None or self._reboot_done or self.events_sent < n or not self.link.idle:
            return
        self._reboot_done = True
        self._reboot(now)

    def _reboot(self, now: float, *, keep_boot_id: bool = False) -> None:
        self.boots += 1
        log.info("%s: rebooting", self)
        kept = self._pending()
        self.link.reboot(now, self.link.boot_id if keep_boot_id else fresh_boot_id())
        self._requeue(kept)
        self._session_start = None
        self.on_reboot(now)

    def _pending(self) -> list[tuple[int, bytes]]:
        return self.link.pending_messages()

    def _requeue(self, pending: list[tuple[int, bytes]]) -> None:
        self.link.requeue(pending)

    def _persist(self) -> None:
        self.nvram.save(
            {
                "number": self.number,
                "pending": [[t, p.hex()] for t, p in self._pending()],
                "behaviour": self.nv_state(),
            }
        )

    def _restore(self) -> None:
        if self._restored:
            return
        self._restored = True
        data = self.nvram.data
        if not data:
            return
        self.number = int(data.get("number", 0))
        self._requeue([(int(t), bytes.fromhex(p)) for t, p in data.get("pending", [])])
        self.nv_restore(dict(data.get("behaviour", {})))
        log.info(
            "%s: restored %d pending events from non-volatile memory", self, len(data.get("pending", []))
        )
