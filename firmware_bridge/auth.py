"""Device authentication (protocol 2, docs/protocol.md §3.2): pairing keys, the handshake proof and
the per-frame tag.

Each device has its own 32-byte pairing key, made by the host when a technician pairs it and kept by
both ends (never one key shared by every device). At each handshake the host's HELLO carries a fresh
16-byte nonce; the device answers IDENTITY with its own nonce and ``proof = HMAC-SHA-256(key,
"DT-ID" | host nonce | device nonce | the IDENTITY payload without the proof)``. Both ends then derive
``session key = HMAC-SHA-256(key, "DT-SK" | host nonce | device nonce | session)`` and every later
frame carries the first 8 bytes of ``HMAC-SHA-256(session key, direction | header | payload)``
(direction ``H`` host to device, ``D`` device to host). Sans-IO, no clock.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Final

KEY_SIZE: Final = 32
NONCE_SIZE: Final = 16
NO_NONCE: Final = bytes(NONCE_SIZE)
"""A HELLO with this nonce asks for no authentication (the host has no key for the device)."""
HOST: Final = b"H"
DEVICE: Final = b"D"


def identity_proof(key: bytes, host_nonce: bytes, device_nonce: bytes, identity_payload: bytes) -> bytes:
    """The IDENTITY proof: HMAC-SHA-256 of both nonces and the identity (payload less the proof)."""
    return hmac.new(key, b"DT-ID" + host_nonce + device_nonce + identity_payload, hashlib.sha256).digest()


def session_key(key: bytes, host_nonce: bytes, device_nonce: bytes, session: int) -> bytes:
    """The key of one session's frame tags."""
    data = b"DT-SK" + host_nonce + device_nonce + session.to_bytes(4, "big")
    return hmac.new(key, data, hashlib.sha256).digest()


def frame_tag(skey: bytes, direction: bytes, header: bytes, payload: bytes) -> bytes:
    """The 8-byte tag of one frame (``header`` is the frame's five header bytes)."""
    return hmac.new(skey, direction + header + payload, hashlib.sha256).digest()[:8]


def fingerprint(key: bytes) -> str:
    """A short public name of a key (first 8 hex digits of its SHA-256): shown instead of the key."""
    return hashlib.sha256(b"DT-FP" + key).hexdigest()[:8]
