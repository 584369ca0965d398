"""The SQLite ledger backend: append (in one BEGIN IMMEDIATE transaction), scan, head.

The first implementation of ``affidavit.ledger.backend.LedgerBackend``. Callers never
see apsw. A write is a context manager: inside it the caller
catches up with rows other processes appended, decides, then inserts; leaving
the block commits, an exception rolls everything back.

Rows are stored in layout 2 (``affidavit.ledger.rowformat``) once the ledger has the
migration that makes it: a new ledger from the start, one made before by its first
write under this version. A process that opened a ledger still in layout 1 looks at the
schema cookie before each read, so it notices when another process upgrades it.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Sequence
from pathlib import Path

import apsw

from affidavit.chain import Row, RowValues
from affidavit.errors import LedgerError, NotALedger
from affidavit.ledger import connection, rowformat, schema
from affidavit.ledger.backend import Durability, HeadSeal

_COLUMNS = "seq, kind, tenant, actor, recorded_at, resolver, body, prev_hash, hash"
_SELECT = f"SELECT {_COLUMNS} FROM events WHERE seq > ? ORDER BY seq"
_SELECT_UNTIL = f"SELECT {_COLUMNS} FROM events WHERE seq > ? AND seq <= ? ORDER BY seq"
_INSERT = f"INSERT INTO events ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
# Layout 2: from the row at the range's start on (its hash is the next row's implied
# prev_hash; ``rowformat.expand`` reads and drops it).
_SELECT2 = f"SELECT {_COLUMNS}, header FROM events WHERE seq >= ? ORDER BY seq"
_SELECT2_UNTIL = f"SELECT {_COLUMNS}, header FROM events WHERE seq >= ? AND seq <= ? ORDER BY seq"
_INSERT2 = f"INSERT INTO events ({_COLUMNS}, header) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"


class SQLiteLedger:
    """One SQLite file holding the ``events`` table (a ``LedgerBackend``)."""

    def __init__(self, conn: apsw.Connection, path: Path, durability: Durability = "full") -> None:
        self._conn = conn
        self.path = path
        self.durability: Durability = durability
        self._headers = rowformat.Headers(self._load_headers)
        with connection.translate_errors(path):
            self._compact = schema.has_compact_rows(conn)
            self._schema_version = schema.schema_version(conn)

    def _load_headers(self) -> list[tuple[int, str, str, str, str]]:
        return list(self._conn.execute("SELECT id, kind, tenant, actor, resolver FROM headers"))

    def _check_layout(self) -> None:
        """A ledger in layout 1 may have been upgraded by another process since we looked."""
        if not self._compact:
            version = schema.schema_version(self._conn)
            if version != self._schema_version:
                self._compact = schema.has_compact_rows(self._conn)
                self._schema_version = version

    def _values(self, after_seq: int, until_seq: int | None) -> Iterator[RowValues]:
        """Rows by seq, expanded from their stored layout (inside ``translate_errors``)."""
        self._check_layout()
        if not self._compact:
            if until_seq is None:
                return self._conn.execute(_SELECT, (after_seq,))
            return self._conn.execute(_SELECT_UNTIL, (after_seq, until_seq))
        if until_seq is None:
            cursor = self._conn.execute(_SELECT2, (after_seq,))
        else:
            cursor = self._conn.execute(_SELECT2_UNTIL, (after_seq, until_seq))
        return rowformat.expand(cursor, self._headers, after_seq)

    @classmethod
    def create(cls, path: Path, durability: Durability = "full") -> SQLiteLedger:
        if path.exists():
            raise LedgerError(f"{path.name} already exists; open it instead of creating it")
        conn = connection.connect(path, create=True)
        with connection.translate_errors(path):
            connection.set_page_size(conn)
            connection.use_wal(conn)
            connection.set_durability(conn, durability)
            with conn:
                schema.install(conn)
        return cls(conn, path, durability)

    @classmethod
    def open(cls, path: Path, durability: Durability = "full") -> SQLiteLedger:
        if not path.is_file():
            raise LedgerError(f"no ledger at {path.name}: create the store first")
        # Check before SQLite touches the file, so garbage is reported and left untouched.
        if not connection.looks_like_sqlite(path):
            raise NotALedger(f"{path.name} is not a SQLite database (bad header); left untouched")
        probe = connection.connect(path, create=False, readonly=True)
        try:
            with connection.translate_errors(path):
                ok = schema.is_ledger(probe)
        finally:
            probe.close()
        if not ok:
            raise NotALedger(f"{path.name} is a SQLite database but not an affidavit ledger")
        conn = connection.connect(path, create=False)
        with connection.translate_errors(path):
            connection.use_wal(conn)
            connection.set_durability(conn, durability)
        return cls(conn, path, durability)

    def close(self) -> None:
        self._conn.close()

    def rows(self, after_seq: int = 0, until_seq: int | None = None) -> Iterator[Row]:
        with connection.translate_errors(self.path):
            make = Row._make
            for values in self._values(after_seq, until_seq):
                yield make(values)

    @contextlib.contextmanager
    def scan(self, after_seq: int = 0, until_seq: int | None = None) -> Iterator[Iterator[RowValues]]:
        """Like ``rows`` but plain tuples, for replay's hot loop.

        A context manager rather than a generator: errors raised while stepping the
        cursor are still translated, and a layout-1 cursor is iterated without a Python
        frame per row.
        """
        with connection.translate_errors(self.path):
            yield self._values(after_seq, until_seq)

    def head_seal(self) -> HeadSeal | None:
        with connection.translate_errors(self.path):
            got = self._conn.execute("SELECT seq, hash, mac FROM head_seal WHERE id = 1").fetchall()
        if not got:
            return None
        seq, digest, mac = got[0]
        if not (isinstance(seq, int) and isinstance(digest, bytes) and isinstance(mac, bytes)):
            return HeadSeal(-1, b"", b"")  # a damaged seal row never matches any head
        return HeadSeal(seq, digest, mac)

    def last_seq(self) -> int:
        with connection.translate_errors(self.path):
            got = self._conn.execute("SELECT max(seq) FROM events").fetchall()
        return int(got[0][0] or 0)

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[None]:
        """A read transaction: every read inside sees one consistent state of the file.

        Re-entrant: inside an open transaction (a snapshot or a write) it adds nothing.
        """
        if self._conn.in_transaction:
            yield
            return
        with connection.translate_errors(self.path):
            self._conn.execute("BEGIN")
            try:
                yield
            finally:
                self._conn.execute("COMMIT")

    @contextlib.contextmanager
    def write(self) -> Iterator[SQLiteWriteTx]:
        """One BEGIN IMMEDIATE transaction: the process holds the write lock throughout."""
        with connection.translate_errors(self.path):
            self._conn.execute("BEGIN IMMEDIATE")
            upgraded = False
            try:
                if not self._compact:  # made before: its first write here moves it to layout 2
                    schema.install(self._conn)
                    self._compact = upgraded = schema.has_compact_rows(self._conn)
                yield SQLiteWriteTx(self)
                self._conn.execute("COMMIT")
            except BaseException:
                # SQLite has already rolled back after some errors (a full disk, I/O):
                # a second ROLLBACK would fail and hide the error that matters.
                if self._conn.in_transaction:
                    self._conn.execute("ROLLBACK")
                self._headers.reset()
                if upgraded:  # the upgrade rolled back with the rest
                    self._compact = False
                raise
            self._headers.commit()

    def set_durability(self, durability: Durability) -> None:
        """Change whether each later commit is synced to disk before it returns."""
        with connection.translate_errors(self.path):
            connection.set_durability(self._conn, durability)
        self.durability = durability

    def sync(self) -> None:
        """Make every commit so far durable (group commit after commits made "fast").

        In WAL mode a "fast" commit is written to the WAL without an fsync; syncing the
        WAL file (and the database file, which a checkpoint may have written) makes all
        of them durable at once. The ledger stays a consistent prefix either way.
        """
        for path in (self.path, self.path.with_name(self.path.name + "-wal")):
            try:
                fd = os.open(path, os.O_RDONLY)
            except FileNotFoundError:
                continue
            except OSError as exc:
                raise LedgerError(f"cannot sync {path.name}: {exc.strerror}") from exc
            try:
                os.fsync(fd)
            except OSError as exc:
                raise LedgerError(f"cannot sync {path.name}: {exc.strerror}") from exc
            finally:
                os.close(fd)

    def checkpoint(self) -> None:
        with connection.translate_errors(self.path):
            self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def changed_since(self, seq: int) -> bool:
        """Always True: SQLite has no notifications; a catch-up is one indexed read."""
        return True


class SQLiteWriteTx:
    """What a caller may do while holding the write lock (a ``WriteTx``)."""

    def __init__(self, ledger: SQLiteLedger) -> None:
        self._ledger = ledger

    def rows_after(self, seq: int) -> Iterator[Row]:
        return self._ledger.rows(seq)

    def insert(self, rows: Sequence[Row]) -> None:
        if not rows:
            return
        conn = self._ledger._conn
        if not self._ledger._compact:
            conn.executemany(_INSERT, rows)
            return
        got = conn.execute("SELECT hash FROM events WHERE seq = ?", (rows[0].seq - 1,)).fetchall()
        before = (rows[0].seq - 1, got[0][0]) if got and isinstance(got[0][0], bytes) else None
        conn.executemany(_INSERT2, rowformat.to_stored(rows, before, self._intern))

    def _intern(self, header: rowformat.Header) -> int:
        return self._ledger._headers.id_of(header, self._insert_header)

    def _insert_header(self, header: rowformat.Header) -> int:
        conn = self._ledger._conn
        conn.execute("INSERT INTO headers (kind, tenant, actor, resolver) VALUES (?, ?, ?, ?)", header)
        return int(conn.last_insert_rowid())

    def seal_head(self, seq: int, hash: bytes, mac: bytes) -> None:
        self._ledger._conn.execute(
            "INSERT INTO head_seal(id, seq, hash, mac) VALUES (1, ?, ?, ?) "
            "ON CONFLICT(id) DO UPDATE SET seq=excluded.seq, hash=excluded.hash, mac=excluded.mac",
            (seq, hash, mac),
        )
