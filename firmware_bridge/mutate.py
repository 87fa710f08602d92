"""Line damage for the frame fuzzer: the ways a serial line spoils a frame, one call per mutation.

Used by the hypothesis test in ``make test`` and by the million-frame run in
``benchmarks/reliability.py``. Each operator takes the wire bytes of one frame (delimiters included) and
a :class:`random.Random`, and returns damaged bytes; :func:`accepted_damage` says whether the decoder
let a damaged frame through (a decoded frame that is not the one sent).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from firmware_bridge.framer import Frame, FrameDecoder


def flip_bit(w: bytes, rng: random.Random) -> bytes:
    """One bit flipped anywhere (delimiters included)."""
    b = bytearray(w)
    b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
    return bytes(b)


def flip_bits(w: bytes, rng: random.Random) -> bytes:
    """Two to eight bits flipped."""
    for _ in range(rng.randint(2, 8)):
        w = flip_bit(w, rng)
    return w


def drop_byte(w: bytes, rng: random.Random) -> bytes:
    """One byte lost (an overrun)."""
    i = rng.randrange(len(w))
    return w[:i] + w[i + 1 :]


def drop_run(w: bytes, rng: random.Random) -> bytes:
    """A run of 2 to 16 bytes lost."""
    i = rng.randrange(len(w))
    return w[:i] + w[i + rng.randint(2, 16) :]


def truncate(w: bytes, rng: random.Random) -> bytes:
    """The frame cut short, then the next frame's delimiter."""
    return w[: rng.randrange(1, len(w))] + b"\x00"


def garble(w: bytes, rng: random.Random) -> bytes:
    """One to four bytes replaced by random values."""
    b = bytearray(w)
    for _ in range(rng.randint(1, 4)):
        b[rng.randrange(len(b))] = rng.randrange(256)
    return bytes(b)


def insert_noise(w: bytes, rng: random.Random) -> bytes:
    """One to eight random bytes inserted."""
    i = rng.randrange(len(w) + 1)
    return w[:i] + rng.randbytes(rng.randint(1, 8)) + w[i:]


def duplicate_byte(w: bytes, rng: random.Random) -> bytes:
    """One byte received twice."""
    i = rng.randrange(len(w))
    return w[: i + 1] + w[i:]


def code_to_zero(w: bytes, rng: random.Random) -> bytes:
    """A COBS code byte 0x01 turned into a delimiter (the protocol-1 hole), else any byte zeroed."""
    ones = [i for i in range(1, len(w) - 1) if w[i] == 1]
    i = rng.choice(ones) if ones else rng.randrange(len(w))
    return w[:i] + b"\x00" + w[i + 1 :]


def lose_last(w: bytes, rng: random.Random) -> bytes:
    """The last byte before the closing delimiter lost (the protocol-1 hole for bodies ending in 0)."""
    return w[:-2] + w[-1:]


MUTATIONS: dict[str, Callable[[bytes, random.Random], bytes]] = {
    f.__name__: f
    for f in (
        flip_bit, flip_bits, drop_byte, drop_run, truncate, garble, insert_noise, duplicate_byte,
        code_to_zero, lose_last,
    )
}  # fmt: skip


def accepted_damage(sent: Frame, damaged_wire: bytes) -> list[Frame]:
    """The frames the decoder accepted from ``damaged_wire`` that are not ``sent`` (should be none)."""
    if not damaged_wire:
        return []
    return [x for x in FrameDecoder().feed(damaged_wire) if isinstance(x, Frame) and x != sent]
