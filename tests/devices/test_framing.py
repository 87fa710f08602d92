"""CRC, COBS and the framer: known vectors, round trips, and damaged streams."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge import mutate as MUT
from firmware_bridge.cobs import CobsError, cobs_decode, cobs_encode
from firmware_bridge.crc import (
    CHECK_VALUE,
    CRC32C_CHECK,
    crc16_ccitt,
    crc16_ccitt_bitwise,
    crc32c,
    crc32c_bitwise,
)
from firmware_bridge.framer import (
    FLAG_MAC,
    FLAGS_KNOWN,
    MAX_PAYLOAD,
    TAG_SIZE,
    Frame,
    FrameDecoder,
    FrameError,
    decode_frame,
    encode_frame,
    frame_body,
)

frames = st.builds(
    lambda t, fl, s, a, p, tag: Frame(t, fl, s, a, p, tag if fl & FLAG_MAC else b""),
    st.integers(0, 255),
    st.integers(0, FLAGS_KNOWN),
    st.integers(0, 255),
    st.integers(0, 255),
    st.binary(max_size=MAX_PAYLOAD),
    st.binary(min_size=TAG_SIZE, max_size=TAG_SIZE),
)


def test_crc_check_value() -> None:
    assert crc16_ccitt(b"123456789") == CHECK_VALUE == 0x29B1
    assert crc16_ccitt_bitwise(b"123456789") == 0x29B1
    assert crc32c(b"123456789") == crc32c_bitwise(b"123456789") == CRC32C_CHECK == 0xE3069283


@given(st.binary(max_size=300))
def test_crc32c_table_matches_bitwise_definition(data: bytes) -> None:
    assert crc32c(data) == crc32c_bitwise(data)
    assert crc32c(data[7:], crc32c(data[:7])) == crc32c(data)


@given(st.binary(max_size=300))
def test_crc_table_matches_bitwise_definition(data: bytes) -> None:
    assert crc16_ccitt(data) == crc16_ccitt_bitwise(data)


@pytest.mark.parametrize(
    ("raw", "encoded"),
    [
        (b"", b"\x01"),
        (b"\x00", b"\x01\x01"),
        (b"\x00\x00", b"\x01\x01\x01"),
        (b"\x11\x22\x00\x33", b"\x03\x11\x22\x02\x33"),
        (b"\x11\x22\x33\x44", b"\x05\x11\x22\x33\x44"),
        (b"\x11\x00\x00\x00", b"\x02\x11\x01\x01\x01"),
        (bytes(range(1, 255)), b"\xff" + bytes(range(1, 255)) + b"\x01"),
    ],
)
def test_cobs_vectors(raw: bytes, encoded: bytes) -> None:
    assert cobs_encode(raw) == encoded
    assert cobs_decode(encoded) == raw


@given(st.binary(max_size=1000))
def test_cobs_round_trip_has_no_zero(data: bytes) -> None:
    enc = cobs_encode(data)
    assert 0 not in enc
    assert len(enc) <= len(data) + len(data) // 254 + 1
    assert cobs_decode(enc) == data


@given(st.binary(max_size=300))
def test_cobs_decode_raises_only_cobs_error(data: bytes) -> None:
    with contextlib.suppress(CobsError):
        cobs_decode(data)


@given(frames)
def test_frame_round_trip(frame: Frame) -> None:
    wire = encode_frame(frame)
    assert wire[0] == 0 and wire[-1] == 0 and 0 not in wire[1:-1]
    assert decode_frame(wire[1:-1]) == frame
    dec = FrameDecoder()
    assert dec.feed(wire) == [frame]


@given(st.lists(frames, max_size=8), st.data())
def test_decoder_handles_any_chunking(fs: list[Frame], data: st.DataObject) -> None:
    wire = b"".join(encode_frame(f) for f in fs)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(wire)), max_size=10)))
    dec = FrameDecoder()
    out: list[object] = []
    prev = 0
    for c in [*cuts, len(wire)]:
        out += dec.feed(wire[prev:c])
        prev = c
    assert out == fs


@given(st.binary(max_size=600))
@settings(max_examples=300, deadline=None)
def test_arbitrary_bytes_give_only_frames_or_frame_errors(data: bytes) -> None:
    dec = FrameDecoder()
    for item in dec.feed(data):
        assert isinstance(item, Frame | FrameError)
    with contextlib.suppress(FrameError):
        decode_frame(data)


@given(st.lists(frames, min_size=2, max_size=6), st.data())
@settings(max_examples=300, deadline=None)
def test_damage_never_loses_a_following_frame(fs: list[Frame], data: st.DataObject) -> None:
    """Damage anywhere in frame i (bytes changed, inserted or removed): every later frame survives."""
    wires = [encode_frame(f) for f in fs]
    i = data.draw(st.integers(0, len(fs) - 2), label="damaged frame")
    w = bytearray(wires[i])
    kind = data.draw(st.sampled_from(["flip", "insert", "delete", "truncate", "noise"]))
    if kind == "flip":
        for _ in range(data.draw(st.integers(1, 4))):
            pos = data.draw(st.integers(0, len(w) - 1))
            w[pos] ^= data.draw(st.integers(1, 255))
    elif kind == "insert":
        pos = data.draw(st.integers(0, len(w)))
        w[pos:pos] = data.draw(st.binary(min_size=1, max_size=20))
    elif kind == "delete":
        pos = data.draw(st.integers(0, len(w) - 1))
        del w[pos : pos + data.draw(st.integers(1, 5))]
    elif kind == "truncate":
        del w[data.draw(st.integers(1, len(w) - 1)) :]
    else:
        w = bytearray(data.draw(st.binary(min_size=1, max_size=400)))
    wires[i] = bytes(w)
    dec = FrameDecoder()
    out = []
    for chunk in wires:
        out += dec.feed(chunk)
    good = [x for x in out if isinstance(x, Frame)]
    assert all(isinstance(x, Frame | FrameError) for x in out)
    # Every frame after the damaged one arrives intact and in order, at the end of the stream.
    assert good[len(good) - (len(fs) - i - 1) :] == fs[i + 1 :]
    assert fs[:i] == good[:i]


def test_overlong_noise_is_skipped_to_the_next_delimiter() -> None:
    f = Frame(0x30, 1, 0, 0, b"\x33\x00\x5f")
    dec = FrameDecoder()
    out = dec.feed(b"\x7e" * 5000) + dec.feed(encode_frame(f))
    assert isinstance(out[0], FrameError) and "overlong" in out[0].reason
    assert out[-1] == f


def test_encode_refuses_bad_frames() -> None:
    with pytest.raises(FrameError):
        encode_frame(Frame(1, 0, 0, 0, b"x" * (MAX_PAYLOAD + 1)))
    with pytest.raises(FrameError):
        encode_frame(Frame(1, 0x80, 0, 0))
    with pytest.raises(FrameError):
        encode_frame(Frame(256, 0, 0, 0))


def test_crc_error_is_named() -> None:
    body = bytearray(frame_body(Frame(0x04, 0, 0, 0, b"\x00\x00\x00\x01")))
    body[-1] ^= 0x01  # a wrong CRC, correctly COBS-encoded
    (err,) = FrameDecoder().feed(b"\x00" + cobs_encode(bytes(body)) + b"\x00")
    assert isinstance(err, FrameError)
    assert "CRC mismatch" in err.reason


def test_length_byte_must_match_the_body() -> None:
    """A body whose CRC is right but whose length byte disagrees with its size is refused, named."""
    good = frame_body(Frame(0x30, 3, 5, 0, b"\x33\x01\x5f"))
    body = good[:4] + bytes([4]) + good[5:-4]  # length says 4, the frame holds 3
    forged = body + crc32c(body).to_bytes(4, "big")
    (err,) = FrameDecoder().feed(b"\x00" + cobs_encode(forged) + b"\x00")
    assert isinstance(err, FrameError) and "length byte says 4" in err.reason


def test_protocol_one_holes_are_closed() -> None:
    """The two damages that slipped past protocol 1's CRC-16: a body ending in 0x00 losing that byte,
    and a COBS code 0x01 turned into a delimiter. Every such frame now fails."""
    hits = 0
    for seq in range(256):
        for payload in (b"", b"\x00", b"\x33\x00", b"\x00\x00\x05\x00"):
            f = Frame(0x30, 3, seq, 0, payload)
            w = encode_frame(f)
            hits += len(MUT.accepted_damage(f, MUT.lose_last(w, random.Random(seq))))
            for i in range(1, len(w) - 1):
                if w[i] == 1:
                    hits += len(MUT.accepted_damage(f, w[:i] + b"\x00" + w[i + 1 :]))
    assert hits == 0


@given(frames, st.sampled_from(sorted(MUT.MUTATIONS)), st.integers(0, 2**32 - 1))
@settings(max_examples=3000, deadline=None)
def test_no_damaged_frame_is_accepted(frame: Frame, mutation: str, seed: int) -> None:
    """The bounded fuzz run of ``make test`` (the million-frame run is benchmarks/reliability.py)."""
    damaged = MUT.MUTATIONS[mutation](encode_frame(frame), random.Random(seed))
    assert MUT.accepted_damage(frame, damaged) == []
