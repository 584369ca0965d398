"""PostgreSQL connection setup: one small named function per setting.

With ``connection.py`` (apsw), this is where driver errors become affidavit errors:
``translate_errors`` is the one place psycopg exceptions are caught and re-raised as
``LedgerError`` subclasses with messages that say what to do. psycopg is imported on
first use, so an install without the ``postgres`` extra only fails when a PostgreSQL
location is actually opened, and then with a message naming the extra.
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Iterator
from typing import Any

from affidavit.errors import ConcurrentWriteTimeout, LedgerError, NotALedger, StorageFull
from affidavit.ledger.backend import Durability
from affidavit.ledger.location import PostgresLocation

LOCK_TIMEOUT_MS = 30_000  # as SQLite's busy timeout: wait for the chain lock, then fail typed
CONNECT_TIMEOUT_S = 10
APPEND_ONLY_SQLSTATE = "AF001"  # raised by the schema's triggers (pgschema.py)


def driver() -> Any:
    """The psycopg module, or a LedgerError that names the extra to install."""
    try:
        return importlib.import_module("psycopg")
    except ModuleNotFoundError as exc:
        raise LedgerError(
            "a postgresql:// store needs psycopg 3: pip install 'affidavit[postgres]'"
        ) from exc


def connect(location: PostgresLocation, *, autocommit: bool = True) -> Any:
    """A new connection with the session settings every affidavit connection uses."""
    psycopg = driver()
    with translate_errors(location):
        conn = psycopg.connect(location.conninfo, autocommit=autocommit,
                               connect_timeout=CONNECT_TIMEOUT_S, application_name="affidavit")
        try:
            use_schema(conn, location.schema)
            set_lock_timeout(conn)
        except BaseException:
            conn.close()
            raise
    return conn


def use_schema(conn: Any, schema: str) -> None:
    # Every statement names tables unqualified; the chain's schema comes first. pg_catalog
    # is searched implicitly before it, so a table of ours can never shadow a built-in.
    conn.execute(f'SET search_path TO "{schema}"')


def set_lock_timeout(conn: Any) -> None:
    # Several processes share one chain: wait for its lock, but not for ever.
    conn.execute(f"SET lock_timeout = {LOCK_TIMEOUT_MS}")


def set_durability(conn: Any, durability: Durability) -> None:
    # full: a returned append is flushed to the server's WAL (and to synchronous standbys
    # if configured). fast: commit returns before the WAL flush; a server crash may lose
    # the last commits but never leaves a torn chain (documented in docs/postgres.md).
    level = "on" if durability == "full" else "off"
    conn.execute(f"SET synchronous_commit = {level}")


def _where(location: PostgresLocation | str) -> str:
    return location.display() if isinstance(location, PostgresLocation) else location


@contextlib.contextmanager
def translate_errors(location: PostgresLocation | str) -> Iterator[None]:
    """Re-raise psycopg errors as affidavit errors; the message never holds a password."""
    psycopg = driver()
    errors = psycopg.errors
    try:
        yield
    except errors.UniqueViolation as exc:
        raise LedgerError(
            f"{_where(location)}: a seq that is already stored was appended again; another "
            "writer appended without holding the chain lock"
        ) from exc
    except errors.LockNotAvailable as exc:
        raise ConcurrentWriteTimeout(
            f"{_where(location)}: another process held the chain lock for over {LOCK_TIMEOUT_MS} ms"
        ) from exc
    except errors.InsufficientPrivilege as exc:
        raise LedgerError(
            f"{_where(location)}: permission denied ({exc.diag.message_primary}); grant the "
            "application role what docs/postgres.md lists (SELECT, INSERT on events and meta; "
            "SELECT, UPDATE on head), and nothing more"
        ) from exc
    except errors.DiskFull as exc:
        raise StorageFull(
            f"{_where(location)}: the database server's disk is full; nothing of the write was "
            "kept. Free space on the server, then retry"
        ) from exc
    except (errors.UndefinedTable, errors.InvalidSchemaName) as exc:
        raise NotALedger(
            f"{_where(location)} holds no affidavit ledger: create the store first"
        ) from exc
    except psycopg.OperationalError as exc:
        raise LedgerError(
            f"cannot use PostgreSQL at {_where(location)}: {_first_line(exc)}; check that the "
            "server runs and the URL, role and database are right"
        ) from exc
    except psycopg.Error as exc:
        if getattr(exc, "sqlstate", None) == APPEND_ONLY_SQLSTATE:
            raise LedgerError(f"{_where(location)}: events are append-only ({_first_line(exc)})") from exc
        raise LedgerError(
            f"{_where(location)}: PostgreSQL error {getattr(exc, 'sqlstate', None) or ''} "
            f"{exc.__class__.__name__}"
        ) from exc


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else exc.__class__.__name__
