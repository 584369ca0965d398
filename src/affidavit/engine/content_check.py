"""Can this store's sealed content be opened? Counted per reason, never revealing content.

The chain and the head seal prove the ciphertext is what a keyring holder wrote; they
say nothing about whether the keyring can still open it. This pass tries every sealed
field of the events it is given and sorts each one that does not open:

- ``erased``: a key an erasure destroyed (expected; not a failure);
- ``key_missing``: a key the keyring neither holds nor records as destroyed;
- ``key_corrupted``: a key whose material is not a 32-byte key, or that opens none of
  the fields sealed under it (with the chain verified, the ciphertext is as written,
  so such a key is what changed);
- ``ciphertext_invalid``: a field that does not authenticate although each of its keys
  opens other fields (altered, or sealed for another place).

Plaintext is decrypted into memory and dropped at once; only counts and seqs leave.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Set
from typing import Literal

import msgspec

from affidavit.chain import Row
from affidavit.codec import decode_event
from affidavit.crypto.envelope import CiphertextInvalid, Envelope, aad_for
from affidavit.crypto.keyring import KEY_BYTES, Keyring
from affidavit.errors import AffidavitError, KeyUnavailable
from affidavit.events import Sealed

Why = Literal["key_missing", "key_corrupted", "ciphertext_invalid"]
REASONS: tuple[Why, ...] = ("key_missing", "key_corrupted", "ciphertext_invalid")


class ContentReport(msgspec.Struct, frozen=True):
    """Sealed fields of the checked events, and the events whose content cannot be opened."""

    fields: int  # sealed fields examined
    opened: int  # fields that decrypted
    erased: int  # fields under a key destroyed by an erasure (expected)
    unreadable_events: int  # events with at least one field that cannot be opened (not erased)
    by_reason: dict[str, int]  # events per reason (an event may count under more than one)
    first_unreadable_seq: int | None = None


def sealed_fields(row: Row) -> Iterator[tuple[str, Sealed]]:
    """(AAD field name, Sealed) of every sealed field in the row's event."""
    try:
        event = decode_event(row)
    except AffidavitError:
        return
    for name in event.__struct_fields__:
        value = getattr(event, name)
        if isinstance(value, Sealed):
            yield name, value
        elif isinstance(value, tuple):
            for i, item in enumerate(value):
                if isinstance(item, Sealed):
                    yield f"{name}[{i}]", item


def check_content(rows: Iterable[Row], keyring: Keyring, store_id: str,
                  destroyed: Set[str]) -> ContentReport:
    """Try every sealed field of ``rows``; ``destroyed``: keys the ledger's erasures list."""
    envelope = Envelope(keyring)
    fields = opened = erased = 0
    opens_by_key: Counter[str] = Counter()
    failed: list[tuple[int, Why | None, tuple[str, ...]]] = []  # None: attributed below
    for row in rows:
        for field, sealed in sealed_fields(row):
            fields += 1
            if any(k in destroyed or keyring.is_destroyed(k) for k in sealed.keys):
                erased += 1
                continue
            why = _key_problem(keyring, sealed.keys)
            if why is None:
                try:
                    envelope.open(sealed, aad_for(store_id, row.seq, row.kind, field))
                except CiphertextInvalid:
                    failed.append((row.seq, None, sealed.keys))
                    continue
                except KeyUnavailable:
                    why = "key_missing"
                else:
                    opened += 1
                    opens_by_key.update(sealed.keys)
                    continue
            failed.append((row.seq, why, sealed.keys))
    reasons: dict[int, set[str]] = {}
    for seq, why, keys in failed:
        if why is None:
            why = "key_corrupted" if any(opens_by_key[k] == 0 for k in keys) else "ciphertext_invalid"
        reasons.setdefault(seq, set()).add(why)
    by_reason: dict[str, int] = {r: sum(1 for found in reasons.values() if r in found) for r in REASONS}
    return ContentReport(fields, opened, erased, len(reasons), by_reason,
                         min(reasons) if reasons else None)


def _key_problem(keyring: Keyring, key_ids: tuple[str, ...]) -> Why | None:
    for key_id in key_ids:
        try:
            material = keyring.material(key_id)
        except KeyUnavailable:
            return "key_missing"
        if len(material) != KEY_BYTES:
            return "key_corrupted"
    return None
