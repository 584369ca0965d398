"""The PostgreSQL ledger backend (psycopg 3): the second ``LedgerBackend``.

Same rows, same seal, same contract as ``SQLiteLedger``; callers never see psycopg.

**The chain lock is the row lock on ``head``** (``SELECT … FROM head WHERE id = 1 FOR
UPDATE``), taken as the first statement of every write transaction. Chosen over an
advisory lock because:

- the seal row must be updated by every append anyway, so the lock is the data it
  protects: nobody can move the seal without holding it, even a client that forgot to
  ask for a lock (an advisory lock only binds clients that cooperate);
- it is scoped by the schema, like the chain: two chains in one database (one per
  tenant, see docs/postgres.md) never contend, with no global key numbering to collide;
- it is released by the server when the transaction ends for any reason, including a
  writer killed mid-append (its connection drops, the transaction aborts, the next
  writer proceeds; nothing half-written is visible);
- ``SELECT … FOR UPDATE`` exists on the PostgreSQL-compatible engines (CockroachDB,
  YugabyteDB, Citus) that do not all implement advisory locks.

Under READ COMMITTED each statement after the lock sees every append committed before
it was granted, so the catch-up inside the lock is complete; seqs are assigned by the
engine (no SEQUENCE, which would leave gaps on rollback) and a trigger refuses any seq
that does not continue the stored ones. An advisory lock is used for one thing only:
serialising the one-time creation of a store (``creation_lock``).

Reading: replay at open streams the chain through a server-side cursor inside one
REPEATABLE READ snapshot, so memory stays flat at any ledger size. Small reads use
keyset pages. Each append notifies the chain's channel (a trigger on ``head``);
``pgnotify.Notifications`` listens, so a reader knows without a query whether anything
was committed since it last looked (``changed_since``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import Any

from affidavit.chain import Row, RowValues
from affidavit.errors import LedgerError, NotALedger
from affidavit.ledger import pgconn, pgschema, rowformat
from affidavit.ledger.backend import Durability, HeadSeal
from affidavit.ledger.location import PostgresLocation
from affidavit.ledger.pgnotify import Notifications

_COLUMNS = "seq, kind, tenant, actor, recorded_at, resolver, body, prev_hash, hash"
_INSERT = f"INSERT INTO events ({_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)"
_INSERT2 = f"INSERT INTO events ({_COLUMNS}, header) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
PAGE = 2_000  # rows per keyset page, and per server-side cursor fetch


def _select(compact: bool, first: bool, until: bool) -> str:
    """Rows after a seq, by seq. Layout 2 reads a range's first page from the row at its
    start on: that row's hash is the next one's implied prev_hash (``rowformat.expand``)."""
    columns = f"{_COLUMNS}, header" if compact else _COLUMNS
    after = ">=" if compact and first else ">"
    bound = " AND seq <= %s" if until else ""
    return f"SELECT {columns} FROM events WHERE seq {after} %s{bound} ORDER BY seq"


class PostgresLedger:
    """One schema of one PostgreSQL database holding a chain (a ``LedgerBackend``)."""

    def __init__(self, conn: Any, location: PostgresLocation, durability: Durability = "full") -> None:
        self._conn = conn
        self.location = location
        self.durability: Durability = durability
        self._in_tx = False
        self._tx: PostgresWriteTx | None = None
        self._cursors = 0
        self._notifications: Notifications | None = None
        self._headers = rowformat.Headers(self._load_headers)
        self._compact: bool | None = None  # row layout 2; None: not yet looked

    def _load_headers(self) -> list[tuple[int, str, str, str, str]]:
        self._flush()
        return list(self._conn.execute("SELECT id, kind, tenant, actor, resolver FROM headers"))

    def _layout(self) -> bool:
        """Whether rows are in layout 2. A schema in layout 1 is asked again before each
        read: its owner may upgrade it (``postgres-setup``) while this process runs."""
        if not self._compact:
            self._compact = pgschema.has_compact_rows(self._conn)
        return self._compact

    def upgrade(self) -> bool:
        """Bring the schema up to row layout 2, as its owner; rows already stored stay as they are."""
        with pgconn.translate_errors(self.location), self.creation_lock(), self._conn.transaction():
            done = pgschema.upgrade(self._conn, self.location)
        self._compact = None
        return done

    # -- opening -------------------------------------------------------------------
    @classmethod
    def create(cls, location: PostgresLocation, durability: Durability = "full") -> PostgresLedger:
        """Install a new, empty ledger in the location's schema (refused if one is there)."""
        ledger = cls._connect(location, durability)
        try:
            with ledger.creation_lock():
                if ledger._install_if_absent() is False:
                    raise LedgerError(f"{location.display()} already holds a ledger; open it instead")
        except BaseException:
            ledger.close()
            raise
        return ledger

    @classmethod
    def open(cls, location: PostgresLocation, durability: Durability = "full") -> PostgresLedger:
        """Open an existing ledger; NotALedger if the schema holds none."""
        ledger = cls._connect(location, durability)
        try:
            with pgconn.translate_errors(location):
                ok = pgschema.is_ledger(ledger._conn, location)
            if not ok:
                raise NotALedger(f"{location.display()} holds no affidavit ledger: create the store first")
        except BaseException:
            ledger.close()
            raise
        return ledger

    @classmethod
    def open_or_install(cls, location: PostgresLocation, durability: Durability = "full") -> PostgresLedger:
        """Open the ledger, installing its (empty) schema objects first if absent."""
        ledger = cls._connect(location, durability)
        try:
            with ledger.creation_lock():
                ledger._install_if_absent()
        except BaseException:
            ledger.close()
            raise
        return ledger

    @classmethod
    def _connect(cls, location: PostgresLocation, durability: Durability) -> PostgresLedger:
        conn = pgconn.connect(location)
        try:
            with pgconn.translate_errors(location):
                pgconn.set_durability(conn, durability)
        except BaseException:
            conn.close()
            raise
        return cls(conn, location, durability)

    def _install_if_absent(self) -> bool:
        """Install the schema objects; False if a ledger is already there."""
        location = self.location
        with pgconn.translate_errors(location):
            if pgschema.is_ledger(self._conn, location):
                return False
            if pgschema.schema_exists(self._conn, location) and self._conn.execute(
                    "SELECT 1 FROM information_schema.tables WHERE table_schema = %s LIMIT 1",
                    (location.schema,)).fetchone():
                raise NotALedger(f"{location.display()}: the schema holds tables that are not an "
                                 "affidavit ledger; left untouched (choose another ?schema=)")
            with self._conn.transaction():
                self._conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{location.schema}"')
                pgschema.install(self._conn, location)
        return True

    @contextlib.contextmanager
    def creation_lock(self) -> Iterator[None]:
        """A session advisory lock held while a store is created, so it is created once."""
        key = f"affidavit-create:{self.location.schema}"
        with pgconn.translate_errors(self.location):
            self._conn.execute("SELECT pg_advisory_lock(hashtext(%s))", (key,))
            try:
                yield
            finally:
                self._conn.execute("SELECT pg_advisory_unlock(hashtext(%s))", (key,))

    def recorded_store_id(self) -> str | None:
        """The store id recorded in ``meta`` by the store this schema holds (or held)."""
        with pgconn.translate_errors(self.location):
            got = self._conn.execute("SELECT value FROM meta WHERE name = 'store_id'").fetchone()
        return str(got[0]) if got else None

    def record_store_id(self, store_id: str) -> None:
        """Record the store id once (insert-only; a trigger refuses any change to it)."""
        with pgconn.translate_errors(self.location):
            self._conn.execute("INSERT INTO meta (name, value) VALUES ('store_id', %s) "
                               "ON CONFLICT (name) DO NOTHING", (store_id,))

    def listen(self) -> Notifications:
        """Start listening for appends on the chain's channel (idempotent)."""
        if self._notifications is None:
            self._notifications = Notifications(self.location)
            self._notifications.start()
        return self._notifications

    def close(self) -> None:
        if self._notifications is not None:
            self._notifications.close()
            self._notifications = None
        self._conn.close()

    # -- reading -------------------------------------------------------------------
    def rows(self, after_seq: int = 0, until_seq: int | None = None) -> Iterator[Row]:
        """Keyset pages of ``PAGE`` rows: no transaction is left open between pages."""
        with pgconn.translate_errors(self.location):
            self._flush()
            compact = self._layout()
        make = Row._make
        if not compact:
            yield from map(make, self._pages(False, after_seq, until_seq))
            return
        stored = self._pages(True, after_seq, until_seq)
        with pgconn.translate_errors(self.location):  # expanding may reload the headers
            yield from map(make, rowformat.expand(stored, self._headers, after_seq))

    def _pages(self, compact: bool, after_seq: int, until_seq: int | None) -> Iterator[Any]:
        first, last = True, after_seq
        while True:
            query = _select(compact, first, until_seq is not None) + f" LIMIT {PAGE}"
            with pgconn.translate_errors(self.location):
                self._flush()
                page = self._conn.execute(query, (last,) if until_seq is None
                                          else (last, until_seq)).fetchall()
            yield from page
            if len(page) < PAGE:
                return
            first, last = False, page[-1][0]

    @contextlib.contextmanager
    def scan(self, after_seq: int = 0, until_seq: int | None = None) -> Iterator[Iterator[RowValues]]:
        """Plain tuples by seq, streamed: one page first, then a server-side cursor.

        The common case (a catch-up) is a short tail: one page, one round trip. A longer
        run (replay at open) continues through a server-side cursor, inside the caller's
        transaction or one of its own, so memory stays flat at any ledger size.
        """
        with pgconn.translate_errors(self.location), contextlib.ExitStack() as stack:
            self._flush()
            compact = self._layout()
            params = (after_seq,) if until_seq is None else (after_seq, until_seq)
            query = _select(compact, True, until_seq is not None)
            first = self._conn.execute(query + f" LIMIT {PAGE}", params).fetchall()
            stored = self._then_stream(stack, compact, first, until_seq)
            yield rowformat.expand(stored, self._headers, after_seq) if compact else stored

    def _then_stream(self, stack: contextlib.ExitStack, compact: bool, first: list[Any],
                     until_seq: int | None) -> Iterator[Any]:
        yield from first
        if len(first) < PAGE:
            return
        if not self._in_tx:
            stack.enter_context(self._conn.transaction())
        yield from self._cursor(stack, compact, first[-1][0], until_seq)

    def _cursor(self, stack: contextlib.ExitStack, compact: bool, after_seq: int,
                until_seq: int | None) -> Iterator[Any]:
        self._cursors += 1  # a name per cursor: two scans may be open in one transaction
        cursor = stack.enter_context(self._conn.cursor(name=f"affidavit_scan_{self._cursors}",
                                                       binary=True))
        cursor.itersize = PAGE
        query = _select(compact, False, until_seq is not None)
        cursor.execute(query, (after_seq,) if until_seq is None else (after_seq, until_seq))
        return iter(cursor)

    def head_seal(self) -> HeadSeal | None:
        tx = self._tx
        if tx is not None:
            return _seal(tx.seal)  # read under the lock, or written in this transaction
        with pgconn.translate_errors(self.location):
            got = self._conn.execute("SELECT seq, hash, mac FROM head WHERE id = 1").fetchone()
        return _seal(got)

    def last_seq(self) -> int:
        with pgconn.translate_errors(self.location):
            self._flush()
            got = self._conn.execute("SELECT coalesce(max(seq), 0) FROM events").fetchone()
        return int(got[0]) if got else 0

    def changed_since(self, seq: int) -> bool:
        """False only if, as of the newest notification received, nothing after ``seq`` committed."""
        notifications = self._notifications
        return notifications is None or notifications.changed_since(seq)

    def wait_for_change(self, seq: int, timeout: float) -> bool:
        """Block until a notification announces a seq beyond ``seq`` (True) or ``timeout``."""
        return self.listen().wait_beyond(seq, timeout)

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[None]:
        """One REPEATABLE READ, read-only transaction: every read inside sees one state.

        Re-entrant: inside an open transaction (a snapshot or a write) it adds nothing.
        """
        if self._in_tx:
            yield
            return
        with pgconn.translate_errors(self.location):
            self._conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            self._in_tx = True
            try:
                yield
            except BaseException:
                self._rollback()
                raise
            else:
                self._conn.execute("COMMIT")
            finally:
                self._in_tx = False

    # -- writing -------------------------------------------------------------------
    @contextlib.contextmanager
    def write(self) -> Iterator[PostgresWriteTx]:
        """One transaction holding the chain lock (the head row lock) throughout.

        Three round trips for a typical append: BEGIN with the lock (which also reads
        the seal), the caller's reads, then the rows, the seal and COMMIT in one
        pipeline. A failure anywhere rolls everything back.
        """
        conn = self._conn
        with pgconn.translate_errors(self.location):
            with conn.pipeline():
                conn.execute("BEGIN")
                locked = conn.execute("SELECT seq, hash, mac FROM head WHERE id = 1 FOR UPDATE")
                layout = None if self._compact else conn.execute(
                    "SELECT 1 FROM migrations WHERE name = %s", (rowformat.LAYOUT_MIGRATION,))
            self._in_tx = True
            try:
                got = locked.fetchone()
                if got is None:
                    raise LedgerError(f"{self.location.display()}: the head row is missing; the "
                                      "chain lock cannot be taken (restore the schema)")
                if layout is not None:
                    self._compact = layout.fetchone() is not None
                tx = self._tx = PostgresWriteTx(self, (got[0], bytes(got[1]), bytes(got[2])),
                                                bool(self._compact))
                yield tx
                with conn.pipeline():
                    tx.send()
                    conn.execute("COMMIT")
            except BaseException:
                self._rollback()
                self._headers.reset()
                raise
            finally:
                self._in_tx, self._tx = False, None
            self._headers.commit()

    def _flush(self) -> None:
        """Send rows and seal buffered in this write before a read that must see them."""
        if self._tx is not None and self._tx.pending:
            with self._conn.pipeline():
                self._tx.send()

    def _rollback(self) -> None:
        # The transaction may already be gone with the connection; the original error is
        # the one worth raising.
        with contextlib.suppress(pgconn.driver().Error):
            self._conn.execute("ROLLBACK")

    def set_durability(self, durability: Durability) -> None:
        """Change whether each later commit waits for the server's WAL flush (bulk import)."""
        with pgconn.translate_errors(self.location):
            pgconn.set_durability(self._conn, durability)
        self.durability = durability

    def sync(self) -> None:
        """Make every commit so far durable: one commit that waits for the WAL flush.

        A transaction with an xid writes a commit record; with ``synchronous_commit`` on,
        it returns only once the WAL is flushed up to that record, which lies after every
        earlier "fast" commit of any session.
        """
        with pgconn.translate_errors(self.location), self._conn.transaction():
            self._conn.execute("SET LOCAL synchronous_commit = on")
            self._conn.execute("SELECT pg_current_xact_id()")

    def checkpoint(self) -> None:
        """Nothing to do: a committed append is in the server's WAL (``synchronous_commit``)."""


def _seal(got: Any) -> HeadSeal | None:
    if got is None:
        return HeadSeal(-1, b"", b"")  # the row is created with the schema: it was removed
    seq, digest, mac = got
    if seq == 0 and not digest and not mac:
        return None  # never sealed
    return HeadSeal(int(seq), bytes(digest), bytes(mac))


class PostgresWriteTx:
    """What a caller may do while holding the chain lock (a ``WriteTx``).

    Rows and the seal are buffered and sent with COMMIT (or before any read inside the
    transaction), so an append costs no round trip of its own.
    """

    def __init__(self, ledger: PostgresLedger, seal: tuple[int, bytes, bytes], compact: bool) -> None:
        self._ledger = ledger
        self.seal = seal
        self._compact = compact
        self._rows: list[Any] = []
        self._last: tuple[int, bytes] | None = (seal[0], seal[1]) if seal[0] else None
        self._seal_moved = False

    @property
    def pending(self) -> bool:
        return bool(self._rows) or self._seal_moved

    def rows_after(self, seq: int) -> Iterator[Row]:
        return self._ledger.rows(seq)

    def insert(self, rows: Sequence[Row]) -> None:
        if not rows:
            return
        if self._compact:
            # The seal read under the lock names the stored head: when these rows continue
            # it, the first one's prev_hash is implied as well (else it is kept in full).
            self._rows.extend(rowformat.to_stored(rows, self._last, self._intern))
        else:
            self._rows.extend(rows)
        self._last = (rows[-1].seq, rows[-1].hash)

    def _intern(self, header: rowformat.Header) -> int:
        return self._ledger._headers.id_of(header, self._insert_header)

    def _insert_header(self, header: rowformat.Header) -> int:
        # Under the chain lock, so max + 1 cannot race another writer's.
        self._ledger._flush()
        got = self._ledger._conn.execute(
            "INSERT INTO headers (id, kind, tenant, actor, resolver) SELECT coalesce(max(id), 0) + 1, "
            "%s, %s, %s, %s FROM headers RETURNING id", header).fetchone()
        return int(got[0])

    def seal_head(self, seq: int, hash: bytes, mac: bytes) -> None:
        self.seal, self._seal_moved = (seq, hash, mac), True

    def send(self) -> None:
        """Queue the buffered rows and seal on the connection (inside the caller's pipeline)."""
        conn = self._ledger._conn
        if self._rows:
            with conn.cursor() as cursor:
                cursor.executemany(_INSERT2 if self._compact else _INSERT, self._rows)
            self._rows = []
        if self._seal_moved:
            conn.execute("UPDATE head SET seq = %s, hash = %s, mac = %s WHERE id = 1", self.seal)
            self._seal_moved = False
