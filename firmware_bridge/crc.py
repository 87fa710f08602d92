"""CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR.

The check value (CRC of the ASCII bytes ``123456789``) is 0x29B1. The standard library's
``binascii.crc_hqx`` computes exactly this CRC in C, so firmware and host agree byte for byte.
"""

from __future__ import annotations

import binascii

CRC_INIT = 0xFFFF
CHECK_VALUE = 0x29B1


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
