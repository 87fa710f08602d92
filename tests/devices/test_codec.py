"""The message codec: every message type round-trips; any payload decodes or raises CodecError."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge.messages import (
    MESSAGE_TYPES,
    CodecError,
    DeckReport,
    Identity,
    Message,
    Read,
    decode_payload,
    encode_payload,
)
from rules.cards import ALL_CARDS, card

_cards = st.sampled_from(ALL_CARDS)
_KIND_STRATEGY = {
    "u8": st.integers(0, 0xFF),
    "u16": st.integers(0, 0xFFFF),
    "u32": st.integers(0, 0xFFFFFFFF),
    "card": st.one_of(st.none(), _cards),
    "cards": st.lists(_cards, max_size=20).map(tuple),
    "str": st.text(max_size=40).filter(lambda s: len(s.encode()) <= 255),
    "hash": st.binary(min_size=32, max_size=32),
    "nonce": st.binary(min_size=16, max_size=16),
    "key": st.binary(min_size=32, max_size=32),
    "bytes": st.binary(max_size=100),
}


@st.composite
def messages(draw: st.DrawFn) -> Message:
    cls = draw(st.sampled_from(sorted(MESSAGE_TYPES.values(), key=lambda c: c.TYPE)))
    values = [draw(_KIND_STRATEGY[k]) for k in cls.LAYOUT]
    return cls(*values)


@given(messages())
@settings(max_examples=500, deadline=None)
def test_round_trip(msg: Message) -> None:
    assert decode_payload(msg.TYPE, encode_payload(msg)) == msg


@given(st.integers(0, 255), st.binary(max_size=80))
@settings(max_examples=500, deadline=None)
def test_any_payload_decodes_or_raises_codec_error(type_byte: int, payload: bytes) -> None:
    try:
        msg = decode_payload(type_byte, payload)
    except CodecError:
        return
    assert encode_payload(msg) == payload  # a payload that decodes is canonical


def test_layouts_match_fields() -> None:
    for cls in MESSAGE_TYPES.values():
        assert len(dataclasses.fields(cls)) == len(cls.LAYOUT), cls.__name__


def test_card_bytes() -> None:
    n = b"\x00\x00\x01\x02"  # the read number 258
    assert encode_payload(Read(card("2c"), 0, 90, 258)) == b"\x00\x00\x5a" + n
    assert encode_payload(Read(card("As"), 1, 100, 258)) == b"\x33\x01\x64" + n
    assert encode_payload(Read(card("Jk"), 0, 1, 258)) == b"\x34\x00\x01" + n
    assert encode_payload(Read(None, 0, 5, 258)) == b"\xff\x00\x05" + n


def test_errors_name_the_field() -> None:
    with pytest.raises(CodecError, match="Read.card"):
        decode_payload(Read.TYPE, b"\x35\x00\x00\x00\x00\x00\x01")
    with pytest.raises(CodecError, match="unexpected bytes"):
        decode_payload(Read.TYPE, b"\x01\x00\x00\x00\x00\x00\x01\x00")
    with pytest.raises(CodecError, match="unknown message type"):
        decode_payload(0xEE, b"")
    with pytest.raises(CodecError, match="DeckReport.missing"):
        encode_payload(DeckReport(51, 52, (None,), (), ()))  # type: ignore[arg-type]
    with pytest.raises(CodecError, match="a hash is exactly 32 bytes"):
        encode_payload(Identity(1, 2, 3, 4, b"short", "m", "s", "v"))
