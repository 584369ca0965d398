"""Ed25519 signing key per install: created with exclusive create and mode 0600."""

from __future__ import annotations

import os
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)

from affidavit.errors import KeyringError

SIGNATURE_ALG = "Ed25519"


class Signer:
    def __init__(self, private_key: Ed25519PrivateKey) -> None:
        self._key = private_key

    @classmethod
    def load_or_create(cls, path: Path) -> Signer:
        if path.exists():
            data = path.read_bytes()
            try:
                key = serialization.load_pem_private_key(data, password=None)
            except ValueError:
                raise KeyringError(f"{path.name} is not a PEM Ed25519 private key") from None
            if not isinstance(key, Ed25519PrivateKey):
                raise KeyringError(f"{path.name} holds a key that is not Ed25519")
            return cls(key)
        key = Ed25519PrivateKey.generate()
        pem = key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        # O_EXCL: never overwrite a signing key another process created meanwhile.
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            return cls.load_or_create(path)
        with os.fdopen(fd, "wb") as fh:
            fh.write(pem)
            fh.flush()
            os.fsync(fh.fileno())
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
