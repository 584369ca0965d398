"""The keyring backend interface: where key bytes are kept, and nothing about their meaning.

``affidavit.crypto.keyring.Keyring`` owns what keys mean (derivation, pools, erasure);
a key store only keeps bytes by id and remembers which ids were destroyed. Two
implementations, both in ``affidavit.ledger`` (the package that talks to databases):

- ``ledger.keystore.KeyStore``: one SQLite file in a local directory outside the store
  (the default; one host).
- ``ledger.pgkeystore.PgKeyStore``: a PostgreSQL database of its own, with its own role
  and credentials, shared by every host that serves the store, and never the ledger's
  database, so a ledger backup never carries keys (docs/threat-model.md).

``open_key_store`` picks one from a keyring location: a directory, or a URL.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from affidavit.ledger.location import PostgresLocation, is_url

KEYRING_FILE = "keyring.db"
DEFAULT_KEYRING_SCHEMA = "affidavit_keyring"


class KeyStoreBackend(Protocol):
    """Key bytes by id, and the ids destroyed; every write is durable when it returns."""

    def close(self) -> None: ...

    def describe(self) -> str:
        """Where the keys are, for messages (never a password)."""
        ...

    def load_all(self) -> tuple[dict[str, bytes], set[str]]:
        """Every held key, and every id recorded as destroyed."""
        ...

    def get(self, key_id: str) -> bytes | None: ...

    def is_destroyed(self, key_id: str) -> bool: ...

    def put_many(self, items: list[tuple[str, bytes]], at_us: int) -> None:
        """Insert keys in one durable transaction (it commits before the ledger append)."""
        ...

    def destroy(self, key_ids: list[str], at_us: int) -> None:
        """Delete the material and record the ids as destroyed, in one transaction."""
        ...


def open_key_store(location: Path | str, store_id: str, *, create: bool) -> KeyStoreBackend:
    """The key store of ``store_id`` at a keyring location (a directory or a URL)."""
    if is_url(location):
        from affidavit.ledger.pgkeystore import PgKeyStore

        where = PostgresLocation.parse(str(location), default_schema=DEFAULT_KEYRING_SCHEMA)
        return PgKeyStore.create(where, store_id) if create else PgKeyStore.open(where, store_id)
    from affidavit.ledger.keystore import KeyStore

    directory = Path(location)
    if create:
        directory.mkdir(parents=True, exist_ok=True, mode=0o700)
        return KeyStore.create(directory / KEYRING_FILE, store_id)
    return KeyStore.open(directory / KEYRING_FILE, store_id)
