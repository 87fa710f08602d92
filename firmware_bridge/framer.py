"""Frames on the wire (sans-IO): bytes <-> :class:`Frame`.

Protocol 2. A frame body is ``type, flags, seq, ack, length, payload…, [tag…], crc32c``: five header
bytes, where ``length`` is the payload's length (0 to :data:`MAX_PAYLOAD`), the payload, an 8-byte
message authentication tag when the ``MAC`` flag is set (docs/protocol.md §3.2), and a CRC-32C of
everything before it, big-endian. The body is COBS-encoded and sent between two 0x00 delimiters:
``00 <cobs(body)> 00``. The leading delimiter means line noise before a frame can never merge with it,
so the decoder resynchronises at the very next frame after any damage.

The explicit length and the 32-bit CRC close the holes protocol 1's CRC-16 left open (a lost trailing
byte or a flipped COBS code could leave a frame valid): the body's size must match ``length`` exactly,
and a damaged body passes the CRC with probability 2^-32. See docs/protocol.md §2.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from firmware_bridge.cobs import CobsError, cobs_decode, cobs_encode
from firmware_bridge.crc import crc32c

DELIMITER: Final = 0x00
HEADER_SIZE: Final = 5
CRC_SIZE: Final = 4
TAG_SIZE: Final = 8
MAX_PAYLOAD: Final = 240
MAX_BODY: Final = HEADER_SIZE + MAX_PAYLOAD + TAG_SIZE + CRC_SIZE
#: Longest COBS block a valid frame can produce; anything longer between delimiters is noise.
MAX_ENCODED: Final = MAX_BODY + MAX_BODY // 254 + 1

FLAG_SEQ: Final = 0x01  # sequenced: delivered once, in order, acknowledged, retransmitted
FLAG_ACK: Final = 0x02  # the ack byte is meaningful
FLAG_NAK: Final = 0x04  # the receiver saw a gap: resend everything after ``ack``
FLAG_MAC: Final = 0x08  # an authentication tag follows the payload
FLAGS_KNOWN: Final = FLAG_SEQ | FLAG_ACK | FLAG_NAK | FLAG_MAC


class FrameError(Exception):
    """The framer's one typed error: a damaged, truncated or overlong frame. Names what was wrong."""

    def __init__(self, reason: str, raw: bytes = b"") -> None:
        self.reason = reason
        self.raw = raw
        super().__init__(reason)


@dataclass(frozen=True, slots=True)
class Frame:
    """One decoded frame. ``tag`` is the authentication tag (empty unless the ``MAC`` flag is set)."""

    type: int
    flags: int = 0
    seq: int = 0
    ack: int = 0
    payload: bytes = b""
    tag: bytes = b""

    @property
    def sequenced(self) -> bool:
        """True if the frame carries a sequence number that the receiver must acknowledge."""
        return bool(self.flags & FLAG_SEQ)

    def header(self) -> bytes:
        """The five header bytes (the authentication tag covers them and the payload)."""
        return bytes((self.type, self.flags, self.seq, self.ack, len(self.payload)))


def frame_body(frame: Frame) -> bytes:
    """The unencoded body of ``frame``: header, payload, tag and CRC."""
    if not (0 <= frame.type <= 0xFF and 0 <= frame.seq <= 0xFF and 0 <= frame.ack <= 0xFF):
        raise FrameError(f"header byte out of range in {frame!r}")
    if frame.flags & ~FLAGS_KNOWN or not 0 <= frame.flags <= 0xFF:
        raise FrameError(f"unknown flag bits 0x{frame.flags:02x}")
    if len(frame.payload) > MAX_PAYLOAD:
        raise FrameError(f"payload of {len(frame.payload)} bytes exceeds {MAX_PAYLOAD}")
    if len(frame.tag) != (TAG_SIZE if frame.flags & FLAG_MAC else 0):
        raise FrameError(f"a tag of {len(frame.tag)} bytes does not match the MAC flag")
    head = frame.header() + frame.payload + frame.tag
    return head + crc32c(head).to_bytes(CRC_SIZE, "big")


def encode_frame(frame: Frame) -> bytes:
    """The bytes to put on the wire for ``frame``, delimiters included."""
    return b"\x00" + cobs_encode(frame_body(frame)) + b"\x00"


def parse_body(body: bytes) -> Frame:
    """Check and split one decoded body. Raises only :class:`FrameError`."""
    n = len(body)
    if n < HEADER_SIZE + CRC_SIZE:
        raise FrameError(f"short frame ({n} bytes)", body[:16])
    if n > MAX_BODY:
        raise FrameError(f"overlong frame ({n} bytes)", body[:16])
    want = int.from_bytes(body[-CRC_SIZE:], "big")
    got = crc32c(body[:-CRC_SIZE])
    if want != got:
        raise FrameError(f"CRC mismatch (frame says 0x{want:08x}, computed 0x{got:08x})", body[:16])
    flags, length = body[1], body[4]
    if flags & ~FLAGS_KNOWN:
        raise FrameError(f"unknown flag bits 0x{flags:02x}", body[:16])
    tag = TAG_SIZE if flags & FLAG_MAC else 0
    if length > MAX_PAYLOAD or n != HEADER_SIZE + length + tag + CRC_SIZE:
        raise FrameError(
            f"length byte says {length} payload bytes, the frame holds {n - HEADER_SIZE - tag - CRC_SIZE}",
            body[:16],
        )
    end = HEADER_SIZE + length
    return Frame(body[0], flags, body[2], body[3], body[HEADER_SIZE:end], body[end : end + tag])


def decode_frame(block: bytes | bytearray | memoryview) -> Frame:
    """Decode one COBS block (the bytes between two delimiters). Raises only :class:`FrameError`."""
    raw = bytes(block)
    if len(raw) > MAX_ENCODED:
        raise FrameError(f"overlong frame ({len(raw)} bytes)", raw[:16])
    try:
        body = cobs_decode(raw)
    except CobsError as exc:
        raise FrameError(f"bad COBS: {exc}", raw[:16]) from None
    return parse_body(body)


class FrameDecoder:
    """Incremental decoder: feed it any chunks of bytes, get back frames and errors in order.

    ``feed`` never raises. Damaged input comes back as :class:`FrameError` *values*, so the caller sees
    every problem and every good frame that follows it. Overlong runs without a delimiter are cut off
    at :data:`MAX_ENCODED` bytes and skipped up to the next 0x00.
    """

    __slots__ = ("_buf", "_skipping", "frames_ok", "frames_bad")

    def __init__(self) -> None:
        self._buf = bytearray()
        self._skipping = False
        self.frames_ok = 0
        self.frames_bad = 0

    def feed(self, data: bytes | bytearray | memoryview) -> list[Frame | FrameError]:
        """Consume ``data``; return the frames (and errors) completed by it, in wire order."""
        out: list[Frame | FrameError] = []
        buf = self._buf
        mv = bytes(data)
        start = 0
        while True:
            end = mv.find(b"\x00", start)
            if end < 0:
                if not self._skipping:
                    buf += mv[start:]
                    if len(buf) > MAX_ENCODED:
                        out.append(
                            FrameError(f"overlong frame (more than {MAX_ENCODED} bytes)", bytes(buf[:16]))
                        )
                        self.frames_bad += 1
                        buf.clear()
                        self._skipping = True
                break
            if self._skipping:
                self._skipping = False
            else:
                buf += mv[start:end]
                if buf:
                    try:
                        out.append(decode_frame(buf))
                        self.frames_ok += 1
                    except FrameError as exc:
                        out.append(exc)
                        self.frames_bad += 1
            buf.clear()
            start = end + 1
        return out

    def reset(self) -> None:
        """Forget any partial frame (after a reconnect)."""
        self._buf.clear()
        self._skipping = False
