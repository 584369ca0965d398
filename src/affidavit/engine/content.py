"""Sealed content in one process: open, seal, cache and forget plaintext and keys.

Everything here is about what a running process holds in memory: the envelope's
derived keys, decrypted claims, and the memoised results of the text and gate
modules. The ledger says what is erased (``ErasedSubjects``); whatever memory still
holds, a destroyed key reads as ``[erased]``.
"""

from __future__ import annotations

import sys

from affidavit.codec import decode_private, decode_sealed
from affidavit.crypto.envelope import CiphertextInvalid, Envelope, aad_for
from affidavit.crypto.keyring import Keyring
from affidavit.errors import KeyringError, KeyUnavailable
from affidavit.events import ClaimPrivate, EvidencePrivate, Sealed, Unreadable
from affidavit.projections import ClaimRecord, ErasedSubjects

CLAIM_CACHE_SIZE = 200_000
# Caches of the package's own pinned data (the WordNet lexicon, the confusables table):
# no text a user gave is in them, and reloading them cost every erasure a tenth of a second.
STATIC_DATA = frozenset({
    "affidavit.text.lexicon.lexicon", "affidavit.text.lexical.active",
    "affidavit.text.confusables.latin_table",
})


def clear_text_caches() -> None:
    """Drop every memoised result of the text and gate modules: they hold plaintext.

    Claim texts, evidence and questions sit in those caches as keys and values; after an
    erasure they must not outlive it in this process. Refilling them is only a cost. A
    ``text.memo`` cache is cut off at once and freed by the reaper (after the enclosing
    ``held_until_exit`` block, in ``forget``); any other ``cache_clear`` frees in place.
    """
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith(("affidavit.text", "affidavit.gates")):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            own = callable(clear) and getattr(value, "__module__", None) == name
            if isinstance(value, type) or not own:
                continue  # a class (``Memo`` itself) has no cache of its own
            if f"{name}.{getattr(value, '__name__', '')}" not in STATIC_DATA:
                clear()  # type: ignore[misc]


class Content:
    """The keyring's envelope and the decrypted-claim cache of one engine (or view)."""

    def __init__(self, store_id: str, keyring: Keyring | None, erased: ErasedSubjects) -> None:
        self._store_id = store_id
        self._keyring = keyring
        self._envelope = Envelope(keyring) if keyring is not None else None
        self._erased = erased
        self._claim_cache: dict[str, ClaimPrivate] = {}

    def open_sealed(self, sealed: Sealed, seq: int, kind: str, field: str, cls: type,
                    once: bool = False) -> object:
        """The decrypted payload, or ``Unreadable`` when a key is destroyed or not held.

        ``once``: the key combination is not expected again soon (replay's eager fields),
        so the envelope keeps no AEAD for it.
        """
        envelope = self._envelope
        if envelope is None:
            return Unreadable("unavailable")
        destroyed = self._erased.key_destroyed
        for key_id in sealed.keys:
            if destroyed(key_id):
                return Unreadable("erased")  # the ledger says erased, whatever memory still holds
        try:
            aad = aad_for(self._store_id, seq, kind, field)
            plain = envelope.open_once(sealed, aad) if once else envelope.open(sealed, aad)
        except KeyUnavailable as exc:
            return Unreadable("erased" if exc.erased else "unavailable")
        except CiphertextInvalid:
            return Unreadable("unavailable")
        return decode_private(cls, plain)

    def open_claim(self, record: ClaimRecord) -> ClaimPrivate | Unreadable:
        """A claim's content, decrypted on first read and cached (never across an erasure)."""
        cached = self._claim_cache.get(record.claim_id)
        if cached is not None:
            return cached
        sealed = decode_sealed(record.sealed)
        if sealed is None:  # replay keeps it unparsed: a malformed one shows here, unreadable
            return Unreadable("unavailable")
        opened = self.open_sealed(sealed, record.seq, record.sealed_kind, "private", ClaimPrivate)
        if isinstance(opened, ClaimPrivate):
            self.keep_claim(record.claim_id, opened)
            return opened
        return opened if isinstance(opened, Unreadable) else Unreadable("unavailable")

    def claim_evidence(self, record: ClaimRecord) -> str | Unreadable:
        """A claim's stored supporting span (sealed apart from the claim since format 1.1)."""
        if record.evidence is None:
            opened = self.open_claim(record)
            return opened.evidence if isinstance(opened, ClaimPrivate) else opened
        evidence = self.open_sealed(record.evidence, record.seq, record.sealed_kind, "evidence",
                                    EvidencePrivate)
        if isinstance(evidence, EvidencePrivate):
            return evidence.evidence
        return evidence if isinstance(evidence, Unreadable) else Unreadable("unavailable")

    def seal(self, seq: int, kind: str, field: str, plain: bytes, key_ids: tuple[str, ...]) -> Sealed:
        if self._envelope is None:
            raise KeyringError("this store was opened without its keyring: it is read-only")
        return self._envelope.seal(plain, key_ids, aad_for(self._store_id, seq, kind, field))

    def keep_claim(self, claim_id: str, private: ClaimPrivate) -> None:
        """Cache a claim's plaintext (our own write needs no decryption); bounded memory."""
        if len(self._claim_cache) >= CLAIM_CACHE_SIZE:
            self._claim_cache.clear()  # a cache miss is one decryption
        self._claim_cache[claim_id] = private

    def forget_claims(self, claim_ids: tuple[str, ...]) -> None:
        """Plaintext of erased claims must not outlive the erasure in this process."""
        for claim_id in claim_ids:
            self._claim_cache.pop(claim_id, None)

    def forget_keys(self, key_ids: set[str]) -> None:
        """Drop keys, and the AEADs derived from them, from this process's memory."""
        if not key_ids:
            return
        if self._keyring is not None:
            self._keyring.evict(key_ids)
        if self._envelope is not None:
            self._envelope.forget_keys(key_ids)

    def shred(self, key_ids: tuple[str, ...] | list[str], at_us: int) -> int:
        """Destroy the keys the keyring still holds (secure delete + WAL truncate); drop cached AEADs."""
        keyring = self._keyring
        if keyring is None or not key_ids:
            return 0
        pending = [k for k in key_ids if not keyring.is_destroyed(k)]
        if pending:
            keyring.destroy(pending, at_us)
        if self._envelope is not None:
            self._envelope.forget_keys(set(key_ids))
        return len(pending)
