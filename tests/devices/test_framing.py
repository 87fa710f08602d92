"""CRC, COBS and the framer: known vectors, round trips, and damaged streams."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge.cobs import CobsError, cobs_decode, cobs_encode
from firmware_bridge.crc import CHECK_VALUE, crc16_ccitt, crc16_ccitt_bitwise
from firmware_bridge.framer import (
    FLAGS_KNOWN,
    MAX_PAYLOAD,
    Frame,
    FrameDecoder,
    FrameError,
    decode_frame,
    encode_frame,
    frame_body,
)

frames = st.builds(
    Frame,
    type=st.integers(0, 255),
    flags=st.integers(0, FLAGS_KNOWN),
    seq=st.integers(0, 255),
    ack=st.integers(0, 255),
    payload=st.binary(max_size=MAX_PAYLOAD),
)


def test_crc_check_value() -> None:
    assert crc16_ccitt(b"123456789") == CHECK_VALUE == 0x29B1
    assert crc16_ccitt_bitwise(b"123456789") == 0x29B1


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
