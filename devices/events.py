"""Typed device events: what the rest of the terminal consumes from the drivers.

Every event is a frozen dataclass deriving from :class:`DeviceEvent`, with a keyword-only ``device``
(the configured device name). Events that correspond to a code of the closed alert vocabulary
(docs/architecture.md §4) expose it as ``alert_code``; the controller maps the code to the room's ruling. Events
with ``alert_code`` None are information (journaled, not alerts).

The shuffler's card order never appears here: :class:`CardDispensed` is emitted only after the card
has left the shuffler.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from kernel.cards import Card


@dataclass(frozen=True, kw_only=True)
class DeviceEvent:
    """Base of every device event."""

    alert_code: ClassVar[str | None] = None
    device: str = ""


# --- identity and link health ----------------------------------------------------------------


@dataclass(frozen=True)
class DeviceIdentity(DeviceEvent):
    """The handshake: what the device says it is."""

    kind: str
    model: str
    serial: str
    firmware_version: str
    firmware_hash: str  # lower-case hex SHA-256
    protocol_version: int
    boot_id: int = 0


@dataclass(frozen=True)
class ProgramIntegrityFailed(DeviceEvent):
    """The firmware hash differs from the one the configuration expects. The device is disabled."""

    alert_code: ClassVar[str | None] = "PROGRAM_INTEGRITY"
    expected_hash: str
    reported_hash: str
    firmware_version: str


@dataclass(frozen=True)
class CommsLost(DeviceEvent):
    """No heartbeat (or any valid frame) for the configured timeout."""

    alert_code: ClassVar[str | None] = "COMMS_LOST"
    silent_for: float


@dataclass(frozen=True)
class CommsRestored(DeviceEvent):
    """Frames are arriving again after :class:`CommsLost`."""


@dataclass(frozen=True)
class DeviceRestarted(DeviceEvent):
    """The device came back having rebooted; it must be acknowledged (``Device.acknowledge_restart``).

    ``dropped_commands``: commands sent before the reboot that the device never confirmed; they are not
    resent.
    """

    alert_code: ClassVar[str | None] = "DEVICE_RESTARTED"
    boot_id: int
    dropped_commands: int = 0
    why: str = ""


@dataclass(frozen=True)
class SequenceGap(DeviceEvent):
    """Frames were lost on the line; the link resynchronised by retransmission (nothing was lost)."""

    expected: int
    received: int


@dataclass(frozen=True)
class DeviceRefused(DeviceEvent):
    """The device on ``port`` failed to prove it is the paired device, or is not paired; it is refused
    (no command goes to it and nothing it sends is believed) until a technician pairs it."""

    alert_code: ClassVar[str | None] = "DEVICE_FAULT"
    port: str
    reason: str


@dataclass(frozen=True)
class DeviceFault(DeviceEvent):
    """A fault the device reported, or a message that made no sense in the device's state."""

    alert_code: ClassVar[str | None] = "DEVICE_FAULT"
    code: int
    detail: str


@dataclass(frozen=True)
class CommandRejected(DeviceEvent):
    """The device refused a command (e.g. dispense before shuffle)."""

    command: str
    reason: str


# --- shuffler --------------------------------------------------------------------------------


@dataclass(frozen=True)
class ShufflerConfigured(DeviceEvent):
    """The technician's configuration as sent to the shuffler."""

    decks: int
    jokers: int
    mode: str  # single | hands | piles
    packet_size: int
    packets: int


@dataclass(frozen=True)
class DeckVerified(DeviceEvent):
    """The shuffler's deck-verification report. ``alert_code`` is set when the deck is not right."""

    count: int
    expected: int
    missing: tuple[Card, ...] = ()
    extra: tuple[Card, ...] = ()
    duplicates: tuple[Card, ...] = ()

    @property
    def ok(self) -> bool:
        """True if the deck is exactly what was configured."""
        return self.count == self.expected and not (self.missing or self.extra or self.duplicates)

    @property
    def alert_code(self) -> str | None:  # type: ignore[override]
        """DUPLICATE_CARD, FOREIGN_CARD (extra cards), DECK_COUNT_MISMATCH, or None if the deck is right."""
        if self.duplicates:
            return "DUPLICATE_CARD"
        if self.extra:
            return "FOREIGN_CARD"
        if not self.ok:
            return "DECK_COUNT_MISMATCH"
        return None


@dataclass(frozen=True)
class ShuffleComplete(DeviceEvent):
    """A shuffle finished; the shuffler is ready to dispense."""

    shuffle_id: int
    count: int


@dataclass(frozen=True)
class CardDispensed(DeviceEvent):
    """A card left the shuffler. ``card`` None if the shuffler could not recognise it."""

    card: Card | None
    face_up: bool
    pile: int
    position: int
    number: int = 0


@dataclass(frozen=True)
class PacketDispensed(DeviceEvent):
    """A packet (hand or pile) is complete."""

    pile: int
    count: int


@dataclass(frozen=True)
class ShufflerJam(DeviceEvent):
    """The shuffler jammed after ``dispensed`` cards this round; the dealer clears it and resumes."""

    alert_code: ClassVar[str | None] = "SHUFFLER_JAM"
    dispensed: int
    location: int = 0


@dataclass(frozen=True)
class ShortDispense(DeviceEvent):
    """A packet came out with fewer cards than configured."""

    alert_code: ClassVar[str | None] = "SHORT_DISPENSE"
    pile: int
    expected: int
    delivered: int


@dataclass(frozen=True)
class DoorOpen(DeviceEvent):
    """The shuffler's door (lid) opened."""

    alert_code: ClassVar[str | None] = "DEVICE_FAULT"


@dataclass(frozen=True)
class DoorClosed(DeviceEvent):
    """The shuffler's door closed."""


@dataclass(frozen=True)
class FaceUpCardInShuffler(DeviceEvent):
    """A face-up card was found inside the shuffler (``card`` None if unrecognised)."""

    alert_code: ClassVar[str | None] = "DEVICE_FAULT"
    card: Card | None = None


# --- reading shoe ----------------------------------------------------------------------------


@dataclass(frozen=True)
class CardRead(DeviceEvent):
    """A card drawn from the shoe. ``card`` None only for :class:`UnreadableCard`.

    ``number`` is the shoe's read counter (0 if the shoe does not number its reads).
    """

    card: Card | None
    face_up: bool = False
    quality: int = 100
    number: int = 0


@dataclass(frozen=True)
class UnreadableCard(CardRead):
    """A card drawn that the shoe could not read (a :class:`CardRead` with ``card`` None)."""

    alert_code: ClassVar[str | None] = "UNREADABLE_CARD"
    card: Card | None = field(default=None)


@dataclass(frozen=True)
class ShoeEmpty(DeviceEvent):
    """No cards left in the shoe."""


@dataclass(frozen=True)
class CutCardReached(DeviceEvent):
    """The cut card came out: this is the last round of the shoe."""


# --- dice cup --------------------------------------------------------------------------------


@dataclass(frozen=True)
class CupClosed(DeviceEvent):
    """The dice cup's cover closed."""


@dataclass(frozen=True)
class CupOpened(DeviceEvent):
    """The dice cup's cover opened."""


@dataclass(frozen=True)
class CupOpenedEarly(DeviceEvent):
    """The cover opened before the round was armed or before a good shake; no dice accepted."""

    alert_code: ClassVar[str | None] = "CUP_OPENED_EARLY"
    reason: str


@dataclass(frozen=True)
class ShakeReported(DeviceEvent):
    """A shake with its quality figure (0-100) and whether it met the threshold."""

    quality: int
    threshold: int

    @property
    def sufficient(self) -> bool:
        """True if the shake met the configured threshold."""
        return self.quality >= self.threshold


@dataclass(frozen=True)
class InsufficientShake(DeviceEvent):
    """A shake below the threshold: the result must not be used until a good shake."""

    alert_code: ClassVar[str | None] = "INSUFFICIENT_SHAKE"
    quality: int
    threshold: int


@dataclass(frozen=True)
class DiceRolled(DeviceEvent):
    """The round's three dice, accepted (cover opened after a good shake, first result this round)."""

    d1: int
    d2: int
    d3: int
    round: int = 0
    number: int = 0  # the cup's result counter

    @property
    def total(self) -> int:
        """The sum of the three dice (3-18)."""
        return self.d1 + self.d2 + self.d3


@dataclass(frozen=True)
class DiceRejected(DeviceEvent):
    """A dice result that was not accepted (cup not opened, opened early, or a second result)."""

    alert_code: ClassVar[str | None] = "CUP_OPENED_EARLY"
    d1: int
    d2: int
    d3: int
    reason: str
    number: int = 0


# --- buttons and panels ----------------------------------------------------------------------


@dataclass(frozen=True)
class ButtonPressed(DeviceEvent):
    """A button press; ``long_press`` if held at least the long-press time (2 s)."""

    button_id: str
    long_press: bool
    held_ms: int = 0
    destructive: bool = False
    number: int = 0  # the panel's press counter

    @property
    def acts(self) -> bool:
        """True if the press should act: destructive buttons (misdeal, undo, …) need a long press."""
        return self.long_press or not self.destructive


# --- tile reader (Pai Gow Tiles) ---------------------------------------------------------------


@dataclass(frozen=True)
class TilesRead(DeviceEvent):
    """A position's tray was read: its tiles by face (unread ones left out), the reader's counter."""

    position: int = 0
    tiles: tuple[str, ...] = ()
    number: int = 0


@dataclass(frozen=True)
class UnreadableTile(DeviceEvent):
    """A tile on a position's tray that the reader could not read."""

    alert_code: ClassVar[str | None] = "UNREADABLE_CARD"
    position: int = 0
    slot: int = 0
    raw: int = 0


#: Every device event, a closed union: the table matches it exhaustively (``terminal/table/device_events.py``
#: ends each match in ``typing.assert_never``), so a new event is a type error until the table handles it.
AnyDeviceEvent = (
    DeviceIdentity
    | ProgramIntegrityFailed
    | CommsLost
    | CommsRestored
    | DeviceRestarted
    | SequenceGap
    | DeviceRefused
    | DeviceFault
    | CommandRejected
    | ShufflerConfigured
    | DeckVerified
    | ShuffleComplete
    | CardDispensed
    | PacketDispensed
    | ShufflerJam
    | ShortDispense
    | DoorOpen
    | DoorClosed
    | FaceUpCardInShuffler
    | CardRead
    | UnreadableCard
    | ShoeEmpty
    | CutCardReached
    | CupClosed
    | CupOpened
    | CupOpenedEarly
    | ShakeReported
    | InsufficientShake
    | DiceRolled
    | DiceRejected
    | ButtonPressed
    | TilesRead
    | UnreadableTile
)

ALERT_EVENTS: tuple[type[DeviceEvent], ...] = (
    ProgramIntegrityFailed,
    CommsLost,
    DeviceRestarted,
    DeviceRefused,
    DeviceFault,
    DeckVerified,
    ShufflerJam,
    ShortDispense,
    DoorOpen,
    FaceUpCardInShuffler,
    UnreadableCard,
    CupOpenedEarly,
    InsufficientShake,
    DiceRejected,
)
