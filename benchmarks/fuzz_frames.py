"""Coverage-guided fuzzing of the frame decoder with atheris (libFuzzer for Python).

Each input is turned into one valid frame (type, flags, seq, ack, payload and tag taken from the input)
and one damage to its wire bytes (the input chooses flips, losses, insertions and their places); the
damaged bytes go through ``FrameDecoder``. The run fails (atheris reports a crash and the input) if the
decoder raises, or if it accepts a frame that differs from the one sent. libFuzzer keeps the inputs
that reach new code in the framer, COBS and CRC, so the damages explore their branches rather than
random ones only. Part of ``benchmarks/reliability.py all``; needs ``pip install '.[bench]'``.

    .venv/bin/python benchmarks/fuzz_frames.py -runs=1000000 -seed=24
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import atheris  # noqa: E402

with atheris.instrument_imports():
    from firmware_bridge.cobs import cobs_decode, cobs_encode  # noqa: F401
    from firmware_bridge.crc import crc32c  # noqa: F401
    from firmware_bridge.framer import (
        FLAG_MAC,
        FLAGS_KNOWN,
        MAX_PAYLOAD,
        TAG_SIZE,
        Frame,
        FrameDecoder,
        encode_frame,
    )


def one_input(data: bytes) -> None:
    """One frame, one damage; raise if the decoder accepted a damaged frame (or raised itself)."""
    fdp = atheris.FuzzedDataProvider(data)
    flags = fdp.ConsumeIntInRange(0, FLAGS_KNOWN)
    header = fdp.ConsumeBytes(3).ljust(3, b"\0")
    payload = fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, MAX_PAYLOAD))
    tag = fdp.ConsumeBytes(TAG_SIZE).ljust(TAG_SIZE, b"\0") if flags & FLAG_MAC else b""
    sent = Frame(header[0], flags, header[1], header[2], payload, tag)
    wire = bytearray(encode_frame(sent))
    for _ in range(fdp.ConsumeIntInRange(1, 4)):
        if not wire:
            break
        op = fdp.ConsumeIntInRange(0, 4)
        at = fdp.ConsumeIntInRange(0, len(wire) - 1)
        if op == 0:
            wire[at] ^= 1 << fdp.ConsumeIntInRange(0, 7)  # a bit flipped
        elif op == 1:
            wire[at] = fdp.ConsumeIntInRange(0, 255)  # a byte garbled
        elif op == 2:
            del wire[at : at + fdp.ConsumeIntInRange(1, 8)]  # bytes lost
        elif op == 3:
            wire[at:at] = fdp.ConsumeBytes(fdp.ConsumeIntInRange(1, 8))  # noise inserted
        else:
            del wire[at:]  # cut short
            wire.append(0)
    if bytes(wire) == encode_frame(sent):
        return  # the damage undid itself
    for item in FrameDecoder().feed(bytes(wire)):
        if isinstance(item, Frame) and item != sent:
            raise AssertionError(f"damaged frame accepted: sent {sent!r}, accepted {item!r}")


def main() -> None:
    """Run libFuzzer (its options, e.g. ``-runs=1000000 -seed=24``, are passed through)."""
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
