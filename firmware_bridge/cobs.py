"""Consistent Overhead Byte Stuffing (Cheshire & Baker, 1999): removes every 0x00 from a block.

The encoded block is at most ``len(data) + len(data) // 254 + 1`` bytes and contains no zero, so a
single 0x00 can delimit frames on the wire.
"""

from __future__ import annotations


class CobsError(ValueError):
    """Bytes that are not a valid COBS encoding."""


def cobs_encode(data: bytes | bytearray | memoryview) -> bytes:
    """COBS-encode ``data``; the result never contains 0x00."""
    src = bytes(data)
    out = bytearray([0])
    code_at = 0
    code = 1
    for byte in src:
        if byte == 0:
            out[code_at] = code
            code_at = len(out)
            out.append(0)
            code = 1
            continue
        out.append(byte)
        code += 1
        if code == 0xFF:
            out[code_at] = code
            code_at = len(out)
            out.append(0)
            code = 1
    out[code_at] = code
    return bytes(out)


def cobs_decode(data: bytes | bytearray | memoryview) -> bytes:
    """Decode one COBS block (without its delimiter). Raises :class:`CobsError` if it is malformed."""
    src = bytes(data)
    out = bytearray()
    i = 0
    n = len(src)
    while i < n:
        code = src[i]
        if code == 0:
            raise CobsError(f"zero byte inside a COBS block at offset {i}")
        end = i + code
        if end > n:
            raise CobsError(f"COBS block truncated: code {code} at offset {i} runs past {n} bytes")
        chunk = src[i + 1 : end]
        if 0 in chunk:
            raise CobsError(f"zero byte inside a COBS block near offset {i}")
        out += chunk
        i = end
        if code != 0xFF and i < n:
            out.append(0)
    return bytes(out)
