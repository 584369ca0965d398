"""Keyed MACs over structure: the head seal and name fingerprints."""

from __future__ import annotations

import hmac as _constant_time

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives import hmac as crypto_hmac


def mac(key: bytes, *parts: bytes) -> bytes:
    h = crypto_hmac.HMAC(key, hashes.SHA256())
    for part in parts:
        h.update(len(part).to_bytes(4, "big"))
        h.update(part)
    return h.finalize()


def mac_equal(a: bytes, b: bytes) -> bool:
    return _constant_time.compare_digest(a, b)


def head_mac(key: bytes, store_id: str, seq: int, head_hash: bytes) -> bytes:
    return mac(key, b"affidavit/head/v1", store_id.encode(), seq.to_bytes(8, "big"), head_hash)


def fingerprint(key: bytes, purpose: str, value: str) -> str:
    """A keyed fingerprint: a list of candidate values cannot be hashed to find a match."""
    return mac(key, purpose.encode(), value.encode()).hex()
