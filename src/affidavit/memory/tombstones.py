"""Keyed fingerprints of erased names, and the check the write gate runs first.

A fingerprint is HMAC(tombstone key, tenant, normalised name); the key is derived
from the per-store secret in the keyring, so a list of candidate names cannot be
hashed to learn who was erased.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, NamedTuple

from affidavit.crypto.macs import fingerprint
from affidavit.engine import Engine
from affidavit.projections import Tombstone
from affidavit.text.names import key_tokens, name_key


class TombstoneHit(NamedTuple):
    match: Literal["full", "short"]
    tombstone: Tombstone
    name: str  # the name as the caller wrote it (returned to the caller, never logged)


def full_fingerprint(store: Engine, name: str) -> str:
    key = store.require_keyring().derived("tombstone")
    return fingerprint(key, store.identity.tenant, name_key(name))


def short_fingerprints(store: Engine, name: str) -> tuple[str, ...]:
    """First and last name alone: a later mention of just one of them is held for review."""
    tokens = key_tokens(name)
    if len(tokens) < 2:
        return ()
    key = store.require_keyring().derived("tombstone")
    return tuple(sorted({fingerprint(key, store.identity.tenant, t) for t in (tokens[0], tokens[-1])}))


def check(store: Engine, names: Iterable[str]) -> TombstoneHit | None:
    tenant = store.identity.tenant
    short_hit: TombstoneHit | None = None
    for name in names:
        if not name_key(name):
            continue
        stone = store.erased.match_full(tenant, full_fingerprint(store, name))
        if stone is not None:
            return TombstoneHit("full", stone, name)
        if len(key_tokens(name)) == 1 and short_hit is None:
            stone = store.erased.match_short(tenant, full_fingerprint(store, name))
            if stone is not None:
                short_hit = TombstoneHit("short", stone, name)
    return short_hit
