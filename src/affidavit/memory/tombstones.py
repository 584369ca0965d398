"""Keyed fingerprints of erased people, and the check the write gate runs first.

A fingerprint is HMAC(tombstone key, tenant, key); the key is derived from the
per-store secret in the keyring, so a list of candidate names cannot be hashed to
learn who was erased. Two keys are fingerprinted per name:

* the name key as written (``name_key``: what tombstones before person keys hold);
* the **person key** (``text.person_key``): folded for case, diacritics, Unicode
  confusables, hyphens, titles, suffixes and name order, so "Dána Kim", a Cyrillic
  "а", "Kim Dana" or "Dana Kim Jr" is the erased person, refused outright.

The partial forms of an erased name (initials, a lone first or last name, a
one-word nickname the evidence stated) are *short* fingerprints: a name matching
one is held for an operator's review, neither admitted nor refused.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, NamedTuple

from affidavit.crypto.macs import fingerprint
from affidavit.engine import Engine
from affidavit.projections import Tombstone
from affidavit.text.names import key_tokens, name_key
from affidavit.text.person_key import person_key, variant_keys


class TombstoneHit(NamedTuple):
    match: Literal["full", "short"]
    tombstone: Tombstone
    name: str  # the name as the caller wrote it (returned to the caller, never logged)


def full_fingerprint(store: Engine, name: str) -> str:
    key = store.require_keyring().derived("tombstone")
    return fingerprint(key, store.identity.tenant, name_key(name))


def person_fingerprint(store: Engine, name: str) -> str | None:
    key = person_key(name)
    if not key:
        return None
    return fingerprint(store.require_keyring().derived("tombstone"), store.identity.tenant,
                       "person:" + key)


def person_fingerprints(store: Engine, names: Iterable[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(full, short) person-key fingerprints of an erased subject's names.

    A name of several tokens is the person (full); its variants, and a one-token name
    such as a stated nickname, are partial (short: held for review).
    """
    secret = store.require_keyring().derived("tombstone")
    tenant = store.identity.tenant
    full: set[str] = set()
    short: set[str] = set()
    for name in names:
        key = person_key(name)
        if not key:
            continue
        (full if len(key.split()) > 1 else short).add(fingerprint(secret, tenant, "person:" + key))
        short.update(fingerprint(secret, tenant, "person:" + v) for v in variant_keys(name))
    return tuple(sorted(full)), tuple(sorted(short - full))


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
        person = person_fingerprint(store, name)
        if stone is None and person is not None:
            stone = store.erased.match_full(tenant, person)
        if stone is not None:
            return TombstoneHit("full", stone, name)
        if short_hit is None:
            stone = None
            if len(key_tokens(name)) == 1:
                stone = store.erased.match_short(tenant, full_fingerprint(store, name))
            if stone is None and person is not None:
                stone = store.erased.match_short(tenant, person)
            if stone is not None:
                short_hit = TombstoneHit("short", stone, name)
    return short_hit
