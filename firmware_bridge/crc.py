"""The frame checks: CRC-32C (protocol 2) and CRC-16/CCITT-FALSE (protocol 1, kept for reference).

**CRC-32C** (Castagnoli): reflected polynomial 0x82F63B78, initial value 0xFFFFFFFF, input and output
reflected, final XOR 0xFFFFFFFF. Check value (CRC of the ASCII bytes ``123456789``): 0xE3069283. It is
the CRC of iSCSI, SCTP and ext4, with hardware support on most microcontrollers' CRC units and in
SSE 4.2. Like every 32-bit CRC it catches every error burst of up to 32 bits; a random damage passes it
with probability 2^-32, where CRC-16 let about 1 in 20,000 damaged frames through (docs/protocol.md §2).

**CRC-16/CCITT-FALSE**: polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR; check
value 0x29B1; the standard library's ``binascii.crc_hqx`` computes it.
"""

from __future__ import annotations

import binascii
from typing import Final

CRC_INIT = 0xFFFF
CHECK_VALUE = 0x29B1

CRC32C_POLY: Final = 0x82F63B78
CRC32C_CHECK: Final = 0xE3069283


def _table() -> tuple[int, ...]:
    out = []
    for n in range(256):
        c = n
        for _ in range(8):
            c = (c >> 1) ^ CRC32C_POLY if c & 1 else c >> 1
        out.append(c)
    return tuple(out)


_TABLE: Final = _table()


def crc32c(data: bytes | bytearray | memoryview, crc: int = 0) -> int:
    """CRC-32C of ``data`` (pass a previous result as ``crc`` to continue a running CRC)."""
    table = _TABLE
    c = crc ^ 0xFFFFFFFF
    for byte in bytes(data):
        c = table[(c ^ byte) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF


def crc32c_bitwise(data: bytes | bytearray | memoryview) -> int:
    """The same CRC-32C bit by bit, as firmware without a table computes it (tests cross-check)."""
    c = 0xFFFFFFFF
    for byte in bytes(data):
        c ^= byte
        for _ in range(8):
            c = (c >> 1) ^ CRC32C_POLY if c & 1 else c >> 1
    return c ^ 0xFFFFFFFF


def crc16_ccitt(data: bytes | bytearray | memoryview, crc: int = CRC_INIT) -> int:
    """CRC-16/CCITT-FALSE of ``data`` (pass ``crc`` to continue a running CRC)."""
    return binascii.crc_hqx(data, crc)


def crc16_ccitt_bitwise(data: bytes | bytearray | memoryview, crc: int = CRC_INIT) -> int:
    """The same CRC written out bit by bit, as firmware without a table would compute it.

    Kept so tests can cross-check the fast path against the definition.
    """
    for byte in bytes(data):
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
            crc &= 0xFFFF
    return crc
