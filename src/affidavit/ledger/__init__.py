"""The event ledger behind one backend interface; the only package that imports apsw.

``LedgerBackend`` (backend.py) is what the engine talks to; ``SQLiteLedger``
(sqlite.py) is its first implementation. The keyring's key store lives here too,
because it is SQLite as well (keystore.py).
"""

from affidavit.ledger.backend import Durability, HeadSeal, LedgerBackend, WriteTx
from affidavit.ledger.sqlite import SQLiteLedger, SQLiteWriteTx

__all__ = ["Durability", "HeadSeal", "LedgerBackend", "SQLiteLedger", "SQLiteWriteTx", "WriteTx"]
