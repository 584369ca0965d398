"""Ledger schema and named migrations, recorded in a table."""

from __future__ import annotations

from collections.abc import Callable

import apsw

from affidavit.ledger.rowformat import LAYOUT_MIGRATION

APPLICATION_ID = 0x41464456  # "AFDV": marks the file as an affidavit ledger

EVENTS_DDL = """
CREATE TABLE events (
    seq         INTEGER PRIMARY KEY,
    kind        TEXT    NOT NULL,
    tenant      TEXT    NOT NULL,
    actor       TEXT    NOT NULL,
    recorded_at INTEGER NOT NULL,
    resolver    TEXT    NOT NULL,
    body        BLOB    NOT NULL,
    prev_hash   BLOB    NOT NULL,
    hash        BLOB    NOT NULL
);
-- Append-only: the engine never updates or deletes an event.
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
-- The head seal: the last seq and hash, MACed with a key from the keyring, so a deleted
-- tail row or a forged, correctly chained tail is detected on open.
CREATE TABLE head_seal (
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    seq  INTEGER NOT NULL,
    hash BLOB    NOT NULL,
    mac  BLOB    NOT NULL
);
"""

# Row layout 2 (affidavit.ledger.rowformat): a row names its (kind, tenant, actor,
# resolver) by the id of a ``headers`` row and may leave ``prev_hash`` empty. Adding a
# column rewrites no row: older rows read ``header`` as NULL and stay as they are.
COMPACT_ROWS_DDL = """
CREATE TABLE headers (
    id       INTEGER PRIMARY KEY,
    kind     TEXT NOT NULL,
    tenant   TEXT NOT NULL,
    actor    TEXT NOT NULL,
    resolver TEXT NOT NULL,
    UNIQUE (kind, tenant, actor, resolver)
);
CREATE TRIGGER headers_no_update BEFORE UPDATE ON headers
BEGIN SELECT RAISE(ABORT, 'headers are insert-only'); END;
CREATE TRIGGER headers_no_delete BEFORE DELETE ON headers
BEGIN SELECT RAISE(ABORT, 'headers are insert-only'); END;
ALTER TABLE events ADD COLUMN header INTEGER;
"""


def _create_events(conn: apsw.Connection) -> None:
    conn.execute(EVENTS_DDL)


def _compact_rows(conn: apsw.Connection) -> None:
    conn.execute(COMPACT_ROWS_DDL)


MIGRATIONS: list[tuple[str, Callable[[apsw.Connection], None]]] = [
    ("0001_events", _create_events),
    (LAYOUT_MIGRATION, _compact_rows),
]


def install(conn: apsw.Connection) -> None:
    """Create the schema, or bring it up to date (inside the caller's write transaction)."""
    conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
    conn.execute(
        "CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, applied_at INTEGER)"
    )
    done = applied(conn)
    for name, migrate in MIGRATIONS:
        if name not in done:
            migrate(conn)
            conn.execute(
                "INSERT INTO migrations(name, applied_at) VALUES (?, 0)", (name,)
            )


def applied(conn: apsw.Connection) -> set[str]:
    return {str(row[0]) for row in conn.execute("SELECT name FROM migrations")}


def has_compact_rows(conn: apsw.Connection) -> bool:
    """Whether the ledger is in row layout 2 (a ledger made before stays in 1 until written)."""
    return LAYOUT_MIGRATION in applied(conn)


def schema_version(conn: apsw.Connection) -> int:
    """SQLite's schema cookie: it changes when any process alters the schema."""
    version = conn.execute("PRAGMA schema_version").fetchall()[0][0]
    return version if isinstance(version, int) else -1


def is_ledger(conn: apsw.Connection) -> bool:
    app_id = conn.execute("PRAGMA application_id").fetchall()[0][0]
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    return app_id == APPLICATION_ID and {"events", "head_seal"} <= tables
