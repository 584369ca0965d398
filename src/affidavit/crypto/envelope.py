"""AES-256-GCM envelopes for personal fields.

A field that concerns several subjects is sealed under a key derived (HKDF-SHA256,
expand step, RFC 5869 section 3.3: the input keys are already uniformly random, so the
extract step adds nothing) from *all* their data keys, so destroying any one of them
makes it unreadable.
Associated data binds the ciphertext to the store, the event seq, the kind and the
field, so ciphertext moved elsewhere does not decrypt.
"""

from __future__ import annotations

import os

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDFExpand

from affidavit.crypto.keyring import Keyring
from affidavit.errors import KeyringError
from affidavit.events import Sealed

CIPHER_NAME = "AES-256-GCM, key = HKDF-Expand-SHA256(subject keys)"
_NONCE_BYTES = 12
# Derived AEADs kept per process. Each holds some 2.5 KB (the cipher context), and replay
# opens every entity's name under a key combination of its own, used once: kept without
# bound, 100k entities held 250 MB. A combination used again after a clear is derived
# again (one HKDF expand).
AEADS_KEPT = 4096
_SHA256 = hashes.SHA256()  # an algorithm's name and sizes, no state: one serves every derivation
_INFO = b"affidavit/envelope/v1\x00"


class CiphertextInvalid(KeyringError):
    """The ciphertext did not authenticate: moved, altered, or sealed for another place."""

    code = "ciphertext_invalid"


def aad_for(store_id: str, seq: int, kind: str, field: str) -> bytes:
    """``affidavit/aad/v1 NUL store_id NUL seq NUL kind NUL field`` (seq in decimal)."""
    return f"affidavit/aad/v1\x00{store_id}\x00{seq}\x00{kind}\x00{field}".encode()


class Envelope:
    def __init__(self, keyring: Keyring) -> None:
        self._keyring = keyring
        self._aeads: dict[tuple[str, ...], AESGCM] = {}
        # key id -> the cached key combinations that use it, so forgetting a subject's keys
        # touches their AEADs only, not every AEAD the process derived (one per subject).
        self._combos_of: dict[str, list[tuple[str, ...]]] = {}

    def _aead(self, key_ids: tuple[str, ...]) -> AESGCM:
        aead = self._aeads.get(key_ids)
        if aead is None:
            if len(self._aeads) >= AEADS_KEPT:
                self._aeads.clear()
                self._combos_of.clear()
            aead = self._aeads[key_ids] = self._derive(key_ids)
            combos_of = self._combos_of
            for key_id in key_ids:
                held = combos_of.get(key_id)
                if held is None:
                    combos_of[key_id] = [key_ids]
                else:
                    held.append(key_ids)
        return aead

    def _derive(self, key_ids: tuple[str, ...]) -> AESGCM:
        material = self._keyring.material
        ikm = material(key_ids[0]) if len(key_ids) == 1 else b"".join(material(k) for k in key_ids)
        hkdf = HKDFExpand(algorithm=_SHA256, length=32, info=_INFO + "\x00".join(key_ids).encode())
        return AESGCM(hkdf.derive(ikm))

    def seal(self, plaintext: bytes, key_ids: tuple[str, ...] | list[str], aad: bytes) -> Sealed:
        keys = tuple(sorted(set(key_ids)))
        if not keys:
            raise ValueError("a sealed field needs at least one data key")
        nonce = os.urandom(_NONCE_BYTES)
        return Sealed(keys=keys, nonce=nonce, ct=self._aead(keys).encrypt(nonce, plaintext, aad))

    def open(self, sealed: Sealed, aad: bytes) -> bytes:
        """Plaintext, or KeyUnavailable when a key is gone, or CiphertextInvalid."""
        aead = self._aead(sealed.keys)
        try:
            return aead.decrypt(sealed.nonce, sealed.ct, aad)
        except InvalidTag:
            raise CiphertextInvalid(
                "a sealed field did not authenticate under its keys and place"
            ) from None

    def open_once(self, sealed: Sealed, aad: bytes) -> bytes:
        """``open`` for a key combination not expected again soon: nothing is cached.

        Replay opens each entity's name under that entity's key alone, once; caching
        those AEADs only evicted the ones later reads use again.
        """
        try:
            return self._derive(sealed.keys).decrypt(sealed.nonce, sealed.ct, aad)
        except InvalidTag:
            raise CiphertextInvalid(
                "a sealed field did not authenticate under its keys and place"
            ) from None

    def forget_keys(self, key_ids: set[str]) -> None:
        """Drop cached derived keys that used any destroyed key."""
        for key_id in key_ids:
            for combo in self._combos_of.pop(key_id, ()):
                self._aeads.pop(combo, None)
