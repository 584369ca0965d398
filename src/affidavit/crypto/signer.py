"""Ed25519 signing key per install: created atomically (temporary file, rename), mode 0600."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)

from affidavit.errors import KeyringError
from affidavit.filelock import exclusive

SIGNATURE_ALG = "Ed25519"


def _locked(path: Path) -> contextlib.AbstractContextManager[None]:
    """Serialise processes creating or loading the key beside ``path``."""
    return exclusive(path.with_name(path.name + ".lock"))


def _load(path: Path) -> Ed25519PrivateKey:
    try:
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    except ValueError:
        raise KeyringError(f"{path.name} is not a PEM Ed25519 private key; restore it from a "
                           "backup of the keyring (certificates already issued name its public "
                           "key), or move it away to start a new signing key") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise KeyringError(f"{path.name} holds a key that is not Ed25519")
    return key


class Signer:
    def __init__(self, private_key: Ed25519PrivateKey) -> None:
        self._key = private_key

    @classmethod
    def load_or_create(cls, path: Path) -> Signer:
        """The key at ``path``, created there first if there is none (or only an empty file).

        Creation is atomic under a lock: the key is written to a temporary file, synced,
        then renamed into place, so a process killed at any instant leaves either no key
        or a whole one. An empty file is what a kill between create and write left in
        earlier versions (a key never returned, so nothing was signed with it): it is
        replaced. A non-empty file that is not a key is refused, never overwritten.
        """
        with _locked(path):
            if path.exists() and path.stat().st_size > 0:
                return cls(_load(path))
            key = Ed25519PrivateKey.generate()
            pem = key.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            )
            tmp = path.with_name(f".{path.name}.tmp")
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "wb") as fh:
                fh.write(pem)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
            dir_fd = os.open(path.parent, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
            return cls(key)

    @property
    def public_key_bytes(self) -> bytes:
        return self._key.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )

    def public_key_pem(self) -> bytes:
        return self._key.public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )

    def sign(self, payload: bytes) -> bytes:
        return self._key.sign(payload)


def verify_signature(public_key: bytes, payload: bytes, signature: bytes) -> bool:
    try:
        Ed25519PublicKey.from_public_bytes(public_key).verify(signature, payload)
    except (InvalidSignature, ValueError):
        return False
    return True
