"""The event ledger behind one backend interface; the only package that imports apsw or psycopg.

``LedgerBackend`` (backend.py) is what the engine talks to; ``SQLiteLedger``
(sqlite.py) is its first implementation and ``PostgresLedger`` (postgres.py) its
second. psycopg is imported only when a PostgreSQL location is opened, so the
``postgres`` extra stays optional. The keyring's key stores live here too: they
are SQLite (keystore.py) or PostgreSQL (pgkeystore.py) as well.
"""

from affidavit.ledger.backend import Durability, HeadSeal, LedgerBackend, WriteTx
from affidavit.ledger.location import PostgresLocation, is_url
from affidavit.ledger.postgres import PostgresLedger, PostgresWriteTx
from affidavit.ledger.sqlite import SQLiteLedger, SQLiteWriteTx

__all__ = ["Durability", "HeadSeal", "LedgerBackend", "PostgresLedger", "PostgresLocation",
           "PostgresWriteTx", "SQLiteLedger", "SQLiteWriteTx", "WriteTx", "is_url"]
