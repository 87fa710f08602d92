"""The message codec (sans-IO): typed messages <-> (type byte, payload bytes).

Every message is a frozen dataclass with a ``TYPE`` byte and a field layout in ``LAYOUT``. Field
kinds (all integers big-endian):

- ``u8`` / ``u16`` / ``u32``: unsigned integers;
- ``card``: one byte, the card's index (``rank_index * 4 + suit``: 2c=0, 2d=1, 2h=2, 2s=3, … As=51),
  the joker 52, an unread card 0xFF (decoded as ``None``);
- ``cards``: a count byte then that many ``card`` bytes (unread not allowed);
- ``str``: a length byte then that many UTF-8 bytes;
- ``hash``: 32 raw bytes (a SHA-256, or an HMAC-SHA-256 proof);
- ``nonce``: 16 raw bytes (a handshake challenge);
- ``key``: 32 raw bytes (a pairing key);
- ``bytes``: the rest of the payload.

A payload that does not fit its message's layout raises :class:`CodecError`, never anything else.
docs/protocol.md lists every message byte for byte.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, fields
from enum import IntEnum
from typing import Any, ClassVar, Final

from kernel.cards import ALL_CARDS, Card

PROTOCOL_VERSION: Final = 2
#: What an IDENTITY from a device with no pairing key carries as its proof.
NO_PROOF: Final = bytes(32)
UNREAD_BYTE: Final = 0xFF


class CodecError(Exception):
    """A frame whose payload is not a valid message. Names the message type and what was wrong."""


class DeviceKind(IntEnum):
    """The device kinds of the reference protocol (the ``kind`` byte of IDENTITY)."""

    SHUFFLER = 1
    SHOE = 2
    DICE_CUP = 3
    PANEL = 4
    TILE_READER = 5

    @property
    def label(self) -> str:
        """Lower-case name used in configuration (``shuffler``, ``shoe``, ``dice_cup``, ``panel``)."""
        return self.name.lower()

    @classmethod
    def from_label(cls, text: str) -> DeviceKind:
        """Parse a configuration label such as ``dice_cup`` (``dice-cup`` also accepted)."""
        try:
            return cls[text.strip().upper().replace("-", "_")]
        except KeyError:
            known = ", ".join(k.label for k in cls)
            raise ValueError(f"unknown device kind {text!r} (known: {known})") from None


class PacketMode(IntEnum):
    """How the shuffler hands out cards."""

    SINGLE = 0  # one card per dispense
    HANDS = 1  # packets of N cards, one per hand
    PILES = 2  # piles of N cards (e.g. Pai Gow's seven piles)


@dataclass(frozen=True, slots=True)
class Message:
    """Base class of every message."""

    TYPE: ClassVar[int] = -1
    LAYOUT: ClassVar[tuple[str, ...]] = ()
    SEQUENCED: ClassVar[bool] = True


# --- session and link ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hello(Message):
    """Host -> device: open (or re-confirm) a session; ``nonce`` is the host's fresh challenge."""

    TYPE: ClassVar[int] = 0x01
    LAYOUT: ClassVar[tuple[str, ...]] = ("u8", "u32", "nonce")
    SEQUENCED: ClassVar[bool] = False
    protocol_version: int
    session: int
    nonce: bytes = bytes(16)


@dataclass(frozen=True, slots=True)
class Identity(Message):
    """Device -> host: who the device is. ``session`` echoes the host's HELLO, 0 when announcing a boot.

    ``uptime_ms`` is the time since the device booted (a smaller figure than the host last heard means
    it rebooted, whatever its ``boot_id``); ``nonce`` is the device's fresh challenge and ``proof`` the HMAC-SHA-256 with its pairing key over
    both challenges and the identity (docs/protocol.md §3.2); :data:`NO_PROOF` from an unpaired device.
    """

    TYPE: ClassVar[int] = 0x02
    LAYOUT: ClassVar[tuple[str, ...]] = (
        "u8", "u8", "u32", "u32", "hash", "str", "str", "str", "u32", "nonce", "hash",
    )  # fmt: skip
    SEQUENCED: ClassVar[bool] = False
    protocol_version: int
    kind: int
    boot_id: int
    session: int
    firmware_hash: bytes
    model: str
    serial: str
    firmware_version: str
    uptime_ms: int = 0
    nonce: bytes = bytes(16)
    proof: bytes = NO_PROOF


@dataclass(frozen=True, slots=True)
class Ack(Message):
    """Either way: a bare acknowledgement (the ack byte and flags carry it)."""

    TYPE: ClassVar[int] = 0x03
    SEQUENCED: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class Heartbeat(Message):
    """Either way: sent when the line has been idle; ``uptime_ms`` wraps at 2**32."""

    TYPE: ClassVar[int] = 0x04
    LAYOUT: ClassVar[tuple[str, ...]] = ("u32",)
    SEQUENCED: ClassVar[bool] = False
    uptime_ms: int


@dataclass(frozen=True, slots=True)
class EchoRequest(Message):
    """Host -> device: diagnostics; the device answers ECHO_REPLY with the same bytes."""

    TYPE: ClassVar[int] = 0x05
    LAYOUT: ClassVar[tuple[str, ...]] = ("bytes",)
    data: bytes


@dataclass(frozen=True, slots=True)
class EchoReply(Message):
    """Device -> host: the bytes of the ECHO_REQUEST."""

    TYPE: ClassVar[int] = 0x06
    LAYOUT: ClassVar[tuple[str, ...]] = ("bytes",)
    data: bytes


@dataclass(frozen=True, slots=True)
class CountersRequest(Message):
    """Host -> device: ask for the link counters."""

    TYPE: ClassVar[int] = 0x07


@dataclass(frozen=True, slots=True)
class Counters(Message):
    """Device -> host: the device's link counters since boot."""

    TYPE: ClassVar[int] = 0x08
    LAYOUT: ClassVar[tuple[str, ...]] = ("u32", "u32", "u32", "u32", "u32")
    frames_in: int
    frames_out: int
    bad_frames: int
    retransmits: int
    duplicates: int


@dataclass(frozen=True, slots=True)
class Rejected(Message):
    """Device -> host: a command that the device refused in its present state."""

    TYPE: ClassVar[int] = 0x09
    LAYOUT: ClassVar[tuple[str, ...]] = ("u8", "u8")
    command_type: int
    reason: int


@dataclass(frozen=True, slots=True)
class Fault(Message):
    """Device -> host: a fault with a device-specific code and a short text."""

    TYPE: ClassVar[int] = 0x0A
    LAYOUT: ClassVar[tuple[str, ...]] = ("u8", "str")
    code: int
    detail: str


class RejectReason(IntEnum):
    """Reason byte of REJECTED."""

    NOT_CONFIGURED = 1
    NOT_SHUFFLED = 2
    FAULT_ACTIVE = 3
    BAD_ARGUMENT = 4
    NOT_ARMED = 5
    UNSUPPORTED = 6
    NOT_PAIRING = 7  # PAIR while the device is not in pairing mode


@dataclass(frozen=True, slots=True)
class Pair(Message):
    """Host -> device: keep ``key`` as this device's pairing key (accepted only in pairing mode)."""

    TYPE: ClassVar[int] = 0x0B
    LAYOUT: ClassVar[tuple[str, ...]] = ("key",)
    key: bytes

    def __repr__(self) -> str:  # never shows the key
        return "Pair(key=…)"


@dataclass(frozen=True, slots=True)
class Paired(Message):
    """Device -> host: the key is kept; ``fingerprint`` is the first 4 bytes of its fingerprint."""

    TYPE: ClassVar[int] = 0x0C
    LAYOUT: ClassVar[tuple[str, ...]] = ("u32",)
    fingerprint: int


# --- shuffler --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ConfigureShuffler(Message):
    """Host -> shuffler: decks, jokers, packet mode, cards per packet, packets (hands) per round."""

    TYPE: ClassVar[int] = 0x20
    LAYOUT: ClassVar[tuple[str, ...]] = ("u8", "u8", "u8", "u8", "u8")
    decks: int
    jokers: int
    mode: int
    packet_size: int
    packets: int


@dataclass(frozen=True, slots=True)
class Shuffle(Message):
    """Host -> shuffler: shuffle and verify the loaded deck."""

    TYPE: ClassVar[int] = 0x21


@dataclass(frozen=True, slots=True)
class Dispense(Message):
    """Host -> shuffler: hand out the next packet (or card, in single mode)."""

    TYPE: ClassVar[int] = 0x22


@dataclass(frozen=True, slots=True)
class ClearFault(Message):
    """Host -> shuffler: the dealer cleared the jam or closed the door; resume."""

    TYPE: ClassVar[int] = 0x23


@dataclass(frozen=True, slots=True)
class DeckReport(Message):
    """Shuffler -> host: the deck-verification report after a shuffle."""

    TYPE: ClassVar[int] = 0x28
    LAYOUT: ClassVar[tuple[str, ...]] = ("u16", "u16", "cards", "cards", "cards")
    count: int
    expected: int
    missing: tuple[Card, ...]
    extra: tuple[Card, ...]
    duplicates: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class ShuffleComplete(Message):
    """Shuffler -> host: the shuffle is done and the shuffler is ready to dispense."""

    TYPE: ClassVar[int] = 0x29
    LAYOUT: ClassVar[tuple[str, ...]] = ("u32", "u16")
    shuffle_id: int
    count: int


@dataclass(frozen=True, slots=True)
class CardOut(Message):
    """Shuffler -> host: one card handed out (``card`` None if unrecognised); ``number`` as in READ."""

    TYPE: ClassVar[int] = 0x2A
    LAYOUT: ClassVar[tuple[str, ...]] = ("card", "u8", "u8", "u8", "u32")
    card: Card | None
    face_up: int
    pile: int
    position: int
    number: int = 0


@dataclass(frozen=True, slots=True)
class PacketComplete(Message):
    """Shuffler -> host: a packet or pile is complete."""

    TYPE: ClassVar[int] = 0x2B
    LAYOUT: ClassVar[tuple[str, ...]] = ("u8", "u8")
    pile: int
    count: int


@dataclass(frozen=True, slots=True)
class Jam(Message):
    """Shuffler -> host: a jam after ``dispensed`` cards this round."""

    TYPE: ClassVar[int] = 0x2C
    LAYOUT: ClassVar[tuple[str, ...]] = ("u16", "u8")
    dispensed: int
    location: int


@dataclass(frozen=True, slots=True)
class ShortPacket(Message):
    """Shuffler -> host: a packet came out with fewer cards than configured."""

    TYPE: ClassVar[int] = 0x2D
    LAYOUT: ClassVar[tuple[str, ...]] = ("u8", "u8", "u8")
    pile: int
    expected: int
    delivered: int


@dataclass(frozen=True, slots=True)
class Door(Message):
    """Shuffler -> host: the door (lid) opened (1) or closed (0)."""

    TYPE: ClassVar[int] = 0x2E
    LAYOUT: ClassVar[tuple[str, ...]] = ("u8",)
    open: int


@dataclass(frozen=True, slots=True)
class FaceUpInside(Message):
    """Shuffler -> host: a face-up card found inside during the shuffle."""

    TYPE: ClassVar[int] = 0x2F
    LAYOUT: ClassVar[tuple[str, ...]] = ("card",)
    card: Card | None


# --- reading shoe ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Read(Message):
    """Shoe -> host: a card drawn. ``card`` None if unreadable; ``quality`` 0-100.

    ``number`` is the shoe's read counter (1, 2, …; kept in the shoe's non-volatile memory, so it runs
    on across reboots): a read the shoe sends again after a reboot carries the same number, and the host
    drops it as a copy. 0 means the shoe does not number its reads.
    """

    TYPE: ClassVar[int] = 0x30
    LAYOUT: ClassVar[tuple[str, ...]] = ("card", "u8", "u8", "u32")
    card: Card | None
    face_up: int
    quality: int
    number: int = 0


@dataclass(frozen=True, slots=True)
class ShoeEmptyMsg(Message):
    """Shoe -> host: no cards left."""

    TYPE: ClassVar[int] = 0x31


@dataclass(frozen=True, slots=True)
class CutCardMsg(Message):
    """Shoe -> host: the cut card came out."""

    TYPE: ClassVar[int] = 0x32


# --- dice cup --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cover(Message):
    """Dice cup -> host: the cover closed (1) or opened (0)."""

    TYPE: ClassVar[int] = 0x40
    LAYOUT: ClassVar[tuple[str, ...]] = ("u8",)
    closed: int


@dataclass(frozen=True, slots=True)
class Shake(Message):
    """Dice cup -> host: a shake finished, with its quality figure 0-100."""

    TYPE: ClassVar[int] = 0x41
    LAYOUT: ClassVar[tuple[str, ...]] = ("u8",)
    quality: int


@dataclass(frozen=True, slots=True)
class Dice(Message):
    """Dice cup -> host: the three dice as read; ``number`` as in READ (the cup's result counter)."""

    TYPE: ClassVar[int] = 0x42
    LAYOUT: ClassVar[tuple[str, ...]] = ("u8", "u8", "u8", "u32")
    d1: int
    d2: int
    d3: int
    number: int = 0


@dataclass(frozen=True, slots=True)
class ArmCup(Message):
    """Host -> dice cup: betting is closed for ``round``; one shake and one result may follow."""

    TYPE: ClassVar[int] = 0x48
    LAYOUT: ClassVar[tuple[str, ...]] = ("u16",)
    round: int


# --- button and display panel ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Button(Message):
    """Panel -> host: a button was released after being held ``held_ms`` milliseconds.

    ``number`` as in READ (the panel's press counter)."""

    TYPE: ClassVar[int] = 0x50
    LAYOUT: ClassVar[tuple[str, ...]] = ("u8", "u16", "u32")
    button: int
    held_ms: int
    number: int = 0


@dataclass(frozen=True, slots=True)
class SetLamps(Message):
    """Host -> panel: lamp bit ``i`` lit (``lit``) and/or blinking (``blink``)."""

    TYPE: ClassVar[int] = 0x58
    LAYOUT: ClassVar[tuple[str, ...]] = ("u16", "u16")
    lit: int
    blink: int


@dataclass(frozen=True, slots=True)
class SetDisplay(Message):
    """Host -> panel: the two lines of the text display (at most 20 characters each)."""

    TYPE: ClassVar[int] = 0x59
    LAYOUT: ClassVar[tuple[str, ...]] = ("str", "str")
    line1: str
    line2: str


# --- tile reader (Pai Gow Tiles) -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TileTray(Message):
    """Tile reader -> host: the four tiles of a position's tray, each ``high << 4 | low`` pips (0x66 for 6-6,
    0x42 for 4-2), 0 for a tile it could not read; ``number`` as in READ."""

    TYPE: ClassVar[int] = 0x60
    LAYOUT: ClassVar[tuple[str, ...]] = ("u8", "u8", "u8", "u8", "u8", "u32")
    position: int
    t1: int
    t2: int
    t3: int
    t4: int
    number: int = 0


MESSAGE_TYPES: Final[dict[int, type[Message]]] = {
    cls.TYPE: cls
    for cls in (
        Hello, Identity, Ack, Heartbeat, EchoRequest, EchoReply, CountersRequest, Counters, Rejected,
        Fault, Pair, Paired, ConfigureShuffler, Shuffle, Dispense, ClearFault, DeckReport, ShuffleComplete, CardOut,
        PacketComplete, Jam, ShortPacket, Door, FaceUpInside, Read, ShoeEmptyMsg, CutCardMsg, Cover,
        Shake, Dice, ArmCup, Button, SetLamps, SetDisplay, TileTray,
    )
}  # fmt: skip

_INT_SIZES: Final = {"u8": 1, "u16": 2, "u32": 4}
_FIXED: Final = {"hash": 32, "nonce": 16, "key": 32}
_INT_STRUCT: Final = {"u8": struct.Struct(">B"), "u16": struct.Struct(">H"), "u32": struct.Struct(">I")}


def _card_byte(card: Card | None, allow_unread: bool, name: str) -> int:
    if card is None:
        if not allow_unread:
            raise CodecError(f"{name}: an unread card is not allowed here")
        return UNREAD_BYTE
    if not isinstance(card, Card):
        raise CodecError(f"{name}: {card!r} is not a card")
    return card.index


def _byte_card(b: int, allow_unread: bool, name: str) -> Card | None:
    if b == UNREAD_BYTE and allow_unread:
        return None
    if b < len(ALL_CARDS):
        return ALL_CARDS[b]
    raise CodecError(f"{name}: byte 0x{b:02x} is not a card")


def encode_payload(msg: Message) -> bytes:
    """The payload bytes of ``msg``. Raises :class:`CodecError` if a field does not fit its layout."""
    out = bytearray()
    name = type(msg).__name__
    for f, kind in zip(fields(msg), msg.LAYOUT, strict=True):
        value: Any = getattr(msg, f.name)
        where = f"{name}.{f.name}"
        if kind in _INT_STRUCT:
            if not isinstance(value, int):
                raise CodecError(f"{where}: {value!r} is not an integer")
            if not 0 <= value < 1 << (8 * _INT_SIZES[kind]):
                raise CodecError(f"{where}: {value} does not fit {kind}")
            out += _INT_STRUCT[kind].pack(value)
        elif kind == "card":
            out.append(_card_byte(value, True, where))
        elif kind == "cards":
            cards = tuple(value)
            if len(cards) > 0xFF:
                raise CodecError(f"{where}: {len(cards)} cards do not fit a count byte")
            out.append(len(cards))
            out += bytes(_card_byte(c, False, where) for c in cards)
        elif kind == "str":
            if not isinstance(value, str):
                raise CodecError(f"{where}: {value!r} is not text")
            raw = value.encode("utf-8")
            if len(raw) > 0xFF:
                raise CodecError(f"{where}: text of {len(raw)} bytes exceeds 255")
            out.append(len(raw))
            out += raw
        elif kind in _FIXED:
            if not isinstance(value, bytes | bytearray) or len(value) != _FIXED[kind]:
                raise CodecError(f"{where}: a {kind} is exactly {_FIXED[kind]} bytes")
            out += value
        elif kind == "bytes":
            if not isinstance(value, bytes | bytearray):
                raise CodecError(f"{where}: {value!r} is not bytes")
            out += value
        else:  # pragma: no cover - layouts are fixed in this module
            raise CodecError(f"{where}: unknown field kind {kind!r}")
    return bytes(out)


def decode_payload(type_byte: int, payload: bytes) -> Message:
    """The message of type ``type_byte`` carried by ``payload``. Raises only :class:`CodecError`."""
    cls = MESSAGE_TYPES.get(type_byte)
    if cls is None:
        raise CodecError(f"unknown message type 0x{type_byte:02x}")
    name = cls.__name__
    values: list[Any] = []
    i = 0
    n = len(payload)
    for f, kind in zip(fields(cls), cls.LAYOUT, strict=True):
        where = f"{name}.{f.name}"
        if kind in _INT_STRUCT:
            size = _INT_SIZES[kind]
            if i + size > n:
                raise CodecError(f"{where}: payload ends early ({n} bytes)")
            values.append(_INT_STRUCT[kind].unpack_from(payload, i)[0])
            i += size
        elif kind == "card":
            if i >= n:
                raise CodecError(f"{where}: payload ends early ({n} bytes)")
            values.append(_byte_card(payload[i], True, where))
            i += 1
        elif kind == "cards":
            if i >= n:
                raise CodecError(f"{where}: payload ends early ({n} bytes)")
            count = payload[i]
            if i + 1 + count > n:
                raise CodecError(f"{where}: {count} cards announced, payload ends early")
            values.append(tuple(_byte_card(b, False, where) for b in payload[i + 1 : i + 1 + count]))
            i += 1 + count
        elif kind == "str":
            if i >= n:
                raise CodecError(f"{where}: payload ends early ({n} bytes)")
            size = payload[i]
            if i + 1 + size > n:
                raise CodecError(f"{where}: {size} bytes of text announced, payload ends early")
            try:
                values.append(payload[i + 1 : i + 1 + size].decode("utf-8"))
            except UnicodeDecodeError:
                raise CodecError(f"{where}: text is not UTF-8") from None
            i += 1 + size
        elif kind in _FIXED:
            size = _FIXED[kind]
            if i + size > n:
                raise CodecError(f"{where}: a {kind} is {size} bytes, payload ends early")
            values.append(bytes(payload[i : i + size]))
            i += size
        elif kind == "bytes":
            values.append(bytes(payload[i:]))
            i = n
    if i != n:
        raise CodecError(f"{name}: {n - i} unexpected bytes after the last field")
    return cls(*values)
