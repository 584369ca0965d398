"""Persistence of the keyring: one small SQLite file outside the store directory.

Only bytes go in and out here; ``affidavit.crypto.keyring`` owns what they mean.
Destroying a key deletes its row with ``secure_delete`` on and truncates the WAL,
and records only the key id as destroyed.
"""

from __future__ import annotations

import os
from pathlib import Path

import apsw

from affidavit.errors import KeyringError
from affidavit.ledger import connection

_DDL = """
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS keys (
    key_id     TEXT PRIMARY KEY,
    material   BLOB NOT NULL,
    created_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS destroyed (key_id TEXT PRIMARY KEY, destroyed_at INTEGER NOT NULL);
"""


class KeyStore:
    def __init__(self, conn: apsw.Connection, path: Path) -> None:
        self._conn = conn
        self.path = path

    @classmethod
    def create(cls, path: Path, store_id: str) -> KeyStore:
        try:
            # Created empty at 0600 before SQLite touches it: SQLite gives the -wal and
            # -shm files the database file's mode, and the WAL holds every key.
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:
            raise KeyringError(f"a keyring already exists at {path.name}; refusing to overwrite it") from None
        conn = connection.connect(path, create=True)
        with connection.translate_errors(path):
            connection.set_page_size(conn)
            cls._setup(conn)
            with conn:
                conn.execute(_DDL)
                conn.execute("INSERT INTO meta(name, value) VALUES ('store_id', ?)", (store_id,))
        path.chmod(0o600)  # whatever the umask did to the open above
        return cls(conn, path)

    @classmethod
    def open(cls, path: Path, store_id: str) -> KeyStore:
        if not path.is_file():
            raise KeyringError(
                f"no keyring for store {store_id} at the configured keyring location; pass the "
                "keyring directory this store was created with"
            )
        conn = connection.connect(path, create=False)
        with connection.translate_errors(path):
            cls._setup(conn)
            got = conn.execute("SELECT value FROM meta WHERE name='store_id'").fetchall()
        if not got or got[0][0] != store_id:
            raise KeyringError(f"the keyring at {path.name} belongs to another store, not {store_id}")
        return cls(conn, path)

    @staticmethod
    def _setup(conn: apsw.Connection) -> None:
        connection.use_wal(conn)
        connection.set_durability(conn, "full")  # a key is durable before data sealed under it
        connection.enable_secure_delete(conn)

    def close(self) -> None:
        self._conn.close()

    def describe(self) -> str:
        return self.path.name

    def load_all(self) -> tuple[dict[str, bytes], set[str]]:
        with connection.translate_errors(self.path):
            # Built by SQLite's rows straight into the dict (no Python step per key: a store
            # of 100k claims holds some 300k). A material that is not a blob is left out,
            # as ``get`` refuses it: that key reads as unavailable.
            keys: dict[str, bytes] = dict(self._conn.execute(
                "SELECT key_id, material FROM keys WHERE typeof(material) = 'blob'"))
            gone = {r[0] for r in self._conn.execute("SELECT key_id FROM destroyed")}
        return keys, gone

    def get(self, key_id: str) -> bytes | None:
        with connection.translate_errors(self.path):
            got = self._conn.execute(
                "SELECT material FROM keys WHERE key_id = ?", (key_id,)
            ).fetchall()
        if not got or not isinstance(got[0][0], bytes):
            return None
        return got[0][0]

    def is_destroyed(self, key_id: str) -> bool:
        with connection.translate_errors(self.path):
            got = self._conn.execute(
                "SELECT 1 FROM destroyed WHERE key_id = ?", (key_id,)
            ).fetchall()
        return bool(got)

    def put_many(self, items: list[tuple[str, bytes]], at_us: int) -> None:
        """Insert keys in one durable transaction (commits before the caller's ledger append)."""
        with connection.translate_errors(self.path), self._conn:
            self._conn.executemany(
                "INSERT INTO keys(key_id, material, created_at) VALUES (?, ?, ?)",
                [(k, m, at_us) for k, m in items],
            )

    def destroy(self, key_ids: list[str], at_us: int) -> None:
        with connection.translate_errors(self.path):
            with self._conn:
                self._conn.executemany("DELETE FROM keys WHERE key_id = ?", [(k,) for k in key_ids])
                self._conn.executemany(
                    "INSERT OR IGNORE INTO destroyed(key_id, destroyed_at) VALUES (?, ?)",
                    [(k, at_us) for k in key_ids],
                )
            # Move the zeroed pages into the main file and cut the WAL to zero bytes,
            # so no copy of the key material stays in the WAL.
            self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
