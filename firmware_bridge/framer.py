"""Frames on the wire (sans-IO): bytes <-> :class:`Frame`.

A frame body is ``type, flags, seq, ack, payload…, crc_hi, crc_lo``: four header bytes, 0 to
:data:`MAX_PAYLOAD` payload bytes and a CRC-16/CCITT-FALSE of everything before it, big-endian.
The body is COBS-encoded and sent between two 0x00 delimiters: ``00 <cobs(body)> 00``. The leading
delimiter means line noise before a frame can never merge with it, so the decoder resynchronises
at the very next frame after any damage. See docs/protocol.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from firmware_bridge.cobs import CobsError, cobs_decode, cobs_encode
from firmware_bridge.crc import crc16_ccitt

DELIMITER: Final = 0x00
HEADER_SIZE: Final = 4
CRC_SIZE: Final = 2
MAX_PAYLOAD: Final = 240
MAX_BODY: Final = HEADER_SIZE + MAX_PAYLOAD + CRC_SIZE
#: Longest COBS block a valid frame can produce; anything longer between delimiters is noise.
MAX_ENCODED: Final = MAX_BODY + MAX_BODY // 254 + 1

FLAG_SEQ: Final = 0x01  # sequenced: delivered once, in order, acknowledged, retransmitted
FLAG_ACK: Final = 0x02  # the ack byte is meaningful
FLAG_NAK: Final = 0x04  # the receiver saw a gap: resend everything after ``ack``
FLAGS_KNOWN: Final = FLAG_SEQ | FLAG_ACK | FLAG_NAK


class FrameError(Exception):
    """The framer's one typed error: a damaged, truncated or overlong frame. Names what was wrong."""

    def __init__(self, reason: str, raw: bytes = b"") -> None:
        self.reason = reason
        self.raw = raw
        super().__init__(reason)


@dataclass(frozen=True, slots=True)
class Frame:
    """One decoded frame."""

    type: int
    flags: int = 0
    seq: int = 0
    ack: int = 0
    payload: bytes = b""

    @property
    def sequenced(self) -> bool:
        """True if the frame carries a sequence number that the receiver must acknowledge."""
        return bool(self.flags & FLAG_SEQ)


def frame_body(frame: Frame) -> bytes:
    """The unencoded body of ``frame``: header, payload and CRC."""
    if not (0 <= frame.type <= 0xFF and 0 <= frame.seq <= 0xFF and 0 <= frame.ack <= 0xFF):
        raise FrameError(f"header byte out of range in {frame!r}")
    if frame.flags & ~FLAGS_KNOWN or not 0 <= frame.flags <= 0xFF:
        raise FrameError(f"unknown flag bits 0x{frame.flags:02x}")
    if len(frame.payload) > MAX_PAYLOAD:
        raise FrameError(f"payload of {len(frame.payload)} bytes exceeds {MAX_PAYLOAD}")
    head = bytes((frame.type, frame.flags, frame.seq, frame.ack)) + frame.payload
    return head + crc16_ccitt(head).to_bytes(2, "big")


def encode_frame(frame: Frame) -> bytes:
    """The bytes to put on the wire for ``frame``, delimiters included."""
    return b"\x00" + cobs_encode(frame_body(frame)) + b"\x00"


def decode_frame(block: bytes | bytearray | memoryview) -> Frame:
    """Decode one COBS block (the bytes between two delimiters). Raises only :class:`FrameError`."""
    raw = bytes(block)
    if len(raw) > MAX_ENCODED:
        raise FrameError(f"overlong frame ({len(raw)} bytes)", raw[:16])
    try:
        body = cobs_decode(raw)
    except CobsError as exc:
        raise FrameError(f"bad COBS: {exc}", raw[:16]) from None
    if len(body) < HEADER_SIZE + CRC_SIZE:
        raise FrameError(f"short frame ({len(body)} bytes)", raw[:16])
    if len(body) > MAX_BODY:
        raise FrameError(f"overlong frame ({len(body)} bytes)", raw[:16])
    want = int.from_bytes(body[-2:], "big")
    got = crc16_ccitt(body[:-2])
    if want != got:
        raise FrameError(f"CRC mismatch (frame says 0x{want:04x}, computed 0x{got:04x})", raw[:16])
    flags = body[1]
    if flags & ~FLAGS_KNOWN:
        raise FrameError(f"unknown flag bits 0x{flags:02x}", raw[:16])
    return Frame(body[0], flags, body[2], body[3], body[4:-2])


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
