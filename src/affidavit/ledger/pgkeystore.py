"""A keyring's key store in PostgreSQL: shared by every host that serves one store.

Deploy it in a database of its own (never the ledger's), reached with its own role and
credentials, so that a backup, dump or replica of the ledger never carries a key, and
whoever may read the ledger may not read keys. One schema (default
``affidavit_keyring``) can hold the keyrings of several stores, told apart by store id.

Destroying a key deletes its row and records the id as destroyed, in one transaction.
On a server engine a DELETE does not erase bytes: the old tuple stays in the table's
files until VACUUM reclaims (and later writes overwrite) its space, and in WAL segments,
archives, base backups and replicas for as long as they are kept. What an operator must
configure for erasure to hold is in docs/threat-model.md.
"""

from __future__ import annotations

from typing import Any

from affidavit.errors import KeyringError
from affidavit.ledger import pgconn
from affidavit.ledger.location import PostgresLocation

DDL = """
CREATE TABLE IF NOT EXISTS keyrings (
    store_id   text PRIMARY KEY,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS keys (
    store_id   text   NOT NULL REFERENCES keyrings (store_id),
    key_id     text   NOT NULL,
    material   bytea  NOT NULL,
    created_at bigint NOT NULL,
    PRIMARY KEY (store_id, key_id)
);
CREATE TABLE IF NOT EXISTS destroyed (
    store_id     text   NOT NULL REFERENCES keyrings (store_id),
    key_id       text   NOT NULL,
    destroyed_at bigint NOT NULL,
    PRIMARY KEY (store_id, key_id)
);
"""


def grants(schema: str, app_role: str) -> str:
    """The keyring role's grants: read, add and delete keys; record destructions."""
    s, r = f'"{schema}"', f'"{app_role}"'
    return f"""
REVOKE ALL ON SCHEMA {s} FROM PUBLIC;
GRANT USAGE ON SCHEMA {s} TO {r};
GRANT SELECT, INSERT ON {s}.keyrings TO {r};
GRANT SELECT, INSERT, DELETE ON {s}.keys TO {r};
GRANT SELECT, INSERT ON {s}.destroyed TO {r};
"""


class PgKeyStore:
    """The keys of one store in a PostgreSQL schema (a ``KeyStoreBackend``)."""

    def __init__(self, conn: Any, location: PostgresLocation, store_id: str) -> None:
        self._conn = conn
        self.location = location
        self.store_id = store_id

    @classmethod
    def create(cls, location: PostgresLocation, store_id: str) -> PgKeyStore:
        conn = pgconn.connect(location)
        try:
            with pgconn.translate_errors(location), conn.transaction():
                conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))",
                             (f"affidavit-keyring:{location.schema}",))
                conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{location.schema}"')
                conn.execute(DDL)
                if conn.execute("SELECT 1 FROM keyrings WHERE store_id = %s", (store_id,)).fetchone():
                    raise KeyringError(f"a keyring for store {store_id} already exists at "
                                       f"{location.display()}; refusing to overwrite it")
                conn.execute("INSERT INTO keyrings (store_id) VALUES (%s)", (store_id,))
        except BaseException:
            conn.close()
            raise
        return cls(conn, location, store_id)

    @classmethod
    def open(cls, location: PostgresLocation, store_id: str) -> PgKeyStore:
        conn = pgconn.connect(location)
        try:
            with pgconn.translate_errors(location):
                got = conn.execute(
                    "SELECT 1 FROM information_schema.tables WHERE table_schema = %s "
                    "AND table_name = 'keyrings'", (location.schema,)).fetchone()
                held = got is not None and conn.execute(
                    "SELECT 1 FROM keyrings WHERE store_id = %s", (store_id,)).fetchone()
            if not held:
                raise KeyringError(f"no keyring for store {store_id} at {location.display()}; "
                                   "pass the keyring location this store was created with")
        except BaseException:
            conn.close()
            raise
        return cls(conn, location, store_id)

    def close(self) -> None:
        self._conn.close()

    def describe(self) -> str:
        return self.location.display()

    def load_all(self) -> tuple[dict[str, bytes], set[str]]:
        with pgconn.translate_errors(self.location):
            keys = {k: bytes(m) for k, m in self._conn.execute(
                "SELECT key_id, material FROM keys WHERE store_id = %s", (self.store_id,))}
            gone = {r[0] for r in self._conn.execute(
                "SELECT key_id FROM destroyed WHERE store_id = %s", (self.store_id,))}
        return keys, gone

    def get(self, key_id: str) -> bytes | None:
        with pgconn.translate_errors(self.location):
            got = self._conn.execute("SELECT material FROM keys WHERE store_id = %s AND key_id = %s",
                                     (self.store_id, key_id)).fetchone()
        return bytes(got[0]) if got else None

    def is_destroyed(self, key_id: str) -> bool:
        with pgconn.translate_errors(self.location):
            got = self._conn.execute("SELECT 1 FROM destroyed WHERE store_id = %s AND key_id = %s",
                                     (self.store_id, key_id)).fetchone()
        return got is not None

    def put_many(self, items: list[tuple[str, bytes]], at_us: int) -> None:
        # synchronous_commit stays on for this connection: a key is durable before any
        # event sealed under it can commit.
        with pgconn.translate_errors(self.location), self._conn.transaction(), \
                self._conn.cursor() as cursor:
            cursor.executemany(
                "INSERT INTO keys (store_id, key_id, material, created_at) VALUES (%s, %s, %s, %s)",
                [(self.store_id, k, m, at_us) for k, m in items])

    def destroy(self, key_ids: list[str], at_us: int) -> None:
        with pgconn.translate_errors(self.location), self._conn.transaction(), \
                self._conn.cursor() as cursor:
            cursor.executemany("DELETE FROM keys WHERE store_id = %s AND key_id = %s",
                               [(self.store_id, k) for k in key_ids])
            cursor.executemany(
                "INSERT INTO destroyed (store_id, key_id, destroyed_at) VALUES (%s, %s, %s) "
                "ON CONFLICT DO NOTHING", [(self.store_id, k, at_us) for k in key_ids])
