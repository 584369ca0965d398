"""Per-subject data keys, kept outside the store directory.

A key id names what it protects: ``ent_...`` an entity (person or organisation),
``prt_...`` one source-document part, ``src_...`` a source's metadata, and
``store`` the per-store secret from which the head-seal and fingerprint keys
are derived. Destroying a key makes everything sealed under it unreadable.
"""

from __future__ import annotations

import os
from pathlib import Path

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from affidavit.crypto.keystore import KEYRING_FILE, KeyStoreBackend, open_key_store
from affidavit.errors import KeyUnavailable
from affidavit.ledger.location import is_url

STORE_SECRET_ID = "store"
KEY_BYTES = 32
POOL_BATCH = 256


def default_keyring_root() -> Path:
    """Where local keyrings live unless configured: outside any store directory."""
    configured = os.environ.get("AFFIDAVIT_KEYRING_DIR")
    if configured and not is_url(configured):
        return Path(configured)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "affidavit" / "keyrings"


def keyring_location(configured: Path | str | None, store_id: str) -> Path | str:
    """The keyring of ``store_id``: as passed, else ``AFFIDAVIT_KEYRING_DIR``, else local.

    A directory names one store's keyring when passed, and a root of per-store
    directories in the environment; a ``postgresql://`` URL (either way) names a shared
    key database holding the keyrings of many stores, told apart by store id.
    """
    if configured is not None and str(configured):
        return str(configured) if is_url(str(configured)) else Path(configured)
    env = os.environ.get("AFFIDAVIT_KEYRING_DIR")
    if env and is_url(env):
        return env
    return default_keyring_root() / store_id


def local_dir_for(location: Path | str, store_id: str) -> Path:
    """A local directory for this host's per-store files (the certificate signing key).

    The keyring directory itself, or, for a shared keyring in a database, the default
    local keyring directory of the store.
    """
    if isinstance(location, Path):
        return location
    return default_keyring_root() / store_id


def _host_dir(location: Path | str, store_id: str) -> Path:
    directory = local_dir_for(location, store_id)
    if is_url(str(location)):
        directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    return directory


class Keyring:
    """The keys of one store, over any ``KeyStoreBackend`` (local file or shared database)."""

    def __init__(self, keystore: KeyStoreBackend, local_dir: Path) -> None:
        self._store = keystore
        # This host's directory for the keyring's files: the keyring file itself (local
        # keyrings), the head mark and the signing key. A shared keyring keeps the last
        # two per host, in the store's default local keyring directory.
        self.local_dir = local_dir
        self._keys, self._destroyed = keystore.load_all()
        self._derived: dict[str, bytes] = {}
        self._pool: list[str] = []

    @classmethod
    def create(cls, location: Path | str, store_id: str, at_us: int) -> Keyring:
        """A new keyring at a directory or a ``postgresql://`` URL, with its store secret."""
        keystore = open_key_store(location, store_id, create=True)
        keystore.put_many([(STORE_SECRET_ID, os.urandom(KEY_BYTES))], at_us)
        return cls(keystore, _host_dir(location, store_id))

    @classmethod
    def create_copy(cls, location: Path | str, store_id: str, keys: list[tuple[str, bytes]],
                    destroyed: list[str], at_us: int) -> Keyring:
        """A new keyring holding exactly ``keys`` (a salvaged copy's: its own, not shared)."""
        keystore = open_key_store(location, store_id, create=True)
        keystore.put_many(keys, at_us)
        if destroyed:
            keystore.destroy(destroyed, at_us)
        return cls(keystore, _host_dir(location, store_id))

    @classmethod
    def open(cls, location: Path | str, store_id: str) -> Keyring:
        return cls(open_key_store(location, store_id, create=False), _host_dir(location, store_id))

    @property
    def path(self) -> Path:
        """The keyring file in ``local_dir`` (a shared keyring has none there)."""
        return self.local_dir / KEYRING_FILE

    def describe(self) -> str:
        return self._store.describe()

    def close(self) -> None:
        self._store.close()

    def material(self, key_id: str) -> bytes:
        key = self._keys.get(key_id)
        if key is None:
            # Another process may have created it since we loaded.
            key = self._store.get(key_id)
            if key is None:
                erased = key_id in self._destroyed or self._store.is_destroyed(key_id)
                if erased:
                    self._destroyed.add(key_id)
                raise KeyUnavailable(key_id, erased=erased)
            self._keys[key_id] = key
        return key

    def evict(self, key_ids: set[str]) -> None:
        """Drop keys from this process's memory only (another process destroyed them on disk)."""
        for key_id in key_ids:
            self._keys.pop(key_id, None)

    def holds(self, key_id: str) -> bool:
        try:
            self.material(key_id)
        except KeyUnavailable:
            return False
        return True

    def destroyed_keys(self) -> frozenset[str]:
        """Every key this keyring records as destroyed (ids only; the material is gone)."""
        return frozenset(self._destroyed)

    def is_destroyed(self, key_id: str) -> bool:
        return key_id in self._destroyed or self._store.is_destroyed(key_id)

    def new_key_id(self, prefix: str) -> str:
        return f"{prefix}_{os.urandom(12).hex()}"

    def take_keys(self, count: int, at_us: int) -> list[str]:
        """Fresh keys that are already durable: drawn from this process's pre-created pool.

        Creating keys costs a durable keyring commit; drawing from a pool made in batches
        keeps that off the per-write path. Pool keys are random, private to this process,
        and an unused one is harmless.
        """
        while len(self._pool) < count:
            batch = [self.new_key_id("k") for _ in range(max(POOL_BATCH, count))]
            self.create_keys(batch, at_us)
            self._pool.extend(batch)
        taken, self._pool = self._pool[:count], self._pool[count:]
        return taken

    def create_keys(self, key_ids: list[str], at_us: int) -> None:
        """Generate and durably store fresh keys before anything is sealed under them."""
        items = [(k, os.urandom(KEY_BYTES)) for k in key_ids]
        if items:
            self._store.put_many(items, at_us)
            self._keys.update(items)

    def destroy(self, key_ids: list[str], at_us: int) -> None:
        self._store.destroy(key_ids, at_us)
        for key_id in key_ids:
            self._keys.pop(key_id, None)
            self._destroyed.add(key_id)

    def export_keys(self, key_ids: set[str]) -> list[tuple[str, bytes]]:
        """(id, material) of the wanted keys this keyring still holds (for a salvaged copy)."""
        out = []
        for key_id in sorted(key_ids):
            try:
                out.append((key_id, self.material(key_id)))
            except KeyUnavailable:
                continue
        return out

    def derived(self, purpose: str) -> bytes:
        """A purpose-bound key derived from the store secret (head seal, fingerprints)."""
        key = self._derived.get(purpose)
        if key is None:
            hkdf = HKDF(
                algorithm=hashes.SHA256(),
                length=KEY_BYTES,
                salt=b"affidavit/derive/v1",
                info=purpose.encode(),
            )
            key = self._derived[purpose] = hkdf.derive(self.material(STORE_SECRET_ID))
        return key
