"""docs/protocol.md's examples are test vectors: each is checked against the code, both ways."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from firmware_bridge.crc import crc32c
from firmware_bridge.framer import Frame, FrameDecoder, encode_frame, frame_body
from firmware_bridge.messages import MESSAGE_TYPES, decode_payload, encode_payload
from rules.cards import parse_read

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
_BLOCK = re.compile(r"^#### (?P<title>.+?)\n\n```yaml vector\n(?P<body>.*?)```", re.S | re.M)
BY_NAME = {cls.__name__: cls for cls in MESSAGE_TYPES.values()}


def vectors() -> list[tuple[str, dict[str, Any]]]:
    return [(m["title"], yaml.safe_load(m["body"])) for m in _BLOCK.finditer(DOC.read_text(encoding="utf-8"))]


def _hex(text: str) -> bytes:
    return bytes.fromhex(text.replace(" ", ""))


def _value(kind: str, raw: Any) -> Any:
    if kind == "card":
        return parse_read(str(raw))
    if kind == "cards":
        return tuple(parse_read(str(c)) for c in raw)
    if kind in ("hash", "nonce", "key", "bytes"):
        return _hex(str(raw))
    if kind == "str":
        return str(raw)
    return int(raw)


def test_the_doc_has_a_vector_for_every_message_type() -> None:
    names = {v["message"] for _, v in vectors()}
    assert names == set(BY_NAME)


@pytest.mark.parametrize(("title", "vec"), vectors(), ids=lambda x: x if isinstance(x, str) else "")
def test_vector(title: str, vec: dict[str, Any]) -> None:
    cls = BY_NAME[vec["message"]]
    fields = vec["fields"] or {}
    assert list(fields) == [f.name for f in dataclasses.fields(cls)], title
    msg = cls(*(_value(k, fields[f]) for f, k in zip(fields, cls.LAYOUT, strict=True)))
    payload = _hex(vec["payload"])
    assert encode_payload(msg) == payload
    assert decode_payload(cls.TYPE, payload) == msg
    frame = Frame(cls.TYPE, int(vec["flags"]), int(vec["seq"]), int(vec["ack"]), payload)
    body = _hex(vec["body"])
    assert frame_body(frame) == body
    assert int.from_bytes(body[-4:], "big") == crc32c(body[:-4])
    assert body[4] == len(payload)
    wire = _hex(vec["wire"])
    assert encode_frame(frame) == wire
    assert FrameDecoder().feed(wire) == [frame]
