"""Keyed MACs over structure: the head seal and name fingerprints."""

from __future__ import annotations

import hashlib
import hmac as _hmac


def mac(key: bytes, *parts: bytes) -> bytes:
    """HMAC-SHA256 over length-prefixed parts.

    The standard library's HMAC (not a hand-written construction) is used here: the
    same function as ``cryptography``'s, without its per-call object overhead, which
    showed on every append.
    """
    message = b"".join(len(part).to_bytes(4, "big") + part for part in parts)
    return _hmac.new(key, message, hashlib.sha256).digest()


def mac_equal(a: bytes, b: bytes) -> bool:
    return _hmac.compare_digest(a, b)


def head_mac(key: bytes, store_id: str, seq: int, head_hash: bytes) -> bytes:
    return mac(key, b"affidavit/head/v1", store_id.encode(), seq.to_bytes(8, "big"), head_hash)


def fingerprint(key: bytes, purpose: str, value: str) -> str:
    """A keyed fingerprint: a list of candidate values cannot be hashed to find a match."""
    return mac(key, purpose.encode(), value.encode()).hex()
